// The five senator colours (R1) and the laurel kinds, shared by the board and the panels.

export const COLOURS = [
  { key: "red", label: "Red", fill: "#b3322a", ink: "#fff" },
  { key: "blue", label: "Blue", fill: "#2f5fa7", ink: "#fff" },
  { key: "gold", label: "Yellow", fill: "#e2b52c", ink: "#2a1e14" },
  { key: "green", label: "Green", fill: "#3f7f3a", ink: "#fff" },
  { key: "purple", label: "Purple", fill: "#6d3b8c", ink: "#fff" },
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

/** Valid colour keys for n players: the saved ones if distinct and known, else the defaults. */
export function checkColours(keys, n) {
  const known = new Set(DEFAULT_COLOURS);
  if (Array.isArray(keys) && keys.length === n && keys.every((k) => known.has(k))
      && new Set(keys).size === n) {
    return keys.slice();
  }
  return DEFAULT_COLOURS.slice(0, n);
}

/** Laurel kinds in the engine's names, with their values (R1). "IIC" is the Caesar laurel. */
export const KINDS = ["I", "II", "IIC", "III", "IV", "V"];
export const KIND_VALUE = { I: 1, II: 2, IIC: 2, III: 3, IV: 4, V: 5 };
export function kindLabel(kind) {
  return kind === "IIC" ? "II (Caesar)" : kind;
}
