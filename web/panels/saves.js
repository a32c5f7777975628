// Saves: the running game autosaves after every action (localStorage) and resumes after a
// reload, even in the middle of a consent request (the engine replays seed + actions). A game
// can be exported to a .json file and imported from one; a file is checked on a separate
// engine table first, so a corrupt or foreign file changes nothing, autosave included.
//
// A save is never silently older than the game: when the browser refuses an autosave (its
// storage is full), a warning stays on screen with the number of unsaved actions and a button
// that saves to a file, leaving the page asks first, and a small note in storage makes the
// next visit say how many actions were lost. An autosave the engine refuses opens a dialog
// that keeps it as a file or starts anew, instead of an empty table.

import { downloadText as download, h } from "./dom.js";
import { openWorded, confirmWorded, messageWorded } from "./worded-dialog.js";
import { t } from "../words/i18n.js";
import { errorWords } from "../words/error-words.js";

export const AUTOSAVE_KEY = "quo-vadis.autosave";
/** {saved, actions}: the autosave holds `saved` actions, the game had `actions` */
export const BEHIND_KEY = "quo-vadis.autosave-behind";
const MAX_FILE_BYTES = 5_000_000;
const root = document.documentElement;

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** The game's meta: the seats' colours, the settings, the bots.
 * @typedef {{colours?: string[], settings?: object, bots?: object}} Meta */

/**
 * What the saves need from the table, and nothing else.
 * @typedef {object} SavesTable
 * @property {() => View | null} view  the onlooker's view, with its log
 * @property {() => Meta | null} meta  the running game's meta
 * @property {(meta: object) => {ok: boolean, save?: object, error?: ErrorData}} save  the
 *   engine's save of the running game, with this meta
 * @property {(text: string) => {ok: boolean, view?: View, meta?: Meta, error?: ErrorData}} load
 *   replace the running game by a saved one (a bad save changes nothing)
 * @property {(text: string) => {ok: boolean, actions?: number, error?: ErrorData}} checkSave
 *   whether a save would load and how many actions it holds, the running game untouched
 * @property {(view: View, meta: Meta) => void} setGame  start showing a game
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 * @property {() => boolean} ownsTab  whether this tab plays the game (not another tab)
 * @property {() => void} openNewGame  open the new game screen
 */

export class Saves {
  /** @param {SavesTable} table */
  constructor(table) {
    this.table = table;
    this.savedActions = null;  // how many actions the autosave holds (null: unknown)
    this.pending = false;      // the game changed since the last autosave (later())
    this.warning = h("div", { class: "save-warning", "data-testid": "save-warning",
      role: "alert", hidden: true });
    document.getElementById("message").after(this.warning);
    // Another tab wrote the autosave while this one plays: it did so just before this tab
    // took the game over (tabs.js). Its save is the newer one: continue from it.
    window.addEventListener("storage", (event) => {
      if (event.key === AUTOSAVE_KEY && event.newValue && this.table.ownsTab()
          && event.newValue !== this.lastText) {
        this.resume();
      }
    });
    // a save still pending when the page is hidden or left is written then: a hidden page may
    // be discarded without another word
    window.addEventListener("pagehide", () => this.flush());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flush();
    });
    window.addEventListener("beforeunload", (event) => {
      this.flush();
      if (!this.warning.hidden) event.preventDefault();  // unsaved actions: ask first
    });
    this.input = /** @type {HTMLInputElement} */ (document.getElementById("import-file"));
    document.getElementById("export").addEventListener("click", () => this.exportFile());
    document.getElementById("import").addEventListener("click", () => this.chooseFile());
    this.input.addEventListener("change", () => {
      const file = this.input.files?.[0];
      this.input.value = "";
      if (file) this.importFile(file);
    });
  }

  meta() {
    const m = this.table.meta();
    return { app: "quo-vadis-web", colours: m.colours, settings: m.settings, bots: m.bots };
  }

  saveText() {
    const reply = this.table.save(this.meta());
    if (!reply.ok) throw new Error(reply.error.message);
    return JSON.stringify(reply.save);
  }

  /** The game changed: autosave it in a moment (the view's last step, App.showAction), or at
   * once if the page is hidden or left before (flush). */
  later() { this.pending = true; }

  /** Write the autosave now if one is pending. */
  flush() {
    if (this.pending) this.autosave();
  }

  autosave() {
    this.pending = false;
    if (!this.table.ownsTab()) return;  // another tab plays this game now
    const actions = this.table.view().log.length;
    try {
      this.lastText = this.saveText();
      localStorage.setItem(AUTOSAVE_KEY, this.lastText);
    } catch (error) {
      this.behind(actions, error);
      return;
    }
    this.savedActions = actions;
    root.dataset.saved = String(actions);
    if (!this.warning.hidden) {
      this.warning.hidden = true;
      delete root.dataset.saveBehind;
      try { localStorage.removeItem(BEHIND_KEY); } catch { /* nothing to clear */ }
    }
  }

  /** The autosave failed: say so until a later one succeeds, and leave a note for next time. */
  behind(actions, error) {
    const saved = this.savedActions ?? 0;
    const lost = actions - saved;
    try {
      localStorage.setItem(BEHIND_KEY, JSON.stringify({ saved, actions }));
    } catch {
      // storage refuses even the note: the warning and the question on leaving remain
    }
    this.behindState = { lost, error };
    this.showBehind();
    this.warning.hidden = false;
    root.dataset.saveBehind = String(lost);
  }

  /** The warning about unsaved actions, in the chosen language. */
  showBehind() {
    const { lost, error } = this.behindState;
    const reason = error?.name === "QuotaExceededError" ? t("saves.behind.full")
      : t("saves.behind.refused", { message: error?.message ?? String(error) });
    this.warning.replaceChildren(
      h("p", {}, t("saves.behind.text", { reason, count: lost })),
      h("button", { type: "button", class: "btn primary", "data-testid": "save-warning-export",
        onclick: () => this.exportFile() }, t("saves.behind.export")));
  }

  /** Another language: the warning on screen follows it. */
  reword() {
    if (!this.warning.hidden && this.behindState) this.showBehind();
  }

  /** Resume the autosaved game; false when there is none (a refused one opens a dialog). */
  resume() {
    let text;
    let note;
    try {
      text = localStorage.getItem(AUTOSAVE_KEY);
      note = JSON.parse(localStorage.getItem(BEHIND_KEY) ?? "null");
    } catch {
      return false;
    }
    if (!text) return false;
    const reply = this.table.load(text);
    if (!reply.ok) {
      this.refused(text, reply.error);
      return true;
    }
    const count = reply.view.log.length;
    this.table.setGame(reply.view, reply.meta);
    this.savedActions = count;
    root.dataset.saved = String(count);
    const lost = note && Number(note.actions) > count ? Number(note.actions) - count : 0;
    // a finished game does not resume: it is there to be looked at and replayed
    const resumed = reply.view.stage === "over" ? "saves.resumedOver" : "saves.resumed";
    if (lost > 0) {
      this.table.say(() => t("saves.resumedLost", { resumed: t(resumed, { count }),
        count: lost }), "error");
    } else {
      this.table.say(() => t(resumed, { count }));
    }
    return true;
  }

  /** The engine refused the autosave (error): keep it as a file, or start anew. */
  refused(text, error) {
    const table = this.table;
    openWorded(() => ({
      title: t("saves.refusedAutosave.title"), testid: "resume-failed", escape: false,
      body: [
        h("p", { "data-testid": "resume-failed-reason" },
          t("saves.refusedAutosave.reason", { reason: errorWords(error) })),
        h("p", {}, t("saves.refusedAutosave.text")),
      ],
      actions: [
        { label: t("saves.refusedAutosave.keep"), testid: "resume-keep",
          onClick: () => download(text, "quo-vadis-unreadable-autosave.json") },
        { label: t("saves.refusedAutosave.newGame"), kind: "primary", testid: "resume-new",
          onClick: (d) => { d.close(); table.openNewGame(); } },
      ],
    }));
  }

  exportFile() {
    const table = this.table;
    const view = table.view();
    if (!view) return;
    const text = this.saveText();
    const name = t("saves.fileName", { count: view.log.length });
    download(text, name);
    table.say(() => t("saves.saved", { file: name }));
  }

  /** Ask for a saved game's file (from the top bar, or from the new game screen). */
  chooseFile() {
    this.input.click();
  }

  async importFile(file) {
    const table = this.table;
    // why() words the refusal: the dialog follows a change of language while it is open
    const refuse = (why) => messageWorded(() => ({ title: t("saves.refused.title"),
      lines: [why(), t("saves.refused.unchanged")] }));
    if (file.size > MAX_FILE_BYTES) return refuse(() => t("saves.tooLarge"));
    let text;
    try {
      text = await file.text();
    } catch (error) {
      return refuse(() => t("saves.unreadable", { message: error.message }));
    }
    const probe = table.checkSave(text);
    if (!probe.ok) return refuse(() => errorWords(probe.error));
    const view = table.view();
    if (view && view.log.length && view.stage !== "over") {
      const ok = await confirmWorded(() => ({ title: t("saves.replace.title"),
        text: t("saves.replace.text", { file: file.name, count: probe.actions }),
        yes: t("saves.replace.yes") }), "import-confirm");
      if (!ok) return undefined;
    }
    const reply = table.load(text);
    if (!reply.ok) return refuse(() => errorWords(reply.error));
    table.setGame(reply.view, reply.meta);
    this.autosave();
    const count = reply.view.log.length;
    table.say(() => t("saves.opened", { file: file.name, count }));
    return undefined;
  }
}
