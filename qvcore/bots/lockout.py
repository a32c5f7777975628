"""The Senate's last seat (R9): whether a player outside the Senate is shut out of the end.

With one seat left the next senator into the Senate ends the game, and a player with no
senator there loses whatever its laurels (R9.3). Such a player is *shut out* when a rival
can take that seat on its own turn without asking anybody (Caesar on its path, R6.5, or
enough of its own senators in the office it leaves, R6.2-R6.3), or when the player itself
cannot: it then needs the consent of rivals who gain by refusing it.

Hard does not make or allow a move that shuts it out when it was not already (``hard.py``):
it refuses such a consent and ranks such an action after every other. The evaluation weighs a
player's way to the Senate by its distance alone, and a one-ply look does not see the rival
who walks in next turn; deals that trade that last seat away for a laurel or two lost hard
games it led (docs/bots.md).
"""

from __future__ import annotations

from ..board import PATH_TO, SEATS, SENATE
from ..legality import unasked
from ..state import OVER, GameState

#: the paths into the Senate
INTO_SENATE = tuple(path for path in range(len(PATH_TO)) if PATH_TO[path] == SENATE)


def free_entry(s: GameState, player: int) -> bool:
    """Whether ``player`` can move a senator into the Senate on its turn without any other
    player's consent (``legality.unasked``: R6.1-R6.5)."""
    return any(unasked(s, player, path) for path in INTO_SENATE)


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


__all__ = ["INTO_SENATE", "free_entry", "shut_out"]
