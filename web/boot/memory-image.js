// Python's memory from the build's snapshot file, which holds only what differs from the memory
// the runtime starts with (tools/memory_image.py, memory_diff): that memory is the runtime's WebAssembly's
// data segments, which the page downloads anyway. Runs in unzip-worker.js (or in a worker that
// loads the engine itself), never on the page's main thread.
//
//   const memory = rebuildMemory(diff, dataSegments(wasmBytes));  // what Pyodide restores
//   const same = rebuildMemory(diff, await instantiatedSegments(compiledModule));
//   const sparse = sparseForm(memory);  // the form the page keeps as its copy
//
// `sparse` is the same memory without its all-zero pages (python-snapshot.js expandMemory
// reads it back). It is not needed for the restore, so it is made after the memory is sent.

import { readAll } from "./unzip.js";

const DIFF_MAGIC = 0x44535651;  // "QVSD", little-endian
const DIFF_HEADER = 20;
const SPARSE_MAGIC = 0x50535651;  // "QVSP"
const SPARSE_HEADER = 16;
/** The sparse form's page (tools/memory_image.py SPARSE_PAGE; the form records its own). */
const PAGE = 4096;

/** A LEB128 number of the WebAssembly at `at`, and the offset after it. */
function leb(bytes, at, signed) {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[at];
    if (byte === undefined) throw new Error("the runtime's WebAssembly is cut short");
    at += 1;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [signed && byte & 0x40 ? value - scale : value, at];
  }
}

const uleb = (bytes, at) => leb(bytes, at, false);
const sleb = (bytes, at) => leb(bytes, at, true);

/**
 * The active data segments of a WebAssembly module (what its memory holds before any code
 * runs), as views into `wasm`.
 * @param {Uint8Array} wasm
 * @returns {{address: number, bytes: Uint8Array}[]}
 * @throws {Error} when the module is not one whose segments tools/memory_image.py could read either
 */
export function dataSegments(wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error("the runtime's WebAssembly is not a module");
  }
  const segments = [];
  let at = 8;
  while (at < wasm.length) {
    const section = wasm[at];
    let size;
    [size, at] = uleb(wasm, at + 1);
    if (section === 11) {
      let [count, pos] = uleb(wasm, at);
      for (; count > 0; count -= 1) {
        let flags;
        [flags, pos] = uleb(wasm, pos);
        if (flags !== 0 || wasm[pos] !== 0x41) throw new Error("a data segment of another form");
        let address;
        [address, pos] = sleb(wasm, pos + 1);
        if (wasm[pos] !== 0x0b) throw new Error("a data segment's address is not a constant");
        let length;
        [length, pos] = uleb(wasm, pos + 1);
        segments.push({ address, bytes: wasm.subarray(pos, pos + length) });
        pos += length;
      }
    }
    at += size;
  }
  return segments;
}

/**
 * What a module's memory holds before any code runs, from the module itself: an instance with
 * inert imports, whose instantiation lays the active data segments in (the runtime has no start
 * function, so none of its code runs), as the one segment dataSegments would give spread out.
 * The page's compiled runtime reaches a worker at once, where its bytes come late.
 * @param {WebAssembly.Module} module
 * @returns {Promise<{address: number, bytes: Uint8Array}[]>}
 * @throws {Error} when the module imports its memory or a table, or exports no memory
 */
export async function instantiatedSegments(module) {
  /** @type {Record<string, Record<string, any>>} */
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    imports[from] ??= {};
    if (kind === "function") {
      imports[from][name] = () => { throw new Error(`${name} is not for a memory image`); };
    } else if (kind === "global") {
      imports[from][name] = new WebAssembly.Global({ value: "i32", mutable: true }, 0);
    } else {
      throw new Error(`the runtime imports a ${kind}`);
    }
  }
  const instance = await WebAssembly.instantiate(module, imports);
  const memory = Object.values(instance.exports).find((x) => x instanceof WebAssembly.Memory);
  if (!memory) throw new Error("the runtime exports no memory");
  return [{ address: 0, bytes: new Uint8Array(memory.buffer) }];
}

/**
 * The runtime's first memory, as segments: laid out by instantiating its compiled module when
 * there is one (instantiatedSegments), else read from its file's bytes (dataSegments; fetched,
 * the browser has them by then).
 * @param {WebAssembly.Module | null} module
 * @param {string} url the runtime's WebAssembly
 */
export async function runtimeSegments(module, url) {
  if (module instanceof WebAssembly.Module) {
    try {
      return await instantiatedSegments(module);
    } catch {
      // a runtime this cannot instantiate: its bytes say the same
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
  return dataSegments(await readAll(response.body));
}

function pageIsZero(memory, start, end) {
  // eight bytes at a time where the page is aligned (it always is but for the last)
  if (start % 8 === 0 && (end - start) % 8 === 0) {
    const words = new BigUint64Array(memory.buffer, memory.byteOffset + start, (end - start) / 8);
    for (let i = 0; i < words.length; i += 1) if (words[i] !== 0n) return false;
    return true;
  }
  for (let i = start; i < end; i += 1) if (memory[i] !== 0) return false;
  return true;
}

/** The memory without its all-zero pages (python-snapshot.js expandMemory reads it). */
export function sparseForm(memory, page = PAGE) {
  const count = Math.ceil(memory.length / page);
  const bitmap = new Uint8Array(Math.ceil(count / 8));
  let kept = 0;
  for (let index = 0; index < count; index += 1) {
    const start = index * page;
    const end = Math.min(start + page, memory.length);
    if (!pageIsZero(memory, start, end)) {
      bitmap[index >> 3] |= 1 << (index & 7);
      kept += end - start;
    }
  }
  const sparse = new Uint8Array(SPARSE_HEADER + bitmap.length + kept);
  const view = new DataView(sparse.buffer);
  view.setUint32(0, SPARSE_MAGIC, true);
  view.setUint32(4, memory.length, true);
  view.setUint32(8, page, true);
  view.setUint32(12, count, true);
  sparse.set(bitmap, SPARSE_HEADER);
  let offset = SPARSE_HEADER + bitmap.length;
  for (let index = 0; index < count; index += 1) {
    if (!(bitmap[index >> 3] & (1 << (index & 7)))) continue;
    const start = index * page;
    const end = Math.min(start + page, memory.length);
    sparse.set(memory.subarray(start, end), offset);
    offset += end - start;
  }
  return sparse;
}

/**
 * Python's memory from the build's file (unzipped) and the runtime's data segments.
 * @param {Uint8Array} diff the build's snapshot, unzipped ("QVSD", tools/memory_image.py memory_diff)
 * @param {{address: number, bytes: Uint8Array}[]} segments dataSegments(the runtime's wasm)
 * @returns {Uint8Array} the memory
 * @throws {Error} when the bytes are not a whole snapshot of this form
 */
export function rebuildMemory(diff, segments) {
  const view = new DataView(diff.buffer, diff.byteOffset, diff.byteLength);
  if (diff.byteLength < DIFF_HEADER || view.getUint32(0, true) !== DIFF_MAGIC) {
    throw new Error("it is not a snapshot of the build's form");
  }
  const length = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const base = view.getUint32(16, true);
  const memory = new Uint8Array(length);
  for (const { address, bytes } of segments) {
    if (base + address + bytes.length > length) throw new Error("it does not fit the runtime");
    memory.set(bytes, base + address);
  }
  const bitmap = diff.subarray(DIFF_HEADER, DIFF_HEADER + Math.ceil(count / 8));
  let offset = DIFF_HEADER + bitmap.length;
  for (let index = 0; index < count; index += 1) {
    if (!(bitmap[index >> 3] & (1 << (index & 7)))) continue;
    const start = index * page;
    const size = Math.min(page, length - start);
    if (offset + size > diff.byteLength) throw new Error("it is not whole");
    memory.set(diff.subarray(offset, offset + size), start);
    offset += size;
  }
  if (offset !== diff.byteLength) throw new Error("it is not whole");
  return memory;
}
