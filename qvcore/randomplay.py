"""A uniform random player, with random consent terms now and then (for tests and playouts)."""

from __future__ import annotations

import random
from typing import Any

from . import board, laurels, rules
from .state import GameState


def random_terms(s: GameState, consenter: int, rand: random.Random) -> dict[str, Any]:
    """Random deal terms the consenter could ask of the mover (R11)."""
    terms: dict[str, Any] = {}
    roll = rand.random()
    request = s.request
    assert request is not None
    if roll < 0.3:
        held = [laurels.KIND_NAMES[k] for k in laurels.KINDS if s.hoards[s.current][k]]
        if held:
            terms["mover_pays"] = [rand.choice(held)]
    elif roll < 0.5:
        terms["split"] = True
    elif roll < 0.7:
        terms["promises"] = [{"by": s.current, "kind": "consent", "player": consenter}]
    elif roll < 0.8 and s.spaces[request.path] == laurels.IIC:
        path = rand.choice([p for p in board.LAUREL_PATHS if p != s.caesar])
        terms["caesar"] = {"from": board.PATH_FROM[path], "to": board.PATH_TO[path]}
    elif roll < 0.9:
        others = [q for q in range(s.n) if q not in (s.current, consenter)]
        terms["promises"] = [{"by": s.current, "kind": "refuse", "player": rand.choice(others)}]
    return terms


def random_action(s: GameState, rand: random.Random, deal_rate: float = 0.2) -> dict[str, Any]:
    """A random legal action: a type uniformly, then an action of that type uniformly.

    Consents sometimes carry random terms (``deal_rate``). Choosing the type
    first keeps the nine Caesar destinations from crowding out the rest.
    """
    groups = list(rules.action_groups(s).values())
    group = groups[int(rand.random() * len(groups))]
    action = group[int(rand.random() * len(group))]
    if (deal_rate and action["type"] == "answer" and action["consents"]
            and rand.random() < deal_rate):
        terms = random_terms(s, action["player"], rand)
        if terms:
            action = {**action, "terms": terms}
    return action
