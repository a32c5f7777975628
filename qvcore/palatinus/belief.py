"""What a seat can know from its own view, and imagined worlds consistent with it (P8).

A bot never reads hidden kinds: it samples them. For each other colour the kinds
of its wolf-faced inhabitants (placed or held) are the wolf kinds of that
colour's set (P2, public), dealt at random; face-up inhabitants still held are
counted from the screen counts every view carries.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from . import facts
from .scoring import Placed
from .state import starting_supply


@dataclass
class World:
    """One complete position: board with every kind, every hand, whose turn."""

    board: dict[int, Placed]
    hands: list[list[str]]
    current: int
    order: int
    springs: frozenset[int]
    letters: list[str]
    tokens: list[int | None]
    last: int


def wolf_kinds(players: int, seat: int) -> dict[int, list[str]]:
    """The kinds of a seat's wolf-faced inhabitants by colour, from P2 (public knowledge)."""
    found: dict[int, list[str]] = {}
    for (colour, kind, wolf), count in sorted(starting_supply(players, seat).items()):
        if wolf:
            found.setdefault(colour, []).extend([kind] * count)
    return found


def sample_world(view: dict[str, Any], rand: random.Random) -> World:
    """A world consistent with ``view``: the viewer's own secrets as they are, the others'
    hidden kinds dealt at random from what P2 and the board leave possible."""
    me = view["viewer"]
    players = view["options"]["players"]
    board: dict[int, Placed] = {}
    unknown: dict[int, list[int]] = {}  # colour -> terrains of other players' wolves
    for seen in view["board"]:
        if "kind" in seen:
            board[seen["terrain"]] = (seen["owner"], seen["colour"], seen["kind"], seen["order"])
        else:
            unknown.setdefault(seen["colour"], []).append(seen["terrain"])
            board[seen["terrain"]] = (seen["owner"], seen["colour"], "", seen["order"])
    hands: list[list[str]] = []
    for player in view["players"]:
        seat = player["seat"]
        if seat == me:
            hands.append([h["kind"] for h in player["hand"] for _ in range(h["count"])])
            continue
        hand: list[str] = []
        held_wolves: dict[int, int] = {}
        for row in player["screen"]:
            if row["face"] == "wolf":
                held_wolves[row["colour"]] = row["count"]
            else:
                hand.extend([row["face"]] * row["count"])
        for colour, kinds in wolf_kinds(players, seat).items():
            deal = list(kinds)
            rand.shuffle(deal)
            for terrain in unknown.get(colour, []):
                owner, _, _, order = board[terrain]
                board[terrain] = (owner, colour, deal.pop(), order)
            hand.extend(deal[:held_wolves.get(colour, 0)])
        hands.append(hand)
    return World(board, hands, view["current"], len(view["board"]),
                 frozenset(view["springs"]), [t["letter"] or "?" for t in view["tiles"]],
                 [t["token"] for t in view["tiles"]], facts.LAST_TURNS[players])
