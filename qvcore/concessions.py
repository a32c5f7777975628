"""Concessions: a player who makes or allows the move that ends the game and loses it for
certain (R9.3, R12) while another action would have kept the game going. The tournament
counts them.

*For certain* is judged from what the player could know (``qvcore.knowledge``): it has no
senator in the Senate when the game ends, or a senator there holds more than it (or as much,
having entered first) even if every face-down token of theirs is an I.

- A *fill*: the mover takes the Senate's last seat and loses for certain, though another of
  its legal actions would not have ended the game.
- A *consent*: an asked player, free to refuse (no binding promise, R11), consents to a move
  that ends the game with it losing for certain, and the move could not be made without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import board, laurels, rules
from .errors import RuleError
from .protocol import Action
from .state import CONSENT, OVER, GameState

if TYPE_CHECKING:
    from .knowledge import Knowledge


def floors(knowledge: Knowledge) -> list[float]:
    """The least total each player can hold, from one seat's knowledge (its own: exact)."""
    return [float(laurels.heap_value(knowledge.known[q])) + knowledge.unknown(q)
            for q in range(knowledge.n)]


def lost_for_certain(before: GameState, after: GameState, seat: int,
                     least: Sequence[float]) -> bool:
    """Whether the game ended by ``before`` → ``after`` is lost for ``seat`` whatever the
    face-down tokens are: out of the Senate (R9.3), or outscored by a senator (R12)."""
    if after.stage != OVER or after.winner == seat:
        return False
    senate = after.offices[board.SENATE]
    if seat not in senate:
        return True
    own = after.total(seat)
    for q in set(senate) - {seat}:
        # what this move gained it less what it paid (an offer's tokens, a split): still at most
        # what it holds, since least[q] was at most what it held before (the deal's parties see
        # the tokens paid; a third player sees their count, and may be surer of less)
        floor = least[q] + after.total(q) - before.total(q)
        if floor > own or (floor == own and senate.index(q) < senate.index(seat)):
            return True
    return False


def _loses(s: GameState, seat: int, action: Action, least: Sequence[float]) -> bool:
    """Whether ``action`` ends the game with ``seat`` losing for certain."""
    after = s.copy()
    try:
        rules.apply_action(after, action)
    except RuleError:
        return False
    return lost_for_certain(s, after, seat, least)


def _ends(s: GameState, action: Mapping[str, Any]) -> bool:
    after = s.copy()
    try:
        rules.apply_action(after, action)
    except RuleError:
        return True
    return after.stage == OVER


def is_losing_fill(s: GameState, seat: int, action: Action,
                   legal: Sequence[Mapping[str, Any]], least: Sequence[float]) -> bool:
    """A move by ``seat`` that ends the game lost for certain while a legal action would
    not end it (``least``: the seat's floors of every total)."""
    if action.get("type") != "move" or action.get("to") != board.SENATE:
        return False
    if not _loses(s, seat, action, least):
        return False
    return any(not _ends(s, other) for other in legal if other.get("type") != "move"
               or other.get("to") != board.SENATE)


def free_to_refuse(legal: Sequence[Mapping[str, Any]], seat: int) -> bool:
    """Whether ``seat`` may answer the open request with a refusal (R11)."""
    return any(a["type"] == "answer" and a["player"] == seat and a["consents"] == 0
               for a in legal)


def losing_consents(s: GameState, move: Action, free: set[int],
                    least: Mapping[int, Sequence[float]]) -> list[int]:
    """The players in ``free`` whose consent made the game-ending ``move`` possible and who
    lose it for certain (``s`` is the state before the move, its request still open;
    ``least``: each seat's floors of every total)."""
    request = s.request
    if s.stage != CONSENT or request is None or move.get("type") != "move":
        return []
    after = s.copy()
    try:
        rules.apply_action(after, move)
    except RuleError:
        return []
    if after.stage != OVER:
        return []
    m = move["player"]
    spare = s.offices[board.PATH_FROM[request.path]].count(m) - 1
    out = []
    for q in sorted(set(move.get("supporters", [])) - {m}):
        if q not in free or not lost_for_certain(s, after, q, least[q]):
            continue
        others = spare + sum(a.consents for o, a in request.answers.items() if o != q)
        if others < request.needed:
            out.append(q)
    return out
