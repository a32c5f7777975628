"""The Senate's last seat (R9): whether a player outside the Senate is shut out of the end.

With one seat left the next senator into the Senate ends the game, and a player with no
senator there loses whatever its laurels (R9.3). Such a player is *shut out* when a rival
can take that seat on its own turn without asking anybody (Caesar on its path, R6.5, or
enough of its own senators in the office it leaves, R6.2-R6.3), or when the player itself
cannot: it then needs the consent of rivals who gain by refusing it.

Every level that ranks its actions (``normal.py``, and so hard) puts last a move whose deal
binds it to consent to a rival who can then take that seat (``opens_the_end``), while another
action keeps the game open.

Hard does not make or allow a move that shuts it out when it was not already (``hard.py``):
it refuses such a consent and ranks such an action after every other. The evaluation weighs a
player's way to the Senate by its distance alone, and a one-ply look does not see the rival
who walks in next turn; deals that trade that last seat away for a laurel or two lost hard
games it led (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..board import CONSENTS_NEEDED, PATH_FROM, PATH_TO, SEATS, SENATE
from ..legality import path_refusal, unasked
from ..state import OVER, GameState

Item = TypeVar("Item")

#: the paths into the Senate
INTO_SENATE = tuple(path for path in range(len(PATH_TO)) if PATH_TO[path] == SENATE)


def free_entry(s: GameState, player: int) -> bool:
    """Whether ``player`` can move a senator into the Senate on its turn without any other
    player's free consent: unasked (``legality.unasked``: R6.1-R6.5), or asking only players
    bound by a promise to consent to it (R11)."""
    return any(unasked(s, player, path) or _promised_way(s, player, path)
               for path in INTO_SENATE)


def _promised_way(s: GameState, player: int, path: int) -> bool:
    """Whether ``player``'s own senators (R6.3) and the consents promised to it that still bind
    on its next turn (R11: the promisor must consent) are enough to take ``path``."""
    if not s.promises or path_refusal(s, player, path) is not None:
        return False
    office = PATH_FROM[path]
    here = s.offices[office]
    turn = s.turn + (player - s.current) % s.n  # the player's next turn
    bound = {p.by for p in s.promises if p.kind == "consent" and p.player == player
             and p.by != player and p.by in here and p.binds(turn)}
    return bool(bound) and here.count(player) - 1 + len(bound) >= CONSENTS_NEEDED[office]


def opens_the_end(before: GameState, after: GameState, seat: int) -> bool:
    """Whether ``after`` gives a rival a free way into the Senate's last seat that ``before``
    did not, with ``seat`` outside the Senate: that rival then ends the game when it likes,
    and ``seat`` loses it (R9.3). A deal's promise of consent does it (R11): a tournament game
    (seed 99) was lost 42 to 29 from outside, to a fill the loser's own promise had to allow."""
    senate = after.offices[SENATE]
    if (after.stage == OVER or after.options.series or seat in senate
            or SEATS[SENATE] - len(senate) != 1):
        return False
    return any(free_entry(after, q) and not free_entry(before, q)
               for q in range(after.n) if q != seat)


def shut_out(s: GameState, seat: int) -> bool:
    """Whether ``seat`` is outside a Senate with one seat left and a rival can fill it without
    asking, or the seat cannot enter without asking (never in a V3 series, where every player
    scores, R12)."""
    senate = s.offices[SENATE]
    if s.stage == OVER or s.options.series or seat in senate:
        return False
    if SEATS[SENATE] - len(senate) != 1:
        return False
    return not free_entry(s, seat) or any(free_entry(s, q) for q in range(s.n) if q != seat)


def put_last(ranked: list[Item], flagged: Callable[[Item], bool]) -> list[Item]:
    """``ranked`` with its flagged items moved after the others (both kept in order); as it
    is when every item is flagged (no action is left that keeps the game as the rule wants)."""
    marks = [flagged(item) for item in ranked]
    kept = [item for item, mark in zip(ranked, marks, strict=True) if not mark]
    last = [item for item, mark in zip(ranked, marks, strict=True) if mark]
    return kept + last if kept else ranked


__all__ = ["INTO_SENATE", "free_entry", "opens_the_end", "put_last", "shut_out"]
