// Seeds, the one rule the engine also applies (qvcore/rng.py check_seed, R3): a whole number
// from 0 to 2^53 - 1 (Number.MAX_SAFE_INTEGER, the largest JavaScript holds exactly). New
// seeds are drawn from crypto.getRandomValues over the whole range, so that nobody at the
// table can narrow a game's seed from its set-up and draws (R10, docs/rulings.md #28).

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Whether `value` is a seed the engine accepts. */
export function isSeed(value) {
  return Number.isSafeInteger(value) && value >= 0;
}

/** A fresh seed: 53 random bits (21 high bits and 32 low bits) from the browser's CSPRNG. */
export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}

/** A bot's seed for a seat, derived from the game's seed (the same game plays the same way).
 *  A bot's draws come from Python's `random` seeded through SHA-512, so finding its seed from
 *  its play is a search through 2^53 seeds, no easier than finding the game's. */
export function botSeed(gameSeed, seat) {
  const mixed = (BigInt(gameSeed) + 2654435761n * BigInt(seat + 1)) % BigInt(MAX_SEED + 1);
  return Number(mixed);
}
