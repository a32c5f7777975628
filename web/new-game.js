// The new game screen: 3-5 players with names and colours, each a human or a bot (easy, normal,
// hard), who starts (or at random), the variants V1-V3, the promise horizon (R11, R12), the
// hand-over setting, and the seed (shown, and editable so that a game can be replayed). One
// click on "Play against bots" starts you against two normal bots.

import { h, replace } from "./dom.js";
import { openDialog, confirmDialog } from "./dialogs.js";
import { COLOURS, DEFAULT_COLOURS, checkColours } from "./colours.js";
import { LEVELS, botSeed } from "./bots.js";

const DEFAULT_NAMES = ["Marcus", "Livia", "Gaius", "Julia", "Titus"];
const MAX_SEED = Number.MAX_SAFE_INTEGER;

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export class NewGame {
  constructor(app) {
    this.app = app;
    this.dialog = null;
    document.getElementById("new-game").addEventListener("click", () => this.open());
  }

  defaults() {
    const view = this.app.view;
    if (!view) {
      return { n: 3, names: DEFAULT_NAMES.slice(), colours: DEFAULT_COLOURS.slice(), first: "",
        options: {}, handover: false, kinds: Array(5).fill("human") };
    }
    const names = view.options.names.concat(DEFAULT_NAMES.slice(view.options.names.length));
    const used = this.app.meta.colours;
    const colours = used.concat(DEFAULT_COLOURS.filter((c) => !used.includes(c)));
    const kinds = Array.from({ length: 5 }, (_, i) => this.app.bots.level(i) ?? "human");
    return { n: view.options.players, names, colours, first: "", options: view.options,
      handover: this.app.settings().handover, kinds };
  }

  open() {
    if (!this.app.ready) return;
    if (this.dialog && !this.dialog.closed) return;
    const d = this.defaults();
    let n = d.n;
    const colours = d.colours.slice();
    const rows = [];
    const rowList = h("ol", { class: "seat-rows" });
    const first = h("select", { id: "ng-first", "data-testid": "first-player" });
    const refreshFirst = () => {
      const keep = first.value;
      replace(first, h("option", { value: "" }, "At random (from the seed)"),
        rows.slice(0, n).map((r, i) => h("option", { value: String(i) },
          r.name.value.trim() || `Player ${i + 1}`)));
      first.value = Number(keep) < n ? keep : "";
    };
    const paint = () => {
      rows.forEach((r, i) => {
        r.row.hidden = i >= n;
        r.colour.value = colours[i];
        const c = COLOURS.find((x) => x.key === colours[i]);
        r.swatch.style.setProperty("--chip", c.fill);
        r.swatch.style.setProperty("--chip-ink", c.ink);
      });
      refreshFirst();
    };
    for (let i = 0; i < 5; i += 1) {
      const name = h("input", { type: "text", id: `ng-name-${i}`, "data-testid": `name-${i}`,
        value: d.names[i], maxlength: "30", autocomplete: "off", required: true,
        "aria-label": `Name of player ${i + 1}` });
      name.addEventListener("input", refreshFirst);
      name.addEventListener("keydown", (event) => { if (event.key === "Enter") this.start(); });
      const colour = h("select", { id: `ng-colour-${i}`, "data-testid": `colour-${i}`,
        "aria-label": `Colour of player ${i + 1}` },
        COLOURS.map((c) => h("option", { value: c.key }, c.label)));
      colour.addEventListener("change", () => {
        // colours stay distinct: swap with the player who had the chosen one
        const other = colours.indexOf(colour.value);
        if (other >= 0) colours[other] = colours[i];
        colours[i] = colour.value;
        paint();
      });
      const kind = h("select", { id: `ng-kind-${i}`, "data-testid": `kind-${i}`,
        "aria-label": `Who plays seat ${i + 1}` },
        h("option", { value: "human" }, "Human"),
        LEVELS.map((level) => h("option", { value: level }, `Bot: ${level}`)));
      kind.value = d.kinds[i];
      kind.addEventListener("change", () => {
        // one human against bots needs no hand-over screen, unless asked for
        if (!handoverTouched) handover.checked = humans() > 1 && d.handover;
      });
      const swatch = h("span", { class: "chip big", "aria-hidden": "true" }, String(i + 1));
      const row = h("li", { class: "seat-row" }, swatch, name, colour, kind);
      rows.push({ row, name, colour, swatch, kind });
      rowList.append(row);
    }
    const count = h("div", { class: "segmented", role: "radiogroup", "aria-label": "Number of players" },
      [3, 4, 5].map((k) => {
        const input = h("input", { type: "radio", name: "ng-players", id: `ng-players-${k}`,
          value: String(k), "data-testid": `players-${k}`, checked: k === n });
        input.addEventListener("change", () => {
          n = k;
          paint();
          if (!handoverTouched) handover.checked = humans() > 1 && d.handover;
        });
        return h("label", { for: `ng-players-${k}` }, input, h("span", {}, String(k)));
      }));
    const o = d.options;
    const v1 = h("input", { type: "checkbox", id: "ng-v1", "data-testid": "v1", checked: Boolean(o.scarce_laurels) });
    const v2 = h("select", { id: "ng-v2", "data-testid": "v2" },
      h("option", { value: "off" }, "off"),
      h("option", { value: "first_three" }, "after each of the first three Senate entries"),
      h("option", { value: "every_entry" }, "after every Senate entry"));
    v2.value = o.open_hoards ?? "off";
    const v3 = h("input", { type: "checkbox", id: "ng-v3", "data-testid": "v3", checked: Boolean(o.series) });
    const horizon = h("select", { id: "ng-horizon", "data-testid": "horizon" },
      h("option", { value: "turn" }, "until the end of the turn"),
      h("option", { value: "next" }, "until the end of the mover's next turn (default)"),
      h("option", { value: "two" }, "for two rounds (regulated promises)"));
    horizon.value = o.horizon ?? "next";
    const handover = h("input", { type: "checkbox", id: "ng-handover", "data-testid": "handover-setting",
      checked: d.handover && d.kinds.slice(0, n).filter((k) => k === "human").length > 1 });
    let handoverTouched = false;
    handover.addEventListener("change", () => { handoverTouched = true; });
    const humans = () => rows.slice(0, n).filter((r) => r.kind.value === "human").length;
    const seed = h("input", { type: "text", inputmode: "numeric", id: "ng-seed", "data-testid": "seed",
      value: String(randomSeed()), pattern: "[0-9]*", autocomplete: "off" });
    const body = [
      h("fieldset", {}, h("legend", {}, "Players"),
        h("div", { class: "field" }, h("span", { "aria-hidden": "true" }, "How many: "), count),
        rowList,
        h("p", { class: "field" }, h("label", { for: "ng-first" }, "Who starts "), first)),
      h("fieldset", {}, h("legend", {}, "Variants"),
        h("p", { class: "field check" }, v1, h("label", { for: "ng-v1" },
          "V1 Scarce laurels: the reward pool holds 10 / 14 / 18 I tokens for 3 / 4 / 5 players")),
        h("p", { class: "field" }, h("label", { for: "ng-v2" }, "V2 Open hoards: show every hoard "), v2),
        h("p", { class: "field check" }, v3, h("label", { for: "ng-v3" },
          "V3 Appeal to the council: a series of three games")),
        h("p", { class: "field" }, h("label", { for: "ng-horizon" }, "Promises bind "), horizon)),
      h("fieldset", {}, h("legend", {}, "Table"),
        h("p", { class: "field check" }, handover, h("label", { for: "ng-handover" },
          "Hand-over screen: cover the board between decisions of different players")),
        h("p", { class: "field" }, h("label", { for: "ng-seed" }, "Seed "), seed, " ",
          h("button", { type: "button", class: "btn small", "data-testid": "seed-new",
            onclick: () => { seed.value = String(randomSeed()); } }, "New seed")),
        h("p", { class: "hint" }, "The same seed, settings and moves give the same game.")),
    ];
    this.fields = { rows, colours, first, v1, v2, v3, horizon, handover, seed, n: () => n,
      setPlayers: (k) => { n = k; count.querySelector(`#ng-players-${k}`).checked = true; paint(); } };
    const hasGame = Boolean(this.app.view);
    this.dialog = openDialog({
      title: "New game", testid: "new-game-dialog", className: "new-game", body, rules: "play",
      escape: hasGame,
      actions: [
        { label: "Start the game", kind: "primary", testid: "start-game", onClick: () => this.start() },
        { label: "Play against bots", testid: "play-bots", ariaLabel:
          "Play against bots: you and two normal bots, three players", onClick: () => this.againstBots() },
        ...(hasGame ? [{ label: "Cancel", kind: "quiet", testid: "new-game-cancel",
          onClick: (dlg) => dlg.close() }] : []),
      ],
    });
    paint();
    rows[0].name.focus();
  }

  /** One click: you (the first seat's name) against two normal bots, no hand-over screen. */
  againstBots() {
    const f = this.fields;
    f.setPlayers(3);
    f.rows.forEach((r, i) => { r.kind.value = i === 0 ? "human" : "normal"; });
    f.handover.checked = false;
    return this.start();
  }

  async start() {
    const f = this.fields;
    const dlg = this.dialog;
    const n = f.n();
    const names = f.rows.slice(0, n).map((r) => r.name.value.trim());
    if (names.some((x) => !x)) return dlg.error("Every player needs a name.");
    const kinds = f.rows.slice(0, n).map((r) => r.kind.value);
    if (!kinds.includes("human")) return dlg.error("At least one seat needs a human player.");
    if (new Set(names.map((x) => x.toLowerCase())).size !== n) {
      return dlg.error("Give every player a different name.");
    }
    const seedText = f.seed.value.trim();
    if (!/^\d{1,16}$/.test(seedText) || Number(seedText) > MAX_SEED) {
      return dlg.error("The seed is a whole number (0 or more, at most 16 digits).");
    }
    const options = {
      players: n, names, first_player: f.first.value === "" ? null : Number(f.first.value),
      scarce_laurels: f.v1.checked, open_hoards: f.v2.value, series: f.v3.checked,
      horizon: f.horizon.value,
    };
    const app = this.app;
    if (app.view && app.view.log.length && app.view.stage !== "over") {
      const ok = await confirmDialog("Start a new game?", "The game on the table ends and its " +
        "autosave is replaced. Save it to a file first if you want to keep it.",
      { yes: "Start the new game", testid: "new-game-confirm" });
      if (!ok) return undefined;
    }
    const reply = app.engine.newGame(options, Number(seedText));
    if (!reply.ok) return dlg.error(reply.error.message);
    dlg.close();
    const bots = {};
    kinds.forEach((k, seat) => {
      if (k !== "human") bots[String(seat)] = { level: k, seed: botSeed(seedText, seat) };
    });
    app.setGame(reply.view, { colours: checkColours(f.colours.slice(0, n), n),
      settings: { handover: f.handover.checked }, bots });
    app.saves.autosave();
    app.say("A new game begins.");
    // focus on whose turn it is (not the page's body), without scrolling the board away
    document.getElementById("turn-panel")?.focus({ preventScroll: true });
    return undefined;
  }
}
