// The bots' own thread: a module Web Worker with its own Pyodide and the same qvcore wheel,
// loaded with engine-loader.js's loadEngine. It holds a qvcore.bots.bridge.BotHost and is
// told only what a bot seat may know (R10): each bot seat's own view and the public events,
// never the full state, the seed or the save.
//
// Messages in (handled one after another, in order):
//   {type: "reset", bots: [{seat, level, seed, view}], events: [event...]}
//       drop every bot, create these (each from its seat's first view), feed them the events
//   {type: "observe", events: [event...]}    feed public events to every bot
//   {type: "decide", id, seat, view}         the bot of `seat` decides from its view
// Messages out:
//   {type: "loaded", ms}                     the runtime is ready (ms: how long it took)
//   {type: "decision", id, seat, reply, ms}  reply: {ok: true, action} or {ok: false, error}
//   {type: "failed", message}                the runtime or the bots could not start

import { loadEngine } from "../boot/engine-loader.js";

const started = performance.now();

const host = loadEngine().then((pyodide) => {
  pyodide.runPython("from qvcore.bots.bridge import BotHost as _QvBotHost");
  const BotHost = pyodide.globals.get("_QvBotHost");
  const instance = BotHost();
  BotHost.destroy();
  self.postMessage({ type: "loaded", ms: performance.now() - started });
  return instance;
});

function parse(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { rule: "bots", code: "bad_reply", message: String(error) } };
  }
}

/** The first failure of a bridge call, or null. */
function check(text) {
  const reply = parse(text);
  return reply.ok ? null : reply.error?.message ?? "the bots failed";
}

function observe(bots, events) {
  for (const event of events) {
    const failure = check(bots.observe(JSON.stringify(event)));
    if (failure) throw new Error(failure);
  }
}

async function handle(message) {
  const bots = await host;
  switch (message.type) {
    case "reset": {
      bots.reset();
      for (const b of message.bots) {
        const failure = check(bots.create(b.seat, b.level, b.seed, JSON.stringify(b.view)));
        if (failure) throw new Error(failure);
      }
      observe(bots, message.events);
      break;
    }
    case "observe":
      observe(bots, message.events);
      break;
    case "decide": {
      const t0 = performance.now();
      const reply = parse(bots.decide(message.seat, JSON.stringify(message.view)));
      self.postMessage({ type: "decision", id: message.id, seat: message.seat, reply,
        ms: performance.now() - t0 });
      break;
    }
    default:
  }
}

let queue = Promise.resolve();
self.addEventListener("message", (event) => {
  queue = queue.then(() => handle(event.data)).catch((error) => {
    self.postMessage({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  });
});
