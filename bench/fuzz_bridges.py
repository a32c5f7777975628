"""Fuzz the page's two JSON bridges with as many calls as asked (the tests run a few thousand).

    python3 bench/fuzz_bridges.py [--calls 20000] [--seeds 1,2,3] [--levels random,easy]

Real play mixed with malformed, mutated and hostile calls (``tests/fuzz.py``): every reply
must be strict JSON with a documented code, and a refused call must change nothing. Prints
the replies by code and the calls per second, and one JSON line; exits 1 at the first
broken promise. Also times the refusal of a 10 MB action (refused for its length).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from qvcore.jsapi import Table  # noqa: E402
from tests.fuzz import BridgeFault, fuzz_bots, fuzz_table  # noqa: E402


def oversized_cpu_seconds() -> float:
    """CPU time of ``act`` on a 10 MB JSON string in a running game."""
    table = Table()
    table.new_game('{"players": 3}', 1)
    text = '"' + "x" * 10_000_000 + '"'
    start = time.process_time()
    table.act(text)
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000, help="calls per bridge and seed")
    parser.add_argument("--seeds", default="1", help="fuzzing seeds, comma-separated")
    parser.add_argument("--levels", default="random,easy", help="bot levels to fuzz")
    args = parser.parse_args()
    report: dict[str, object] = {"bench": "fuzz_bridges", "calls": args.calls}
    levels = tuple(args.levels.split(","))
    for seed in (int(s) for s in args.seeds.split(",")):
        for name in ("table", "bots"):
            start = time.process_time()
            try:
                outcomes = (fuzz_table(args.calls, seed) if name == "table"
                            else fuzz_bots(args.calls, seed, levels))
            except BridgeFault as fault:
                print(f"{name} seed {seed}: {fault}")
                return 1
            took = time.process_time() - start
            print(f"{name} seed {seed}: {args.calls} calls, {args.calls / took:.0f} calls/CPU s, "
                  + ", ".join(f"{code} {count}" for code, count in outcomes.most_common()))
            report[f"{name}_{seed}"] = dict(outcomes)
    report["oversized_act_cpu_seconds"] = round(oversized_cpu_seconds(), 4)
    print(f"act on a 10 MB string: {report['oversized_act_cpu_seconds']} s CPU")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
