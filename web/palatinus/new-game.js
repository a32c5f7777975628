// Palatinus's new-game form, in the side panel: how many seats, each one's name and whether a
// person or a bot (Easy, Hard) plays it; Start hands them and a seed drawn here (never shown) to
// the table (over a running game, once the player agrees), and a running or saved game is
// offered back.

import { focusInSight, h, replace } from "../panels/dom.js";
import { t, defaultNames, getLanguage } from "../words/i18n.js";
import { randomSeed } from "../engine/seeds.js";
import { confirmDialog } from "../panels/dialogs.js";
import * as saves from "./saves.js";
import { LEVELS } from "./bots.js";

const root = document.documentElement;
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/** Seat i's name unless another is typed (i18n.js defaultNames). @param {number} i */
const defaultName = (i) => defaultNames()[i] ?? String(i + 1);

/** The seats as filled in on the form on screen, or null when it is not there: the form drawn
 * again (a switch of language, New game pressed again) keeps them, but for a name left as its
 * language's default, which follows the new language.
 * @returns {{name: string, kind: string}[] | null} */
function seatsOnForm() {
  const rows = document.querySelector("#pal-panel .pal-seat-rows");
  if (!(rows instanceof HTMLElement)) return null;
  const defaults = defaultNames(rows.dataset.lang);
  return [...rows.querySelectorAll("fieldset")].map((f, i) => {
    const name = /** @type {HTMLInputElement} */ (f.querySelector("input")).value;
    return { name: name === defaults[i] ? defaultName(i) : name,
      kind: /** @type {HTMLSelectElement} */ (f.querySelector("select")).value };
  });
}

/** The new-game form in the side panel: 2–5 seats, each a person or a bot (Easy, Hard); Start
 * begins the set-up, and a game running or saved is one click away.
 * @param {import("./table.js").PalTable} table @param {import("./board.js").PalBoard} board
 * @param {boolean} [asked] opened by the menu's button: the focus goes to the form's heading,
 *   which names it (the button stays where it was, and would say nothing of the change) */
export function openNewGameForm(table, board, asked = false) {
  // opened in the middle of a game, or drawn again over one: it stays on the board, and the
  // form leads back to it (and asks before Start ends it)
  const running = (table.view !== null && table.view.stage !== "over") || table.formOverGame;
  table.formOverGame = running;
  // what the form on screen holds, else the last table's players, names and bots, as Quo
  // Vadis? keeps them
  const last = seatsOnForm() ?? table.seats;
  table.view = null;
  if (running) {
    delete root.dataset.palStage;
    table.say("");
  } else {
    table.clearTable();
  }
  $("pal-turn-heading").textContent = t("palatinus.start.heading");
  table.clearChoice();
  $("pal-export").disabled = true;
  const count = h("select", { id: "pal-count", "data-testid": "pal-count" },
    [2, 3, 4, 5].map((n) => h("option", { value: String(n) }, String(n))));
  count.value = String(last.length || 3);
  const rows = h("div", { class: "pal-seat-rows", "data-lang": getLanguage() });
  const fill = () => {
    const n = Number(count.value);
    const old = [...rows.querySelectorAll("fieldset")].map((f) => ({
      name: /** @type {HTMLInputElement} */ (f.querySelector("input")).value,
      kind: /** @type {HTMLSelectElement} */ (f.querySelector("select")).value }));
    replace(rows, Array.from({ length: n }, (_, i) => {
      const name = h("input", { type: "text", maxlength: "30", id: `pal-name-${i}`,
        "data-testid": `pal-name-${i}`, value: old[i]?.name ?? last[i]?.name ?? defaultName(i) });
      const kind = h("select", { id: `pal-seat-${i}`, "data-testid": `pal-seat-${i}` },
        ["human", ...LEVELS].map((k) => h("option", { value: k },
          t(`palatinus.level.${k}`))));
      kind.value = old[i]?.kind ?? last[i]?.kind ?? "human";
      return h("fieldset", { class: "pal-seat-row" },
        h("legend", {}, t("palatinus.start.seat", { n: i + 1 })),
        h("label", { for: `pal-name-${i}` }, t("palatinus.start.name")), name,
        h("label", { for: `pal-seat-${i}` }, t("palatinus.start.who")), kind);
    }));
  };
  count.addEventListener("change", fill);
  fill();
  const start = async () => {
    const seats = [...rows.querySelectorAll("fieldset")].map((f, i) => ({
      name: /** @type {HTMLInputElement} */ (f.querySelector("input")).value.trim()
        || defaultName(i),
      kind: /** @type {HTMLSelectElement} */ (f.querySelector("select")).value }));
    // a running game ends only when asked, as Quo Vadis? asks
    if (running && !await confirmDialog(t("newGame.confirm.title"), t("newGame.confirm.text"),
      { yes: t("newGame.confirm.yes"), testid: "new-game-confirm" })) return;
    if (!table.start(seats, randomSeed())) return;
    $("pal-export").disabled = false;
    // the form was long (a phone scrolled to its Start): the set-up begins on the board
    $("pal-board").scrollIntoView({ block: "nearest" });
  };
  const saved = saves.readAutosave();
  replace($("pal-panel"),
    h("p", {}, t("palatinus.start.intro")),
    h("p", {}, h("label", { for: "pal-count" }, t("palatinus.start.count")), " ", count),
    rows,
    // what each bot does, in a sentence, as Quo Vadis?'s form says of its own
    h("ul", { class: "hint bot-levels", "data-testid": "pal-bot-levels" },
      LEVELS.map((level) => h("li", {}, t(`palatinus.level.${level}.about`)))),
    h("p", { class: "pal-row" },
      h("button", { type: "button", class: "btn primary", "data-testid": "pal-start",
        onclick: start }, t("palatinus.start.go")),
      saved ? h("button", { type: "button", class: "btn", "data-testid": "pal-resume",
        onclick: () => {
          if (!table.load(saved)) return;
          $("pal-export").disabled = false;
          // the game's screen is back under a focus that may not move (its heading): say it
          table.announce($("pal-turn-heading").textContent ?? "");
        } },
      t(running ? "palatinus.start.back" : "palatinus.start.resume"))
        : null));
  if (asked) focusInSight($("pal-turn-heading"));
  // the seven places, empty, unless a game is running (the engine keeps it as it is)
  if (!running) {
    board.draw({ board: [], springs: [], players: [], tiles: Array.from({ length: 7 },
      (_, slot) => ({ slot, letter: null, rotation: null, token: null, hill: slot * 7 })) });
  }
}
