// Gets Python's snapshot off the page's main thread (python-snapshot.js): decides whether a
// first visit should fetch it at all (snapshot-route.js), downloads and unzips the build's
// file, and rebuilds the memory from it and the runtime's WebAssembly (memory-image.js).
// Unzipping and rebuilding 31 MB there would hold back the board's first paint.
//
//   worker.postMessage({ url, integrity, wasm, weigh });
//     url, integrity: the build's snapshot file and its Subresource Integrity;
//     wasm: {stream, wireRatio} (the runtime's WebAssembly as the page downloads it, a
//       ReadableStream, transferred) or {url} (fetched here: the browser has it by then);
//     weigh: null to fetch the snapshot in any case, or {snapshotBytes, saveData} to fetch
//       it only when that is faster than starting Python (measured on `wasm.stream`); the
//       CPU's slowness follows in a second message, {cpu} (the page measures it once this
//       worker is already reading)
//   worker.onmessage = ({ data }) => ...
//     {route: "build"|"start", rate, download, spared} once decided (when weighed);
//     then, on the "build" route, {memory, sparse} (ArrayBuffers) or {error: string}

import { dataSegments, readAll, rebuildMemory } from "./memory-image.js";
import { chooseRoute, watchDownload } from "./snapshot-route.js";
import { fetchUnzipped } from "./unzip.js";

async function runtimeBytes(wasm) {
  const response = await fetch(wasm.url);
  if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
  return readAll(response.body);
}

let settleCpu;
const cpuMeasured = new Promise((resolve) => { settleCpu = resolve; });

self.onmessage = async ({ data }) => {
  if (data.cpu !== undefined) {
    settleCpu(data.cpu);
    return;
  }
  try {
    let wasm;
    if (data.wasm.stream) {
      const watched = watchDownload(data.wasm.stream, data.wasm.wireRatio);
      if (data.weigh) {
        const [rate, cpu] = await Promise.all([watched.rate, cpuMeasured]);
        const choice = chooseRoute({ rate, cpu, ...data.weigh });
        self.postMessage({ ...choice, rate, cpu });
        if (choice.route !== "build") {
          watched.cancel();
          return;
        }
      }
      wasm = watched.bytes;
    } else {
      wasm = runtimeBytes(data.wasm);
    }
    wasm.catch(() => {});
    const diff = new Uint8Array(await fetchUnzipped(data.url, data.integrity));
    const { memory, sparse } = rebuildMemory(diff, dataSegments(await wasm));
    // a worker's postMessage (the checker types `self` as a window's)
    /** @type {{postMessage: (message: unknown, transfer: Transferable[]) => void}} */ (
      /** @type {unknown} */ (self)).postMessage(
      { memory: memory.buffer, sparse: sparse.buffer }, [memory.buffer, sparse.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
