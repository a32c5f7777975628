// Bot seats at the table. Which seats are bots (their level and seed) lives in the game's
// meta (saved with it); the bots themselves think in a module Web Worker (bot-worker.js) with
// its own Pyodide, started only once a game with bots is on the table, so the first load of the
// page is not slowed down. The worker is sent a bot seat's own view and the public events, never
// the full state, the seed or the save (R10).
//
// After every new view the page calls sync(): if a bot is among the seats the table waits for
// (bots answer before humans), it is asked to decide at once; its action is played no earlier
// than the visible pause after the question (the pause overlaps the thinking) and reads in the
// log like anyone's. Marks <html data-bots="none|loading|thinking|waiting|idle|paused|error">
// (waiting: decided, held until a dialog or the replay closes) and data-bot-thinking="<seat>"
// for tests and benchmarks.
//
// The pause: ?botpause=<ms> in the URL, else localStorage "quo-vadis.bot-pause-ms", else 700 ms.

import { shareRuntime } from "../boot/engine-loader.js";
import { confirmUndo, openDialog } from "../panels/dialogs.js";
import { h } from "../panels/dom.js";
import { t } from "../words/i18n.js";
import { turnMeta } from "../words/turn-meta.js";
import { isSeed, randomSeed } from "../engine/seeds.js";

export const LEVELS = ["easy", "normal", "hard"];
export const PAUSE_KEY = "quo-vadis.bot-pause-ms";
export const DEFAULT_PAUSE_MS = 700;
const HOLD_MS = 200;

const root = document.documentElement;

/** The visible pause before a bot's move shows, in ms. */
export function botPauseMs() {
  const fromUrl = new URLSearchParams(location.search).get("botpause");
  let stored = null;
  try {
    stored = localStorage.getItem(PAUSE_KEY);
  } catch {
    // storage blocked: the default
  }
  for (const text of [fromUrl, stored]) {
    if (text !== null && /^\d{1,6}$/.test(text.trim())) return Number(text);
  }
  return DEFAULT_PAUSE_MS;
}

/** A fresh bot seed (a seat that a bot takes over mid-game: the game's seed is secret, R10). */
function randomBotSeed() {
  return randomSeed();
}

/** The bot seats of a meta, checked: {"<seat>": {level, seed}} for seats 0..n-1 only. */
export function checkBots(raw, n) {
  const out = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    const seat = Number(key);
    if (!Number.isInteger(seat) || seat < 0 || seat >= n || String(seat) !== key) continue;
    if (!value || !LEVELS.includes(value.level)) continue;
    const seed = isSeed(value.seed) ? value.seed : randomSeed();
    out[key] = { level: value.level, seed };
  }
  // a table of bots only would play by itself: keep at least one human seat
  if (Object.keys(out).length >= n) delete out[String(n - 1)];
  return out;
}

/** A seat's own view, as sent to its bot: the seed is not the bot's business (R10). */
function botView(view) {
  const rest = { ...view };
  delete rest.seed;
  return rest;
}

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").LogLine} LogLine */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** The bot seats, as kept in the game's meta: {"<seat>": {level, seed}}.
 * @typedef {Record<string, {level: string, seed: string}>} BotSeats */

/**
 * What the bots need from the table (wired once, in app.js), and nothing else.
 * @typedef {object} BotsTable
 * @property {() => View | null} view  the onlooker's view of the running game
 * @property {{replay: unknown}} ui  the replay, if one is shown (bots wait meanwhile)
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {(seat: number) => string} name
 * @property {(seat: number) => {fill: string, ink: string}} colour
 * @property {(seat: number) => {ok: boolean, view?: View, error?: ErrorData}} seatView
 *   a bot seat's own view now (its legal actions)
 * @property {(seat: number) => {ok: boolean, view?: View, error?: ErrorData}} firstView
 *   a bot seat's own view of the game's set-up, where its bot starts from
 * @property {(start: number) => object[]} events  the public events from action `start` on
 * @property {(action: object, options?: {quiet?: boolean}) => {ok: boolean, error?: ErrorData}} act
 * @property {(count: number) => void} undo  take back this many actions
 * @property {(count: number) => boolean} mayUndo  whether they may be (if not, says why)
 * @property {(seats: BotSeats) => void} seatsChanged  a seat changed hands: keep the seats in
 *   the game's meta, let the seat's new player get its dialog, show the view again, autosave
 * @property {(entry: LogLine) => string} logWords  a log entry in words
 * @property {(error: ErrorData) => string} refusal  an engine's refusal in words
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 * @property {() => void} render
 */

export class Bots {
  /** @param {BotsTable} table */
  constructor(table) {
    this.table = table;
    this.seats = {};
    this.paused = false;
    this.worker = null;
    this.wanted = false;   // the worker should start (warm) or stay (release says no)
    this.warming = false;
    this.loaded = false;
    this.failed = null;
    this.fed = 0;          // events the worker's bots have seen
    this.dirty = true;     // the worker's bots must start over (new game, load, undo)
    this.pending = null;   // {id, seat, key, started, timer}
    this.nextId = 1;
    this.errors = 0;
    /** Decision times in ms: {seat, level, ms: thinking in the worker, wall: from the question
   * to the answer back in the page, shown: from the question to the move on the board} */
    this.stats = [];
    this.mark();
  }

  // -- seats ------------------------------------------------------------------------------

  /** Take the bot seats of a new, loaded or resumed game; returns them for the meta. */
  configure(raw, n) {
    this.cancel();
    this.seats = checkBots(raw, n);
    this.paused = false;
    this.dirty = true;
    this.mark();
    if (this.any()) this.warm();
    else this.release();
    return this.seats;
  }

  /** Start the bots' worker (its own Python) in idle time, before a bot is first asked: a bot
   * seat was chosen in the new game screen, or a game with bots is on the table. The first
   * answer then does not wait for the worker's start. */
  warm() {
    this.wanted = true;
    if (this.worker || this.warming) return;
    this.warming = true;
    const start = () => {
      this.warming = false;
      if (this.wanted && !this.worker && !this.failed) this.startWorker();
    };
    if (globalThis.requestIdleCallback) requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 200);
  }

  /** A table of humans: the bots' worker stops (a second Python's memory), or does not start,
   * until a bot seat is chosen again. */
  release() {
    this.wanted = false;
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.loaded = false;
    this.dirty = true;
  }

  /** The new game screen closed: once the game it started (if any) is on the table, the
   * worker stops unless a bot plays there. */
  coolSoon() {
    setTimeout(() => { if (!this.any()) this.release(); }, 0);
  }

  any() { return Object.keys(this.seats).length > 0; }

  isBot(seat) { return seat !== null && seat !== undefined && String(seat) in this.seats; }

  level(seat) { return this.seats[String(seat)]?.level ?? null; }

  /** A seat changes hands mid-game: a bot takes it (level) or a human does (null). At least
   * one seat stays human. The change is kept in the game's meta (saves, autosave, undo keep
   * it), and the bots start over from the public events. Returns whether it was made. */
  setSeat(seat, level) {
    const n = this.table.view()?.players.length ?? 0;
    const key = String(seat);
    if (!Number.isInteger(seat) || seat < 0 || seat >= n) return false;
    if (level !== null && !LEVELS.includes(level)) return false;
    const next = { ...this.seats };
    if (level === null) delete next[key];
    else next[key] = { level, seed: this.seats[key]?.seed ?? randomBotSeed() };
    if (Object.keys(next).length >= n) return false;  // somebody must stay at the table
    this.cancel();
    this.seats = next;
    this.failed = null;
    this.invalidate();
    // kept in the meta; the seat's new player gets its dialog, if it decides now
    this.table.seatsChanged(next);
    return true;
  }

  /** Ask who plays a seat from now on: a human, or a bot of a level (someone leaves the
   * table, or joins it). */
  openHands(seat) {
    const table = this.table;
    const view = table.view();
    if (!view || view.stage === "over" || table.ui.replay) return null;
    const now = this.level(seat);
    const humans = view.players.filter((p) => !this.isBot(p.seat)).length;
    const lastHuman = now === null && humans <= 1;
    const choose = (level) => (d) => { d.close(); this.setSeat(seat, level); };
    const actions = [
      { label: t("hands.human"), testid: "hands-human", disabled: now === null,
        onClick: choose(null) },
      ...LEVELS.map((level) => ({ label: t(`hands.bot.${level}`), testid: `hands-${level}`,
        disabled: now === level || lastHuman, onClick: choose(level) })),
      { label: t("dialog.cancel"), kind: "quiet", testid: "hands-cancel", onClick: (d) => d.close() },
    ];
    const body = [h("p", {}, t(now ? "hands.nowBot" : "hands.nowHuman",
      { name: table.name(seat), level: now ? t(`bot.level.${now}`) : "" }))];
    if (lastHuman) body.push(h("p", { class: "note" }, t("hands.lastHuman")));
    return openDialog({ title: t("hands.title", { name: table.name(seat) }), testid: "hands-dialog",
      body, actions });
  }

  /** The only human's seat when every other seat is a bot, else null. */
  soleHuman(view = this.table.view()) {
    if (!view || !this.any()) return null;
    const humans = view.players.map((p) => p.seat).filter((q) => !this.isBot(q));
    return humans.length === 1 ? humans[0] : null;
  }

  /** The bot seat that decides now (bots answer before humans), or null. */
  actor(view = this.table.view()) {
    if (!view || view.stage === "over" || this.table.ui.replay || !this.any()) return null;
    return view.waiting_for.find((q) => this.isBot(q)) ?? null;
  }

  /** The seat whose bot is thinking now, or null. */
  thinking() { return this.pending && !this.pending.held ? this.pending.seat : null; }

  /** Whether a bot has decided and waits for a dialog or the replay to close (play). */
  held() { return Boolean(this.pending?.held); }

  // -- playing ----------------------------------------------------------------------------

  /** After every new view: ask the bot whose decision the table waits for, if any. */
  sync() {
    const view = this.table.view();
    const seat = this.paused ? null : this.actor(view);
    const key = view ? `${view.seed}:${view.log.length}:${view.stage}:${seat}` : null;
    if (view && view.log.length < this.fed) this.dirty = true;  // taken back under the bots
    if (this.pending && this.pending.key === key && !this.dirty) return;
    this.cancel();
    if (seat === null) {
      this.mark();
      return;
    }
    // the question goes out in a task of its own, so that the page's update of the last move
    // and the bot's view are not one long main-thread task
    const p = { id: this.nextId++, seat, key, started: performance.now(), timer: null, stat: null };
    p.timer = setTimeout(() => this.ask(p), 0);
    this.pending = p;
    this.mark();
  }

  /** Send the worker the events it has not seen and the bot seat's own view. */
  ask(p) {
    if (this.pending !== p) return;
    try {
      this.feed();
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    const own = this.table.seatView(p.seat);
    if (!own.ok) {
      this.fail(this.table.refusal(own.error));
      return;
    }
    this.worker.postMessage({ type: "decide", id: p.id, seat: p.seat, view: botView(own.view) });
  }

  /** Bring the worker's bots up to the running game's public events. */
  feed() {
    const table = this.table;
    this.startWorker();
    if (this.dirty) {
      const events = table.events(0);
      const bots = Object.entries(this.seats).map(([key, b]) => {
        const first = table.firstView(Number(key));
        if (!first.ok) throw new Error(table.refusal(first.error));
        return { seat: Number(key), level: b.level, seed: b.seed, view: botView(first.view) };
      });
      this.worker.postMessage({ type: "reset", bots, events });
      this.fed = events.length;
      this.dirty = false;
      return;
    }
    const events = table.events(this.fed);
    if (events.length) this.worker.postMessage({ type: "observe", events });
    this.fed += events.length;
  }

  startWorker() {
    if (this.worker) return;
    performance.mark("qv:bots-worker");
    this.worker = new Worker(new URL("./bot-worker.js", import.meta.url), { type: "module" });
    shareRuntime(this.worker);  // its Python starts from the page's compiled runtime
    this.worker.addEventListener("message", (event) => this.onMessage(event.data));
    this.worker.addEventListener("error", (event) => {
      this.fail(event.message || t("bots.workerFailed"));
    });
  }

  onMessage(message) {
    if (message.type === "loaded") {
      this.loaded = true;
      this.loadMs = message.ms;
      this.mark();
      if (this.pending && this.table.view()) this.table.render();
    } else if (message.type === "failed") {
      this.fail(message.message);
    } else if (message.type === "decision") {
      const p = this.pending;
      if (!p || p.id !== message.id) return;  // the game moved on meanwhile
      const wall = performance.now() - p.started;
      p.stat = { seat: p.seat, level: this.level(p.seat), ms: message.ms, wall, shown: null };
      this.stats.push(p.stat);
      const wait = Math.max(0, p.started + botPauseMs() - performance.now());
      p.timer = setTimeout(() => this.play(p, message.reply), wait);
    }
  }

  /** Play a bot's decision, if the table still waits for it; held while a human is busy in a
   * dialog (a new game being set up, a confirmation...) or stepping through the replay. */
  play(p, reply) {
    if (this.pending !== p) return;
    if (this.table.ui.replay || document.querySelector("dialog[open]")) {
      p.timer = setTimeout(() => this.play(p, reply), HOLD_MS);
      if (!p.held) {  // decided: the table says it waits, not that it is thinking
        p.held = true;
        this.mark();
        this.table.render();
      }
      return;
    }
    this.pending = null;
    p.stat.shown = performance.now() - p.started;
    const table = this.table;
    if (reply.ok) {
      const result = table.act(reply.action, { quiet: true });
      if (result.ok) return;
      this.report(p.seat, result.error.message);
    } else {
      this.report(p.seat, reply.error?.message ?? "no decision");
    }
    // the table must not stall: the seat's first legal action instead
    const own = table.seatView(p.seat);
    const fallback = own.ok ? own.view.legal.find((a) => a.player === p.seat) : null;
    if (fallback) table.act(fallback);
    else this.mark();
  }

  report(seat, message) {
    this.errors += 1;
    root.dataset.botErrors = String(this.errors);
    console.error(`bot in seat ${seat}: ${message}`);
  }

  fail(message) {
    this.cancel();
    this.failed = message;
    this.worker?.terminate();
    this.worker = null;
    this.dirty = true;
    this.mark();
    this.table.render();  // the turn panel says it once, with Retry and a human taking over
  }

  /** Forget a pending decision (the game changed under it). */
  cancel() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }

  /** The game was replaced or taken back: the bots start over from the events. */
  invalidate() {
    this.cancel();
    this.dirty = true;
  }

  pause() {
    this.paused = true;
    this.cancel();
    this.table.render();
    this.mark();
  }

  resume() {
    this.paused = false;
    this.failed = null;
    this.table.render();
    this.sync();
  }

  /** How many actions Undo takes back at this table: back to the last decision of a human
   * (0: none is in the log). */
  undoCount() {
    const log = this.table.view()?.log ?? [];
    let i = log.length - 1;
    while (i >= 0 && this.isBot(log[i].player)) i -= 1;
    return i < 0 ? 0 : log.length - i;
  }

  /** Undo back to (and including) the last decision of a human, bots' actions after it too. */
  async undo() {
    const table = this.table;
    const log = table.view()?.log ?? [];
    const count = this.undoCount();
    if (!count) {
      table.say(() => t("bots.noUndo"), "info", "log-message");
      return;
    }
    const first = log[log.length - count];
    if (!table.mayUndo(count)) return;
    if (this.soleHuman() === null && first.player !== table.decider()) {
      const params = { name: table.name(first.player), action: table.logWords(first) };
      if (!await confirmUndo(params, { text: count > 1 ? "bots.undo.text" : "log.undo.text" })) return;
    }
    this.invalidate();  // the bots start over from the events that remain
    table.undo(count);
    this.sync();
  }

  /** The turn panel while a bot decides: who decides, whether it is thinking, and the pause
   * button (nothing a human could click there to decide for the bot). */
  panel(seat, banner) {
    const table = this.table;
    const view = table.view();
    const name = table.name(seat);
    const decider = table.decider(view) ?? seat;
    const c = table.colour(decider);
    const answers = view.stage === "consent" && seat !== view.current;
    const params = { name, level: t(`bot.level.${this.level(seat)}`),
      mover: answers ? table.name(view.current) : "", message: this.failed ?? "" };
    const how = answers ? "answers" : "decides";
    const text = this.failed ? t("bots.note.failed", params)
      : this.paused ? t(`bots.note.paused.${how}`, params)
        : this.held() ? t("bots.note.held", params)
        : t(`bots.note.${how}`, params) + (this.loaded ? "" : t("bots.note.loading"));
    const buttons = this.failed ? [
      h("button", { type: "button", class: "btn primary", "data-testid": "bots-retry",
        onclick: () => this.resume() }, t("bots.retry")),
      h("button", { type: "button", class: "btn", "data-testid": "seat-take-over",
        onclick: () => this.setSeat(seat, null) }, t("bots.takeOver", { name }))]
      : [h("button", { type: "button", class: "btn", "data-testid": "bots-pause-turn",
        onclick: () => (this.paused ? this.resume() : this.pause()) },
      t(this.paused ? "bots.resume" : "bots.pause"))];
    return [
      h("h2", { id: "turn-heading", "data-testid": "turn-heading" },
        h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
          "aria-hidden": "true" }, String(decider + 1)), " ", banner),
      h("p", { class: "turn-meta" }, turnMeta(view)),
      h("div", { class: "group bot-note" },
        h("p", { "data-testid": "bot-note", "aria-live": "polite" }, text),
        h("div", { class: "choices row" }, buttons))];
  }

  mark() {
    const state = !this.any() ? "none" : this.failed ? "error" : this.paused ? "paused"
      : this.pending ? (this.pending.held ? "waiting" : this.loaded ? "thinking" : "loading")
        : "idle";
    root.dataset.bots = state;
    if (this.pending) root.dataset.botThinking = String(this.pending.seat);
    else delete root.dataset.botThinking;
  }
}
