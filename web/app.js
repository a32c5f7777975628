// Entry point: draws the board at once from board.json while the engine loads, then hands the
// page to the game UI (ui.js). Marks <html data-board="drawn"> and
// <html data-engine="loading|ready|error"> (tests and benchmarks wait on them).
//
// Only the board's modules are imported statically, so the board is painted as soon as
// board.json has arrived; the rest of the UI and the Python engine load meanwhile.
//
// The interface's language (i18n.js, page-text.js) loads beside them: the static page is
// re-labelled and the language switch put in the menu once it has, and on every change. The
// loading and failure messages are worded in the chosen language when the catalogs are there,
// and stay in English when they could not load (the page must still say what went wrong).

import { BoardSvg } from "./board-svg.js";
import { held } from "./guard.js";
import { loadEngine, readBuildInfo, snapshotState } from "./engine-loader.js";

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
  if (status) $("status").textContent = say(status);
}

const i18nReady = Promise.all([import("./i18n.js"), import("./page-text.js")]).then(
  ([i18n, pageText]) => {
    words = { t: i18n.t, has: i18n.has };
    pageText.applyPageText();
    document.querySelector("nav.menu")?.append(pageText.languageSwitch());
    addEventListener(i18n.CHANGE_EVENT, () => {
      pageText.applyPageText();
      showStatus();
      const retry = $("retry");
      if (retry) retry.textContent = say({ key: "load.retry", english: "Try again" });
    });
    // the rules pages (another tab) share the choice: follow it when it changes there
    addEventListener("storage", (event) => {
      const lang = event.key === i18n.STORAGE_KEY ? i18n.supported(event.newValue) : null;
      if (lang && lang === event.newValue && lang !== i18n.getLanguage()) i18n.setLanguage(lang);
    });
    showStatus();
    root.dataset.i18n = "ready";
  },
  (error) => {
    console.error("the interface's languages could not load; the page stays in English", error);
    root.dataset.i18n = "failed";
  },
);

/** Loader stages (engine-loader.js) and their keys. */
const STAGE_KEYS = { runtime: "load.starting", wheel: "load.unpacking", import: "load.import",
  ready: "load.ready" };

function progress(message, fraction) {
  if (failed) return;  // a late "Ready." must not hide a failure
  status = typeof message === "string" ? { english: message } : message;
  showStatus();
  if (fraction !== undefined) $("progress").value = fraction;
}

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

/** Board clicks before the UI has loaded go nowhere; afterwards to the turn controller. */
const forward = { app: null };

function drawBoard(boardData) {
  const board = new BoardSvg($("board"), boardData, {
    // a click while the table has just turned to another player is not theirs (guard.js)
    onOffice: (id) => { if (!held()) forward.app?.turn.onOffice(id); },
    onSpace: (path) => { if (!held()) forward.app?.turn.onSpace(path); },
  });
  board.blank();
  root.dataset.board = "drawn";
  performance.mark("qv:board-drawn");
  requestAnimationFrame(() => performance.mark("qv:board-frame"));
  return board;
}

async function boot() {
  const boardData = fetch("board.json").then((r) => {
    if (!r.ok) throw new Error(`cannot read board.json (HTTP ${r.status})`);
    return r.json();
  });
  const ui = import("./ui.js");
  const info = readBuildInfo();  // in parallel: it also tells a mix of two builds
  info.catch(() => {});
  const pyodide = loadEngine(({ stage, message, fraction }) =>
    progress({ key: STAGE_KEYS[stage], english: message }, fraction));
  ui.catch(() => {});
  pyodide.catch(() => {});  // both reported below
  let board = null;
  try {
    board = drawBoard(await boardData);
  } catch (error) {
    console.error(error);
  }
  window.__qv = {};
  try {
    const { createApp, Engine } = await ui;
    const app = createApp();
    window.__qv.app = app;
    const py = await pyodide;
    const buildInfo = await info;
    app.engine = new Engine(py);
    Object.assign(window.__qv, { pyodide: py, buildInfo, engine: app.engine });
    if (!board) {
      // board.json could not be fetched: the engine has the same data
      const reply = JSON.parse(py.runPython("from qvcore.jsapi import Table; Table().board()"));
      board = drawBoard(reply.board);
    }
    app.board = board;
    forward.app = app;
    app.ready = true;
    for (const button of document.querySelectorAll("[data-needs-engine]")) button.disabled = false;
    $("export").disabled = true;  // until a game is on the table
    $("loading").hidden = true;
    progress({ key: "load.readyBuild", params: buildInfo,
      english: `Ready: qvcore ${buildInfo.version}, build ${buildInfo.build}.` }, 1);
    await i18nReady;  // the game's panels speak the chosen language from their first render
    await app.start();
    root.dataset.engine = "ready";
  } catch (error) {
    fail(error);
  }
  snapshotState.then((state) => { root.dataset.snapshot = state; });
}

boot();
