"""Reading a save, the same way for every game: a game is its options, seed and actions.

``read_save`` checks the envelope (JSON, format, version, the three parts, the seed by
``rng.check_seed``); the game then replays the actions (``replay_actions``, and ``replayed``
words its refusals as a save's). Quo Vadis (``qvcore.game``) and Palatinus
(``qvcore.palatinus.game``) both use it, and both games' undo and past positions
(``ReplayedGame``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, Self, TypeVar

from .errors import RuleError
from .rng import check_seed

GameT = TypeVar("GameT")


def read_save(data: Any, save_format: str, version: int, game_name: str,
              seed_rule: str = "R3") -> tuple[dict[str, Any], int, list[Any]]:
    """The options, seed and actions of ``save()`` data (a dict or JSON text), or the save's
    RuleError: ``corrupt_save``, ``foreign_save`` or ``unknown_version``."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:
            raise RuleError("save", "corrupt_save", "this file is not valid JSON") from error
    if not isinstance(data, dict) or data.get("format") != save_format:
        raise RuleError("save", "foreign_save", f"this is not a {game_name} save")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise RuleError("save", "unknown_version", f"save version {found!r} is not "
                        f"supported (this engine reads version {version})",
                        version=repr(found)[:40])
    options, seed, actions = data.get("options"), data.get("seed"), data.get("actions")
    if not isinstance(actions, list) or type(seed) is not int or not isinstance(options, dict):
        raise RuleError("save", "corrupt_save",
                        "the save has no valid options, seed or action list")
    try:
        check_seed(seed, seed_rule)
    except RuleError as error:
        raise RuleError("save", "corrupt_save", f"the save's seed is invalid: {error}",
                        field="seed") from error
    return options, seed, actions


class Replayable(Protocol):
    """A game that plays actions one by one (either game's ``Game``)."""

    def apply(self, action: Any) -> dict[str, Any]: ...


ReplayableT = TypeVar("ReplayableT", bound=Replayable)


def replay_actions(game: ReplayableT, actions: list[Any]) -> ReplayableT:
    """Play a save's actions on a new game; the first refused one is the save's
    ``bad_save_action``, naming it."""
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except RuleError as error:
            raise RuleError("save", "bad_save_action",
                            f"action {index + 1} cannot be replayed: {error}",
                            index=index) from error
    return game


def replayed(replay: Callable[[], GameT]) -> GameT:
    """Run a save's replay; a refusal of its options becomes the save's ``corrupt_save``."""
    try:
        return replay()
    except RuleError as error:
        if error.rule == "save":
            raise
        raise RuleError("save", "corrupt_save", f"the save's options are invalid: {error}") \
            from error


class ReplayedGame:
    """What both games' ``Game`` share: a game is ``replay(options, seed, actions)``, so an
    undo and a past position are the replay of the first actions.

    A subclass sets ``PAST_RULE`` (the rule that keeps past positions closed while the game
    runs) and has ``options``, ``seed``, ``actions`` and ``is_over``; ``undo_refusal`` may
    refuse an undo the count allows (Quo Vadis: a finished game, a draw from the pile;
    Palatinus: a tile laid).
    """

    PAST_RULE = "R10"
    options: Any
    seed: int
    actions: list[dict[str, Any]]

    def __init__(self, options: Any, seed: int) -> None:
        raise NotImplementedError  # each game's own

    def apply(self, action: Any) -> dict[str, Any]:
        raise NotImplementedError  # each game's own

    def is_over(self) -> bool:
        raise NotImplementedError  # each game's own

    @classmethod
    def replay(cls, options: Any, seed: int, actions: list[Any]) -> Self:
        """Rebuild a game from its options, seed and actions."""
        return replay_actions(cls(options, seed), actions)

    def past(self, length: Any) -> Self:
        """The game after its first ``length`` actions, for stepping through a finished game:
        refused while the game runs (a past position rebuilds hidden information)."""
        rule = self.PAST_RULE
        if not self.is_over():
            raise RuleError(rule, "game_running", "past positions can be replayed "
                            "only once the game is over")
        if type(length) is not int or not 0 <= length <= len(self.actions):
            raise RuleError("undo", "bad_undo", f"there is no action {length!r} of "
                            f"{len(self.actions)}", length=repr(length)[:40])
        return self.replay(self.options, self.seed, self.actions[:length])

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions."""
        self.check_undo(count)
        self.truncate(len(self.actions) - count)

    def check_undo(self, count: Any = 1) -> None:
        """Raise the RuleError ``undo(count)`` would raise now, taking nothing back (the page
        asks before a confirmation, so that it never confirms what the rules refuse)."""
        if type(count) is not int or not 0 <= count <= len(self.actions):
            raise RuleError("undo", "bad_undo", f"cannot undo {count!r} of {len(self.actions)} "
                            "actions", count=repr(count)[:40])
        error = self.undo_refusal(count)
        if error is not None:
            raise error

    def undo_refusal(self, count: int) -> RuleError | None:
        """Why the last ``count`` actions may not be taken back (None: they may)."""
        return None

    def truncate(self, length: Any) -> None:
        """Go back to the game after its first ``length`` actions (undo to any point)."""
        if type(length) is not int or not 0 <= length <= len(self.actions):
            raise RuleError("undo", "bad_undo", f"cannot go back to action {length!r} of "
                            f"{len(self.actions)}", length=repr(length)[:40])
        vars(self).update(vars(self.replay(self.options, self.seed, self.actions[:length])))
