// Entry point: starts the Python engine, draws the board from board.json while it loads, then
// hands the page to the game UI (ui.js). Marks <html data-board="drawn"> and
// <html data-engine="loading|ready|error"> (tests and benchmarks wait on them).
//
// The engine's loader is the only static import, so loading starts as soon as this module runs
// (index.html preloads the runtime's files). Everything else is imported beside it: the
// board (board-svg.js), the interface's language (i18n.js with the English catalog, then the
// chosen language's; page-text.js) and the UI (ui.js). The board is drawn once board.json,
// board-svg.js and the catalogs are there; board-svg.js gets its words from here.
//
// The static page is re-labelled and the language switch put in the menu once the catalogs
// have loaded, and on every change. The loading and failure messages are worded in the chosen
// language when the catalogs are there, and stay in English otherwise (the page must still say
// what went wrong). A language catalog that cannot be downloaded leaves the page in English,
// says so, and the game starts all the same (<html data-i18n="failed">).

import { loadEngine, readBuildInfo, snapshotRoute, snapshotState } from "./boot/engine-loader.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
let failed = false;

/** {t, has} of i18n.js once the catalogs have loaded (null before, or if they never do). */
let words = null;
/** The status line as {key, params, english}, re-worded when the language changes. */
let status = null;

/** A message in the chosen language, or in English while (or if) there are no catalogs. */
function say({ key, params = {}, english }) {
  return words && key && words.has(key, "en") ? words.t(key, params) : english;
}

function showStatus() {
  if (!status) return;
  // the same words again are not written again: the status line is read out when it changes
  const words = say(status);
  if ($("status").textContent !== words) $("status").textContent = words;
}

function progress(message, fraction) {
  if (failed) return;  // a late "Ready." must not hide a failure
  status = typeof message === "string" ? { english: message } : message;
  showStatus();
  if (fraction !== undefined) /** @type {HTMLProgressElement} */ ($("progress")).value = fraction;
}

// -- start: Python first, everything else beside it --------------------------------------------

/** Settles once the board has been painted (or cannot be): Python's start waits for it, and so
 * does the work other threads do before it (compiling the runtime, unzipping the snapshot). */
let boardPainted;
const painted = new Promise((resolve) => { boardPainted = resolve; });
/** The table's parts, evaluated once the board is painted (index.html preloads them) and
 * before Python's long start. */
const ui = painted.then(async () => {
  const [table, turn, turnPanel, stage, players, log, saves, secrecy, tabs, newGame, bots, consent, endScreen,
    errorWords, i18n, guard] = await Promise.all([
    import("./ui.js"), import("./turn/turn.js"), import("./turn/turn-panel.js"), import("./turn/stage.js"),
    import("./panels/players.js"), import("./panels/log.js"),
    import("./panels/saves.js"), import("./turn/secrecy.js"), import("./boot/tabs.js"), import("./panels/new-game.js"),
    import("./bots/bots.js"), import("./turn/consent.js"), import("./panels/end-screen.js"),
    import("./words/error-words.js"), import("./words/i18n.js"), import("./turn/guard.js")]);
  return { App: table.App, Engine: table.Engine, MESSAGE_PLACES: table.MESSAGE_PLACES, Turn: turn.Turn, TurnPanel: turnPanel.TurnPanel,
    Stage: stage.Stage, Players: players.Players,
    Log: log.Log, Saves: saves.Saves, Secrecy: secrecy.Secrecy, TabLock: tabs.TabLock,
    NewGame: newGame.NewGame, Bots: bots.Bots, openAnswerDialog: consent.openAnswerDialog,
    openMoveDialog: consent.openMoveDialog, openSupportersDialog: consent.openSupportersDialog,
    openCaesarChooser: consent.openCaesarChooser, openEndScreen: endScreen.openEndScreen,
    openGameOverScreen: endScreen.openGameOverScreen,
    refusalWords: errorWords.refusalWords, CHANGE_EVENT: i18n.CHANGE_EVENT, held: guard.held };
});

/** The table and its parts, wired once: each part is given what it needs of the others (a
 * view, names, an act function, words), never the whole table. Turn, the turn panel, the stage
 * dialogs, the players panel, the end screen, Log, Secrecy, Saves, NewGame, Bots and the
 * consent and terms dialogs: none takes the table itself.
 * @param {Awaited<typeof ui>} p */
function wire(p) {
  const app = new p.App();
  app.tab = new p.TabLock({ onTakeOver: () => {
    if (!app.saves.resume()) app.newGame.open();
  }, onLost: () => app.saves.flush() });
  const humans = () => app.view.players.filter((player) => !app.bots.isBot(player.seat)).length;
  /** Whom a seat's dialog is for; it names the player only while several share the screen
   * (one person at a table of bots needs no telling).
   * @param {number} seat */
  const addressee = (seat) => ({ name: app.name(seat), seat, meta: app.meta, named: humans() > 1 });
  /** @type {import("./turn/consent.js").DialogTable} */
  const dialogTable = {
    view: () => app.view, name: (seat) => app.name(seat), addressee,
    seatView: (seat) => app.engine.seatView(seat), hoard: (seat) => app.engine.hoard(seat),
    check: (action) => app.check(action), act: (action, options) => app.act(action, options),
    say: (words, kind, place) => app.say(words, kind, place),
    refusal: (error) => p.refusalWords(app, error), look: (seat) => app.secrecy.look(seat),
    boardSvg: () => app.board,
  };
  wireTurn(app, p, dialogTable);
  wirePanels(app, p, { addressee, humans });
  wireBots(app, p);
  // a message is dismissed by a tap on it (on a phone it floats over the page)
  for (const id of p.MESSAGE_PLACES) $(id).addEventListener("click", () => app.say(""));
  // another language: the panels are redrawn by stage.js's listener; the players panel and
  // the saves warning keep a cache of their text
  addEventListener(p.CHANGE_EVENT, () => {
    app.players.key = null;
    app.saves.reword();
    app.rewordMessage();
    if (app.view) app.render();
  });
  return app;
}

/** The turn's parts: the stage (dialogs, hand-over, bots' turns), Turn (clicks on the board)
 * and the turn panel.
 * @param {import("./ui.js").App} app @param {Awaited<typeof ui>} p
 * @param {import("./turn/consent.js").DialogTable} dialogTable */
function wireTurn(app, p, dialogTable) {
  /** The undo the hand-over screen offers the player who just acted and holds the device:
   * their own last action, when the rules let it be taken back (a table of humans; with bots,
   * Undo goes back to a human's decision from the log). @param {number | null} holder */
  const handoverUndo = (holder) => {
    const log = app.view?.log ?? [];
    if (holder === null || app.bots.any() || log[log.length - 1]?.player !== holder
      || !app.engine.checkUndo(1).ok) return null;
    return { name: () => app.name(holder), run: () => {
      app.stage.keptBy(holder);
      app.undo(1);
      app.focusTurnHeading(true);  // the player goes on from the turn it is back at
    } };
  };
  app.stage = new p.Stage({
    view: () => app.view, decider: (view) => app.decider(view), botActor: (view) => app.bots.actor(view),
    settings: () => app.settings(),
    handover: (seat, holder) => app.secrecy.handover(seat, handoverUndo(holder)),
    focusTurn: () => app.focusTurnHeading(true),
    say: (words, kind, place) => app.say(words, kind, place), render: () => app.render(),
    dialogs: {
      answer: (seat) => p.openAnswerDialog(dialogTable, seat),
      supporters: () => p.openSupportersDialog(dialogTable),
      move: (hint) => p.openMoveDialog(dialogTable, hint),
      end: () => p.openEndScreen({
        view: () => app.view, name: (seat) => app.name(seat), colour: (seat) => app.colour(seat),
        startReplay: () => app.log.startReplay(), newGame: () => app.newGame.open(),
      }),
      gameOver: (done) => p.openGameOverScreen({
        view: () => app.view, name: (seat) => app.name(seat), colour: (seat) => app.colour(seat),
      }, done),
    },
  });
  app.turn = new p.Turn({
    view: () => app.view, ready: () => app.ready, ui: app.ui, board: () => app.board.data,
    act: (action, options) => app.act(action, options), check: (action) => app.check(action),
    refusal: (error) => p.refusalWords(app, error),
    say: (words, kind, place) => app.say(words, kind, place), render: () => app.render(),
    name: (seat) => app.name(seat), decider: (view) => app.decider(view),
    supporters: () => app.stage.supporters(), moveDialog: (hint) => app.stage.move(hint),
  });
  app.turnPanel = new p.TurnPanel({
    view: () => app.view, ui: app.ui, board: () => app.board.data, turn: app.turn,
    name: (seat) => app.name(seat), colour: (seat) => app.colour(seat),
    decider: (view) => app.decider(view), botActor: (view) => app.bots.actor(view),
    botPanel: (seat, banner) => app.bots.panel(seat, banner), isBot: (seat) => app.bots.isBot(seat),
    logWords: (entry) => app.log.words(entry), openStage: () => app.stage.open(true),
    caesar: (bonus) => { p.openCaesarChooser(dialogTable, bonus); },
    startReplay: () => app.log.startReplay(), newGame: () => app.newGame.open(),
    look: (seat) => app.secrecy.look(seat),
  });
}

/** The panels beside the board: players, log, saves, the hand-over's secrecy, the new game
 * screen. @param {import("./ui.js").App} app @param {Awaited<typeof ui>} p
 * @param {{addressee: (seat: number) => import("./panels/dialogs.js").Addressee,
 *   humans: () => number}} seats */
function wirePanels(app, p, { addressee, humans }) {
  app.players = new p.Players({
    ui: app.ui, decider: (view) => app.decider(view), bots: () => app.bots, meta: () => app.meta,
    settings: () => app.settings(), name: (seat) => app.name(seat), colour: (seat) => app.colour(seat),
    setting: (name, on) => {
      const settings = { ...app.meta.settings };
      settings[name] = on;
      app.meta.settings = settings;
      app.saves.autosave();
    },
    hoard: (seat) => app.engine.hoard(seat), look: (seat) => app.secrecy.look(seat),
    render: () => app.render(),
  }, $("players"));
  app.log = new p.Log({
    view: () => app.view, ready: () => app.ready, ui: app.ui,
    colour: (seat) => app.colour(seat), name: (seat) => app.name(seat),
    decider: () => app.decider(), undo: (count) => app.undo(count),
    mayUndo: (count) => app.mayUndo(count),
    bots: () => app.bots.any(), botsUndo: () => app.bots.undo(),
    focusTurn: () => app.focusTurnHeading(true),
    undoCount: () => (app.bots.any() ? app.bots.undoCount() : 1),
    undoRefusal: (count) => {
      const reply = app.engine.checkUndo(count);
      return reply.ok ? null : p.refusalWords(app, reply.error);
    },
    replayView: (n) => app.engine.replayView(n), refusal: (error) => p.refusalWords(app, error),
    say: (words, kind, place) => app.say(words, kind, place), render: () => app.render(),
    updating: () => app.updating,
  }, $("log-panel"));
  app.saves = new p.Saves({
    view: () => app.view, meta: () => app.meta, save: (meta) => app.engine.save(meta),
    load: (text) => app.engine.load(text), checkSave: (text) => app.engine.checkSave(text),
    setGame: (view, meta) => app.setGame(view, meta),
    say: (words, kind, place) => app.say(words, kind, place), ownsTab: () => app.tab.owner,
    openNewGame: () => app.newGame.open(),
  });
  app.secrecy = new p.Secrecy({
    name: (seat) => app.name(seat), addressee,
    hoard: (seat) => app.engine.hoard(seat),
    humans,
  });
  app.newGame = new p.NewGame({
    ready: () => app.ready, view: () => app.view, meta: () => app.meta,
    botLevel: (seat) => app.bots.level(seat), settings: () => app.settings(),
    warmBots: () => app.bots.warm(),
    coolBots: () => app.bots.coolSoon(),
    chooseFile: () => app.saves.chooseFile(),
    newGame: (options, seed) => app.engine.newGame(options, seed),
    setGame: (view, meta) => app.setGame(view, meta), autosave: () => app.saves.autosave(),
    say: (words, kind, place) => app.say(words, kind, place),
  });
}

/** The bots: their worker, their seats, and what they tell the table.
 * @param {import("./ui.js").App} app @param {Awaited<typeof ui>} p */
function wireBots(app, p) {
  app.bots = new p.Bots({
    view: () => app.view, ui: app.ui, decider: (view) => app.decider(view),
    name: (seat) => app.name(seat), colour: (seat) => app.colour(seat),
    seatView: (seat) => app.engine.seatView(seat), firstView: (seat) => app.engine.firstView(seat),
    events: (start) => app.engine.events(start), act: (action, options) => app.act(action, options),
    undo: (count) => app.undo(count), mayUndo: (count) => app.mayUndo(count),
    seatsChanged: (seats) => {
      app.meta.bots = seats;
      app.stage.forget();
      app.setView(app.view);
      app.saves.autosave();
    },
    logWords: (entry) => app.log.words(entry), refusal: (error) => p.refusalWords(app, error),
    say: (words, kind, place) => app.say(words, kind, place), render: () => app.render(),
  });
}


/** `?route=build` or `?route=start` chooses how a first visit starts Python (benchmarks and
 * tests); otherwise the page weighs its link and CPU (snapshot-route.js). */
/** @type {("auto" | "build" | "start")[]} */
const ROUTES = ["auto", "build", "start"];
const askedRoute = /** @type {"auto" | "build" | "start"} */ (
  new URLSearchParams(location.search).get("route"));
const pyodide = loadEngine(({ key, params, message, fraction }) =>
  progress({ key, params, english: message }, fraction),
{ after: Promise.allSettled([painted, ui]), prepareAfter: painted,
  route: ROUTES.includes(askedRoute) ? askedRoute : "auto" });
// <html data-snapshot-route="copy|build|start|off"> as soon as it is chosen, and what was
// weighed in data-snapshot-weighed ("rate 1.2 Mbit/s, CPU 1.0x: download 31 s, spares 1.6 s
// (measured by the runtime)")
snapshotRoute.then(({ route, rate, cpu, download, spared, forced, measured }) => {
  root.dataset.snapshotRoute = route;
  if (forced) root.dataset.snapshotWeighed = "asked for";
  else if (cpu !== undefined) {
    const mbps = rate === undefined ? "?" : rate === Infinity ? "all at once"
      : `${(rate * 8 / 1e6).toFixed(1)} Mbit/s`;
    const slowness = cpu === null ? "not needed" : `${cpu.toFixed(2)}x`;
    root.dataset.snapshotWeighed = `rate ${mbps}, CPU ${slowness}: download ${
      download ?? "?"} s, spares ${spared ?? "?"} s (measured by the ${measured ?? "?"})`;
  }
});
const boardData = fetch("board.json").then((r) => {
  if (!r.ok) throw new Error(`cannot read board.json (HTTP ${r.status})`);
  return r.json();
});
const boardModule = import("./board/board-svg.js");
const i18nModules = Promise.all([import("./words/i18n.js"), import("./words/page-text.js")]);
const info = readBuildInfo();  // in parallel: it also tells a mix of two builds
for (const promise of [pyodide, boardData, boardModule, ui, info]) promise.catch(() => {});

/** The board, once drawn (app.js keeps it to re-word it on a change of language). */
const forward = { app: null, held: () => true, board: null };
/** Why the chosen language's catalog could not be used at start ({key, params}), or null. */
let languageFailure = null;

/** A language's name in the page's language ("French"), else in its own ("Français"). */
function languageName(i18n, lang) {
  try {
    return new Intl.DisplayNames([i18n.getLanguage()], { type: "language" }).of(lang);
  } catch {
    return i18n.LANGUAGE_NAMES[lang] ?? lang;
  }
}

/** Once the catalogs are there: word the page, put the switch in the menu, follow changes.
 * Resolves to i18n.js even when the chosen language failed (the page is in English then);
 * rejects only when i18n.js or the English catalog could not load. */
const i18nReady = i18nModules.then(async ([i18n, pageText]) => {
  try {
    await i18n.ready;
    root.dataset.i18n = "ready";
  } catch (error) {
    console.error(`${error.message}; the page speaks English`, error.cause);
    languageFailure = { key: "load.error.language",
      params: { language: languageName(i18n, error.lang) } };
    root.dataset.i18n = "failed";
  }
  words = { t: i18n.t, has: i18n.has, listText: i18n.listText };
  pageText.applyPageText();
  document.querySelector("nav.menu")?.append(pageText.languageSwitch());
  addEventListener(i18n.CHANGE_EVENT, () => {
    pageText.applyPageText();
    showStatus();
    forward.board?.reword();
    const retry = $("retry");
    if (retry) retry.textContent = say({ key: "load.retry", english: "Try again" });
  });
  // a language whose catalog cannot be downloaded: the page keeps its language and says so
  addEventListener(i18n.FAILED_EVENT, (event) => {
    const lang = /** @type {CustomEvent<{lang: string}>} */ (event).detail.lang;
    const words = () => i18n.t("load.error.switch", { language: languageName(i18n, lang) });
    if (forward.app) forward.app.say(words, "error");
    else $("message").textContent = words();
  });
  // the rules pages (another tab) share the choice: follow it when it changes there
  addEventListener("storage", (event) => {
    const lang = event.key === i18n.STORAGE_KEY ? i18n.supported(event.newValue) : null;
    if (lang && lang === event.newValue && lang !== i18n.getLanguage()) {
      i18n.setLanguage(lang).catch(() => {});  // FAILED_EVENT says it
    }
  });
  showStatus();
  return i18n;
}, (error) => {
  console.error("the interface's languages could not load; the page stays in English", error);
  root.dataset.i18n = "failed";
  throw error;
});
i18nReady.catch(() => {});  // the UI's import fails too then, and says so

function drawBoard(BoardSvg, data) {
  const board = new BoardSvg($("board"), data, {
    // a click while the table has just turned to another player is not theirs (guard.js)
    onOffice: (id) => { if (!forward.held()) forward.app?.turn.onOffice(id); },
    onSpace: (path) => { if (!forward.held()) forward.app?.turn.onSpace(path); },
  }, { t: words.t, listText: words.listText });
  board.blank();
  forward.board = board;
  root.dataset.board = "drawn";
  performance.mark("qv:board-drawn");
  requestAnimationFrame(() => {
    performance.mark("qv:board-frame");
    setTimeout(boardPainted, 0);  // after the frame that shows it
  });
  if (document.hidden) boardPainted();  // a background tab paints no frame: nothing to wait for
  return board;
}

/** The board drawn as soon as its data, its module and the words are there. */
const boardDrawn = Promise.all([boardModule, boardData, i18nReady]).then(
  ([{ BoardSvg }, data]) => drawBoard(BoardSvg, data));
boardDrawn.catch(() => boardPainted());  // no board: Python need not wait

// -- failures --------------------------------------------------------------------------------

const MODULE_FAILED = /dynamically imported module|Importing a module script failed|module script/i;

/** What went wrong, in words ({key, params, english}), and what to do about it. */
function failureText(error) {
  if (error?.name === "EngineLoadError") {
    const english = `${error.message} ${error.advice}`;
    if (!error.key) return { english };
    return { key: "load.error.withAdvice", english,
      get params() {
        return { text: say({ key: error.key, params: error.params, english: error.message }),
          advice: say({ key: error.adviceKey, english: error.advice }) };
      } };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (MODULE_FAILED.test(message)) {
    return { key: "load.error.module", params: { message }, english: `A part of the page could ` +
      `not be downloaded (${message}). Check the connection and reload the page to try again.` };
  }
  return { key: "load.failed", params: { message },
    english: `The game could not start: ${message}. Reload the page to try again.` };
}

/** Show a start-up failure in the loading panel, with a button to try again. */
function fail(error) {
  console.error(error);
  const text = failureText(error);
  progress(text);
  failed = true;
  root.dataset.engineError = text.english;
  root.dataset.engine = "error";
  $("loading").hidden = false;
  $("turn-section").setAttribute("aria-labelledby", "loading-heading");
  $("status").setAttribute("role", "alert");
  $("progress").hidden = true;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn primary";
  retry.dataset.testid = "retry";
  retry.id = "retry";
  retry.textContent = say({ key: "load.retry", english: "Try again" });
  retry.addEventListener("click", () => location.reload());
  $("status").after(retry);
}

// -- the game ----------------------------------------------------------------------------------

/** What tests and benchmarks read of the running page (window.__qv).
 * @type {{app?: object, pyodide?: object, buildInfo?: object, engine?: object}} */
const exposed = {};

async function boot() {
  /** @type {Window & {__qv?: typeof exposed}} */ (window).__qv = exposed;
  let board = null;
  try {
    board = await boardDrawn;
  } catch (error) {
    console.error(error);
  }
  try {
    const [parts, i18n] = await Promise.all([ui, i18nReady]);
    performance.mark("qv:ui-loaded");
    forward.held = parts.held;
    const app = wire(parts);
    app.tab.claimFirst();  // asked now, answered by the time the engine is ready (app.start)
    exposed.app = app;
    const py = await pyodide.catch((error) => {
      app.tab.release();  // a page that cannot play leaves the game to another tab
      throw error;
    });
    performance.mark("qv:engine-ready");
    const buildInfo = await info;
    app.engine = new parts.Engine(py);
    Object.assign(exposed, { pyodide: py, buildInfo, engine: app.engine });
    if (!board) {
      // board.json could not be fetched: the engine has the same data
      const reply = JSON.parse(py.runPython("from qvcore.jsapi import Table; Table().board()"));
      board = drawBoard((await boardModule).BoardSvg, reply.board);
    }
    app.board = board;
    forward.app = app;
    app.ready = true;
    for (const button of document.querySelectorAll("[data-needs-engine]")) {
      /** @type {HTMLButtonElement} */ (button).disabled = false;
    }
    /** @type {HTMLButtonElement} */ ($("export")).disabled = true;  // until a game is on the table
    $("loading").hidden = true;
    // the panel is named by the turn's heading from now on (the loading one is hidden)
    $("turn-section").setAttribute("aria-labelledby", "turn-heading");
    progress({ key: "load.readyBuild", params: buildInfo,
      english: `Ready: qvcore ${buildInfo.version}, build ${buildInfo.build}.` }, 1);
    await app.start();
    performance.mark("qv:started");
    if (languageFailure) {
      const { key, params } = languageFailure;
      app.say(() => i18n.t(key, params), "error");
    }
    root.dataset.engine = "ready";
  } catch (error) {
    fail(error);
  }
  snapshotState.then((state) => { root.dataset.snapshot = state; });
}

boot();
