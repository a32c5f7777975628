"""Easy: a plausible beginner. Goes up when it can, grabs laurels, asks plainly, answers on
a hunch; it never fills the Senate without a senator of its own there (R9.3)."""

from __future__ import annotations

import random
from typing import Any

from .. import board, laurels
from ..state import CONSENT, COUNCIL
from .base import Action, Bot
from .evaluate import DIST, path_of
from .normal import retire_lowest


class EasyBot(Bot):
    """Simple action scores plus noise; consents most of the time, sometimes for a split."""

    level = "easy"

    def choose(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        if view["stage"] == COUNCIL:
            return retire_lowest(legal)
        if view["stage"] == CONSENT and view["current"] != self.seat:
            return self._answer(view, legal, rand)
        options = [a for a in legal if a["type"] not in ("withdraw", "reveal")]
        if len(self.memory.requested) >= 2:
            options = [a for a in options if a["type"] != "request"] or options
        return max(options, key=lambda a: self._score(view, a) + rand.random() * 2.5)

    def _score(self, view: dict[str, Any], action: Action) -> float:
        kind = action["type"]
        me = self.seat
        if kind == "add":
            return 1.6 - 0.2 * float(view["players"][me]["on_board"])
        if kind in ("decline",):
            return 0.5
        if kind == "caesar":
            return 0.2 if view["stage"] != "bonus" else 0.6
        path = path_of(action)
        if kind == "request" and path in self.memory.requested:
            return -9.0
        token = view_token(view, path)
        to = action["to"]
        gain = 1.0 + DIST[action["from"]] - DIST[to]
        if token >= 0:
            gain += laurels.VALUES[token]
        if to == board.SENATE:
            gain += 2.0
        return gain * (0.8 if kind == "request" else 1.0)

    def _answer(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        counts = sorted(a["consents"] for a in legal if a["type"] == "answer")
        if counts[0] >= 1 or counts[-1] == 0:
            return {"type": "answer", "player": self.seat, "consents": counts[0]}
        request = view["request"]
        mover = request["mover"]
        refuse = {"type": "answer", "player": self.seat, "consents": 0}
        if request["to"] == board.SENATE and self.seat not in view["senate"] \
                and len(view["senate"]) >= board.SEATS[board.SENATE] - 1:
            return refuse
        if self.memory.promised(self.seat, "refuse", mover):
            return refuse
        agree = {"type": "answer", "player": self.seat, "consents": counts[-1]}
        if self.memory.promised(self.seat, "consent", mover):
            return agree
        roll = rand.random()
        if roll < 0.3:
            return refuse
        if roll < 0.45 and request["laurel"] is not None:
            return {**agree, "terms": {"split": True}}
        return agree


def view_token(view: dict[str, Any], path: int) -> int:
    """The kind on a path's laurel space in the view, -1 for none or under Caesar."""
    for space in view["spaces"]:
        if space["path"] == path:
            if space["caesar"] or space["token"] is None:
                return -1
            return laurels.KIND_BY_NAME[space["token"]]
    return -1
