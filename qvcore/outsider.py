"""An outside opponent for tournaments: a simple greedy player that sees only its seat's view.

It shares nothing with ``qvcore.bots`` (no memory of events, no evaluation, no sampling;
only the board's geometry, ``board.py``), so the bots can be measured against a player they
were never tuned on. It takes the best laurel it can, climbs, asks for consent when the
laurel is worth it (once per path and turn), consents except to a visible leader or to a
move that fills the Senate without it (R9.3), and fills the Senate itself only when it leads
(until a long game makes it give in: ``PATIENCE``). ``stubborn`` makes it refuse every
request (a scripted human who never consents). ``schemer`` is a stronger outside opponent
that plans, reckons and bargains (``schemer.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import board
from .board import DIST, path_of
from .protocol import Action
from .schemer import SchemerPlayer
from .seatview import laurel_on

MEAN_TOKEN = 3.0  # a rough value of a face-down token
#: the turn after which the greedy player gives in, so that its games end: it consents to the
#: leader and fills the Senate even when behind (never without a senator there, R9.3)
PATIENCE = 150


class GreedyPlayer:
    """A greedy seat-view player with the bots' interface (``meet``, ``observe``, ``decide``)."""

    def __init__(self, seat: int, seed: int, stubborn: bool = False) -> None:
        self.seat = seat
        self.level = "stubborn" if stubborn else "greedy"
        self.stubborn = stubborn
        self.rand = random.Random(f"greedy:{seed}")
        self.illegal = 0
        self.seconds: list[float] = []
        self.cpu_seconds: list[float] = []
        self._asked: tuple[int, set[int]] = (-1, set())

    def meet(self, seat_view: Mapping[str, Any]) -> None:
        """Nothing to remember."""

    def observe(self, event: dict[str, Any]) -> None:
        """The greedy player reads only its views."""

    def decide(self, seat_view: Mapping[str, Any]) -> Action:
        """One listed action from this seat's view."""
        view = dict(seat_view)
        legal: list[Action] = view["legal"]
        stage = view["stage"]
        if stage == "council":
            return max(legal, key=lambda a: (_dist(a["office"]), a["office"]))
        if stage == "consent" and view["current"] != self.seat:
            return self._answer(view, legal)
        if self._asked[0] != view["turn"]:
            self._asked = (view["turn"], set())
        options = [a for a in legal if a["type"] not in ("withdraw", "reveal")] or legal
        action = max(options, key=lambda a: self._score(view, a) + 0.01 * self.rand.random())
        if action["type"] == "request":
            self._asked[1].add(path_of(action))
        return action

    # -- scores ------------------------------------------------------------------------

    def _totals(self, view: dict[str, Any]) -> list[float]:
        return [float(p["total"]) if "total" in p else p["hoard_size"] * MEAN_TOKEN
                for p in view["players"]]

    def _leader(self, view: dict[str, Any]) -> int:
        totals = self._totals(view)
        return max(range(len(totals)), key=totals.__getitem__)

    def _leads(self, view: dict[str, Any]) -> bool:
        totals = self._totals(view)
        return all(totals[self.seat] >= t for t in totals)

    def _score(self, view: dict[str, Any], action: Action) -> float:
        kind = action["type"]
        if kind == "add":
            return 2.0 - 0.4 * float(view["players"][self.seat]["on_board"])
        if kind == "decline":
            return 0.1
        if kind == "caesar":
            return self._caesar_score(view, action)
        path = path_of(action)
        to = action["to"]
        if to == board.SENATE and len(view["senate"]) >= board.SEATS[board.SENATE] - 1 \
                and not self._leads(view) and view["turn"] < PATIENCE:
            return -10.0
        gain = 1.0 + _dist(action["from"]) - _dist(to) + laurel_on(view, path)
        if to == board.SENATE:
            gain += 3.0
        if kind == "request":
            if path in self._asked[1] or laurel_on(view, path) < 3:
                return -1.0
            return 0.6 * gain
        return gain

    def _caesar_score(self, view: dict[str, Any], action: Action) -> float:
        """Caesar onto the best laurel the visible leader could take next (R8)."""
        if view["stage"] == "bonus":
            return 0.5 + 0.1 * laurel_on(view, path_of(action))
        leader = self._leader(view)
        if leader == self.seat:
            return 0.0
        path = path_of(action)
        there = view["offices"][action["from"]]
        return 0.2 * laurel_on(view, path) if leader in there else 0.0

    def _answer(self, view: dict[str, Any], legal: list[Action]) -> Action:
        counts = sorted(a["consents"] for a in legal
                        if a["type"] == "answer" and a["player"] == self.seat)
        low, high = counts[0], counts[-1]
        no = {"type": "answer", "player": self.seat, "consents": low}
        yes = {"type": "answer", "player": self.seat, "consents": high}
        if low >= 1 or high == 0 or self.stubborn:
            return no
        request = view["request"]
        if request["to"] == board.SENATE and len(view["senate"]) >= board.SEATS[board.SENATE] - 1 \
                and (self.seat not in view["senate"] or not self._leads(view)):
            return no
        if request["mover"] == self._leader(view) and view["turn"] < PATIENCE:
            return no
        return yes


def _dist(office: int) -> int:
    return DIST[office]


OUTSIDERS = ("greedy", "stubborn", "schemer")


def make_outsider(level: str, seat: int, seed: int) -> GreedyPlayer | SchemerPlayer:
    """``greedy``, ``stubborn`` (greedy, refusing every request) or ``schemer``
    (``schemer.py``: plans routes, reckons rivals' totals, bargains)."""
    if level == "schemer":
        return SchemerPlayer(seat, seed)
    return GreedyPlayer(seat, seed, stubborn=level == "stubborn")
