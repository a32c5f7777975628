"""Closed positions (R9.1): the game can only end, and who can still win it without a rival
conceding.

Late in a game every office but the Senate can be full with no senator left to add; the
next senator that moves then takes the Senate's last seat and ends the game. Every way
the game can end is known: a mover, the path it takes into the Senate, Caesar on that path
or not (R6.5, R7.4), and the players whose consents it uses (R6.2-R6.4, R13), with any deal
between the mover and each of them (R11). No bot makes or allows an end it loses for
certain (R9.3, R12), so a player asked whose end leaves it out of the Senate, or below the
least total it surely knows a rival in the Senate holds, refuses.

``can_win`` says whether a seat keeps a chance in some end that asks nobody else to make or
allow a certain loss. It judges from the seat's own knowledge only, and soundly: every
total it cannot see is taken at its most (``Knowledge.ceilings``), every floor a rival
surely knows at the least every player knows (the public floors). Deals only move laurels
between the mover and the players whose consents it uses, so the players of an end share
their totals, the laurel taken and the I rewards (R7): if that is less than what each of
them needs to keep a chance, the end needs somebody's concession.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .. import laurels
from ..board import (
    CONSENTS_NEEDED,
    ENTRY_OFFICES,
    LAUREL_PATHS,
    PATH_FROM,
    PATH_TO,
    PATHS,
    SEATS,
    SENATE,
)
from ..state import EMPTY, GameState


class End(NamedTuple):
    """One way the game can end: ``mover`` moves from ``office`` into the Senate along
    ``path``, with Caesar on it (no consent, no laurel) or with the consents of
    ``consenters`` (other players, besides the mover's own senators there)."""

    mover: int
    office: int
    path: int
    caesar: bool
    consenters: tuple[int, ...]


def closed(s: GameState) -> bool:
    """Whether the next senator added or moved can only be one that fills the Senate: it has
    one seat left, no senator can be added (R5) and every office a senator could move to
    but the Senate is full (R6)."""
    offices = s.offices
    if len(offices[SENATE]) != SEATS[SENATE] - 1:
        return False
    if any(s.supply) and any(len(offices[o]) < SEATS[o] for o in ENTRY_OFFICES):
        return False
    return all(len(offices[b]) >= SEATS[b] for a, b, _laurel in PATHS
               if b != SENATE and offices[a])


def ends(s: GameState) -> Iterator[End]:
    """Every way the next move can fill the Senate (``s`` closed)."""
    for path in LAUREL_PATHS:
        office = PATH_FROM[path]
        if PATH_TO[path] != SENATE:
            continue
        here = s.offices[office]
        for mover in sorted(set(here)):
            yield End(mover, office, path, True, ())
            others = list(here)
            others.remove(mover)
            seen: set[tuple[int, ...]] = set()
            for chosen in itertools.combinations(others, CONSENTS_NEEDED[office]):
                consenters = tuple(sorted(set(chosen) - {mover}))
                if consenters not in seen:
                    seen.add(consenters)
                    yield End(mover, office, path, False, consenters)


def can_win(s: GameState, seat: int, own: float, floors: Sequence[float],
            ceilings: Sequence[float], public: Sequence[float]) -> bool:
    """Whether ``seat`` (holding ``own``) keeps a chance in some end of the closed ``s`` that
    asks no other player to make or allow a certain loss; ``floors`` and ``ceilings``: the
    least and most each total can be, from the seat's knowledge; ``public``: the least each
    total can be from what every player knows."""
    return any(_keeps_chance(s, seat, own, end, floors, ceilings, public) for end in ends(s))


def _keeps_chance(s: GameState, seat: int, own: float, end: End, floors: Sequence[float],
                  ceilings: Sequence[float], public: Sequence[float]) -> bool:
    """Whether, in ``end``, ``seat`` may keep a chance while every other player of the end
    (mover and consenters) keeps one too (``can_win``)."""
    order = [*s.offices[SENATE], end.mover]
    if seat not in order or any(c not in order for c in end.consenters):
        return False  # out of the Senate: lost for certain (R9.3)
    first = {q: order.index(q) for q in order}
    players = {end.mover, *end.consenters}
    bystanders = set(order) - players
    token = s.spaces[end.path]
    laurel = 0 if end.caesar or token == EMPTY else laurels.VALUES[token]  # R7.1, R7.4
    # and at most one I from the pool per consent (R7.2)
    rewards = 0 if end.caesar else min(s.pool, CONSENTS_NEEDED[end.office])

    def need(q: int, least: Sequence[float]) -> float:
        """The least total with which ``q`` keeps a chance against the bystanders."""
        return max((least[b] + (first[b] < first[q]) for b in bystanders if b != q),
                   default=0.0)

    def beats(q: int, r: int) -> int:
        """1 if ``q`` must hold more than ``r`` to finish ahead of it (a tie goes to the
        earlier entry, R9.3), else 0."""
        return int(first[r] < first[q])

    if seat in bystanders:
        if need(seat, floors) > own:
            return False
        tops = {p: own - beats(seat, p) for p in players}
        if any(need(p, public) > tops[p] for p in players):
            return False
        return sum(floors[p] for p in players) + laurel <= sum(tops.values())
    others = players - {seat}
    if len(others) == 1 and own - public[seat] < 1:
        # the one other player of the end sees its own total and, up to the laurels they
        # trade (named to both, R10), the seat's exactly: it finishes behind the seat only
        # if it knows it has lost, so it keeps no chance where the seat keeps one
        return False
    least = max([need(seat, floors)] + [need(p, public) + beats(seat, p) for p in others])
    return own + sum(ceilings[p] for p in others) + laurel + rewards >= least + sum(
        need(p, public) for p in others)
