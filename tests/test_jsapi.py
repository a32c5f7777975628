"""The JSON bridge the page calls (qvcore.jsapi.Table): JSON strings in and out, every reply
``{"ok": ...}``, no exception ever escapes, and a rejected call changes nothing (R4, R10)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from qvcore import board
from qvcore.jsapi import Table
from qvcore.randomplay import random_action
from qvcore.strictjson import MAX_DEPTH, MAX_INPUT_CHARS, loads


def call(text: str) -> dict[str, Any]:
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    return reply


def error_of(text: str) -> dict[str, Any]:
    reply = call(text)
    assert reply["ok"] is False, reply
    assert set(reply["error"]) == {"rule", "code", "message", "params"}
    error: dict[str, Any] = reply["error"]
    assert error["message"].startswith(error["rule"] + ": ")
    return error


def started(players: int = 3, seed: int = 4, **options: Any) -> Table:
    table = Table()
    assert call(table.new_game(json.dumps({"players": players, **options}), seed))["ok"]
    return table


def test_r2_board() -> None:
    assert call(Table().board()) == {"ok": True, "board": board.board_data()}


def test_r3_new_game_returns_the_onlookers_view() -> None:
    table = Table()
    reply = call(table.new_game('{"players": 4, "scarce_laurels": true}', 8))
    view = reply["view"]
    assert view["viewer"] is None
    assert view["pool"] == 14
    assert view["current"] == 0
    assert len(view["players"]) == 4
    assert view["legal"] == []


@pytest.mark.parametrize(("options", "seed", "code", "rule"), [
    ("{bad", 1, "bad_input", "R4"),
    ("[]", 1, "bad_options", "R12"),
    ('{"players": 2}', 1, "bad_player_count", "R1"),
    ('{"players": 3}', -1, "bad_seed", "R3"),
    ('{"players": 3}', "abc", "bad_seed", "R3"),
    ('{"players": 3}', None, "bad_seed", "R3"),
    ('{"players": 3}', float("nan"), "bad_seed", "R3"),
])
def test_r3_bad_new_game_is_an_error_reply(options: str, seed: Any, code: str, rule: str) -> None:
    table = started()
    before = call(table.view())
    error = error_of(table.new_game(options, seed))
    assert (error["code"], error["rule"]) == (code, rule)
    assert call(table.view()) == before   # the running game is kept


def test_no_game_yet() -> None:
    table = Table()
    for reply in (table.view(), table.act('{"type": "add", "player": 0, "office": 1}'),
                  table.save(), table.undo(), table.check("{}"), table.replay_view(0)):
        assert error_of(reply)["code"] == "no_game"


def test_r4_act_returns_event_text_and_view() -> None:
    table = started()
    reply = call(table.act('{"type": "add", "player": 0, "office": 2}'))
    assert reply["ok"] is True
    assert reply["event"] == {"type": "add", "player": 0, "office": 2}
    assert reply["text"] == "Player 1 adds a senator to office 2."
    assert reply["view"]["offices"][2] == [0]
    assert "log" not in reply["view"]  # the page appends the entry: replies stay small
    assert reply["entry"] == {"index": 0, "player": 0, "type": "add", "text": reply["text"],
                              "event": reply["event"]}
    assert reply["actions"] == 1


@pytest.mark.parametrize(("action", "code"), [
    ("not json", "bad_action"),
    ("[" * 50_000, "bad_action"),
    ("null", "bad_action"),
    ('{"type": "add", "player": 1, "office": 1}', "not_your_turn"),
    ('{"type": "add", "player": 0, "office": 9}', "not_entry_office"),
    ('{"type": "add", "player": 0, "office": 1, "x": 0}', "bad_action"),
    ('{"type": "move", "player": 0, "from": 0, "to": 4}', "not_your_senator"),
])
def test_r4_rejected_act_changes_nothing(action: str, code: str) -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    table.act('{"type": "add", "player": 1, "office": 1}')
    table.act('{"type": "caesar", "player": 2, "from": 1, "to": 8}')
    save = call(table.save())["save"]
    views = [call(table.view(seat)) for seat in (None, 0, 1, 2)]
    assert error_of(table.act(action))["code"] == code
    assert error_of(table.check(action))["code"] == code
    assert call(table.save())["save"] == save
    assert [call(table.view(seat)) for seat in (None, 0, 1, 2)] == views


def test_check_says_yes_and_plays_nothing() -> None:
    table = started()
    assert call(table.check('{"type": "add", "player": 0, "office": 1}')) == {"ok": True}
    assert call(table.view())["view"]["offices"][1] == []


def test_r10_view_of_a_seat_holds_only_its_own_hoard() -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 3}')
    table.act('{"type": "add", "player": 1, "office": 3}')
    table.act('{"type": "add", "player": 2, "office": 3}')
    table.act('{"type": "request", "player": 0, "from": 3, "to": 6}')
    table.act('{"type": "answer", "player": 1, "consents": 1}')
    reply = call(table.act('{"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]}'))
    assert reply["event"]["took"] is True
    seat0 = call(table.view(0))["view"]["players"]
    seat2 = call(table.view(2))["view"]["players"]
    onlooker = call(table.view())["view"]["players"]
    assert seat0[0]["hoard_size"] == 1 and list(seat0[0]["hoard"].values()) == [1]
    assert "hoard" not in seat0[1] and "total" not in seat0[1]
    assert seat2[1]["hoard_size"] == 1 and "total" not in seat2[1]
    assert all("total" not in p and "hoard" not in p for p in onlooker)
    assert [p["hoard"] for p in seat2 if "hoard" in p] == [{}]


def test_r10_seat_view_is_the_seats_view_without_the_log() -> None:
    """A decision needs the seat's position (R10: its own hoard only), not the history."""
    table = started()
    table.act('{"type": "add", "player": 0, "office": 3}')
    full = call(table.view(1))["view"]
    light = call(table.seat_view(1))["view"]
    assert "log" not in light and len(full["log"]) == 1
    assert light == {k: v for k, v in full.items() if k != "log"}
    assert call(table.seat_view(3))["error"]["code"] == "bad_viewer"


@pytest.mark.parametrize("viewer", [3, -1, "0", True, 1.5])
def test_r10_view_of_a_seat_that_does_not_exist(viewer: Any) -> None:
    table = started()
    assert error_of(table.view(viewer))["code"] == "bad_viewer"


def test_r10_check_undo_answers_as_undo_would_and_takes_nothing_back() -> None:
    """`check_undo` (asked by the page before it confirms an undo): the move of seat 0 that
    took the laurel on 3→7 drew a token from the pile (R7.1), so undoing it is refused
    (`undo_drawn`, R10) as `undo` refuses it; the Caesar bonus after it may be undone; a bad
    count is refused as `undo` refuses it; nothing is taken back by asking."""
    table = Table()
    call(table.new_game(json.dumps({"players": 3}), 3))
    for action in ({"type": "add", "player": 0, "office": 3},
                   {"type": "add", "player": 1, "office": 3},
                   {"type": "caesar", "player": 2, "from": 1, "to": 8},
                   {"type": "request", "player": 0, "from": 3, "to": 7},
                   {"type": "answer", "player": 1, "consents": 1},
                   {"type": "move", "player": 0, "from": 3, "to": 7, "supporters": [1]},
                   {"type": "decline", "player": 0}):
        call(table.act(json.dumps(action)))
    before = call(table.view())
    assert call(table.check_undo(1)) == {"ok": True}
    refused = error_of(table.check_undo(2))
    assert (refused["rule"], refused["code"]) == ("R10", "undo_drawn")
    assert error_of(table.undo(2)) == refused
    bads: list[Any] = [8, -1, "1", None]
    for bad in bads:
        assert error_of(table.check_undo(bad))["code"] in ("bad_undo", "bad_input")
    assert call(table.view()) == before


def test_save_load_undo_and_replay_view() -> None:
    table = started(4, 12, horizon="two")
    actions = ['{"type": "add", "player": 0, "office": 1}',
               '{"type": "add", "player": 1, "office": 1}',
               '{"type": "caesar", "player": 2, "from": 1, "to": 5}',
               '{"type": "add", "player": 3, "office": 0}']
    views = [call(table.view())["view"]]
    for action in actions:
        call(table.act(action))
        views.append(call(table.view())["view"])
    save = call(table.save('{"colours": ["red", "blue", "green", "black"]}'))["save"]
    assert save["meta"] == {"colours": ["red", "blue", "green", "black"]}
    for n in range(5):  # R10: no replay of past positions while the game runs
        assert error_of(table.replay_view(n))["code"] == "game_running"
    other = Table()
    reply = call(other.load(json.dumps(save)))
    assert reply["meta"] == {"colours": ["red", "blue", "green", "black"]}
    assert reply["view"] == views[4]
    def lean(view: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in view.items() if key != "log"}
    assert call(other.undo(2)) == {"ok": True, "actions": 2, "view": lean(views[2])}
    assert call(other.undo())["view"] == lean(views[1])
    bads: list[Any] = [5, -1, "x", None]
    for bad in bads:
        assert error_of(other.undo(bad))["code"] in ("bad_undo", "bad_input")
        assert error_of(table.replay_view(bad if bad != 5 else 9))["code"] in (
            "bad_undo", "bad_input", "game_running")
    assert call(other.view())["view"] == views[1]
    assert error_of(table.save("{oops"))["code"] == "bad_input"


def test_bad_load_keeps_the_running_game() -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    before = call(table.save())["save"]
    for text in ("", "{}", "[1]", '{"format": "qvcore-save", "version": 99}', "\u0000"):
        assert error_of(table.load(text))["rule"] == "save"
    assert call(table.save())["save"] == before


@pytest.mark.parametrize("bad", ["", "{}", "[1]", '{"format": "qvcore-save", "version": 99}',
                                 "\u0000", None, 7, ["x"]])
def test_check_save_says_what_load_would_and_changes_nothing(bad: Any) -> None:
    """The page asks before a file replaces a running game: ``check_save`` says whether a save
    would load and how many actions it holds, or gives the very error ``load`` would give,
    and leaves the table as it is (one check for both games' pages)."""
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    saved = call(table.save())["save"]
    table.act('{"type": "add", "player": 1, "office": 1}')
    before = _unchanged(table)
    assert call(table.check_save(json.dumps(saved))) == {"ok": True, "actions": 1}
    assert json.loads(table.check_save(bad)) == json.loads(Table().load(bad))
    assert _unchanged(table) == before


def test_r10_legal_and_hoard_of_one_seat() -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 3}')
    legal = call(table.legal(1))["legal"]
    assert legal and all(a["player"] == 1 for a in legal)
    assert call(table.legal(0))["legal"] == []
    assert call(table.hoard(1)) == {"ok": True, "hoard": {}, "total": 0}
    for bad in (3, -1, "1", None, True):
        assert call(table.legal(bad))["error"]["code"] == "bad_viewer"  # type: ignore[arg-type]
        assert call(table.hoard(bad))["error"]["code"] == "bad_viewer"  # type: ignore[arg-type]


def _finished(seed: int = 5) -> Table:
    table = started(3, seed)
    assert table.game is not None
    rand = random.Random(seed)
    while not table.game.is_over():
        table.act(json.dumps(random_action(table.game.state, rand)))
    return table


def test_r10_replay_view_steps_through_a_finished_game() -> None:
    table = _finished()
    assert table.game is not None
    total = len(table.game.actions)
    first = call(table.replay_view(0))["view"]
    assert first["log"] == [] and first["seed"] == 5
    assert len(call(table.replay_view(total))["view"]["log"]) == total
    bads: list[Any] = [total + 1, -1, 1.5, True, "2", None]
    for bad in bads:
        assert error_of(table.replay_view(bad))["code"] in ("bad_undo", "bad_input")


def _unchanged(table: Table) -> str:
    return json.dumps(call(table.save())["save"], sort_keys=True)


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("text", [
    DEEP,
    '{"type": "answer", "player": 1, "consents": 1, "terms": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"type": "request", "player": 0, "from": 1, "to": 8, "offers": {"' + "9" * 5000 + '": {}}}',
    '{"type": "request", "player": 0, "from": 1, "to": 8, "offers": {"\u0661": {}}}',
    '{"type": "add", "player": 0, "office": NaN}',
    '{"type": "add", "player": 0, "office": Infinity}',
    '{"type": "add", "player": 0, "office": -Infinity}',
    '{"type": "add", "player": 0, "office": 1e400}',
])
def test_r4_bridge_refuses_bad_json_actions_with_a_documented_error(text: str) -> None:
    """R4: deep nesting, huge keys and NaN/Infinity get an error reply, nothing changes, and
    every reply is strict JSON (what JSON.parse accepts)."""
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    table.act('{"type": "add", "player": 1, "office": 1}')
    table.act('{"type": "add", "player": 2, "office": 1}')
    before = _unchanged(table)
    for reply in (table.act(text), table.check(text)):
        json.loads(reply, parse_constant=_no_constant)
        error = error_of(reply)
        assert error["code"] in ("bad_action", "bad_terms")
    assert _unchanged(table) == before


def _no_constant(name: str) -> Any:
    raise AssertionError(f"{name} in a reply")


@pytest.mark.parametrize("seed", [7.9, 7.0, True, False, "7", "\u0667", None, float("inf"),
                                  10 ** 30])
def test_r3_seeds_are_real_whole_numbers(seed: Any) -> None:
    """R3: a seed is a JSON integer; no float, bool or string is coerced into one."""
    table = started()
    before = _unchanged(table)
    error = error_of(table.new_game('{"players": 3}', seed))
    assert error["code"] in ("bad_input", "bad_seed") and error["rule"] == "R3"
    assert _unchanged(table) == before


@pytest.mark.parametrize("count", [1.5, 1.0, True, "1", "\u0661", None])
def test_undo_counts_are_real_whole_numbers(count: Any) -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    before = _unchanged(table)
    assert error_of(table.undo(count))["code"] in ("bad_input", "bad_undo")
    assert _unchanged(table) == before


@pytest.mark.parametrize("data", [None, 7, b"{}", ["x"], {"format": "qvcore-save"}])
def test_load_of_a_non_string_keeps_the_running_game(data: Any) -> None:
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    before = _unchanged(table)
    error = error_of(table.load(data))
    assert error["rule"] == "save"
    assert _unchanged(table) == before


def test_options_and_meta_with_nan_are_refused() -> None:
    table = started()
    assert error_of(table.new_game('{"players": NaN}', 1))["code"] == "bad_input"
    error = error_of(table.save('{"x": Infinity}'))
    assert error["code"] == "bad_input"
    json.loads(table.save('{"x": 1}'), parse_constant=_no_constant)


def test_r4_oversized_input_is_refused_by_its_length_before_any_parsing() -> None:
    """Text longer than ``MAX_INPUT_CHARS`` is refused for its length (the parser never sees
    it), whatever it holds; the refusal names the limit and changes nothing."""
    table = started()
    table.act('{"type": "add", "player": 0, "office": 1}')
    before = _unchanged(table)
    huge = '"' + "x" * MAX_INPUT_CHARS + '"'
    for reply, code in ((table.act(huge), "bad_action"), (table.check(huge), "bad_action"),
                        (table.load(huge), "corrupt_save"), (table.save(huge), "bad_input"),
                        (table.new_game("[" * (MAX_INPUT_CHARS + 1), 1), "bad_input")):
        error = error_of(reply)
        assert error["code"] == code
        assert error["params"] == {"limit": MAX_INPUT_CHARS}, error
    assert _unchanged(table) == before


@pytest.mark.parametrize("text", [
    '{"names": ["' + "[" * 40 + '"]}',
    '{"a": "\\"' + "{" * 40 + '"}',
    "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "[" + "[]," * 5000 + "[]]",
])
def test_brackets_inside_strings_and_wide_json_are_not_depth(text: str) -> None:
    """Only real nesting counts towards ``MAX_DEPTH``: brackets in strings and long flat
    lists are fine."""
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("text", [
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
    "[" * 100_000,
    '["\\\\"' + ", [" * 40 + "]" * 41,
    "[" * 40 + '"' + '\\"' * 100_000,  # an unterminated string of escaped quotes, read once
])
def test_json_nested_too_deep_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        loads(text)
