// The Palatinus engine as seen from JavaScript: one qvcore.palatinus.jsapi.Table, called with
// JSON strings (docs/palatinus-protocol.md). Replies are parsed by the Quo Vadis wrapper's
// Engine.call: {ok: true, ...} or {ok: false, error: {rule, code, message, params}}.

import { Engine } from "../engine/engine.js";

export class PalEngine {
  /** @param {any} pyodide a Pyodide with the wheel on its path */
  constructor(pyodide) {
    pyodide.runPython("from qvcore.palatinus.jsapi import Table as _PalTable");
    const Table = pyodide.globals.get("_PalTable");
    this.table = Table();
    Table.destroy();
  }

  /** @param {string} name @param {...any} args */
  call(name, ...args) { return Engine.call(this.table[name], ...args); }

  board() { return this.call("board"); }

  /** @param {object} options @param {number} seed */
  newGame(options, seed) { return this.call("new_game", JSON.stringify(options), seed); }

  /** @param {string} text */
  load(text) { return this.call("load", text); }
  checkSave(text) { return this.call("check_save", text); }

  /** @param {any} meta */
  save(meta) { return this.call("save", JSON.stringify(meta ?? null)); }

  /** The onlooker's view, with the log. */
  view() { return this.call("view"); }

  /** One seat's own view without the log: only for that seat's eyes (P8). @param {number} seat */
  seatView(seat) { return this.call("seat_view", seat); }

  /** @param {object} action */
  act(action) { return this.call("act", JSON.stringify(action)); }

  /** @param {number} count */
  undo(count) { return this.call("undo", count); }

  /** Whether undo(count) would be refused, and why; takes nothing back.
   * @param {number} count */
  checkUndo(count) { return this.call("check_undo", count); }

  /** The onlooker's view after the first `length` actions of a finished game (P8).
   * @param {number} length */
  replayView(length) { return this.call("replay_view", length); }
}
