"""Fuzzing the page's two JSON bridges, the game's (``jsapi.Table``) and the bots'
(``bots.bridge.BotHost``): real play interleaved with malformed, mutated and hostile calls.

Every reply must be strict JSON (what JavaScript's JSON.parse reads) of the form
``{"ok": true, ...}`` or ``{"ok": false, "error": {rule, code, message, params}}`` with a code
of docs/protocol.md, no exception may escape, and a refused call must change nothing (the
game's save, the bots' memories). ``tests/test_bridge_fuzz.py`` runs a few thousand calls;
``bench/fuzz_bridges.py`` runs as many as asked.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from qvcore import Game, RuleError
from qvcore.bots.bridge import BotHost
from qvcore.jsapi import Table
from qvcore.strictjson import MAX_INPUT_CHARS

ROOT = Path(__file__).resolve().parent.parent
_ROW = re.compile(r"^\| `(?P<code>[a-z_]+)` \|", re.M)
#: every error code docs/protocol.md documents
CODES = frozenset(_ROW.findall((ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")))

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 7, 99, 2 ** 53, 2 ** 64, -(2 ** 63), "",
                         "x", "1", "\u0661", "NaN", [], {}, [[[[]]]], {"type": 5},
                         {"players": 7}, [None], "\u202e", "9" * 400]
_OVERSIZED = '"' + "x" * MAX_INPUT_CHARS + '"'
JUNK_TEXTS: list[str] = [
    "", " ", "nul", "[", "{", "[" * 5000, "{" * 5000, '{"a":' * 40 + "1" + "}" * 40,
    "[" * 33 + "]" * 33, "NaN", "Infinity", "-Infinity", "1e400", '{"x": NaN}',
    '[1, Infinity]', '"\\ud800"', '{"type": "add", "player": 0, "office": 1.0}', "[]", "{}",
    "null", "true", "0", '"text"', '{"type": "move"}', '{"type": 7, "player": 0}', _OVERSIZED,
    '{"type": "add", "player": 0, "office": 1}{', "\x00", '{"players": [1, 2, 3]}',
]


class BridgeFault(AssertionError):
    """A reply or a state change that breaks the bridges' promise."""


def reply_of(text: Any) -> dict[str, Any]:
    """A reply checked for form: strict JSON, ``ok``, a documented error."""
    if not isinstance(text, str):
        raise BridgeFault(f"a reply that is not text: {text!r:.80}")
    try:
        reply = json.loads(text, parse_constant=_no_constant)
    except ValueError as bad:
        raise BridgeFault(f"a reply that is not strict JSON: {bad}: {text:.120}") from bad
    if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
        raise BridgeFault(f"a reply without ok: {text:.120}")
    if not reply["ok"]:
        refusal = reply.get("error")
        if not isinstance(refusal, dict) or set(refusal) != {"rule", "code", "message", "params"}:
            raise BridgeFault(f"an error of the wrong shape: {text:.200}")
        if refusal["code"] not in CODES:
            raise BridgeFault(f"an undocumented error code {refusal['code']!r}")
    return reply


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} in a reply")


def mutate(value: Any, rand: random.Random) -> Any:
    """``value`` (plain JSON data) with one node replaced, removed or added at random."""
    if isinstance(value, dict) and value and rand.random() < 0.7:
        key = rand.choice(list(value))
        out = dict(value)
        roll = rand.random()
        if roll < 0.2:
            del out[key]
        elif roll < 0.3:
            out[rand.choice(["extra", "player", "type", "9", ""])] = rand.choice(ODD_VALUES)
        else:
            out[key] = mutate(value[key], rand)
        return out
    if isinstance(value, list) and value and rand.random() < 0.7:
        index = rand.randrange(len(value))
        out_list = list(value)
        roll = rand.random()
        if roll < 0.2:
            del out_list[index]
        elif roll < 0.3:
            out_list.append(rand.choice(ODD_VALUES))
        else:
            out_list[index] = mutate(value[index], rand)
        return out_list
    return rand.choice(ODD_VALUES)


def text_of(value: Any, rand: random.Random) -> str:
    """JSON text of ``value``, now and then spoilt (a non-finite number, truncated, deep)."""
    text = json.dumps(value)
    roll = rand.random()
    if roll < 0.05:
        return text.replace("1", "NaN", 1) if "1" in text else "NaN"
    if roll < 0.08:
        return text[:rand.randrange(len(text) + 1)]
    if roll < 0.1:
        return "[" * 40 + text + "]" * 40
    return text


# -- the game's bridge --------------------------------------------------------------------------


def fuzz_table(calls: int, seed: int) -> Counter[str]:
    """``calls`` calls on one ``Table``; returns how many replies of each code (``ok`` for
    success). Raises :class:`BridgeFault` at the first broken promise."""
    rand = random.Random(seed)
    table = Table()
    outcomes: Counter[str] = Counter()
    players = rand.choice([3, 4, 5])
    reply_of(table.new_game(json.dumps({"players": players, "first_player": None}),
                            rand.randrange(2 ** 53)))
    for _ in range(calls):
        view = reply_of(table.seat_view(0))["view"]
        if view["stage"] == "over":
            players = rand.choice([3, 4, 5])
            reply_of(table.new_game(json.dumps({"players": players}), rand.randrange(1000)))
            view = reply_of(table.seat_view(0))["view"]
        name, call = _table_call(table, view, rand)
        before = _game_state(table)
        reply = reply_of(call())
        outcomes[reply["error"]["code"] if not reply["ok"] else "ok"] += 1
        if not reply["ok"] and _game_state(table) != before:
            raise BridgeFault(f"a refused {name} changed the game: {reply['error']}")
    return outcomes


def _game_state(table: Table) -> tuple[int, int, str] | None:
    """The table's game (which one, how many actions, its whole state): cheaper than a save."""
    game = table.game
    if game is None:
        return None
    return id(game), len(game.actions), json.dumps(game.state.to_dict(), sort_keys=True)


def _table_call(table: Table, view: dict[str, Any],
                rand: random.Random) -> tuple[str, Callable[[], str]]:
    seat = view["waiting_for"][0]
    legal = reply_of(table.legal(seat))["legal"]
    action = rand.choice(legal)
    roll = rand.random()
    if roll < 0.35:
        return "act", lambda: table.act(json.dumps(action))
    if roll < 0.6:
        bad = text_of(mutate(action, rand), rand)
        return "act", lambda: (table.act if rand.random() < 0.7 else table.check)(bad)
    if roll < 0.7:
        junk = rand.choice(JUNK_TEXTS)
        text_call: Callable[[str], str] = rand.choice([table.act, table.check, table.load,
                                                        table.check_save, table.save])
        return text_call.__name__, lambda: text_call(junk)
    if roll < 0.85:
        odd = rand.choice(ODD_VALUES)
        methods: list[Callable[[Any], str]] = [
            table.undo, table.check_undo, table.view, table.legal, table.hoard, table.seat_view,
            table.replay_view, table.events, table.first_view, table.check_save]
        method = rand.choice(methods)
        return method.__name__, lambda: method(odd)
    if roll < 0.93:
        save = json.loads(table.save())["save"]
        load = table.load if rand.random() < 0.7 else table.check_save
        return load.__name__, lambda: load(text_of(mutate(save, rand), rand))
    options = mutate({"players": 4, "names": ["A", "B", "C", "D"], "first_player": None}, rand)
    return "new_game", lambda: table.new_game(text_of(options, rand),
                                              rand.choice([*ODD_VALUES, 5]))


# -- the bots' bridge ---------------------------------------------------------------------------


def fuzz_bots(calls: int, seed: int, levels: tuple[str, ...] = ("random", "easy")) -> Counter[str]:
    """``calls`` calls on one ``BotHost`` following a real game (bots at every seat but 0),
    mixed with malformed ones; returns the replies by code. Raises :class:`BridgeFault`."""
    rand = random.Random(seed)
    host = BotHost()
    outcomes: Counter[str] = Counter()
    game = _bot_game(host, rand, levels)
    for _ in range(calls):
        if game.is_over():
            game = _bot_game(host, rand, levels)
        name, call, play = _bot_call(host, game, rand, levels)
        before = _memory(host)
        reply = reply_of(call())
        outcomes[reply["error"]["code"] if not reply["ok"] else "ok"] += 1
        if not reply["ok"] and _memory(host) != before:
            raise BridgeFault(f"a refused {name} changed a bot: {reply['error']}")
        if play is not None:
            play(reply)
    return outcomes


def _memory(host: BotHost) -> bytes:
    """Everything the host's bots hold (timings aside, which only a success adds to)."""
    return pickle.dumps((host.players, sorted((seat, _state_of(bot)) for seat, bot
                                              in host.bots.items())))


def _state_of(bot: Any) -> Any:
    return {k: v for k, v in vars(bot).items() if k not in ("seconds", "cpu_seconds")}


def _bot_game(host: BotHost, rand: random.Random, levels: tuple[str, ...]) -> Game:
    game = Game({"players": rand.choice([3, 4, 5])}, rand.randrange(2 ** 53))
    reply_of(host.reset())
    for seat in range(1, game.state.n):
        reply = reply_of(host.create(seat, rand.choice(levels), rand.randrange(2 ** 53),
                                     json.dumps(game.view(seat))))
        if not reply["ok"]:
            raise BridgeFault(f"a bot could not be created: {reply}")
    return game


def _bot_call(host: BotHost, game: Game, rand: random.Random, levels: tuple[str, ...]
              ) -> tuple[str, Callable[[], str], Callable[[dict[str, Any]], None] | None]:
    seat = game.view(None)["waiting_for"][0]
    view = game.view(seat, log=False)
    roll = rand.random()
    if roll < 0.45:
        if seat in host.bots and rand.random() < 0.5:
            return "decide", lambda: host.decide(seat, json.dumps(view)), _play(host, game, rand)
        action = rand.choice(game.legal_actions(seat))
        return "decide", lambda: json.dumps({"ok": True, "action": action}), \
            _play(host, game, rand)
    if roll < 0.6:
        last = game.events[-1] if game.events else {"type": "add", "player": 0, "office": 1}
        event = text_of(mutate(last, rand), rand)
        return "observe", lambda: host.observe(event), None
    if roll < 0.75:
        bad_view = text_of(mutate(view, rand), rand)
        target = rand.choice([seat, *host.bots, 7])
        return "decide", lambda: host.decide(target, bad_view), None
    if roll < 0.85:
        junk = rand.choice(JUNK_TEXTS)
        method = rand.choice(["observe", "decide", "create"])
        if method == "observe":
            return method, lambda: host.observe(junk), None
        if method == "decide":
            return method, lambda: host.decide(rand.choice([1, 2]), junk), None
        return method, lambda: host.create(1, "random", 3, junk), None
    odd = rand.choice(ODD_VALUES)
    which = rand.randrange(3)
    args: list[Any] = [rand.choice([1, 2]), rand.choice(levels), rand.randrange(1000)]
    args[which] = odd
    text = (json.dumps(game.view(args[0])) if type(args[0]) is int and 0 <= args[0] < game.state.n
            else "null")
    seat, level, seed = args
    return "create", lambda: host.create(seat, level, seed, text), None


def _play(host: BotHost, game: Game,
          rand: random.Random) -> Callable[[dict[str, Any]], None]:
    """After a decision: play it (or a random legal action if the bot was refused) and tell
    the bots the event."""
    def play(reply: dict[str, Any]) -> None:
        seat = game.view(None)["waiting_for"][0]
        try:
            event = game.apply(reply["action"] if reply["ok"] else None)
        except RuleError:  # refused, or a bot misled by a mutated event it accepted
            event = game.apply(rand.choice(game.legal_actions(seat)))
        reply_of(host.observe(json.dumps(event)))
    return play
