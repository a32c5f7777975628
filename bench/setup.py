"""The cost of a game's set-up draws (R3.2, R3.4): new 5-player game states per second.

    python3 bench/setup.py [--repeats 7] [--number 2000]

A new state draws the first player and shuffles the pile (``qvcore/rng.py``: BLAKE2b of
the seed); the best of ``--repeats`` runs is printed, with one JSON line.
"""

from __future__ import annotations

import argparse
import json
import timeit

from qvcore.options import Options
from qvcore.state import GameState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args()
    options = Options.from_dict({"players": 5, "first_player": None})
    best = min(timeit.repeat(lambda: GameState(options, 123456789), number=args.number,
                             repeat=args.repeats)) / args.number
    print(f"new game state: {best * 1e6:.1f} µs (best of {args.repeats} runs of {args.number})")
    print(json.dumps({"bench": "setup", "microseconds": round(best * 1e6, 1)}))


if __name__ == "__main__":
    main()
