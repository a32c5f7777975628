"""Bot decision times per level on CPython: mean, p50, p95 and max, over seeded games.

    python3 bench/bots.py [--players 4] [--games 4] [--seed 1] [--levels easy,normal,hard]
                          [--clock wall|cpu]

Each level plays the seats of its own table against normal bots (the level in
seat 0, seats rotated game by game); only the measured level's decisions are
timed. Decisions with a single legal action are included (they skip search).
Prints a table and one JSON line. The Chromium figures come from
``bench/bots_browser.py``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qvcore.tournament import play_game


def measure(level: str, players: int, games: int, seed: int,
            clock: str = "wall") -> dict[str, float]:
    """Decision times of ``level`` (ms) over ``games`` seeded games, by the wall clock or
    as CPU time (``clock="cpu"``: what a loaded machine's wall clock overstates)."""
    times: list[float] = []
    for index in range(games):
        levels = [level] + ["normal"] * (players - 1)
        shift = index % players
        levels = levels[-shift:] + levels[:-shift] if shift else levels
        result = play_game({"players": players}, seed + index, levels)
        times.extend(result.times[level] if clock == "wall" else result.cpu[level])
    times.sort()
    ms = [1000 * t for t in times]
    return {"decisions": len(ms), "mean_ms": round(statistics.fmean(ms), 2),
            "p50_ms": round(ms[len(ms) // 2], 2), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
            "max_ms": round(ms[-1], 2)}


def main() -> None:
    """Measure each level and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall-clock time per decision, or CPU time of the process")
    args = parser.parse_args()
    figures = {level: measure(level, args.players, args.games, args.seed, args.clock)
               for level in args.levels.split(",")}
    print(f"{'level':8} {'decisions':>9} {'mean ms':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for level, f in figures.items():
        print(f"{level:8} {f['decisions']:9} {f['mean_ms']:8.2f} {f['p50_ms']:8.2f} "
              f"{f['p95_ms']:8.2f} {f['max_ms']:8.2f}")
    print(json.dumps({"python": sys.version.split()[0], "clock": args.clock,
                      "players": args.players,
                      "games": args.games, "levels": figures}))


if __name__ == "__main__":
    main()
