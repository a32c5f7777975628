// Where the engine loader gets Python's memory snapshot from, fastest first:
// 1. the browser's copy: the unzipped snapshot kept in Cache Storage after an earlier visit
//    (key snapshot-<build id>.bin in the cache "quo-vadis snapshot <site URL>"), read when
//    localStorage notes that this build's copy is there;
// 2. the build's file (snapshot/python-<build id>.bin.gz, made by build.py): on a first visit
//    asked for only once the runtime's own downloads prove it faster than starting Python
//    (snapshot-route.js weighs the link and the CPU; so that it never slows a start, a slow
//    link never asks for it), weighed again with its own rate when Python could start (a
//    start then cancels the download); checked against its sha256, unzipped and rebuilt into
//    Python's memory with the runtime's WebAssembly (the file holds only what differs from
//    the memory the runtime starts with: memory-image.js) by a worker (unzip-worker.js) when
//    this runs in a page, so the board's first paint does not wait for it; the service worker
//    keeps it for offline visits.
// The copy holds the snapshot in sparse form (the pages of Python's memory that are not all
// zeros, about half of it), so there is half as much to read.
// A copy that cannot be read is dropped with a message in the console, and the build's file is
// used. Nothing here starts Python: engine-loader.js restores the memory.

import { rebuildMemory, runtimeSegments, sparseForm } from "./memory-image.js";
import { burstSlowness, chooseRoute, cpuSlowness, linkRate } from "./snapshot-route.js";
import { sendRuntime } from "./runtime-transfer.js";
import { fetchUnzipped } from "./unzip.js";

const BUILD_ID = "__BUILD_ID__";
const SNAPSHOT_PATH = "__SNAPSHOT_PATH__";
const SNAPSHOT_INTEGRITY = "__SNAPSHOT_INTEGRITY__";
/** The build's snapshot file's size, in bytes. */
const SNAPSHOT_BYTES = Number("__SNAPSHOT_BYTES__");
/** The length of the memory it rebuilds (tools/memory_image.py shipped_memory_length). */
const SNAPSHOT_MEMORY = Number("__SNAPSHOT_MEMORY__");
const BUILT = BUILD_ID !== "__" + "BUILD_ID__";

const SITE_URL = new URL("../", import.meta.url).href;
const WASM_URL = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;
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
export function copyNoted() {
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

/** A performance mark ("qv:engine-…", as engine-loader.js makes) for bench/first_visit.py. */
function mark(name) {
  try {
    performance.mark(`qv:engine-${name}`);
  } catch {
    // no User Timing here
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

/** Python's memory from its sparse form (tools/memory_image.py, sparse_memory). Throws when the bytes are
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

/** The build's snapshot, rebuilt here (in a worker, or a page without one). The runtime's
 * first memory is laid out, in a worker, from the runtime its page compiled and sent it (a
 * bots' worker has it at once: runtime-transfer.js), so that the worker downloads no
 * WebAssembly of its own; in a page, it is read from the runtime's file (the browser has it by
 * then), since instantiating the module compiled here would wait for the compile.
 * @param {string} url
 * @param {Promise<WebAssembly.Module|null> | null} runtime the runtime as readSnapshot has it
 * @returns {Promise<{memory: Uint8Array, sparse: () => Uint8Array}>} sparse makes the form
 *   kept for the next visit, from the same memory (the restore copies it, never moves it) */
async function rebuildHere(url, runtime) {
  const module = IN_PAGE || !runtime ? null : runtime.catch(() => null);
  const [diff, segments] = await Promise.all([
    fetchUnzipped(url, SNAPSHOT_INTEGRITY),
    Promise.resolve(module).then((compiled) => runtimeSegments(compiled, WASM_URL)),
  ]);
  const memory = rebuildMemory(new Uint8Array(diff), segments);
  return { memory, sparse: () => sparseForm(memory) };
}

/** The snapshot's worker (unzip-worker.js), its modules loading, and why it failed meanwhile
 * (its error event comes once), or null in a worker or a page that cannot start one.
 * @returns {{worker: Worker, failed: () => string | null} | null} */
function startWorker() {
  if (!IN_PAGE || typeof Worker === "undefined") return null;
  let worker;
  try {
    worker = new Worker(new URL("./unzip-worker.js", import.meta.url), { type: "module" });
  } catch {
    return null;  // no worker for this page: unzip here
  }
  /** @type {string | null} */
  let failed = null;
  worker.onerror = (event) => { failed = event.message || "unzip-worker.js failed"; };
  return { worker, failed: () => failed };
}

/**
 * The build's snapshot downloaded and rebuilt by a worker (unzip-worker.js; `worker`, started
 * beforehand so that its modules have loaded), or null in a worker or a page that cannot start
 * one. `runtime`: a promise of the page's compiled runtime (or null), sent on once settled.
 * @returns {{result: Promise<{memory: Uint8Array, sparse: () => Promise<Uint8Array>}>,
 *   progress: (cpu?: boolean) => Promise<{received: number, rate: number|null, cpu?: number}>,
 *   cancel: () => void} | null} result: the memory, and `sparse` to ask the worker for the
 *   form kept for the next visit (it stops then: cancel it if that is not asked for);
 *   progress: the bytes of the file downloaded so far (Infinity once the worker is done), how
 *   fast they come (null until measured) and, asked for, the CPU's slowness measured in the
 *   worker
 */
function buildSnapshotWorker(url, runtime, priority, started = startWorker()) {
  if (!started) return null;
  const { worker } = started;
  let done = false;
  /** @type {((progress: {received: number, rate: number|null, cpu?: number}) => void)[]} */
  const asked = [];
  /** @type {{resolve: (bytes: Uint8Array) => void, reject: (error: Error) => void} | null} */
  let keeping = null;
  const settleAsked = () => {
    done = true;
    // nothing more to download
    for (const settle of asked.splice(0)) settle({ received: Infinity, rate: null });
  };
  const finish = () => {
    settleAsked();
    worker.terminate();
    keeping?.reject(new Error("the snapshot's worker stopped"));
    keeping = null;
  };
  const sparse = () => new Promise((resolve, reject) => {
    keeping = { resolve, reject };
    worker.postMessage({ sparse: true });
  });
  const result = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.received !== undefined) {
        asked.shift()?.(data);
      } else if (data.memory) {
        // the worker stays for the sparse form: it has nothing more to download
        settleAsked();
        resolve({ memory: new Uint8Array(data.memory), sparse });
      } else if (data.sparse) {
        keeping?.resolve(new Uint8Array(data.sparse));
        keeping = null;
        finish();
      } else {
        const error = new Error(data.error);
        keeping?.reject(error);
        keeping = null;
        finish();
        reject(error);
      }
    };
    const fail = (why) => {
      finish();
      reject(new Error(why));
    };
    worker.onerror = (event) => { fail(event.message || "unzip-worker.js failed"); };
    const failed = started.failed();
    if (failed !== null) fail(failed);
  });
  result.catch(() => {});
  worker.postMessage({ url, integrity: SNAPSHOT_INTEGRITY, priority, wasm: WASM_URL });
  // the download starts now; the compiled runtime follows when the page has it
  sendRuntime(worker, runtime);
  return {
    result,
    progress: (cpu = false) => new Promise((resolve) => {
      if (done) resolve({ received: Infinity, rate: null });
      else {
        asked.push(resolve);
        worker.postMessage({ progress: true, cpu });
      }
    }),
    cancel: finish,
  };
}

/** The CPU's slowness as weighed: measures beyond these are noise. */
const FASTEST = 0.25;
function clampSlowness(slowness) {
  return Math.min(Math.max(slowness, FASTEST), 16);
}

/**
 * chooseRoute, the CPU measured only when needed: a snapshot faster than the start on the
 * fastest of CPUs is faster on any (the probes' tens of ms are spared on a fast link).
 * @param {{rate: number, remaining: number, saveData: boolean}} measured
 * @param {() => number | Promise<number>} slowness measures the CPU (clampSlowness'd)
 */
async function weighCpuIfNeeded({ rate, remaining, saveData }, slowness) {
  const fastest = chooseRoute({ rate, cpu: FASTEST, remaining, saveData });
  if (fastest.route === "build") return { ...fastest, rate, cpu: null };
  const cpu = await slowness();
  return { ...chooseRoute({ rate, cpu, remaining, saveData }), rate, cpu };
}

/** How often the runtime's downloads are looked at while it downloads (ms): the browser tells
 * its observers of them late while the page is busy (hundreds of ms on a fast link). */
const WATCH_MS = 50;

/** How long the runtime's downloads are still looked at once Python could start (ms): the
 * runtime compiled means its WebAssembly is in, but the browser may tell so late on a busy
 * machine, and without that whole measure the snapshot would be asked for and weighed by its
 * own download, on a link where the measure would never have asked for it. */
const LATE_ENTRY_MS = 500;

/** A measure of the CPU older than this (ms) is taken again once the runtime is in. */
const CPU_FRESH_MS = 1000;

/** Whether the browser has the whole of `url` (its Resource Timing entry is there). */
function arrivedWhole(url) {
  return typeof performance.getEntriesByName === "function"
    && performance.getEntriesByName(url, "resource").length > 0;
}

/**
 * The route weighed while the runtime downloads, before any of the snapshot is asked for, from
 * the link's rate its finished downloads prove (linkRate: only the bytes of finished files
 * count, so while others still share the link it is a lower bound) and the CPU's (a probe and
 * a burst on the main thread, about 30 ms of work), the whole snapshot still to come:
 * - "build" as soon as that lower bound says the snapshot is faster (it is then asked for at
 *   once, beside the rest of the runtime: on a fast link waiting for the runtime costs more
 *   than the snapshot);
 * - once the runtime's WebAssembly has arrived (its downloads then measured the link), what
 *   they say: "start" never asks for the snapshot (it would take the link from the start's
 *   last files and make the start wait for the weighing);
 * - null when Python could start first (and the WebAssembly's arrival was not told within
 *   LATE_ENTRY_MS), or the downloads say nothing of the link (none measured): the snapshot's
 *   own download is weighed then.
 * @param {boolean} saveData
 * @param {Promise|null} ready settles when Python could start
 * @returns {Promise<{route: "build"|"start", download: number, spared: number, rate: number,
 *   cpu: number, measured: string} | null>}
 */
function weighOnRuntime(saveData, ready) {
  /** @type {{slowness: number, at: number} | null} */
  let cpu = null;
  /** @param {boolean} fresh measured again unless just now */
  const weigh = async (fresh) => {
    const rate = linkRate(SITE_URL);
    if (!(rate > 0)) return null;
    const chosen = await weighCpuIfNeeded({ rate, remaining: SNAPSHOT_BYTES, saveData }, () => {
      if (cpu === null || (fresh && performance.now() - cpu.at > CPU_FRESH_MS)) {
        cpu = { slowness: clampSlowness(Math.max(cpuSlowness(), burstSlowness())),
          at: performance.now() };
      }
      return cpu.slowness;
    });
    return { ...chosen, measured: "runtime" };
  };
  return new Promise((resolve) => {
    let timer = 0;
    let settled = false;
    /** when Python could start (performance.now()), 0 before */
    let couldStart = 0;
    const settle = (/** @type {any} */ chosen) => {
      settled = true;
      clearTimeout(timer);
      resolve(chosen);
    };
    const look = async () => {
      if (settled) return;
      clearTimeout(timer);
      if (arrivedWhole(WASM_URL)) settle(await weigh(true));  // its downloads measured the link
      else if (couldStart && performance.now() - couldStart >= LATE_ENTRY_MS) settle(null);
      else {
        const chosen = await weigh(false);
        if (chosen?.route === "build") settle(chosen);
        else if (!settled) timer = setTimeout(look, WATCH_MS);
      }
    };
    Promise.allSettled([ready]).then(() => {
      couldStart = performance.now();
      look();
    });
    look();
  });
}

/**
 * The snapshot and where it came from: {sparse, source: "copy"} (expandMemory(sparse) gives
 * the memory to restore), {source: "build", memory, length, finish} (the memory once whole, or
 * null if the visit turned to the start meanwhile; its length known beforehand, so that the
 * runtime is made ready while it arrives; finish(restored) once the restore is over: a snapshot
 * restored is kept for the next visit), or null when this first visit starts Python itself
 * (faster on its link and CPU, or asked for).
 * @param {object} options
 * @param {Promise|null} [options.after] the build's file is fetched and unzipped only once this
 *   has settled (reading the copy is mostly waiting, and starts at once)
 * @param {Promise<WebAssembly.Module|null>} [options.runtime] the runtime's WebAssembly as the
 *   page compiles it: the worker lays its first memory out from it (else it fetches the file
 *   again and reads its data segments)
 * @param {Promise|null} [options.ready] settles when Python could start (the route is chosen
 *   then, at the latest); on the "auto" route the build's file is asked for only once the
 *   runtime's downloads prove it faster (weighOnRuntime), or this has settled without them
 * @param {"auto"|"build"|"start"} [options.route] "build" or "start" decide the first visit's
 *   route instead of the measures
 * @param {(route: {route: string, [measure: string]: any}) => void} [options.onRoute] told the
 *   route once it is chosen:
 *   {route: "copy"|"build"|"start", rate?, cpu?, download?, spared?, forced?}
 * @param {(received: number, expected: number) => void} [options.onBytes] told, while the
 *   build's file downloads, how many of its bytes have arrived (every BYTES_POLL_MS)
 * @returns {Promise<{source: "copy", sparse: Uint8Array} | {source: "build",
 *   memory: Promise<Uint8Array | null>, length: number,
 *   finish: (restored: boolean) => Promise<void>} | null>}
 * @throws {Error} when the build's file cannot be had whole (HTTP error, sha256, gzip)
 */
export async function readSnapshot({ after = null, runtime = null, ready = null, route = "auto",
  onRoute = () => {}, onBytes = null } = {}) {
  // a first visit's worker loads its modules while the page paints its board (starting a
  // thread is cheap; its modules loading when the snapshot is asked for held the download up
  // by 0.2 s on a local server), so that the snapshot is asked for the moment it may be
  const started = route !== "start" && !copyNoted() ? startWorker() : null;
  const copy = await readCopy();
  if (copy) {
    started?.worker.terminate();
    onRoute({ route: "copy" });
    return { sparse: copy, source: "copy" };
  }
  await Promise.allSettled([after]);
  if (route === "start") {
    onRoute({ route: "start", forced: true });
    return null;
  }
  // a worker (the bots') loads once the page has: it takes the snapshot without weighing
  const weighed = route === "auto" && IN_PAGE;
  const saveData = Boolean(/** @type {any} */ (globalThis.navigator)?.connection?.saveData);
  // the start needs the whole link until the runtime has arrived: the snapshot comes after,
  // unless the runtime's own downloads prove it faster than the start
  const early = weighed ? await weighOnRuntime(saveData, ready) : null;
  if (early?.route === "start") {
    started?.worker.terminate();
    onRoute(early);
    return null;
  }
  const url = new URL(SNAPSHOT_PATH, SITE_URL).href;
  mark("snapshot-asked");
  // a low priority beside the runtime's downloads, unless they proved the snapshot faster
  const priority = weighed && early?.route !== "build" ? "low" : "auto";
  const worker = buildSnapshotWorker(url, runtime, priority, started ?? startWorker());
  if (!worker) {
    onRoute({ route: "build", forced: route === "build" });
    const rebuilt = rebuildHere(url, runtime);
    rebuilt.catch(() => {});  // the memory's failure is the one told
    return fromBuild(rebuilt.then(({ memory }) => memory),
      async () => (await rebuilt).sparse(), () => {});
  }
  if (onBytes) followBytes(worker, onBytes);
  const memory = worker.result.then(({ memory: bytes }) => bytes);
  memory.catch(() => {});  // told where it is awaited
  const sparse = async () => (await worker.result).sparse();
  if (!weighed) {
    onRoute({ route: "build", forced: route === "build" });
    return fromBuild(memory, sparse, worker.cancel);
  }
  const taken = weighAgain(worker, ready, early, saveData, onRoute);
  // one the runtime's downloads proved faster is restored while the rest arrives (the runtime
  // is made ready for it meanwhile): weighing it again can still turn the visit to the start
  if (early?.route === "build") {
    return fromBuild(taken.then((build) => (build ? memory : null)), sparse, worker.cancel);
  }
  if (!await taken) return null;
  return fromBuild(memory, sparse, worker.cancel);
}

/** How often the page asks the snapshot's worker how much has arrived, for the progress (ms). */
const BYTES_POLL_MS = 250;

/**
 * Tell `onBytes` how much of the build's file has arrived, until the worker is done with it
 * (its whole size then, whether it was taken or cancelled).
 * @param {{progress: () => Promise<{received: number}>}} worker
 * @param {(received: number, expected: number) => void} onBytes
 */
async function followBytes(worker, onBytes) {
  for (;;) {
    const { received } = await worker.progress();
    onBytes(Math.min(received, SNAPSHOT_BYTES), SNAPSHOT_BYTES);
    if (received >= SNAPSHOT_BYTES) return;
    await new Promise((resolve) => { setTimeout(resolve, BYTES_POLL_MS); });
  }
}

/**
 * The route weighed again, once Python could start (`ready`), with the snapshot's own rate
 * measured a moment at least; one the runtime's downloads proved faster (`early`) is taken the
 * moment it is whole (weighing it again only catches one that stalls). Tells `onRoute`; a
 * snapshot not taken is cancelled.
 * @returns {Promise<boolean>} whether the snapshot is taken
 */
async function weighAgain(worker, ready, early, saveData, onRoute) {
  await Promise.allSettled([ready]);
  let settled = false;
  const weighing = (async () => {
    let progress = await worker.progress();
    while (progress.rate === null && progress.received < Infinity && !settled) {
      await new Promise((resolve) => { setTimeout(resolve, 50); });
      progress = await worker.progress();
    }
    if (settled) return null;
    const remaining = Math.max(SNAPSHOT_BYTES - progress.received, 0);
    // a snapshot that does not answer is slow; one that shared the link with the runtime's
    // last files measured less than the link: its downloads measured it too
    const rate = progress.rate === 0 ? 0 : Math.max(progress.rate ?? 0, linkRate(SITE_URL));
    return weighCpuIfNeeded({ rate, remaining, saveData }, async () =>
      clampSlowness(Math.max(cpuSlowness(), (await worker.progress(true)).cpu ?? 0)));
  })();
  const chosen = await Promise.race(early?.route === "build"
    ? [weighing, worker.result.then(() => null, () => null)] : [weighing]);
  settled = chosen === null;
  if (chosen === null) {
    onRoute(early);
    return true;
  }
  onRoute({ ...chosen, measured: early ? "runtime, snapshot" : "snapshot" });
  if (chosen.route === "build") return true;
  worker.cancel();
  return false;
}

/**
 * The build's snapshot as readSnapshot gives it.
 * @param {Promise<Uint8Array | null>} memory what Pyodide restores, once whole (null: the
 *   visit turned to the start meanwhile)
 * @param {() => Promise<Uint8Array>} sparse makes the form kept for the next visit
 * @param {() => void} release lets go of what made it (its worker)
 * @returns {{source: "build", memory: Promise<Uint8Array | null>, length: number,
 *   finish: (restored: boolean) => Promise<void>}} length: the memory's, known beforehand
 */
function fromBuild(memory, sparse, release) {
  const checked = memory.then((bytes) => {
    if (bytes && bytes.length !== SNAPSHOT_MEMORY) {
      throw new Error(`it rebuilds ${bytes.length} bytes of memory, not ${SNAPSHOT_MEMORY}`);
    }
    return bytes;
  }).catch((error) => {
    throw new Error(`${SNAPSHOT_PATH}: ${describe(error)}`, { cause: error });
  });
  checked.catch(() => {});  // awaited by the restore
  return { source: "build", memory: checked, length: SNAPSHOT_MEMORY, finish: async (restored) => {
    try {
      if (restored && copiesUsable()) await keepCopy(await sparse());
    } catch (error) {
      console.warn(`Quo Vadis: no copy of the Python snapshot could be kept: ${describe(error)}`);
    } finally {
      release();
    }
  } };
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
