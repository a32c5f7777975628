"""The Palatinus bots' JSON bridge for a Web Worker: JSON strings in, JSON strings out.

Every call returns ``{"ok": true, ...}`` or ``{"ok": false, "error": {...}}``
(rule ``bots``, code ``bad_bot_call``). A bot is sent only its seat's view (P8).

>>> host = BotHost()
>>> host.create(0, "easy", 7)
'{"ok": true, "seat": 0, "level": "easy"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..jsonio import strict_loads
from .bots import LEVELS, Bot, make_bot


class BotHost:
    """The bots of one table, by seat."""

    def __init__(self) -> None:
        self.bots: dict[int, Bot] = {}

    def create(self, seat: int, level: str, seed: int) -> str:
        """A bot of ``level`` (random, easy, greedy, hard) for ``seat``."""
        def run() -> dict[str, Any]:
            if type(seat) is not int or type(seed) is not int or seed < 0 or seat < 0:
                raise ValueError("seat and seed must be whole numbers ≥ 0")
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}")
            self.bots[seat] = make_bot(level, seat, seed)
            return {"seat": seat, "level": level}
        return _reply(run)

    def decide(self, seat: int, view_json: str) -> str:
        """The action the bot of ``seat`` chooses from that seat's view (without the log)."""
        def run() -> dict[str, Any]:
            bot = self.bots.get(seat) if type(seat) is int else None
            if bot is None:
                raise ValueError(f"no bot sits at seat {seat!r}")
            view = strict_loads(view_json)
            if not isinstance(view, dict):
                raise ValueError("a view must be an object")
            return {"action": bot.decide(view), "cpu_seconds": round(bot.cpu_seconds[-1], 4)}
        return _reply(run)

    def reset(self) -> str:
        """Forget every bot (a new game or a load)."""
        self.bots = {}
        return _reply(dict)


def _reply(run: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps({"ok": True, **run()})
    except (ValueError, KeyError, TypeError, IndexError) as error:
        return json.dumps({"ok": False, "error": {"rule": "bots", "code": "bad_bot_call",
                                                  "message": str(error)[:200], "params": {}}})
