"""One decision's working set: the view, a sampled state, estimated totals, evaluation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .. import rules
from ..concessions import floors, lost_for_certain
from ..errors import RuleError
from ..state import OVER, GameState
from .closed import can_win, closed
from .evaluate import DEFAULT, MEAN_TOKEN, Weights, final_chances, game_totals, win_chances
from .memory import Memory
from .stall import given_up, stall_factor, stalled, stood_still


def seat_estimates(view: dict[str, Any], memory: Memory, base: list[float]) -> list[float]:
    """Every total as the viewing seat can know it: ``base``'s where its view shows the hoard
    (or its memory has not met the player), else its memory's estimate."""
    return [base[q] if "hoard" in data or q >= len(memory.known)
            else memory.estimated_total(q, MEAN_TOKEN)
            for q, data in enumerate(view["players"])]


class Situation:
    """A determinisation of the view, with the seat's estimates of every total."""

    def __init__(self, view: dict[str, Any], memory: Memory, rand: random.Random,
                 state: GameState | None = None, weights: Weights = DEFAULT) -> None:
        self.view = view
        self.weights = weights  # the evaluation's constants (evaluate.Weights)
        self.seat: int = view["viewer"]
        self.memory = memory
        self.rand = rand
        self.state = state if state is not None else memory.sample(view, rand)
        self.base = game_totals(self.state)
        self.estimate = seat_estimates(view, memory, self.base)
        self._values: dict[int, list[float]] = {}
        self.exact_end = False  # a finished game is scored from estimates, not the sample
        #: what standing still keeps of a chance here (1 unless the table stalls, stall.py)
        self.stall = stall_factor(memory.still_turns, self.state.n)
        self._hopeless: bool | None = None

    @classmethod
    def known_state(cls, state: GameState, seat: int, memory: Memory,
                    rand: random.Random, weights: Weights = DEFAULT) -> Situation:
        """A situation inside a determinisation, where every total is taken as known."""
        sit = cls.__new__(cls)
        sit.view = {}
        sit.weights = weights
        sit.seat = seat
        sit.memory = memory
        sit.rand = rand
        sit.state = state
        sit.base = game_totals(state)
        sit.estimate = list(sit.base)
        sit._values = {}
        sit.exact_end = True
        sit.stall = 1.0
        sit._hopeless = False
        return sit

    def totals(self, after: GameState) -> list[float]:
        """Estimated totals in ``after``: the estimates plus what changed in the sample."""
        if after.game_number != self.state.game_number:
            return game_totals(after)
        now = game_totals(after)
        return [e + t - b for e, t, b in zip(self.estimate, now, self.base, strict=True)]

    def chances(self, after: GameState) -> list[float]:
        """Every player's win chance in ``after``."""
        if (after.stage == OVER and not self.exact_end and not after.options.series
                and after.game_number == self.state.game_number):
            chances = final_chances(after, self.totals(after))
            knowledge = self.memory.knowledge
            if knowledge is not None and lost_for_certain(self.state, after, self.seat,
                                                          floors(knowledge)):
                chances[self.seat] = 0.0  # whatever the hidden tokens are (R9.3, R12)
            return chances
        chances = win_chances(after, self.totals(after), self.weights)
        if self.stall < 1.0 and stood_still(self.state, after):
            chances = [stalled(c, self.stall) for c in chances]
        return chances

    def hopeless(self) -> bool:
        """In a standoff: whether the seat can win only if another player makes or allows a
        certain loss, judged from its knowledge where the position is closed (``closed.py``),
        and from its rivals' refusals once the standoff has lasted ``GIVE_UP_ROUNDS``
        (``stall.given_up``); never in a V3 series, where one game's totals are not the last
        word (R12)."""
        if self._hopeless is None:
            knowledge, public = self.memory.knowledge, self.memory.public
            self._hopeless = (
                self.stall < 1.0 and knowledge is not None and public is not None
                and not self.state.options.series
                and (self.given_up() or (
                    closed(self.state) and not can_win(
                        self.state, self.seat, self.base[self.seat], floors(knowledge),
                        knowledge.ceilings(self.view), floors(public)))))
        return self._hopeless

    def given_up(self) -> bool:
        """Whether the standoff has lasted so long (``stall.given_up``) that standing still
        keeps the seat no chance: it then ends the game if it can, even lost."""
        return self.stall < 1.0 and given_up(self.memory.still_turns, self.state.n)

    def value(self, after: GameState, seat: int) -> float:
        """``seat``'s win chance in ``after``."""
        return self.chances(after)[seat]

    def now(self) -> list[float]:
        """Win chances in the current (sampled) state."""
        key = 0
        if key not in self._values:
            self._values[key] = self.chances(self.state)
        return self._values[key]

    def after(self, actions: Sequence[dict[str, Any]],
              start: GameState | None = None) -> GameState | None:
        """A copy of the state after ``actions``, or None if one of them is illegal here."""
        s = (start or self.state).copy()
        try:
            for action in actions:
                rules.apply_action(s, action)
        except RuleError:
            return None
        return s

    def legal(self, action: dict[str, Any]) -> bool:
        """Whether ``action`` is legal in the sampled state (exact for the seat's own acts)."""
        return self.after([action]) is not None
