// One Palatinus table in the page: the set-up played tile by tile (P3), then placements (P4),
// then the final scoring shown step by step (P5–P7). Hot-seat for 2–5 players and bots.
//
// Secrecy (P8): the board and the panels are drawn from the onlooker's view while the device
// passes between players. A seat's own view (its hand and its face-down kinds) is asked for
// only once that seat's player has confirmed it is them (with one person at the table, at
// once), and dropped as soon as they have played. The set-up shows nobody's screen (only the
// seat's legal lays are read from its view), so it needs no hand-over. So another seat's hidden
// kind never reaches the DOM. The page decides no rule: every choice offered comes from the seat view's
// legal actions, and every action goes through the engine. When the table turns to another
// player, input is held for a moment (guard.js, as in Quo Vadis: <html data-guard="on">), so
// a double-click meant for the player before decides nothing for the next one.
//
// State on <html>: data-pal-stage (setup|place|over), data-pal-current (the seat to act),
// data-pal-turn (human|bot: who plays the seat to act), data-pal-looking (the seat whose own
// view is shown, or absent), data-pal-actions (the number of actions), data-saved (the
// autosave's action count), data-pal-scoring and data-pal-shown (scoring-screen.js: the final
// scoring), data-pal-replay (replay.js: the actions shown when a finished game is watched
// again).

import { confirmUndo } from "../panels/dialogs.js";
import { focusInSight, h, replace } from "../panels/dom.js";
import { sayInSight } from "../panels/message-toast.js";
import { held, holdButtons, noteDecider, resetDecider } from "../turn/guard.js";
import { has, t } from "../words/i18n.js";
import { COLOURS, previewLabel, tilePreview } from "./board.js";
import { botPauseMs, LEVELS, PalBots } from "./bots.js";
import { PalReplay } from "./replay.js";
import { writeAutosave } from "./saves.js";
import { renderScoring } from "./scoring-screen.js";
import { logText, pieceChoice, pieceWithColour } from "./words.js";

const root = document.documentElement;

/** @typedef {{kind: string, name: string}} Seat  kind: "human", "easy" or "hard" */
/** @typedef {import("qvcore-palatinus-protocol").View} View */
/** @typedef {import("qvcore-palatinus-protocol").Final} Final */

export class PalTable {
  /**
   * @param {import("./engine.js").PalEngine} engine
   * @param {import("./board.js").PalBoard} board
   * @param {{panel: HTMLElement, players: HTMLElement, log: HTMLElement,
   *   heading: HTMLElement, message: HTMLElement, choice: HTMLElement,
   *   announcer: HTMLElement}} els choice: the line under the board that names the
   *   inhabitant chosen to place; announcer: the live region that reads out each move, a
   *   tile's turn and each step of the scoring
   */
  constructor(engine, board, els) {
    this.engine = engine;
    this.board = board;
    this.els = els;
    // the log is a Tab stop (its list scrolls) only once it has a line to read
    const log = els.log;
    const tabStop = () => {
      if (log.childElementCount) log.tabIndex = 0;
      else log.removeAttribute("tabindex");
    };
    new MutationObserver(tabStop).observe(log, { childList: true });
    tabStop();
    this.bots = new PalBots();
    /** @type {Seat[]} */
    this.seats = [];
    /** @type {View} the onlooker's view */
    this.view = null;
    /** @type {View|null} the looking seat's own view, or null */
    this.own = null;
    this.rotation = 0;
    /** @type {number|null} the place a touch has shown the tile on, before it is laid */
    this.pendingSlot = null;
    /** @type {number|null} the index of the chosen inhabitant in `placeable` */
    this.piece = null;
    /** @type {Final|null} the final scoring: {steps, winners, points} */
    this.final = null;
    this.shown = 0;
    this.actions = 0;
    /** Counts every position the table adopts (a move, an undo, a new game, a save opened):
     * unlike the count of actions, never the same for two positions */
    this.position = 0;
    /** the position at which a bot was last asked to move */
    this.botTurn = -1;
    /** Whether this tab may play (tabs.js: one tab per game); app.js sets it. */
    this.mayAct = () => true;
    /** the new-game form is on screen over a running game (its view put aside: new-game.js) */
    this.formOverGame = false;
    /** watching the finished game again (replay.js) */
    this.replay = new PalReplay(this);
    /** @type {string|null} the text this tab last autosaved */
    this.lastSaved = null;
    /** @type {(() => string) | null} the words of the message under the board, if given so */
    this.said = null;
    /** @type {{event: import("qvcore-palatinus-protocol").EventData}[]} the public log, as the
     * last renderLog read it */
    this.publicLog = [];
    /** the log entries read out so far; null: a game just started or opened, nothing to read */
    this.heard = /** @type {number|null} */ (null);
    // Escape takes back a chosen inhabitant, as in Quo Vadis? for a senator (an open dialog
    // takes Escape for itself); the keyboard goes back to the inhabitant it was
    document.addEventListener("keydown", (event) => {
      const chosen = this.piece;
      if (event.key !== "Escape" || event.defaultPrevented || chosen === null || !this.own
        || (this.own.placeable ?? []).length < 2 || document.querySelector("dialog[open]")) {
        return;
      }
      event.preventDefault();
      this.piece = null;
      this.renderPlace();
      /** @type {HTMLElement|null} */ (this.els.panel.querySelector(
        `[data-testid="pal-piece-${chosen}"]`))?.focus();
    });
  }

  /** @returns {number} how many seats people play */
  get humans() { return this.seats.filter((seat) => seat.kind === "human").length; }

  /**
   * Start a new game.
   * @param {Seat[]} seats @param {number} seed
   */
  start(seats, seed) {
    if (!this.mayAct()) return false;
    const reply = this.engine.newGame({ players: seats.length, names: seats.map((x) => x.name) },
      seed);
    if (!reply.ok) return this.fail(reply.error);
    this.seats = seats;
    this.formOverGame = false;
    resetDecider();
    this.seatBots(seed);
    this.final = null;
    this.heard = null;
    this.adopt(reply.view, 0);
    this.autosave();
    return true;
  }

  /**
   * Load a save's text (a file or the autosave); a bad one changes nothing.
   * @param {string} text
   */
  load(text) {
    if (!this.mayAct()) return false;
    const reply = this.engine.load(text);
    if (!reply.ok) return this.fail(reply.error);
    const view = reply.view;
    const meta = reply.meta;
    this.seats = view.players.map((p, i) => ({ name: p.name,
      kind: LEVELS.includes(meta?.seats?.[i]) ? meta.seats[i] : "human" }));
    this.formOverGame = false;
    resetDecider();
    this.seatBots(Number(meta?.botSeed ?? 1));
    const full = this.engine.view();
    const last = full.ok ? full.view.log[full.view.log.length - 1] : null;
    this.final = view.stage === "over" ? last?.event?.final ?? null : null;
    this.shown = 0;
    const saved = this.engine.save(null);
    this.heard = null;
    this.adopt(view, saved.ok ? saved.save.actions.length : 0);
    this.autosave();
    return true;
  }

  /** @param {number} seed */
  seatBots(seed) {
    this.botSeed = seed % 1_000_000;
    this.bots.seat(this.seats.map((seat, i) => ({ seat: i, level: seat.kind,
      seed: this.botSeed + i })).filter((b) => b.level !== "human"));
  }

  /** @param {View} view @param {number} actions */
  adopt(view, actions) {
    this.replay.state = null;
    delete root.dataset.palReplay;
    this.view = view;
    this.actions = actions;
    this.position += 1;
    this.own = null;
    this.piece = null;
    this.rotation = 0;
    this.pendingSlot = null;
    this.say("");
    this.render();
  }

  /** The new-game form replaces a finished game (or none): the replay ends, and the banner,
   * the players, the log and the message under the board are emptied with the board. */
  clearTable() {
    this.replay.state = null;
    for (const state of ["palReplay", "palScoring", "palStage"]) delete root.dataset[state];
    document.getElementById("banner")?.replaceChildren();
    this.els.players.replaceChildren();
    this.els.log.replaceChildren();
    this.say("");
  }

  /** Say why the engine refused, in the page's language; nothing changed.
   * @param {{rule: string, code?: string, message: string, params?: Record<string, any>}} error */
  fail(error) {
    this.say(() => this.refusal(error));
    return false;
  }

  /** The engine's refusal in the page's language.
   * @param {{rule: string, code?: string, message: string, params?: Record<string, any>}} error */
  refusal(error) {
    const key = `palatinus.error.${error.code}`;
    // a save's actions count from 0 in the protocol, from 1 for a player
    const index = Number.isInteger(error.params?.index) ? error.params.index + 1 : undefined;
    return t(has(key) ? key : "palatinus.error.other", { rule: error.rule,
      message: error.message, index });
  }

  /** The message under the board: a text, or a function that words it in the chosen
   * language, said again on a switch of language (reword).
   * @param {string | (() => string)} words */
  say(words) {
    this.said = typeof words === "function" ? words : null;
    const message = this.els.message;
    message.textContent = typeof words === "function" ? words() : words;
    // under a long turn panel it can lie below the window, where a refused Undo seemed to do
    // nothing: it is said in sight too
    sayInSight(message.textContent, message);
  }

  /** Read a text out to screen readers (polite): emptied first, so that the same words said
   * twice are heard twice. @param {string} text */
  announce(text) {
    const region = this.els.announcer;
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = text; });
  }

  /** The message worded again in the language just chosen, when it was given as words; the
   * last words read out go (left, they would stay in the old language; nothing new happened). */
  reword() {
    if (this.said && this.els.message.textContent) this.say(this.said);
    this.els.announcer.textContent = "";
  }

  autosave() {
    const reply = this.engine.save({ seats: this.seats.map((x) => x.kind), botSeed: this.botSeed });
    const text = reply.ok ? JSON.stringify(reply.save) : null;
    if (text && writeAutosave(text)) {
      this.lastSaved = text;
      root.dataset.saved = String(reply.save.actions.length);
    }
  }

  /** The save for a file, or null. */
  saveData() {
    const reply = this.engine.save({ seats: this.seats.map((x) => x.kind), botSeed: this.botSeed });
    return reply.ok ? reply.save : null;
  }

  /** @param {object} action */
  play(action) {
    if (!this.mayAct()) return false;
    const reply = this.engine.act(action);
    if (!reply.ok) return this.fail(reply.error);
    if (reply.event.final) {
      this.final = reply.event.final;
      this.shown = 0;
    }
    this.adopt(reply.view, reply.actions);
    this.autosave();
    // the element chosen is gone: keyboard play goes on from the heading
    if (!document.activeElement || document.activeElement === document.body) {
      focusInSight(this.els.heading);
    }
    return true;
  }

  /** Take back the last actions down to and including the last one a person played; when
   * that person is not the one to act now (a hand-over screen between two people), asked
   * first, as the Quo Vadis? table asks. */
  async undo() {
    if (!this.mayAct()) return;
    const { actions, count } = this.undoCount();
    if (!count) return;
    const undone = actions[actions.length - count];
    const allowed = this.engine.checkUndo(count);
    if (!allowed.ok) return void this.fail(allowed.error);  // never asked, then refused
    if (this.humans > 1 && undone.player !== this.view.current) {
      const at = this.position;
      const full = this.engine.view();
      const entry = full.ok ? full.view.log[actions.length - count] : null;
      const params = { name: this.names()[undone.player],
        action: entry ? logText(entry.event, this.names()) : "" };
      // on the hand-over screen nobody has taken the device yet: the question names the
      // action's player and assumes nothing of who asks; the bots' moves after that action go
      // back with it, and it says so (as Quo Vadis? does)
      const ok = await confirmUndo(params, {
        title: this.own ? "log.undo.title" : "log.undo.titleNamed",
        text: count > 1 ? "bots.undo.text" : "log.undo.text" });
      if (!ok || this.position !== at) return;  // not asked for, or the table moved on
    }
    const reply = this.engine.undo(count);
    if (!reply.ok) return void this.fail(reply.error);
    this.final = null;
    this.adopt(reply.view, reply.actions);
    this.autosave();
    // said under the board (and read out): the log only loses lines, which nobody hears
    this.say(() => t("ui.undone", { count }));
  }

  /** What Undo would take back: the actions, and how many of the last ones go back to and
   * including the last one a person played (0: none of them is a person's).
   * @returns {{actions: {player: number}[], count: number}} */
  undoCount() {
    const saved = this.engine.save(null);
    const actions = saved.ok ? saved.save.actions : [];
    for (let i = actions.length - 1; i >= 0; i -= 1) {
      if (this.seats[actions[i].player]?.kind === "human") {
        return { actions, count: actions.length - i };
      }
    }
    return { actions, count: 0 };
  }

  /** The seat to act now is a person's, and its own view may be shown. @param {number} seat */
  look(seat) {
    const reply = this.engine.seatView(seat);
    if (!reply.ok) return void this.fail(reply.error);
    this.own = reply.view;
    this.render();
  }

  /** Draw the table anew. A choice made on the panel or the board goes with the screen it was
   * on: the focus then moves to the heading that names the new screen (read out by a screen
   * reader), as Quo Vadis?'s turn heading takes it, not to the top of the page. */
  render() {
    const focused = document.activeElement;
    const inside = focused !== null && (this.els.panel.contains(focused)
      || this.board.svg.contains(focused));
    this.renderScreen();
    if (inside && !focused.isConnected) focusInSight(this.els.heading);
  }

  renderScreen() {
    const view = this.view;
    root.dataset.palStage = view.stage;
    root.dataset.palActions = String(this.actions);
    if (view.current === null) delete root.dataset.palCurrent;
    else root.dataset.palCurrent = String(view.current);
    const seat = view.current === null ? null : this.seats[view.current];
    if (seat) root.dataset.palTurn = seat.kind === "human" ? "human" : "bot";
    else delete root.dataset.palTurn;
    // one person at the table (the rest bots): their own view needs no hand-over
    if (seat?.kind === "human" && !this.own && this.humans === 1) {
      const reply = this.engine.seatView(view.current);
      if (reply.ok) this.own = reply.view;
    }
    if (this.own) root.dataset.palLooking = String(this.own.viewer);
    else delete root.dataset.palLooking;
    this.renderBanner(view);
    this.clearChoice();  // renderPlace names the inhabitant chosen
    if (this.replay.on) {
      this.renderPlayers();
      return this.replay.render();
    }
    this.renderLog();
    if (view.stage === "over") return this.renderScoring();  // the players with their points
    this.renderPlayers();
    delete root.dataset.palScoring;
    noteDecider(view.current);
    if (seat && seat.kind !== "human") return this.renderBot(view.current);
    if (view.stage === "setup") this.renderSetup();
    else if (!this.own) this.renderHandOver(view.current);
    else this.renderPlace();
    holdButtons(this.els.panel.querySelectorAll("button"));
  }

  /** The line under the board that names the inhabitant chosen, hidden and emptied: hidden
   * alone, it kept the kind of an inhabitant just placed wolf side up in the page while the
   * device went to the next player (P8). */
  clearChoice() {
    this.els.choice.hidden = true;
    this.els.choice.textContent = "";
  }

  /** The header's banner: whose turn it is, with their chip (as Quo Vadis?'s), the replay, or
   * the game's end. @param {View} view */
  renderBanner(view) {
    const banner = document.getElementById("banner");
    if (!banner) return;
    if (this.replay.on) return void (banner.textContent = t("ui.banner.replay"));
    if (view.stage === "over" || view.current === null) {
      return void (banner.textContent = t("ui.banner.over"));
    }
    const text = t("turn.banner.turn", { name: view.players[view.current].name });
    replace(banner, this.chip(view.current, view), " ",
      h("span", { class: "clip", title: text }, text));
  }

  /** A choice that does nothing while input is held (guard.js). @param {Function} act */
  guarded(act) {
    return (/** @type {Event} */ event) => { if (!held()) act(event); };
  }

  /** Lay the tile as `lay` says, or, for a touch on a place not shown yet, first show the
   * tile there (a pointer previews it as it hovers; a finger cannot, and a laid tile stays
   * laid, ruling 16): a second tap, or "Lay it here", lays it. A click or a key lays it at
   * once. @param {{slot: number}} lay a lay action @param {Event} [event] */
  layAt(lay, event) {
    const kind = /** @type {PointerEvent | undefined} */ (event)?.pointerType;
    if ((kind === "touch" || kind === "pen") && this.pendingSlot !== lay.slot) {
      this.pendingSlot = lay.slot;
      this.renderSetup();
      return;
    }
    this.pendingSlot = null;
    this.play(lay);
  }

  names() { return this.view.players.map((p) => p.name); }

  /** A seat's chip: its number in its first colour. @param {number} seat @param {View} view */
  chip(seat, view = this.view) {
    const c = COLOURS[view.players[seat].colours[0]] ?? COLOURS[0];
    return h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
      "aria-hidden": "true" }, String(seat + 1));
  }

  /** A seat's chip and name. A long name (the form takes 30 characters) wraps where it is
   * written, or, `cut`, ends in an ellipsis, whole in its title (palatinus.css).
   * @param {number} seat @param {boolean} [cut] */
  who(seat, cut = false) {
    const name = this.view.players[seat].name;
    return h("span", { class: "pal-who" }, this.chip(seat),
      h("span", { class: cut ? "pal-name cut" : "pal-name", title: cut ? name : null }, name));
  }

  /** Undo: disabled with nothing of a person's to take back; where the engine would refuse it
   * (ruling 16: a laid tile stays laid), it looks and reads disabled, the engine's reason its
   * tooltip, and a tap says that reason (undo), as Quo Vadis?'s Undo does. */
  undoButton() {
    const { count } = this.undoCount();
    const allowed = count ? this.engine.checkUndo(count) : null;
    const refused = allowed && !allowed.ok ? this.refusal(allowed.error) : null;
    return h("button", { type: "button", class: "btn", "data-testid": "pal-undo",
      disabled: !count, "aria-disabled": refused ? "true" : null, title: refused,
      onclick: () => this.undo() }, t("palatinus.undo"));
  }

  renderSetup() {
    const view = this.view;
    const seat = view.current;
    this.els.heading.textContent = t("palatinus.setup.heading");
    const own = this.own ?? this.engine.seatView(seat).view;
    // only the legal lays are read from the seat's view: its hand is never shown here
    const legal = (own?.legal ?? []).filter((a) => a.type === "lay");
    const rotations = [...new Set(legal.map((a) => a.rotation))].sort((a, b) => a - b);
    if (!rotations.includes(this.rotation)) this.rotation = rotations[0] ?? 0;
    const places = new Map();
    for (const a of legal) {
      if (a.rotation === this.rotation) places.set(a.slot, this.guarded((e) => this.layAt(a, e)));
    }
    if (!places.has(this.pendingSlot)) this.pendingSlot = null;
    this.board.draw(view, { places, tile: { letter: view.in_hand, rotation: this.rotation } });
    // the engine counts sixth-turns anticlockwise as drawn: right (clockwise) goes back one
    const turn = (step) => {
      const i = rotations.indexOf(this.rotation);
      this.rotation = rotations[(i + step + rotations.length) % rotations.length];
      this.renderSetup();
      // the button keeps the focus: the tile's new turn is read out
      this.announce(previewLabel(this.board.data, view.in_hand, this.rotation));
      /** @type {HTMLElement|null} */ (document.querySelector(
        `[data-testid="pal-rotate-${step < 0 ? "right" : "left"}"]`))?.focus();
    };
    if (this.pendingSlot !== null) this.showPending(places.get(this.pendingSlot), turn);
    replace(this.els.panel,
      h("p", {}, this.who(seat)),
      h("p", { "data-testid": "pal-setup-text" }, t("palatinus.setup.lay",
        { hill: view.in_hand, count: view.pile })),
      tilePreview(this.board.data, view.in_hand, this.rotation),
      h("p", { class: "pal-row" },
        h("button", { type: "button", class: "btn", "data-testid": "pal-rotate-left",
          onclick: () => turn(1) }, t("palatinus.setup.rotateLeft")),
        h("button", { type: "button", class: "btn", "data-testid": "pal-rotate-right",
          onclick: () => turn(-1) }, t("palatinus.setup.rotateRight"))),
      h("p", {}, t("palatinus.setup.choose")),
      h("div", { class: "pal-row" }, [...places.keys()].map((slot) => {
        // pointing at (or tabbing to) a "Place N" button marks that place on the board
        const mark = (on) => this.board.hint(slot, on);
        return h("button", {
          type: "button", class: "btn", "data-testid": `pal-lay-${slot}`,
          onclick: () => places.get(slot)(), onmouseenter: () => mark(true),
          onmouseleave: () => mark(false), onfocus: () => mark(true), onblur: () => mark(false),
        }, t("palatinus.setup.layAt", { place: slot }));
      })),
      this.undoButton());
  }

  /** The tile a touch showed on a place, under the board where the finger is: the place
   * marked, the tile drawn on it as it would lie, and the ways to lay it or to turn it.
   * @param {Function} lay @param {(step: number) => void} turn */
  showPending(lay, turn) {
    const slot = /** @type {number} */ (this.pendingSlot);
    this.board.hint(slot, true);
    const line = this.els.choice;
    line.hidden = false;
    line.classList.remove("first");
    replace(line, t("palatinus.setup.pending", { place: slot }), " ",
      h("button", { type: "button", class: "btn primary", "data-testid": "pal-pending-lay",
        onclick: () => lay() }, t("palatinus.setup.layHere")),
      h("button", { type: "button", class: "btn", "data-testid": "pal-pending-rotate-left",
        onclick: () => turn(1) }, t("palatinus.setup.rotateLeft")),
      h("button", { type: "button", class: "btn", "data-testid": "pal-pending-rotate-right",
        onclick: () => turn(-1) }, t("palatinus.setup.rotateRight")));
  }

  /** @param {number} seat */
  renderHandOver(seat) {
    this.els.heading.textContent = t("palatinus.handover.heading");
    this.board.draw(this.view, { recent: this.placedSince(seat) });
    replace(this.els.panel,
      h("p", { "data-testid": "pal-handover-text" }, t("palatinus.handover.pass",
        { name: this.view.players[seat].name })),
      h("p", { class: "pal-row" },
        h("button", { type: "button", class: "btn primary", "data-testid": "pal-handover-ok",
          onclick: () => this.look(seat) }, t("palatinus.handover.ok",
          { name: this.view.players[seat].name })),
        this.undoButton()));
    // the screen's heading, not its button: held a moment for the new person (guard.js), a
    // disabled button takes no focus, and the keyboard's was lost to the page's body
    focusInSight(this.els.heading);
  }

  renderPlace() {
    const own = this.own;
    const seat = own.viewer;
    this.els.heading.textContent = t("palatinus.place.heading");
    const placeable = own.placeable ?? [];
    if (this.piece !== null && !placeable[this.piece]) this.piece = null;
    if (placeable.length === 1) this.piece = 0;
    const chosen = this.piece === null ? null : placeable[this.piece];
    const terrains = new Map();
    if (chosen) {
      for (const a of own.legal ?? []) {
        if (a.type === "place" && a.colour === chosen.colour && a.kind === chosen.kind
          && a.wolf === chosen.wolf) terrains.set(a.terrain, this.guarded(() => this.play(a)));
      }
    }
    this.board.draw(own, { terrains, recent: this.placedSince(seat) });
    // under the board, in sight where the terrain is tapped (a phone scrolls the panel away):
    // the inhabitant chosen, or, before one is, the way to the choices (a tap on a terrain
    // does nothing yet); beside the board (a wide screen) the panel says so itself (CSS)
    const line = this.els.choice;
    line.hidden = !chosen && placeable.length < 2;
    line.classList.toggle("first", !chosen);
    if (chosen) line.textContent = t("palatinus.place.chosen", { piece: pieceWithColour(chosen) });
    else {
      replace(line, t("palatinus.place.first"), " ", h("button", {
        type: "button", class: "btn", "data-testid": "pal-to-pieces",
        onclick: () => {
          const first = /** @type {HTMLElement|null} */ (
            this.els.panel.querySelector('[data-testid="pal-piece-0"]'));
          first?.scrollIntoView({ block: "center" });
          first?.focus({ preventScroll: true });
        } }, t("palatinus.place.choose")));
    }
    const me = own.players[seat];
    const hand = (me.hand ?? []).map((x) => h("li", {}, t("palatinus.hand.count",
      { piece: pieceChoice(x), colour: t(`palatinus.colour.${x.colour}`), count: x.count })));
    replace(this.els.panel,
      h("p", {}, this.who(seat)),
      h("h3", {}, t("palatinus.hand.heading")),
      h("ul", { class: "pal-hand", "data-testid": "pal-hand" }, hand),
      h("h3", {}, t("palatinus.place.choose")),
      h("div", { class: "pal-row", role: "group", "aria-label": t("palatinus.place.choose") },
        placeable.map((p, i) => h("button", {
          type: "button", class: `btn${i === this.piece ? " primary" : ""}`,
          "aria-pressed": String(i === this.piece), "data-testid": `pal-piece-${i}`,
          "data-kind": p.kind, "data-wolf": String(p.wolf),
          onclick: () => {
            this.piece = i;
            this.renderPlace();
            // the next tap is on a terrain: the board comes into sight whole where the panel
            // is under it (a phone), and the keyboard is on its first free terrain
            const svg = this.board.svg;
            const box = svg.getBoundingClientRect();
            if (box.top < 0 || box.bottom > innerHeight) svg.scrollIntoView({ block: "nearest" });
            /** @type {HTMLElement|null} */ (document.querySelector(
              '[data-testid^="pal-terrain-"][tabindex="0"]'))?.focus({ preventScroll: true });
          },
        }, pieceWithColour(p)))),
      this.condottieriNote(own),
      h("p", {}, chosen ? t("palatinus.place.terrain") : t("palatinus.place.first")),
      this.undoButton());
  }

  /** Why some inhabitants behind the screen are not offered now, or until when its
   * condottieri may still wait (P4, from the view's `withheld` and `condottiero_turns`): a
   * review saw the choice narrow to a condottiero, then the condottieri go, unexplained.
   * @param {View} own the seat to act's own view */
  condottieriNote(own) {
    const last = own.last_turns;
    const codes = [...new Set((own.withheld ?? []).map((w) => w.code))];
    if (codes.length) {
      return codes.map((code) => h("p", { class: "hint", "data-testid": "pal-withheld" },
        t(`palatinus.place.withheld.${code}`, { last })));
    }
    const turns = own.condottiero_turns;
    if (turns === null || turns === undefined) return null;
    // a condottiero is always face up: its count behind the screen is anyone's (P8)
    const held = own.players[own.viewer].screen.filter((x) => x.face === "condottiero")
      .reduce((sum, x) => sum + x.count, 0);
    return h("p", { class: "hint", "data-testid": "pal-condottieri-due" },
      t(held === 1 ? "palatinus.place.condottieroDue" : "palatinus.place.condottieriDue",
        { count: turns, last }));
  }

  /**
   * The terrains where other players placed an inhabitant since `seat` last did (all of them
   * before its first placement), from the public log (P4, P8): the board marks them on its
   * turn, so that what the others (a bot in a moment) did is in sight.
   * @param {number} seat
   * @returns {Set<number>}
   */
  placedSince(seat) {
    const recent = new Set();
    const log = this.publicLog;  // renderScreen read it before the screen that asks
    for (let i = log.length - 1; i >= 0; i -= 1) {
      const event = log[i].event;
      if (event.type !== "place") continue;
      if (event.player === seat) break;
      recent.add(event.terrain);
    }
    return recent;
  }

  /** @param {number} seat */
  renderBot(seat) {
    this.els.heading.textContent = t("palatinus.bot.heading");
    // one person among bots: the device is theirs, their own face-down kinds stay in sight
    const people = this.seats.map((x, i) => (x.kind === "human" ? i : -1)).filter((i) => i >= 0);
    const mine = people.length === 1 ? this.engine.seatView(people[0]) : null;
    this.board.draw(mine?.ok ? mine.view : this.view);
    replace(this.els.panel, h("p", { "data-testid": "pal-bot-text" },
      t("palatinus.bot.thinking", { name: this.view.players[seat].name,
        level: t(`palatinus.level.${this.seats[seat].kind}`) })), this.undoButton());
    if (this.botTurn === this.position) return;  // asked already: this is a redraw
    this.botTurn = this.position;
    const at = this.position;
    const view = this.engine.seatView(seat);
    if (!view.ok) return void this.fail(view.error);
    const pause = new Promise((resolve) => { setTimeout(resolve, botPauseMs()); });
    Promise.all([this.bots.decide(seat, view.view), pause]).then(([reply]) => {
      if (this.position !== at || this.view.current !== seat) return;  // undone meanwhile
      if (!reply.ok) return void this.fail(reply.error);
      this.play(reply.action);
    }, (error) => this.say(() => t("palatinus.bot.failed",
      { message: String(error?.message ?? error) })));
  }

  /** The final scoring, step by step (scoring-screen.js). */
  renderScoring() {
    renderScoring(this);
  }

  /** The players, what each holds behind the screen, and, during the final scoring, each
   * one's points so far (`scores`, the engine's running score of the step shown, P7).
   * @param {View} [view] @param {number[] | null} [scores] */
  renderPlayers(view = this.view, scores = null) {
    replace(this.els.players, h("ul", { class: "pal-seats" }, view.players.map((p) => {
      // what is behind the screen, counted by anyone (P8): per colour when a seat has two; a
      // face held by nobody is not counted, nor an empty screen (a finished game)
      const screen = p.screen.filter((x) => x.count > 0);
      const colours = [...new Set(screen.map((x) => x.colour))];
      const faces = colours.map((colour) => {
        const counts = screen.filter((x) => x.colour === colour)
          .map((x) => t(`palatinus.held.${x.face}`, { count: x.count })).join(", ");
        return colours.length > 1 ? t("palatinus.players.colourHeld",
          { colour: t(`palatinus.colour.${colour}`), counts }) : counts;
      }).join("; ");
      // each colour the seat plays, held or all placed (P2: two players play two each), so
      // that the board's pieces of either colour are known to be theirs
      const owned = p.colours.map((colour) => {
        const name = t(`palatinus.colour.${colour}`);
        return h("span", { class: "pal-colour", role: "img", "aria-label": name, title: name,
          style: { "--chip": (COLOURS[colour] ?? COLOURS[0]).fill } });
      });
      return h("li", { class: view.current === p.seat ? "current" : "",
        "aria-current": view.current === p.seat ? "true" : null },
      this.who(p.seat), " ", owned, " ",
      h("span", { class: "pal-kind" }, t(`palatinus.level.${this.seats[p.seat]?.kind ?? "human"}`)),
      p.held ? [h("br"), h("small", {}, t("palatinus.players.held", { count: p.held, faces }))]
        : null,
      scores ? [h("br"), h("small", { "data-testid": `pal-points-${p.seat}` },
        t("palatinus.players.points", { count: scores[p.seat] ?? 0 }))] : null);
    })));
  }

  /** The log from the onlooker's view (no secret in it, P8), worded in the page's language. */
  renderLog() {
    const reply = this.engine.view();
    if (!reply.ok) return;
    const heard = this.heard;
    this.publicLog = reply.view.log;
    this.heard = this.publicLog.length;
    // each move is read out as the log words it, the bots' too (an undo or a new language
    // adds no entry, and a game just started or opened is not read out whole)
    const fresh = heard === null ? [] : this.publicLog.slice(heard);
    if (fresh.length) this.announce(fresh.map((e) => logText(e.event, this.names())).join(" "));
    // every action, the set-up's tiles too: the list scrolls, to its newest entry
    replace(this.els.log, this.publicLog.map((e) => h("li", {}, logText(e.event, this.names()))));
    const list = this.els.log;
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  }
}
