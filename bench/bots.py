"""Bot decision times per level on CPython: mean, p50, p95 and max, over seeded games.

    python3 bench/bots.py [--players 4] [--games 4] [--seed 1] [--levels easy,normal,hard]

Each level takes one seat against normal bots (seats rotated game by game);
only the measured level's decisions are timed, including those with a single
legal action (they skip the search). Both the wall clock and the process's
CPU time are shown: on a loaded machine the wall clock overstates the cost.
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


def figures(seconds: list[float]) -> dict[str, float]:
    """Mean, p50, p95 and max of decision times, in milliseconds."""
    ms = sorted(1000 * t for t in seconds)
    return {"mean_ms": round(statistics.fmean(ms), 2), "p50_ms": round(ms[len(ms) // 2], 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2), "max_ms": round(ms[-1], 2)}


def measure(level: str, players: int, games: int, seed: int) -> dict[str, object]:
    """Decision times of ``level`` over ``games`` seeded games, wall clock and CPU."""
    wall: list[float] = []
    cpu: list[float] = []
    for index in range(games):
        levels = [level] + ["normal"] * (players - 1)
        shift = index % players
        levels = levels[-shift:] + levels[:-shift] if shift else levels
        result = play_game({"players": players}, seed + index, levels)
        wall.extend(result.times[level])
        cpu.extend(result.cpu[level])
    return {"decisions": len(wall), "wall": figures(wall), "cpu": figures(cpu)}


def main() -> None:
    """Measure each level and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()
    results = {level: measure(level, args.players, args.games, args.seed)
               for level in args.levels.split(",")}
    print(f"{'level':8} {'clock':5} {'decisions':>9} {'mean ms':>8} {'p50 ms':>8} "
          f"{'p95 ms':>8} {'max ms':>8}")
    for level, r in results.items():
        for clock in ("wall", "cpu"):
            f = r[clock]
            assert isinstance(f, dict)
            print(f"{level:8} {clock:5} {r['decisions']:9} {f['mean_ms']:8.2f} "
                  f"{f['p50_ms']:8.2f} {f['p95_ms']:8.2f} {f['max_ms']:8.2f}")
    print(json.dumps({"python": sys.version.split()[0], "players": args.players,
                      "games": args.games, "levels": results}))


if __name__ == "__main__":
    main()
