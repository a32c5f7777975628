"""Which actions the rules allow now: one check explains a refusal, the same check lists
the legal actions (P3, P4)."""

from __future__ import annotations

from typing import Any

from ..errors import RuleError
from . import facts
from .geometry import RING_SLOTS, SLOT_NEIGHBOURS, TERRAINS, is_hill
from .state import OVER, PLACE, SETUP, PieceType, State

LAY_KEYS = frozenset({"type", "player", "slot", "rotation"})
PLACE_KEYS = frozenset({"type", "player", "terrain", "colour", "kind", "wolf"})


def refusal(s: State, action: Any) -> RuleError | None:
    """The RuleError ``action`` breaks now, or None if it is legal."""
    if not isinstance(action, dict) or action.get("type") not in ("lay", "place"):
        return RuleError("P4", "bad_action", "an action is an object whose type is lay or place")
    keys = LAY_KEYS if action["type"] == "lay" else PLACE_KEYS
    if set(action) != keys:
        return RuleError("P4", "bad_action", f"a {action['type']} action has exactly the keys "
                         + ", ".join(sorted(keys)), keys=sorted(map(str, action))[:10])
    if s.stage == OVER:
        return RuleError("P5", "game_over", "the game is over")
    player = action["player"]
    if type(player) is not int or not 0 <= player < s.n:
        return RuleError("P4", "bad_player", f"no seat {player!r} at this table",
                         player=repr(player)[:40])
    if player != s.current:
        return RuleError("P4", "not_your_turn", f"it is seat {s.current + 1}'s turn",
                         player=player, current=s.current)
    if action["type"] == "lay":
        return _lay_refusal(s, action)
    return _place_refusal(s, action)


def _lay_refusal(s: State, action: dict[str, Any]) -> RuleError | None:
    if s.stage != SETUP:
        return RuleError("P3", "setup_over", "every tile is laid already")
    slot, rotation = action["slot"], action["rotation"]
    if type(slot) is not int or slot not in RING_SLOTS:
        return RuleError("P3", "bad_slot", "a tile goes on one of the six places around the "
                         "middle tile, 1 to 6", slot=repr(slot)[:40])
    if s.tiles[slot] is not None:
        return RuleError("P3", "slot_taken", f"a tile lies on place {slot} already", slot=slot)
    if slot not in free_slots(s):
        return RuleError("P3", "slot_not_touching", "the tile must touch the middle tile and "
                         "at least one tile already laid", slot=slot)
    if type(rotation) is not int or rotation not in turns():
        return RuleError("P3", "bad_rotation", "the turn of a tile is a whole number of sixths, "
                         f"0 to {len(turns()) - 1}", rotation=repr(rotation)[:40])
    return None


def _place_refusal(s: State, action: dict[str, Any]) -> RuleError | None:
    if s.stage != PLACE:
        return RuleError("P3", "setup_running", "the tiles must all be laid before anyone "
                         "places an inhabitant")
    terrain, colour, kind, wolf = (action["terrain"], action["colour"], action["kind"],
                                   action["wolf"])
    if type(terrain) is not int or not 0 <= terrain < 49:
        return RuleError("P4", "bad_terrain", f"there is no terrain {terrain!r}",
                         terrain=repr(terrain)[:40])
    if is_hill(terrain):
        return RuleError("P4", "hill", "inhabitants go on terrains, never on a hill",
                         terrain=terrain)
    if terrain in s.board:
        return RuleError("P4", "terrain_taken", f"terrain {terrain} is occupied",
                         terrain=terrain)
    if (type(colour) is not int or kind not in facts.KINDS or type(wolf) is not bool):
        return RuleError("P4", "bad_action", "an inhabitant is named by its colour (a whole "
                         "number), kind (merchant, farmer, condottiero) and wolf (true/false)")
    return piece_refusal(s, (colour, kind, wolf))


def piece_refusal(s: State, piece: PieceType) -> RuleError | None:
    """Why the current player may not place ``piece`` now (P2, P4's timing rule), or None."""
    colour, kind, wolf = piece
    if s.supply[s.current].get(piece, 0) <= 0:
        return RuleError("P2", "not_held", "you hold no such inhabitant behind your screen",
                         colour=colour, kind=kind, wolf=wolf)
    last = facts.LAST_TURNS[s.n]
    late = timing(s.held(s.current), s.held_condottieri(s.current), kind, last)
    if late == "condottiero_late":
        return RuleError("P4", "condottiero_late", "a condottiero may not be placed in the "
                         f"game's last {last} turns", last=last)
    if late == "condottiero_held":
        return RuleError("P4", "condottiero_held", "place a condottiero now: you may not "
                         f"hold one when only {last} inhabitants remain behind your screen",
                         last=last)
    return None


def timing(held: int, condottieri: int, kind: str, last: int) -> str | None:
    """P4's timing for placing one inhabitant of ``kind`` while holding ``held`` of which
    ``condottieri`` are condottieri: the refusal's code, or None.

    A condottiero may not go down in the last ``last`` turns; and (ruling 10) nobody may be
    left holding one then, so each condottiero still held after this placement needs a turn
    of its own before them.
    """
    if kind == facts.CONDOTTIERO and held <= last:
        return "condottiero_late"
    after = condottieri - (kind == facts.CONDOTTIERO)
    if after > max(0, held - 1 - last):
        return "condottiero_held"
    return None


def turns() -> range:
    """The turns a tile may be laid in, in sixths (ruling 2)."""
    return range(6) if facts.TILES_MAY_TURN else range(1)


def free_slots(s: State) -> list[int]:
    """P3.2: the ring places the tile in hand may go to: any while the ring is empty, then
    those that touch a ring tile already laid (every place touches the middle)."""
    if s.stage != SETUP:
        return []
    laid = {q for q in RING_SLOTS if s.tiles[q] is not None}
    return [q for q in RING_SLOTS if s.tiles[q] is None
            and (not laid or bool(SLOT_NEIGHBOURS[q] & laid))]


def legal_actions(s: State) -> list[dict[str, Any]]:
    """Every legal action now, in a fixed order (empty once the game is over)."""
    found: list[dict[str, Any]] = []
    if s.stage == SETUP:
        for slot in free_slots(s):
            found.extend({"type": "lay", "player": s.current, "slot": slot, "rotation": r}
                         for r in turns())
    elif s.stage == PLACE:
        free = [t for t in TERRAINS if t not in s.board]
        for piece in placeable(s):
            colour, kind, wolf = piece
            found.extend({"type": "place", "player": s.current, "terrain": t, "colour": colour,
                          "kind": kind, "wolf": wolf} for t in free)
    return found


def placeable(s: State) -> list[PieceType]:
    """The inhabitants the current player may place now (P4's timing rule applied)."""
    return [piece for piece, why in _held_with_refusals(s) if why is None]


def withheld(s: State) -> list[tuple[PieceType, RuleError]]:
    """The inhabitants the current player holds but may not place now, each with P4's
    refusal (ruling 10: a condottiero must go down first)."""
    return [(piece, why) for piece, why in _held_with_refusals(s) if why is not None]


def _held_with_refusals(s: State) -> list[tuple[PieceType, RuleError | None]]:
    """Each inhabitant the current player holds, with why it may not be placed now, or None."""
    hand = s.supply[s.current]
    return [(piece, piece_refusal(s, piece)) for piece in sorted(hand) if hand[piece] > 0]


def condottiero_turns(s: State, seat: int) -> int | None:
    """How many of ``seat``'s turns, the one it plays now included, are left to place the
    condottieri it holds (P4: none in its last three or four), or None when it holds none."""
    if s.stage != PLACE or not s.held_condottieri(seat):
        return None
    return max(0, s.held(seat) - facts.LAST_TURNS[s.n])
