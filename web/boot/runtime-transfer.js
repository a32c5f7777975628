// The runtime's compiled WebAssembly, handed from a page to one of its workers (the snapshot's
// unzip-worker.js, a game's bots' worker), so that the worker neither downloads nor compiles it
// again: a WebAssembly.Module crosses to a worker without being copied.
//
//   sendRuntime(worker, compiled);      // in the page: once `compiled` settles
//   const module = await runtimeFromPage();  // in the worker: the module, or null
//
// The message is {type: "runtime", module}; module is null when the page has none, or this
// browser cannot send one (the worker then reads or compiles the file itself).

/**
 * @param {Worker} worker
 * @param {Promise<WebAssembly.Module | null> | WebAssembly.Module | null} runtime
 */
export function sendRuntime(worker, runtime) {
  Promise.resolve(runtime).catch(() => null).then((module) => {
    try {
      worker.postMessage({ type: "runtime", module: module ?? null });
    } catch {
      worker.postMessage({ type: "runtime", module: null });
    }
  });
}

/** Whether a message a worker got is the runtime (which runtimeFromPage takes).
 * @param {any} data */
export function isRuntimeMessage(data) {
  return data?.type === "runtime";
}

/** In a worker: the runtime its page sent (sendRuntime), or null.
 * @returns {Promise<WebAssembly.Module | null>} */
export function runtimeFromPage() {
  return new Promise((resolve) => {
    const take = (/** @type {MessageEvent} */ event) => {
      if (!isRuntimeMessage(event.data)) return;
      self.removeEventListener("message", take);
      resolve(event.data.module instanceof WebAssembly.Module ? event.data.module : null);
    };
    self.addEventListener("message", take);
  });
}
