// Watching a finished Palatinus game again, action by action, as the Quo Vadis page's replay
// does: the engine's replay_view(n) gives the onlooker's view after the first n actions (it is
// refused while the game runs, P8), so a face-down inhabitant shows its wolf side as it did
// at the table; the kinds are known only from the final scoring's reveal, as at the end.
// Buttons (and the arrow keys, Home, End on the bar) step through it; the log marks the
// action shown. State on <html>: data-pal-replay (the number of actions shown).

import { h, replace } from "../panels/dom.js";
import { t } from "../words/i18n.js";
import { logText } from "./words.js";

const root = document.documentElement;

export class PalReplay {
  /** @param {import("./table.js").PalTable} table */
  constructor(table) {
    this.table = table;
    /** @type {{n: number, total: number, view: any, log: any[]}|null} */
    this.state = null;
  }

  get on() { return this.state !== null; }

  /** Start at the beginning (the middle tile alone); false if the engine refuses. */
  start() {
    const full = this.table.engine.view();
    if (!full.ok) return this.table.fail(full.error);
    this.state = { n: 0, total: full.view.log.length, view: null, log: full.view.log };
    this.table.say("");  // a message about the game as it ended (its file saved) is done with
    return this.show(0, "replay-next");
  }

  stop() {
    this.state = null;
    delete root.dataset.palReplay;
    this.table.render();
    /** @type {HTMLElement|null} */ (document.querySelector('[data-testid="pal-replay"]'))
      ?.focus();
  }

  /** @param {number} delta steps (±Infinity: to either end) @param {string} [focus] */
  step(delta, focus) {
    const r = this.state;
    if (r) this.show(Math.max(0, Math.min(r.total, r.n + delta)), focus);
  }

  /** @param {number} n @param {string} [focus] the test id of the button to focus after */
  show(n, focus) {
    const reply = this.table.engine.replayView(n);
    if (!reply.ok) return this.table.fail(reply.error);
    this.state.n = n;
    this.state.view = reply.view;
    root.dataset.palReplay = String(n);
    this.render();
    // the step read out through the table's live region (one drawn anew is not heard)
    const { step, done } = this.words();
    this.table.announce(`${step}. ${done}`);
    if (focus) {
      // the button pressed, or (it is disabled at either end) the bar's first enabled one
      /** @type {HTMLButtonElement|null} */
      const pressed = document.querySelector(`[data-testid="pal-${focus}"]`);
      (pressed && !pressed.disabled ? pressed : /** @type {HTMLElement|null} */ (
        document.querySelector('[data-testid="pal-replay-bar"] button:not([disabled])')))
        ?.focus();
    }
    return true;
  }

  /** The step's count and what its action did, as the panel shows them. */
  words() {
    const { n, total, log } = this.state;
    return { step: t("log.replay.step", { n, total }), done: n === 0
      ? t("palatinus.replay.start") : logText(log[n - 1].event, this.table.names()) };
  }

  render() {
    const { n, total, view, log } = this.state;
    const table = this.table;
    const names = table.names();
    const said = this.words();
    table.els.heading.textContent = t("palatinus.replay.heading");
    table.renderBanner(view);  // the replay, from its first position (stop() draws the end's)
    table.board.draw(view);
    table.renderPlayers(view);  // what each held then, not at the end
    const button = (label, aria, testid, delta) => h("button", { type: "button", class: "btn",
      "aria-label": aria, "data-testid": `pal-${testid}`, disabled: (delta < 0 && n === 0)
        || (delta > 0 && n === total), onclick: () => this.step(delta, testid) }, label);
    const bar = h("div", { class: "pal-row", role: "group", "data-testid": "pal-replay-bar",
      "aria-label": t("palatinus.replay.heading") },
    button("|◀", t("log.replay.first"), "replay-first", -Infinity),
    button("◀", t("log.replay.prev"), "replay-prev", -1),
    h("span", { "data-testid": "pal-replay-step" }, said.step),
    button("▶", t("log.replay.next"), "replay-next", 1),
    button("▶|", t("log.replay.last"), "replay-last", Infinity));
    bar.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      this.step(step, step < 0 ? "replay-prev" : "replay-next");
    });
    replace(table.els.panel, bar,
      h("p", { "data-testid": "pal-replay-text" }, said.done),
      h("button", { type: "button", class: "btn", "data-testid": "pal-replay-exit",
        onclick: () => this.stop() }, t("log.leaveReplay")));
    // the log as the table knew it then: the actions shown so far, the last one marked
    replace(table.els.log, log.slice(0, n).map((e, i) => h("li", {
      class: i === n - 1 ? "current" : null, "aria-current": i === n - 1 ? "step" : null },
    logText(e.event, names))));
    showCurrent(table.els.log);
  }
}

/** The log's own list scrolled (the least it can) so that its current line is in sight; never
 * the page: on a phone, where the log is under the board, a playtest tapped ▶ and saw the page
 * follow the log until the board was above the screen. @param {HTMLElement} list */
function showCurrent(list) {
  const line = list.querySelector(".current");
  if (!line) return;
  const box = list.getBoundingClientRect();
  const at = line.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}
