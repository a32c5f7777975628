"""Command line: ``python3 -m qvcore simulate --players 5 --games 100 --seed 1``."""

from __future__ import annotations

import argparse
import json
import sys

from .simulate import simulate


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run it, print one JSON line; exit 1 on any violation."""
    parser = argparse.ArgumentParser(prog="python3 -m qvcore", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play seeded random games, checking invariants")
    sim.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    sim.add_argument("--scarce-laurels", action="store_true", help="variant V1")
    sim.add_argument("--open-hoards", choices=("off", "first_three", "every_entry"), default="off")
    sim.add_argument("--series", action="store_true", help="variant V3, three games")
    sim.add_argument("--horizon", choices=("turn", "next", "two"), default="next")
    args = parser.parse_args(argv)
    options = {"scarce_laurels": args.scarce_laurels, "open_hoards": args.open_hoards,
               "series": args.series, "horizon": args.horizon}
    summary = simulate(args.players, args.games, args.seed, not args.no_check, options)
    print(json.dumps(summary))
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
