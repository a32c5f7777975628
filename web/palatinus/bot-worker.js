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

import { check, decide, serve, startHost } from "../bots/worker-host.js";

const host = startHost("qvcore.palatinus.botbridge");

serve(async (message) => {
  const bots = await host;
  if (message.type === "reset") {
    bots.reset();
    for (const b of message.bots) check(bots.create(b.seat, b.level, b.seed));
  } else if (message.type === "decide") {
    decide(bots, message);
  }
});
