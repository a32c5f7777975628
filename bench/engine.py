"""Engine throughput: complete random 5-player games per second on one core (CPython).

    python3 bench/engine.py [--games 300] [--repeats 3] [--profile]

Invariant checks are off; the random player is the one of ``simulate``
(a uniformly random action type, then a uniformly random action of it, with
random deal terms on a fifth of the consents). Prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qvcore.options import Options
from qvcore.simulate import play_random_game


def run(games: int, seed: int) -> tuple[float, float, int]:
    """Play ``games`` games; returns (wall seconds, CPU seconds, actions)."""
    options = Options(players=5)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(games):
        actions += play_random_game(options, seed + index, check=False)[1]
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def profile(games: int) -> str:
    """The functions where the time goes, by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(run, games, 0)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rates, cpu_rates, action_rates = [], [], []
    for repeat in range(args.repeats):
        wall, cpu, actions = run(args.games, repeat * args.games)
        rates.append(args.games / wall)
        cpu_rates.append(args.games / cpu)
        action_rates.append(actions / wall)
        print(f"run {repeat + 1}: {args.games / wall:7.1f} games/s wall, "
              f"{args.games / cpu:7.1f} games/s CPU, {actions / args.games:6.1f} actions/game, "
              f"{wall / actions * 1e6:5.1f} µs/action")
    result = {
        "bench": "engine", "python": sys.version.split()[0], "players": 5,
        "games_per_run": args.games, "games_per_second": round(statistics.median(rates), 1),
        "games_per_cpu_second": round(statistics.median(cpu_rates), 1),
        "actions_per_second": round(statistics.median(action_rates)),
        "required": 300, "goal": 1000,
    }
    print(json.dumps(result))
    if args.profile:
        print(profile(min(args.games, 100)))


if __name__ == "__main__":
    main()
