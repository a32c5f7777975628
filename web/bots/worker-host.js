// What both games' bot workers share: starting Pyodide in the worker with the wheel's BotHost
// (engine-loader.js's loadEngine), reading the bridge's JSON replies, answering a decision,
// and handling messages one after another, in order, a failure told once as
// {type: "failed", message}. Each game's worker (bots/bot-worker.js for Quo Vadis,
// palatinus/bot-worker.js) says which BotHost and which messages it takes.

import { loadEngine } from "../boot/engine-loader.js";
import { runtimeFromPage } from "../boot/runtime-transfer.js";

/**
 * Start the runtime (the page's compiled one: it sends it first, engine-loader.js
 * shareRuntime) and make one BotHost from the Python module `module`; posts
 * {type: "loaded", ms} once it is ready.
 * @param {string} module e.g. "qvcore.bots.bridge"
 * @returns {Promise<any>}
 */
export function startHost(module) {
  const started = performance.now();
  return loadEngine(undefined, { runtime: runtimeFromPage() }).then((/** @type {any} */ pyodide) => {
    pyodide.runPython(`from ${module} import BotHost as _BotHost`);
    const BotHost = pyodide.globals.get("_BotHost");
    const instance = BotHost();
    BotHost.destroy();
    self.postMessage({ type: "loaded", ms: performance.now() - started });
    return instance;
  });
}

/** A bridge reply, parsed; a reply that is not JSON becomes a refusal. @param {string} text */
export function parse(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { rule: "bots", code: "bad_reply", message: String(error) } };
  }
}

/** Throw the bridge's refusal, if `text` is one. @param {string} text */
export function check(text) {
  const reply = parse(text);
  if (!reply.ok) throw new Error(reply.error?.message ?? "the bots failed");
}

/**
 * The bot of `message.seat` decides from its view; posts {type: "decision", id, seat, reply, ms}.
 * @param {any} bots @param {{id: number, seat: number, view: unknown}} message
 */
export function decide(bots, message) {
  const t0 = performance.now();
  const reply = parse(bots.decide(message.seat, JSON.stringify(message.view)));
  self.postMessage({ type: "decision", id: message.id, seat: message.seat, reply,
    ms: performance.now() - t0 });
}

/** Handle every message with `handle`, one after another, in order. @param {(message: any) => Promise<void>} handle */
export function serve(handle) {
  let queue = Promise.resolve();
  self.addEventListener("message", (event) => {
    queue = queue.then(() => handle(event.data)).catch((error) => {
      self.postMessage({ type: "failed",
        message: error instanceof Error ? error.message : String(error) });
    });
  });
}
