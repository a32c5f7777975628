"""How much the Palatinus bots' set-up lays (P3) matter: a level laying by a policy against
the same level laying at random, two seats each, seats rotated (docs/palatinus-bots.md).

    python3 bench/palatinus_lays.py --level greedy --policy first-round --games 400
    python3 bench/palatinus_lays.py --level hard --games 40

Policies: ``first-round`` (the bots' own, ``bots.lay_values``: early seats want the strongest
farmer's spot, late ones the weakest), ``opposite``, ``strongest``, ``weakest``. Prints the
tournament's JSON summary (each win rate with its 95% interval).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from qvcore.palatinus import bots
from qvcore.palatinus.tournament import tournament
from qvcore.protocol import Action

POLICIES = ("first-round", "opposite", "strongest", "weakest")


def chosen(policy: str, view: dict[str, Any], legal: list[Action],
           rand: random.Random) -> Action:
    """The lay a policy takes; ``lay_values`` ranks best first for the seat's place."""
    ranked = bots.lay_values(view, legal, rand)
    seat, players = view["viewer"], view["options"]["players"]
    early = (seat - view["first_player"]) % players < players / 2
    best, worst = ranked[0][1], ranked[-1][1]
    if policy == "first-round":
        return best
    if policy == "opposite":
        return worst
    strongest = best if early else worst
    return strongest if policy == "strongest" else (worst if early else best)


def register(level: str, policy: str) -> tuple[str, str]:
    """Two new levels: ``level`` laying by ``policy``, and laying at random."""
    base = bots.LEVELS[level]

    class ByPolicy(base):  # type: ignore[valid-type, misc]
        def lay(self, view: dict[str, Any], legal: list[Action],
                rand: random.Random) -> Action:
            return chosen(policy, view, legal, rand)

    class AtRandom(base):  # type: ignore[valid-type, misc]
        def lay(self, view: dict[str, Any], legal: list[Action],
                rand: random.Random) -> Action:
            return rand.choice(legal)

    names = (f"{level}:{policy}", f"{level}:random-lays")
    ByPolicy.level, AtRandom.level = names
    bots.LEVELS[names[0]], bots.LEVELS[names[1]] = ByPolicy, AtRandom
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="greedy", choices=("easy", "greedy", "hard"))
    parser.add_argument("--policy", default="first-round", choices=POLICIES)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4, choices=(2, 4))
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    mine, random_lays = register(args.level, args.policy)
    seats = [mine, random_lays] * (args.players // 2)
    print(json.dumps(tournament(args.players, args.games, args.seed, seats)))


if __name__ == "__main__":
    main()
