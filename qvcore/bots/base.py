"""The bot interface: ``observe(event)`` for every public event, ``decide(view)``.

A bot sees only its seat's views and the public events (R10). Its choices are
deterministic for the same seed, events and views: randomness comes from a
generator seeded by the bot's seed and its count of decisions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from ..board import path_of
from ..protocol import Action
from .memory import Memory
from .situation import Situation


class Bot:
    """Base class: memory, seeded randomness, a legality guard with a fallback."""

    level = "base"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.memory = Memory(seat)
        self.decisions = 0
        self.illegal = 0  # actions this bot chose that the rules would have rejected
        self.seconds: list[float] = []  # wall-clock time of each decision
        self.cpu_seconds: list[float] = []  # CPU time of each decision (this process)

    def meet(self, seat_view: Mapping[str, Any]) -> None:
        """Take in the seat's view when joining a game (at its start, or mid-game), so that
        the events that follow are understood from there on."""
        self.memory.update(dict(seat_view))

    def observe(self, event: dict[str, Any]) -> None:
        """Follow one public event (every event of the game, in order)."""
        self.memory.observe(event)

    def decide(self, seat_view: Mapping[str, Any]) -> Action:
        """One legal action for this seat from its own view."""
        start, cpu = time.perf_counter(), time.process_time()
        view = dict(seat_view)
        if view.get("viewer") != self.seat:
            raise ValueError(f"bot of seat {self.seat} was given the view of {view.get('viewer')}")
        legal: list[Action] = view["legal"]
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action now")
        self.memory.update(view)
        self.decisions += 1
        rand = random.Random(f"{self.level}:{self.seed}:{self.decisions}:{view['turn']}")
        action = legal[0] if len(legal) == 1 else self.choose(view, legal, rand)
        action = self._guard(view, legal, action, rand)
        if action["type"] == "request":
            self.memory.requested.add(path_of(action))
            self.memory.pending_offers = dict(action.get("offers", {}))
        self.seconds.append(time.perf_counter() - start)
        self.cpu_seconds.append(time.process_time() - cpu)
        return action

    def choose(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        """The level's choice (subclasses); may add offers or terms to a listed action."""
        return legal[0]

    def _guard(self, view: dict[str, Any], legal: list[Action], action: Action,
               rand: random.Random) -> Action:
        """Count and replace an action the rules would reject: never crash a game."""
        if action in legal:
            return action
        bare = {k: v for k, v in action.items() if k not in ("terms", "offers")}
        if bare in legal and Situation(view, self.memory, rand).legal(action):
            return action
        self.illegal += 1
        return bare if bare in legal else legal[0]

