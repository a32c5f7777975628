"""Carrying out actions: laying tiles (P3), placing inhabitants (P4), the end (P5-P7)."""

from __future__ import annotations

from typing import Any

from .. import rng
from . import facts
from .geometry import RING_SLOTS
from .legality import legal_actions, refusal
from .protocol import EventData, Final
from .scoring import Placed, score
from .state import OVER, PLACE, Piece, State, springs_of

__all__ = ["apply_action", "legal_actions", "placed_pieces", "slot_letters"]


def apply_action(s: State, action: Any) -> EventData:
    """Play ``action`` and return its public event; raises RuleError (changing nothing)."""
    error = refusal(s, action)
    if error is not None:
        raise error
    if action["type"] == "lay":
        return _lay(s, action["slot"], action["rotation"])
    return _place(s, action)


def _lay(s: State, slot: int, rotation: int) -> EventData:
    player = s.current
    tile = (s.pile.pop(), rotation)
    s.tiles[slot] = tile
    springs = springs_of(slot, tile)
    s.springs.update(springs)
    event: EventData = {"type": "lay", "player": player, "slot": slot,
                             "rotation": rotation, "letter": tile[0], "springs": springs}
    if s.pile:
        s.current = (s.current + 1) % s.n
        return event
    # P3.3: the six other hill tokens go at random, face up, on the outer hills
    values = list(facts.OTHER_TOKEN_VALUES)
    s.rng = rng.shuffle(s.rng, values)
    for slot_, value in zip(RING_SLOTS, values, strict=True):
        s.tokens[slot_] = value
    s.stage = PLACE
    s.current = s.first_player
    event["tokens"] = list(s.tokens)
    return event


def _place(s: State, action: dict[str, Any]) -> EventData:
    player, terrain = s.current, action["terrain"]
    piece = (action["colour"], action["kind"], action["wolf"])
    s.supply[player][piece] -= 1
    if not s.supply[player][piece]:
        del s.supply[player][piece]
    s.board[terrain] = Piece(player, piece[0], piece[1], piece[2], s.placements)
    s.placements += 1
    event: EventData = {"type": "place", "player": player, "terrain": terrain,
                             "colour": piece[0], "wolf": piece[2]}
    if not piece[2]:
        event["kind"] = piece[1]  # P4: a wolf-faced inhabitant's kind stays hidden (P8)
    s.current = (s.current + 1) % s.n
    if all(s.held(q) == 0 for q in range(s.n)):
        event["final"] = _finish(s)
    return event


def placed_pieces(s: State) -> dict[int, Placed]:
    """The board as plain data for scoring."""
    return {c: (p.owner, p.colour, p.kind, p.order) for c, p in s.board.items()}


def slot_letters(s: State) -> list[str]:
    """Each slot's tile letter (the board is complete)."""
    return [tile[0] if tile else "?" for tile in s.tiles]


def _finish(s: State) -> Final:
    """P5-P7: reveal, score hill by hill, name the winners; returns the final record."""
    outcome = score(placed_pieces(s), s.springs, slot_letters(s), s.tokens, s.n)
    s.stage = OVER
    for q in range(s.n):
        s.scores[q].captured = list(outcome.captured[q])
        s.scores[q].tokens = list(outcome.tokens[q])
        s.scores[q].discs = list(outcome.discs[q])
    s.winners = outcome.winners()
    return {"steps": outcome.steps, "winners": list(s.winners),
            "points": [outcome.points(q) for q in range(s.n)]}
