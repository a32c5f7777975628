// The Palatinus page's entry point. It starts Python exactly as the Quo Vadis page does
// (engine-loader.js restores the same snapshot, taken after `import qvcore.jsapi`), then
// imports the Palatinus bridge from the same wheel. Marks <html data-engine="loading|ready|
// error"> as the Quo Vadis page does; tests wait on it.

import { loadEngine } from "../boot/engine-loader.js";

const root = document.documentElement;
/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/** t() of i18n.js once the catalogs are there; the loader speaks English before. */
let say = null;

const pyodide = loadEngine(({ key, params, fraction, message }) => {
  const words = say && key ? say(key, params) : message;
  // the same words again are not written again: the status line is read out when it changes
  if ($("status").textContent !== words) $("status").textContent = words;
  $("progress").value = fraction;
});
pyodide.catch(() => {});
const modules = Promise.all([import("../words/i18n.js"), import("./engine.js"),
  import("./board.js"), import("./table.js"), import("./saves.js"), import("../words/page-text.js"),
  import("../boot/tabs.js"), import("../panels/dialogs.js"), import("./new-game.js")]);

/** The page's static words in the chosen language, and the board's key (board.js).
 * @param {(key: string) => string} t @param {() => Element[]} boardKey */
function word(t, boardKey) {
  document.title = t("palatinus.title");
  const text = { "pal-new": "palatinus.new", "pal-export": "palatinus.save",
    "pal-import": "palatinus.open", "pal-back": "palatinus.back",
    "pal-players-heading": "palatinus.players", "pal-log-heading": "palatinus.log" };
  for (const [id, key] of Object.entries(text)) $(id).textContent = t(key);
  $("pal-rules").textContent = t("palatinus.rules");
  $("new-tab-note").textContent = t("page.newTab");
  $("pal-rules").setAttribute("href", `palatinus/rules/${t("palatinus.rules.lang")}.html`);
  $("pal-board").setAttribute("aria-label", t("palatinus.board"));
  $("pal-board-wrap").setAttribute("aria-label", t("palatinus.board"));
  document.querySelector("nav.menu")?.setAttribute("aria-label", t("palatinus.menu"));
  $("pal-key").replaceChildren(...boardKey());
}

async function main() {
  const [i18n, { PalEngine }, { PalBoard, boardKey }, { PalTable }, saves, pageText, { TabLock },
    dialogs, { openNewGameForm }] = await modules;
  const { t } = i18n;
  await i18n.ready.catch(() => {});
  say = t;
  $("pal-turn-heading").textContent = t("page.preparing");
  word(t, boardKey);
  document.querySelector("nav.menu")?.append(pageText.languageSwitch());
  /** @type {import("./table.js").PalTable} */
  let table;
  // one tab per game (tabs.js): the lock is named after this game's autosave, so a Quo Vadis
  // tab and a Palatinus tab both play, but a second Palatinus tab offers to take over; asked
  // now, answered by the time Python is ready
  const tab = new TabLock({ game: saves.AUTOSAVE_KEY, elsewhere: "palatinus.tabs.elsewhere",
    lost: "palatinus.tabs.lost", onTakeOver: () => {
      const saved = saves.readAutosave();
      if (!saved || !table.load(saved)) newGameForm();
    } });
  tab.claimFirst();
  let engine;
  try {
    engine = new PalEngine(await pyodide);
  } catch (error) {
    tab.release();  // a page that cannot play leaves the game to another tab
    root.dataset.engine = "error";
    root.dataset.engineError = String(error?.message ?? error);
    $("status").textContent = root.dataset.engineError;
    return;
  }
  const data = engine.board();
  const board = new PalBoard($("pal-board"), data);
  table = new PalTable(engine, board, { panel: $("pal-panel"), players: $("pal-players"),
    log: $("pal-log"), heading: $("pal-turn-heading"), message: $("pal-message"),
    choice: $("pal-choice"), announcer: $("pal-announce") });
  $("pal-loading").hidden = true;
  table.mayAct = () => {
    if (tab.owner) return true;
    tab.showElsewhere();
    return false;
  };
  // another tab wrote this game's autosave (just before this one took over): continue from it
  addEventListener("storage", (event) => {
    if (event.key === saves.AUTOSAVE_KEY && event.newValue && tab.owner
      && event.newValue !== table.lastSaved) table.load(event.newValue);
  });

  const newGameForm = () => openNewGameForm(table, board);
  // Escape on the form does what its way back to a game does, when it offers one
  addEventListener("keydown", (event) => {
    const back = /** @type {HTMLElement|null} */ (
      $("pal-panel").querySelector('[data-testid="pal-resume"]'));
    if (event.key !== "Escape" || !back || event.defaultPrevented) return;
    if (document.querySelector("dialog[open]")) return;  // a dialog's Escape is its own
    event.preventDefault();
    back.click();
  });

  $("pal-new").addEventListener("click", () => openNewGameForm(table, board, true));
  $("pal-export").addEventListener("click", () => {
    const save = table.saveData();
    if (!save) return;
    saves.download(save, "palatinus.json");
    // the file replays the whole game, face-down inhabitants included (palatinus-rulings #17)
    table.say(() => t("palatinus.saved", { file: "palatinus.json" }));
  });
  $("pal-import").addEventListener("click", () => $("pal-import-file").click());
  $("pal-import-file").addEventListener("change", async () => {
    const input = $("pal-import-file");
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const text = await file.text();
    if (table.view && table.view.stage !== "over" && table.actions > 0) {
      // a file the engine refuses changes nothing and needs no question
      const probe = engine.checkSave(text);
      if (!probe.ok) return void table.fail(probe.error);
      const ok = await dialogs.confirmDialog(t("saves.replace.title"),
        t("saves.replace.text", { file: file.name, count: probe.actions }),
        { yes: t("saves.replace.yes"), testid: "pal-open-confirm" });
      if (!ok) return;
    }
    if (!table.load(text)) return;
    $("pal-export").disabled = false;
    const count = table.actions;
    table.say(() => t("saves.opened", { file: file.name, count }));
  });
  addEventListener(i18n.CHANGE_EVENT, () => {
    word(t, boardKey);
    table.reword();
    if (table.view) table.render();
    else newGameForm();
  });
  for (const id of ["pal-new", "pal-import"]) $(id).disabled = false;
  // a reload goes on with the game this browser saved, as Quo Vadis? does (the tab that plays
  // it only: another tab offers to take over)
  const claimed = await tab.claimFirst();
  // taken over while Python loaded: the notice says so
  const saved = claimed && tab.owner ? saves.readAutosave() : null;
  if (saved && table.load(saved)) {
    $("pal-export").disabled = false;
    // a finished game does not resume: it is there to be looked at and replayed
    const count = table.actions;
    const over = table.view?.stage === "over";
    table.say(() => t(over ? "saves.resumedOver" : "saves.resumed", { count }));
  } else {
    newGameForm();
  }
  if (!claimed) tab.showElsewhere();
  root.dataset.engine = "ready";
  Object.assign(window, { __pal: { table, engine } });
}

main().catch((error) => {
  console.error(error);
  root.dataset.engine = "error";
  root.dataset.engineError = String(error?.message ?? error);
  $("status").textContent = root.dataset.engineError;
});
