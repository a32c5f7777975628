// @ts-nocheck -- its JSDoc types are not complete yet: remove this line once `build.py lint` passes without it
// Gets Python's snapshot off the page's main thread (python-snapshot.js): downloads and unzips
// the build's file, and rebuilds the memory from it and the runtime's WebAssembly
// (memory-image.js). Unzipping and rebuilding 31 MB there would hold back the board's paint.
//
//   worker.postMessage({ url, integrity, wasm, priority });
//     url, integrity: the build's snapshot file and its Subresource Integrity;
//     wasm: {stream} (the runtime's WebAssembly as the page downloads it, a ReadableStream,
//       transferred) or {url} (fetched here: the browser has it by then);
//     priority: the snapshot download's fetch priority hint ("low" beside other downloads)
//   worker.postMessage({ progress: true });  // any time after: how far the download is
//   worker.onmessage = ({ data }) => ...
//     {received} (bytes of the file downloaded so far) for each {progress: true};
//     then {memory, sparse} (ArrayBuffers) or {error: string}

import { dataSegments, readAll, rebuildMemory } from "./memory-image.js";
import { fetchUnzipped } from "./unzip.js";

async function runtimeBytes(wasm) {
  if (wasm.stream) return readAll(wasm.stream);
  const response = await fetch(wasm.url);
  if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
  return readAll(response.body);
}

let received = 0;

self.onmessage = async ({ data }) => {
  if (data.progress) {
    self.postMessage({ received });
    return;
  }
  try {
    const wasm = runtimeBytes(data.wasm);
    wasm.catch(() => {});
    const diff = new Uint8Array(await fetchUnzipped(data.url, data.integrity, {
      priority: data.priority ?? "auto", onBytes: (count) => { received = count; } }));
    const { memory, sparse } = rebuildMemory(diff, dataSegments(await wasm));
    self.postMessage({ memory: memory.buffer, sparse: sparse.buffer },
      [memory.buffer, sparse.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
};
