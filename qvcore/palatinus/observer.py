"""What one seat (or an onlooker) may see of a Palatinus game (P8).

Hidden from a viewer until the end: the kind of every wolf-faced inhabitant of
another player, and what another player holds behind the screen beyond what
anyone can count (faces: merchants and farmers shown face up, condottieri,
wolves). The pile's order of tiles and the seed are never shown.
"""

from __future__ import annotations

from . import facts
from .geometry import SLOTS, cell_of
from .legality import condottiero_turns, free_slots, legal_actions, placeable, withheld
from .protocol import Face, HandRow, InhabitantView, PlayerView, ScreenRow, TileView, View
from .state import OVER, SETUP, State, starting_supply

FACES: tuple[Face, ...] = ("merchant", "farmer", "condottiero", "wolf")


def view(s: State, viewer: int | None) -> View:
    """The JSON-ready view of ``viewer`` (a seat, or None for an onlooker)."""
    over = s.stage == OVER
    acting = viewer is not None and viewer == s.current and not over
    return {
        "game": "palatinus",
        "viewer": viewer,
        "options": s.options.to_dict(),
        "stage": s.stage,
        "current": None if over else s.current,
        "first_player": s.first_player,
        "turn": s.placements,
        "last_turns": facts.LAST_TURNS[s.n],
        "tiles": [_tile(s, slot) for slot in range(SLOTS)],
        "in_hand": s.in_hand(),
        "pile": len(s.pile) - (1 if s.stage == SETUP and s.pile else 0),
        "free_slots": free_slots(s),
        "springs": sorted(s.springs),
        "board": [_inhabitant(s, cell, viewer, over) for cell in sorted(s.board)],
        "players": [_player(s, q, viewer, over) for q in range(s.n)],
        "legal": list(legal_actions(s)) if acting else [],
        "placeable": ([{"colour": c, "kind": k, "wolf": w} for c, k, w in placeable(s)]
                      if acting and s.stage != SETUP else []),
        "withheld": ([{"colour": c, "kind": k, "wolf": w, "rule": why.rule, "code": why.code}
                      for (c, k, w), why in withheld(s)] if acting and s.stage != SETUP else []),
        "condottiero_turns": None if viewer is None else condottiero_turns(s, viewer),
        "winners": list(s.winners) if over else None,
    }


def _tile(s: State, slot: int) -> TileView:
    tile = s.tiles[slot]
    return {"slot": slot, "letter": tile[0] if tile else None,
            "rotation": tile[1] if tile else None, "token": s.tokens[slot] if tile else None,
            "hill": cell_of(slot, 0)}


def _inhabitant(s: State, cell: int, viewer: int | None, over: bool) -> InhabitantView:
    piece = s.board[cell]
    seen: InhabitantView = {"terrain": cell, "owner": piece.owner, "colour": piece.colour,
                            "wolf": piece.wolf, "order": piece.order}
    if not piece.wolf or over or viewer == piece.owner:
        seen["kind"] = piece.kind  # P8: a wolf's kind only for its owner until the end
    return seen


def _player(s: State, seat: int, viewer: int | None, over: bool) -> PlayerView:
    colours = sorted({c for c, _, _ in starting_supply(s.n, seat)})
    faces = {f"{c}:{face}": 0 for c in colours for face in FACES}
    for (colour, kind, wolf), n in s.supply[seat].items():
        faces[f"{colour}:{'wolf' if wolf else kind}"] += n
    screen: list[ScreenRow] = [{"colour": c, "face": f, "count": faces[f"{c}:{f}"]}
                               for c in colours for f in FACES]  # countable by anyone (P8)
    seen: PlayerView = {
        "seat": seat, "name": s.options.names[seat], "colours": colours,
        "held": s.held(seat),
        "screen": screen,
    }
    if viewer == seat or over:
        hand: list[HandRow] = [{"colour": c, "kind": k, "wolf": w, "count": n}
                               for (c, k, w), n in sorted(s.supply[seat].items())]
        seen["hand"] = hand
    if over:
        score = s.scores[seat]
        seen["result"] = {"captured": list(score.captured), "tokens": list(score.tokens),
                          "discs": list(score.discs), "points": score.points(),
                          "things": score.things()}
    return seen
