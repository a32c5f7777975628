"""The bridge the browser calls through Pyodide: JSON strings in, JSON strings out.

Every call returns ``{"ok": true, ...}`` or ``{"ok": false, "error": {rule, code,
message, params}}``; a rejected action leaves the game exactly as it was. Input is
strict JSON (``strictjson`` through ``jsonio``: no NaN or Infinity, at most ``MAX_DEPTH``
levels deep and ``MAX_INPUT_CHARS`` characters long) and numbers from JavaScript must be
real whole numbers: nothing is coerced.
"""

from __future__ import annotations

from typing import Any

from .board import board_data
from .errors import RuleError
from .game import Game
from .jsonio import loads as _loads
from .jsonio import reply as _reply
from .jsonio import whole as _whole
from .rng import check_seed
from .strictjson import MAX_DEPTH, MAX_INPUT_CHARS, MAX_SAFE_INTEGER

__all__ = ["MAX_DEPTH", "MAX_INPUT_CHARS", "MAX_SAFE_INTEGER", "Table"]


class Table:
    """One browser tab's game, driven by JSON calls."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def board(self) -> str:
        """The fixed board data (R2)."""
        return _reply(lambda: {"board": board_data()})

    def new_game(self, options_json: str, seed: int) -> str:
        """Start a new game; returns the onlooker's view."""
        def run() -> dict[str, Any]:
            options = _json(options_json, "the options text")
            self.game = Game(options, check_seed(seed))
            return {"view": self.game.view(None)}
        return _reply(run)

    def load(self, save_json: str) -> str:
        """Replace the game by a saved one; a bad save changes nothing."""
        def run() -> dict[str, Any]:
            data, game = _loaded(save_json)
            view = game.view(None)
            self.game = game
            return {"view": view, "meta": data.get("meta")}
        return _reply(run)

    def check_save(self, save_json: str) -> str:
        """Whether a saved game would load, and how many actions it holds; the game on the
        table is unchanged, so the page can ask before one replaces it."""
        return _reply(lambda: {"actions": len(_loaded(save_json)[1].actions)})

    def save(self, meta_json: str = "null") -> str:
        """The save data of the running game, with the page's ``meta`` (names, colours...)."""
        return _reply(lambda: {"save": self._game().save(_json(meta_json, "the meta text"))})

    def first_view(self, seat: int) -> str:
        """One seat's view of the game's set-up, before any action: what a bot seat starts
        from (the board's tokens lie face up, hoards are empty: nothing hidden, R10)."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": Game(game.options, game.seed).view(_seat(game, seat))}
        return _reply(run)

    def events(self, start: int = 0) -> str:
        """The public events (no secret in them, R10) from action ``start`` on, for bots."""
        def run() -> dict[str, Any]:
            n = _whole(start, "undo", "the event index")
            return {"events": self._game().events[max(n, 0):]}
        return _reply(run)

    def view(self, viewer: int | None = None) -> str:
        """The view of a seat (with its hoard and legal actions) or of an onlooker (None)."""
        return _reply(lambda: {"view": self._game().view(viewer)})

    def seat_view(self, seat: int) -> str:
        """A seat's view without the log: what a decision dialog or a bot needs, at a size
        that does not grow with the game."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": game.view(_seat(game, seat), log=False)}
        return _reply(run)

    def legal(self, seat: int) -> str:
        """One seat's legal actions now (cheaper than its whole view)."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"legal": game.legal_actions(_seat(game, seat))}
        return _reply(run)

    def hoard(self, seat: int) -> str:
        """One seat's own laurels and total, for that seat's eyes only (R10)."""
        def run() -> dict[str, Any]:
            game = self._game()
            me = game.view(_seat(game, seat))["players"][seat]
            return {"hoard": me.get("hoard", {}), "total": me.get("total", 0)}
        return _reply(run)

    def act(self, action_json: str) -> str:
        """Play an action; returns its event, its text, its log ``entry``, the number of
        ``actions`` and the onlooker's view without the log (the page appends the entry, so a
        reply stays small however long the game)."""
        def run() -> dict[str, Any]:
            game = self._game()
            event = game.apply(_parse(action_json))
            view = _lean_view(game)
            entry = game.log()[-1]
            return {"event": event, "text": entry["text"], "entry": entry,
                    "actions": len(game.actions), "view": view}
        return _reply(run)

    def check(self, action_json: str) -> str:
        """Whether an action is legal now, with the rule's reason if not; plays nothing."""
        def run() -> dict[str, Any]:
            self._game().check(_parse(action_json))
            return {}
        return _reply(run)

    def undo(self, count: int = 1) -> str:
        """Take back the last ``count`` actions."""
        def run() -> dict[str, Any]:
            game = self._game()
            game.undo(_whole(count, "undo", "the undo count"))
            return {"actions": len(game.actions), "view": _lean_view(game)}
        return _reply(run)

    def check_undo(self, count: int = 1) -> str:
        """Whether the last ``count`` actions may be taken back, with the rule's reason if not
        (R10: a draw from the pile, the game's end); takes nothing back."""
        def run() -> dict[str, Any]:
            self._game().check_undo(_whole(count, "undo", "the undo count"))
            return {}
        return _reply(run)

    def replay_view(self, length: int) -> str:
        """The onlooker's view after the first ``length`` actions of a finished game (R10)."""
        def run() -> dict[str, Any]:
            game = self._game()
            return {"view": game.replay_view(_whole(length, "undo", "the action count"))}
        return _reply(run)

    def _game(self) -> Game:
        if self.game is None:
            raise RuleError("R3", "no_game", "no game has been started")
        return self.game


def _lean_view(game: Game) -> dict[str, Any]:
    """The onlooker's view without the log (the page keeps its own copy of the log)."""
    view = game.view(None)
    view.pop("log", None)
    return view


def _seat(game: Game, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < game.state.n:
        raise RuleError("R10", "bad_viewer", f"no seat {seat!r} at this table", viewer=repr(seat))
    return seat


def _parse(text: str) -> Any:
    return _loads(text, "R4", "bad_action", "the action")


def _json(text: str, what: str) -> Any:
    return _loads(text, "R4", "bad_input", what)


def _loaded(save_json: Any) -> tuple[Any, Game]:
    """A save's data and its game, replayed; a bad save raises the rule's error."""
    if not isinstance(save_json, str):
        raise RuleError("save", "corrupt_save", "a save must be given as JSON text")
    data = _loads(save_json, "save", "corrupt_save", "this file")
    return data, Game.load(data)
