// Where the engine loader gets Python's memory snapshot from, fastest first:
// 1. the browser's copy: the unzipped snapshot kept in Cache Storage after an earlier visit
//    (key snapshot-<build id>.bin in the cache "quo-vadis snapshot <site URL>"), read when
//    localStorage notes that this build's copy is there;
// 2. the build's file (snapshot/python-<build id>.bin.gz, made by build.py): downloaded,
//    checked against its sha256 and unzipped by a worker (unzip-worker.js) when this runs in a
//    page, so the board's first paint does not wait for it; the service worker keeps it for
//    offline visits.
// Both hold the snapshot in sparse form (build.py, sparse_memory): the pages of Python's memory
// that are not all zeros, about half of it, so there is half as much to unzip and to read.
// A copy that cannot be read is dropped with a message in the console, and the build's file is
// used. Nothing here starts Python: engine-loader.js restores the memory.

import { fetchUnzipped } from "./unzip.js";

const BUILD_ID = "__BUILD_ID__";
const SNAPSHOT_PATH = "__SNAPSHOT_PATH__";
const SNAPSHOT_INTEGRITY = "__SNAPSHOT_INTEGRITY__";
const BUILT = BUILD_ID !== "__" + "BUILD_ID__";

const SITE_URL = new URL("./", import.meta.url).href;
const COPY_CACHE = `quo-vadis snapshot ${SITE_URL}`;
const COPY_KEY = new URL(`snapshot-${BUILD_ID}.bin`, SITE_URL).href;
/** localStorage's note of the build whose copy is kept (pages only; a worker has none). */
const COPY_NOTE = "quo-vadis.snapshot";
const IN_PAGE = typeof window !== "undefined";

/** Whether the build has a snapshot this browser can unzip. */
export function snapshotAvailable() {
  return BUILT && typeof DecompressionStream !== "undefined";
}

function copiesUsable() {
  return BUILT && typeof caches !== "undefined" && globalThis.isSecureContext !== false;
}

function localStore() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;  // storage blocked
  }
}

/** Whether a copy of this build's snapshot may be kept: false when the page's note says none
 * is (a first visit then does not open Cache Storage), true when it may be. */
function copyNoted() {
  const store = localStore();
  if (!store) return true;
  try {
    return store.getItem(COPY_NOTE) === BUILD_ID;
  } catch {
    return true;
  }
}

function noteCopy(build) {
  const store = localStore();
  if (!store) return;
  try {
    if (build) store.setItem(COPY_NOTE, build);
    else store.removeItem(COPY_NOTE);
  } catch {
    // without the note the next visit looks into Cache Storage itself
  }
}

function describe(error) {
  return String(error?.message ?? error).split("\n")[0];
}

/** This build's copy (sparse), or null when there is none (or it is not whole: then it is
 * dropped). */
async function readCopy() {
  if (!copiesUsable() || !copyNoted()) return null;
  try {
    const cache = await caches.open(COPY_CACHE);
    const response = await cache.match(COPY_KEY);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = Number(response.headers.get("x-qv-length"));
    if (response.headers.get("x-qv-build") !== BUILD_ID || bytes.length !== expected) {
      throw new Error(`it is not whole (${bytes.length} of ${expected} bytes)`);
    }
    return bytes;
  } catch (error) {
    console.warn(`Quo Vadis: the browser's copy of the Python snapshot is not used: ${
      describe(error)}`);
    await dropCopy();
    return null;
  }
}

const SPARSE_MAGIC = 0x50535651;  // "QVSP", little-endian
const SPARSE_HEADER = 16;

/** Python's memory from its sparse form (build.py, sparse_memory). Throws when the bytes are
 * not a whole sparse snapshot. */
export function expandMemory(sparse) {
  const view = new DataView(sparse.buffer, sparse.byteOffset, sparse.byteLength);
  if (sparse.byteLength < SPARSE_HEADER || view.getUint32(0, true) !== SPARSE_MAGIC) {
    throw new Error("it is not a sparse snapshot");
  }
  const length = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const bitmap = sparse.subarray(SPARSE_HEADER, SPARSE_HEADER + Math.ceil(count / 8));
  const memory = new Uint8Array(length);
  let offset = SPARSE_HEADER + bitmap.length;
  for (let index = 0; index < count; index += 1) {
    if (!(bitmap[index >> 3] & (1 << (index & 7)))) continue;
    const start = index * page;
    const size = Math.min(page, length - start);
    if (offset + size > sparse.byteLength) throw new Error("it is not whole");
    memory.set(sparse.subarray(offset, offset + size), start);
    offset += size;
  }
  if (offset !== sparse.byteLength) throw new Error("it is not whole");
  return memory;
}

/** The build's snapshot, unzipped (sparse): by a worker in a page, here in a worker. */
async function fetchBuildSnapshot() {
  const url = new URL(SNAPSHOT_PATH, SITE_URL).href;
  let worker = null;
  if (IN_PAGE && typeof Worker !== "undefined") {
    try {
      worker = new Worker(new URL("./unzip-worker.js", import.meta.url), { type: "module" });
    } catch {
      worker = null;  // no worker for this page: unzip here
    }
  }
  if (!worker) return new Uint8Array(await fetchUnzipped(url, SNAPSHOT_INTEGRITY));
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error))
        : resolve(new Uint8Array(data.bytes)));
      worker.onerror = (event) => reject(new Error(event.message || "unzip-worker.js failed"));
      worker.postMessage({ url, integrity: SNAPSHOT_INTEGRITY });
    });
  } finally {
    worker.terminate();
  }
}

/**
 * The snapshot (sparse) and where it came from ("copy" or "build"); expandMemory(sparse) gives
 * the memory to restore.
 * @param {Promise|null} buildFileAfter the build's file is fetched and unzipped only once this
 *   has settled (reading the copy is mostly waiting, and starts at once)
 * @returns {Promise<{sparse: Uint8Array, source: string}>}
 * @throws {Error} when the build's file cannot be had whole (HTTP error, sha256, gzip)
 */
export async function readSnapshot(buildFileAfter = null) {
  const copy = await readCopy();
  if (copy) return { sparse: copy, source: "copy" };
  await Promise.allSettled([buildFileAfter]);
  try {
    return { sparse: await fetchBuildSnapshot(), source: "build" };
  } catch (error) {
    throw new Error(`${SNAPSHOT_PATH}: ${describe(error)}`, { cause: error });
  }
}

/** Keep this build's snapshot (sparse, unzipped) for the next visit; drop other builds'. */
export async function keepCopy(bytes) {
  if (!copiesUsable()) return;
  try {
    const cache = await caches.open(COPY_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== COPY_KEY) await cache.delete(request);  // older builds'
    }
    await cache.put(COPY_KEY, new Response(bytes, { headers: {
      "content-type": "application/octet-stream", "x-qv-build": BUILD_ID,
      "x-qv-length": String(bytes.length),
    } }));
    noteCopy(BUILD_ID);
  } catch (error) {
    console.warn(`Quo Vadis: no copy of the Python snapshot could be kept: ${describe(error)}`);
  }
}

/** Drop the browser's copy (it could not be restored, or cannot be read). */
export async function dropCopy() {
  noteCopy(null);
  try {
    await caches.delete(COPY_CACHE);
  } catch {
    // nothing kept, nothing to drop
  }
}
