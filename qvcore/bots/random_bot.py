"""Random: a uniformly random legal action, type first (the baseline for easy)."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import Action
from .base import Bot


class RandomBot(Bot):
    """Picks an action type uniformly, then an action of that type."""

    level = "random"

    def choose(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        kinds = sorted({a["type"] for a in legal})
        kind = kinds[int(rand.random() * len(kinds))]
        group = [a for a in legal if a["type"] == kind]
        return group[int(rand.random() * len(group))]
