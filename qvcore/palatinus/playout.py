"""Fast imagined endings for bots: random placements under P4, scored by P5-P7's own code."""

from __future__ import annotations

import random

from . import facts
from .belief import World
from .geometry import TERRAINS
from .legality import timing
from .scoring import Outcome, score


def place(world: World, terrain: int, kind: str) -> None:
    """Put one inhabitant of the current player's hand on ``terrain``; next player."""
    seat = world.current
    world.hands[seat].remove(kind)
    world.board[terrain] = (seat, seat, kind, world.order)
    world.order += 1
    world.current = (seat + 1) % len(world.hands)


def finish(world: World, rand: random.Random) -> Outcome:
    """Play the rest at random (P4 kept) and score it; ``world`` is used up."""
    free = [t for t in TERRAINS if t not in world.board]
    rand.shuffle(free)
    while any(world.hands):
        hand = world.hands[world.current]
        held, condottieri = len(hand), hand.count(facts.CONDOTTIERO)
        kinds = [k for k in set(hand) if timing(held, condottieri, k, world.last) is None]
        kinds.sort()
        place(world, free.pop(), rand.choice(kinds))
    return score(world.board, world.springs, world.letters, world.tokens, len(world.hands),
                 record=False)
