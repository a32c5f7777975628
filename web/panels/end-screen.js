// The end screen (R9, R12 V3): every hoard revealed, the winner and why, in the chosen
// language (i18n.js).

import { h } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { openWorded } from "./worded-dialog.js";
import { KINDS } from "../board/colours.js";
import { t, listText, ordinal } from "../words/i18n.js";

/** A revealed hoard in words, highest kind first ("V, III ×2, I"), in the chosen language. */
function hoardText(hoard) {
  const parts = [];
  for (const kind of [...KINDS].reverse()) {
    const n = hoard?.[kind] ?? 0;
    const label = t(`laurel.kind.${kind}`);
    if (n) parts.push(n > 1 ? t("laurel.count", { kind: label, count: n }) : label);
  }
  return parts.join(", ") || t("laurel.none");
}

export { hoardText };

/** @typedef {import("qvcore-protocol").View} View */

/**
 * What the end screen needs from the table (wired once, in app.js), and nothing else.
 * @typedef {object} EndTable
 * @property {() => View} view  the onlooker's view of the game that is over (every hoard shown)
 * @property {(seat: number) => string} name
 * @property {(seat: number) => {fill: string, ink: string}} colour
 * @property {() => void} startReplay
 * @property {() => void} newGame  open the new game screen
 */

/** Why the winner won a single game (R9.3), from the revealed view. */
/** @param {View} view */
export function gameReason(view) {
  return reason(view.senate, view.players.map((p) => p.total ?? 0),
    view.players.map((p) => p.name));
}

/**
 * Why a game was won (R9.3), from who entered the Senate in which order and every total.
 * @param {number[]} senate @param {number[]} totals @param {string[]} names
 */
function reason(senate, totals, names) {
  const contenders = [...new Set(senate)]
    .sort((a, b) => (totals[b] - totals[a]) || (senate.indexOf(a) - senate.indexOf(b)));
  if (!contenders.length) return t("end.reason.nobody");
  const [first] = contenders;
  if (contenders.length === 1) return t("end.reason.only", { name: names[first] });
  const tied = contenders.filter((q) => totals[q] === totals[first]);
  if (tied.length === 1) return t("end.reason.highest", { name: names[first], total: totals[first] });
  return t("end.reason.tie", { names: listText(tied.map((q) => names[q])), total: totals[first],
    name: names[first] });
}

/**
 * A game of a V3 series is over and the next follows (R12 V3): who won it and why, every
 * player's total of it and of the series so far. `done` runs once it is closed.
 * @param {Pick<EndTable, "view" | "name" | "colour">} table @param {() => void} done
 */
export function openGameOverScreen(table, done) {
  const view = table.view();
  return openWorded(() => gameOverDialog(table, view, done));
}

/** openGameOverScreen's dialog in the chosen language.
 * @param {Pick<EndTable, "view" | "name" | "colour">} table @param {View} view
 * @param {() => void} done */
function gameOverDialog(table, view, done) {
  const result = view.series[view.series.length - 1];
  const names = view.players.map((p) => table.name(p.seat));
  const rows = view.players.map((p) => h("tr", { class: p.seat === result.winner ? "winner" : "" },
    playerCell(table.colour(p.seat), p.seat, names[p.seat], p.seat === result.winner),
    senateCell(result.senate, p.seat),
    h("td", { class: "num", "data-testid": `game-total-${p.seat}` },
      String(result.totals[p.seat])),
    h("td", { class: "num", "data-testid": `series-total-${p.seat}` },
      String(seriesSum(view, p.seat)))));
  const head = [t("end.col.player"), t("end.col.senate"),
    t("end.col.game", { game: result.game }), t("end.col.series")];
  const summary = [
    h("h3", { class: "winner-name", "data-testid": "game-winner" }, result.winner === null
      ? t("end.noWinner") : t("end.winsGame", { name: names[result.winner], game: result.game })),
    h("p", { "data-testid": "game-winner-reason" }, reason(result.senate, result.totals, names)),
  ];
  return {
    title: t("end.gameOver.title", { game: result.game }), testid: "game-over", className: "end",
    body: [...summary, resultsTable(head, rows),
      h("p", {}, t("end.gameOver.next", { game: result.game + 1 }))],
    summary,
    // going on to the next game is the screen's one action
    actions: [{ label: t("end.gameOver.go", { game: result.game + 1 }), kind: "primary",
      testid: "game-over-go", autofocus: true, onClick: (d) => d.close() }],
    onClose: done,
  };
}

/** A seat's sum of the totals of a V3 series' finished games. @param {View} view
 * @param {number} seat */
function seriesSum(view, seat) {
  return view.series.reduce((total, r) => total + r.totals[seat], 0);
}

/** A results row's first cell: the seat's chip, its name (cut to its room, whole in a
 * tooltip) and a star for the winner. @param {{fill: string, ink: string}} c
 * @param {number} seat @param {string} name @param {boolean} won */
function playerCell(c, seat, name, won) {
  return h("th", { scope: "row" }, h("span", { class: "chip", style: { "--chip": c.fill,
    "--chip-ink": c.ink }, "aria-hidden": "true" }, String(seat + 1)), " ",
  h("span", { class: "who", title: name }, name), won ? " ★" : "");
}

/** Which seats of the Senate a player took, in order of entry (R9.3); outside it, a player
 * cannot win the game, though in a series it may still win the series (V3).
 * @param {number[]} senate @param {number} seat @param {boolean} [series] */
function senateCell(senate, seat, series = false) {
  const entries = senate.map((q, i) => (q === seat ? i + 1 : 0)).filter(Boolean);
  return h("td", {}, entries.length ? t("end.inSenate", { count: entries.length,
    entries: listText(entries.map((n) => ordinal(n))) })
    : t(series ? "end.noneInSenate" : "end.notInSenate"));
}

/** The results table, scrolled sideways when it must. @param {string[]} head
 * @param {Element[]} rows */
function resultsTable(head, rows) {
  return h("div", { class: "table-wrap" }, h("table", { class: "results" },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows)));
}

/** Why the winner won a series (R12 V3). @param {EndTable} table @param {View} view */
function seriesReason(table, view) {
  const results = view.series;
  const sums = view.players.map((p) => seriesSum(view, p.seat));
  const wins = view.players.map((p) => results.filter((r) => r.winner === p.seat).length);
  const w = view.winner;
  const best = sums[w];
  const tied = view.players.filter((p) => sums[p.seat] === best);
  if (tied.length === 1) return t("end.series.highest", { name: table.name(w), total: best });
  const names = listText(tied.map((p) => p.name));
  const mostWins = tied.filter((p) => wins[p.seat] === wins[w]);
  if (mostWins.length === 1) return t("end.series.moreWins", { names, total: best, name: table.name(w) });
  return t("end.series.earlier", { names, total: best, name: table.name(w) });
}

/** The end screen, opened. @param {EndTable} table */
export function openEndScreen(table) {
  const view = table.view();
  const series = view.options.series;
  const winner = view.winner;
  const senate = view.senate;
  const last = series ? view.series[view.series.length - 1] : null;
  const won = (/** @type {number} */ seat) => view.series.filter((r) => r.winner === seat).length;
  const rows = view.players.map((p) => h("tr", { class: p.seat === winner ? "winner" : "" },
    playerCell(table.colour(p.seat), p.seat, p.name, p.seat === winner),
    senateCell(senate, p.seat, Boolean(series)),
    h("td", { "data-testid": `end-hoard-${p.seat}` }, hoardText(p.hoard)),
    series ? h("td", {}, view.series.map((r) => r.totals[p.seat]).join(" + ")) : null,
    series ? h("td", { class: "num", "data-testid": `end-games-won-${p.seat}` },
      String(won(p.seat))) : null,
    h("td", { class: "num", "data-testid": `end-total-${p.seat}` },
      String(series ? seriesSum(view, p.seat) : p.total ?? 0))));
  const head = [t("end.col.player"),
    last ? t("end.col.senateGame", { game: last.game }) : t("end.col.senate"),
    t("end.col.laurels"), ...(series ? [t("end.col.games"), t("end.col.gamesWon")] : []),
    t("end.col.total")];
  const names = view.players.map((p) => table.name(p.seat));
  const summary = [
    h("h3", { class: "winner-name", "data-testid": "winner" },
      winner === null ? t("end.noWinner")
        : t(series ? "end.winsSeries" : "end.wins", { name: table.name(winner) })),
    h("p", { "data-testid": "winner-reason" }, series ? seriesReason(table, view) : gameReason(view)),
  ];
  const body = [
    ...summary,
    // the series' last game has a winner of its own (R9.3), who need not win the series
    last ? h("p", { "data-testid": "last-game-winner" }, [last.winner === null ? ""
      : `${t("end.lastGame", { name: names[last.winner], game: last.game })} `,
    reason(last.senate, last.totals, names)].join("")) : null,
    resultsTable(head, rows),
  ];
  return openDialog({
    title: last ? t("end.gameOver.title", { game: last.game }) : t("end.title"),
    testid: "end-screen", className: "end", body, summary,
    actions: [
      { label: t("end.replay"), testid: "end-replay", onClick: (d) => { d.close(); table.startReplay(); } },
      { label: t("end.newGame"), kind: "primary", testid: "end-new-game",
        onClick: (d) => { d.close(); table.newGame(); } },
      { label: t("end.close"), kind: "quiet", testid: "end-close", onClick: (d) => d.close() },
    ],
  });
}
