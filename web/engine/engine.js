// The rules engine as seen from JavaScript: one qvcore.jsapi.Table, called with JSON strings.
// Every method returns the parsed reply: {ok: true, ...} or {ok: false, error: {rule, code,
// message, params}}. No rule is decided here. A Python exception (a bug, or input so odd
// that the engine fails on it) becomes such an error too, with its last line as the message.

export class Engine {
  constructor(pyodide) {
    pyodide.runPython("from qvcore.jsapi import Table as _QvTable");
    const Table = pyodide.globals.get("_QvTable");
    this.table = Table();
    Table.destroy();
    // bound methods, looked up once
    const t = this.table;
    this.m = {
      newGame: t.new_game, load: t.load, save: t.save, view: t.view, act: t.act,
      check: t.check, undo: t.undo, checkUndo: t.check_undo, replayView: t.replay_view,
      checkSave: t.check_save,
      hoard: t.hoard, events: t.events, firstView: t.first_view, seatView: t.seat_view,
    };
  }

  /** Call a Table method and parse its reply; a thrown Python error becomes an error reply. */
  static call(method, ...args) {
    let text;
    try {
      text = method(...args);
    } catch (error) {
      const lines = String(error?.message ?? error).trim().split("\n");
      console.error(error);
      return { ok: false, error: { rule: "engine", code: "crash",
        message: `the engine failed (${lines[lines.length - 1]})` } };
    }
    return Engine.reply(text);
  }

  static reply(text) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return { ok: false, error: { rule: "engine", code: "bad_reply", message: String(error) } };
    }
  }

  newGame(options, seed) { return Engine.call(this.m.newGame, JSON.stringify(options), seed); }

  /** Replace the running game by a saved one (a JSON string); a bad save changes nothing. */
  load(saveText) { return Engine.call(this.m.load, saveText); }

  /** Whether a save (a JSON string) would load, and how many actions it holds
   * ({ok, actions}); the running game is not touched. */
  checkSave(saveText) { return Engine.call(this.m.checkSave, saveText); }

  save(meta) { return Engine.call(this.m.save, JSON.stringify(meta ?? null)); }

  /** view() is the onlooker's view; view(seat) adds that seat's hoard and legal actions. */
  view(seat) {
    return seat === undefined || seat === null ? Engine.call(this.m.view)
      : Engine.call(this.m.view, seat);
  }

  /** One seat's view without the log, for that seat's decision (its hoard, its legal actions). */
  seatView(seat) { return Engine.call(this.m.seatView, seat); }

  act(action) { return Engine.call(this.m.act, JSON.stringify(action)); }

  check(action) { return Engine.call(this.m.check, JSON.stringify(action)); }

  undo(count = 1) { return Engine.call(this.m.undo, count); }

  /** Whether undo(count) would be refused, and why ({ok} or {ok: false, error}); takes
   * nothing back. */
  checkUndo(count = 1) { return Engine.call(this.m.checkUndo, count); }

  replayView(length) { return Engine.call(this.m.replayView, length); }

  /** One seat's view of the game's set-up, before any action (where a bot starts from). */
  firstView(seat) { return Engine.reply(this.m.firstView(seat)); }

  /** The public events from action `start` on (no secret in them, R10), for the bots. */
  events(start = 0) {
    const reply = Engine.reply(this.m.events(start));
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.events;
  }

  /** One seat's own hoard and total, for that seat's eyes only; nothing is kept. */
  hoard(seat) {
    const reply = Engine.call(this.m.hoard, seat);
    return reply.ok ? { hoard: reply.hoard, total: reply.total } : null;
  }
}
