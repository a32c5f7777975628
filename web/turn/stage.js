// The stage dialogs: after every new view, the dialog the table now waits for opens by itself
// (an asked player's answer, the mover's supporters, the end screen), after a hand-over screen
// when another player takes the device; closed when the state changes, re-opened in another
// language. A click on the board and the turn panel open them too.

import { t, CHANGE_EVENT } from "../words/i18n.js";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").Hint} Hint */
/** @typedef {{closed: boolean, close: () => void} | null} Handle */

/**
 * What the stage dialogs need from the table (wired once, in app.js), and nothing else.
 * @typedef {object} StageTable
 * @property {() => View | null} view  the onlooker's view
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {(view?: View) => number | null} botActor  the bot seat that decides now
 * @property {() => {handover?: boolean}} settings
 * @property {(seat: number, holder: number | null) => Promise<void>} handover  the hand-over
 *   screen, until it is taken (`holder`: who decided last, and so holds the device)
 * @property {() => void} focusTurn  the keyboard to the turn panel's heading (once no dialog
 *   is open): where the player who took the device goes on from
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 *   the message under the panel
 * @property {() => void} render
 * @property {{answer: (seat: number) => Handle, supporters: () => Handle,
 *   move: (hint: Hint) => Handle, end: () => Handle, gameOver: (done: () => void) => Handle}}
 *   dialogs the dialogs (consent.js, end-screen.js; gameOver: a game of a V3 series just
 *   ended, `done` once the table has seen it)
 */

/** Whether the last action ended a game of a V3 series and the next one follows (R12 V3).
 * @param {View} view */
function seriesGameJustOver(view) {
  return view.stage !== "over" && Boolean(view.log[view.log.length - 1]?.event?.game_over);
}

export class Stage {
  /** @param {StageTable} table */
  constructor(table) {
    this.table = table;
    /** @type {Handle} the dialog open now, closed when the state changes */
    this.dialog = null;
    /** @type {string | null} */
    this.lastKey = null;
    /** @type {number | null} */
    this.lastDecider = null;
    addEventListener(CHANGE_EVENT, () => this.reword());
  }

  /** The language changed: render again, and re-open the stage dialog if one is open (never
   * one that waits behind a hand-over). */
  reword() {
    if (!this.table.view()) return;
    // the game-over screen of a series words itself again (worded-dialog.js)
    const reopen = Boolean(this.dialog && !this.dialog.closed)
      && !seriesGameJustOver(/** @type {View} */ (this.table.view()));
    this.table.render();
    if (reopen) this.open(false);
  }

  reset() {
    this.close();
    this.lastKey = null;
    this.lastDecider = null;
  }

  /** The next sync opens the dialog even if the state is the same (a seat changed hands). */
  forget() { this.lastKey = null; }

  /** The device stays with `seat` (it undid its action from the hand-over screen): the next
   * sync hands it over only to another player. @param {number} seat */
  keptBy(seat) { this.lastDecider = seat; }

  /** Open the mover's supporters dialog in place of the one open (a click asked for it). */
  supporters() {
    this.close();
    this.dialog = this.table.dialogs.supporters();
  }

  /** Open the dialog that asks for consents to a move (a click asked for it).
   * @param {Hint} hint */
  move(hint) {
    this.close();
    this.dialog = this.table.dialogs.move(hint);
  }

  close() {
    if (this.dialog && !this.dialog.closed) this.dialog.close();
    this.dialog = null;
  }

  /** After every new view: open the dialog the table now waits for (after a hand-over). */
  sync() {
    const view = this.table.view();
    const decider = this.table.decider(view);
    const key = `${JSON.stringify(view.options)}:${view.log.length}:${view.stage}:${decider}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.close();
    if (seriesGameJustOver(view)) {
      // who won the game, before anyone decides in the next one (bots wait for it too)
      const screen = this.table.dialogs.gameOver(() => {
        if (this.lastKey === key && this.dialog === screen) this.decide(view, key, decider);
      });
      this.dialog = screen;
      return;
    }
    this.decide(view, key, decider);
  }

  /** Hand the device to the seat that decides now, if it changed, and open its dialog.
   * @param {View} view @param {string} key @param {number | null} decider */
  decide(view, key, decider) {
    this.dialog = null;
    const previous = this.lastDecider;
    this.lastDecider = decider;
    // a new game or a resumed one starts with a hand-over too: whoever holds the device now
    if (this.table.botActor(view) !== null) {  // a bot decides: no hand-over, no dialog
      this.lastDecider = previous;
      return;
    }
    const handover = this.table.settings().handover && decider !== null && previous !== decider;
    if (handover) {
      this.table.handover(decider, previous).then(() => {
        if (this.lastKey !== key) return;
        this.open(false);
        if (!this.dialog) this.table.focusTurn();  // a decision's dialog takes it itself
      });
    } else {
      this.open(false);
    }
  }

  /** Open the dialog the stage waits for; `asked`: the panel's button asked for it, so say
   * when there is none. @param {boolean} asked */
  open(asked) {
    const table = this.table;
    const view = this.table.view();
    this.close();
    if (view.stage !== "over" && table.botActor(view) !== null) return;  // bots decide first
    if (view.stage === "consent") {
      const r = view.request;
      const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
      this.dialog = pending.length
        ? table.dialogs.answer(pending[0].player)
        : table.dialogs.supporters();
    } else if (view.stage === "over") {
      this.dialog = table.dialogs.end();
    } else if (asked) {
      table.say(() => t("turn.nothingToAnswer"));
    }
  }
}
