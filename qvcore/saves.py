"""Reading a save, the same way for every game: a game is its options, seed and actions.

``read_save`` checks the envelope (JSON, format, version, the three parts, the seed by
``rng.check_seed``); the game then replays the actions (``replay_actions``, and ``replayed``
words its refusals as a save's). Quo Vadis (``qvcore.game``) and Palatinus
(``qvcore.palatinus.game``) both use it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

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
