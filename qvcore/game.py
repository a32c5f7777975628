"""A game as its options, its seed and its list of actions: play, undo, save, load.

>>> game = Game({"players": 3}, seed=7)
>>> event = game.apply({"type": "add", "player": 0, "office": 1})
>>> game.describe(event)
'Player 1 adds a senator to office 1.'
>>> Game.load(game.save()).state.to_dict() == game.state.to_dict()
True
"""

from __future__ import annotations

import copy
from typing import Any, cast

from . import rules
from .describe import describe
from .errors import RuleError
from .legality import copy_action, refusal
from .observer import Observer
from .options import Options
from .rng import check_seed
from .saves import ReplayedGame, read_save, replayed
from .state import OVER, GameState

SAVE_FORMAT = "qvcore-save"
SAVE_VERSION = 1


class Game(ReplayedGame):
    """One table's game. Its state is always ``replay(options, seed, actions)`` (undo and past
    positions: ``ReplayedGame``)."""

    PAST_RULE = "R10"  # past positions only once the game is over

    def __init__(self, options: Options | dict[str, Any] | None = None, seed: int = 0) -> None:
        check_seed(seed)
        self.options = Options.from_dict(options)
        self.seed = seed
        self.state = GameState(self.options, seed)
        self.actions: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = []

    # -- playing -----------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[dict[str, Any]]:
        """Legal actions now (of one player if given); deal terms come on top (see protocol)."""
        return [cast(dict[str, Any], copy_action(a)) for a in rules.legal_actions(self.state)
                if player is None or a["player"] == player]

    def apply(self, action: Any) -> dict[str, Any]:
        """Carry out ``action`` (a plain dict); raises RuleError and changes nothing if illegal."""
        action = _plain_copy(action)
        event = cast(dict[str, Any], rules.apply_action(self.state, action))
        self.actions.append(action)
        self.events.append(event)
        # the log keeps its own copy of the public event (R10: it holds no secret), so the
        # page can word the log in any language
        self._log.append({"index": len(self._log), "player": event["player"],
                          "type": event["type"], "text": self.describe(event),
                          "event": _plain_copy(event)})
        return event

    def check(self, action: Any) -> None:
        """Raise the RuleError that ``action`` would raise now, without playing it."""
        error = refusal(self.state, _plain_copy(action))  # the checks apply() runs first
        if error is not None:
            raise error

    def is_over(self) -> bool:
        """Whether the game (or V3 series) has ended (R9.1)."""
        return self.state.stage == OVER

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the others; all 0 while the game runs."""
        winner = self.state.winner
        return [1.0 if q == winner else 0.0 for q in range(self.state.n)]

    # -- seeing ------------------------------------------------------------------------

    def view(self, viewer: int | None = None, log: bool = True) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for an onlooker) may see, plus the log unless
        ``log`` is false (a seat's decision needs the position, not the history)."""
        if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool)
                                   or not 0 <= viewer < self.state.n):
            raise RuleError("R10", "bad_viewer", f"no seat {viewer!r} at this table",
                            viewer=repr(viewer))
        view = cast(dict[str, Any], Observer(viewer).view(self.state))  # protocol.View
        if log:
            view["log"] = self.log()
        if self.state.stage == OVER:
            view["seed"] = self.seed  # only at the end: it predicts every draw (R10, rulings #21)
        return view

    def replay_view(self, length: int, viewer: int | None = None) -> dict[str, Any]:
        """The view after the first ``length`` actions, for stepping through a finished game.

        Refused while the game runs: a past position rebuilds hidden information,
        e.g. which laurel a move took (R10).
        """
        past = self.past(length)
        view = past.view(viewer)
        view["seed"] = self.seed  # the game is over: the seed is no secret any more
        return view

    def log(self) -> list[dict[str, Any]]:
        """Every event so far with its English text and the event itself; events carry no
        secret (R10). Entries are fresh; each ``event`` is the log's own record (not copied
        again, since a view holds them all): read it, do not change it."""
        return [dict(line) for line in self._log]

    def describe(self, event: dict[str, Any]) -> str:
        """An event in words."""
        return describe(event, self.options.names)

    # -- undo, save, load --------------------------------------------------------------

    def undo_refusal(self, count: int) -> RuleError | None:
        """A finished game stays finished (rulings.md #29): no undo once the game (or a game of
        a V3 series) has ended and every hoard was shown (R9.1, R10); it can be replayed, or a
        new one started. A token drawn from the pile stays drawn (rulings.md #30): undoing
        the move that drew it would put it back on top, and the move played again would show
        it before its time (R7.1, R10); so do the next game's laurels of a V3 series, dealt by
        the council's last choice (R3.2, R10)."""
        undone = self.events[len(self.events) - count:] if count else []
        if self.state.stage == OVER or any("game_over" in event for event in undone):
            return RuleError("undo", "undo_finished", "a finished game is not undone: replay "
                             "it or start a new one")
        if any(event.get("replaced_by") is not None for event in undone):
            return RuleError("R10", "undo_drawn", "a token drawn from the pile is not put "
                             "back: the move that drew it cannot be undone")
        if any(event.get("next_game") is not None for event in undone):
            return RuleError("R10", "undo_dealt", "the next game's laurels are dealt from the "
                             "pile: the council's choice that started it cannot be undone")
        return None

    def save(self, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """A versioned JSON-ready save: options, seed, actions (and the caller's ``meta``)."""
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "actions": _plain_copy(self.actions),
        }
        if meta is not None:
            data["meta"] = meta
        return data

    @classmethod
    def load(cls, data: Any) -> Game:
        """A game from ``save()`` data (a dict or a JSON string); clear RuleError if unusable."""
        options, seed, actions = read_save(data, SAVE_FORMAT, SAVE_VERSION, "Quo Vadis?")
        return replayed(lambda: cls.replay(options, seed, actions))


def _plain_copy(value: Any) -> Any:
    """A deep copy, so callers cannot change recorded actions behind the game's back."""
    return copy.deepcopy(value)
