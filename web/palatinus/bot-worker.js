// The Palatinus bots' own thread: a module Web Worker with its own Pyodide and the same wheel,
// started by engine-loader.js as the Quo Vadis bots are, holding a
// qvcore.palatinus.botbridge.BotHost. It is told only a bot seat's own view (P8): never the
// full state, the seed or the save.
//
// Messages in (handled in order):
//   {type: "reset", bots: [{seat, level, seed}]}   drop every bot, create these
//   {type: "decide", id, seat, view}               the bot of `seat` decides from its view
// Messages out:
//   {type: "loaded", ms}
//   {type: "decision", id, seat, reply, ms}        reply: {ok: true, action} or {ok: false, error}
//   {type: "failed", message}

import { loadEngine } from "../boot/engine-loader.js";

const started = performance.now();

const host = loadEngine().then((/** @type {any} */ pyodide) => {
  pyodide.runPython("from qvcore.palatinus.botbridge import BotHost as _PalBotHost");
  const BotHost = pyodide.globals.get("_PalBotHost");
  const instance = BotHost();
  BotHost.destroy();
  self.postMessage({ type: "loaded", ms: performance.now() - started });
  return instance;
});

/** @param {string} text */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { rule: "bots", code: "bad_reply", message: String(error) } };
  }
}

/** @param {any} message */
async function handle(message) {
  const bots = await host;
  if (message.type === "reset") {
    parse(bots.reset());
    for (const b of message.bots) {
      const reply = parse(bots.create(b.seat, b.level, b.seed));
      if (!reply.ok) throw new Error(reply.error?.message ?? "the bots failed");
    }
  } else if (message.type === "decide") {
    const t0 = performance.now();
    const reply = parse(bots.decide(message.seat, JSON.stringify(message.view)));
    self.postMessage({ type: "decision", id: message.id, seat: message.seat, reply,
      ms: performance.now() - t0 });
  }
}

let queue = Promise.resolve();
self.addEventListener("message", (event) => {
  queue = queue.then(() => handle(event.data)).catch((error) => {
    self.postMessage({ type: "failed",
      message: error instanceof Error ? error.message : String(error) });
  });
});
