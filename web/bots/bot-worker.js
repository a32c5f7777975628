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

import { check, decide, serve, startHost } from "./worker-host.js";

const host = startHost("qvcore.bots.bridge");

/** Feed public events to every bot. @param {any} bots @param {unknown[]} events */
function observe(bots, events) {
  for (const event of events) check(bots.observe(JSON.stringify(event)));
}

serve(async (message) => {
  const bots = await host;
  switch (message.type) {
    case "reset":
      bots.reset();
      for (const b of message.bots) check(bots.create(b.seat, b.level, b.seed, JSON.stringify(b.view)));
      observe(bots, message.events);
      break;
    case "observe":
      observe(bots, message.events);
      break;
    case "decide":
      decide(bots, message);
      break;
    default:
  }
});
