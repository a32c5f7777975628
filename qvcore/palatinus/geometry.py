"""The board's shape (P1, P3): seven flower tiles of seven hexes, a middle tile and a ring.

Cells are numbered ``slot * 7 + k``: slot 0 is the middle tile, slots 1-6 the
ring (counter-clockwise from the east); ``k = 0`` is the slot's hill and
``k = 1…6`` its six terrains, counter-clockwise from the east. Coordinates are
axial hex coordinates ``(q, r)``, for the page's drawing.

>>> len(CELLS), len(TERRAINS)
(49, 42)
>>> sorted(NEIGHBOURS[0]) == [1, 2, 3, 4, 5, 6]
True
"""

from __future__ import annotations

#: the six hex directions in axial coordinates, counter-clockwise from the east
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: where the ring tiles' hills lie from the middle hill: a flower tiling of the plane
SLOT_OFFSETS: tuple[tuple[int, int], ...] = (
    (0, 0), (2, 1), (3, -2), (1, -3), (-2, -1), (-3, 2), (-1, 3))
SLOTS = 7
RING_SLOTS = tuple(range(1, SLOTS))
CELLS_PER_SLOT = 7


def cell_of(slot: int, k: int) -> int:
    """The cell of position ``k`` (0 = hill, 1-6 = terrains) on ``slot``."""
    return slot * CELLS_PER_SLOT + k


def slot_of(cell: int) -> int:
    """The slot (tile) a cell lies on."""
    return cell // CELLS_PER_SLOT


def is_hill(cell: int) -> bool:
    """Whether a cell is a hill (never occupied, P4)."""
    return cell % CELLS_PER_SLOT == 0


def _coordinates() -> tuple[tuple[int, int], ...]:
    found: list[tuple[int, int]] = []
    for sq, sr in SLOT_OFFSETS:
        found.append((sq, sr))
        found.extend((sq + dq, sr + dr) for dq, dr in DIRECTIONS)
    return tuple(found)


COORDS: tuple[tuple[int, int], ...] = _coordinates()
CELLS = tuple(range(len(COORDS)))
TERRAINS = tuple(c for c in CELLS if not is_hill(c))
HILLS = tuple(c for c in CELLS if is_hill(c))
_AT = {xy: c for c, xy in enumerate(COORDS)}


def _neighbours() -> tuple[frozenset[int], ...]:
    return tuple(frozenset(_AT[(q + dq, r + dr)] for dq, dr in DIRECTIONS
                           if (q + dq, r + dr) in _AT) for q, r in COORDS)


#: every cell's neighbouring cells on the 49-hex board (hills included)
NEIGHBOURS: tuple[frozenset[int], ...] = _neighbours()
#: every terrain's neighbouring terrains (what P6 counts: a hill is no terrain)
TERRAIN_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(n for n in NEIGHBOURS[c] if not is_hill(n))) for c in CELLS)


def _slot_neighbours() -> tuple[frozenset[int], ...]:
    found: list[set[int]] = [set() for _ in range(SLOTS)]
    for cell in CELLS:
        for other in NEIGHBOURS[cell]:
            if slot_of(other) != slot_of(cell):
                found[slot_of(cell)].add(slot_of(other))
    return tuple(frozenset(s) for s in found)


#: which slots touch which, side to side (P3.2)
SLOT_NEIGHBOURS: tuple[frozenset[int], ...] = _slot_neighbours()


def terrain_side(k: int, rotation: int) -> int:
    """The side (0-5) of a tile, as printed, that lands on position ``k`` (1-6) of its slot
    when the tile is laid turned by ``rotation`` sixth-turns counter-clockwise."""
    return (k - 1 - rotation) % 6


def board_data() -> dict[str, object]:
    """The fixed geometry as JSON-ready data for a page: cells with coordinates and the
    terrains beside each (what P6 counts)."""
    return {
        "slots": SLOTS,
        "cells": [{"cell": c, "slot": slot_of(c), "k": c % CELLS_PER_SLOT, "hill": is_hill(c),
                   "q": COORDS[c][0], "r": COORDS[c][1],
                   "neighbours": list(TERRAIN_NEIGHBOURS[c])} for c in CELLS],
        "slot_neighbours": [sorted(s) for s in SLOT_NEIGHBOURS],
    }
