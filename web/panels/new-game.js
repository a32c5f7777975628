// The new game screen: 3-5 players with names and colours, each a human or a bot (easy, normal,
// hard), who starts (or at random), the variants V1-V3, the promise horizon (R11, R12), the
// hand-over setting, and the seed: left empty, one is drawn at the start and never shown (with
// the seed anyone could foresee the pile and add up every hoard, R10, rulings.md #21); a seed
// typed in replays a game. One click on "Play against bots" starts you against two normal bots.

import { focusInSight, h, replace } from "./dom.js";
import { openDialog, confirmDialog } from "./dialogs.js";
import { COLOURS, DEFAULT_COLOURS, checkColours } from "../board/colours.js";
import { LEVELS } from "../bots/bots.js";
import { MAX_SEED, botSeed, randomSeed } from "../engine/seeds.js";
import { t, CHANGE_EVENT, defaultNames } from "../words/i18n.js";
import { languageSwitch } from "../words/page-text.js";
import { errorWords } from "../words/error-words.js";

/** A phone's layout (the screen's width). */
const PHONE = "__MEDIA_PHONE__";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** @typedef {import("./saves.js").Meta} Meta */

/**
 * What the new game screen needs from the table, and nothing else.
 * @typedef {object} NewGameTable
 * @property {() => boolean} ready  whether the engine is ready
 * @property {() => View | null} view  the running game's onlooker view, if any
 * @property {() => Meta | null} meta  the running game's meta (its seats' colours)
 * @property {(seat: number) => string | null} botLevel  a seat's bot level (null: a human)
 * @property {() => {handover?: boolean}} settings  the running game's settings
 * @property {() => void} warmBots  start the bots' engine (a bot's first answer comes sooner)
 * @property {() => void} coolBots  the screen closed: stop the bots' engine if no bot plays
 * @property {() => void} chooseFile  ask for a saved game's file
 * @property {(options: object, seed: number) => {ok: boolean, view?: View, error?: ErrorData}}
 *   newGame  the engine starts a game (bad options change nothing)
 * @property {(view: View, meta: Meta) => void} setGame  start showing a game
 * @property {() => void} autosave
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 */

export class NewGame {
  /** @param {NewGameTable} table */
  constructor(table) {
    this.table = table;
    this.dialog = null;
    /** @type {(() => string) | null} why the screen refused to start, in the language of now */
    this.refusal = null;
    document.getElementById("new-game").addEventListener("click", () => this.open());
    addEventListener(CHANGE_EVENT, () => this.reword());
  }

  defaults() {
    const view = this.table.view();
    if (!view) {
      return { n: 3, names: defaultNames(), colours: DEFAULT_COLOURS.slice(), first: "",
        options: {}, handover: false, kinds: Array(5).fill("human") };
    }
    const given = /** @type {string[]} */ (view.options.names);
    const names = given.concat(defaultNames().slice(given.length));
    const used = this.table.meta().colours;
    const colours = used.concat(DEFAULT_COLOURS.filter((c) => !used.includes(c)));
    const kinds = Array.from({ length: 5 }, (_, i) => this.table.botLevel(i) ?? "human");
    return { n: view.options.players, names, colours, first: "", options: view.options,
      handover: this.table.settings().handover, kinds };
  }

  /** Another language while the screen is open: open it again in that language, with what
   * was filled in so far (the screen has a language switch of its own: on a first visit it
   * opens before anything else, and the menu behind it cannot be reached). */
  reword() {
    if (!this.dialog || this.dialog.closed) return;
    const f = this.fields;
    const preset = { n: f.n(), names: f.rows.map((r) => r.name.value),
      colours: f.colours.slice(), first: f.first.value, handover: f.handover.checked,
      kinds: f.rows.map((r) => r.kind.value), seed: f.seed.value, preset: true,
      options: { scarce_laurels: f.v1.checked, open_hoards: f.v2.value, series: f.v3.checked,
        horizon: f.horizon.value } };
    const refusal = this.refusal;
    this.dialog.close();
    this.open(preset);
    if (refusal) this.refuse(refusal);
    /** @type {HTMLElement | null} */ (document.querySelector('[data-testid="new-game-language"]'))
      ?.focus();
  }

  open(preset = null) {
    if (!this.table.ready()) return;
    if (this.dialog && !this.dialog.closed) return;
    this.refusal = null;
    const d = preset ?? this.defaults();
    const seats = this.seatFields(d);
    const variants = variantFields(d.options);
    const seed = h("input", { type: "text", inputmode: "numeric", id: "ng-seed", "data-testid": "seed",
      value: d.seed ?? "", placeholder: t("newGame.seedRandom"), pattern: "[0-9]*",
      autocomplete: "off", "aria-describedby": "ng-seed-hint" });
    this.fields = { ...seats, ...variants, seed };
    const hasGame = Boolean(this.table.view());
    // a first visit opens here: a saved game and the rules are one click away, and Escape
    // (or Cancel) leaves an empty table whose top bar offers New game, Open and Rules
    this.dialog = openDialog({
      title: t("newGame.title"), testid: "new-game-dialog", className: "new-game",
      body: formBody(seats, variants, seed), rules: "play",
      onClose: () => {
        this.table.coolBots();
        if (!hasGame) document.getElementById("new-game")?.focus();
      },
      actions: [
        { label: t("newGame.start"), kind: "primary", testid: "start-game", onClick: () => this.start() },
        { label: t("newGame.playBots"), testid: "play-bots", onClick: () => this.againstBots() },
        { label: t("newGame.openFile"), kind: "quiet", testid: "new-game-open",
          onClick: () => this.table.chooseFile() },
        { label: t("newGame.cancel"), kind: "quiet", testid: "new-game-cancel",
          onClick: (dlg) => dlg.close() },
      ],
    });
    seats.paint();
    if (d.first) seats.first.value = d.first;
    // typing goes to the first name; on a phone the focus there would open the keyboard over
    // half of the screen: the dialog keeps it
    if (!globalThis.matchMedia?.(PHONE).matches) seats.rows[0].name.focus();
  }

  /** The players' part of the form: how many, each seat's name, colour and kind, who starts,
   * and the hand-over setting, which follows the number of humans until it is touched. */
  seatFields(d) {
    let n = d.n;
    const colours = d.colours.slice();
    const rows = [];
    const first = h("select", { id: "ng-first", "data-testid": "first-player" });
    const handover = h("input", { type: "checkbox", id: "ng-handover", "data-testid": "handover-setting",
      checked: d.preset ? d.handover
        : d.kinds.slice(0, n).filter((k) => k === "human").length > 1 });
    let handoverTouched = false;
    handover.addEventListener("change", () => { handoverTouched = true; });
    // two or more humans share the device: the hand-over screen, unless switched off
    const followHumans = () => {
      if (!handoverTouched) {
        handover.checked = rows.slice(0, n).filter((r) => r.kind.value === "human").length > 1;
      }
    };
    const refreshFirst = () => {
      const keep = first.value;
      replace(first, h("option", { value: "" }, t("newGame.random")),
        rows.slice(0, n).map((r, i) => h("option", { value: String(i) },
          r.name.value.trim() || t("newGame.player", { n: i + 1 }))));
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
    const hooks = {
      refreshFirst, followHumans, start: () => this.start(), warmBots: () => this.table.warmBots(),
      chooseColour: (i, key) => {
        // colours stay distinct: swap with the player who had the chosen one
        const other = colours.indexOf(key);
        if (other >= 0) colours[other] = colours[i];
        colours[i] = key;
        paint();
      },
    };
    for (let i = 0; i < 5; i += 1) rows.push(seatRow(i, d, hooks));
    const count = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("newGame.count.aria") },
      [3, 4, 5].map((k) => {
        const input = h("input", { type: "radio", name: "ng-players", id: `ng-players-${k}`,
          value: String(k), "data-testid": `players-${k}`, checked: k === n });
        input.addEventListener("change", () => {
          n = k;
          paint();
          followHumans();
        });
        return h("label", { for: `ng-players-${k}` }, input, h("span", {}, String(k)));
      }));
    return { rows, colours, first, handover, count, paint, n: () => n,
      setPlayers: (k) => { n = k; count.querySelector(`#ng-players-${k}`).checked = true; paint(); } };
  }

  /** One click: you (the first seat's name) against two normal bots, no hand-over screen. */
  againstBots() {
    const f = this.fields;
    f.setPlayers(3);
    f.rows.forEach((r, i) => { r.kind.value = i === 0 ? "human" : "normal"; });
    f.handover.checked = false;
    return this.start();
  }

  /** Say why the screen cannot start this game, in words that follow a change of language
   * (the screen is then opened again, and says it again).
   * @param {() => string} words */
  refuse(words) {
    this.refusal = words;
    return this.dialog.error(words());
  }

  async start() {
    const f = this.fields;
    const dlg = this.dialog;
    const n = f.n();
    const names = f.rows.slice(0, n).map((r) => r.name.value.trim());
    if (names.some((x) => !x)) return this.refuse(() => t("newGame.needName"));
    const kinds = f.rows.slice(0, n).map((r) => r.kind.value);
    if (!kinds.includes("human")) return this.refuse(() => t("newGame.needHuman"));
    if (new Set(names.map((x) => x.toLowerCase())).size !== n) {
      return this.refuse(() => t("newGame.sameName"));
    }
    const typed = f.seed.value.trim();
    if (typed && (!/^\d{1,16}$/.test(typed) || Number(typed) > MAX_SEED)) {
      return this.refuse(() => t("newGame.badSeed"));
    }
    const seedText = typed || String(randomSeed());  // drawn now, never shown (R10)
    const options = {
      players: n, names, first_player: f.first.value === "" ? null : Number(f.first.value),
      scarce_laurels: f.v1.checked, open_hoards: f.v2.value, series: f.v3.checked,
      horizon: f.horizon.value,
    };
    const table = this.table;
    const view = table.view();
    if (view && view.log.length && view.stage !== "over") {
      const ok = await confirmDialog(t("newGame.confirm.title"), t("newGame.confirm.text"),
        { yes: t("newGame.confirm.yes"), testid: "new-game-confirm" });
      if (!ok) return undefined;
    }
    const reply = table.newGame(options, Number(seedText));
    if (!reply.ok) return this.refuse(() => errorWords(reply.error, { names }));
    dlg.close();
    const bots = {};
    kinds.forEach((k, seat) => {
      if (k !== "human") bots[String(seat)] = { level: k, seed: botSeed(Number(seedText), seat) };
    });
    table.setGame(reply.view, { colours: checkColours(f.colours.slice(0, n), n),
      settings: { handover: f.handover.checked }, bots });
    table.autosave();
    table.say(() => t("newGame.begins"));
    // focus on whose turn it is (not the page's body), without scrolling the board away
    // unless a keyboard user would lose sight of it
    const panel = document.getElementById("turn-panel");
    if (panel) focusInSight(panel, document.getElementById("turn-heading") ?? panel);
    return undefined;
  }
}

/** One seat's row: its chip, name, colour and kind (a human or a bot's level). */
function seatRow(i, d, hooks) {
  const name = h("input", { type: "text", id: `ng-name-${i}`, "data-testid": `name-${i}`,
    value: d.names[i], maxlength: "30", autocomplete: "off", required: true,
    "aria-label": t("newGame.name.aria", { n: i + 1 }) });
  name.addEventListener("input", hooks.refreshFirst);
  name.addEventListener("keydown", (event) => { if (event.key === "Enter") hooks.start(); });
  const colour = h("select", { id: `ng-colour-${i}`, "data-testid": `colour-${i}`,
    "aria-label": t("newGame.colour.aria", { n: i + 1 }) },
    COLOURS.map((c) => h("option", { value: c.key }, t(`colour.${c.key}`))));
  colour.addEventListener("change", () => hooks.chooseColour(i, colour.value));
  const kind = h("select", { id: `ng-kind-${i}`, "data-testid": `kind-${i}`,
    "aria-label": t("newGame.kind.aria", { n: i + 1 }) },
    h("option", { value: "human" }, t("newGame.human")),
    LEVELS.map((level) => h("option", { value: level }, t(`newGame.bot.${level}`))));
  kind.value = d.kinds[i];
  kind.addEventListener("change", () => {
    hooks.followHumans();
    if (kind.value !== "human") hooks.warmBots();  // its first answer comes sooner
  });
  const swatch = h("span", { class: "chip big", "aria-hidden": "true" }, String(i + 1));
  const row = h("li", { class: "seat-row" }, swatch, name, colour, kind);
  return { row, name, colour, swatch, kind };
}

/** The variants V1-V3 and the promise horizon (R11, R12), set as in the options given. */
function variantFields(o) {
  const v1 = h("input", { type: "checkbox", id: "ng-v1", "data-testid": "v1", checked: Boolean(o.scarce_laurels) });
  const v2 = h("select", { id: "ng-v2", "data-testid": "v2" },
    h("option", { value: "off" }, t("newGame.v2.off")),
    h("option", { value: "first_three" }, t("newGame.v2.firstThree")),
    h("option", { value: "every_entry" }, t("newGame.v2.every")));
  v2.value = o.open_hoards ?? "off";
  const v3 = h("input", { type: "checkbox", id: "ng-v3", "data-testid": "v3", checked: Boolean(o.series) });
  const horizon = h("select", { id: "ng-horizon", "data-testid": "horizon" },
    h("option", { value: "turn" }, t("newGame.horizon.turn")),
    h("option", { value: "next" }, t("newGame.horizon.next")),
    h("option", { value: "two" }, t("newGame.horizon.two")));
  horizon.value = o.horizon ?? "next";
  // the options are short (a phone's width); the whole rule is said under the choice
  const horizonHint = h("span", { class: "hint field-hint", id: "ng-horizon-hint" },
    t(`newGame.horizon.hint.${horizon.value}`));
  horizon.setAttribute("aria-describedby", "ng-horizon-hint");
  horizon.addEventListener("change", () => {
    horizonHint.textContent = t(`newGame.horizon.hint.${horizon.value}`);
  });
  return { v1, v2, v3, horizon, horizonHint };
}

/** The form's three parts (players, variants, the table's settings) and the way to Palatinus. */
function formBody(seats, variants, seed) {
  const { v1, v2, v3, horizon, horizonHint } = variants;
  const language = languageSwitch();
  language.id = "ng-language";
  language.dataset.testid = "new-game-language";
  return [
    h("fieldset", {}, h("legend", {}, t("newGame.players")),
      h("div", { class: "field" }, h("span", { "aria-hidden": "true" }, t("newGame.howMany")),
        seats.count),
      h("ol", { class: "seat-rows" }, seats.rows.map((r) => r.row)),
      h("ul", { class: "hint bot-levels", "data-testid": "bot-levels" },
        LEVELS.map((level) => h("li", {}, t(`newGame.bot.${level}.about`)))),
      h("p", { class: "field" }, h("label", { for: "ng-first" }, t("newGame.first")), seats.first)),
    h("fieldset", {}, h("legend", {}, t("newGame.variants")),
      h("p", { class: "field check" }, v1, h("label", { for: "ng-v1" }, t("newGame.v1"))),
      h("p", { class: "field" }, h("label", { for: "ng-v2" }, t("newGame.v2")), v2),
      h("p", { class: "field check" }, v3, h("label", { for: "ng-v3" }, t("newGame.v3"))),
      h("p", { class: "field" }, h("label", { for: "ng-horizon" }, t("newGame.horizon")),
        horizon, horizonHint)),
    h("fieldset", {}, h("legend", {}, t("newGame.table")),
      h("p", { class: "field" }, h("label", { for: "ng-language" }, t("newGame.language")),
        language),
      h("p", { class: "field check" }, seats.handover, h("label", { for: "ng-handover" },
        t("newGame.handover"))),
      h("p", { class: "field" }, h("label", { for: "ng-seed" }, t("newGame.seed")), seed),
      h("p", { class: "hint", id: "ng-seed-hint" }, t("newGame.seedHint"))),
    h("p", { class: "hint" }, h("a", { href: "./palatinus.html",
      "data-testid": "new-game-palatinus" }, t("palatinus.link.aria"))),
  ];
}
