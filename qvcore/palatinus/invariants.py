"""Checks that must hold after every action of a Palatinus game; broken ones are listed."""

from __future__ import annotations

from . import facts
from .geometry import RING_SLOTS, SLOT_NEIGHBOURS, is_hill
from .state import OVER, PLACE, SETUP, State, starting_supply


def violations(s: State) -> list[str]:
    """Every invariant the state breaks: tiles, supplies, board, P4's timing, the end."""
    found: list[str] = []
    letters = [t[0] for t in s.tiles if t is not None] + s.pile
    if sorted(letters) != list(facts.LETTERS):
        found.append(f"tiles not conserved: {sorted(letters)}")
    laid = [q for q in RING_SLOTS if s.tiles[q] is not None]
    if len(laid) > 1 and any(not SLOT_NEIGHBOURS[q] & set(laid) for q in laid):
        found.append("a ring tile touches no other ring tile (P3.2)")
    if (s.stage == SETUP) != (len(laid) < 6):
        found.append("the set-up did not end exactly when the ring was full")
    for q in range(s.n):
        start = starting_supply(s.n, q)
        for piece, count in s.supply[q].items():
            if count <= 0:
                found.append(f"seat {q} holds {count} of {piece}")
        on_board = sum(1 for p in s.board.values() if p.owner == q)
        if s.stage != OVER and on_board + s.held(q) != sum(start.values()):
            found.append(f"seat {q}'s inhabitants are not conserved")
        if s.stage == PLACE and s.held_condottieri(q) and s.held(q) <= facts.LAST_TURNS[s.n]:
            found.append(f"seat {q} holds a condottiero in the last turns (P4)")
    if any(is_hill(c) for c in s.board):
        found.append("an inhabitant stands on a hill (P4)")
    held = [s.held(q) for q in range(s.n)]
    if s.stage == PLACE and max(held) - min(held) > 1:
        found.append("the players' turns drifted apart")
    if s.stage == OVER:
        if any(held):
            found.append("the game ended with inhabitants behind a screen (P5)")
        if not s.winners:
            found.append("the game ended without a winner (P7)")
        tokens = sum(len(sc.tokens) for sc in s.scores)
        if tokens > 7:
            found.append("more than seven hill tokens were awarded")
    return found
