// Following the game on the board: the last move is marked (its path, where it went), a new
// move is animated along its path (a senator from office to office, Caesar from space to
// space, a new senator from the edge of the board), and the open request's path is lit.
// Nothing here decides anything: it reads the onlooker's view and its public log (R10).
//
// State for tests and tools: <svg data-last-move="move:3-6|add:1|caesar:6-9|..."> names the
// last move shown, data-requested="3-6" the open request's path, and data-animating="1" is set
// while a move is being animated (never with prefers-reduced-motion: reduce).

import { s } from "../panels/dom.js";
import { seatColour, shapePath } from "./colours.js";

const MOTION_MS = 650;
const REDUCED = "(prefers-reduced-motion: reduce)";

/** The last move of a log as the board shows it, or null: {kind, player, from?, to?, office?}
 * in office numbers (a laurel space by its path's two offices). */
export function lastMove(log) {
  const event = log?.at(-1)?.event;
  if (!event) return null;
  switch (event.type) {
    case "add": return { kind: "add", player: event.player, office: event.office };
    case "move": return { kind: "move", player: event.player, from: event.from, to: event.to };
    case "caesar": return { kind: "caesar", player: event.player, from: event.from, to: event.to,
      was: event.was ?? null };
    case "request": return { kind: "request", player: event.player, from: event.from, to: event.to };
    default: return { kind: event.type, player: event.player };
  }
}

function moveKey(move) {
  if (!move) return "";
  if (move.kind === "add") return `add:${move.office}`;
  if (move.from !== undefined) return `${move.kind}:${move.from}-${move.to}`;
  return move.kind;
}

export class BoardMotion {
  /** @param {import("./board-svg.js").BoardSvg} board */
  constructor(board) {
    this.board = board;
    this.layer = s("g", { class: "motion", "aria-hidden": "true" });
    board.svg.append(this.layer);
    this.shown = null;    // the log length last shown
    this.gameKey = null;
  }

  pathId(from, to) {
    return this.board.data.paths.findIndex((p) => p.from === from && p.to === to);
  }

  /** Show a view's last move and open request; animate a move that is new since the last call
   * (one action on, same game). */
  show(view, meta) {
    const board = this.board;
    const svg = board.svg;
    const log = view.log ?? [];
    const move = lastMove(log);
    const gameKey = JSON.stringify(view.options.names) + view.game_number;
    const fresh = this.gameKey === gameKey && this.shown !== null && log.length === this.shown + 1;
    this.gameKey = gameKey;
    this.shown = log.length;
    for (const el of svg.querySelectorAll(".last-move, .last-move-to, .requested")) {
      el.classList.remove("last-move", "last-move-to", "requested");
    }
    svg.dataset.lastMove = moveKey(move);
    if (move && (move.kind === "move" || move.kind === "request")) {
      board.paths[this.pathId(move.from, move.to)]?.classList.add("last-move");
      if (move.kind === "move") board.offices[move.to]?.g.classList.add("last-move-to");
    } else if (move?.kind === "add") {
      board.offices[move.office]?.g.classList.add("last-move-to");
    } else if (move?.kind === "caesar") {
      board.spaces.get(this.pathId(move.from, move.to))?.g.classList.add("last-move-to");
    }
    const r = view.stage === "consent" ? view.request : null;
    if (r) {
      svg.dataset.requested = `${r.from}-${r.to}`;
      board.paths[r.path]?.classList.add("requested");
      board.offices[r.from]?.g.classList.add("requested");
      board.offices[r.to]?.g.classList.add("requested");
      board.spaces.get(r.path)?.g.classList.add("requested");
    } else {
      delete svg.dataset.requested;
    }
    if (fresh && move) this.animate(move, meta);
  }

  /** The centre of an office, of a laurel space, or of the board's bottom edge (the supply). */
  point(kind, a, b) {
    const board = this.board;
    if (kind === "office") return { x: board.geo[a].x, y: board.geo[a].y };
    const id = this.pathId(a, b);
    const g = board.spaces.get(id)?.g;
    const m = g?.transform.baseVal.consolidate()?.matrix;
    return m ? { x: m.e, y: m.f } : null;
  }

  animate(move, meta) {
    if (globalThis.matchMedia?.(REDUCED).matches) return;
    let from = null;
    let to = null;
    let token = null;
    if (move.kind === "move") {
      from = this.point("office", move.from);
      to = this.point("office", move.to);
      token = this.senator(meta, move.player);
    } else if (move.kind === "add") {
      to = this.point("office", move.office);
      from = { x: to.x, y: to.y + 160 };
      token = this.senator(meta, move.player);
    } else if (move.kind === "caesar" && move.was) {
      from = this.point("space", move.was.from, move.was.to);
      to = this.point("space", move.from, move.to);
      token = s("g", { class: "caesar-ghost" }, s("circle", { class: "caesar-disc", r: 30 }),
        s("text", { class: "caesar-text", y: "2" }, "C"));
    }
    if (!from || !to || !token || typeof token.animate !== "function") return;
    this.layer.replaceChildren(token);
    const svg = this.board.svg;
    svg.dataset.animating = "1";
    const at = (p) => `translate(${p.x}px, ${p.y}px)`;
    const animation = token.animate([{ transform: at(from), opacity: 0.9 },
      { transform: at(to), opacity: 0.9 }], { duration: MOTION_MS, easing: "ease-in-out" });
    const done = () => {
      token.remove();
      if (!this.layer.childElementCount) delete svg.dataset.animating;
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
  }

  senator(meta, seat) {
    const c = seatColour(meta, seat);
    return s("g", { class: "senator-ghost" },
      s("path", { d: shapePath(c.shape, 18), fill: c.fill, stroke: "#2a1e14", "stroke-width": 2 }));
  }
}

/** Dock a dialog that asks about a path (a request's answer) away from it: at the bottom of
 * the screen (or the top, when that leaves the path freer), with the page scrolled so that
 * the path's two offices stay in sight above (or below) it. When the dialog's element closes
 * at last (it goes from one answer to the next), the page scrolls back to where it was
 * before the first of them, unless the player scrolled meanwhile. */
export function dockAway(dialog, board, from, to) {
  const groups = [board?.offices[from]?.g, board?.offices[to]?.g].filter(Boolean);
  if (!dialog || !groups.length) return;
  if (dialog.dataset.dockedFrom === undefined) {
    dialog.dataset.dockedFrom = String(scrollY);
    dialog.addEventListener("close", () => {
      const back = Number(dialog.dataset.dockedFrom);
      const left = Number(dialog.dataset.dockedAt);
      delete dialog.dataset.dockedFrom;
      delete dialog.dataset.dockedAt;
      if (Math.abs(scrollY - left) < 2) scrollTo(scrollX, back);
    }, { once: true });
  }
  dockAt(dialog, groups);
  dialog.dataset.dockedAt = String(scrollY);
}

/** dockAway's docking and scrolling. @param {HTMLElement} dialog @param {Element[]} groups */
function dockAt(dialog, groups) {
  const span = () => {
    const boxes = groups.map((g) => g.getBoundingClientRect());
    return { top: Math.min(...boxes.map((b) => b.top)),
      bottom: Math.max(...boxes.map((b) => b.bottom)) };
  };
  /** How much of the path (px) the dialog covers or the screen leaves out. */
  const hidden = () => {
    const d = dialog.getBoundingClientRect();
    const p = span();
    const covered = Math.max(0, Math.min(d.bottom, p.bottom) - Math.max(d.top, p.top));
    return covered + Math.max(0, -p.top) + Math.max(0, p.bottom - innerHeight);
  };
  const dock = (side) => {
    dialog.classList.remove("dock-top", "dock-bottom");
    dialog.classList.add(`dock-${side}`);
    dialog.dataset.dock = side;
    const d = dialog.getBoundingClientRect();
    const p = span();
    // the screen's room beside the dialog, and the scrolls that bring the path into it: at
    // least `low` shows its bottom, at most `high` keeps its top (the page may be scrolled
    // past the board, above it on a phone, where the turn panel is under the board)
    const room = side === "bottom" ? { top: 8, bottom: d.top - 8 }
      : { top: d.bottom + 8, bottom: innerHeight - 8 };
    const low = p.bottom - room.bottom;
    const high = p.top - room.top;
    // the least scroll that does it; a path taller than the room keeps its end by the dialog's
    // far side in sight (its top under a bottom dock, its bottom over a top one)
    const shift = low <= high ? Math.min(Math.max(0, low), high)
      : side === "bottom" ? high : low;
    if (shift) scrollBy(0, shift);
    return hidden();
  };
  // a docked dialog is shorter: its body may scroll, so it takes the keyboard's focus too, as
  // a region named by the dialog's title (an element in the focus order needs a role)
  const body = dialog.querySelector(".dlg-body");
  if (body) {
    body.setAttribute("tabindex", "0");
    body.setAttribute("role", "region");
    const title = dialog.getAttribute("aria-labelledby");
    if (title) body.setAttribute("aria-labelledby", title);
  }
  const scrolled = scrollY;
  if (dock("bottom") === 0) return;
  const bottomHidden = hidden();
  scrollTo(scrollX, scrolled);
  if (dock("top") <= bottomHidden) return;
  scrollTo(scrollX, scrolled);
  dock("bottom");
}
