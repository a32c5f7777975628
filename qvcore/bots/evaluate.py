"""Position evaluation: each player's chance to win, from one seat's estimates.

A player's score is their laurel total plus what their senators may still
gain; only players who reach the Senate can win (R9.3), so each score is
weighted by the chance to get a senator there before the fifth seat fills.
The win chances are a softmax of the scores over the players.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .. import board, laurels
from ..board import (
    CONSENTS_NEEDED,
    DIST,
    PATH_FROM,
    PATH_TO,
    PATHS_FROM_OFFICE,
    SEATS,
    SENATE,
)
from ..state import COUNCIL, EMPTY, OVER, GameState


def _laurels_ahead() -> tuple[int, ...]:
    ahead = [0] * len(SEATS)
    for _ in SEATS:
        for a, b, laurel in board.PATHS:
            ahead[a] = max(ahead[a], ahead[b] + laurel)
    return tuple(ahead)


#: laurel spaces on the richest way up from each office
AHEAD = _laurels_ahead()
#: mean value of a token drawn from the pile (R1)
MEAN_TOKEN = laurels.PILE_MEAN


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants, in one place (the defaults are the hand-set ones that
    easy and normal play with; ``tools/fit_evaluation.py`` fits others to predict winners)."""

    #: laurels counted for a senator still in the supply (up to two of them)
    supply_ahead: float = 2.0
    #: weight of the laurels the two most promising senators can still take
    top_two: float = 2.0
    #: weight of every further senator
    rest: float = 0.4
    #: weight of the best next move's gain for the player to act, less ``soon_step`` per seat
    #: further round the table
    soon: float = 0.9
    soon_step: float = 0.2
    #: bonus of the first senator in the Senate
    first_senator: float = 0.5
    #: a next move's gain for its height: into the Senate, into another office
    to_senate: float = 0.8
    to_office: float = 0.3
    #: share of a move's gain that needs a consent (for the asking)
    held: float = 0.35
    #: steps to the Senate counted for a senator still in the supply
    supply_dist: float = 5.0
    #: chance to reach the Senate: (seats left / seats) ** (steps * ``reach``)
    reach: float = 0.8
    #: weight of a player's second chance to reach the Senate
    second: float = 0.5
    #: softmax temper: ``temper`` + ``temper_left`` * share of Senate seats left
    temper: float = 2.5
    temper_left: float = 2.5


#: the hand-set weights every level plays with
DEFAULT = Weights()


def game_totals(s: GameState) -> list[float]:
    """Every player's true total in ``s`` (use only on sampled states, with deltas)."""
    return [float(laurels.heap_value(h)) for h in s.hoards]


def scores(s: GameState, totals: Sequence[float], w: Weights = DEFAULT) -> list[float]:
    """Each player's expected final laurel points from here."""
    n = s.n
    offices = s.offices
    senate = offices[SENATE]
    left = max(SEATS[SENATE] - len(senate), 0) / SEATS[SENATE]
    series = s.options.series
    # one pass over the offices: each player's senators (AHEAD of their offices) and best next
    # move out of any of them
    ahead: list[list[float]] = [[] for _ in range(n)]
    soon = [0.0] * n
    to_senate, to_office, held = w.to_senate, w.to_office, w.held
    for office, here in enumerate(offices):
        if office == SENATE or not here:
            continue
        free_best, held_best = _takeable(s, office, to_senate, to_office, held)
        needed = CONSENTS_NEEDED[office]
        if len(here) == 1:  # the common case, without the set and the count
            q = here[0]
            ahead[q].append(AHEAD[office])
            best = free_best if needed == 0 else held_best
            if best > soon[q]:
                soon[q] = best
            continue
        for q in set(here):
            count = here.count(q)
            ahead[q].extend([AHEAD[office]] * count)
            best = free_best if needed == 0 or count - 1 >= needed else held_best
            if best > soon[q]:
                soon[q] = best
    out = []
    supply_ahead, top_two, rest = w.supply_ahead, w.top_two, w.rest
    soon_weight, soon_step = w.soon, w.soon_step
    for q in range(n):
        total = totals[q]
        if series:
            total += sum(r["totals"][q] for r in s.series_results)
        mine = ahead[q]
        mine.extend([supply_ahead] * min(s.supply[q], 2))
        mine.sort(reverse=True)
        potential = left * (top_two * sum(mine[:2]) + rest * len(mine[2:]))
        weight = soon_weight - soon_step * ((q - s.current) % n)
        out.append(total + potential + weight * soon[q])
    if senate:
        out[senate[0]] += w.first_senator
    return out


#: per office, its paths out: (path, destination, the destination's seats, into the Senate)
_OUT = tuple(tuple((path, PATH_TO[path], SEATS[PATH_TO[path]], PATH_TO[path] == SENATE)
                   for path in PATHS_FROM_OFFICE[office]) for office in range(len(SEATS)))


def _takeable(s: GameState, office: int, to_senate: float, to_office: float,
              held: float) -> tuple[float, float]:
    """What a senator's next move out of ``office`` could gain (laurel and height): the best
    when its player needs no consent (enough own senators there, or none needed), and the best
    when only Caesar's path is free of consent (other gains count a third, for the asking)."""
    free_best = held_best = 0.0
    offices, spaces, caesar, values = s.offices, s.spaces, s.caesar, laurels.VALUES
    for path, to, seats, into_senate in _OUT[office]:
        if len(offices[to]) >= seats:
            continue
        gain = to_senate if into_senate else to_office
        token = spaces[path]
        if token != EMPTY and caesar != path:
            gain += values[token]
        if gain > free_best:
            free_best = gain
        gained = gain if caesar == path else gain * held
        if gained > held_best:
            held_best = gained
    return free_best, held_best


def eligibilities(s: GameState, w: Weights = DEFAULT) -> list[float]:
    """Each player's chance to have a senator in the Senate when the game ends (R9.3), from
    one pass over the offices: the two senators nearest to it count (a senator in the supply
    counts ``supply_dist`` steps, after those on the board)."""
    senate = s.offices[SENATE]
    n = s.n
    if s.options.series:
        return [1.0] * n
    left = SEATS[SENATE] - len(senate)
    base = left / SEATS[SENATE]
    nearest: list[float | None] = [None] * n
    next_nearest: list[float | None] = [None] * n
    for office, here in enumerate(s.offices):
        steps = DIST[office]
        for r in here:
            first = nearest[r]
            if first is None or steps < first:
                next_nearest[r] = first
                nearest[r] = steps
            else:
                second_steps = next_nearest[r]
                if second_steps is None or steps < second_steps:
                    next_nearest[r] = steps
    out = []
    supply_dist, reach, second = w.supply_dist, w.reach, w.second
    for q in range(n):
        if q in senate:
            out.append(1.0)
            continue
        if left <= 0:
            out.append(0.0)
            continue
        a, b = nearest[q], next_nearest[q]
        if s.supply[q]:
            if a is None:
                a = supply_dist
            elif b is None:
                b = supply_dist
        near = base ** (a * reach) if a is not None else 0.0
        further = base ** (b * reach) if b is not None else 0.0
        out.append(1.0 - (1.0 - near) * (1.0 - second * further))
    return out


def win_chances(s: GameState, totals: Sequence[float], w: Weights = DEFAULT) -> list[float]:
    """Each player's estimated chance to win the game (or the V3 series)."""
    if s.stage == OVER:
        return [1.0 if q == s.winner else 0.0 for q in range(s.n)]
    points = scores(s, totals, w)
    senate = s.offices[SENATE]
    temper = w.temper + w.temper_left * (SEATS[SENATE] - len(senate)) / SEATS[SENATE]
    if s.stage == COUNCIL:
        temper = 2.0
    top = max(points)
    eligible = eligibilities(s, w)
    weights = [eligible[q] * math.exp((points[q] - top) / temper) for q in range(s.n)]
    whole = sum(weights) or 1.0
    return [w / whole for w in weights]


#: how sharply estimated totals decide a finished game (hidden tokens make them uncertain)
FINAL_TEMPER = 1.2


def final_chances(s: GameState, totals: Sequence[float]) -> list[float]:
    """Each player's chance to have won a game that just ended (R9.3, R12), from estimated
    totals: zero outside the Senate, for certain; among senators a sharp softmax, ties to
    the earlier entry, since rivals' face-down tokens are only estimated."""
    senate = s.offices[SENATE]
    if not senate:
        return [0.0] * s.n
    top = max(totals[q] for q in senate)
    weights = [0.0] * s.n
    for q in set(senate):
        early = 0.05 * (len(senate) - senate.index(q)) / len(senate)
        weights[q] = math.exp((totals[q] + early - top) / FINAL_TEMPER)
    whole = sum(weights)
    return [w / whole for w in weights]


def leader(s: GameState, totals: Sequence[float]) -> int:
    """The player with the best chance, from these estimates."""
    chances = win_chances(s, totals)
    return max(range(s.n), key=lambda q: chances[q])


__all__ = ["AHEAD", "DEFAULT", "MEAN_TOKEN", "PATH_FROM", "Weights", "final_chances",
           "game_totals", "leader", "scores", "win_chances"]
