"""Easy: a plausible beginner. Goes up when it can, grabs laurels, asks plainly, answers on
a hunch; it never fills the Senate without a senator of its own there (R9.3), nor on terms
that make it lose for certain (R11, R12)."""

from __future__ import annotations

import random
from typing import Any

from .. import board, laurels, rules
from ..board import DIST, path_of
from ..concessions import floors, lost_for_certain
from ..errors import RuleError
from ..protocol import Action
from ..state import CONSENT, COUNCIL
from .base import Bot
from .evaluate import MEAN_TOKEN
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
        if fills_senate(view, action["to"]) and (
                self._sure_to_lose(view, self.seat, path) or self._behind(view, path)
                or (kind == "move" and self._ends_lost(view, action))):
            return -9.0  # R9.3, R12: ending the game behind loses it
        token = view_token(view, path)
        to = action["to"]
        gain = 1.0 + DIST[action["from"]] - DIST[to]
        if token >= 0:
            gain += laurels.VALUES[token]
        if to == board.SENATE:
            gain += 2.0
        return gain * (0.8 if kind == "request" else 1.0)

    def _behind(self, view: dict[str, Any], path: int) -> bool:
        """Whether this seat, entering the Senate along ``path``, trails a senator's estimated
        total by more than a slack that grows with the turn of the game being played (so that
        games still end; each game of a V3 series counts its own)."""
        me = self.seat
        laurel = view_token(view, path)
        own = self.memory.estimated_total(me, MEAN_TOKEN) + (
            laurels.VALUES[laurel] if laurel >= 0 else 0) + 0.1 * view["game_turn"]
        return any(self.memory.estimated_total(q, MEAN_TOKEN) > own
                   for q in set(view["senate"]) - {me})

    def _ends_lost(self, view: dict[str, Any], action: Action) -> bool:
        """Whether ``action`` ends the game lost for this seat whatever the face-down tokens,
        the terms agreed for its request included (a split, a price: R11), played on a state
        drawn from what the seat knows (a draw that agrees with it cannot make a certain loss
        look otherwise: its hidden tokens are never below the floors it is judged by)."""
        knowledge = self.memory.knowledge
        if knowledge is None:
            return False
        before = self.memory.sample(view, random.Random(view["turn"]))
        after = before.copy()
        try:
            rules.apply_action(after, action)
        except RuleError:
            return False
        return lost_for_certain(before, after, self.seat, floors(knowledge))

    def _sure_to_lose(self, view: dict[str, Any], mover: int, path: int) -> bool:
        """Whether the game ended by ``mover`` entering the Senate along ``path`` is lost for
        this seat whatever the face-down tokens (R9.3, R12)."""
        me = self.seat
        senate = [*view["senate"], mover]
        if me not in senate:
            return True
        knowledge = self.memory.knowledge
        least = floors(knowledge) if knowledge is not None else [0.0] * len(view["players"])
        laurel = view_token(view, path)
        if laurel >= 0:
            least[mover] += laurels.VALUES[laurel]
        own = least[me]
        return any(least[q] > own or (least[q] == own and senate.index(q) < senate.index(me))
                   for q in set(senate) - {me})

    def _answer(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        counts = sorted(a["consents"] for a in legal if a["type"] == "answer")
        if counts[0] >= 1 or counts[-1] == 0:
            return {"type": "answer", "player": self.seat, "consents": counts[0]}
        request = view["request"]
        mover = request["mover"]
        refuse = {"type": "answer", "player": self.seat, "consents": 0}
        if fills_senate(view, request["to"]) and self._sure_to_lose(
                view, mover, path_of(request)):
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


def fills_senate(view: dict[str, Any], to: int) -> bool:
    """Whether a move to ``to`` takes the Senate's last seat, ending the game (R9.3)."""
    return to == board.SENATE and len(view["senate"]) >= board.SEATS[board.SENATE] - 1


def view_token(view: dict[str, Any], path: int) -> int:
    """The kind on a path's laurel space in the view, -1 for none or under Caesar."""
    for space in view["spaces"]:
        if space["path"] == path:
            if space["caesar"] or space["token"] is None:
                return -1
            return laurels.KIND_BY_NAME[space["token"]]
    return -1
