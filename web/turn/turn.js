// The turn: carrying out what a click on the board means (clicks.js works it out from the
// view's choices, R4-R8, R12 V3), and what the board and the banner say of it. The turn panel
// (turn-panel.js) offers the same choices as buttons; the stage dialogs open by themselves
// (stage.js). Every text is in the chosen language (i18n.js); the engine's refusals are worded
// from their codes.

import { h } from "../panels/dom.js";
import { t, listText, getLanguage } from "../words/i18n.js";
import { openDialog } from "../panels/dialogs.js";
import { actorDecides, choiceMarks, hintsFrom, moveClick, officeClick, spaceClick }
  from "./clicks.js";

/** A phone's layout: the turn panel (and its "add here" button) is below the board. */
const NARROW = "__MEDIA_PHONE__";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").ActionData} ActionData */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** @typedef {import("qvcore-protocol").Hint} Hint */
/** @typedef {import("qvcore-protocol").BoardData} BoardData */
/** @typedef {{ok: boolean, error?: ErrorData}} Reply */

/**
 * What the turn needs from the table (wired once, in app.js), and nothing else.
 * @typedef {object} TurnTable
 * @property {() => View | null} view  the onlooker's view
 * @property {() => boolean} ready  whether the engine is ready
 * @property {{selected: number | null, replay: object | null}} ui  the selected office, the replay
 * @property {() => BoardData} board  the board's data (entry offices, paths)
 * @property {(action: ActionData, options?: {quiet?: boolean}) => Reply} act  play an action
 * @property {(action: ActionData) => Reply} check  the engine's verdict, nothing played
 * @property {(error: ErrorData) => string} refusal  an engine's refusal in words
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 *   the message under the panel (words given as a function follow a switch of language)
 * @property {() => void} render
 * @property {(seat: number) => string} name
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {() => void} supporters  open the mover's supporters dialog (stage.js)
 * @property {(hint: Hint) => void} moveDialog  open the dialog that asks for consents (stage.js)
 */

export class Turn {
  /** @param {TurnTable} table */
  constructor(table) {
    this.table = table;
    // Escape takes back a selected senator, as "Cancel the selection" does (an open dialog
    // takes Escape for itself: it closes)
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.defaultPrevented || this.table.ui.selected === null
        || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      this.select(null);
    });
  }

  get view() { return this.table.view(); }

  /** The seat that plays turn actions / bonus / council choices now (the engine says). */
  actor(view = this.view) {
    return view ? view.actor : null;
  }

  hintsFrom(office) { return hintsFrom(this.view, office); }

  actorDecides(view = this.view) { return actorDecides(view); }

  /** What the board knows that the view does not (clicks.js). */
  boardFacts() {
    const data = this.table.board();
    return { entryOffices: data.entry_offices, paths: data.paths,
      narrow: Boolean(globalThis.matchMedia?.(NARROW).matches) };
  }

  /** Whether the board's clicks are live: the engine is ready and this is not a replay. */
  live() { return Boolean(this.table.ready() && this.view && !this.table.ui.replay); }

  // -- board clicks: clicks.js says what they mean, this carries it out ------------------------

  onOffice(office) {
    if (!this.live()) return undefined;
    return this.carryOut(officeClick(this.view, this.table.ui.selected, office, this.boardFacts()));
  }

  onSpace(path) {
    if (!this.live()) return undefined;
    return this.carryOut(spaceClick(this.view, path, this.boardFacts()));
  }

  /** Do what a click means (clicks.js's outcome); returns the engine's reply if it played. */
  carryOut(outcome) {
    const table = this.table;
    switch (outcome.kind) {
      case "select": return this.select(outcome.office);
      case "act": return this.act(outcome.action);
      case "entry": return this.offerEntry(outcome.office);
      case "check": {
        // not a path out of the selected office: the engine says why, in words (R4)
        const reply = table.check(outcome.action);
        table.say(() => (reply.ok ? t("turn.notPossible") : table.refusal(reply.error)), "error");
        return undefined;
      }
      case "refused": table.say(() => this.refusedWords(outcome.hint), "error"); return undefined;
      case "supporters": table.supporters(); return undefined;
      case "move-dialog": table.moveDialog(outcome.hint); return undefined;
      case "say":
        table.say(() => t(outcome.key, { name: outcome.seat === undefined ? "" : table.name(outcome.seat),
          office: outcome.office }), "error");
        return undefined;
      default: return undefined;
    }
  }

  // -- actions ------------------------------------------------------------------------------

  /** Play an action; a refusal is shown in the chosen language. */
  act(action) {
    const reply = this.table.act(action, { quiet: true });
    if (!reply.ok) this.table.say(() => this.table.refusal(reply.error), "error");
    return reply;
  }

  /** Select a senator's office (null: none); the message says where it can go, or, as a
   * refusal (shown in sight on a phone), that it can go nowhere now. */
  select(office) {
    this.table.ui.selected = office;
    const stuck = office !== null && !this.hintsFrom(office).some((m) => m.possible);
    this.table.say(office === null ? "" : () => this.selectionText(office), stuck ? "error" : "info");
    this.table.render();
  }

  selectionText(office) {
    const hints = this.hintsFrom(office);
    const open = hints.filter((m) => m.possible);
    if (!open.length) {
      const freed = hints.filter((m) => m.caesar_frees);  // R6.5: how it can still leave
      const text = t("turn.noMoveOut", { office });
      if (freed.length) return `${text} ${this.caesarFrees(freed)}`;
      // the same refusal for every way out (a binding promise, R11): said with its rule
      const reasons = new Set(hints.map((m) => m.error?.message));
      return reasons.size === 1 && hints[0].error
        ? `${text} ${this.table.refusal(hints[0].error)}` : text;
    }
    return t("turn.selected", { office, count: open.length,
      offices: listText(open.map((m) => String(m.to)), getLanguage(), "disjunction") });
  }

  /** The engine's hints say Caesar on their paths would free the move (R6.5): how to. */
  caesarFrees(hints) {
    const paths = hints.map((m) => `${m.from}→${m.to}`);
    const path = new Intl.ListFormat(getLanguage(), { type: "disjunction" }).format(paths);
    return t("turn.caesarFrees", { path });
  }

  /** A refused hint in words: the rule's refusal, and how Caesar frees it when he would. */
  refusedWords(hint) {
    const text = this.table.refusal(hint.error);
    return hint.caesar_frees ? `${text} ${this.caesarFrees([hint])}` : text;
  }

  /** Move a senator from this entry office, or add another one to it (the choice, asked). */
  offerEntry(office) {
    const view = this.view;
    const here = view ? view.offices[office].filter((q) => q === view.current) : [];
    const count = Math.max(1, here.length);
    openDialog({
      title: t("turn.entryChoice.title", { office }), testid: "entry-choice",
      body: [h("p", { "data-testid": "entry-choice-text" },
        t("turn.entryChoice.text", { office, count }))],
      actions: [
        { label: t("turn.addHere", { office }), kind: "primary", testid: "entry-add",
          onClick: (d) => { d.close(); this.tryAdd(office); } },
        { label: t("turn.entryChoice.move", { office }), testid: "entry-move",
          onClick: (d) => { d.close(); this.select(office); } },
        { label: t("turn.deselect"), kind: "quiet", testid: "entry-cancel",
          onClick: (d) => d.close() },
      ],
    });
  }

  tryAdd(office) {
    if (!this.actorDecides()) return;
    this.act({ type: "add", player: this.actor(), office });
  }

  retire(office) {
    this.act({ type: "retire", player: this.actor(), office });
  }

  /** A click on destination b for the senator in a (the panel's destination buttons). */
  tryMove(a, b) { return this.carryOut(moveClick(this.view, a, b)); }

  // -- what the board highlights ------------------------------------------------------------

  marks(view) {
    return { ...choiceMarks(view, this.table.ui.selected), turnSeat: this.table.decider(view),
      turnWords: this.turnWords(view) };
  }

  turnWords(view) {
    switch (view.stage) {
      case "consent": return this.table.decider(view) === view.current
        ? t("turn.words.chooses") : t("turn.words.answers");
      case "bonus": return t(view.bonus?.forced ? "turn.words.bonusForced" : "turn.words.bonus");
      case "council": return t("turn.words.council");
      default: return t("turn.words.play");
    }
  }

  bannerText(view) {
    const table = this.table;
    const seat = table.decider(view);
    const name = table.name(seat);
    switch (view.stage) {
      case "consent":
        if (seat !== view.current) {
          return t("turn.banner.mustAnswer", { name, mover: table.name(view.current) });
        }
        // the engine's hint for the asked path: supporters to pick, or too few agreed (R6.2)
        return view.moves.some((m) => m.path === view.request?.path && m.click === "supporters")
          ? t("turn.banner.chooseSupporters", { name }) : t("turn.banner.tooFew", { name });
      case "bonus": return t(view.bonus?.forced ? "turn.banner.bonusForced" : "turn.banner.bonus",
        { name });
      case "council": return t("turn.banner.council", { name });
      default: return t("turn.banner.turn", { name });
    }
  }
}
