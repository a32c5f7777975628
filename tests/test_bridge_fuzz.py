"""Both JSON bridges of the page under fuzzing (R4, R10): thousands of calls, malformed and
real, each answered in strict JSON with a documented code, and a refused call changes
nothing. ``bench/fuzz_bridges.py`` runs more."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from qvcore import Game
from qvcore.bots.bridge import BotHost
from tests.fuzz import BridgeFault, fuzz_bots, fuzz_table, reply_of


@pytest.mark.parametrize("seed", [1, 2])
def test_r4_the_games_bridge_survives_fuzzing(seed: int) -> None:
    outcomes = fuzz_table(1500, seed)
    assert outcomes["ok"] > 300 and sum(outcomes.values()) - outcomes["ok"] > 500, outcomes


@pytest.mark.parametrize("seed", [1, 2])
def test_r4_the_bots_bridge_survives_fuzzing(seed: int) -> None:
    outcomes = fuzz_bots(1500, seed)
    assert outcomes["ok"] > 300 and outcomes["bad_bot_call"] > 300, outcomes


def test_the_fuzzer_sees_a_reply_that_is_not_strict_json() -> None:
    """The checks the fuzzing relies on can fail."""
    for text in ('{"ok": true, "x": NaN}', '{"ok": false, "error": {"code": "x"}}', "[",
                 '{"ok": false, "error": {"rule": "R1", "code": "martian", "message": "",'
                 ' "params": {}}}'):
        with pytest.raises(BridgeFault):
            reply_of(text)


@pytest.mark.parametrize("call", [
    lambda host: host.observe("[" * 5000),
    lambda host: host.decide(1, "[" * 5000),
    lambda host: host.create(2, "random", 1, "[" * 5000),
    lambda host: host.observe('{"type": "add", "player": 7, "office": 1}'),
    lambda host: host.decide(1, '{"viewer": 1, "players": [{}, {}, {}], "options": 5}'),
    lambda host: host.decide(1, '{"viewer": 1, "players": [{}, {}, {}], "legal": [NaN]}'),
    lambda host: host.create(1, "random", 2, '{"viewer": 1, "players": [{}, {}, {}, {}]}'),
])
def test_r4_malformed_bot_calls_are_refused_and_change_nothing(
        call: Callable[[BotHost], str]) -> None:
    """Seen in fuzzing: deep nesting (RecursionError), an event by a seat the table does not
    have (IndexError), a view whose options are no object (AttributeError), NaN."""
    game = Game({"players": 3}, 8)
    host = BotHost()
    for seat in (1, 2):
        reply_of(host.create(seat, "easy", seat, json.dumps(game.view(seat))))
    reply_of(host.observe(json.dumps(game.apply(game.legal_actions(0)[0]))))
    before = [json.dumps(vars(b.memory.knowledge), default=repr) for b in host.bots.values()]
    reply = reply_of(call(host))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_bot_call", reply
    after = [json.dumps(vars(b.memory.knowledge), default=repr) for b in host.bots.values()]
    assert after == before
