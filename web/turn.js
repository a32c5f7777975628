// The turn: what a click on the board means at each stage (R4-R8, R12 V3), the turn panel
// with the same choices as buttons (for keyboard and touch), and the stage dialogs that open
// by themselves (consent answers, the mover's supporters, the end screen).

import { h, plural, replace, listText } from "./dom.js";
import { openAnswerDialog, openMoveDialog, openSupportersDialog, openCaesarChooser }
  from "./consent.js";
import { openEndScreen } from "./end-screen.js";

export class Turn {
  constructor(app) {
    this.app = app;
    this.panel = document.getElementById("turn-panel");
    this.stageDialog = null;   // the dialog opened by sync(), closed when the state changes
    this.lastKey = null;
    this.lastDecider = null;
  }

  reset() {
    this.closeStageDialog();
    this.lastKey = null;
    this.lastDecider = null;
  }

  get view() { return this.app.view; }

  /** The seat that plays turn actions / bonus / council choices now (the engine says). */
  actor(view = this.view) {
    return view ? view.actor : null;
  }

  hintsFrom(office) { return this.view.moves.filter((m) => m.from === office); }

  // -- board clicks -------------------------------------------------------------------------

  onOffice(office) {
    const app = this.app;
    const view = this.view;
    if (!app.ready || !view || app.ui.replay) return;
    const actor = this.actor();
    switch (view.stage) {
      case "action":
      case "consent": {
        const selected = app.ui.selected;
        if (selected === office) return this.select(null);
        if (selected !== null) {
          const hint = view.moves.find((m) => m.from === selected && m.to === office);
          if (hint || !view.offices[office].includes(actor)) return this.tryMove(selected, office);
        }
        if (view.offices[office].includes(actor)) return this.select(office);
        if (app.board.data.entry_offices.includes(office)) return this.tryAdd(office);
        app.say(`${app.name(actor)} has no senator in office ${office}. Select one of your ` +
          "senators first, or add one at an entry office (0–3).", "error");
        return;
      }
      case "bonus":
        app.say("Choose a laurel space for Caesar, or leave him where he stands.", "error");
        return;
      case "council":
        return this.retire(office);  // the engine refuses an office without the seat's senator
      default:
    }
  }

  onSpace(path) {
    const app = this.app;
    const view = this.view;
    if (!app.ready || !view || app.ui.replay) return;
    if (!["action", "consent", "bonus"].includes(view.stage)) return;
    const p = app.board.data.paths[path];
    this.act({ type: "caesar", player: view.actor, from: p.from, to: p.to });
  }

  // -- actions ------------------------------------------------------------------------------

  act(action) {
    return this.app.act(action);
  }

  select(office) {
    this.app.ui.selected = office;
    this.app.say(office === null ? "" : this.selectionText(office));
    this.app.render();
  }

  selectionText(office) {
    const hints = this.hintsFrom(office);
    const open = hints.filter((m) => m.possible);
    if (!open.length) return `No move out of office ${office} is possible now.`;
    return `Senator in office ${office} selected: choose where it goes (office ${
      listText(open.map((m) => String(m.to)))}).`;
  }

  tryAdd(office) {
    const actor = this.actor();
    this.act({ type: "add", player: actor, office });
  }

  retire(office) {
    this.act({ type: "retire", player: this.actor(), office });
  }

  /** A click on destination b for the senator in a: the engine's hint says what it means
   * (R6): a move (own supporters included), a request, a choice of both, the open request's
   * supporters, or a refusal with the rule's words. */
  tryMove(a, b) {
    const app = this.app;
    const hint = this.view.moves.find((m) => m.from === a && m.to === b);
    if (!hint) {
      // not a path out of a: the engine says why, in words (R4)
      const reply = app.check({ type: "move", player: this.actor(), from: a, to: b, supporters: [] });
      app.say(reply.ok ? "This move is not possible." : reply.error.message, "error");
      return undefined;
    }
    switch (hint.click) {
      case "refused": app.say(hint.error.message, "error"); return undefined;
      case "move": return this.act(hint.move);
      case "supporters":
        this.closeStageDialog();
        this.stageDialog = openSupportersDialog(this.app);
        return undefined;
      default:  // "request" or "choose"
        this.closeStageDialog();
        this.stageDialog = openMoveDialog(this.app, hint);
        return undefined;
    }
  }

  // -- what the board highlights ------------------------------------------------------------

  marks(view) {
    const marks = { selected: this.app.ui.selected, turnSeat: this.app.decider(view) };
    marks.turnWords = this.turnWords(view);
    if (view.stage === "action" || view.stage === "consent") {
      marks.selectable = new Set(view.moves.map((m) => m.from));
      if (view.adds.length) marks.addable = new Set(view.adds);
      marks.caesarTargets = new Set(view.caesar_targets.map((x) => x.path));
      if (marks.selected !== null) {
        marks.dest = new Map();
        marks.routes = new Map();
        for (const m of this.hintsFrom(marks.selected)) {
          const kind = !m.possible ? "blocked" : m.free ? "free" : "consent";
          marks.dest.set(m.to, kind);
          marks.routes.set(m.path, kind);
        }
      }
    } else if (view.stage === "bonus") {
      marks.caesarTargets = new Set(view.caesar_targets.map((x) => x.path));
    } else if (view.stage === "council") {
      marks.selectable = new Set(view.retire);
    }
    return marks;
  }

  turnWords(view) {
    switch (view.stage) {
      case "consent": return this.app.decider(view) === view.current
        ? "chooses supporters" : "answers the request";
      case "bonus": return "may move Caesar";
      case "council": return "council: retires one";
      default: return "to play";
    }
  }

  bannerText(view) {
    const app = this.app;
    const seat = app.decider(view);
    const name = app.name(seat);
    switch (view.stage) {
      case "consent":
        return seat === view.current
          ? `${name}: choose supporters or do something else`
          : `${name} must answer ${app.name(view.current)}'s request`;
      case "bonus": return `${name} may move Caesar (bonus)`;
      case "council": return `Council: ${name} takes a senator off the board`;
      default: return `${name}'s turn`;
    }
  }

  // -- the panel ----------------------------------------------------------------------------

  renderPanel() {
    const app = this.app;
    const view = this.view;
    if (!view) return replace(this.panel);
    if (app.ui.replay) {
      return replace(this.panel, h("h2", { id: "turn-heading" }, "Replay"),
        h("p", {}, "Step through the game with the replay controls in the log."));
    }
    const parts = [];
    const seat = app.decider(view);
    const heading = h("h2", { id: "turn-heading", "data-testid": "turn-heading" });
    if (seat === null) heading.textContent = "Game over";
    else {
      const c = app.colour(seat);
      heading.append(h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(seat + 1)), " ", this.bannerText(view));
    }
    parts.push(heading);
    parts.push(h("p", { class: "turn-meta" }, `Game ${view.game_number}${
      view.options.series ? " of 3" : ""} · turn ${view.turn + 1}${
      view.seed === undefined ? "" : ` · seed ${view.seed}`}`));
    switch (view.stage) {
      case "action": parts.push(...this.actionControls(view)); break;
      case "consent": parts.push(...this.consentControls(view), ...this.actionControls(view, true));
        break;
      case "bonus": parts.push(...this.bonusControls(view)); break;
      case "council": parts.push(...this.councilControls(view)); break;
      case "over": parts.push(...this.overControls(view)); break;
      default:
    }
    if (view.reveal?.open) {
      parts.push(h("div", { class: "group reveal" },
        h("p", {}, "A senator has entered the Senate: anyone may ask to see every hoard (V2)."),
        h("button", { type: "button", class: "btn", "data-testid": "reveal",
          onclick: () => this.act({ type: "reveal", player: seat ?? view.current }) },
        "Show all hoards")));
    }
    if (view.reveal?.shown) {
      parts.push(h("p", { class: "note", "data-testid": "revealed-note" },
        "All hoards are shown (V2) until the next action."));
    }
    if (seat !== null && view.stage !== "over") {
      parts.push(h("div", { class: "group" }, h("button", {
        type: "button", class: "btn look", "data-testid": "look-mine",
        onclick: () => app.secrecy.look(seat),
      }, `Look at my laurels (${app.name(seat)})`)));
    }
    replace(this.panel, parts);
  }

  button(label, onclick, testid, extra = {}) {
    return h("button", { type: "button", class: `btn ${extra.class ?? ""}`, "data-testid": testid,
      onclick, "aria-label": extra.ariaLabel ?? null },
    label);
  }

  actionControls(view, secondary = false) {
    const app = this.app;
    const actor = view.actor;
    const out = [];
    const selected = app.ui.selected;
    if (selected !== null && view.offices[selected]?.includes(actor)) {
      const hints = this.hintsFrom(selected);
      const list = h("div", { class: "choices" });
      for (const m of hints) {
        const how = m.click === "refused" ? "not possible" : m.needed === 0
          ? (m.caesar ? "free: Caesar's path" : "free") : m.click === "move"
            ? "with your own consent" : `needs ${plural(m.needed, "consent")}`;
        const laurel = m.laurel ? ` · laurel ${m.laurel === "IIC" ? "II (Caesar)" : m.laurel}` : "";
        list.append(this.button(`To office ${m.to} — ${how}${laurel}`, () => this.tryMove(selected, m.to),
          `dest-${m.to}`, { class: m.possible ? "" : "blocked", disabled: !m.possible }));
      }
      const entry = view.adds.includes(selected);
      out.push(h("div", { class: "group" },
        h("h3", {}, `Move the senator in office ${selected}`), list,
        entry ? this.button(`Add another senator to office ${selected}`, () => this.tryAdd(selected),
          "add-here") : null,
        this.button("Cancel the selection", () => this.select(null), "deselect", { class: "quiet" })));
      return out;
    }
    if (secondary) out.push(h("h3", { class: "or" }, "Or do something else"));
    const supply = view.players[actor].supply;
    const adds = h("div", { class: "choices row" });
    for (const o of app.board.data.entry_offices) {
      const open = view.adds.includes(o);
      adds.append(this.button(`Office ${o}`, () => this.tryAdd(o), `add-${o}`, {
        ariaLabel: `Add a senator to office ${o}${!open && supply ? " (full)" : ""}`,
        disabled: !open, class: open ? "" : "blocked" }));
    }
    out.push(h("div", { class: "group" },
      h("h3", {}, `Add a senator (${plural(supply, "left", "left")} in supply)`), adds));
    const own = [...new Set(view.moves.map((m) => m.from))];
    if (own.length) {
      const sel = h("div", { class: "choices row" });
      for (const o of own) {
        sel.append(this.button(`Office ${o}`, () => this.select(o), `select-${o}`,
          { ariaLabel: `Select your senator in office ${o}` }));
      }
      out.push(h("div", { class: "group" }, h("h3", {}, "Move a senator from"), sel));
    }
    out.push(h("div", { class: "group" }, h("h3", {}, "Move Caesar"),
      h("p", { class: "hint" }, "Click a laurel space on the board, or:"),
      this.button("Choose a laurel space…", () => openCaesarChooser(app, false), "caesar-open")));
    return out;
  }

  consentControls(view) {
    const app = this.app;
    const r = view.request;
    const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
    const rows = r.asked.map((a) => {
      const answer = r.answers[String(a.player)];
      const state = !answer ? "has not answered yet" : answer.consents
        ? `agrees (${plural(answer.consents, "consent")})${answer.terms && Object.keys(answer.terms).length
          ? " on terms" : ""}` : "refuses";
      return h("li", { "data-testid": `answer-state-${a.player}` }, `${app.name(a.player)} ${state}`);
    });
    const out = [h("div", { class: "group request" },
      h("h3", {}, `Request: office ${r.from} → office ${r.to}`),
      h("p", {}, `${app.name(r.mover)} needs ${plural(r.needed, "consent")}` +
        (r.own_spare > 0 ? ` (own senators here: ${r.own_spare})` : "") + "."),
      h("ul", { class: "answers" }, rows),
      h("div", { class: "choices row" },
        pending.length
          ? this.button(`Answer as ${app.name(pending[0].player)}`, () => this.openStageDialog(true),
            "answer-open")
          : this.button("Choose supporters", () => this.openStageDialog(true), "supporters-open"),
        this.button("Withdraw the request", () => this.act({ type: "withdraw", player: r.mover }),
          "withdraw", { class: "quiet" })))];
    return out;
  }

  bonusControls(view) {
    const app = this.app;
    const forced = view.bonus?.forced;
    const out = [h("p", {}, `${app.name(view.actor)} took a Caesar laurel and may now move ` +
      "Caesar to another laurel space (R7.3).")];
    if (forced) {
      out.push(h("p", {}, `The deal sends Caesar to the path ${forced.from}→${forced.to}.`));
      out.push(this.button(`Move Caesar to ${forced.from}→${forced.to}`, () => this.act(
        { type: "caesar", player: view.current, from: forced.from, to: forced.to }), "caesar-forced",
      { class: "primary" }));
    } else {
      out.push(h("div", { class: "choices row" },
        this.button("Choose a laurel space…", () => openCaesarChooser(app, true), "caesar-open"),
        this.button("Leave Caesar where he stands", () => this.act(
          { type: "decline", player: view.current }), "decline")));
    }
    return out;
  }

  councilControls(view) {
    const app = this.app;
    const seat = view.actor;
    const list = h("div", { class: "choices row" });
    for (const o of view.retire) {
      list.append(this.button(`Office ${o}`, () => this.retire(o), `retire-${o}`,
        { ariaLabel: `Take ${app.name(seat)}'s senator off office ${o}` }));
    }
    const last = view.series[view.series.length - 1];
    return [
      h("p", {}, `Game ${last?.game ?? view.game_number} is over. Appeal to the council (V3): ` +
        "each player with more than two senators on the board takes one off, highest total first."),
      h("h3", {}, `${app.name(seat)}: take a senator off`), list,
    ];
  }

  overControls(view) {
    const app = this.app;
    const winner = view.winner;
    return [
      h("p", { "data-testid": "winner-line" }, winner === null ? "The game is over."
        : `${app.name(winner)} wins${view.options.series ? " the series" : ""}.`),
      h("div", { class: "choices row" },
        this.button("Show the results", () => this.openStageDialog(true), "results-open",
          { class: "primary" }),
        this.button("Replay the game", () => app.log.startReplay(), "replay-open"),
        this.button("New game", () => app.newGame.open(), "new-game-again")),
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
    const decider = this.app.decider(view);
    const key = `${JSON.stringify(view.options)}:${view.log.length}:${view.stage}:${decider}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.closeStageDialog();
    const previous = this.lastDecider;
    this.lastDecider = decider;
    // a new game or a resumed one starts with a hand-over too: whoever holds the device now
    const handover = this.app.settings().handover && decider !== null && previous !== decider;
    if (handover) {
      this.app.secrecy.handover(decider).then(() => {
        if (this.lastKey === key) this.openStageDialog(false);
      });
    } else {
      this.openStageDialog(false);
    }
  }

  openStageDialog(asked) {
    const app = this.app;
    const view = this.view;
    this.closeStageDialog();
    if (view.stage === "consent") {
      const r = view.request;
      const pending = r.asked.filter((a) => !(String(a.player) in r.answers));
      this.stageDialog = pending.length
        ? openAnswerDialog(app, pending[0].player)
        : openSupportersDialog(app);
    } else if (view.stage === "over") {
      this.stageDialog = openEndScreen(app);
    } else if (asked) {
      app.say("Nothing to answer now.");
    }
  }
}
