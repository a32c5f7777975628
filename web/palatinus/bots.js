// The page's side of the Palatinus bots: one module worker (bot-worker.js) for the table's
// bot seats, seated exactly as the Quo Vadis bots are: a bot is sent its seat's own view
// (Table.seat_view, no log) and answers an action; the page plays it through the engine
// like a player's click, so a bot can break no rule.

import { shareRuntime } from "../boot/engine-loader.js";

export const LEVELS = ["easy", "hard"];
/** The pause before a bot's move, in ms (the Quo Vadis setting; tests set it to 0). */
const PAUSE_KEY = "quo-vadis.bot-pause-ms";
const DEFAULT_PAUSE_MS = 600;

/** @returns {number} */
export function botPauseMs() {
  const raw = Number(localStorage.getItem(PAUSE_KEY));
  return localStorage.getItem(PAUSE_KEY) !== null && Number.isFinite(raw) && raw >= 0
    ? raw : DEFAULT_PAUSE_MS;
}

export class PalBots {
  constructor() {
    /** @type {Worker|null} */
    this.worker = null;
    /** @type {Map<number, {resolve: Function, reject: Function}>} */
    this.pending = new Map();
    this.next = 0;
    this.failure = null;
    /** @type {{seat: number, ms: number}[]} each decision's time in the worker (bench/) */
    this.times = [];
  }

  /** The worker, started on first use. */
  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./bot-worker.js", import.meta.url), { type: "module" });
    shareRuntime(worker);  // its Python starts from the page's compiled runtime
    worker.addEventListener("message", (event) => {
      const data = event.data;
      if (data.type === "decision") {
        this.times.push({ seat: data.seat, ms: data.ms });
        const waiting = this.pending.get(data.id);
        this.pending.delete(data.id);
        waiting?.resolve(data.reply);
      } else if (data.type === "failed") {
        this.failure = data.message;
        for (const waiting of this.pending.values()) waiting.reject(new Error(data.message));
        this.pending.clear();
      }
    });
    worker.addEventListener("error", (event) => {
      this.failure = event.message || "the bots' worker failed";
      for (const waiting of this.pending.values()) waiting.reject(new Error(this.failure));
      this.pending.clear();
    });
    this.worker = worker;
    return worker;
  }

  /**
   * Seat the bots of a table: [{seat, level, seed}].
   * @param {{seat: number, level: string, seed: number}[]} bots
   */
  seat(bots) {
    if (!bots.length) return;
    this.start().postMessage({ type: "reset", bots });
  }

  /**
   * The action the bot of `seat` chooses from that seat's view.
   * @param {number} seat @param {object} view
   * @returns {Promise<any>} the bridge's reply {ok, action} or {ok: false, error}
   */
  decide(seat, view) {
    const worker = this.start();
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: "decide", id, seat, view });
    });
  }
}
