"""Hard: normal's choice, left only when determinised playouts show a clear gain.

The bot samples several full states that agree with its view and memory
(unseen pile order, rivals' unknown tokens), keeps the normal bot's best few
candidate actions, and plays each one out in every sample for a round of turns
with a one-ply policy for all players, then scores the position with the
evaluation. The same samples serve every candidate (common random numbers), so
each sample gives a paired difference between a candidate and normal's first
choice; the bot leaves that choice only for the candidate whose mean gain stays
positive after subtracting ``CONFIDENCE`` standard errors of those differences
(a handful of playouts is noisy: a small gain there is mostly luck). Budgets are
counts of samples and plies, never clock time, so decisions are deterministic.
Consent answers are the normal bot's, with promises beyond the horizon kept only
when breaking them does not pay (R11). Neither an answer nor an action shuts the bot
out of the Senate's last seat while another keeps it in the race (``lockout.py``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from .. import rules
from ..board import SEATS, SENATE, path_of
from ..errors import RuleError
from ..protocol import Action
from ..state import BONUS, CONSENT, COUNCIL, OVER, GameState
from .lockout import put_last, shut_out
from .memory import Memory
from .negotiate import answer_bounds, choose_answer, outcome, recent
from .normal import REPEAT_COST, NormalBot, caesar_cost, pressed, retire_lowest
from .search import search
from .situation import Situation
from .stall import stalled, stood_still

SAMPLES = 6  # determinisations per decision
CANDIDATES = 4  # best actions of the one-ply ranking that are searched
ROUND = 1.0  # playout length, in rounds of turns
SEARCH_CANDIDATES = 5  # best actions of the one-ply ranking that the search chooses among
ITERATIONS = 200  # playouts per decision (each: one determinisation, one candidate)
SEARCH_SAMPLES = 12  # determinisations drawn per decision, cycled through by the iterations
HORIZON_ROUNDS = 1.0  # playout length before the evaluation, in rounds of turns
PRIOR = 0.7  # weight of the one-ply value next to the search's
#: standard errors of the paired playout differences a candidate's mean gain over normal's
#: first choice must exceed before hard plays it instead
CONFIDENCE = 1.0


class HardBot(NormalBot):
    """Normal's choice, unless short one-ply playouts in sampled states show a clear gain."""

    level = "hard"
    keep = "if_cheap"
    samples = SAMPLES
    candidates = CANDIDATES

    def playouts(self, sit: Situation, top: list[tuple[float, Action]]) -> list[list[float]]:
        """Per candidate, its value for the seat in each sampled playout (the same samples
        for every candidate), Caesar moves less their progress pressure."""
        state0 = sit.state
        pressure = caesar_cost(state0.game_turn())
        since = recent(state0)
        costs = [pressure + REPEAT_COST * self.memory.caesar_repeats(path_of(action), since)
                 if action["type"] == "caesar" and state0.stage != BONUS else 0.0
                 for _value, action in top]
        rows: list[list[float]] = [[] for _ in top]
        for _ in range(self.samples):
            state = self.memory.sample(sit.view, sit.rand)
            for i, (_value, action) in enumerate(top):
                value = self._playout_value(state, action, sit.rand, sit.stall)
                rows[i].append(pressed(value, costs[i]) if costs[i] else value)
        return rows

    def values(self, sit: Situation, top: list[tuple[float, Action]]) -> list[float]:
        """Each candidate's gain over normal's first choice, less ``CONFIDENCE`` standard
        errors of the paired differences (0 for the first choice itself)."""
        rows = self.playouts(sit, top)
        return [0.0] + [_lower_gain(row, rows[0]) for row in rows[1:]]

    def rank(self, sit: Situation, legal: list[Action]) -> list[tuple[float, Action]]:
        return self._keep_a_way_in(sit, self._searched(sit, legal))

    def answer(self, sit: Situation) -> Action:
        """Normal's answer, but a consent that would shut the seat out of the Senate's last
        seat (``lockout.py``) when it was not already is refused."""
        s = sit.state
        chosen = super().answer(sit)
        if not chosen["consents"] or answer_bounds(s, self.seat)[0] or shut_out(s, self.seat):
            return chosen  # a refusal, a binding promise (R11), or nothing left to keep
        after = outcome(sit, s, chosen)
        if after is not None and shut_out(after, self.seat):
            return {"type": "answer", "player": self.seat, "consents": 0}
        return chosen

    def _searched(self, sit: Situation, legal: list[Action]) -> list[tuple[float, Action]]:
        """Normal's ranking, its best few reordered by the playouts where they show a clear
        gain."""
        ranked = super().rank(sit, legal)
        top = ranked[:self.candidates]
        if len(top) < 2 or sit.state.stage == COUNCIL or sit.stall < 1.0:
            # in a standoff (stall.py) the playouts would score an end by one sample's hidden
            # hoards, all or nothing, and so could not weigh a small chance against the small
            # worth of standing still: normal's one-ply choice stands
            return ranked
        gains = self.values(sit, top)
        # a stable sort: normal's order stands unless a playout gain is clear of the noise
        order = sorted(range(len(top)), key=lambda i: -gains[i] if gains[i] > 0 else -0.0)
        return [(top[0][0] + max(gains[i], 0.0), top[i][1]) if gains[i] > 0 else top[i]
                for i in order] + ranked[self.candidates:]

    def _keep_a_way_in(self, sit: Situation,
                       ranked: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
        """The actions that would shut the seat out of the Senate's last seat
        (``lockout.py``) moved after all others, when some other keeps it in the race."""
        s = sit.state
        if (s.stage == COUNCIL or len(s.offices[SENATE]) < SEATS[SENATE] - 2
                or shut_out(s, self.seat) or sit.hopeless()):
            # one action fills one seat at most: the last is not at stake yet (or nothing is
            # left to keep, normal.NormalBot.rank)
            return ranked
        def shutting(item: tuple[float, Action]) -> bool:
            after = sit.after([item[1]]) if item[1]["type"] != "request" else None
            # an end lost for certain shuts nobody out, and keeps the seat in no race either
            return after is not None and (shut_out(after, self.seat) or (
                after.stage == OVER and sit.chances(after)[self.seat] == 0.0))
        return put_last(ranked, shutting)

    def _playout_value(self, start: GameState, action: Action, rand: random.Random,
                       stall: float = 1.0) -> float:
        """The bot's win chance after ``action`` and a round of one-ply play (a position that
        stood still all along valued as a stall, ``stall.py``)."""
        state = start.copy()
        try:
            rules.apply_action(state, action)
            if action["type"] == "request":
                _answer_all(state, self.memory, rand)
                if state.stage == CONSENT and state.current == self.seat:
                    _mover_step(state, self.seat, self.memory, rand)
        except RuleError:
            return 0.0
        end = state.turn + int(ROUND * state.n)
        steps = 0
        while state.stage != OVER and state.turn < end and steps < 6 * state.n:
            steps += 1
            seat = rules.waiting_for(state)[0]
            if state.stage == CONSENT and seat != state.current:
                _answer_all(state, self.memory, rand)
            elif state.stage == COUNCIL:
                rules.apply_action(state, retire_lowest(
                    [a for a in rules.legal_actions(state) if a["type"] == "retire"]))
            else:
                _mover_step(state, seat, self.memory, rand)
        value = Situation.known_state(state, self.seat, self.memory, rand,
                                      self.weights).value(state, self.seat)
        if stall < 1.0 and stood_still(start, state):
            value = stalled(value, stall)
        return value


class SearchHardBot(HardBot):
    """Normal's best candidates, chosen among by information-set search (``search.py``):
    the candidates compared in sampled determinisations by fast greedy playouts with
    opponent models, exact scoring of finished games. For tournaments only: it measured
    weaker than ``HardBot`` against normal bots (docs/bots.md)."""

    level = "hard-search"
    candidates = SEARCH_CANDIDATES
    iterations = ITERATIONS
    horizon_rounds = HORIZON_ROUNDS
    prior = PRIOR

    def values(self, sit: Situation, top: list[tuple[float, Action]]) -> list[float]:
        n = sit.state.n
        searched = search(self.memory, sit.view, [action for _v, action in top], sit.rand,
                          iterations=self.iterations,
                          horizon_turns=int(self.horizon_rounds * n), samples=SEARCH_SAMPLES)
        return [self.prior * one_ply + (1 - self.prior) * value
                for (one_ply, _action), value in zip(top, searched, strict=True)]

    def rank(self, sit: Situation, legal: list[Action]) -> list[tuple[float, Action]]:
        ranked = NormalBot.rank(self, sit, legal)
        top = ranked[:self.candidates]
        if len(top) < 2 or sit.state.stage == COUNCIL or sit.stall < 1.0:
            return ranked
        values = self.values(sit, top)
        pressure = caesar_cost(sit.state.game_turn())
        scored = []
        for value, (_one_ply, action) in zip(values, top, strict=True):
            if action["type"] == "caesar" and sit.state.stage != BONUS:
                repeats = self.memory.caesar_repeats(path_of(action), recent(sit.state))
                value = pressed(value, pressure + REPEAT_COST * repeats)
            scored.append((value, action))
        scored.sort(key=lambda item: -item[0])
        return scored + ranked[self.candidates:]


def _lower_gain(row: list[float], base: list[float]) -> float:
    """The mean of the paired differences ``row - base`` less ``CONFIDENCE`` standard errors."""
    diffs = [a - b for a, b in zip(row, base, strict=True)]
    count = len(diffs)
    mean = sum(diffs) / count
    if count < 2:
        return mean
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1) / count)
    return mean - CONFIDENCE * spread


def _answer_all(state: GameState, memory: Memory, rand: random.Random) -> None:
    """Every asked player answers the open request as the normal bot would (no prices)."""
    while state.stage == CONSENT:
        seat = rules.waiting_for(state)[0]
        if seat == state.current:
            return
        sit = Situation.known_state(state, seat, memory, rand)
        rules.apply_action(state, choose_answer(sit, state, seat, greedy=False))


def _mover_step(state: GameState, seat: int, memory: Memory, rand: random.Random) -> None:
    """One decision of the player to act, one ply deep; a request is answered at once."""
    sit = Situation.known_state(state, seat, memory, rand)
    legal = [a for a in rules.legal_actions(state) if a["player"] == seat
             and a["type"] not in ("withdraw", "reveal", "request")]
    best: tuple[float, Action] | None = None
    for action in legal:
        after = sit.after([action])
        if after is None:
            continue
        value = sit.value(after, seat)
        if action["type"] == "caesar" and state.stage != BONUS:
            value = pressed(value, caesar_cost(state.game_turn()))
        if best is None or value > best[0]:
            best = (value, action)
    if state.stage != CONSENT:
        for request in _requests(state, seat):
            trial = state.copy()
            rules.apply_action(trial, request)
            _answer_all(trial, memory, rand)
            moves = [a for a in rules.legal_actions(trial) if a["type"] == "move"
                     and a["player"] == seat and a["from"] == request["from"]
                     and a["to"] == request["to"]]
            for move in moves[:1]:
                after = sit.after([move], start=trial)
                if after is not None and (best is None or sit.value(after, seat) > best[0]):
                    _replace(state, trial)
                    rules.apply_action(state, move)
                    return
    assert best is not None
    rules.apply_action(state, best[1])


def _requests(state: GameState, seat: int) -> list[Action]:
    return [a for a in rules.legal_actions(state) if a["type"] == "request"
            and a["player"] == seat]


def _replace(state: GameState, other: GameState) -> None:
    """Make ``state`` a copy of ``other`` in place."""
    fresh = other.copy()
    for name in GameState.__slots__:
        setattr(state, name, getattr(fresh, name))


__all__ = ["Any", "HardBot", "SearchHardBot"]
