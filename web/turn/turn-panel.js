// The turn panel: the choices of the decision the table waits for as buttons (for keyboard and
// touch), the same ones the board's clicks give (turn.js carries them out), what the others did
// since a player's last turn, and the way to the results, the replay and a new game. Every
// text is in the chosen language (i18n.js).

import { h, replace } from "../panels/dom.js";
import { t } from "../words/i18n.js";
import { turnMeta } from "../words/turn-meta.js";
import { answerWords } from "./consent.js";

/** The actions a player takes on their own turn (an answer, a V2 reveal and the council's
 * retirements come on another's turn or between games). */
const TURN_ACTIONS = new Set(["add", "move", "request", "withdraw", "caesar", "decline"]);
/** The latest lines of the "since your turn" summary that the panel shows. */
const SINCE_LINES = 8;

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").LogLine} LogLine */
/** @typedef {import("qvcore-protocol").BoardData} BoardData */

/**
 * What the turn panel needs from the table (wired once, in app.js), and nothing else.
 * @typedef {object} PanelTable
 * @property {() => View | null} view  the onlooker's view
 * @property {{selected: number | null, replay: object | null}} ui  the selected office, the replay
 * @property {() => BoardData} board  the board's data (entry offices)
 * @property {Pick<import("./turn.js").Turn, "act" | "select" | "tryAdd" | "tryMove" | "retire"
 *   | "hintsFrom" | "actorDecides" | "bannerText" | "refusedWords">} turn  the turn's actions and words
 * @property {(seat: number) => string} name
 * @property {(seat: number) => {fill: string, ink: string}} colour
 * @property {(view?: View) => number | null} decider  the seat the table waits for
 * @property {(view?: View) => number | null} botActor  the bot seat that decides now
 * @property {(seat: number, banner: string) => Node[]} botPanel  the panel while a bot decides
 * @property {(seat: number) => boolean} isBot
 * @property {(entry: LogLine) => string} logWords  a log entry in words
 * @property {() => void} openStage  open the stage's dialog, asked for (stage.js)
 * @property {(bonus: boolean) => void} caesar  the chooser of Caesar's move (consent.js)
 * @property {() => void} startReplay
 * @property {() => void} newGame  open the new game screen
 * @property {(seat: number) => void} look  a seat looks at its own laurels
 */

/** How a move to a destination can be made, in words: the view's hint says it (R6).
 * @param {import("qvcore-protocol").Hint} m */
function destinationWords(m) {
  if (m.caesar_frees) {
    // the consents to be had here (the engine's counts): none, or fewer than needed
    const given = m.own_spare + Object.values(m.others).reduce((a, b) => a + b, 0);
    return given > 0 ? t("turn.dest.caesarShort", { count: m.needed, given })
      : t("turn.dest.caesarOnly", { count: m.needed });
  }
  if (m.click === "refused") return t("turn.dest.refused");
  if (m.needed === 0) return t(m.caesar ? "turn.dest.caesar" : "turn.dest.free");
  return m.click === "move" ? t("turn.dest.own") : t("turn.dest.needs", { count: m.needed });
}

export class TurnPanel {
  /** @param {PanelTable} table */
  constructor(table) {
    this.table = table;
    this.turn = table.turn;
    this.panel = document.getElementById("turn-panel");
    this.panel.tabIndex = -1;  // focus lands here when a game starts (it outlives re-renders)
  }

  render() {
    const table = this.table;
    const view = this.table.view();
    if (!view) return this.fill();
    if (table.ui.replay) {
      return this.fill(h("h2", { id: "turn-heading" }, t("turn.replay.heading")),
        h("p", {}, t("turn.replay.text")));
    }
    const bot = table.botActor(view);
    if (bot !== null) return this.fill(table.botPanel(bot, this.turn.bannerText(view)));
    const parts = [];
    const seat = table.decider(view);
    const heading = h("h2", { id: "turn-heading", "data-testid": "turn-heading" });
    if (seat === null) heading.textContent = t("turn.over.heading");
    else {
      const c = table.colour(seat);
      const text = this.turn.bannerText(view);
      heading.append(h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(seat + 1)), " ", h("span", { class: "clip", title: text }, text));
    }
    parts.push(heading);
    parts.push(h("p", { class: "turn-meta" }, turnMeta(view)));
    // a binding Caesar promise is the turn's only action (R11): said before any choice is tried
    if (view.caesar_duty) {
      parts.push(h("p", { class: "note", "data-testid": "caesar-duty" }, t("turn.caesarDuty",
        { name: table.name(view.current), from: view.caesar_duty.from, to: view.caesar_duty.to })));
    }
    switch (view.stage) {
      case "action": parts.push(...this.actionControls(view)); break;
      case "consent": parts.push(...this.consentControls(view));
        // the mover's other actions belong to the mover's own decision, once the answers are in
        if (this.turn.actorDecides(view)) parts.push(...this.actionControls(view, true));
        break;
      case "bonus": parts.push(...this.bonusControls(view)); break;
      case "council": parts.push(...this.councilControls(view)); break;
      case "over": parts.push(...this.overControls(view)); break;
      default:
    }
    // what the others did since: after the turn's actions, which stay in sight (the log
    // beside the board has it all)
    const since = this.sinceYourTurn(view);
    if (since) parts.push(since);
    if (view.reveal?.open) {
      parts.push(h("div", { class: "group reveal" },
        h("p", {}, t("turn.reveal.text")),
        h("button", { type: "button", class: "btn", "data-testid": "reveal",
          onclick: () => this.turn.act({ type: "reveal", player: seat ?? view.current }) },
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
    this.fill(parts);
  }

  /** Put these parts in the panel. The heading the keyboard is on stays the same element, its
   * words and marks changed in place: taking the focused element out of the page makes the
   * browser update the whole page's style and layout at once, in the middle of the table's
   * update (App.focusTurnHeading has a screen reader read it again).
   * @param {...(Node | Node[] | null)} parts */
  fill(...parts) {
    const list = /** @type {Node[]} */ (parts.flat(Infinity).filter(Boolean));
    const focused = document.activeElement;
    const heading = list[0];
    if (!(focused instanceof HTMLElement) || focused.id !== "turn-heading"
        || focused.parentNode !== this.panel || !(heading instanceof HTMLElement)
        || heading.id !== "turn-heading" || heading.tagName !== focused.tagName) {
      replace(this.panel, list);
      return;
    }
    for (const name of focused.getAttributeNames()) {
      if (name !== "tabindex" && !heading.hasAttribute(name)) focused.removeAttribute(name);
    }
    for (const name of heading.getAttributeNames()) {
      focused.setAttribute(name, /** @type {string} */ (heading.getAttribute(name)));
    }
    focused.replaceChildren(...heading.childNodes);
    for (const node of [...this.panel.childNodes]) if (node !== focused) node.remove();
    focused.after(...list.slice(1));
  }

  /** At a human's turn: what happened since that player's last turn, from the public log (a
   * laurel taken is only "takes the laurel": never its hidden value, R10); an answer given
   * since to another's request is a line of it, not where it starts. Repeats are counted, not
   * listed again, and only the latest lines are shown. */
  sinceYourTurn(view) {
    const table = this.table;
    const d = view.decision;
    if (!d || d.kind !== "turn" || table.isBot(d.seat)) return null;
    const log = view.log ?? [];
    let mine = log.length - 1;
    while (mine >= 0 && !(log[mine].player === d.seat && TURN_ACTIONS.has(log[mine].type))) {
      mine -= 1;
    }
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

  /** The button that moves Caesar where a deal sends him (R7.3, R11): the choice's only one.
   * @param {import("qvcore-protocol").PathRef} to
   * @param {string} testid */
  caesarTo(to, testid) {
    const view = /** @type {View} */ (this.table.view());
    return this.button(t("turn.caesar.moveTo", { from: to.from, to: to.to }), () => this.turn.act(
      { type: "caesar", player: view.current, from: to.from, to: to.to }), testid,
    { class: "primary" });
  }

  actionControls(view, secondary = false) {
    const table = this.table;
    const actor = view.actor;
    const out = [];
    // a binding Caesar promise is the turn's only action (R11): its one button, nothing else
    if (view.caesar_duty) {
      return [h("div", { class: "group" }, this.caesarTo(view.caesar_duty, "caesar-duty-move"))];
    }
    const selected = table.ui.selected;
    if (selected !== null && view.offices[selected]?.includes(actor)) {
      const hints = this.turn.hintsFrom(selected);
      const list = h("div", { class: "choices" });
      for (const m of hints) {
        const how = destinationWords(m);
        const laurel = m.laurel ? t("turn.dest.laurel", { laurel: t(`laurel.kind.${m.laurel}`) }) : "";
        // a refusal says why before it is clicked (the rule's words, as a click shows them)
        const why = m.click === "refused" && !m.caesar_frees
          ? h("small", { class: "why" }, this.turn.refusedWords(m)) : null;
        list.append(this.button([t("turn.dest.button", { office: m.to, how, laurel }), why],
          () => this.turn.tryMove(selected, m.to), `dest-${m.to}`,
          { class: m.possible ? "" : "blocked" }));
      }
      const entry = view.adds.includes(selected);
      out.push(h("div", { class: "group" },
        h("h3", {}, t("turn.moveFrom.heading", { office: selected })), list,
        entry ? this.button(t("turn.addHere", { office: selected }), () => this.turn.tryAdd(selected),
          "add-here") : null,
        this.button(t("turn.deselect"), () => this.turn.select(null), "deselect", { class: "quiet" })));
      return out;
    }
    if (secondary) out.push(h("h3", { class: "or" }, t("turn.orElse")));
    const supply = view.players[actor].supply;
    const adds = h("div", { class: "choices row" });
    for (const o of table.board().entry_offices) {
      const open = view.adds.includes(o);
      adds.append(this.button(t("turn.office", { office: o }), () => this.turn.tryAdd(o), `add-${o}`, {
        ariaLabel: t(!open && supply ? "turn.add.ariaFull" : "turn.add.aria", { office: o }),
        disabled: !open, class: open ? "" : "blocked" }));
    }
    out.push(h("div", { class: "group" },
      h("h3", {}, t("turn.add.heading", { count: supply })), adds));
    const own = [...new Set(view.moves.map((m) => m.from))];
    if (own.length) {
      const sel = h("div", { class: "choices row" });
      for (const o of own) {
        sel.append(this.button(t("turn.office", { office: o }), () => this.turn.select(o), `select-${o}`,
          { ariaLabel: t("turn.select.aria", { office: o }) }));
      }
      out.push(h("div", { class: "group" }, h("h3", {}, t("turn.select.heading")), sel));
    }
    out.push(h("div", { class: "group" }, h("h3", {}, t("turn.caesar.heading")),
      h("p", { class: "hint" }, t("turn.caesar.hint")),
      this.button(t("turn.caesar.choose"), () => table.caesar(false), "caesar-open")));
    return out;
  }

  consentControls(view) {
    const table = this.table;
    const r = view.request;
    const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
    // the engine's hint for the asked path: supporters to pick, or too few agreed (R6.2, R6.4)
    const movable = view.moves.some((m) => m.path === r.path && m.click === "supporters");
    const rows = r.asked.map((a) => {
      const state = answerWords(r.answers[String(a.player)], table.name(a.player));
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
            () => table.openStage(), "answer-open")
          : movable ? this.button(t("turn.request.chooseSupporters"), () => table.openStage(),
            "supporters-open")
            : h("p", { "data-testid": "request-short" }, t("turn.request.short")),
        table.isBot(r.mover) || !this.turn.actorDecides(view) ? null
          : this.button(t("turn.request.withdraw"),
          () => this.turn.act({ type: "withdraw", player: r.mover }), "withdraw", { class: "quiet" })))];
    return out;
  }

  bonusControls(view) {
    const table = this.table;
    const forced = view.bonus?.forced;
    const name = table.name(view.actor);
    if (forced) {
      // the deal fixed the destination (R11): the bonus is owed, not offered
      return [h("p", {}, t("turn.bonus.forced", { name, from: forced.from, to: forced.to })),
        this.caesarTo(forced, "caesar-forced")];
    }
    return [h("p", {}, t("turn.bonus.text", { name })),
      h("div", { class: "choices row" },
        this.button(t("turn.caesar.choose"), () => table.caesar(true), "caesar-open"),
        this.button(t("turn.bonus.decline"), () => this.turn.act(
          { type: "decline", player: view.current }), "decline"))];
  }

  councilControls(view) {
    const table = this.table;
    const seat = view.actor;
    const list = h("div", { class: "choices row" });
    for (const o of view.retire) {
      list.append(this.button(t("turn.office", { office: o }), () => this.turn.retire(o), `retire-${o}`,
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
        this.button(t("turn.over.results"), () => table.openStage(), "results-open",
          { class: "primary" }),
        this.button(t("turn.over.replay"), () => table.startReplay(), "replay-open"),
        this.button(t("turn.over.newGame"), () => table.newGame(), "new-game-again")),
    ];
  }
}
