// The final scoring shown step by step (P5–P7): the last placement's event carries
// `final.steps`, the whole scoring in the order a table plays it. This module only tells
// which steps are shown and what the board looks like after them (each captive leaves it on
// the step that gives it to its taker, a fled condottiero on its own, and tokens their hills
// on theirs); the engine decided everything.

/**
 * The inhabitants still on the board after the first `shown` steps.
 * @param {import("qvcore-palatinus-protocol").StepData[]} steps @param {number} shown
 * @returns {{terrain: number, owner: number, colour: number, wolf: boolean, kind: string}[]}
 */
export function boardAfter(steps, shown) {
  const reveal = steps.find((st) => st.step === "reveal");
  if (!reveal) return [];
  const gone = new Set();
  for (const st of steps.slice(0, shown)) {
    if (st.step === "captive") gone.add(st.terrain);
    if (st.step === "flee") gone.add(st.condottiero);
  }
  return reveal.inhabitants.filter((p) => !gone.has(p.terrain))
    .map((p) => ({ ...p, wolf: false }));
}

/**
 * The hills' tiles after the first `shown` steps: a token taken by a player, or removed by a
 * tie (P6), leaves its hill; an unclaimed one stays.
 * @template {{letter: string|null, token: number|null}} T
 * @param {T[]} tiles @param {import("qvcore-palatinus-protocol").StepData[]} steps
 * @param {number} shown @returns {T[]}
 */
export function tilesAfter(tiles, steps, shown) {
  const gone = new Set(steps.slice(0, shown)
    .filter((st) => st.step === "token" || st.step === "tie").map((st) => st.hill));
  return tiles.map((tile) => (gone.has(tile.letter) ? { ...tile, token: null } : tile));
}

/** The board as it stood when the last inhabitant was placed: a wolf face shows no kind yet,
 * though the finished game's view names every kind (P5 turns them over, as its first step).
 * @param {{terrain: number, owner: number, colour: number, wolf: boolean, kind?: string}[]} board */
export function boardBefore(board) {
  return board.map(({ kind, ...piece }) => (piece.wolf ? piece : { ...piece, kind }));
}

/** The hill the step `index` belongs to (its letter), or null.
 * @param {import("qvcore-palatinus-protocol").StepData[]} steps @param {number} index */
export function hillAt(steps, index) {
  for (let i = Math.min(index, steps.length - 1); i >= 0; i -= 1) {
    if (steps[i].step === "total") return null;
    if (steps[i].hill) return steps[i].hill;
  }
  return null;
}
