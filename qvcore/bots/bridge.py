"""The bots' JSON bridge for a Web Worker: JSON strings in, JSON strings out.

Every call returns ``{"ok": true, ...}`` or ``{"ok": false, "error": {...}}``.
A bot is sent only its seat's view and the public events (R10).

>>> host = BotHost()
>>> host.create(0, "random", 7, "null")
'{"ok": true, "seat": 0, "level": "random"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import Bot, make_bot


class BotHost:
    """The bots of one table, by seat."""

    def __init__(self) -> None:
        self.bots: dict[int, Bot] = {}

    def create(self, seat: int, level: str, seed: int, view_json: str = "null") -> str:
        """A bot for ``seat``; ``view_json`` (the seat's view, or null) primes its memory."""
        def run() -> dict[str, Any]:
            if not isinstance(seat, int) or not isinstance(seed, int) or seed < 0:
                raise ValueError("seat and seed must be whole numbers (seed ≥ 0)")
            bot = make_bot(level, seat, seed)
            view = json.loads(view_json)
            if isinstance(view, dict) and view.get("players"):
                bot.meet(view)
            self.bots[seat] = bot
            return {"seat": seat, "level": level}
        return _reply(run)

    def observe(self, event_json: str) -> str:
        """Feed one public event to every bot."""
        def run() -> dict[str, Any]:
            event = json.loads(event_json)
            if not isinstance(event, dict):
                raise ValueError("an event must be an object")
            for bot in self.bots.values():
                bot.observe(event)
            return {}
        return _reply(run)

    def decide(self, seat: int, view_json: str) -> str:
        """The action the bot of ``seat`` chooses from its view."""
        def run() -> dict[str, Any]:
            bot = self.bots.get(seat)
            if bot is None:
                raise ValueError(f"no bot sits at seat {seat}")
            view = json.loads(view_json)
            if not isinstance(view, dict):
                raise ValueError("a view must be an object")
            return {"action": bot.decide(view)}
        return _reply(run)

    def reset(self) -> str:
        """Forget every bot (a new game or an undo: create them again and replay events)."""
        self.bots = {}
        return _reply(dict)


def _reply(run: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps({"ok": True, **run()})
    except (ValueError, KeyError, TypeError) as error:
        return json.dumps({"ok": False, "error": {"rule": "bots", "code": "bad_bot_call",
                                                  "message": str(error), "params": {}}})
