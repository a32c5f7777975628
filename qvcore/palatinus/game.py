"""A Palatinus game as its options, its seed and its actions: play, undo, save, load.

>>> game = Game({"players": 2}, seed=3)
>>> game.apply(game.legal_actions()[0])["type"]
'lay'
>>> Game.load(game.save()).view(None) == game.view(None)
True
"""

from __future__ import annotations

import copy
from typing import Any, cast

from ..errors import RuleError
from ..rng import check_seed
from ..saves import ReplayedGame, read_save, replayed
from .describe import describe
from .legality import refusal
from .observer import view as observe
from .options import Options
from .rules import apply_action, legal_actions
from .state import OVER, State

SAVE_FORMAT = "palatinus-save"
SAVE_VERSION = 1


class Game(ReplayedGame):
    """One table's game. Its state is always ``replay(options, seed, actions)`` (undo and past
    positions: ``ReplayedGame``)."""

    PAST_RULE = "P8"  # past positions only once the game is over

    def __init__(self, options: Options | dict[str, Any] | None = None, seed: int = 0) -> None:
        check_seed(seed, "P3")  # the one rule for seeds, as in Quo Vadis
        self.options = Options.from_dict(options)
        self.seed = seed
        self.state = State(self.options, seed)
        self.actions: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []

    # -- playing -----------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[dict[str, Any]]:
        """Legal actions now (of one player if given)."""
        return [a for a in legal_actions(self.state) if player is None or a["player"] == player]

    def apply(self, action: Any) -> dict[str, Any]:
        """Carry out ``action``; raises RuleError and changes nothing if it is illegal."""
        action = copy.deepcopy(action)
        event = cast(dict[str, Any], apply_action(self.state, action))  # protocol.EventData
        self.actions.append(action)
        self.events.append(event)
        return copy.deepcopy(event)

    def check(self, action: Any) -> None:
        """Raise the RuleError ``action`` would raise now, without playing it."""
        error = refusal(self.state, action)
        if error is not None:
            raise error

    def is_over(self) -> bool:
        """Whether every inhabitant is placed and the hills are scored (P5)."""
        return self.state.stage == OVER

    def undo_refusal(self, count: int) -> RuleError | None:
        """A laid tile stays laid (palatinus-rulings.md #16): laying one turns the next tile
        up for the next player, or the last one lays the hills' tokens (P3.2, P3.3); undone,
        its player would lay it again knowing what comes (P8)."""
        undone = self.events[len(self.events) - count:] if count else []
        if any(event["type"] == "lay" for event in undone):
            return RuleError("P8", "undo_laid", "a laid tile is not taken back: the tile or "
                             "tokens it turned up stay shown")
        return None

    # -- seeing ------------------------------------------------------------------------

    def view(self, viewer: int | None = None, log: bool = True) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for an onlooker) may see (P8), with the log."""
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < self.state.n):
            raise RuleError("P8", "bad_viewer", f"no seat {viewer!r} at this table",
                            viewer=repr(viewer)[:40])
        seen = cast(dict[str, Any], observe(self.state, viewer))  # protocol.View
        if log:
            seen["log"] = self.log()
        if self.state.stage == OVER:
            seen["seed"] = self.seed  # only at the end: it tells the pile's order (P8)
        return seen

    def log(self) -> list[dict[str, Any]]:
        """Every public event so far with its English text (no secret in them, P8)."""
        return [{"index": i, "player": e["player"], "type": e["type"],
                 "text": describe(e, self.options.names), "event": copy.deepcopy(e)}
                for i, e in enumerate(self.events)]

    def replay_view(self, length: int, viewer: int | None = None) -> dict[str, Any]:
        """The view after the first ``length`` actions; only once the game is over (P8)."""
        seen = self.past(length).view(viewer)
        seen["seed"] = self.seed
        return seen

    # -- undo, save, load --------------------------------------------------------------

    def save(self, meta: Any = None) -> dict[str, Any]:
        """A versioned JSON-ready save: options, seed, actions (and the caller's ``meta``)."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                                "options": self.options.to_dict(), "seed": self.seed,
                                "actions": copy.deepcopy(self.actions)}
        if meta is not None:
            data["meta"] = meta
        return data

    @classmethod
    def load(cls, data: Any) -> Game:
        """A game from ``save()`` data (a dict or JSON text); a clear RuleError if unusable."""
        options, seed, actions = read_save(data, SAVE_FORMAT, SAVE_VERSION, "Palatinus", "P3")
        return replayed(lambda: cls.replay(options, seed, actions))
