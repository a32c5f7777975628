"""Bots: players that decide from their own seat's view and the public events (R10).

A placeholder until the real bots land: ``make_bot`` returns a plain heuristic player
(climb towards the Senate, ask when consent is needed, agree when asked) at every level.
"""

from __future__ import annotations

from typing import Any

from .. import board

LEVELS = ("random", "easy", "normal", "hard")


class Bot:
    """A seat's bot: fed every public event, asked for one legal action from its view."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r}")
        self.level = level
        self.seat = seat
        self.seed = seed
        self.events = 0

    def observe(self, event: dict[str, Any]) -> None:
        """Follow the game through its public events."""
        self.events += 1

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        """One legal action of this seat, chosen from the seat's own view only."""
        me = self.seat
        legal = [a for a in view["legal"] if a["player"] == me]
        if not legal:
            raise ValueError(f"seat {me} has nothing to decide now")
        request = view.get("request")
        answers = [a for a in legal if a["type"] == "answer"]
        if answers:
            return dict(max(answers, key=lambda a: int(a["consents"])))
        if view["stage"] == "bonus":
            return dict(next((a for a in legal if a["type"] == "decline"), legal[0]))
        if view["stage"] == "council":
            return dict(min((a for a in legal if a["type"] == "retire"), key=lambda a: a["office"]))
        moves = [a for a in legal if a["type"] == "move"]
        if request is not None:
            on_path = [a for a in moves
                       if a["from"] == request["from"] and a["to"] == request["to"]]
            if on_path:
                return dict(on_path[0])
            if request["mover"] == me and len(request["answers"]) == len(request["asked"]):
                moves = [a for a in moves if not (a["from"] == request["from"]
                                                  and a["to"] == request["to"])]
        if moves:
            return dict(max(moves, key=lambda a: (a["to"] == board.SENATE, a["to"],
                                                  -len(a["supporters"]))))
        requests = [a for a in legal if a["type"] == "request"
                    and not (request is not None and a["from"] == request["from"]
                             and a["to"] == request["to"])]
        if requests:
            return dict(max(requests, key=lambda a: int(a["to"])))
        adds = [a for a in legal if a["type"] == "add"]
        if adds:
            return dict(adds[(self.seed + self.events) % len(adds)])
        withdraw = [a for a in legal if a["type"] == "withdraw"]
        return dict(withdraw[0] if withdraw else legal[0])


def make_bot(level: str, seat: int, seed: int) -> Bot:
    """A bot for ``seat`` at ``level`` ("random", "easy", "normal", "hard")."""
    return Bot(level, seat, seed)
