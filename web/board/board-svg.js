// The board in SVG (R2), drawn from the engine's board data (board.json), then updated from
// each onlooker view. It knows nothing of the rules: turn.js tells it what to highlight and
// receives the clicks (pointer, or Enter/Space on a focused office or laurel space).

import { s } from "../panels/dom.js";
import { seatColour, shapePath, shapeTextY } from "./colours.js";
import { arrowFocus } from "./arrow-focus.js";

// The board's words (i18n.js's t and listText) are handed in by app.js (`words` below): this
// module does not import i18n.js, so that the board and the page's start never wait for, nor
// fail with, the language catalogs. Until then a key stands for its text.
/** @typedef {(key: string, params?: object) => string} Words */
/** @type {Words} */
let t = (key) => key;
/** @type {(items: string[]) => string} */
let listText = (items) => items.join(", ");

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {{colours?: unknown, bots?: Object<string, {level?: string}>} | null} Meta
 * the game's meta: the seats' colours, the bots */

/**
 * What update() shows of the turn (turn.js's marks; ui.js makes them inert while a bot decides).
 * @typedef {object} Marks
 * @property {number | null} [selected]  the selected office
 * @property {Set<number> | null} [selectable]  offices whose senator may be selected
 * @property {Set<number> | null} [addable]  offices a senator may be added to
 * @property {Map<number, string> | null} [dest]  office -> "free" | "consent" | "blocked"
 * @property {Set<number> | null} [caesarTargets]  paths Caesar may be moved to
 * @property {Map<number, string> | null} [routes]  path -> "free" | "consent" | "blocked"
 * @property {boolean} [inert]  nothing is for a human to click
 * @property {number | null} [turnSeat]  the seat the table waits for
 * @property {string} [turnWords]  what that seat does
 * @property {number | null} [thinking]  the seat whose bot is thinking
 */

/** A family told by colour and shape ("Red, circle"), for screen readers. */
function familyName(c) {
  return t("board.family", { colour: t(`colour.${c.key}`), shape: t(`shape.${c.shape}`) });
}

/** Measured text widths and fitted texts, by text and room (see BoardSvg.fit). */
const MEASURED = new Map();

export const WIDTH = 1000;
/** The board proper; the players' strip goes below it (its rows set the viewBox's height). */
const BOARD_H = 1100;
const SEAT_R = 21;
const SEAT_GAP = 52;
// Touch targets: at 360 px the board is 340 px wide, 0.34 px a unit, so 44 px is 130 units.
const HIT_MIN = 132;
const SPACE_R = 27;
const SPACE_HIT = 66;  // a laurel space's target radius, cut halfway to a nearer space
const STRIP_PAD = 16;  // the players' strip: margin under the board, gap between chips
const CHIP_H = 116;
const STRIP_BOTTOM = 34;
/** The layouts where the players' panel stands beside the board (style.css): no strip there. */
const WIDE_QUERY = "__MEDIA_PANELS_BESIDE_BOARD__";

/** Where the reward pool's and the draw pile's labels start (from the right edge), and how
 * wide they may be: up to the board's border (18 from the edge) with a margin that stays in
 * sight on a phone (12 looked like touching the border there, a review found). */
const POOL_LEFT = 300;
const POOL_TEXT_WIDTH = POOL_LEFT - 18 - 24;
/** The widest count those labels show (two digits). */
const WIDEST_COUNT = 88;

/** What each text was last fitted for (its widest words and the window's size): measuring a
 * text forces a layout in the middle of a render, so it is done once, not on every move.
 * @type {WeakMap<SVGTextElement, string>} */
const fitted = new WeakMap();

/** Shrink an SVG text's font until `widest` (the text with its widest count: "Riserva coperta:
 * 88") fits `width` user units, for a language's longer words; a text that fits keeps the style
 * sheet's size. @param {SVGTextElement} el @param {number} width @param {string} widest */
function fitText(el, width, widest) {
  const key = `${widest}|${innerWidth}x${innerHeight}|${devicePixelRatio}`;
  if (fitted.get(el) === key) return;
  const shown = el.textContent;
  el.textContent = widest;
  el.style.removeProperty("font-size");
  const length = el.getComputedTextLength();
  el.textContent = shown;
  if (length > 0) fitted.set(el, key);  // an unrendered text measures 0: measure it again
  if (length <= width) return;
  const size = parseFloat(getComputedStyle(el).fontSize);
  el.style.setProperty("font-size", `${Math.floor(size * width / length * 10) / 10}px`);
}

/** Write only what changed: an unchanged write still invalidates the board's style and
 * layout, which the browser then recomputes on the main thread after every move.
 * @param {Element} el @param {string} text */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {Element} el @param {string} name @param {string} value */
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** A space's marks (drawn out of its button) follow its state: empty, Caesar laurel, Caesar. */
function mirrorMarks(sp) {
  for (const name of ["empty", "caesar-laurel", "has-caesar"]) {
    sp.twin.classList.toggle(name, sp.g.classList.contains(name));
  }
}

/** The viewBox height for a strip of `rows` rows of player chips. */
export function boardHeight(rows = 1) {
  return BOARD_H + rows * CHIP_H + (rows - 1) * STRIP_PAD + STRIP_BOTTOM;
}
export const HEIGHT = boardHeight(1);

/** Chips per row of the players' strip: 3 players in a row, 4 as two by two, 5 as 3 + 2. */
function stripColumns(n) {
  return n === 4 ? 2 : Math.min(n, 3);
}

/**
 * A laurel space's touch target: a circle of radius SPACE_HIT around (0, 0), cut by the
 * halfway line to each nearby space (so close spaces split the ground between them), as an
 * SVG path relative to the space's centre.
 */
function hitShape(centre, others) {
  let poly = [];
  for (let i = 0; i < 40; i++) {
    const a = (i / 40) * 2 * Math.PI;
    poly.push([SPACE_HIT * Math.cos(a), SPACE_HIT * Math.sin(a)]);
  }
  for (const o of others) {
    const nx = o.x - centre.x;
    const ny = o.y - centre.y;
    const d = Math.hypot(nx, ny);
    if (d === 0 || d >= 2 * SPACE_HIT) continue;
    // keep the points p with p·n <= |n|²/2 (this side of the halfway line)
    const side = ([x, y]) => x * nx + y * ny - (d * d) / 2;
    const out = [];
    poly.forEach((p, i) => {
      const q = poly[(i + 1) % poly.length];
      const sp = side(p);
      const sq = side(q);
      if (sp <= 0) out.push(p);
      if ((sp < 0) !== (sq < 0) && sp !== sq) {
        const t = sp / (sp - sq);
        out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
      }
    });
    poly = out;
  }
  return `M${poly.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" L")} Z`;
}

const X = (x) => 30 + x * 940;
const Y = (y) => 150 + ((y - 0.13) / 0.77) * 860;

/**
 * Seat centres relative to the office centre, and the office box size. Seats fill left to
 * right, top to bottom (R9.2): 1 seat; 3 as two over one; 5 (and the Senate) as three over two.
 */
function officeShape(seats, senate) {
  const g = SEAT_GAP;
  if (seats === 1) return { w: 78, h: 78, seats: [[0, 0]] };
  const layout = seats === 3
    ? [[-g / 2, -g / 2], [g / 2, -g / 2], [0, g / 2]]
    : [[-g, -g / 2], [0, -g / 2], [g, -g / 2], [-g / 2, g / 2], [g / 2, g / 2]];
  const w = (seats === 3 ? 2 : 3) * g + 30;
  if (senate) {
    // the Senate's seats leave room for their arrival order under each (R9.2)
    return { w: w + 40, h: 2 * g + 30 + 84, seats: layout.map(([x, y]) => [x, y * 1.45 + 24]) };
  }
  return { w, h: 2 * g + 30, seats: layout };
}

/** Where the segment from the centre of box a towards point b leaves box a. */
function edgePoint(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const tx = dx === 0 ? Infinity : (a.w / 2 + 6) / Math.abs(dx);
  const ty = dy === 0 ? Infinity : (a.h / 2 + 6) / Math.abs(dy);
  const t = Math.min(tx, ty);
  return { x: a.x + dx * t, y: a.y + dy * t };
}

const ROMAN = { I: "I", II: "II", IIC: "II", III: "III", IV: "IV", V: "V" };

export class BoardSvg {
  /**
   * @param {SVGSVGElement} svg an empty <svg> element
   * @param {import("qvcore-protocol").BoardData} data the board data (board.json)
   * @param {{onOffice: (id: number) => void, onSpace: (path: number) => void}} handlers
   * @param {{t: Words, listText: (items: string[]) => string}} words i18n.js's t and listText; after a change
   *   of language, call reword()
   */
  constructor(svg, data, handlers, words) {
    ({ t, listText } = words);
    this.svg = svg;
    this.data = data;
    this.handlers = handlers;
    this.offices = [];
    this.spaces = new Map();  // path id -> parts
    this.paths = [];
    this.statics = [];  // [element, () => text]: the texts drawn once, worded again on a change
    // on a wide desktop the players' panel stands beside the board: no strip under it then
    this.wide = globalThis.matchMedia?.(WIDE_QUERY) ?? null;
    this.draw();
    this.wide?.addEventListener("change", () => {
      this.stripKey = null;
      if (this.lastStrip) this.drawStrip(...this.lastStrip);
    });
    svg.addEventListener("click", (event) => this.onActivate(event));
    // one Tab stop for the whole board (office 0 until another button is focused); an office
    // is where its frame is, a laurel space where its ring is (not their targets)
    arrowFocus(svg, ".frame, .focus-ring", { roving: true });
    svg.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        // a held key's repeats act once: the first may have opened a dialog or moved a senator
        if (!event.repeat) this.onActivate(event);
      }
    });
  }

  /** The language changed: word the fixed texts again (update() words the rest). */
  reword() {
    this.svg.setAttribute("aria-label", t("board.aria"));
    for (const [el, text] of this.statics) el.textContent = text();
    this.strip.setAttribute("aria-label", t("board.strip.aria"));
    this.stripKey = null;
  }

  /** A text drawn once, remembered so that a change of language words it again. */
  fixed(el, text) {
    el.textContent = text();
    this.statics.push([el, text]);
    return el;
  }

  onActivate(event) {
    if (this.svg.classList.contains("inert-board")) return;
    const space = event.target.closest?.("[data-path]");
    if (space) {
      this.handlers.onSpace(Number(space.dataset.path));
      return;
    }
    const office = event.target.closest?.("[data-office]");
    if (office) this.handlers.onOffice(Number(office.dataset.office));
  }

  /** Draw the whole board once, empty: its frame, paths and spaces, offices, indicators
   * (update() then shows a view on it). */
  draw() {
    const svg = this.svg;
    const { offices, paths, senate } = this.data;
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    this.rows = 1;
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("board.aria"));
    // Chromium makes the <svg> itself a Tab stop, one that does nothing: its buttons are the
    // board's one stop (arrowFocus below)
    svg.setAttribute("tabindex", "-1");
    svg.replaceChildren();
    svg.append(s("defs", {},
      s("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "8.5", refY: "5",
        markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
        s("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" })),
      s("radialGradient", { id: "stone", cx: "50%", cy: "35%", r: "75%" },
        s("stop", { offset: "0%", "stop-color": "#fffdf7" }),
        s("stop", { offset: "100%", "stop-color": "#efe6d2" })),
      s("radialGradient", { id: "gold", cx: "40%", cy: "35%", r: "70%" },
        s("stop", { offset: "0%", "stop-color": "#f7e08a" }),
        s("stop", { offset: "100%", "stop-color": "#b98d22" })),
    ));
    this.bg = s("rect", { class: "board-bg", x: 6, y: 6, width: WIDTH - 12, height: HEIGHT - 12,
      rx: 28 });
    this.border = s("rect", { class: "board-border", x: 18, y: 18, width: WIDTH - 36,
      height: HEIGHT - 36, rx: 20 });
    svg.append(this.bg, this.border);

    // office geometry first: paths are clipped to the boxes
    const geo = offices.map((o) => {
      const shape = officeShape(o.seats, o.id === senate);
      return { ...shape, x: X(o.x), y: Y(o.y) };
    });
    this.geo = geo;
    this.attachments = offices.map(() => []);

    const { pathLayer, spaceLayer, spaceMarks } = this.drawPaths(geo, paths);
    const { officeLayer, officeHits, officeMarks } = this.drawOffices(geo, offices, paths, senate);
    const { turn, pool } = this.drawIndicators(geo[senate]);
    // the players: colour, name, supply and how many laurels (a count only, R10)
    this.strip = s("g", { class: "player-strip", role: "group", "data-testid": "board-players",
      "aria-label": t("board.strip.aria") });
    svg.append(pathLayer, officeHits, spaceLayer, spaceMarks, officeLayer, officeMarks, turn, pool,
      this.strip);
  }

  /** The paths' arrows and the laurel spaces on them (buttons), with their marks' layer. */
  drawPaths(geo, paths) {
    const pathLayer = s("g", { class: "paths", "aria-hidden": "true" });
    const spaceLayer = s("g", { class: "spaces" });
    // what a space shows besides its own label (Caesar and the token under him, the Caesar
    // laurel's "C") is drawn in this layer, out of the buttons: a button's visible text is then
    // only its label, which begins its accessible name (WCAG 2.5.3 Label in Name)
    const spaceMarks = s("g", { class: "space-mark-layer", "aria-hidden": "true" });
    const centres = new Map();  // laurel path id -> centre of its space
    for (const p of paths) {
      if (!p.laurel) continue;
      const start = edgePoint(geo[p.from], geo[p.to]);
      const end = edgePoint(geo[p.to], geo[p.from]);
      centres.set(p.id, { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 });
    }
    for (const p of paths) {
      const a = geo[p.from];
      const b = geo[p.to];
      const start = edgePoint(a, b);
      const end = edgePoint(b, a);
      this.attachments[p.from].push([start.x - a.x, start.y - a.y]);
      this.attachments[p.to].push([end.x - b.x, end.y - b.y]);
      const line = s("line", { class: "path", x1: start.x, y1: start.y, x2: end.x, y2: end.y,
        "marker-end": "url(#arrow)" });
      pathLayer.append(line);
      this.paths[p.id] = line;
      if (p.laurel) {
        const mx = (start.x + end.x) / 2;
        const my = (start.y + end.y) / 2;
        const g = s("g", { class: "space", "data-path": p.id, "data-testid": `space-${p.from}-${p.to}`,
          tabindex: "-1", role: "button", transform: `translate(${mx} ${my})` });
        // the target may reach over the offices' margins, not their boxes: the offices are
        // drawn above the spaces, their wider margins below (see the office layers)
        const others = [...centres].filter(([id]) => id !== p.id).map(([, c]) => c);
        const hit = s("path", { class: "hit", d: hitShape(centres.get(p.id), others) });
        const focusRing = s("circle", { class: "focus-ring", r: SPACE_R + 12 });
        const ring = s("circle", { class: "token", r: SPACE_R });
        const text = s("text", { class: "token-text", y: "1" });
        // Caesar's laurel (IIC): a dark token with a gold ring and a "C" (not a family's colour)
        const mark = s("g", { class: "caesar-mark", transform: "translate(21 -21)" },
          s("circle", { r: 12 }), s("text", { y: "1" }, "C"));
        const caesar = s("g", { class: "caesar", "aria-hidden": "true" },
          s("circle", { class: "caesar-disc", r: 32 }),
          s("path", { class: "caesar-wreath", d: "M-19,11 A23,23 0 0 1 -12,-18 M19,11 A23,23 0 0 0 12,-18" }),
          s("text", { class: "caesar-text", y: "2" }, "C"));
        const under = s("g", { class: "under", transform: "translate(26 26)" },
          s("circle", { r: 14 }), s("text", { y: "1" }));
        g.append(hit, focusRing, ring, text);
        spaceLayer.append(g);
        const twin = s("g", { class: "space-marks", transform: `translate(${mx} ${my})` },
          mark, caesar, under);
        spaceMarks.append(twin);
        this.spaces.set(p.id, { g, twin, ring, text, mark, caesar, under, path: p });
      }
    }
    return { pathLayer, spaceLayer, spaceMarks };
  }

  /** The offices (buttons), their wide touch targets and their marks' layer. */
  drawOffices(geo, offices, paths, senate) {
    const officeLayer = s("g", { class: "offices" });
    // the senators' numbers, the Senate's title and arrival order: out of the buttons, as the
    // spaces' marks are (drawPaths)
    const officeMarks = s("g", { class: "office-mark-layer", "aria-hidden": "true" });
    // each office's wide touch target (≥ 44 px on a phone) lies under the laurel spaces'
    // targets; its box, above them, always answers for the office
    const officeHits = s("g", { class: "office-hits", "aria-hidden": "true" });
    for (const o of offices) {
      const shape = geo[o.id];
      const isSenate = o.id === senate;
      const g = s("g", { class: `office seats-${o.seats}${isSenate ? " senate" : ""}${
        this.data.entry_offices.includes(o.id) ? " entry" : ""}`, "data-office": o.id,
        "data-testid": `office-${o.id}`, tabindex: o.id === 0 ? "0" : "-1", role: "button",
        transform: `translate(${shape.x} ${shape.y})` });
      const hw = Math.max(shape.w, HIT_MIN) / 2;
      const hh = Math.max(shape.h, HIT_MIN) / 2;
      officeHits.append(s("rect", { class: "office-hit", "data-office": o.id,
        x: shape.x - hw, y: shape.y - hh, width: hw * 2, height: hh * 2 }));
      g.append(s("rect", { class: "hit", x: -shape.w / 2 - 6, y: -shape.h / 2 - 6,
        width: shape.w + 12, height: shape.h + 12 }));
      g.append(s("rect", { class: "frame", x: -shape.w / 2, y: -shape.h / 2, width: shape.w,
        height: shape.h, rx: isSenate ? 20 : 14 }));
      const marks = s("g", { class: "office-marks",
        transform: `translate(${shape.x} ${shape.y})` });
      if (isSenate) {
        marks.append(this.fixed(s("text", { class: "senate-title", y: -shape.h / 2 + 28 }),
          () => t("board.senateTitle")));
      }
      const seatTexts = [];
      const seats = shape.seats.map(([sx, sy], i) => {
        const seat = s("g", { class: "seat", transform: `translate(${sx} ${sy})`,
          "aria-hidden": "true" },
          s("circle", { class: "seat-ring", r: SEAT_R }),
          s("path", { class: "senator", d: shapePath("circle", SEAT_R - 3) }));
        const number = s("text", { class: "senator-text", y: "1" });
        seatTexts.push(number);
        const seatMarks = s("g", { transform: `translate(${sx} ${sy})` }, number);
        if (isSenate) {
          seatMarks.append(this.fixed(s("text", { class: "arrival", y: SEAT_R + 11 }),
            () => t(`board.arrival.${i + 1}`)));
        }
        marks.append(seatMarks);
        g.append(seat);
        return seat;
      });
      officeMarks.append(marks);
      const [bx, by] = this.badgeCorner(o.id);
      g.append(s("g", { class: "badge", transform: `translate(${bx} ${by})`, "aria-hidden": "true" },
        s("circle", { r: 15 }), s("text", { y: "1" }, String(o.id))));
      if (this.data.entry_offices.includes(o.id)) {
        // a space between the two labels, so that they read as two words ("1 entry")
        g.append(document.createTextNode(" "), this.fixed(s("text", { class: "entry-note",
          y: shape.h / 2 + 22, "aria-hidden": "true" }), () => t("board.entry")));
      }
      officeLayer.append(g);
      // the paths that lead up from it, for its accessible name (R4)
      const up = paths.filter((p) => p.from === o.id).map((p) => p.to).sort((a, b) => a - b);
      this.offices[o.id] = { g, marks, seats, seatTexts, data: o, up };
    }
    return { officeLayer, officeHits, officeMarks };
  }

  /** Whose turn it is (top left), the reward pool and the pile (top right). */
  drawIndicators(senateBox) {
    this.turnText = s("text", { class: "turn-text", x: 82, y: 60 });
    // the name of the seat to play ends before the Senate's box (an ellipsis, full in a tooltip)
    this.turnRoom = senateBox.x - senateBox.w / 2 - 82 - 14;
    this.turnTitle = s("title", {});
    // without a game on the table there is no one to play
    this.turnSub = s("text", { class: "turn-sub", x: 82, y: 94 });
    this.turnDisc = s("path", { class: "turn-disc", d: shapePath("circle", 17),
      transform: "translate(56 60)" });
    const turn = s("g", { class: "turn-indicator", "aria-hidden": "true" },
      this.turnTitle, this.turnDisc, this.turnText, this.turnSub);
    this.poolText = s("text", { class: "pool-text", x: 0, y: 0 });
    this.pileText = s("text", { class: "pool-text", x: 0, y: 36 });
    const pool = s("g", { class: "pool", transform: `translate(${WIDTH - POOL_LEFT} 58)`,
      "aria-hidden": "true" },
      s("circle", { class: "pool-token", cx: -26, cy: -8, r: 18 }),
      s("text", { class: "pool-token-text", x: -26, y: -7 }, "I"),
      s("rect", { class: "pile-token", x: -43, y: 16, width: 34, height: 26, rx: 6 }),
      this.poolText, this.pileText);
    return { turn, pool };
  }

  /** Make room for `rows` rows of player chips under the board. */
  setRows(rows) {
    if (rows === this.rows) return;
    this.rows = rows;
    const height = boardHeight(rows);
    this.svg.setAttribute("viewBox", `0 0 ${WIDTH} ${height}`);
    this.bg.setAttribute("height", height - 12);
    this.border.setAttribute("height", height - 36);
  }

  /** Shorten a text element's content (with an ellipsis) until it fits `room` units. */
  static fit(el, text, room) {
    // measuring forces a layout of the whole SVG: each text and room is measured once
    const key = `${text}\u0000${room}`;
    const known = MEASURED.get(key);
    if (known !== undefined) {
      setText(el, known);
      return;
    }
    el.textContent = text;
    let shown = text;
    const width = () => {
      try { return el.getComputedTextLength(); } catch { return 0; }
    };
    while (shown.length > 1 && width() > room) {
      shown = shown.slice(0, -1);
      el.textContent = `${shown.trimEnd()}…`;
    }
    if (width() > 0) MEASURED.set(key, el.textContent);
  }

  /** Squeeze a text element's glyphs (never its numbers away) when it is wider than `room`. */
  static squeeze(el, room) {
    el.removeAttribute("textLength");
    const key = `\u0001${el.textContent}\u0000${room}`;
    let width = MEASURED.get(key) ?? 0;
    if (!MEASURED.has(key)) {
      try { width = el.getComputedTextLength(); } catch { /* not rendered */ }
      if (width > 0) MEASURED.set(key, width);
    }
    if (width > room) {
      el.setAttribute("textLength", String(room));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }

  /** The strip of player chips, from the onlooker view; `acting` is highlighted. */
  drawStrip(view, meta, acting, thinking = null) {
    const players = view.players;
    this.lastStrip = [view, meta, acting, thinking];
    if (this.wide?.matches) {
      // the players' panel beside the board shows them: not twice
      this.stripKey = null;
      this.setRows(0);
      this.strip.replaceChildren();
      this.strip.setAttribute("visibility", "hidden");
      return;
    }
    // the strip is rebuilt (and its text measured, a layout) only when what it shows changed
    const key = JSON.stringify([players.map((p) => [p.name, p.supply, p.hoard_size]),
      meta?.colours, meta?.bots, acting, thinking]);
    if (key === this.stripKey) return;
    this.stripKey = key;
    const cols = stripColumns(players.length);
    this.setRows(Math.ceil(players.length / cols));
    const inner = WIDTH - 2 * 34;
    const w = (inner - (cols - 1) * STRIP_PAD) / cols;
    const chips = players.map((p, i) => {
      const seat = p.seat ?? i;
      const c = seatColour(meta, seat);
      const row = Math.floor(i / cols);
      const inRow = Math.min(cols, players.length - row * cols);
      // a shorter last row is centred
      const x = 34 + (inner - inRow * w - (inRow - 1) * STRIP_PAD) / 2 + (i % cols) * (w + STRIP_PAD);
      const y = BOARD_H + row * (CHIP_H + STRIP_PAD);
      const toAct = seat === acting;
      const bot = meta?.bots?.[String(seat)]?.level;
      const family = bot ? `${familyName(c)}, ${t("board.chip.botLevel", { level: bot })}`
        : familyName(c);
      const laurels = t("board.chip.laurels", { count: p.hoard_size });
      const supply = t("board.chip.supply", { count: p.supply });
      const words = { name: p.name, colour: family, supply: p.supply, laurels };
      const label = t(seat === thinking ? "board.chip.ariaThinking"
        : toAct ? "board.chip.ariaToPlay" : "board.chip.aria", words);
      const name = s("text", { class: "pchip-name", x: 64, y: 34, "data-testid": `board-name-${seat}` });
      const g = s("g", { class: `pchip${toAct ? " acting" : ""}${seat === thinking ? " thinking" : ""}`,
        transform: `translate(${x} ${y})`, "data-testid": `board-player-${seat}`, role: "img",
        "aria-label": label },
        s("rect", { class: "pchip-box", width: w, height: CHIP_H, rx: 16 }),
        s("path", { class: "pchip-disc", d: shapePath(c.shape, 22), fill: c.fill,
          "data-shape": c.shape, transform: `translate(34 ${CHIP_H / 2})` }),
        s("text", { class: "pchip-seat", x: 34, y: CHIP_H / 2 + 1 + shapeTextY(c.shape, 22),
          fill: c.ink }, String(seat + 1)),
        name,
        s("text", { class: "pchip-stat", x: 64, y: 68, "data-testid": `board-supply-${seat}` },
          supply),
        s("text", { class: "pchip-stat", x: 64, y: 97, "data-testid": `board-laurels-${seat}` },
          laurels),
        bot ? s("text", { class: "pchip-bot", x: 34, y: CHIP_H - 18,
          "data-testid": `board-bot-${seat}` }, t("board.bot")) : null);
      return { g, name, text: p.name, room: w - 64 - 14 };
    });
    this.strip.replaceChildren(...chips.map((chip) => chip.g));
    this.strip.removeAttribute("visibility");
    for (const chip of chips) {
      BoardSvg.fit(chip.name, chip.text, chip.room);
      for (const stat of chip.g.querySelectorAll(".pchip-stat")) BoardSvg.squeeze(stat, chip.room);
    }
  }

  /** The corner of an office's box for its number: the one farthest from its paths. */
  badgeCorner(id) {
    const { w, h } = this.geo[id];
    /** @type {[number, number][]} */
    const corners = [[-w / 2, -h / 2], [w / 2, -h / 2], [-w / 2, h / 2], [w / 2, h / 2]];
    const clearance = ([x, y]) => Math.min(...this.attachments[id].map(([ax, ay]) =>
      Math.hypot(ax - x, ay - y)), Infinity);
    let best = corners[0];
    for (const c of corners) if (clearance(c) > clearance(best) + 1) best = c;
    return [best[0] * 0.96, best[1] * 0.96];
  }

  /**
   * Show a view (the onlooker's) with the marks turn.js computed.
   * @param {View} view
   * @param {Meta} meta the game's meta (colours, bots)
   * @param {Marks} marks
   */
  update(view, meta, marks = {}) {
    const names = view.players.map((p) => p.name);
    const label = (seat) => t("board.seatOwner",
      { name: names[seat], colour: familyName(seatColour(meta, seat)) });
    this.svg.classList.toggle("inert-board", Boolean(marks.inert));
    for (const office of this.offices) {
      const id = office.data.id;
      const here = view.offices[id];
      office.seats.forEach((seat, i) => {
        const owner = here[i];
        const filled = owner !== undefined;
        seat.classList.toggle("taken", filled);
        const disc = seat.children[1];
        const text = office.seatTexts[i];
        if (filled) {
          const c = seatColour(meta, owner);
          setAttr(disc, "fill", c.fill);
          setAttr(disc, "d", shapePath(c.shape, SEAT_R - 3));
          setAttr(disc, "data-shape", c.shape);
          setAttr(text, "fill", c.ink);
          setAttr(text, "y", String(1 + shapeTextY(c.shape, SEAT_R - 3)));
          setText(text, String(owner + 1));
        } else {
          disc.removeAttribute("fill");
          setText(text, "");
        }
      });
      const cls = office.g.classList;
      cls.toggle("selected", marks.selected === id);
      cls.toggle("selectable", Boolean(marks.selectable?.has(id)));
      cls.toggle("addable", Boolean(marks.addable?.has(id)));
      const dest = marks.dest?.get(id);
      cls.toggle("dest-free", dest === "free");
      cls.toggle("dest-consent", dest === "consent");
      cls.toggle("dest-blocked", dest === "blocked");
      cls.toggle("dimmed", marks.selected !== undefined && marks.selected !== null
        && marks.selected !== id && !dest);
      office.marks.classList.toggle("dimmed", cls.contains("dimmed"));
      // the Senate says in what order its senators entered (its seats show 1st…5th, R9.3)
      const seated = id === this.data.senate
        ? here.map((q, i) => t("board.office.arrival", { ordinal: t(`board.arrival.${i + 1}`),
          who: label(q) }))
        : here.map(label);
      const who = here.length ? listText(seated) : t("board.office.empty");
      const free = office.data.seats - here.length;
      const parts = [id === this.data.senate ? t("board.office.senate")
        : t("board.office.name", { office: id }),
      t("board.office.seats", { count: office.data.seats, who }),
      t("board.office.free", { count: free })];
      if (office.up.length) {
        parts.push(t("board.office.up", { count: office.up.length, offices: listText(office.up) }));
      }
      // the visible labels first, in their order: the number, then "entry" (WCAG 2.5.3)
      if (this.data.entry_offices.includes(id)) parts.splice(1, 0, t("board.entry"));
      if (marks.selected === id) parts.push(t("board.office.selected"));
      if (dest === "free") parts.push(t("board.office.moveHere"));
      if (dest === "consent") parts.push(t("board.office.moveConsent"));
      if (dest === "blocked") parts.push(t("board.office.cannotMove"));
      if (marks.addable?.has(id)) parts.push(t("board.office.mayAdd"));
      setAttr(office.g, "aria-label", parts.join(", "));
      setAttr(office.g, "aria-pressed", marks.selected === id ? "true" : "false");
    }
    const caesarPath = view.caesar.path;
    for (const [pathId, sp] of this.spaces) {
      const info = view.spaces.find((x) => x.path === pathId);
      const token = info?.token ?? null;
      const isCaesar = caesarPath === pathId;
      const cls = sp.g.classList;
      cls.toggle("empty", token === null);
      cls.toggle("caesar-laurel", token === "IIC");
      cls.toggle("has-caesar", isCaesar);
      cls.toggle("target", Boolean(marks.caesarTargets?.has(pathId)));
      const route = marks.routes?.get(pathId);
      cls.toggle("route", Boolean(route));
      setText(sp.text, token ? ROMAN[token] : "");
      setText(sp.under.lastChild, token ? ROMAN[token] : "–");
      const tokenWords = token === null ? t("board.space.none") : token === "IIC"
        ? t("board.space.caesarLaurel") : t("board.space.laurel", { laurel: token });
      const parts = [t("board.space.label",
        { from: sp.path.from, to: sp.path.to, token: tokenWords })];
      if (isCaesar) parts.push(t("board.space.caesar"));
      if (marks.caesarTargets?.has(pathId)) parts.push(t("board.space.target"));
      setAttr(sp.g, "aria-label", parts.join(", "));
      mirrorMarks(sp);
    }
    this.paths.forEach((line, pathId) => {
      const route = marks.routes?.get(pathId);
      line.classList.toggle("route-free", route === "free");
      line.classList.toggle("route-consent", route === "consent");
      line.classList.toggle("route-blocked", route === "blocked");
      line.classList.toggle("caesar-path", caesarPath === pathId);
    });
    const turnSeat = marks.turnSeat ?? view.current;
    if (view.stage === "over" || turnSeat === null || turnSeat === undefined) {
      setAttr(this.turnDisc, "fill", "none");
      setAttr(this.turnDisc, "visibility", "hidden");
      setText(this.turnText, view.stage === "over" ? t("board.over") : "");
      setText(this.turnTitle, "");
      setText(this.turnSub, "");
    } else {
      const c = seatColour(meta, turnSeat);
      setAttr(this.turnDisc, "fill", c.fill);
      setAttr(this.turnDisc, "d", shapePath(c.shape, 17));
      this.turnDisc.removeAttribute("visibility");
      BoardSvg.fit(this.turnText, names[turnSeat], this.turnRoom);
      setText(this.turnTitle, names[turnSeat]);
      setText(this.turnSub, marks.turnWords ?? t("turn.words.play"));
    }
    setText(this.poolText, t("board.pool", { count: view.pool }));
    setText(this.pileText, t("board.pile", { count: view.pile }));
    fitText(this.poolText, POOL_TEXT_WIDTH, t("board.pool", { count: WIDEST_COUNT }));
    fitText(this.pileText, POOL_TEXT_WIDTH, t("board.pile", { count: WIDEST_COUNT }));
    const thinking = view.stage === "over" ? null : marks.thinking ?? null;
    this.turnDisc.classList.toggle("thinking", thinking !== null);
    if (thinking === null) delete this.svg.dataset.thinking;
    else setAttr(this.svg, "data-thinking", String(thinking));
    this.drawStrip(view, meta, view.stage === "over" ? null : turnSeat, thinking);
  }

  /** The board before any game: empty offices, spaces without tokens. */
  blank() {
    for (const office of this.offices) {
      office.g.setAttribute("aria-label",
        t("board.office.blank", { office: office.data.id, count: office.data.seats }));
    }
    this.poolText.textContent = "";
    this.pileText.textContent = "";
    this.turnDisc.setAttribute("visibility", "hidden");
    this.strip.replaceChildren();
    this.strip.setAttribute("visibility", "hidden");
    this.stripKey = null;
    for (const sp of this.spaces.values()) {
      sp.g.classList.toggle("has-caesar", sp.path.id === this.data.caesar_start);
      sp.g.classList.add("empty");
      mirrorMarks(sp);
      sp.g.setAttribute("aria-label",
        t("board.space.blank", { from: sp.path.from, to: sp.path.to }));
    }
    this.svg.classList.add("inert-board");
  }
}
