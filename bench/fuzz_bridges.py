"""Fuzz the page's two JSON bridges with as many calls as asked (the tests run a few thousand).

    python3 bench/fuzz_bridges.py [--calls 20000] [--seeds 1,2,3] [--levels random,easy]

Real play mixed with malformed, mutated and hostile calls (``tests/fuzz.py``): every reply
must be strict JSON with a documented code, and a refused call must change nothing. Prints
the replies by code and the calls per second, and one JSON line; exits 1 at the first
broken promise. Also times the refusal of hostile actions: 10 MB (refused for its length),
and texts at the length limit built to be slow to check.
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
from qvcore.strictjson import MAX_INPUT_CHARS  # noqa: E402
from tests.fuzz import BridgeFault, fuzz_bots, fuzz_table  # noqa: E402


def act_cpu_seconds(text: str) -> float:
    """CPU time of ``act`` on ``text`` in a running game."""
    table = Table()
    table.new_game('{"players": 3}', 1)
    start = time.process_time()
    table.act(text)
    return time.process_time() - start


#: inputs refused for their size or their shape, each at its worst
HOSTILE = {
    "a 10 MB string": '"' + "x" * 10_000_000 + '"',
    "escaped quotes up to the length limit":
        "[" * 40 + '"' + '\\"' * ((MAX_INPUT_CHARS - 41) // 2),
    "brackets up to the length limit": "[" * MAX_INPUT_CHARS,
}


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
    hostile = {name: round(act_cpu_seconds(text), 4) for name, text in HOSTILE.items()}
    for name, seconds in hostile.items():
        print(f"act on {name}: {seconds} s CPU")
    report["hostile_act_cpu_seconds"] = hostile
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
