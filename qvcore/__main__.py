"""Command line: ``python3 -m qvcore simulate …``, ``python3 -m qvcore tournament …`` and
``python3 -m qvcore palatinus …`` (the same for Palatinus)."""

from __future__ import annotations

import argparse
import json
import sys

from .simulate import simulate


def _variant_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scarce-laurels", action="store_true", help="variant V1")
    parser.add_argument("--open-hoards", choices=("off", "first_three", "every_entry"),
                        default="off")
    parser.add_argument("--series", action="store_true", help="variant V3, three games")
    parser.add_argument("--horizon", choices=("turn", "next", "two"), default="next")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run it, print the result; exit 1 on any violation."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["palatinus"]:  # its own parser, help included
        from .palatinus.cli import main as palatinus_main
        return palatinus_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python3 -m qvcore", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play seeded random games, checking invariants")
    sim.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    _variant_flags(sim)
    tour = commands.add_parser("tournament", help="seeded bot games with the seats rotated")
    tour.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--seats", default="hard,normal,normal,normal",
                      help="comma-separated levels, one per seat: random, easy, normal, hard, "
                      "or the outside opponents greedy, stubborn (never consents), schemer (plans "
                      "routes, reckons totals, bargains)")
    tour.add_argument("--jobs", type=int, default=1, help="worker processes")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    _variant_flags(tour)
    commands.add_parser("palatinus", help="Palatinus: simulate or tournament (see "
                        "python3 -m qvcore palatinus -h)", add_help=False)
    args = parser.parse_args(argv)
    options = {"scarce_laurels": args.scarce_laurels, "open_hoards": args.open_hoards,
               "series": args.series, "horizon": args.horizon}
    if args.command == "tournament":
        from .tournament import table_text, tournament
        summary = tournament(args.players, args.games, args.seed, args.seats.split(","),
                             args.jobs, options)
        print(json.dumps(summary) if args.json else table_text(summary))
        illegal = sum(e["illegal"] for e in summary["levels"].values())
        return 1 if illegal else 0
    result = simulate(args.players, args.games, args.seed, not args.no_check, options)
    print(json.dumps(result))
    return 1 if result["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
