// The table: the running game's onlooker view, acting on it (the tab's lock, the engine, the
// autosave) and drawing every part from it. Its parts (turn, turn panel, stage dialogs, players,
// log, saves, secrecy, new game, bots) are made and wired once in app.js, each given what it needs.
//
// The UI holds one onlooker view (view(None)) of the running game and renders everything from
// it; a seat's own view is asked for only at the moment that seat needs it (its legal answers,
// its own laurels) and is dropped right after (R10).

import { Engine } from "./engine/engine.js";
import { checkColours, seatColour } from "./board/colours.js";
import { focusInSight, h, replace } from "./panels/dom.js";
import { closeAll } from "./panels/dialogs.js";
import { noteDecider, holdButtons, resetDecider } from "./turn/guard.js";
import { t } from "./words/i18n.js";
import { refusalWords } from "./words/error-words.js";
import { linkRuleCitations } from "./words/rules-link.js";
import { BoardMotion } from "./board/board-motion.js";
import { afterFrame, nextTask } from "./panels/tasks.js";
import { sayInSight } from "./panels/message-toast.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
/** Where the page says things (say): under the turn panel, and under the log's buttons. */
export const MESSAGE_PLACES = ["message", "log-message"];

export { Engine };

export class App {
  constructor() {
    this.engine = null;
    this.board = null;
    this.view = null;    // the onlooker's view of the running game
    this.meta = null;    // {app, colours, settings: {handover}}
    this.ui = { selected: null, replay: null };
    this.ready = false;
    // the parts, made and wired in app.js
    /** @type {import("./boot/tabs.js").TabLock} */
    this.tab = null;
    /** @type {import("./turn/turn.js").Turn} */
    this.turn = null;
    /** @type {import("./turn/turn-panel.js").TurnPanel} */
    this.turnPanel = null;
    /** @type {import("./turn/stage.js").Stage} */
    this.stage = null;
    /** @type {import("./panels/players.js").Players} */
    this.players = null;
    /** @type {import("./panels/log.js").Log} */
    this.log = null;
    /** @type {import("./panels/saves.js").Saves} */
    this.saves = null;
    /** @type {import("./turn/secrecy.js").Secrecy} */
    this.secrecy = null;
    /** @type {import("./panels/new-game.js").NewGame} */
    this.newGame = null;
    /** @type {import("./bots/bots.js").Bots} */
    this.bots = null;
    /** @type {BoardMotion | null} the last move's marks and animations, made at the first render */
    this.motion = null;
    /** @type {number | undefined} the actions counted at the last render */
    this.renderedActions = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.sayTimer = undefined;
    /** @type {number} counts the views shown: a later one cancels an earlier one's steps */
    this.shown = 0;
    /** @type {boolean} a view is being shown in steps and its panels are not drawn yet: they
     * and the open dialogs still show the view before */
    this.stale = false;
    /** @type {boolean} a view is being shown in steps (showAction): not all of it is drawn */
    this.updating = false;
    // a click (or Enter, Space) meant for what was drawn from the view before is not the
    // player's answer to the new one: dropped while a view is shown in steps, until the panels
    // are drawn again (a frame or two); the board is held too, as its clicks open dialogs
    const drop = (event) => {
      if (!this.stale || !(event.target instanceof Element)) return;
      if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
      if (!event.target.closest("dialog, #board, #turn-panel, #players, #log-panel, #banner")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    document.addEventListener("click", drop, true);
    document.addEventListener("keydown", drop, true);
  }

  /** The seat whose decision the table waits for now (null when the game is over). */
  decider(view = this.view) {
    if (!view || view.stage === "over") return null;
    // bots answer a request before the humans asked with them (bots.js actor): the table
    // waits for the bot first
    return this.bots?.actor(view) ?? view.waiting_for[0] ?? null;
  }

  name(seat) { return this.view.players[seat].name; }

  colour(seat) { return seatColour(this.meta, seat); }

  settings() { return this.meta?.settings ?? {}; }

  /** Start showing a game: after a new game, a load or a resume. */
  setGame(view, meta) {
    const n = view.players.length;
    this.meta = {
      app: "quo-vadis-web",
      colours: checkColours(meta?.colours, n),
      settings: { handover: Boolean(meta?.settings?.handover),
        showOwn: meta?.settings?.showOwn !== false },
      bots: this.bots.configure(meta?.bots, n),
    };
    this.ui.replay = null;
    resetDecider();
    this.log.reset();
    this.stage.reset();
    this.setView(view);
  }

  /** Show a new view of the running game, all at once (a new game, a load, an undo). */
  setView(view) {
    this.shown += 1;
    this.stale = false;
    this.updating = false;
    this.view = view;
    this.ui.selected = null;
    closeAll();
    this.secrecy.hide();
    this.secrecy.forget();  // who holds the device is asked again (a new game, a load, an undo)
    this.render();
    this.stage.sync();
    this.saves.flush();
    this.bots.sync();
  }

  /** Show the view after an action in short tasks, so that no task of the main thread grows
   * long while the bots play: the board at once (in the action's task); after the frame that
   * shows it, the dialogs of the view before close (a closing dialog gives the focus back,
   * which lays the page out at once: the panels wait for the next frame then); the panels;
   * after the next frame, the dialog the table now waits for; then the autosave and the bots'
   * next question. Each frame lays out what the task before it changed, so that no task does
   * its own and the one before's at once. Until the panels are drawn they take no click, and
   * <html data-actions> (what tests and benchmarks wait on) changes in the last step only. A
   * later view cancels the steps left of an earlier one. */
  showAction(view) {
    const shown = ++this.shown;
    /** @param {[(run: () => void) => void, () => void][]} steps  when, and what */
    const run = (steps) => {
      const [first, ...rest] = steps;
      first?.[0](() => {
        if (this.shown !== shown) return;
        first[1]();
        run(rest);
      });
    };
    let closed = false;
    this.stale = true;
    this.updating = true;
    this.view = view;
    this.ui.selected = null;
    this.renderBoard(view);
    run([
      [afterFrame, () => {
        closed = document.querySelector("dialog[open]") !== null;
        closeAll();
        this.secrecy.hide();
      }],
      [(next) => (closed ? afterFrame(next) : next()), () => {
        this.renderPanels(view);
        this.stale = false;
      }],
      [afterFrame, () => {
        this.stage.sync();
        this.log.settled();
      }],
      [nextTask, () => {
        this.updating = false;
        this.saves.flush();
        this.publish(view);
        this.bots.sync();
      }],
    ]);
  }

  /** Once the engine is ready: play here if no other tab does, resuming the autosave (the tab's
   * lock is asked for while the engine loads: app.js). */
  async start() {
    if (!(await this.tab.claimFirst())) {
      this.tab.showElsewhere();
      return;
    }
    if (!this.tab.owner) return;  // taken over while the engine loaded: the notice says so
    if (!this.saves.resume()) this.newGame.open();
  }

  /** Play an action and return the engine's reply; on a rule error, show the engine's reason
   * (unless quiet: a dialog shows it itself) and change nothing. The reply carries the view
   * without the log and the action's log entry, which is appended here. */
  act(action, { quiet = false } = {}) {
    if (!this.tab.owner) {
      this.tab.showElsewhere();
      return { ok: false, error: { rule: "tab", code: "not_owner",
        message: "The game is open in another tab." } };
    }
    const reply = this.engine.act(action);
    if (!reply.ok) {
      if (!quiet) this.say(() => refusalWords(this, reply.error), "error");
      return reply;
    }
    this.say("");
    const log = this.view.log.slice(0, reply.actions - 1);
    log.push(reply.entry);
    reply.view.log = log;
    this.saves.later();  // written in the view's last step, or when the page is left before it
    this.showAction(reply.view);
    return reply;
  }

  /** Validate an action without playing it: {ok} or {ok: false, error}. */
  check(action) { return this.engine.check(action); }

  /** Whether the last `count` actions may be taken back: if not, says the engine's reason
   * and returns false (asked before a confirmation, so that none confirms what the rules
   * refuse, R10). @param {number} count */
  mayUndo(count = 1) {
    const reply = this.engine.checkUndo(count);
    if (!reply.ok) this.say(() => refusalWords(this, reply.error), "error", "log-message");
    return reply.ok;
  }

  undo(count = 1) {
    if (!this.tab.owner) {
      this.tab.showElsewhere();
      return;
    }
    const reply = this.engine.undo(count);
    if (!reply.ok) {
      this.say(() => refusalWords(this, reply.error), "error", "log-message");
      return;
    }
    this.say(() => t("ui.undone", { count }), "info", "log-message");
    reply.view.log = this.view.log.slice(0, reply.actions);
    this.saves.later();
    this.setView(reply.view);
    // a hand-over screen opened now makes the message line (an alert) inert: it is read out
    // in the screen instead (the log's announcer follows the modal dialog)
    if (document.querySelector("dialog:modal")) this.log.announce(t("ui.undone", { count }));
  }

  /** A message under the turn panel, or under the log's buttons when it answers one of them
   * (`place` "log-message"); one at a time. Errors stay until the next action; other
   * messages fade out after a few seconds. `words`: the text, or a function that words it
   * in the chosen language: such a message follows a switch of language (rewordMessage).
   * @param {string | (() => string)} words @param {string} [kind] @param {string} [place] */
  say(words, kind = "info", place = "message") {
    const text = typeof words === "function" ? words() : words;
    this.said = typeof words === "function" ? { words, kind, place } : null;
    for (const other of MESSAGE_PLACES) if (other !== place) $(other).textContent = "";
    const el = $(place);
    el.textContent = text;
    if (kind === "error") linkRuleCitations(el);  // "R6.2" opens that rule
    el.dataset.kind = kind;
    clearTimeout(this.sayTimer);
    if (text && kind !== "error") {
      this.sayTimer = setTimeout(() => { if (el.textContent === text) el.textContent = ""; }, 8000);
    }
    // why a click was refused, in sight where the message is not (message-toast.js)
    sayInSight(kind === "error" ? text : "", el);
  }

  /** The message worded again in the language just chosen, when it was given as words. */
  rewordMessage() {
    const said = this.said;
    if (said && $(said.place).textContent) this.say(said.words, said.kind, said.place);
  }

  render() {
    const view = this.ui.replay?.view ?? this.view;
    if (!view) return;
    this.renderBoard(view);
    this.renderPanels(view);
    if (!this.updating) this.publish(view);
  }

  /** The board: what moved, and what a human may click on it now. */
  renderBoard(view = this.ui.replay?.view ?? this.view) {
    const marks = this.ui.replay || view.stage === "over"
      ? { inert: true, turnSeat: null } : this.turn.marks(view);
    const bot = this.ui.replay ? null : this.bots.actor(view);
    if (bot !== null) {
      // a bot decides: nothing on the board is for a human to click meanwhile
      const idle = this.bots.paused || this.bots.failed || this.bots.held();
      Object.assign(marks, { inert: true, selectable: null, addable: null, caesarTargets: null,
        turnSeat: bot, thinking: idle ? null : bot,
        turnWords: t(this.bots.failed ? "ui.words.botFailed"
          : this.bots.paused ? "ui.words.botsPaused"
            : this.bots.held() ? "ui.words.botWaits" : "ui.words.thinking") });
    }
    this.board.update(view, this.meta, marks);
    this.motion ??= new BoardMotion(this.board);
    this.motion.show(this.ui.replay ? { ...view, log: [] } : view, this.meta);
    const decider = this.decider(view);
    // the hand-over screen's word for who holds the device lasts while that player decides
    // (another's decision, a hand-over or not, and it is asked again: R10)
    if (decider !== this.secrecy.holder) this.secrecy.forget();
    // the board takes the new player's clicks from now: input is held if the table turned
    noteDecider(decider);
  }

  /** The players panel, the log, the turn panel and the banner. */
  renderPanels(view = this.ui.replay?.view ?? this.view) {
    // panels are rebuilt: keep the keyboard focus on the "same" control
    const active = document.activeElement;
    const focusId = active instanceof HTMLElement ? active.dataset.testid : undefined;
    const fromPanel = !active || active === document.body || $("turn-panel").contains(active);
    const acted = this.renderedActions !== undefined && this.renderedActions !== this.view.log.length;
    this.renderedActions = this.view.log.length;
    this.players.render(view);
    this.log.render(this.view);
    this.turnPanel.render();
    if (noteDecider(this.decider(view))) holdButtons($("turn-panel").querySelectorAll("button"));
    this.renderBanner(view);
    /** @type {HTMLButtonElement} */ ($("export")).disabled = false;
    if (focusId && !active.isConnected) {
      /** @type {HTMLElement | null} */ (document.querySelector(`[data-testid="${CSS.escape(focusId)}"]`))
        ?.focus({ preventScroll: true });
    }
    // a decision made from the turn panel (add, select, move...): the keyboard goes on from
    // the new turn's heading, not from the page's start (WCAG 2.4.3)
    if (fromPanel && (acted || (active && !active.isConnected))) this.focusTurnHeading();
  }

  /** What tests and benchmarks wait on: the stage and the actions of the view shown. */
  publish(view) {
    root.dataset.stage = view.stage;
    root.dataset.actions = String(this.view.log.length);
  }

  /** Focus the turn panel's heading once the dialogs a decision closed or opened are gone (a
   * closing modal dialog gives the focus back to its opener, which may be gone too; a
   * hand-over screen closes on the next player's turn). A control focused in the meantime
   * keeps the focus: the keyboard user has gone on from there; unless `taken`: a player has
   * just taken the device (the hand-over screen), and starts at the turn.
   * @param {boolean} [taken] */
  focusTurnHeading(taken = false) {
    const then = document.activeElement;
    requestAnimationFrame(() => {
      const dialog = document.querySelector("dialog[open]");
      if (dialog) {
        dialog.addEventListener("close", () => this.focusTurnHeading(taken), { once: true });
        return;
      }
      const now = document.activeElement;
      // the focus left the turn panel, or went on to another control since
      if (!taken && now && now !== document.body
        && (now !== then || !$("turn-panel").contains(now))) return;
      const heading = document.getElementById("turn-heading");
      if (!heading) return;
      heading.tabIndex = -1;
      // a heading kept from the turn before (turn-panel.js) is read again: focused anew
      if (now === heading) heading.blur();
      focusInSight(heading);
    });
  }

  renderBanner(view) {
    const banner = $("banner");
    if (this.ui.replay) {
      banner.textContent = t("ui.banner.replay");
      return;
    }
    const seat = this.decider(view);
    if (seat === null) {
      replace(banner, t("ui.banner.over"));
      return;
    }
    const c = this.colour(seat);
    const text = this.turn.bannerText(view);
    replace(banner, h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
      "aria-hidden": "true" }, String(seat + 1)), " ", h("span", { class: "clip", title: text }, text));
  }
}
