// The players panel: colour, name, supply, senators on the board and in the Senate, and how
// many laurels each holds (a count only, R10; values only after a V2 reveal or at the end).
// Also the reward pool, the pile and the promises that bind now.

import { h, plural, replace } from "./dom.js";
import { hoardText } from "./end-screen.js";

export class Players {
  constructor(app, el) {
    this.app = app;
    this.el = el;
  }

  render(view) {
    const app = this.app;
    const decider = app.ui.replay ? null : app.decider(view);
    const rows = view.players.map((p) => {
      const c = app.colour(p.seat);
      const stats = [
        h("span", {}, `Supply ${p.supply}`),
        h("span", {}, `Board ${p.on_board}`),
        h("span", {}, `Senate ${p.in_senate}`),
        h("span", { "data-testid": `hoard-size-${p.seat}` }, `Laurels: ${plural(p.hoard_size, "token")}`),
      ];
      const shown = p.total !== undefined;
      return h("li", { class: `player${p.seat === decider ? " deciding" : ""}`,
        "data-testid": `player-${p.seat}`, "aria-current": p.seat === decider ? "true" : null },
        h("span", { class: "chip big", style: { "--chip": c.fill, "--chip-ink": c.ink },
          "aria-hidden": "true" }, String(p.seat + 1)),
        h("div", { class: "who" },
          h("span", { class: "name", "data-testid": `player-name-${p.seat}` }, p.name),
          h("span", { class: "colour-name" }, ` (${c.label})`),
          p.seat === view.current && view.stage !== "over" && view.stage !== "council"
            ? h("span", { class: "badge-turn" }, " to play") : null,
          h("div", { class: "stats" }, stats),
          shown ? h("div", { class: "shown", "data-testid": `shown-hoard-${p.seat}` },
            `${hoardText(p.hoard)} — total ${p.total}`) : null),
        !shown && !app.ui.replay ? h("button", { type: "button", class: "btn small look",
          "data-testid": `look-${p.seat}`, "aria-label": `Look at ${p.name}'s laurels (only ${p.name})`,
          onclick: () => app.secrecy.look(p.seat) }, "Look") : null);
    });
    const parts = [
      h("ul", { class: "player-list" }, rows),
      h("p", { class: "supplies", "data-testid": "pool" },
        `Reward pool: ${view.pool} × I · draw pile: ${plural(view.pile, "token")}`),
    ];
    const handover = h("input", { type: "checkbox", id: "setting-handover",
      "data-testid": "setting-handover", checked: Boolean(app.settings().handover) });
    handover.addEventListener("change", () => {
      app.meta.settings = { ...app.settings(), handover: handover.checked };
      app.saves.autosave();
    });
    parts.push(h("p", { class: "field check setting" }, handover, h("label", { for: "setting-handover" },
      "Hand-over screen between players")));
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
