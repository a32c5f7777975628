// Loads the Python rules engine (qvcore) into Pyodide, from this site's own files only.
// Works in the page and in a module worker (no DOM is used).
//
//   import { loadEngine } from "./engine-loader.js";
//   const pyodide = await loadEngine(({ stage, fraction, message }) => ...);
//
// The fastest route measured (bench/load.py):
// - Python is not started here but restored: build.py ships a memory snapshot of Python taken
//   right after `import qvcore.jsapi` (snapshot/python-<build id>.bin.gz, made with Node from
//   the site's own runtime and wheel), and `loadPyodide({_loadSnapshot})` restores it.
//   python-snapshot.js gets it: the browser's unzipped copy from an earlier visit, else the
//   build's file, unzipped by a worker. A first visit downloads that file only once the
//   runtime's own downloads prove it faster than the start it spares (snapshot-route.js
//   weighs the link and the CPU; `snapshotRoute` says what was chosen: a first visit on a slow
//   link never asks for it and starts Python itself). While the build's file arrives, the
//   runtime is instantiated at the memory's length (stamped by the build) and the memory laid
//   in once whole (restoreWhenWhole). Its name carries the build id, so a
//   new build never restores an old snapshot; one that cannot be restored (corrupt,
//   missing, another runtime) is dropped with a message in the console only, and Python then
//   starts normally;
// - Python loads only the standard library's modules it imports to start and to import the
//   engine (the build's zip, STDLIB_PATH; a module it leaves out is fetched on demand:
//   stdlib-rest.js), on either route: a third of the bytes of Pyodide's whole one;
// - the qvcore wheel is downloaded beside it (checked against the build's sha256), written to
//   Python's file system as is and imported from there (a wheel is a zip: zipimport), no
//   package installer and nothing to unpack. A snapshot holds Python's memory, not its files,
//   so the wheel is written again after a restore.
// micropip stays the way to install the wheel into other Pyodide apps (README).
//
// build.py copies web/ to the site root and replaces the placeholders below, so the runtime
// is at ./pyodide/, the wheel at ./wheels/, both relative to this module.

import {
  dropCopy, expandMemory, readSnapshot, snapshotAvailable,
} from "./python-snapshot.js";
import { DownloadProgress } from "./download-progress.js";
import { sendRuntime } from "./runtime-transfer.js";
import { findRestOnDemand } from "./stdlib-rest.js";

const BUILD_ID = "__BUILD_ID__";
const WHEEL_PATH = "__WHEEL_PATH__";
const WHEEL_INTEGRITY = "__WHEEL_INTEGRITY__";
const BUILT = BUILD_ID !== "__" + "BUILD_ID__";
/** The standard library Python loads: the build's zip of only the modules the engine needs
 * (tools/engine_stdlib.py, a third of Pyodide's python_stdlib.zip), which the snapshot was
 * made with; an unbuilt site loads Pyodide's whole one. */
const STDLIB_PATH = "__STDLIB_PATH__";
/** The sizes of the files whose downloads the progress counts (download-progress.js): the
 * runtime's WebAssembly, the standard library and the wheel, in bytes (stamped by the build). */
const DOWNLOAD_BYTES = BUILT ? JSON.parse('__DOWNLOAD_BYTES__') : {};

/** The loader's stages (the progress it reports) and their words in the pages' catalogs
 * (web/locales, "load.*"). */
const STAGE_KEYS = { runtime: "load.starting", download: "load.downloading",
  wheel: "load.unpacking", import: "load.import", ready: "load.ready" };
/** The part of the progress bar the downloads fill, after the start's. */
const DOWNLOAD_FROM = 0.05;
const DOWNLOAD_TO = 0.75;

const RUNTIME_URL = new URL("../pyodide/", import.meta.url).href;
const BUILD_INFO_URL = new URL("../build-info.json", import.meta.url).href;
const SITE_URL = new URL("../", import.meta.url).href;
/** The build's standard library (STDLIB_PATH), or null when unbuilt. */
const STDLIB_URL = BUILT ? new URL(STDLIB_PATH, SITE_URL).href : null;

/** Where the wheel is written in Python's file system: the build stamps tools/snapshot.py's
 * SNAPSHOT_WHEEL_FILE, where the snapshot has it on sys.path. */
const WHEEL_FILE = "__WHEEL_FILE__";

/** The Python that prepares the engine: only what the page needs before it is playable (the
 * bridge and the rules). Other modules (bots, playouts) import later from the wheel, which is
 * written again after a snapshot is restored. Holds no JavaScript object. */
const IMPORT_ENGINE = `import sys\nsys.path.insert(0, "${WHEEL_FILE}")\nimport qvcore.jsapi`;

/** The parts of a Pyodide instance the page uses (its own module has no declarations).
 * @typedef {{runPython: (code: string) => any, globals: {get: (name: string) => any},
 *   [name: string]: any}} Pyodide */

/** A loading failure the page can show as is: `message` says what happened, `advice` what to
 * do. `file` names the file that failed, when one did. `key`/`params` and `adviceKey` word
 * the same in the chosen language (web/locales, "load.*"); the English stays in `message`
 * because this module runs before the catalogs may have loaded. */
export class EngineLoadError extends Error {
  /**
   * @param {string} message
   * @param {{advice?: string, file?: string | null, cause?: unknown, key?: string | null,
   *   params?: object, adviceKey?: string}} [details]
   */
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
/** Resolves, once Python runs, with what became of the build's snapshot: "restored" (from the
 * build's file), "restored-copy" (from the browser's copy), "unused" (switched off, an unbuilt
 * site, or a browser without DecompressionStream) or "failed" (a message is in the console,
 * and Python started normally). */
export const snapshotState = new Promise((resolve) => { settleSnapshot = resolve; });

let settleRoute;
/** Resolves, once chosen, with the route the start takes: {route, ...}, route being "copy"
 * (the browser's copy of the snapshot), "build" (the build's file), "start" (Python starts
 * itself: faster on this visit's link and CPU, or asked for) or "off" (no snapshot to use).
 * A first visit also says what was weighed: rate (bytes/s), cpu (slowness), download and
 * spared (s), or forced: true when the route was asked for. cpu is null where the rate alone
 * settled it. */
export const snapshotRoute = new Promise((resolve) => { settleRoute = resolve; });

let settleCompiled;
/** The runtime's WebAssembly as loadEngine compiled (or was given) it here, or null: a page
 * sends it to its bots' worker (shareRuntime), whose own loadEngine then compiles nothing. */
const compiledHere = new Promise((resolve) => { settleCompiled = resolve; });

/**
 * Send this page's compiled runtime to a worker that loads the engine with
 * `runtime: runtimeFromPage()` (runtime-transfer.js): it then compiles nothing.
 * @param {Worker} worker
 */
export function shareRuntime(worker) {
  sendRuntime(worker, compiledHere);
}

/**
 * Fetch build-info.json once: {build, version, wheel, wheel_sha256, snapshot, snapshot_sha256,
 * pyodide, python}.
 * `wheel` is a URL relative to build-info.json. A failed fetch is retried on the next call.
 * Not needed to start the engine (its ids are built into this file).
 * @returns {Promise<{build: string, version: string, [field: string]: any}>}
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

const WASM_URL = new URL("pyodide.asm.wasm", RUNTIME_URL).href;

/**
 * The runtime's WebAssembly, compiled before Python starts: the browser compiles it off the
 * main thread while the page gets ready, where Pyodide would begin only when Python starts (a
 * first visit's snapshot worker lays Python's first memory out from the same module:
 * python-snapshot.js). Null when this browser cannot compile a stream (Pyodide then compiles
 * it itself).
 * @returns {Promise<WebAssembly.Module> | null}
 */
function compileRuntime(downloads) {
  if (typeof WebAssembly.compileStreaming !== "function") return null;
  const compiled = WebAssembly.compileStreaming(
    fetch(WASM_URL).then((response) => downloads.counted("wasm", response)));
  compiled.catch(() => {});  // Pyodide's own download then says what failed
  return compiled;
}

/**
 * While Pyodide starts, watch its downloads: Pyodide waits forever when the wasm file fails
 * and rejects with a bare object when the standard library fails. The returned promise
 * rejects with a readable EngineLoadError as soon as a runtime file fails; stop() undoes it.
 * Pyodide's WebAssembly is instantiated from `compiled` (compileRuntime) when that succeeded.
 */
function watchRuntimeDownloads(compiled, downloads) {
  const scope = globalThis;
  const originalFetch = scope.fetch;
  const originalStreaming = WebAssembly.instantiateStreaming;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {});
  scope.fetch = async function watchedFetch(input, init) {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input?.url;
    const watched = typeof url === "string" && url.startsWith(RUNTIME_URL);
    // compiled already: Pyodide's own download of the WebAssembly is not needed
    if (url === WASM_URL && await compiled?.catch(() => null)) return new Response(null);
    let response;
    try {
      response = await originalFetch.call(scope, input, init);
    } catch (error) {
      if (watched) fail(downloadError(siteName(url), describe(error), error));
      throw error;
    }
    if (watched && !response.ok) fail(downloadError(siteName(url), `HTTP ${response.status}`));
    return url === STDLIB_URL ? downloads.counted("stdlib", response) : response;
  };
  WebAssembly.instantiateStreaming = async function watchedStreaming(source, imports) {
    const module = await compiled?.catch(() => null);
    if (module) {
      const instance = await WebAssembly.instantiate(module, imports);
      return { module, instance };
    }
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
  // the runtime is copied beside this file by the build (it is not in the sources)
  // @ts-ignore -- no declarations for the runtime's module
  const module = import("../pyodide/pyodide.mjs");
  module.catch(() => {});  // awaited in startRuntime
  return module;
}

async function startRuntime(runtime, compiled, options, downloads) {
  let module;
  try {
    module = await runtime;
  } catch (error) {
    throw downloadError("pyodide/pyodide.mjs", describe(error), error);
  }
  const watch = watchRuntimeDownloads(compiled, downloads);
  try {
    return await Promise.race([
      module.loadPyodide({ indexURL: RUNTIME_URL, ...(STDLIB_URL ? { stdLibURL: STDLIB_URL } : {}),
        ...options }),
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

async function fetchWheel(downloads) {
  const url = new URL(WHEEL_PATH, SITE_URL).href;
  const init = BUILT ? { integrity: WHEEL_INTEGRITY } : {};
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw downloadError(WHEEL_PATH, describe(error), error);
  }
  if (!response.ok) throw downloadError(WHEEL_PATH, `HTTP ${response.status}`);
  try {
    return await downloads.counted("wheel", response).arrayBuffer();
  } catch (error) {
    throw downloadError(WHEEL_PATH, describe(error), error);
  }
}

/** Write the wheel where Python imports it from (WHEEL_FILE). */
function installWheel(pyodide, buffer) {
  try {
    pyodide.FS.writeFile(WHEEL_FILE, new Uint8Array(buffer));
  } catch (error) {
    throw new EngineLoadError(`The rules engine's package ${WHEEL_PATH} could not be installed: ${
      describe(error)}.`, { file: WHEEL_PATH, cause: error, key: "load.error.unpack",
      params: { file: WHEEL_PATH, message: describe(error) } });
  }
}

/** Whether the engine answers after a restore (a bad snapshot fails here or before). */
function engineAnswers(pyodide) {
  const reply = JSON.parse(pyodide.runPython("import qvcore.jsapi\nqvcore.jsapi.Table().board()"));
  if (!reply.ok) throw new Error("the engine did not answer");
  // every page restores the same memory: give Python's shared random generator its own seed
  // (the engine keeps its randomness in the game; this is for any other use)
  pyodide.runPython("import random\nrandom.seed()");
}

/** The visit turned to Python's start while its snapshot was arriving (snapshot-route.js). */
class TurnedToStart extends Error {}

/**
 * loadPyodide's options to restore a snapshot still arriving: a runtime of its length is
 * instantiated meanwhile (a good part of a restore: linking it, its global offsets), and the
 * memory is laid in once the runtime is ready and the snapshot whole.
 * @param {Promise<Uint8Array | null>} arriving null: the visit turned to the start
 * @param {number} length the memory's length, known beforehand
 */
function restoreWhenWhole(arriving, length) {
  return {
    // loadPyodide reads only its length (restoreFrom hands the runtime the snapshot itself; the
    // pages of a fresh array cost nothing while unwritten)
    _loadSnapshot: new Uint8Array(length),
    createPyodideModule: async (/** @type {object} */ settings) => {
      // the module loadPyodide would import itself
      // @ts-ignore -- no declarations for the runtime's module
      const create = (await import("../pyodide/pyodide.asm.mjs")).default;
      const instance = await create(settings);
      mark("instantiated");
      const bytes = await arriving;
      if (bytes === null) throw new TurnedToStart("the start was chosen after all");
      mark("snapshot-read");
      restoreFrom(instance, bytes);
      return instance;
    },
  };
}

/**
 * Make the runtime restore `bytes` instead of the array loadPyodide was given for its length:
 * its restore copies the snapshot into the runtime's memory, so the snapshot is handed to it as
 * it came, rather than copied into that array first (31 MB written twice on the main thread).
 * A runtime without the hook fails to restore, and the loader starts Python instead.
 * @param {{API: {restoreSnapshot: (snapshot: Uint8Array) => unknown}}} instance
 * @param {Uint8Array} bytes the snapshot
 */
function restoreFrom(instance, bytes) {
  const api = instance.API;
  const restoreSnapshot = api.restoreSnapshot;
  api.restoreSnapshot = () => restoreSnapshot.call(api, bytes);
}

async function restore(runtime, compiled, options, wheel, downloads) {
  const pyodide = await startRuntime(runtime, compiled, options, downloads);
  findRestOnDemand(pyodide);
  mark("runtime");
  // the snapshot holds Python's memory, not its files: put the wheel back
  installWheel(pyodide, await wheel);
  mark("wheel");
  engineAnswers(pyodide);
  mark("answers");
  return pyodide;
}

/**
 * Start Pyodide with the qvcore engine imported.
 * Each call loads a new interpreter: call it once and share the result.
 * @param {(progress: {stage: string, fraction: number, message: string, key: string,
 *   params: {percent?: number}}) => void} [onProgress]
 *   called as loading goes on; stage is one of "runtime", "download" (how much of the large
 *   downloads has arrived: params.percent), "wheel", "import", "ready"; fraction rises from 0
 *   to 1; message says it in English, key and params in the pages' catalogs (STAGE_KEYS).
 * @param {{snapshot?: boolean, route?: "auto" | "build" | "start", after?: Promise,
 *   prepareAfter?: Promise, runtime?: Promise<WebAssembly.Module | null> | null}}
 *   [options]
 *   snapshot: false never uses a snapshot (Python starts and imports the engine itself).
 *   route: "auto" (the default) lets a first visit weigh its link and CPU, when Python could
 *   start, to choose between the build's snapshot and a normal start (snapshot-route.js);
 *   "build" or "start" choose.
 *   after: Python starts (or is restored) only once this has settled (the page passes its
 *   board's first paint and its UI's modules: it is one long task that would hold them back).
 *   prepareAfter: compiling the runtime's WebAssembly and getting the build's snapshot (work
 *   on other threads that still slows a small machine's main thread) begin once this has
 *   settled (the page passes the board's paint). The files download, and the browser's copy
 *   of the snapshot is read, meanwhile.
 *   runtime: the runtime already compiled (a bots' worker is sent its page's: runtimeFromPage);
 *   compiled here when it settles to null.
 * @returns {Promise<Pyodide>} the Pyodide instance, with qvcore.jsapi imported.
 * @throws {EngineLoadError} with a readable message (and `advice`) when any step fails.
 */
export async function loadEngine(onProgress = () => {},
  { snapshot = true, route = "auto", after = null, prepareAfter = null, runtime: given = null }
  = {}) {
  let told = "";
  const report = (stage, fraction, message, params = {}) => {
    if (told === "ready") return;  // a download's last count can come after (the snapshot's)
    told = stage;
    onProgress({ stage, fraction, message, key: STAGE_KEYS[stage], params });
  };
  mark("start");
  report("runtime", DOWNLOAD_FROM, "Starting Python…");
  // a slow link's downloads show how far they have come, then the start is told again; the
  // words change by tens of percent (the status line is read out as it changes), the bar
  // by every count
  const downloads = new DownloadProgress((part) => {
    if (part >= 1) report("runtime", DOWNLOAD_TO, "Starting Python…");
    else {
      const percent = Math.floor(part * 10) * 10;
      report("download", DOWNLOAD_FROM + (DOWNLOAD_TO - DOWNLOAD_FROM) * part,
        `Downloading the game… ${percent}%`, { percent });
    }
  });
  for (const [name, bytes] of Object.entries(DOWNLOAD_BYTES)) downloads.expect(name, bytes);
  const runtime = importRuntime();
  const wheel = fetchWheel(downloads);
  wheel.catch(() => {});  // awaited below
  const prepared = Promise.allSettled([prepareAfter]);
  const usable = snapshot && snapshotAvailable();
  const compiled = prepared.then(async () => (await given?.catch(() => null))
    ?? compileRuntime(downloads));
  compiled.then((module) => { mark("compiled"); settleCompiled(module); },
    () => settleCompiled(null));
  // Python could start once the board is painted (`after`) and the runtime compiled: a first
  // visit chooses its route then
  const ready = Promise.allSettled([after, compiled]);
  const saved = usable ? readSnapshot({
    after: prepared, runtime: compiled, ready, route,
    onRoute: (chosen) => { mark(`route-${chosen.route}`); settleRoute(chosen); },
    onBytes: (received, expected) => {
      downloads.expect("snapshot", expected);
      downloads.arrived("snapshot", received);
    },
  }) : null;
  saved?.catch(() => {});  // awaited below
  if (!usable) settleRoute({ route: "off" });
  await Promise.allSettled([after]);
  mark("after");
  let found = null;
  if (saved) {
    let source = null;
    try {
      found = await saved;
      if (found) {
        source = found.source;
        if (found.source === "copy") mark("snapshot-read");
        const pyodide = await restore(runtime, compiled, found.source === "build"
          ? restoreWhenWhole(found.memory, found.length)
          : { _loadSnapshot: expandMemory(found.sparse) }, wheel, downloads);
        // the next visit reads the unzipped copy (kept once the page is idle)
        const restored = found;
        if (restored.source === "build") setTimeout(() => { restored.finish(true); }, 0);
        settleSnapshot(source === "copy" ? "restored-copy" : "restored");
        report("ready", 1, "Ready.");
        return pyodide;
      }
    } catch (error) {
      if (found?.source === "build") found.finish(false);  // its worker stops
      if (error instanceof EngineLoadError && error.file) throw error;  // a download failed
      if (error instanceof TurnedToStart || error?.cause instanceof TurnedToStart) {
        found = null;  // no snapshot used: the route says why
      } else {
        console.warn(`Quo Vadis: the Python snapshot${source === "copy"
          ? " (the browser's copy)" : ""} could not be restored (${describe(error)}); starting `
          + "normally.");
        if (source === "copy") await dropCopy();
        settleSnapshot("failed");
        found = undefined;
      }
    }
  }
  if (found === null) settleSnapshot("unused");
  const pyodide = await startRuntime(runtime, compiled, {}, downloads);
  findRestOnDemand(pyodide);
  mark("runtime");
  report("wheel", 0.8, "Installing the rules engine…");
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
  report("ready", 1, "Ready.");
  return pyodide;
}
