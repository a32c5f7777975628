"""Checks that must hold after every action; a list of broken ones is returned."""

from __future__ import annotations

from . import board, laurels
from .state import EMPTY, OVER, SENATORS_PER_PLAYER, GameState


def violations(s: GameState) -> list[str]:
    """Every invariant the state breaks: tokens, Caesar, senators, capacities, Senate."""
    found: list[str] = []
    counted = laurels.empty_heap()
    for path in board.LAUREL_PATHS:
        if s.spaces[path] != EMPTY:
            counted[s.spaces[path]] += 1
    for kind in s.pile:
        counted[kind] += 1
    counted[laurels.I] += s.pool
    for hoard in s.hoards:
        if min(hoard) < 0:
            found.append("a hoard holds a negative count")
        counted = [a + b for a, b in zip(counted, hoard, strict=True)]
    expected = list(laurels.BOX)
    if s.options.scarce_laurels:
        expected[laurels.I] = laurels.SCARCE_POOL[s.n]
    if counted != expected:
        found.append(f"laurels not conserved: {counted} != {expected}")
    if any(s.spaces[p] != EMPTY for p in range(len(board.PATHS)) if not board.PATHS[p][2]):
        found.append("a token lies on a path without a laurel space")
    if not board.PATHS[s.caesar][2]:
        found.append("Caesar stands off the laurel spaces")
    for q in range(s.n):
        if s.supply[q] < 0 or s.supply[q] + s.on_board(q) != SENATORS_PER_PLAYER:
            found.append(f"player {q} does not have 8 senators")
    for office, here in enumerate(s.offices):
        if len(here) > board.SEATS[office]:
            found.append(f"office {office} is over capacity")
        if any(not 0 <= q < s.n for q in here):
            found.append(f"office {office} holds an unknown colour")
    full = len(s.senate()) == board.SEATS[board.SENATE]
    if s.options.series:
        if full and s.stage != OVER:
            found.append("a full Senate was not cleared for the next game of the series")
    elif full != (s.stage == OVER):
        found.append("the game did not end exactly when the Senate filled")
    if s.stage == OVER and s.winner is not None and s.winner not in s.senate() \
            and not s.options.series:
        found.append("the winner has no senator in the Senate")
    return found
