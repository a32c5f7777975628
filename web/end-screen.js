// The end screen (R9, R12 V3): every hoard revealed, the winner and why.

import { h, listText, plural } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { KINDS, kindLabel } from "./colours.js";

function hoardText(hoard) {
  const parts = [];
  for (const kind of [...KINDS].reverse()) {
    const n = hoard?.[kind] ?? 0;
    if (n) parts.push(n > 1 ? `${kindLabel(kind)}\u00a0×${n}` : kindLabel(kind));
  }
  return parts.join(", ") || "no laurels";
}

export { hoardText };

/** Why the winner won a single game (R9.3), from the revealed view. */
export function gameReason(app, view) {
  const senate = view.senate;
  const players = view.players;
  const contenders = players.filter((p) => p.in_senate > 0)
    .sort((a, b) => (b.total - a.total) || (senate.indexOf(a.seat) - senate.indexOf(b.seat)));
  if (!contenders.length) return "Nobody has a senator in the Senate.";
  const [first] = contenders;
  if (contenders.length === 1) {
    return `${first.name} is the only player with a senator in the Senate (R9.3).`;
  }
  const tied = contenders.filter((p) => p.total === first.total);
  if (tied.length === 1) {
    return `${first.name} has the highest laurel total (${first.total}) among the players with a ` +
      "senator in the Senate (R9.3).";
  }
  return `${listText(tied.map((p) => p.name))} tie with ${first.total} laurels; ${first.name}'s ` +
    "senator entered the Senate first (R9.3).";
}

function seriesReason(app, view) {
  const results = view.series;
  const sums = view.players.map((p) => results.reduce((t, r) => t + r.totals[p.seat], 0));
  const wins = view.players.map((p) => results.filter((r) => r.winner === p.seat).length);
  const w = view.winner;
  const best = sums[w];
  const tied = view.players.filter((p) => sums[p.seat] === best);
  if (tied.length === 1) {
    return `${app.name(w)} has the highest sum of the three games' totals (${best}) (V3).`;
  }
  const mostWins = tied.filter((p) => wins[p.seat] === wins[w]);
  if (mostWins.length === 1) {
    return `${listText(tied.map((p) => p.name))} tie with ${best}; ${app.name(w)} won more games (V3).`;
  }
  return `${listText(tied.map((p) => p.name))} tie with ${best} and as many games won; ` +
    `${app.name(w)}'s senator entered the Senate earlier in the last game (V3).`;
}

export function openEndScreen(app) {
  const view = app.view;
  const series = view.options.series;
  const winner = view.winner;
  const senate = view.senate;
  const rows = view.players.map((p) => {
    const c = app.colour(p.seat);
    const entries = senate.map((q, i) => (q === p.seat ? i + 1 : 0)).filter(Boolean);
    const cells = [
      h("th", { scope: "row" }, h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(p.seat + 1)), " ", p.name, p.seat === winner ? " ★" : ""),
      h("td", {}, entries.length ? `${plural(entries.length, "senator")} (entered ${entries
        .map((n) => `#${n}`).join(", ")})` : "none — cannot win"),
      h("td", { "data-testid": `end-hoard-${p.seat}` }, hoardText(p.hoard)),
      h("td", { class: "num", "data-testid": `end-total-${p.seat}` }, String(p.total ?? 0)),
    ];
    if (series) {
      const sum = view.series.reduce((t, r) => t + r.totals[p.seat], 0);
      cells.splice(3, 0, h("td", {}, view.series.map((r) => r.totals[p.seat]).join(" + ")));
      cells[cells.length - 1] = h("td", { class: "num", "data-testid": `end-total-${p.seat}` }, String(sum));
    }
    return h("tr", { class: p.seat === winner ? "winner" : "" }, cells);
  });
  const head = ["Player", "In the Senate", "Laurels", ...(series ? ["Games"] : []), "Total"];
  const body = [
    h("p", { class: "winner-name", "data-testid": "winner" },
      winner === null ? "No winner." : `${app.name(winner)} wins${series ? " the series" : ""}!`),
    h("p", { "data-testid": "winner-reason" }, series ? seriesReason(app, view) : gameReason(app, view)),
    h("div", { class: "table-wrap" }, h("table", { class: "results" },
      h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows))),
  ];
  return openDialog({
    title: "The Senate is full", testid: "end-screen", className: "end", body,
    actions: [
      { label: "Replay the game", testid: "end-replay", onClick: (d) => { d.close(); app.log.startReplay(); } },
      { label: "New game", kind: "primary", testid: "end-new-game",
        onClick: (d) => { d.close(); app.newGame.open(); } },
      { label: "Close", kind: "quiet", testid: "end-close", onClick: (d) => d.close() },
    ],
  });
}
