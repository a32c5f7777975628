// The players panel: colour, name, supply, senators on the board and in the Senate, and how
// many laurels each holds (a count only, R10; values only after a V2 reveal or at the end).
// Also the reward pool, the pile and the promises that bind now. Bot seats are marked with
// their level and whether they are thinking; the bots can be paused here. When a single human
// plays against bots, that player's own laurels can stay shown (nobody else is at the screen).

import { h, replace } from "./dom.js";
import { hoardText } from "./end-screen.js";
import { t } from "../words/i18n.js";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {ReturnType<import("../engine/engine.js").Engine["hoard"]>} Hoard  a seat's own laurels */

/**
 * What the players panel needs from the table (wired once, in app.js), and nothing else.
 * @typedef {object} PlayersTable
 * @property {{replay: {n?: number} | null}} ui  the replay, if one is shown
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {() => Pick<import("../bots/bots.js").Bots, "actor" | "paused" | "failed" | "held" | "soleHuman"
 *   | "level" | "openHands" | "any" | "pause" | "resume">} bots  the bots (made after this panel)
 * @property {() => object} meta  the game's colours, settings and bots (what the panel shows)
 * @property {() => {handover?: boolean, showOwn?: boolean}} settings
 * @property {(name: "handover" | "showOwn", on: boolean) => void} setting  change a setting, saved
 * @property {(seat: number) => string} name
 * @property {(seat: number) => {fill: string, ink: string, key: string}} colour
 * @property {(seat: number) => Hoard} hoard  a seat's own laurels (for its eyes only, R10)
 * @property {(seat: number) => void} look  a seat asks to look at its own laurels
 * @property {() => void} render
 */

export class Players {
  /** @param {PlayersTable} table @param {HTMLElement} el */
  constructor(table, el) {
    this.table = table;
    this.el = el;
    /** @type {string | null} the text of what was drawn last: drawn again only when it changes */
    this.key = null;
    /** @type {{key: string, hoard: Hoard} | undefined} */
    this.own = undefined;
  }

  /** The sole human's own laurels, asked of the engine once per state shown. */
  ownHoard(view, seat) {
    const key = `${view.seed}:${view.log.length}:${view.log.at(-1)?.text}:${view.stage}:${seat}`;
    if (this.own?.key !== key) this.own = { key, hoard: this.table.hoard(seat) };
    return this.own.hoard;
  }

  render(view) {
    const app = this.table;
    const decider = app.ui.replay ? null : app.decider(view);
    const bots = app.bots();
    const botActor = bots.actor(view);
    const held = bots.held();
    const thinking = bots.paused || bots.failed || held ? null : botActor;
    const sole = app.ui.replay || view.stage === "over" ? null : bots.soleHuman(view);
    const showOwn = sole !== null && app.settings().showOwn !== false;
    // rebuilt only when something it shows changed (a bot's move need not rebuild it twice)
    const key = JSON.stringify([view.players, view.promises, view.pool, view.pile, view.stage,
      view.log.length, view.log.at(-1)?.text, decider, thinking, held, bots.paused, bots.failed,
      app.ui.replay?.n ?? null, app.meta(), view.options.names]);
    if (key === this.key && this.el.isConnected) return;
    this.key = key;
    const rows = view.players.map((p) => {
      const c = app.colour(p.seat);
      // "on-strip": what the board's strip shows too, left out while the strip is drawn
      const stats = [
        h("span", { class: "on-strip" }, t("players.supply", { count: p.supply })),
        // on_board counts the Senate too: each senator is counted once here (R1: eight each)
        h("span", {}, t("players.offices", { count: p.on_board - p.in_senate })),
        h("span", {}, t("players.senate", { count: p.in_senate })),
        h("span", { class: "on-strip", "data-testid": `hoard-size-${p.seat}` },
          t("players.laurels", { count: p.hoard_size })),
      ];
      // V3: the points of the series' games before this one, as each ended
      const earlier = view.options.series ? view.series.map((game) => game.totals[p.seat]) : [];
      if (earlier.length && view.stage !== "over") {
        stats.push(h("span", { "data-testid": `series-${p.seat}` },
          t("players.series", { scores: earlier.join(" + ") })));
      }
      const shown = p.total !== undefined;
      const level = bots.level(p.seat);
      const own = showOwn && p.seat === sole && !shown ? this.ownHoard(view, p.seat) : null;
      return h("li", { class: `player${p.seat === decider ? " deciding" : ""}`,
        "data-testid": `player-${p.seat}`, "aria-current": p.seat === decider ? "true" : null },
        h("span", { class: "chip-slot", "aria-hidden": "true" },
          h("span", { class: "chip big", style: { "--chip": c.fill, "--chip-ink": c.ink } },
            String(p.seat + 1))),
        h("div", { class: "who" },
          h("span", { class: "name", "data-testid": `player-name-${p.seat}`, title: p.name }, p.name),
          h("span", { class: "colour-name" }, ` (${t(`colour.${c.key}`)})`),
          p.seat === view.current && view.stage !== "over" && view.stage !== "council"
            ? h("span", { class: "badge-turn" }, t("players.toPlay")) : null,
          level ? h("span", { class: `bot-badge${p.seat === thinking ? " thinking" : ""}`,
            "data-testid": `bot-badge-${p.seat}` },
          ` · ${t(p.seat === thinking ? "players.botThinking" : "players.bot",
            { level: t(`bot.level.${level}`) })}`) : null,
          h("div", { class: "stats" }, stats),
          own ? h("div", { class: "own-hoard", "data-testid": `own-hoard-${p.seat}` },
            t("players.own", { hoard: hoardText(own.hoard), total: own.total })) : null,
          shown ? h("div", { class: "shown", "data-testid": `shown-hoard-${p.seat}` },
            t("players.shown", { hoard: hoardText(p.hoard), total: p.total })) : null,
          // a seat changes hands: someone leaves the table (a bot plays on) or joins it
          !app.ui.replay && view.stage !== "over" ? h("button", { type: "button",
            class: "btn small quiet hands", "data-testid": `hands-${p.seat}`,
            "aria-label": t("players.hands.aria", { name: p.name }),
            onclick: () => bots.openHands(p.seat) }, t("players.hands")) : null),
        !shown && !app.ui.replay && !level && !own ? h("button", { type: "button", class: "btn small look",
          "data-testid": `look-${p.seat}`, "aria-label": t("players.look.aria", { name: p.name }),
          onclick: () => app.look(p.seat) }, t("players.look")) : null);
    });
    const parts = [];
    // a failed bot is told once, in the turn panel (with Retry and a human taking over)
    // (a replay is of a finished game: the bots have nothing left to do)
    if (bots.any() && view.stage !== "over" && !app.ui.replay && !bots.failed) {
      const label = t(bots.paused ? "bots.resume" : "bots.pause");
      parts.push(h("div", { class: "bots-bar" },
        h("button", { type: "button", class: "btn small", "data-testid": "bots-pause",
          "aria-pressed": bots.paused ? "true" : "false",
          onclick: () => (bots.paused ? bots.resume() : bots.pause()) }, label),
        h("span", { class: "hint", "data-testid": "bots-state", "aria-live": "polite" },
          bots.failed ? t("players.bots.failed") : bots.paused ? t("players.bots.paused")
            : held && botActor !== null ? t("players.bots.held", { name: app.name(botActor) })
            : thinking !== null ? t("players.thinking", { name: app.name(thinking) }) : "")));
    }
    parts.push(
      h("ul", { class: "player-list" }, rows),
      h("p", { class: "supplies", "data-testid": "pool" },
        t("players.pool", { pool: view.pool, count: view.pile })));
    const handover = h("input", { type: "checkbox", id: "setting-handover",
      "data-testid": "setting-handover", checked: Boolean(app.settings().handover) });
    handover.addEventListener("change", () => {
      app.setting("handover", handover.checked);
    });
    parts.push(h("p", { class: "field check setting" }, handover, h("label", { for: "setting-handover" },
      t("players.handover"))));
    if (sole !== null) {
      const keep = h("input", { type: "checkbox", id: "setting-show-own",
        "data-testid": "setting-show-own", checked: showOwn });
      keep.addEventListener("change", () => {
        app.setting("showOwn", keep.checked);
        app.render();
      });
      parts.push(h("p", { class: "field check setting" }, keep, h("label", { for: "setting-show-own" },
        t("players.showOwn", { name: app.name(sole) }))));
    }
    if (view.promises.length) {
      parts.push(h("h3", {}, t("players.promises")), h("ul", { class: "promises-list" },
        view.promises.map((p) => h("li", {}, t(`players.promise.${p.kind}`, {
          by: app.name(p.by), player: app.name(p.player), from: p.caesar?.from,
          to: p.caesar?.to, turn: p.until_turn + 1 })))));
    }
    replace(this.el, parts);
  }
}
