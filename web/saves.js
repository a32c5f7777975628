// Saves: the running game autosaves after every action (localStorage) and resumes after a
// reload, even in the middle of a consent request (the engine replays seed + actions). A game
// can be exported to a .json file and imported from one; a file is checked on a separate
// engine table first, so a corrupt or foreign file changes nothing, autosave included.

import { confirmDialog, messageDialog } from "./dialogs.js";

export const AUTOSAVE_KEY = "quo-vadis.autosave";
const MAX_FILE_BYTES = 5_000_000;

export class Saves {
  constructor(app) {
    this.app = app;
    this.input = document.getElementById("import-file");
    document.getElementById("export").addEventListener("click", () => this.exportFile());
    document.getElementById("import").addEventListener("click", () => this.input.click());
    this.input.addEventListener("change", () => {
      const file = this.input.files?.[0];
      this.input.value = "";
      if (file) this.importFile(file);
    });
  }

  meta() {
    const m = this.app.meta;
    return { app: "quo-vadis-web", colours: m.colours, settings: m.settings, bots: m.bots };
  }

  saveText() {
    const reply = this.app.engine.save(this.meta());
    if (!reply.ok) throw new Error(reply.error.message);
    return JSON.stringify(reply.save);
  }

  autosave() {
    try {
      localStorage.setItem(AUTOSAVE_KEY, this.saveText());
      document.documentElement.dataset.saved = String(this.app.view.log.length);
    } catch (error) {
      this.app.say(`The game could not be autosaved: ${error.message}`, "error");
    }
  }

  /** Resume the autosaved game; false when there is none or it cannot be read. */
  resume() {
    let text = null;
    try {
      text = localStorage.getItem(AUTOSAVE_KEY);
    } catch {
      return false;
    }
    if (!text) return false;
    const reply = this.app.engine.load(text);
    if (!reply.ok) {
      this.app.say(`The autosaved game could not be resumed (${reply.error.message}). It stays ` +
        "stored until you start a new game.", "error");
      return false;
    }
    this.app.setGame(reply.view, reply.meta);
    this.app.say(`Welcome back: the game resumes after ${reply.view.log.length} actions.`);
    return true;
  }

  exportFile() {
    const app = this.app;
    if (!app.view) return;
    const text = this.saveText();
    const blob = new Blob([text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `quo-vadis-${app.view.log.length}-actions.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    app.say(`Saved to the file ${a.download}. It holds the whole game, hidden laurels ` +
      "included: keep it from the other players while the game runs.");
  }

  async importFile(file) {
    const app = this.app;
    const refuse = (why) => messageDialog("This file cannot be opened", why,
      "Your current game and its autosave are unchanged.");
    if (file.size > MAX_FILE_BYTES) return refuse("The file is too large to be a saved game.");
    let text;
    try {
      text = await file.text();
    } catch (error) {
      return refuse(`The file could not be read: ${error.message}`);
    }
    const probe = app.engine.validate(text);
    if (!probe.ok) return refuse(probe.error.message);
    if (app.view && app.view.log.length && app.view.stage !== "over") {
      const ok = await confirmDialog("Replace the current game?",
        `The game in “${file.name}” (${probe.view.log.length} actions) replaces the one on the ` +
        "table, and its autosave.", { yes: "Open it", testid: "import-confirm" });
      if (!ok) return undefined;
    }
    const reply = app.engine.load(text);
    if (!reply.ok) return refuse(reply.error.message);
    app.setGame(reply.view, reply.meta);
    this.autosave();
    app.say(`Opened ${file.name}: ${reply.view.log.length} actions.`);
    return undefined;
  }
}
