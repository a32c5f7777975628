// The players panel: colour, name, supply, senators on the board and in the Senate, and how
// many laurels each holds (a count only, R10; values only after a V2 reveal or at the end).
// Also the reward pool, the pile and the promises that bind now. Bot seats are marked with
// their level and whether they are thinking; the bots can be paused here. When a single human
// plays against bots, that player's own laurels can stay shown (nobody else is at the screen).

import { h, plural, replace } from "./dom.js";
import { hoardText } from "./end-screen.js";

export class Players {
  constructor(app, el) {
    this.app = app;
    this.el = el;
  }

  /** The sole human's own laurels, asked of the engine once per state shown. */
  ownHoard(view, seat) {
    const key = `${view.seed}:${view.log.length}:${view.log.at(-1)?.text}:${view.stage}:${seat}`;
    if (this.own?.key !== key) this.own = { key, hoard: this.app.engine.hoard(seat) };
    return this.own.hoard;
  }

  render(view) {
    const app = this.app;
    const decider = app.ui.replay ? null : app.decider(view);
    const bots = app.bots;
    const botActor = bots.actor(view);
    const thinking = bots.paused ? null : botActor;
    const sole = app.ui.replay || view.stage === "over" ? null : bots.soleHuman(view);
    const showOwn = sole !== null && app.settings().showOwn !== false;
    // rebuilt only when something it shows changed (a bot's move need not rebuild it twice)
    const key = JSON.stringify([view.players, view.promises, view.pool, view.pile, view.stage,
      view.log.length, view.log.at(-1)?.text, decider, thinking, bots.paused, bots.failed,
      app.ui.replay?.n ?? null, app.meta, view.options.names]);
    if (key === this.key && this.el.isConnected) return;
    this.key = key;
    const rows = view.players.map((p) => {
      const c = app.colour(p.seat);
      const stats = [
        h("span", {}, `Supply ${p.supply}`),
        h("span", {}, `Board ${p.on_board}`),
        h("span", {}, `Senate ${p.in_senate}`),
        h("span", { "data-testid": `hoard-size-${p.seat}` }, `Laurels: ${plural(p.hoard_size, "token")}`),
      ];
      const shown = p.total !== undefined;
      const level = bots.level(p.seat);
      const own = showOwn && p.seat === sole && !shown ? this.ownHoard(view, p.seat) : null;
      return h("li", { class: `player${p.seat === decider ? " deciding" : ""}`,
        "data-testid": `player-${p.seat}`, "aria-current": p.seat === decider ? "true" : null },
        h("span", { class: "chip big", style: { "--chip": c.fill, "--chip-ink": c.ink },
          "aria-hidden": "true" }, String(p.seat + 1)),
        h("div", { class: "who" },
          h("span", { class: "name", "data-testid": `player-name-${p.seat}` }, p.name),
          h("span", { class: "colour-name" }, ` (${c.label})`),
          p.seat === view.current && view.stage !== "over" && view.stage !== "council"
            ? h("span", { class: "badge-turn" }, " to play") : null,
          level ? h("span", { class: `bot-badge${p.seat === thinking ? " thinking" : ""}`,
            "data-testid": `bot-badge-${p.seat}` },
          p.seat === thinking ? ` · ${level} bot, thinking…` : ` · ${level} bot`) : null,
          h("div", { class: "stats" }, stats),
          own ? h("div", { class: "own-hoard", "data-testid": `own-hoard-${p.seat}` },
            `Your laurels: ${hoardText(own.hoard)} — total ${own.total}`) : null,
          shown ? h("div", { class: "shown", "data-testid": `shown-hoard-${p.seat}` },
            `${hoardText(p.hoard)} — total ${p.total}`) : null),
        !shown && !app.ui.replay && !level && !own ? h("button", { type: "button", class: "btn small look",
          "data-testid": `look-${p.seat}`, "aria-label": `Look at ${p.name}'s laurels (only ${p.name})`,
          onclick: () => app.secrecy.look(p.seat) }, "Look") : null);
    });
    const parts = [];
    if (bots.any() && view.stage !== "over") {
      const label = bots.paused ? "Resume the bots" : "Pause the bots";
      parts.push(h("div", { class: "bots-bar" },
        h("button", { type: "button", class: "btn small", "data-testid": "bots-pause",
          "aria-pressed": bots.paused ? "true" : "false",
          onclick: () => (bots.paused ? bots.resume() : bots.pause()) }, label),
        h("span", { class: "hint", "data-testid": "bots-state", "aria-live": "polite" },
          bots.failed ? "The bots cannot play." : bots.paused ? "The bots are paused."
            : thinking !== null ? `${app.name(thinking)} is thinking…` : "")));
    }
    parts.push(
      h("ul", { class: "player-list" }, rows),
      h("p", { class: "supplies", "data-testid": "pool" },
        `Reward pool: ${view.pool} × I · draw pile: ${plural(view.pile, "token")}`));
    const handover = h("input", { type: "checkbox", id: "setting-handover",
      "data-testid": "setting-handover", checked: Boolean(app.settings().handover) });
    handover.addEventListener("change", () => {
      app.meta.settings = { ...app.settings(), handover: handover.checked };
      app.saves.autosave();
    });
    parts.push(h("p", { class: "field check setting" }, handover, h("label", { for: "setting-handover" },
      "Hand-over screen between players")));
    if (sole !== null) {
      const keep = h("input", { type: "checkbox", id: "setting-show-own",
        "data-testid": "setting-show-own", checked: showOwn });
      keep.addEventListener("change", () => {
        app.meta.settings = { ...app.settings(), showOwn: keep.checked };
        app.saves.autosave();
        app.render();
      });
      parts.push(h("p", { class: "field check setting" }, keep, h("label", { for: "setting-show-own" },
        `Keep ${app.name(sole)}'s laurels shown (the only player at the screen)`)));
    }
    if (view.promises.length) {
      parts.push(h("h3", {}, "Promises in force"), h("ul", { class: "promises-list" },
        view.promises.map((p) => h("li", {}, `${app.name(p.by)} promised ${p.kind === "caesar"
          ? `${app.name(p.player)} to move Caesar to ${p.caesar.from}→${p.caesar.to}` : `to ${
            p.kind === "consent" ? "consent to" : "refuse"} ${app.name(p.player)}`} (binding through turn ${
          p.until_turn + 1})`))));
    }
    replace(this.el, parts);
  }
}
