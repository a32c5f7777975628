// Entry point: draws the board at once from board.json while the engine loads, then hands the
// page to the game UI (ui.js). Marks <html data-board="drawn"> and
// <html data-engine="loading|ready|error"> (tests and benchmarks wait on them).
//
// Only the board's modules are imported statically, so the board is painted as soon as
// board.json has arrived; the rest of the UI and the Python engine load meanwhile.

import { BoardSvg } from "./board-svg.js";
import { held } from "./guard.js";
import { loadEngine, readBuildInfo, snapshotState } from "./engine-loader.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
let failed = false;

function progress(message, fraction) {
  if (failed) return;  // a late "Ready." must not hide a failure
  $("status").textContent = message;
  if (fraction !== undefined) $("progress").value = fraction;
}

/** What went wrong, in words, and what to do about it. */
function failureText(error) {
  if (error?.name === "EngineLoadError") return `${error.message} ${error.advice}`;
  const message = error instanceof Error ? error.message : String(error);
  if (/dynamically imported module|Importing a module script failed|module script/i.test(message)) {
    return `A part of the page could not be downloaded (${message}). Check the connection ` +
      "and reload the page to try again.";
  }
  return `The game could not start: ${message}. Reload the page to try again.`;
}

/** Show a start-up failure in the loading panel, with a button to try again. */
function fail(error) {
  console.error(error);
  const text = failureText(error);
  progress(text);
  failed = true;
  root.dataset.engineError = text;
  root.dataset.engine = "error";
  $("loading").hidden = false;
  $("status").setAttribute("role", "alert");
  $("progress").hidden = true;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn primary";
  retry.dataset.testid = "retry";
  retry.textContent = "Try again";
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
  const pyodide = loadEngine(({ message, fraction }) => progress(message, fraction));
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
    progress(`Ready: qvcore ${buildInfo.version}, build ${buildInfo.build}.`, 1);
    await app.start();
    root.dataset.engine = "ready";
  } catch (error) {
    fail(error);
  }
  snapshotState.then((state) => { root.dataset.snapshot = state; });
}

boot();
