// The turn: carrying out what a click on the board means (clicks.js works it out from the
// view's choices, R4-R8, R12 V3), the turn panel with the same choices as buttons (for
// keyboard and touch), and the stage dialogs that open by themselves (consent answers, the mover's supporters, the end screen). Every text is in
// the chosen language (i18n.js); the engine's refusals are worded from their codes.

import { h, replace } from "../panels/dom.js";
import { t, listText, getLanguage, CHANGE_EVENT } from "../words/i18n.js";
import { openDialog } from "../panels/dialogs.js";
import { actorDecides, choiceMarks, hintsFrom, moveClick, officeClick, spaceClick }
  from "./clicks.js";

/** The latest lines of the "since your turn" summary that the panel shows. */
const SINCE_LINES = 8;

/** A phone's layout: the turn panel (and its "add here" button) is below the board. */
const NARROW = "__MEDIA_PHONE__";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").ActionData} ActionData */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** @typedef {import("qvcore-protocol").Hint} Hint */
/** @typedef {import("qvcore-protocol").LogLine} LogLine */
/** @typedef {import("qvcore-protocol").BoardData} BoardData */
/** @typedef {{ok: boolean, error?: ErrorData}} Reply */
/** @typedef {{closed: boolean, close: () => void} | null} Handle */

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
 * @property {(text: string, kind?: string) => void} say  the message under the panel
 * @property {() => void} render
 * @property {(seat: number) => string} name
 * @property {(seat: number) => {fill: string, ink: string}} colour
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {() => {handover?: boolean}} settings
 * @property {(view?: View) => number | null} botActor  the bot seat that decides now
 * @property {(seat: number, banner: string) => Node[]} botPanel  the panel while a bot decides
 * @property {(seat: number) => boolean} isBot
 * @property {(entry: LogLine) => string} logWords  a log entry in words
 * @property {() => void} startReplay
 * @property {() => void} newGame  open the new game screen
 * @property {(seat: number) => void} look  a seat looks at its own laurels
 * @property {(seat: number) => Promise<void>} handover  the hand-over screen, until it is taken
 * @property {{answer: (seat: number) => Handle, supporters: () => Handle,
 *   move: (hint: Hint) => Handle, caesar: (bonus: boolean) => Handle, end: () => Handle}} dialogs
 *   the stage dialogs (consent.js, end-screen.js)
 */

export class Turn {
  /** @param {TurnTable} table */
  constructor(table) {
    this.table = table;
    this.panel = document.getElementById("turn-panel");
    this.panel.tabIndex = -1;  // focus lands here when a game starts (it outlives re-renders)
    this.stageDialog = null;   // the dialog opened by sync(), closed when the state changes
    this.lastKey = null;
    this.lastDecider = null;
    addEventListener(CHANGE_EVENT, () => this.reword());
  }

  /** The language changed: render again, and re-open the stage dialog if one is open (never
   * one that waits behind a hand-over). */
  reword() {
    if (!this.table.view()) return;
    const reopen = Boolean(this.stageDialog && !this.stageDialog.closed);
    this.table.render();
    if (reopen) this.openStageDialog(false);
  }

  reset() {
    this.closeStageDialog();
    this.lastKey = null;
    this.lastDecider = null;
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
        table.say(reply.ok ? t("turn.notPossible") : table.refusal(reply.error), "error");
        return undefined;
      }
      case "refused": table.say(this.refusedWords(outcome.hint), "error"); return undefined;
      case "supporters":
        this.closeStageDialog();
        this.stageDialog = table.dialogs.supporters();
        return undefined;
      case "move-dialog":
        this.closeStageDialog();
        this.stageDialog = table.dialogs.move(outcome.hint);
        return undefined;
      case "say":
        table.say(t(outcome.key, { name: outcome.seat === undefined ? "" : table.name(outcome.seat),
          office: outcome.office }), "error");
        return undefined;
      default: return undefined;
    }
  }

  // -- actions ------------------------------------------------------------------------------

  /** Play an action; a refusal is shown in the chosen language. */
  act(action) {
    const reply = this.table.act(action, { quiet: true });
    if (!reply.ok) this.table.say(this.table.refusal(reply.error), "error");
    return reply;
  }

  select(office) {
    this.table.ui.selected = office;
    this.table.say(office === null ? "" : this.selectionText(office));
    this.table.render();
  }

  selectionText(office) {
    const hints = this.hintsFrom(office);
    const open = hints.filter((m) => m.possible);
    if (!open.length) {
      const freed = hints.filter((m) => m.caesar_frees);  // R6.5: how it can still leave
      const text = t("turn.noMoveOut", { office });
      return freed.length ? `${text} ${this.caesarFrees(freed)}` : text;
    }
    return t("turn.selected", { office, offices: listText(open.map((m) => String(m.to))) });
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
    openDialog({
      title: t("turn.entryChoice.title", { office }), testid: "entry-choice",
      body: [h("p", {}, t("turn.entryChoice.text", { office }))],
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
      case "bonus": return t("turn.words.bonus");
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
        return seat === view.current
          ? t("turn.banner.chooseSupporters", { name })
          : t("turn.banner.mustAnswer", { name, mover: table.name(view.current) });
      case "bonus": return t("turn.banner.bonus", { name });
      case "council": return t("turn.banner.council", { name });
      default: return t("turn.banner.turn", { name });
    }
  }

  // -- the panel ----------------------------------------------------------------------------

  renderPanel() {
    const table = this.table;
    const view = this.view;
    if (!view) return replace(this.panel);
    if (table.ui.replay) {
      return replace(this.panel, h("h2", { id: "turn-heading" }, t("turn.replay.heading")),
        h("p", {}, t("turn.replay.text")));
    }
    const bot = table.botActor(view);
    if (bot !== null) return replace(this.panel, table.botPanel(bot, this.bannerText(view)));
    const parts = [];
    const seat = table.decider(view);
    const heading = h("h2", { id: "turn-heading", "data-testid": "turn-heading" });
    if (seat === null) heading.textContent = t("turn.over.heading");
    else {
      const c = table.colour(seat);
      const text = this.bannerText(view);
      heading.append(h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(seat + 1)), " ", h("span", { class: "clip", title: text }, text));
    }
    parts.push(heading);
    const meta = t(view.options.series ? "turn.meta.series" : "turn.meta",
      { game: view.game_number, turn: view.turn + 1 });
    parts.push(h("p", { class: "turn-meta" },
      view.seed === undefined ? meta : t("turn.meta.seed", { meta, seed: view.seed })));
    const since = this.sinceYourTurn(view);
    if (since) parts.push(since);
    switch (view.stage) {
      case "action": parts.push(...this.actionControls(view)); break;
      case "consent": parts.push(...this.consentControls(view));
        // the mover's other actions belong to the mover's own decision, once the answers are in
        if (this.actorDecides(view)) parts.push(...this.actionControls(view, true));
        break;
      case "bonus": parts.push(...this.bonusControls(view)); break;
      case "council": parts.push(...this.councilControls(view)); break;
      case "over": parts.push(...this.overControls(view)); break;
      default:
    }
    if (view.reveal?.open) {
      parts.push(h("div", { class: "group reveal" },
        h("p", {}, t("turn.reveal.text")),
        h("button", { type: "button", class: "btn", "data-testid": "reveal",
          onclick: () => this.act({ type: "reveal", player: seat ?? view.current }) },
        t("turn.reveal.button"))));
    }
    if (view.reveal?.shown) {
      parts.push(h("p", { class: "note", "data-testid": "revealed-note" },
        t("turn.reveal.shown")));
    }
    if (seat !== null && view.stage !== "over") {
      parts.push(h("div", { class: "group" }, h("button", {
        type: "button", class: "btn look", "data-testid": "look-mine",
        onclick: () => table.look(seat),
      }, t("turn.lookMine", { name: table.name(seat) }))));
    }
    replace(this.panel, parts);
  }

  /** At a human's turn: what the others did since that player's last action, from the public
   * log (a laurel taken is only "takes the laurel": never its hidden value, R10). Repeats are
   * counted, not listed again, and only the latest lines are shown. */
  sinceYourTurn(view) {
    const table = this.table;
    const d = view.decision;
    if (!d || d.kind !== "turn" || table.isBot(d.seat)) return null;
    const log = view.log ?? [];
    let mine = log.length - 1;
    while (mine >= 0 && log[mine].player !== d.seat) mine -= 1;
    const since = log.slice(mine + 1);
    if (!since.length) return null;
    const lines = [];
    for (const entry of since) {
      const text = table.logWords(entry);
      const previous = lines.at(-1);
      if (previous && previous.text === text) previous.count += 1;
      else lines.push({ text, count: 1 });
    }
    const shown = lines.slice(-SINCE_LINES);
    const hidden = lines.length - shown.length;
    return h("div", { class: "group since", "data-testid": "since-your-turn" },
      h("h3", {}, t(mine < 0 ? "turn.since.start" : "turn.since.heading")),
      h("ul", { class: "since-list" },
        hidden ? h("li", { class: "more" }, t("turn.since.more", { count: hidden })) : null,
        shown.map((line) => h("li", {}, line.count > 1
          ? t("turn.since.repeat", { text: line.text, count: line.count }) : line.text))));
  }

  button(label, onclick, testid, extra = {}) {
    return h("button", { type: "button", class: `btn ${extra.class ?? ""}`, "data-testid": testid,
      onclick, "aria-label": extra.ariaLabel ?? null },
    label);
  }

  actionControls(view, secondary = false) {
    const table = this.table;
    const actor = view.actor;
    const out = [];
    const selected = table.ui.selected;
    if (selected !== null && view.offices[selected]?.includes(actor)) {
      const hints = this.hintsFrom(selected);
      const list = h("div", { class: "choices" });
      for (const m of hints) {
        const how = m.caesar_frees ? t("turn.dest.caesarOnly", { count: m.needed })
          : m.click === "refused" ? t("turn.dest.refused") : m.needed === 0
          ? t(m.caesar ? "turn.dest.caesar" : "turn.dest.free") : m.click === "move"
            ? t("turn.dest.own") : t("turn.dest.needs", { count: m.needed });
        const laurel = m.laurel ? t("turn.dest.laurel", { laurel: t(`laurel.kind.${m.laurel}`) }) : "";
        list.append(this.button(t("turn.dest.button", { office: m.to, how, laurel }), () => this.tryMove(selected, m.to),
          `dest-${m.to}`, { class: m.possible ? "" : "blocked", disabled: !m.possible }));
      }
      const entry = view.adds.includes(selected);
      out.push(h("div", { class: "group" },
        h("h3", {}, t("turn.moveFrom.heading", { office: selected })), list,
        entry ? this.button(t("turn.addHere", { office: selected }), () => this.tryAdd(selected),
          "add-here") : null,
        this.button(t("turn.deselect"), () => this.select(null), "deselect", { class: "quiet" })));
      return out;
    }
    if (secondary) out.push(h("h3", { class: "or" }, t("turn.orElse")));
    const supply = view.players[actor].supply;
    const adds = h("div", { class: "choices row" });
    for (const o of table.board().entry_offices) {
      const open = view.adds.includes(o);
      adds.append(this.button(t("turn.office", { office: o }), () => this.tryAdd(o), `add-${o}`, {
        ariaLabel: t(!open && supply ? "turn.add.ariaFull" : "turn.add.aria", { office: o }),
        disabled: !open, class: open ? "" : "blocked" }));
    }
    out.push(h("div", { class: "group" },
      h("h3", {}, t("turn.add.heading", { count: supply })), adds));
    const own = [...new Set(view.moves.map((m) => m.from))];
    if (own.length) {
      const sel = h("div", { class: "choices row" });
      for (const o of own) {
        sel.append(this.button(t("turn.office", { office: o }), () => this.select(o), `select-${o}`,
          { ariaLabel: t("turn.select.aria", { office: o }) }));
      }
      out.push(h("div", { class: "group" }, h("h3", {}, t("turn.select.heading")), sel));
    }
    out.push(h("div", { class: "group" }, h("h3", {}, t("turn.caesar.heading")),
      h("p", { class: "hint" }, t("turn.caesar.hint")),
      this.button(t("turn.caesar.choose"), () => table.dialogs.caesar(false), "caesar-open")));
    return out;
  }

  consentControls(view) {
    const table = this.table;
    const r = view.request;
    const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
    const rows = r.asked.map((a) => {
      const answer = r.answers[String(a.player)];
      const name = table.name(a.player);
      const state = !answer ? t("turn.answer.waiting", { name }) : answer.consents
        ? t(answer.terms && Object.keys(answer.terms).length ? "turn.answer.agreesTerms"
          : "turn.answer.agrees", { name, count: answer.consents }) : t("turn.answer.refuses", { name });
      return h("li", { "data-testid": `answer-state-${a.player}` }, state);
    });
    const out = [h("div", { class: "group request" },
      h("h3", {}, t("turn.request.heading", { from: r.from, to: r.to })),
      h("p", {}, t(r.own_spare > 0 ? "turn.request.needsOwn" : "turn.request.needs",
        { name: table.name(r.mover), count: r.needed, own: r.own_spare })),
      h("ul", { class: "answers" }, rows),
      h("div", { class: "choices row" },
        pending.length
          ? this.button(t("turn.request.answerAs", { name: table.name(pending[0].player) }),
            () => this.openStageDialog(true), "answer-open")
          : this.button(t("turn.request.chooseSupporters"), () => this.openStageDialog(true),
            "supporters-open"),
        table.isBot(r.mover) || !this.actorDecides(view) ? null
          : this.button(t("turn.request.withdraw"),
          () => this.act({ type: "withdraw", player: r.mover }), "withdraw", { class: "quiet" })))];
    return out;
  }

  bonusControls(view) {
    const table = this.table;
    const forced = view.bonus?.forced;
    const out = [h("p", {}, t("turn.bonus.text", { name: table.name(view.actor) }))];
    if (forced) {
      out.push(h("p", {}, t("turn.bonus.forced", { from: forced.from, to: forced.to })));
      out.push(this.button(t("turn.bonus.forcedButton", { from: forced.from, to: forced.to }), () => this.act(
        { type: "caesar", player: view.current, from: forced.from, to: forced.to }), "caesar-forced",
      { class: "primary" }));
    } else {
      out.push(h("div", { class: "choices row" },
        this.button(t("turn.caesar.choose"), () => table.dialogs.caesar(true), "caesar-open"),
        this.button(t("turn.bonus.decline"), () => this.act(
          { type: "decline", player: view.current }), "decline")));
    }
    return out;
  }

  councilControls(view) {
    const table = this.table;
    const seat = view.actor;
    const list = h("div", { class: "choices row" });
    for (const o of view.retire) {
      list.append(this.button(t("turn.office", { office: o }), () => this.retire(o), `retire-${o}`,
        { ariaLabel: t("turn.council.retire.aria", { name: table.name(seat), office: o }) }));
    }
    const last = view.series[view.series.length - 1];
    return [
      h("p", {}, t("turn.council.text", { game: last?.game ?? view.game_number })),
      h("h3", {}, t("turn.council.heading", { name: table.name(seat) })), list,
    ];
  }

  overControls(view) {
    const table = this.table;
    const winner = view.winner;
    return [
      h("p", { "data-testid": "winner-line" }, winner === null ? t("turn.over.noWinner")
        : t(view.options.series ? "turn.over.winsSeries" : "turn.over.wins", { name: table.name(winner) })),
      h("div", { class: "choices row" },
        this.button(t("turn.over.results"), () => this.openStageDialog(true), "results-open",
          { class: "primary" }),
        this.button(t("turn.over.replay"), () => table.startReplay(), "replay-open"),
        this.button(t("turn.over.newGame"), () => table.newGame(), "new-game-again")),
    ];
  }

  // -- dialogs that open by themselves -------------------------------------------------------

  closeStageDialog() {
    if (this.stageDialog && !this.stageDialog.closed) this.stageDialog.close();
    this.stageDialog = null;
  }

  /** After every new view: open the dialog the table now waits for (after a hand-over). */
  sync() {
    const view = this.view;
    const decider = this.table.decider(view);
    const key = `${JSON.stringify(view.options)}:${view.log.length}:${view.stage}:${decider}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.closeStageDialog();
    const previous = this.lastDecider;
    this.lastDecider = decider;
    // a new game or a resumed one starts with a hand-over too: whoever holds the device now
    if (this.table.botActor(view) !== null) {  // a bot decides: no hand-over, no dialog
      this.lastDecider = previous;
      return;
    }
    const handover = this.table.settings().handover && decider !== null && previous !== decider;
    if (handover) {
      this.table.handover(decider).then(() => {
        if (this.lastKey === key) this.openStageDialog(false);
      });
    } else {
      this.openStageDialog(false);
    }
  }

  openStageDialog(asked) {
    const table = this.table;
    const view = this.view;
    this.closeStageDialog();
    if (view.stage !== "over" && table.botActor(view) !== null) return;  // bots decide first
    if (view.stage === "consent") {
      const r = view.request;
      const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
      this.stageDialog = pending.length
        ? table.dialogs.answer(pending[0].player)
        : table.dialogs.supporters();
    } else if (view.stage === "over") {
      this.stageDialog = table.dialogs.end();
    } else if (asked) {
      table.say(t("turn.nothingToAnswer"));
    }
  }
}
