// Entry point: draws the board at once from board.json while the engine loads, then hands the
// page to the game UI (ui.js). Marks <html data-board="drawn"> and
// <html data-engine="loading|ready|error"> (tests and benchmarks wait on them).
//
// Only the board's modules are imported statically, so the board is painted as soon as
// board.json has arrived; the rest of the UI and the Python engine load meanwhile.

import { BoardSvg } from "./board-svg.js";
import { loadEngine, readBuildInfo } from "./engine-loader.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

function progress(message, fraction) {
  $("status").textContent = message;
  if (fraction !== undefined) $("progress").value = fraction;
}

/** Board clicks before the UI has loaded go nowhere; afterwards to the turn controller. */
const forward = { app: null };

function drawBoard(boardData) {
  const board = new BoardSvg($("board"), boardData, {
    onOffice: (id) => forward.app?.turn.onOffice(id),
    onSpace: (path) => forward.app?.turn.onSpace(path),
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
    const buildInfo = await readBuildInfo();
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
    if (!app.saves.resume()) app.newGame.open();
    root.dataset.engine = "ready";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error);
    root.dataset.engineError = message;
    root.dataset.engine = "error";
    $("status").setAttribute("role", "alert");
    progress(`The game engine could not start: ${message}. Reload the page to try again.`);
  }
}

boot();
