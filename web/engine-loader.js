// Loads the Python rules engine (qvcore) into Pyodide, from this site's own files only.
// Works in the page and in a module worker (no DOM is used).
//
//   import { loadEngine } from "./engine-loader.js";
//   const pyodide = await loadEngine(({ stage, fraction, message }) => ...);
//
// The fastest route measured (bench/load.py):
// - the runtime starts at once; the qvcore wheel is downloaded beside it (checked against the
//   build's sha256) and unpacked with `pyodide.unpackArchive`, no package installer;
// - a memory snapshot of Python taken right after `import qvcore` is kept in Cache Storage,
//   tied to this build's id, and restored on later visits (online or offline). A snapshot
//   that cannot be restored (corrupt, another build) is dropped with a console message and
//   the engine starts normally, making a fresh one.
// micropip stays the way to install the wheel into other Pyodide apps (README).
//
// build.py copies web/ to the site root and replaces the placeholders below, so the runtime
// is at ./pyodide/, the wheel at ./wheels/, both relative to this module.

const BUILD_ID = "__BUILD_ID__";
const WHEEL_PATH = "__WHEEL_PATH__";
const WHEEL_SHA256 = "__WHEEL_SHA256__";
const BUILT = BUILD_ID !== "__" + "BUILD_ID__";

const RUNTIME_URL = new URL("./pyodide/", import.meta.url).href;
const BUILD_INFO_URL = new URL("./build-info.json", import.meta.url).href;
const SITE_URL = new URL("./", import.meta.url).href;
const SNAPSHOT_CACHE = `quo-vadis snapshot ${SITE_URL}`;
// a page and a worker keep their own snapshots (their JavaScript globals differ)
const CONTEXT = typeof window === "undefined" ? "-worker" : "";
const SNAPSHOT_KEY = new URL(`snapshot-${BUILD_ID}${CONTEXT}.bin`, SITE_URL).href;

/** The Python that prepares the engine: only what the page needs before it is playable (the
 * bridge and the rules). Other modules (bots, playouts) import later from the package's files,
 * which are unpacked again after a snapshot is restored. Holds no JavaScript object. */
const IMPORT_ENGINE = "import qvcore.jsapi";

/** A loading failure the page can show as is: `message` says what happened, `advice` what to
 * do. `file` names the file that failed, when one did. `key`/`params` and `adviceKey` word
 * the same in the chosen language (web/locales, "load.*"); the English stays in `message`
 * because this module runs before the catalogs may have loaded. */
export class EngineLoadError extends Error {
  constructor(message, { advice = "Reload the page to try again.", file = null, cause,
    key = null, params = {}, adviceKey = "load.advice.reload" } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "EngineLoadError";
    this.advice = advice;
    this.file = file;
    this.key = key;
    this.params = params;
    this.adviceKey = adviceKey;
  }
}

let buildInfo = null;

/** A performance mark ("qv:engine-…") for profiles and bench/load.py; never fails. */
function mark(name) {
  try {
    performance.mark(`qv:engine-${name}`);
  } catch {
    // no User Timing here
  }
}

let settleSnapshot;
/** Resolves, once the engine has loaded, with what became of the snapshot: "restored",
 * "stored" (made and kept for the next visit), "unused" (switched off or no Cache Storage)
 * or "failed" (a message is in the console). */
export const snapshotState = new Promise((resolve) => { settleSnapshot = resolve; });

/**
 * Fetch build-info.json once: {build, version, wheel, wheel_sha256, pyodide, python}.
 * `wheel` is a URL relative to build-info.json. A failed fetch is retried on the next call.
 * Not needed to start the engine (its ids are built into this file).
 * @returns {Promise<object>}
 */
export function readBuildInfo() {
  if (buildInfo === null) {
    buildInfo = fetchBuildInfo();
    buildInfo.catch(() => { buildInfo = null; });
  }
  return buildInfo;
}

async function fetchBuildInfo() {
  let response;
  try {
    response = await fetch(BUILD_INFO_URL, { cache: "no-cache" });
  } catch (error) {
    throw downloadError("build-info.json", String(error?.message ?? error));
  }
  if (!response.ok) throw downloadError("build-info.json", `HTTP ${response.status}`);
  const info = await response.json();
  if (BUILT && info.build !== BUILD_ID) {
    throw new EngineLoadError(`This page's files come from two versions of the site (build ${
      BUILD_ID} and build ${info.build}).`, {
      advice: "Reload the page. If this stays, clear this site's data in the browser settings.",
      key: "load.error.twoBuilds", params: { a: BUILD_ID, b: info.build },
      adviceKey: "load.advice.clearData" });
  }
  return info;
}

function siteName(url) {
  return url.startsWith(SITE_URL) ? url.slice(SITE_URL.length) : url;
}

function downloadError(file, why, cause) {
  return new EngineLoadError(`The file ${file} could not be downloaded (${why}).`, {
    file, cause, key: "load.error.download", params: { file, why },
    advice: "Check the connection and reload the page to try again.",
    adviceKey: "load.advice.connection",
  });
}

/** A readable message for anything thrown while loading (Pyodide may throw plain objects). */
function describe(error) {
  if (error instanceof Error) return error.message.split("\n")[0];
  if (error && typeof error === "object") {
    return String(error.message ?? error.type ?? error.name ?? "an unknown error");
  }
  return String(error);
}

/**
 * While Pyodide starts, watch its downloads: Pyodide waits forever when the wasm file fails
 * and rejects with a bare object when the standard library fails. The returned promise
 * rejects with a readable EngineLoadError as soon as a runtime file fails; stop() undoes it.
 */
function watchRuntimeDownloads() {
  const scope = globalThis;
  const originalFetch = scope.fetch;
  const originalStreaming = WebAssembly.instantiateStreaming;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {});
  scope.fetch = async function watchedFetch(input, init) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input?.url;
    const watched = typeof url === "string" && url.startsWith(RUNTIME_URL);
    let response;
    try {
      response = await originalFetch.call(scope, input, init);
    } catch (error) {
      if (watched) fail(downloadError(siteName(url), describe(error), error));
      throw error;
    }
    if (watched && !response.ok) fail(downloadError(siteName(url), `HTTP ${response.status}`));
    return response;
  };
  WebAssembly.instantiateStreaming = async function watchedStreaming(source, imports) {
    try {
      return await originalStreaming.call(WebAssembly, source, imports);
    } catch (error) {
      fail(new EngineLoadError(`Python's runtime (pyodide.asm.wasm) could not be started: ${
        describe(error)}.`, { file: "pyodide/pyodide.asm.wasm", cause: error,
        key: "load.error.runtime", params: { message: describe(error) } }));
      throw error;
    }
  };
  return {
    failed,
    stop() {
      scope.fetch = originalFetch;
      WebAssembly.instantiateStreaming = originalStreaming;
    },
  };
}

/** Pyodide's module, imported as soon as loading starts (index.html preloads it too). */
function importRuntime() {
  const module = import("./pyodide/pyodide.mjs");
  module.catch(() => {});  // awaited in startRuntime
  return module;
}

async function startRuntime(runtime, options) {
  let module;
  try {
    module = await runtime;
  } catch (error) {
    throw downloadError("pyodide/pyodide.mjs", describe(error), error);
  }
  const watch = watchRuntimeDownloads();
  try {
    return await Promise.race([
      module.loadPyodide({ indexURL: RUNTIME_URL, ...options }),
      watch.failed,
    ]);
  } catch (error) {
    if (error instanceof EngineLoadError) throw error;
    throw new EngineLoadError(`Python could not start: ${describe(error)}.`, { cause: error,
      key: "load.error.python", params: { message: describe(error) } });
  } finally {
    watch.stop();
  }
}

async function fetchWheel() {
  const url = new URL(WHEEL_PATH, SITE_URL).href;
  const init = BUILT ? { integrity: `sha256-${hexToBase64(WHEEL_SHA256)}` } : {};
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw downloadError(WHEEL_PATH, describe(error), error);
  }
  if (!response.ok) throw downloadError(WHEEL_PATH, `HTTP ${response.status}`);
  try {
    return await response.arrayBuffer();
  } catch (error) {
    throw downloadError(WHEEL_PATH, describe(error), error);
  }
}

function hexToBase64(hex) {
  let binary = "";
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
}

function installWheel(pyodide, buffer) {
  try {
    pyodide.unpackArchive(buffer, "wheel");
  } catch (error) {
    throw new EngineLoadError(`The rules engine's package ${WHEEL_PATH} could not be unpacked: ${
      describe(error)}.`, { file: WHEEL_PATH, cause: error, key: "load.error.unpack",
      params: { file: WHEEL_PATH, message: describe(error) } });
  }
}

// -- snapshots --------------------------------------------------------------------------------

function snapshotsUsable() {
  return BUILT && typeof caches !== "undefined" && globalThis.isSecureContext !== false;
}

/** localStorage's note of the build whose snapshot is kept (the page's; a worker has none). */
const SNAPSHOT_NOTE = "quo-vadis.snapshot";

function localStore() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;  // storage blocked
  }
}

/** Whether a snapshot of this build may be kept: false when the page's note says none is
 * (a first visit then starts Python without opening Cache Storage), true when it may be. */
function snapshotNoted() {
  const store = localStore();
  if (!store || CONTEXT) return true;
  try {
    return store.getItem(SNAPSHOT_NOTE) === BUILD_ID;
  } catch {
    return true;
  }
}

function noteSnapshot(build) {
  const store = localStore();
  if (!store || CONTEXT) return;
  try {
    if (build) store.setItem(SNAPSHOT_NOTE, build);
    else store.removeItem(SNAPSHOT_NOTE);
  } catch {
    // without the note the next visit looks into Cache Storage itself
  }
}

/** This build's snapshot bytes, or null. */
async function readSnapshot() {
  if (!snapshotsUsable() || !snapshotNoted()) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(SNAPSHOT_KEY);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = Number(response.headers.get("x-qv-length"));
    if (response.headers.get("x-qv-build") !== BUILD_ID || bytes.length !== expected) {
      throw new Error(`it is not whole (${bytes.length} of ${expected} bytes)`);
    }
    return bytes;
  } catch (error) {
    console.warn(`Quo Vadis: the saved Python snapshot is not used: ${describe(error)}`);
    await dropSnapshots();
    return null;
  }
}

/** Keep this build's snapshot and drop every other one of this site. */
async function storeSnapshot(bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (!request.url.includes(`snapshot-${BUILD_ID}`)) await cache.delete(request);  // old builds'
    }
    await cache.put(SNAPSHOT_KEY, new Response(bytes, { headers: {
      "content-type": "application/octet-stream", "x-qv-build": BUILD_ID,
      "x-qv-length": String(bytes.length),
    } }));
    noteSnapshot(BUILD_ID);
    settleSnapshot("stored");
  } catch (error) {
    console.warn(`Quo Vadis: the Python snapshot could not be kept: ${describe(error)}`);
    settleSnapshot("failed");
  }
}

async function dropSnapshots() {
  noteSnapshot(null);
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {
    // nothing kept, nothing to drop
  }
}

/** Whether the engine answers after a restore (a bad snapshot fails here or before). */
function engineAnswers(pyodide) {
  const reply = JSON.parse(pyodide.runPython("import qvcore.jsapi\nqvcore.jsapi.Table().board()"));
  if (!reply.ok) throw new Error("the engine did not answer");
}

async function restore(runtime, bytes, wheel) {
  const pyodide = await startRuntime(runtime, { _loadSnapshot: bytes });
  mark("runtime");
  engineAnswers(pyodide);
  mark("answers");
  // the snapshot holds Python's memory, not its files: put the package's files back
  installWheel(pyodide, await wheel);
  mark("wheel");
  return pyodide;
}

/**
 * Start Pyodide with the qvcore engine imported.
 * Each call loads a new interpreter: call it once and share the result.
 * @param {(progress: {stage: string, fraction: number, message: string}) => void} [onProgress]
 *   called as loading goes on; stage is one of "runtime", "wheel", "import", "ready";
 *   fraction rises from 0 to 1.
 * @param {{snapshot?: boolean, after?: Promise}} [options] snapshot: false never reads nor
 *   makes a snapshot. after: the interpreter starts only once this has settled (the page
 *   passes its board's first paint: starting Python is one long task that would hold the
 *   paint back); the files download and the snapshot is read meanwhile.
 * @returns {Promise<object>} the Pyodide instance, with qvcore imported.
 * @throws {EngineLoadError} with a readable message (and `advice`) when any step fails.
 */
export async function loadEngine(onProgress = () => {}, { snapshot = true, after = null } = {}) {
  const report = (stage, fraction, message) => onProgress({ stage, fraction, message });
  mark("start");
  report("runtime", 0.05, "Starting Python…");
  const runtime = importRuntime();
  const wheel = fetchWheel();
  wheel.catch(() => {});  // awaited below
  const saved = snapshot ? readSnapshot() : null;
  await Promise.allSettled([after]);
  mark("after");
  if (saved) {
    const bytes = await saved;
    mark("snapshot-read");
    if (bytes) {
      try {
        const pyodide = await restore(runtime, bytes, wheel);
        settleSnapshot("restored");
        report("ready", 1, "Ready.");
        return pyodide;
      } catch (error) {
        if (error instanceof EngineLoadError && error.file) throw error;  // a download failed
        console.warn(`Quo Vadis: the saved Python snapshot could not be restored (${
          describe(error)}); starting normally.`);
        await dropSnapshots();
      }
    }
  }
  const making = snapshot && snapshotsUsable();
  const pyodide = await startRuntime(runtime, making ? { _makeSnapshot: true } : {});
  mark("runtime");
  report("wheel", 0.8, "Unpacking the rules engine…");
  installWheel(pyodide, await wheel);
  mark("wheel");
  report("import", 0.9, "Importing the rules engine…");
  try {
    pyodide.runPython(IMPORT_ENGINE);
  } catch (error) {
    throw new EngineLoadError(`The rules engine could not be imported: ${describe(error)}.`,
      { cause: error, key: "load.error.import", params: { message: describe(error) } });
  }
  mark("import");
  if (making) {
    let bytes = null;
    try {
      bytes = pyodide.makeMemorySnapshot();
    } catch (error) {
      console.warn(`Quo Vadis: no Python snapshot could be made: ${describe(error)}`);
      settleSnapshot("failed");
    }
    mark("snapshot-made");
    // kept once the page is idle: the copy is not on the way to a playable page
    if (bytes) setTimeout(() => { storeSnapshot(bytes); }, 0);
  } else {
    settleSnapshot("unused");
  }
  report("ready", 1, "Ready.");
  return pyodide;
}
