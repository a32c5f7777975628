"""Position evaluation: each player's chance to win, from one seat's estimates.

A player's score is their laurel total plus what their senators may still
gain; only players who reach the Senate can win (R9.3), so each score is
weighted by the chance to get a senator there before the fifth seat fills.
The win chances are a softmax of the scores over the players.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .. import board, laurels
from ..board import CONSENTS_NEEDED, PATH_FROM, PATH_TO, PATHS_FROM_OFFICE, SEATS, SENATE
from ..state import COUNCIL, EMPTY, OVER, GameState


def _distances() -> tuple[int, ...]:
    dist = [99] * len(SEATS)
    dist[SENATE] = 0
    for _ in SEATS:
        for a, b, _laurel in board.PATHS:
            dist[a] = min(dist[a], dist[b] + 1)
    return tuple(dist)


def _laurels_ahead() -> tuple[int, ...]:
    ahead = [0] * len(SEATS)
    for _ in SEATS:
        for a, b, laurel in board.PATHS:
            ahead[a] = max(ahead[a], ahead[b] + laurel)
    return tuple(ahead)


#: steps from each office to the Senate, and laurel spaces on the richest way up
DIST = _distances()
AHEAD = _laurels_ahead()
#: mean value of a token drawn from the pile (R1)
MEAN_TOKEN = sum(laurels.VALUES[k] for k in laurels.pile_tokens()) / len(laurels.pile_tokens())


def game_totals(s: GameState) -> list[float]:
    """Every player's true total in ``s`` (use only on sampled states, with deltas)."""
    return [float(laurels.heap_value(h)) for h in s.hoards]


def scores(s: GameState, totals: Sequence[float]) -> list[float]:
    """Each player's expected final laurel points from here."""
    n = s.n
    offices = s.offices
    senate = offices[SENATE]
    left = max(SEATS[SENATE] - len(senate), 0) / SEATS[SENATE]
    series = s.options.series
    # one pass over the offices: each player's senators (AHEAD of their offices) and best next
    # move out of any of them
    ahead: list[list[int]] = [[] for _ in range(n)]
    soon = [0.0] * n
    for office, here in enumerate(offices):
        if office == SENATE or not here:
            continue
        free_best, held_best = _takeable(s, office)
        needed = CONSENTS_NEEDED[office]
        for q in set(here):
            count = here.count(q)
            ahead[q].extend([AHEAD[office]] * count)
            best = free_best if needed == 0 or count - 1 >= needed else held_best
            if best > soon[q]:
                soon[q] = best
    out = []
    for q in range(n):
        total = totals[q]
        if series:
            total += sum(r["totals"][q] for r in s.series_results)
        mine = ahead[q]
        mine.extend([2] * min(s.supply[q], 2))
        mine.sort(reverse=True)
        potential = left * (2.0 * sum(mine[:2]) + 0.4 * len(mine[2:]))
        weight = 0.9 - 0.2 * ((q - s.current) % n)
        out.append(total + potential + weight * soon[q])
    if senate:
        out[senate[0]] += 0.5
    return out


def _takeable(s: GameState, office: int) -> tuple[float, float]:
    """What a senator's next move out of ``office`` could gain (laurel and height): the best
    when its player needs no consent (enough own senators there, or none needed), and the best
    when only Caesar's path is free of consent (other gains count a third, for the asking)."""
    free_best = held_best = 0.0
    for path in PATHS_FROM_OFFICE[office]:
        to = PATH_TO[path]
        if len(s.offices[to]) >= SEATS[to]:
            continue
        gain = 0.8 if to == SENATE else 0.3
        token = s.spaces[path]
        if token != EMPTY and s.caesar != path:
            gain += laurels.VALUES[token]
        free_best = max(free_best, gain)
        held_best = max(held_best, gain if s.caesar == path else gain * 0.35)
    return free_best, held_best


def eligibilities(s: GameState) -> list[float]:
    """Each player's chance to have a senator in the Senate when the game ends (R9.3), from
    one pass over the offices."""
    senate = s.offices[SENATE]
    n = s.n
    if s.options.series:
        return [1.0] * n
    left = SEATS[SENATE] - len(senate)
    base = left / SEATS[SENATE]
    near: list[list[int]] = [[] for _ in range(n)]
    for office, here in enumerate(s.offices):
        for r in here:
            near[r].append(DIST[office])
    out = []
    for q in range(n):
        if q in senate:
            out.append(1.0)
            continue
        if left <= 0:
            out.append(0.0)
            continue
        mine = sorted(near[q])
        if s.supply[q]:
            mine.append(5)
        chances: list[float] = [base ** (d * 0.8) for d in mine[:2]] + [0.0, 0.0]
        out.append(1.0 - (1.0 - chances[0]) * (1.0 - 0.5 * chances[1]))
    return out


def win_chances(s: GameState, totals: Sequence[float]) -> list[float]:
    """Each player's estimated chance to win the game (or the V3 series)."""
    if s.stage == OVER:
        return [1.0 if q == s.winner else 0.0 for q in range(s.n)]
    points = scores(s, totals)
    senate = s.offices[SENATE]
    temper = 2.5 + 2.5 * (SEATS[SENATE] - len(senate)) / SEATS[SENATE]
    if s.stage == COUNCIL:
        temper = 2.0
    top = max(points)
    eligible = eligibilities(s)
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


def path_of(action: dict[str, object]) -> int:
    """The path of a move, request or Caesar action."""
    return board.PATH_INDEX[(int(action["from"]), int(action["to"]))]  # type: ignore[call-overload]


__all__ = ["AHEAD", "DIST", "MEAN_TOKEN", "PATH_FROM", "final_chances", "game_totals", "leader",
           "path_of", "scores", "win_chances"]
