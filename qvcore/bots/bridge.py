"""The bots' JSON bridge for a Web Worker: JSON strings in, JSON strings out.

Every call returns ``{"ok": true, ...}`` or ``{"ok": false, "error": {rule, code, message,
params}}`` (codes in docs/protocol.md: ``bad_bot_call``, ``no_bot``, ``bad_seed``). Input
is strict JSON (``strictjson``: no NaN or Infinity, bounded depth and length) and replies
are strict JSON. A refused call changes nothing: a call works on copies of the bots and
keeps them only when it succeeds. A bot is sent only its seat's view and the public
events (R10).

>>> host = BotHost()
>>> host.create(0, "random", 7, "null")
'{"ok": true, "seat": 0, "level": "random"}'
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .. import strictjson
from ..errors import RuleError
from ..rng import check_seed
from . import LEVELS, Bot, make_bot

#: the most seats a table has (R1)
MAX_SEATS = 5
#: what a bot's code raises on data it cannot use (a refusal, never a crash)
BOT_FAILURES = (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError)

Outcome = tuple[dict[str, Any], Callable[[], None]]


class BotHost:
    """The bots of one table, by seat."""

    def __init__(self) -> None:
        self.bots: dict[int, Bot] = {}
        #: the table's size once a view told it; events and seats must fit it
        self.players: int | None = None

    def create(self, seat: int, level: str, seed: int, view_json: str = "null") -> str:
        """A bot for ``seat``; ``view_json`` (the seat's view, or null) primes its memory."""
        def run() -> Outcome:
            self._check_seat(seat)
            if not isinstance(level, str) or level not in LEVELS:
                raise _bad(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}",
                           level=repr(level)[:40])
            check_seed(seed)
            view = _loads(view_json, "the view")
            players = self.players
            bot = make_bot(level, seat, seed)
            if view is not None:
                players = self._check_view(view, seat)
                if view["players"]:
                    _run_bot(lambda: bot.meet(view), "view")

            def commit() -> None:
                self.bots[seat] = bot
                self.players = players
            return {"seat": seat, "level": level}, commit
        return _reply(run)

    def observe(self, event_json: str) -> str:
        """Feed one public event to every bot (to none if any of them cannot take it)."""
        def run() -> Outcome:
            event = _loads(event_json, "the event")
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise _bad("an event must be an object with a type")
            if "player" in event:
                self._check_seat(event["player"], "the event's player")
            staged = {seat: copy.deepcopy(bot) for seat, bot in self.bots.items()}
            for bot in staged.values():
                _run_bot(_observing(bot, event), "event")

            def commit() -> None:
                self.bots = staged
            return {}, commit
        return _reply(run)

    def decide(self, seat: int, view_json: str) -> str:
        """The action the bot of ``seat`` chooses from its view."""
        def run() -> Outcome:
            self._check_seat(seat)
            bot = self.bots.get(seat)
            if bot is None:
                raise RuleError("bots", "no_bot", f"no bot sits at seat {seat}", seat=seat)
            view = _loads(view_json, "the view")
            self._check_view(view, seat)
            staged = copy.deepcopy(bot)
            action = _run_bot(lambda: staged.decide(view), "view")

            def commit() -> None:
                self.bots[seat] = staged
            return {"action": action}, commit
        return _reply(run)

    def reset(self) -> str:
        """Forget every bot (a new game or an undo: create them again and replay events)."""
        def run() -> Outcome:
            def commit() -> None:
                self.bots = {}
                self.players = None
            return {}, commit
        return _reply(run)

    def _check_seat(self, seat: Any, what: str = "the seat") -> int:
        seats = self.players or MAX_SEATS
        if type(seat) is not int or not 0 <= seat < seats:
            raise _bad(f"{what} must be a seat from 0 to {seats - 1}", seat=repr(seat)[:40])
        return seat

    def _check_view(self, view: Any, seat: int) -> int | None:
        """The table size a seat's view tells (None for a view without players), checked
        against the seat and the table's bots; the bots check the rest as they read it."""
        if not isinstance(view, dict):
            raise _bad("a view must be an object")
        if view.get("viewer") != seat and view.get("players"):
            raise _bad(f"the bot of seat {seat} is given the view of {view.get('viewer')!r}")
        players = view.get("players")
        if not isinstance(players, list) or (players and not 3 <= len(players) <= MAX_SEATS):
            raise _bad("a view lists the 3 to 5 players of its table")
        if not players:
            return self.players
        if self.players is not None and len(players) != self.players:
            raise _bad(f"this table has {self.players} seats, the view {len(players)}")
        if seat >= len(players) or any(s >= len(players) for s in self.bots):
            raise _bad(f"the view's table has no seat {max([seat, *self.bots])}")
        return len(players)


def _observing(bot: Bot, event: dict[str, Any]) -> Callable[[], None]:
    return lambda: bot.observe(event)


def _bad(message: str, **params: Any) -> RuleError:
    return RuleError("bots", "bad_bot_call", message, **params)


def _loads(text: Any, what: str) -> Any:
    try:
        return strictjson.loads(text)
    except strictjson.NotStrictJSON as error:
        if error.limit is not None:
            raise _bad(f"{what} is longer than {error.limit} characters",
                       limit=error.limit) from error
        raise _bad(f"{what} is not strict JSON: {error}") from error


def _run_bot(call: Callable[[], Any], what: str) -> Any:
    """Run a bot's own code on data from the page: what it cannot use is a refusal."""
    try:
        return call()
    except BOT_FAILURES as error:
        raise _bad(f"the bot cannot use this {what}: {error}"[:300],
                   reason=type(error).__name__ if not isinstance(error, RuleError)
                   else error.code) from error


def _reply(run: Callable[[], Outcome]) -> str:
    """The reply to a call; the call's changes are kept only if its reply is strict JSON."""
    try:
        payload, commit = run()
        text = strictjson.dumps({"ok": True, **payload})
    except RuleError as error:
        return _error_text(error)
    except (ValueError, TypeError) as error:  # NaN, Infinity or no JSON: refuse, keep nothing
        return _error_text(_bad(f"the bot's reply is not strict JSON: {error}"))
    commit()
    return text


def _error_text(error: RuleError) -> str:
    data = error.to_dict()
    try:
        return strictjson.dumps({"ok": False, "error": data})
    except (ValueError, TypeError):  # a param the page cannot parse: send it as text
        data["params"] = {k: repr(v)[:40] for k, v in data["params"].items()}
        return strictjson.dumps({"ok": False, "error": data})
