// The Palatinus board in SVG (P1, P3): seven flower tiles of seven hexes, drawn from the
// engine's geometry (Table.board(): cells with axial q, r) and a view. Nothing here decides a
// rule: the places a tile may go and the terrains an inhabitant may take come from the
// caller, who reads them from the view's legal actions.
//
// Every cell is an element a screen reader can walk (a named image inside a named group per
// tile); a cell or place the player may choose is a button (role, name, Tab, Enter/Space).
// A face-down inhabitant's kind is drawn only when the view given carries it, which only the
// owner's own seat view does (P8).

import { h, s, replace } from "../panels/dom.js";
import { arrowFocus } from "../board/arrow-focus.js";
import { t } from "../words/i18n.js";
import { turnedText } from "./words.js";

/** Hex size (centre to corner) in SVG units. */
const SIZE = 34;
/** An inhabitant on a terrain: its size, and how far below the hex's middle it stands (the
 * terrain's number is above it). */
const PIECE_SCALE = 0.88;
const PIECE_DROP = 4;
const SQRT3 = Math.sqrt(3);

/** Seat colours: fill and ink (a text colour readable on the fill). */
export const COLOURS = [
  { fill: "#c0392b", ink: "#ffffff" },
  { fill: "#1f5fa8", ink: "#ffffff" },
  { fill: "#e0b419", ink: "#1b1406" },
  { fill: "#2e7d32", ink: "#ffffff" },
  { fill: "#2b2b2b", ink: "#ffffff" },
];

/**
 * @typedef {{cell: number, slot: number, k: number, hill: boolean, q: number, r: number,
 *   neighbours: number[]}} Cell  neighbours: the terrains beside it (the engine's, P6)
 * @typedef {{board: {slots: number, cells: Cell[], slot_neighbours: number[][]},
 *   turned_springs: Object<string, number[][]>}} BoardData
 * @typedef {{terrain: number, owner: number, colour: number, wolf: boolean, kind?: string}} Piece
 * @typedef {{slot: number, letter: string|null, rotation: number|null, token: number|null,
 *   hill: number}} Tile
 */

/** @param {number} q @param {number} r @returns {[number, number]} */
function centre(q, r) {
  return [SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r];
}

/** @param {number} x @param {number} y @returns {string} */
function hexPoints(x, y) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + (SIZE - 1) * Math.cos(angle)).toFixed(1)},${
      (y + (SIZE - 1) * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The short word of a kind ("M", "F", "C" in English) or of a wolf face. */
export function kindLetter(kind) {
  return t(`palatinus.kind.${kind}.short`);
}

/** The name of an inhabitant for a screen reader: "Livia's merchant (red)", "your merchant,
 * wolf side up (red)", "Livia's inhabitant, wolf side up (red)". A wolf's kind is in a running
 * game's view only for its owner (P8); once the game is over every wolf is turned over (P5),
 * and is named as the others are.
 * @param {Piece} piece @param {string[]} names @param {boolean} over */
export function pieceName(piece, names, over) {
  const colour = t(`palatinus.colour.${piece.colour}`);
  const owner = names[piece.owner] ?? "";
  if (piece.kind) {
    const kind = t(`palatinus.kind.${piece.kind}`);
    return piece.wolf && !over ? t("palatinus.piece.hiddenOwn", { kind, colour, owner })
      : t("palatinus.piece.open", { kind, colour, owner });
  }
  return t("palatinus.piece.hidden", { colour, owner });
}

/** A terrain's name: its number, a spring, and who stands there (the board's and its
 * neighbours' descriptions). @param {number} cell @param {Map<number, Piece>} pieces
 * @param {Set<number>} springs @param {string[]} names @param {boolean} over */
function terrainName(cell, pieces, springs, names, over) {
  const name = springs.has(cell) ? t("palatinus.board.spring", { terrain: cell })
    : t("palatinus.board.terrain", { terrain: cell });
  const piece = pieces.get(cell);
  return piece ? t("palatinus.board.holds", { name, piece: pieceName(piece, names, over) }) : name;
}

export class PalBoard {
  /** @param {SVGSVGElement} svg @param {BoardData} data */
  constructor(svg, data) {
    this.svg = svg;
    this.data = data;
    // one Tab stop for the hills (the button focused last keeps it, across redrawings)
    arrowFocus(svg, null, { roving: true });
    const xs = [];
    const ys = [];
    for (const c of data.board.cells) {
      const [x, y] = centre(c.q, c.r);
      xs.push(x);
      ys.push(y);
    }
    const pad = SIZE + 6;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    svg.setAttribute("viewBox", `${minX.toFixed(0)} ${minY.toFixed(0)} ${
      (Math.max(...xs) - minX + pad).toFixed(0)} ${(Math.max(...ys) - minY + pad).toFixed(0)}`);
  }

  /**
   * Draw a view.
   * @param {Pick<import("qvcore-palatinus-protocol").View, "tiles" | "board" | "springs"
   *   | "players"> & {stage?: string}} view the view to draw (its parts the board shows) (an
   *   onlooker's, or the seat's own while it looks; a finished game's names every kind)
   * @param {{places?: Map<number, Function>, terrains?: Map<number, Function>,
   *   pieces?: Piece[], hill?: string|null, names?: string[], recent?: Set<number>,
   *   tile?: {letter: string, rotation: number}}} [choices]
   *   places / terrains: what may be chosen now and what choosing it does; pieces: the
   *   inhabitants to show instead of view.board (the scoring's board); hill: a hill to mark;
   *   recent: the terrains to mark as placed on since the player to act last placed; tile:
   *   the tile to lay, shown on a place while it is pointed at or focused (its button too)
   */
  draw(view, choices = {}) {
    const names = choices.names ?? view.players.map((p) => p.name);
    const pieces = new Map((choices.pieces ?? view.board).map((p) => [p.terrain, p]));
    const springs = new Set(view.springs);
    const over = view.stage === "over";
    const groups = [];
    for (const tile of view.tiles) {
      const laid = tile.letter !== null && tile.rotation !== null;
      const place = choices.places?.get(tile.slot);
      const cells = this.data.board.cells.filter((c) => c.slot === tile.slot);
      const label = laid ? t("palatinus.board.tile", { hill: tile.letter })
        : t("palatinus.board.place", { place: tile.slot });
      const group = s("g", {
        class: `pal-tile${laid ? "" : " empty"}${place ? " choice" : ""}${
          choices.hill && choices.hill === tile.letter ? " scoring" : ""}`,
        role: place ? "button" : "group", "aria-label": place
          ? t("palatinus.board.placeChoice", { place: tile.slot }) : label,
        tabindex: place ? "0" : null, "data-slot": String(tile.slot),
        "data-testid": place ? `pal-place-${tile.slot}` : null,
      });
      if (place) wire(group, place);
      for (const c of cells) {
        group.append(laid ? this.cell(c, tile, pieces, springs, choices, names, over)
          : this.emptyCell(c, !place));
      }
      const middle = laid ? null : cells.find((c) => c.hill);
      if (middle) {
        // an empty place shows its number, the one its "Place N" button names
        const [x, y] = centre(middle.q, middle.r);
        group.append(s("text", { x: x.toFixed(1), y: (y + 8).toFixed(1),
          class: "pal-place-number", "aria-hidden": "true" }, String(tile.slot)));
      }
      groups.push(group);
      if (place && choices.tile) {
        // the tile as it would lie there, turned as chosen, drawn over the place while it is
        // pointed at or focused (palatinus.css): beside the button, not in its name
        groups.push(s("g", { class: "pal-ghost", "data-for": String(tile.slot),
          "aria-hidden": "true" }, ...tileCells(cells, choices.tile.letter,
          springPositions(this.data, choices.tile.letter, choices.tile.rotation))));
      }
    }
    const kept = /** @type {SVGElement | null} */ (
      this.svg.querySelector('[role="button"][tabindex="0"]'))?.dataset.testid;
    replace(this.svg, ...groups);
    const buttons = /** @type {SVGElement[]} */ (
      [...this.svg.querySelectorAll('[role="button"][tabindex]')]);
    const stop = buttons.find((b) => b.dataset.testid === kept) ?? buttons[0];
    for (const b of buttons) b.setAttribute("tabindex", b === stop ? "0" : "-1");
  }

  /** Mark (or unmark) a place, while the button that names it is pointed at or focused.
   * @param {number} slot @param {boolean} on */
  hint(slot, on) {
    this.svg.querySelector(`[data-slot="${slot}"]`)?.classList.toggle("hint", on);
  }

  /** An unlaid place's hex: an outline (hidden from readers when its group names it). */
  emptyCell(c, named) {
    const [x, y] = centre(c.q, c.r);
    return s("polygon", { points: hexPoints(x, y), class: "pal-hex empty",
      role: named && c.hill ? null : null, "aria-hidden": "true" });
  }

  cell(c, tile, pieces, springs, choices, names, over) {
    const [x, y] = centre(c.q, c.r);
    if (c.hill) {
      const token = tile.token === null ? "" : String(tile.token);
      return s("g", { class: "pal-cell hill", role: "img", "data-cell": String(c.cell),
        "aria-label": tile.token === null ? t("palatinus.board.hill", { hill: tile.letter })
          : t("palatinus.board.hillToken", { hill: tile.letter, token }) },
      s("polygon", { points: hexPoints(x, y), class: "pal-hex hill" }),
      s("text", { x: x.toFixed(1), y: (y - 4).toFixed(1), class: "pal-letter",
        "aria-hidden": "true" }, tile.letter),
      token ? s("text", { x: x.toFixed(1), y: (y + 16).toFixed(1), class: "pal-token",
        "aria-hidden": "true" }, token) : null);
    }
    const piece = pieces.get(c.cell);
    const spring = springs.has(c.cell);
    const act = choices.terrains?.get(c.cell);
    const named = (/** @type {number} */ cell) => terrainName(cell, pieces, springs, names, over);
    let name = named(c.cell);
    if (!piece && act) name = t("palatinus.board.terrainChoice", { name });  // a spring says so
    const group = s("g", {
      class: `pal-cell${spring ? " spring" : " terrain"}${act ? " choice" : ""}${
        choices.recent?.has(c.cell) ? " recent" : ""}`,
      role: act ? "button" : "img", "aria-label": name, tabindex: act ? "0" : null,
      "aria-describedby": `pal-beside-${c.cell}`,
      "data-cell": String(c.cell), "data-testid": act ? `pal-terrain-${c.cell}` : null,
    }, s("polygon", { points: hexPoints(x, y), class: `pal-hex ${spring ? "spring" : "terrain"}` }),
    // what P6 counts around it, for a reader (the eye sees the hexes): the hill it is around
    // and every terrain beside it, with what stands there
    s("desc", { id: `pal-beside-${c.cell}` }, t("palatinus.board.beside", { hill: tile.letter,
      cells: c.neighbours.map(named).join(t("palatinus.board.besideJoin")) })));
    if (spring) {
      group.append(s("text", { x: x.toFixed(1), y: (y + 6).toFixed(1), class: "pal-spring",
        "aria-hidden": "true" }, "≈"));
    }
    // the number the log and the choices name it by (its name says it to a screen reader)
    group.append(s("text", { x: x.toFixed(1), y: (y - 20).toFixed(1), class: "pal-cell-number",
      "aria-hidden": "true" }, String(c.cell)));
    if (piece) group.append(this.piece(piece, x, y));
    if (act) wire(group, act);
    return group;
  }

  piece(piece, x, y) {
    const colour = COLOURS[piece.colour] ?? COLOURS[0];
    const wolfOnly = piece.wolf && !piece.kind;
    const shape = pieceShape(piece.kind ?? null, x, y, {
      class: `pal-piece${piece.wolf ? " wolf" : ""}`, style: { fill: colour.fill } });
    const text = s("text", { x: x.toFixed(1), y: (y + 6).toFixed(1), class: "pal-piece-text",
      style: { fill: colour.ink } }, wolfOnly ? t("palatinus.wolf.short") : kindLetter(piece.kind));
    // a little smaller and lower than the hex's middle: the terrain's number stays clear above
    return s("g", { "aria-hidden": "true", "data-owner": String(piece.owner),
      transform: `translate(${x.toFixed(1)} ${(y + PIECE_DROP).toFixed(1)}) scale(${PIECE_SCALE}) `
        + `translate(${(-x).toFixed(1)} ${(-y).toFixed(1)})` }, shape, text);
  }
}

/**
 * An inhabitant's outline, its kind told by its shape as well as its letter (the letters of
 * two kinds can read alike, "C" and "Co" in Italian, and a shape reads in any language): a
 * square merchant and a round farmer, as the rules' figures draw them, a shield for a
 * condottiero, and an octagon for a wolf face whose kind the viewer may not know (P8: every
 * such face is drawn alike).
 * @param {string|null} kind @param {number} x @param {number} y @param {object} attrs
 */
export function pieceShape(kind, x, y, attrs) {
  const at = (/** @type {number[][]} */ points) => points
    .map(([dx, dy]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`).join(" ");
  if (kind === "farmer") return s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: "18", ...attrs });
  if (kind === "merchant") {
    return s("rect", { x: (x - 16).toFixed(1), y: (y - 16).toFixed(1), width: "32", height: "32",
      rx: "4", ...attrs });
  }
  if (kind === "condottiero") {
    return s("polygon", { points: at([[-17, -16], [17, -16], [17, 4], [0, 20], [-17, 4]]),
      ...attrs });
  }
  return s("polygon", { points: at([[-8, -19], [8, -19], [19, -8], [19, 8], [8, 19], [-8, 19],
    [-19, 8], [-19, -8]]), ...attrs });
}

/**
 * The board's key: what the inhabitants' shapes and letters and the hills' letters stand for,
 * in the chosen language (the letters alone read alike: C is a condottiero and hill C). For the eye
 * only: every cell says what it holds to a screen reader.
 * @returns {Element[]}
 */
export function boardKey() {
  const chip = (/** @type {string} */ letter, /** @type {string|null} */ kind) => s("svg",
    { class: "pal-key-chip", viewBox: "-21 -21 42 42", "aria-hidden": "true" },
    pieceShape(kind, 0, 0, { class: `pal-piece${kind ? "" : " wolf"}` }),
    s("text", { y: "7.5", class: "pal-piece-text" }, letter));
  const item = (/** @type {Element} */ mark, /** @type {string} */ words, kind = "") =>
    h("span", { class: `pal-key-item${kind}` }, mark, words);
  /** A hex as the board draws it (hexPoints), with its mark. */
  const hex = (/** @type {string} */ kind, /** @type {string} */ mark, /** @type {string} */ y,
    /** @type {string} */ text) => s("svg", { class: "pal-key-chip",
    viewBox: `${-SIZE} ${-SIZE} ${2 * SIZE} ${2 * SIZE}`, "aria-hidden": "true" },
  s("polygon", { points: hexPoints(0, 0), class: `pal-hex ${kind}` }),
  s("text", { y, class: mark }, text));
  const hill = hex("hill", "pal-letter", "14", "A");
  const place = hex("empty", "pal-place-number", "9", "1");  // as the set-up shows it
  // a terrain placed on since the player to act last placed, marked as the board marks it
  const recent = s("svg", { class: "pal-key-chip", viewBox: `${-SIZE - 3} ${-SIZE - 3} ${
    2 * SIZE + 6} ${2 * SIZE + 6}`, "aria-hidden": "true" },
  s("g", { class: "pal-cell recent" }, s("polygon", { points: hexPoints(0, 0),
    class: "pal-hex terrain" })));
  return [
    ...["merchant", "farmer", "condottiero"].map((kind) =>
      item(chip(kindLetter(kind), kind), t(`palatinus.kind.${kind}`))),
    item(chip(t("palatinus.wolf.short"), null), t("palatinus.face.wolf")),
    // each shown while the board has some (palatinus.css)
    item(hill, t("palatinus.key.hills"), " hills"),
    item(place, t("palatinus.key.places"), " places"),
    item(recent, t("palatinus.key.recent"), " recent"),
  ];
}

/** Make an SVG group act as a button: click, Enter and Space (a click's event goes with it:
 * a tap shows a tile before it is laid, PalTable.layAt). A held key's repeats do not act: the
 * key that chose an inhabitant puts the focus on a terrain, where they would place it. */
function wire(el, act) {
  el.addEventListener("click", (event) => act(event));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (!event.repeat) act();
    }
  });
}

/** The springs of a tile turned by `rotation`, as the terrains k (1–6) of its place (P3; the
 * engine's `turned_springs`). @param {BoardData} data @param {string} letter
 * @param {number} rotation @returns {number[]} */
export function springPositions(data, letter, rotation) {
  return data.turned_springs[letter]?.[rotation] ?? [];
}

/** The hexes of a tile turned by `rotation` on the cells of a place: its hill's letter and its
 * springs (P3). @param {Cell[]} cells @param {string} letter @param {number[]} springs */
function tileCells(cells, letter, springs) {
  return cells.map((c) => {
    const [x, y] = centre(c.q, c.r);
    const kind = c.hill ? "hill" : springs.includes(c.k) ? "spring" : "terrain";
    return s("g", {},
      s("polygon", { points: hexPoints(x, y), class: `pal-hex ${kind}` }),
      c.hill ? s("text", { x: x.toFixed(1), y: (y + 6).toFixed(1), class: "pal-letter" }, letter)
        : kind === "spring" ? s("text", { x: x.toFixed(1), y: (y + 6).toFixed(1),
          class: "pal-spring" }, "≈") : null);
  });
}

/** The tile turned up in words: its hill, its turn and where its springs lie (P3).
 * @param {BoardData} data @param {string} letter @param {number} rotation */
export function previewLabel(data, letter, rotation) {
  return t("palatinus.setup.preview", { hill: letter, turned: turnedText(rotation),
    springs: springPositions(data, letter, rotation).join(", ") });
}

/** A small SVG of the tile turned up, at a rotation: its springs shown (P3). */
export function tilePreview(data, letter, rotation) {
  const parts = tileCells(data.board.cells.filter((c) => c.slot === 0), letter,
    springPositions(data, letter, rotation));
  return s("svg", { class: "pal-preview", viewBox: "-100 -100 200 200", role: "img",
    "aria-label": previewLabel(data, letter, rotation), "data-testid": "pal-preview" }, ...parts);
}
