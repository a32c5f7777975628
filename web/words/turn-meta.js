// The line under a turn's heading (the turn panel's, the bots' panel's): which game and which
// turn of it, in the chosen language; each game of a V3 series counts its own turns (the
// engine's game_turn, R12), and a game that shows its seed says it.

import { t } from "./i18n.js";

/** @typedef {import("qvcore-protocol").View} View */

/** @param {View} view @returns {string} */
export function turnMeta(view) {
  const meta = t(view.options.series ? "turn.meta.series" : "turn.meta",
    { game: view.game_number, turn: view.game_turn + 1 });
  return view.seed === undefined ? meta : t("turn.meta.seed", { meta, seed: view.seed });
}
