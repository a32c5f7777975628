"""What a tournament counts against a seat, from what each seat can know (R10): concessions,
and the ends of games a seat could not win.

A concession is a Senate fill, or a consent its player was free to refuse, that ends the game
lost for certain while another action would have kept it going (``concessions.py``). Two
losing fills are no concession, since nothing else the player does keeps it a chance, and a
game that never ends is won by nobody: in a closed position (``bots/closed.py``: the next
senator moved can only fill the Senate), one by a player that can win in no end without
another player conceding; and any, once the position has stood still so long that the bots
give up waiting (``bots/stall.py``, ``given_up``: every refusal has been asked again and
again). Those fills are counted apart, as *lost ends*.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import board
from .bots.closed import can_win, closed
from .bots.memory import public_view
from .bots.stall import given_up, still_after
from .concessions import floors, free_to_refuse, is_losing_fill, losing_consents
from .knowledge import Knowledge
from .state import GameState

Action = Mapping[str, Any]


class Referee:
    """Follows one game (every view a seat acts on, every event) and judges each action."""

    def __init__(self, views: Sequence[Mapping[str, Any]]) -> None:
        """``views``: every seat's view at the start (or where the referee joins the game)."""
        self.knowledge = [Knowledge(seat, dict(view)) for seat, view in enumerate(views)]
        self.public = Knowledge(-1, public_view(dict(views[0])))
        self.conceded = [0] * len(views)
        self.lost_ends = [0] * len(views)
        self._free: set[int] = set()  # who consented to the open request, free to refuse
        self.still_turns = 0  # turns in a row with only Caesar moving (stall.py)

    def see(self, seat: int, view: Mapping[str, Any]) -> dict[str, Any]:
        """Take in the view ``seat`` acts on (what it knows of its own hoard); returns it."""
        seen = dict(view)
        self.knowledge[seat].update(seen)
        self.public.update(public_view(seen))
        return seen

    def judge(self, state: GameState, seat: int, action: Action,
              view: Mapping[str, Any]) -> None:
        """Count ``action``, which ``seat`` takes in ``state`` from ``view``, before it is
        applied."""
        seen = self.see(seat, view)
        legal = seen["legal"]
        kind = action.get("type")
        if kind == "request":
            self._free = set()
        elif kind == "answer" and action.get("consents") and free_to_refuse(legal, seat):
            self._free.add(seat)
        elif kind == "move" and action.get("to") == board.SENATE:
            least = {q: floors(k) for q, k in enumerate(self.knowledge)}
            if is_losing_fill(state, seat, dict(action), legal, least[seat]):
                if given_up(self.still_turns, state.n) or self.could_not_win(state, seat, seen):
                    self.lost_ends[seat] += 1
                else:
                    self.conceded[seat] += 1
            for q in losing_consents(state, dict(action), self._free, least):
                self.conceded[q] += 1

    def could_not_win(self, state: GameState, seat: int, view: dict[str, Any]) -> bool:
        """Whether ``state`` is closed and ``seat`` keeps a chance in none of its ends unless
        another player concedes (``closed.can_win``, from the seat's knowledge)."""
        known = self.knowledge[seat]
        return closed(state) and not can_win(state, seat, float(state.total(seat)),
                                             floors(known), known.ceilings(view),
                                             floors(self.public))

    def observe(self, event: dict[str, Any]) -> None:
        """Follow one event of the game."""
        self.still_turns = still_after(self.still_turns, event)
        for known in self.knowledge:
            known.observe(event)
        self.public.observe(event)
