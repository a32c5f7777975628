// The log: every event in words in the chosen language, worded from the engine's public
// events (they hold no secret, R10), undo of recent actions (confirming when it takes back
// another player's decision), and a replay that steps through the game with the engine's
// replay_view. Re-worded on "qv-language".

import { h, replace } from "./dom.js";
import { confirmUndo } from "./dialogs.js";
import { t, CHANGE_EVENT } from "../words/i18n.js";
import { eventWords } from "../words/event-words.js";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").LogLine} LogLine */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** The replay of a finished game: its step n of total, and the view at that step.
 * @typedef {{n: number, total: number, view: View | null}} Replay */

/**
 * What the log needs from the table, and nothing else.
 * @typedef {object} LogTable
 * @property {() => View | null} view  the onlooker's view, with its log
 * @property {() => boolean} ready  whether the engine is ready
 * @property {{replay: Replay | null}} ui  the page's state the replay lives in
 * @property {(seat: number) => {fill: string, ink: string}} colour
 * @property {(seat: number) => string} name
 * @property {() => number | null} decider  the seat the table waits for
 * @property {(count: number) => void} undo  take back this many actions
 * @property {(count: number) => boolean} mayUndo  whether they may be (if not, says why)
 * @property {() => boolean} bots  whether bots sit at the table
 * @property {() => unknown} botsUndo  undo back to the last decision of a human
 * @property {() => void} focusTurn  the keyboard to the turn panel's heading
 * @property {() => number} undoCount  how many actions Undo takes back (0: none)
 * @property {(count: number) => string | null} undoRefusal  why the rules refuse to take
 *   back this many actions, in words, or null (asks the engine; takes nothing back)
 * @property {(n: number) => {ok: boolean, view?: View, error?: ErrorData}} replayView
 * @property {(error: ErrorData) => string} refusal  an engine's refusal in words
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 * @property {() => void} render
 * @property {() => boolean} updating  whether the table is still drawing a view in steps
 */

export class Log {
  /**
   * @param {LogTable} table
   * @param {HTMLElement} panel
   */
  constructor(table, panel) {
    this.table = table;
    /** @type {HTMLOListElement} */
    this.list = panel.querySelector("#log");
    /** @type {HTMLButtonElement} */
    this.undoButton = panel.querySelector("#undo");
    /** @type {HTMLButtonElement} */
    this.replayButton = panel.querySelector("#replay");
    /** @type {HTMLElement} */
    this.bar = panel.querySelector("#replay-bar");
    /** @type {Record<string, HTMLElement> | null} */
    this.barParts = null;
    this.fresh = false;
    this.marked = false;
    /** @type {string | undefined} */
    this.lastText = undefined;
    // each new action is read out (polite) by screen readers: the log line of the action
    this.announcer = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true",
      "data-testid": "announcer" });
    document.body.append(this.announcer);
    // a modal dialog makes the rest of the page inert, and an inert live region is not
    // heard: the region follows the topmost open modal dialog (and goes back to the body)
    const follow = () => this.placeAnnouncer();
    new MutationObserver(follow).observe(document.body, { childList: true });  // dialogs come and go
    new MutationObserver(follow).observe(document.body,
      { subtree: true, attributes: true, attributeFilter: ["open"] });
    this.shown = 0;
    this.gameKey = null;
    this.undoButton.addEventListener("click", () => this.undo());
    this.replayButton.addEventListener("click", () => this.startReplay());
    this.bar.addEventListener("keydown", (event) => {
      if (!table.ui.replay) return;
      const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
      if (step !== undefined) {
        event.preventDefault();
        this.step(step);
      }
    });
    addEventListener(CHANGE_EVENT, () => this.reword());
  }

  /** The language changed: word every entry, the buttons and the replay bar again (drawn as
   * a new game's log is: nothing read out, since nothing happened); the last action read
   * out goes (emptied, the region reads out nothing; left, it would stay in the old language). */
  reword() {
    this.announcer.textContent = "";
    this.reset();
    this.barParts = null;
    const view = this.table.view();
    if (view) this.render(view);
  }

  /** Read a text out where screen readers hear it now (inside an open modal dialog). */
  announce(text) {
    const moved = this.placeAnnouncer();
    // said now: a dialog opening right after (in this task, or in the table's next steps when
    // it shows a view in steps) must still say it
    this.fresh = true;
    requestAnimationFrame(() => { if (!this.table.updating()) this.fresh = false; });
    if (!moved) {
      this.announcer.textContent = text;
      return;
    }
    this.announcer.textContent = "";  // a region just (re)attached: its text a frame later
    requestAnimationFrame(() => { this.announcer.textContent = text; });
  }

  /** The table has drawn all of a view shown in steps: what was said is no longer fresh
   * from the next frame on. */
  settled() {
    if (this.fresh) requestAnimationFrame(() => { this.fresh = false; });
  }

  /** Keep the live region in the topmost open modal dialog, else in the body; true when it
   * moved. A region just moved is a new one to screen readers: a fresh announcement is set
   * again a frame later so that it is read, not taken as the region's initial content. */
  placeAnnouncer() {
    const modals = document.querySelectorAll("dialog:modal");
    const home = modals.length ? modals[modals.length - 1] : document.body;
    if (this.announcer.parentNode === home) return false;
    home.append(this.announcer);  // also when a dialog's content was replaced, region and all
    const text = this.announcer.textContent;
    if (!text || !this.fresh) return true;  // an old announcement is not read again
    this.announcer.textContent = "";
    requestAnimationFrame(() => {
      if (!this.announcer.textContent) this.announcer.textContent = text;
    });
    return true;
  }

  /** An entry in the chosen language (the engine's English text if it has no event).
   * @param {LogLine} entry
   * @returns {string} */
  words(entry) {
    if (!entry.event) return entry.text;
    return eventWords(entry.event, this.table.view()?.players.map((p) => p.name) ?? []);
  }

  reset() {
    this.shown = 0;
    this.gameKey = null;
    this.list.replaceChildren();
  }

  /** @param {LogLine & {index?: number}} entry */
  item(entry) {
    const c = this.table.colour(entry.player);
    const li = h("li", { "data-index": String(entry.index), "data-type": entry.type },
      h("span", { class: "chip small", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(entry.player + 1)), " ",
      h("span", { class: "text" }, this.words(entry)));
    return li;
  }

  /** @param {View} view */
  render(view) {
    const log = view.log;
    const key = JSON.stringify(view.options);
    const stale = key !== this.gameKey || log.length < this.shown
      || (this.shown > 0 && this.lastText !== log[this.shown - 1]?.text);
    if (stale) {
      this.list.replaceChildren();
      this.shown = 0;
      this.gameKey = key;
      // another game, a save or an undo: what was read out last is not this table's now (an
      // undo is said in the status line), and a screen reader reading a dialog would meet it
      this.announcer.textContent = "";
    }
    if (log.length > this.shown) {
      // a new game or a loaded save is not read out, only what happens at the table
      if (!stale) this.announce(log.slice(this.shown).map((e) => this.words(e)).join(" "));
      const frag = document.createDocumentFragment();
      for (let i = this.shown; i < log.length; i += 1) frag.append(this.item(log[i]));
      this.list.append(frag);
      this.shown = log.length;
      this.lastText = log[log.length - 1].text;
      // scroll once the frame is laid out anyway (no forced layout here)
      requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
    }
    const replay = this.table.ui.replay;
    if (replay || this.marked) {
      for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.list.children)) {
        li.classList.toggle("future", Boolean(replay) && Number(li.dataset.index) >= replay.n);
        const current = Boolean(replay) && Number(li.dataset.index) === replay.n - 1;
        li.classList.toggle("current", current);
        if (current) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
      }
      this.marked = Boolean(replay);
      if (replay) this.showCurrent();
    }
    // a finished game stays finished (the engine refuses undo_finished): replay it, or start anew
    this.undoButton.hidden = view.stage === "over";
    this.undoButton.disabled = !this.table.ready() || !log.length || Boolean(replay)
      || view.stage === "over";
    // R10: an undo the rules refuse (a token drawn since) looks and reads disabled before it is
    // tried, with the reason as its tooltip, and still takes a tap, which says why
    const count = this.undoButton.disabled ? 0 : this.table.undoCount();
    const refused = count ? this.table.undoRefusal(count) : null;
    if (refused) this.undoButton.setAttribute("aria-disabled", "true");
    else this.undoButton.removeAttribute("aria-disabled");
    this.undoButton.title = refused ?? "";
    // R10: past positions are replayed only once the game is over (the engine refuses before);
    // while it runs the button looks and reads disabled but still takes a tap, which says why
    // (a touch screen shows no tooltip)
    this.replayButton.disabled = !this.table.ready() || !log.length;
    const closed = view.stage !== "over" && !replay;
    if (closed) this.replayButton.setAttribute("aria-disabled", "true");
    else this.replayButton.removeAttribute("aria-disabled");
    this.replayButton.title = view.stage === "over" ? "" : t("log.replayClosed");
    this.replayButton.textContent = t("page.replay");
    // during a replay its bar is the way out (the bar is fixed at a phone's bottom)
    this.replayButton.hidden = Boolean(replay);
    this.renderBar();
  }

  /** The replay's current entry scrolled into the list's sight (the list alone: the page
   * stays where it is), once the frame is laid out. */
  showCurrent() {
    const list = this.list;
    requestAnimationFrame(() => {
      const current = list.querySelector("li.current");
      if (!current) {
        list.scrollTop = 0;
        return;
      }
      const box = list.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      if (item.top < box.top || item.bottom > box.bottom) {
        list.scrollTop += item.top - box.top - (box.height - item.height) / 2;
      }
    });
  }

  async undo() {
    const table = this.table;
    const view = table.view();
    const log = view?.log ?? [];
    if (!log.length || view.stage === "over") return;
    if (table.bots()) {  // back to the last decision of a human
      await table.botsUndo();
      this.focusAfterUndo();
      return;
    }
    const last = log[log.length - 1];
    const decider = table.decider();
    if (!table.mayUndo(1)) return;
    if (decider !== null && last.player !== decider) {
      if (!await confirmUndo({ name: table.name(last.player), action: this.words(last) })) return;
    }
    table.undo(1);
    this.focusAfterUndo();
  }

  /** Undo, taken with the keyboard, may have nothing left to take back: the button goes
   * disabled and would drop the focus to the page's body (WCAG 2.4.3); the turn has it. */
  focusAfterUndo() {
    if (this.undoButton.disabled && (document.activeElement === this.undoButton
      || document.activeElement === document.body)) this.table.focusTurn();
  }

  // -- replay -------------------------------------------------------------------------------

  startReplay() {
    const table = this.table;
    const view = table.view();
    if (view.stage !== "over") {
      table.say(() => t("log.replayClosedRule"), "error", "log-message");
      return;
    }
    table.ui.replay = { n: 0, total: view.log.length, view: null };
    this.show(0);
    // the board is what the replay shows: in sight, with the bar (fixed at the bottom of a
    // phone's screen, style.css), not the log panel the focus would scroll to
    /** @type {HTMLElement | null} */ (this.bar.querySelector("[data-testid=replay-next]"))
      ?.focus({ preventScroll: true });
    document.querySelector("[data-testid=board]")?.scrollIntoView({ block: "nearest" });
  }

  stopReplay() {
    this.table.ui.replay = null;
    this.table.render();
    // the bar is gone with the focus: the keyboard goes on from the button that replays
    this.replayButton.focus({ preventScroll: true });
  }

  /** @param {number} delta */
  step(delta) {
    const r = this.table.ui.replay;
    this.show(Math.max(0, Math.min(r.total, r.n + delta)));
  }

  /** @param {number} n */
  show(n) {
    const table = this.table;
    const reply = table.replayView(n);
    if (!reply.ok) {
      table.say(() => table.refusal(reply.error), "error");
      return;
    }
    table.ui.replay.n = n;
    table.ui.replay.view = reply.view;
    table.render();
  }

  buildBar() {
    /** @type {(label: string, aria: string, testid: string, delta: number) => HTMLElement} */
    const b = (label, aria, testid, delta) => h("button", { type: "button", class: "btn",
      "aria-label": aria, "data-testid": testid, onclick: () => this.step(delta) }, label);
    this.barParts = {
      // symbols every system font has (⏮ and ⏭ are missing from many)
      first: b("|◀", t("log.replay.first"), "replay-first", -Infinity),
      prev: b("◀", t("log.replay.prev"), "replay-prev", -1),
      step: h("span", { class: "step", "data-testid": "replay-step", "aria-live": "polite" }),
      next: b("▶", t("log.replay.next"), "replay-next", 1),
      last: b("▶|", t("log.replay.last"), "replay-last", Infinity),
      // what the step did, read out as it changes (the count alone said nothing)
      text: h("p", { class: "replay-text", "data-testid": "replay-text", "aria-live": "polite",
        "aria-atomic": "true" }),
    };
    const p = this.barParts;
    replace(this.bar, h("div", { class: "choices row" }, p.first, p.prev, p.step, p.next, p.last),
      p.text, h("button", { type: "button", class: "btn quiet", "data-testid": "replay-exit",
        onclick: () => this.stopReplay() }, t("log.leaveReplay")));
  }

  renderBar() {
    const r = this.table.ui.replay;
    this.bar.hidden = !r;
    if (!r) return;
    if (!this.barParts) this.buildBar();
    const p = this.barParts;
    p.step.textContent = t("log.replay.step", { n: r.n, total: r.total });
    p.text.textContent = r.n > 0 ? this.words(this.table.view().log[r.n - 1]) : t("log.replay.setUp");
    // keep focus usable: a button at the end of its range stays focusable (aria-disabled)
    /** @type {[string, boolean][]} */
    const ends = [["first", r.n === 0], ["prev", r.n === 0], ["next", r.n === r.total],
      ["last", r.n === r.total]];
    for (const [key, off] of ends) {
      p[key].setAttribute("aria-disabled", off ? "true" : "false");
    }
  }
}
