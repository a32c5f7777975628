"""Standoffs (R9.1): once only Caesar has moved for rounds, standing still is worth less.

A game ends only when the Senate's last seat fills (R9.1). Late in a game every way up can
be full but the Senate's, so that the only actions left are Caesar moves and the fill; when
the fill makes one player win, the others refuse their consent and nobody fills, and a
table of such players moves Caesar for ever. A game that never ends is won by nobody, so a
bot that has seen the public position stand still (no senator added or moved) for
``CALM_ROUNDS`` rounds values a position that is still the same (a Caesar move, a refused
request) at its chance times a factor that halves with every further round. A deal that
ends the game with a chance then beats stalling: the players asked accept an offer that
leaves them one, the leader raises its offers until they do, and the players behind prefer
any move that changes the position. The factor never reaches 0, so a certain loss (0) stays
below standing still and no bot concedes (R9.3, R12). Once a standoff has lasted
``GIVE_UP_ROUNDS`` more, nothing is left to wait for: a standing still that has outlasted every
refusal's wait keeps no chance, so a player then ends the game, if it can, even lost
(``given_up``; ``Situation.hopeless``, ``normal.NormalBot.rank``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..state import OVER, GameState

#: rounds of turns with no senator added or moved before standing still loses its worth
CALM_ROUNDS = 3
#: the least share of a chance that standing still keeps, however long it lasts
LEAST = 1e-6
#: rounds of a standoff (after ``CALM_ROUNDS``) after which a bot takes its rivals' refusals
#: as final: by then it has asked again after waits of 4, 8, 16 and 32 rounds
#: (``memory.REFUSAL_ROUNDS``), and every player has had that long to change the position
GIVE_UP_ROUNDS = 64


def stall_factor(still_turns: int, players: int) -> float:
    """The share of a chance that standing still keeps, after ``still_turns`` turns in a row
    with nothing but Caesar moving: 1 for ``CALM_ROUNDS`` rounds, then halved every round."""
    over = still_turns / players - CALM_ROUNDS
    return 1.0 if over <= 0 else max(0.5 ** over, LEAST)


def still_after(still_turns: int, event: Mapping[str, Any]) -> int:
    """The turns in a row that ended with a Caesar move and no senator added or moved, after
    ``event`` (public: every player counts the same)."""
    kind = event.get("type")
    if kind in ("add", "move", "retire"):
        return 0
    if kind == "caesar" and not event.get("bonus"):
        return still_turns + 1
    return still_turns


def given_up(still_turns: int, players: int) -> bool:
    """Whether a standoff has lasted so long (``GIVE_UP_ROUNDS``) that nobody will change it:
    a player who could win only by a rival giving in then lets the game end (``Situation.
    hopeless``), since a game that never ends is won by nobody."""
    return still_turns >= (CALM_ROUNDS + GIVE_UP_ROUNDS) * players


def stalled(value: float, factor: float) -> float:
    """A chance ``value`` in a position that stands still, with this ``factor``."""
    return value * factor


def stood_still(start: GameState, after: GameState) -> bool:
    """Whether ``after`` is still the position of ``start``: the same game goes on and no
    senator has been added or moved (only Caesar, a request or its answers)."""
    return (after.stage != OVER and after.game_number == start.game_number
            and after.offices == start.offices)
