"""Events of a few seeded random games with the engine's English text, for the interface's
event wording tests (tests/test_i18n.py words them with web/words/event-words.js in node)."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from qvcore import Game
from qvcore.describe import describe
from qvcore.randomplay import random_action

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
OPTIONS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4, "open_hoards": "every_entry"},
    {"players": 5, "series": True, "scarce_laurels": True},
]


def sample(seeds: range, max_actions: int = 400) -> list[dict[str, Any]]:
    """Every event of one random game per seed and option set, with its names and text."""
    out: list[dict[str, Any]] = []
    for seed in seeds:
        for options in OPTIONS:
            names = NAMES[: options["players"]]
            game = Game({**options, "names": names}, seed=seed)
            rand = random.Random(seed)
            for _ in range(max_actions):
                if game.is_over():
                    break
                event = game.apply(random_action(game.state, rand, deal_rate=0.5))
                out.append({"names": names, "event": event, "text": game.describe(event)})
    return out


#: events random play does not make (offers, Caesar promises, two own supporters, no winner)
CRAFTED: list[dict[str, Any]] = [
    {"type": "request", "player": 0, "from": 3, "to": 6, "asked": [1, 2], "needed": 1,
     "offers": {"1": {"mover_pays": 2, "promises": [{"by": 0, "kind": "refuse", "player": 2}]},
                "2": {"split": True}}},
    {"type": "answer", "player": 1, "consents": 2, "mover": 0, "from": 9, "to": 13,
     "terms": {"consenter_pays": 1, "caesar": {"from": 6, "to": 9},
               "promises": [{"by": 1, "kind": "caesar", "player": 0,
                             "caesar": {"from": 4, "to": 8}},
                            {"by": 0, "kind": "consent", "player": 1}]}},
    {"type": "move", "player": 0, "from": 9, "to": 13, "supporters": [0, 0], "took": True,
     "replaced_by": "IIC", "senate_entry": 2, "bonus": True},
    {"type": "move", "player": 2, "from": 9, "to": 13, "supporters": [1, 1], "took": True,
     "replaced_by": None, "rewards": {"1": 2},
     "deals": [{"with": 1, "mover_pays": 1, "consenter_pays": 2, "split": True,
                "split_tokens": {"mover_gave": 1, "consenter_gave": 0}}],
     "game_over": {"winner": None, "totals": [3, 4, 5]}},
    {"type": "move", "player": 1, "from": 3, "to": 6, "supporters": [2], "took": True,
     "replaced_by": "V", "deals": [{"with": 2, "split": True,
                                    "split_tokens": {"mover_gave": 2, "consenter_gave": 1}}]},
    {"type": "move", "player": 1, "from": 4, "to": 8, "supporters": [0], "took": True,
     "replaced_by": "II", "deals": [{"with": 0, "split": True,
                                     "split_tokens": {"mover_gave": 0, "consenter_gave": 0}}]},
    {"type": "move", "player": 0, "from": 1, "to": 8, "supporters": [0, 1]},
    {"type": "move", "player": 1, "from": 3, "to": 6, "supporters": [], "caesar": True},
    {"type": "move", "player": 1, "from": 0, "to": 4, "supporters": []},
    {"type": "caesar", "player": 2, "from": 6, "to": 9, "was": {"from": 9, "to": 13},
     "bonus": True},
    {"type": "retire", "player": 2, "office": 8, "next_game": 2},
    {"type": "retire", "player": 0, "office": 8, "series_over": {"winner": 1}},
    {"type": "answer", "player": 2, "consents": 0, "mover": 0, "from": 3, "to": 6},
]


def crafted() -> list[dict[str, Any]]:
    """The crafted events with the engine's English text (three players)."""
    names = NAMES[:3]
    return [{"names": names, "event": e, "text": describe(e, names)} for e in CRAFTED]


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    json.dump(sample(range(count)) + crafted(), sys.stdout)
