"""``python3 -m qvcore palatinus simulate …`` and ``… palatinus tournament …``."""

from __future__ import annotations

import argparse
import json

from .simulate import simulate


def main(argv: list[str]) -> int:
    """Parse the command line, run it, print JSON; exit 1 on any violation or illegal move."""
    parser = argparse.ArgumentParser(prog="python3 -m qvcore palatinus", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="seeded random games, checking invariants")
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    tour = commands.add_parser("tournament", help="seeded bot games with the seats rotated")
    tour.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    tour.add_argument("--games", type=int, default=40)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--seats", default="hard,easy,easy,easy",
                      help="comma-separated levels, one per seat: random, easy, greedy, hard")
    args = parser.parse_args(argv)
    if args.command == "tournament":
        from .tournament import tournament
        summary = tournament(args.players, args.games, args.seed, args.seats.split(","))
        print(json.dumps(summary))
        return 1 if summary["illegal"] else 0
    result = simulate(args.players, args.games, args.seed, not args.no_check)
    print(json.dumps(result))
    return 1 if result["violations"] else 0
