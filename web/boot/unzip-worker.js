// Gets Python's snapshot off the page's main thread (python-snapshot.js): downloads and unzips
// the build's file, and rebuilds the memory from it and the memory the runtime starts with
// (memory-image.js). Unzipping and rebuilding 31 MB there would hold back the board's paint.
//
//   worker.postMessage({ url, integrity, wasm, priority });
//     url, integrity: the build's snapshot file and its Subresource Integrity;
//     wasm: the runtime's WebAssembly's URL;
//     priority: the snapshot download's fetch priority hint ("low" beside other downloads)
//   sendRuntime(worker, compiled);  // once, soon after (runtime-transfer.js): the page's
//     compiled runtime, instantiated here for its first memory (without one, its bytes are
//     fetched here again and their data segments read)
//   worker.postMessage({ progress: true, cpu });  // any time after: how far the download is
//   worker.onmessage = ({ data }) => ...
//     {received, rate, cpu} for each {progress: true}: the bytes of the file downloaded so far,
//       how fast they come (bytes/s, null until measured: see rate()),
//       and with `cpu` the CPU's slowness measured here then, in a burst (snapshot-route.js
//       burstSlowness);
//     then {memory} (an ArrayBuffer: what Pyodide restores) or {error: string};
//   worker.postMessage({ sparse: true });  // once {memory} came
//     {sparse} (an ArrayBuffer: the same memory without its all-zero pages, the form the page
//       keeps for its next visit) or {error: string}

import { rebuildMemory, runtimeSegments, sparseForm } from "./memory-image.js";
import { isRuntimeMessage, runtimeFromPage } from "./runtime-transfer.js";
import { burstSlowness } from "./snapshot-route.js";
import { fetchUnzipped } from "./unzip.js";

/** The snapshot's own rate is told once its bytes have come for this long (ms)... */
const MEASURE_MS = 300;
/** ...or, when none has come, once it was asked for this long ago (the browser may hold a
 * request of low priority back for a moment). */
const NO_ANSWER_MS = 3000;

/** The page's compiled runtime, or null. */
const runtime = runtimeFromPage();

let received = 0;
/** When the download was asked for, and when its first bytes came (and how many). */
let asked = null;
let first = null;

/** How fast the file arrives (bytes/s): measured from its first bytes once they came
 * MEASURE_MS ago; 0 when none came in NO_ANSWER_MS (a download that does not answer is
 * slow); null until then. */
function rate(now) {
  if (first && now - first.at >= MEASURE_MS) {
    return ((received - first.bytes) * 1000) / (now - first.at);
  }
  return !first && asked !== null && now - asked >= NO_ANSWER_MS ? 0 : null;
}

function counted(count) {
  received = count;
  first ??= { at: performance.now(), bytes: count };
}

/** A worker's postMessage (the checker types `self` as a window's). */
function post(message, transfer = []) {
  /** @type {{postMessage: (message: unknown, transfer: Transferable[]) => void}} */ (
    /** @type {unknown} */ (self)).postMessage(message, transfer);
}

/** Makes the sparse form, once the memory is sent. */
let keep = null;

self.onmessage = async ({ data }) => {
  if (data.sparse) {
    try {
      const sparse = keep();
      post({ sparse: sparse.buffer }, [sparse.buffer]);
    } catch (error) {
      post({ error: String(error?.message ?? error) });
    }
    return;
  }
  if (isRuntimeMessage(data)) return;  // runtimeFromPage takes it
  if (data.progress) {
    post({ received, rate: rate(performance.now()),
      cpu: data.cpu ? burstSlowness() : undefined });
    return;
  }
  asked = performance.now();
  try {
    const laid = runtime.then((module) => runtimeSegments(module, data.wasm));
    laid.catch(() => {});
    const diff = new Uint8Array(await fetchUnzipped(data.url, data.integrity, {
      priority: data.priority ?? "auto", onBytes: counted }));
    const segments = await laid;
    const memory = rebuildMemory(diff, segments);
    // the form the page keeps for its next visit is not needed for the restore: made when the
    // page asks for it, from the same parts again (the memory goes to the page now)
    keep = () => sparseForm(rebuildMemory(diff, segments));
    post({ memory: memory.buffer }, [memory.buffer]);
  } catch (error) {
    post({ error: String(error?.message ?? error) });
  }
};
