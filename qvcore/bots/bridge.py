"""The bots' JSON bridge for the page's worker: JSON strings in, JSON strings out.

The worker holds one ``BotHost``; it is sent only a bot seat's own view and the public
events, never the full state or the save (R10).
"""

from __future__ import annotations

import json
from typing import Any

from . import Bot, make_bot


class BotHost:
    """The bots of one table, each fed every public event in order."""

    def __init__(self) -> None:
        self.bots: dict[int, Bot] = {}

    def create(self, seat: int, level: str, seed: int, view_json: str) -> str:
        """A bot for ``seat``, starting from that seat's view."""
        def run() -> dict[str, Any]:
            json.loads(view_json)
            self.bots[int(seat)] = make_bot(level, int(seat), int(seed))
            return {}
        return _reply(run)

    def observe(self, event_json: str) -> str:
        """Feed one public event to every bot."""
        def run() -> dict[str, Any]:
            event = json.loads(event_json)
            for bot in self.bots.values():
                bot.observe(event)
            return {}
        return _reply(run)

    def decide(self, seat: int, view_json: str) -> str:
        """The action the bot of ``seat`` chooses from its view."""
        def run() -> dict[str, Any]:
            bot = self.bots.get(int(seat))
            if bot is None:
                raise ValueError(f"no bot in seat {seat}")
            return {"action": bot.decide(json.loads(view_json))}
        return _reply(run)

    def reset(self) -> str:
        """Drop every bot."""
        self.bots.clear()
        return json.dumps({"ok": True})


def _reply(run: Any) -> str:
    try:
        return json.dumps({"ok": True, **run()})
    except (ValueError, KeyError, TypeError) as error:
        return json.dumps({"ok": False, "error": {"rule": "bots", "code": "bot_error",
                                                  "message": str(error)}})
