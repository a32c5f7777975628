// The five senator colours (R1) and the laurel kinds, shared by the board and the panels.
// Each family also has a shape (circle, square, triangle, diamond, hexagon), so that the
// families are told apart without colour (the board's senators and chips; the panels' chips
// take the same shapes in style.css).

export const COLOURS = [
  { key: "red", label: "Red", fill: "#b3322a", ink: "#fff", shape: "circle" },
  { key: "blue", label: "Blue", fill: "#2f5fa7", ink: "#fff", shape: "square" },
  { key: "gold", label: "Yellow", fill: "#e2b52c", ink: "#2a1e14", shape: "triangle" },
  { key: "green", label: "Green", fill: "#3f7f3a", ink: "#fff", shape: "diamond" },
  { key: "purple", label: "Purple", fill: "#6d3b8c", ink: "#fff", shape: "hexagon" },
];

export const DEFAULT_COLOURS = COLOURS.map((c) => c.key);

export function colour(key) {
  return COLOURS.find((c) => c.key === key) ?? COLOURS[0];
}

/** The colour of a seat under the game's meta (falls back to the seat order). */
export function seatColour(meta, seat) {
  const keys = meta?.colours;
  return colour(Array.isArray(keys) && keys[seat] ? keys[seat] : DEFAULT_COLOURS[seat]);
}

/** A regular polygon of `n` corners with circumradius `r` (first corner at angle `a0`). */
function polygon(n, r, a0) {
  const pts = [];
  for (let i = 0; i < n; i += 1) {
    const a = a0 + (i * 2 * Math.PI) / n;
    pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join(" L")} Z`;
}

/**
 * An SVG path (centred on 0,0) of a family's shape, about as large as a circle of radius r.
 * The triangle's centre of text is a little below 0 (see SHAPE_TEXT_DY).
 */
export function shapePath(shape, r) {
  switch (shape) {
    case "square": return `M${-r * 0.9},${-r * 0.9} H${r * 0.9} V${r * 0.9} H${-r * 0.9} Z`;
    case "triangle": return polygon(3, r * 1.3, -Math.PI / 2).replace(/^M/, "M");
    case "diamond": return polygon(4, r * 1.15, -Math.PI / 2);
    case "hexagon": return polygon(6, r * 1.02, 0);
    default: return `M${-r},0 A${r},${r} 0 1 0 ${r},0 A${r},${r} 0 1 0 ${-r},0 Z`;
  }
}

/** Where a number sits in a shape of radius r (a triangle's roomy part is low). */
export function shapeTextY(shape, r) {
  return shape === "triangle" ? r * 0.3 : 0;
}

/** Valid colour keys for n players: the saved ones if distinct and known, else the defaults. */
export function checkColours(keys, n) {
  const known = new Set(DEFAULT_COLOURS);
  if (Array.isArray(keys) && keys.length === n && keys.every((k) => known.has(k))
      && new Set(keys).size === n) {
    return keys.slice();
  }
  return DEFAULT_COLOURS.slice(0, n);
}

/** Laurel kinds in the engine's names (R1). "IIC" is the Caesar laurel; what a kind is worth
 * comes from the engine (a view's totals and an offer's `gains`). */
export const KINDS = ["I", "II", "IIC", "III", "IV", "V"];
export function kindLabel(kind) {
  return kind === "IIC" ? "II (Caesar)" : kind;
}
