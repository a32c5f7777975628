"""The bridge the browser calls through Pyodide for Palatinus: JSON strings in and out.

Every call returns ``{"ok": true, ...}`` or ``{"ok": false, "error": {rule, code,
message, params}}``; a rejected call leaves the game exactly as it was. Input is
strict JSON (``qvcore.jsonio``) and numbers from JavaScript must be real whole
numbers: nothing is coerced.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..jsonio import loads, reply, whole
from ..rng import check_seed
from .facts import SPRINGS
from .game import Game
from .geometry import board_data
from .state import springs_of

__all__ = ["Table"]


class Table:
    """One browser tab's Palatinus game, driven by JSON calls."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def board(self) -> str:
        """The fixed geometry (cells, coordinates, which places touch) and, to preview a tile
        turned, the terrains ``k`` (1-6) of its place its springs lie on at each rotation
        (P1, P3, ruling 1)."""
        # the place of the middle, 0, numbers its cells by k: the lay's own springs_of
        return reply(lambda: {"board": board_data(), "turned_springs": {
            letter: [springs_of(0, (letter, rotation)) for rotation in range(6)]
            for letter in SPRINGS}})

    def new_game(self, options_json: str, seed: int) -> str:
        """Start a new game; returns the onlooker's view."""
        def run() -> dict[str, Any]:
            options = _json(options_json, "the options text")
            self.game = Game(options, check_seed(seed, "P3"))
            return {"view": self.game.view(None)}
        return reply(run)

    def load(self, save_json: str) -> str:
        """Replace the game by a saved one; a bad save changes nothing."""
        def run() -> dict[str, Any]:
            data, game = _loaded(save_json)
            self.game = game
            return {"view": game.view(None), "meta": data.get("meta")}
        return reply(run)

    def check_save(self, save_json: str) -> str:
        """Whether a saved game would load, and how many actions it holds (P3); the game on
        the table is unchanged, so the page can ask before one replaces it."""
        return reply(lambda: {"actions": len(_loaded(save_json)[1].actions)})

    def save(self, meta_json: str = "null") -> str:
        """The save data of the running game, with the page's ``meta``."""
        return reply(lambda: {"save": self._game().save(_json(meta_json, "the meta text"))})

    def view(self, viewer: int | None = None) -> str:
        """The view of a seat, or of an onlooker (None), with the log (P8)."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": game.view(None if viewer is None else _seat(game, viewer))}
        return reply(run)

    def seat_view(self, seat: int) -> str:
        """A seat's view without the log: what a decision or a bot needs."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": game.view(_seat(game, seat), log=False)}
        return reply(run)

    def legal(self, seat: int) -> str:
        """One seat's legal actions now."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"legal": game.legal_actions(_seat(game, seat))}
        return reply(run)

    def act(self, action_json: str) -> str:
        """Play an action; returns its public event, its log entry, the number of actions
        and the onlooker's view without the log."""
        def run() -> dict[str, Any]:
            game = self._game()
            event = game.apply(_parse(action_json))
            return {"event": event, "entry": game.log()[-1], "actions": len(game.actions),
                    "view": game.view(None, log=False)}
        return reply(run)

    def check(self, action_json: str) -> str:
        """Whether an action is legal now, with the rule's reason if not; plays nothing."""
        def run() -> dict[str, Any]:
            self._game().check(_parse(action_json))
            return {}
        return reply(run)

    def undo(self, count: int = 1) -> str:
        """Take back the last ``count`` actions."""
        def run() -> dict[str, Any]:
            game = self._game()
            game.undo(whole(count, "undo", "the undo count"))
            return {"actions": len(game.actions), "view": game.view(None, log=False)}
        return reply(run)

    def check_undo(self, count: int = 1) -> str:
        """Whether the last ``count`` actions may be taken back, with the rule's reason if not
        (P8: a tile laid); takes nothing back."""
        def run() -> dict[str, Any]:
            self._game().check_undo(whole(count, "undo", "the undo count"))
            return {}
        return reply(run)

    def replay_view(self, length: int) -> str:
        """The onlooker's view after the first ``length`` actions of a finished game (P8)."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": game.replay_view(whole(length, "undo", "the action count"))}
        return reply(run)

    def _game(self) -> Game:
        if self.game is None:
            raise RuleError("P3", "no_game", "no game has been started")
        return self.game


def _seat(game: Game, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < game.state.n:
        raise RuleError("P8", "bad_viewer", f"no seat {seat!r} at this table",
                        viewer=repr(seat)[:40])
    return seat


def _parse(text: Any) -> Any:
    return loads(text, "P4", "bad_action", "the action")


def _json(text: Any, what: str) -> Any:
    return loads(text, "P2", "bad_input", what)


def _loaded(save_json: Any) -> tuple[Any, Game]:
    """A save's data and its game, replayed; a bad save raises the rule's error."""
    data = loads(save_json, "save", "corrupt_save", "this file")
    return data, Game.load(data)
