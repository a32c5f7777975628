"""R10 secrecy: a hoard's size is public, its values are seen only by its owner; onlookers see
no values; the end of the game (and a V2 reveal, see test_variants) shows all."""

from __future__ import annotations

import json
from typing import Any

from qvcore import Game, Observer
from tests.helpers import (
    answer,
    give,
    move,
    new_game,
    place,
    request,
    set_caesar,
    set_pile_top,
    set_space,
)

RED, BLUE, BLACK = 0, 1, 2


def _game_with_hoards(blue: tuple[str, ...], black: tuple[str, ...]) -> Game:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    give(game, RED, "V", "IV")
    give(game, BLUE, *blue)
    give(game, BLACK, *black)
    return game


def _dump(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def _dump_without_board(view: dict[str, Any]) -> str:
    """The view without the face-up tokens of the board, now and at set-up (public by R10)."""
    return _dump({k: v for k, v in view.items() if k not in ("spaces", "setup")})


def test_r10_a_seat_sees_its_own_hoard_and_only_counts_of_the_others() -> None:
    game = _game_with_hoards(("III", "II"), ("IIC", "II", "III"))
    view = game.view(RED)
    players = view["players"]
    assert players[RED]["hoard"] == {"IV": 1, "V": 1}
    assert players[RED]["total"] == 9
    for q, size in ((BLUE, 2), (BLACK, 3)):
        assert players[q]["hoard_size"] == size
        assert "hoard" not in players[q]
        assert "total" not in players[q]
    text = _dump_without_board(view)
    assert text.count('"total"') == 1
    assert text.count('"hoard"') == 1
    assert '"IIC"' not in text  # black's Caesar laurel is nowhere in red's data


def test_r10_values_are_absent_not_hidden() -> None:
    """Two tables that differ only in the kinds inside blue's and black's hoards (same sizes)
    give red and an onlooker byte-identical views: nothing of those values is in the data."""
    one = _game_with_hoards(("III", "II"), ("IIC", "II", "III"))
    two = _game_with_hoards(("V", "V"), ("IV", "IV", "II"))
    assert one.state.total(BLUE) != two.state.total(BLUE)
    assert _dump(one.view(RED)) == _dump(two.view(RED))
    assert _dump(one.view(None)) == _dump(two.view(None))
    assert _dump(one.view(BLUE)) != _dump(two.view(BLUE))


def test_r10_onlooker_sees_no_values() -> None:
    game = _game_with_hoards(("III",), ("IV",))
    view = game.view(None)
    assert view["viewer"] is None
    assert view["legal"] == []
    for player in view["players"]:
        assert set(player) == {"seat", "name", "supply", "on_board", "in_senate", "hoard_size"}
    assert [p["hoard_size"] for p in view["players"]] == [2, 1, 1]
    assert Observer(None).sees_hoard(game.state, RED) is False


def test_r10_the_end_of_the_game_reveals_all() -> None:
    game = _game_with_hoards(("III",), ("IV", "II"))
    place(game, 13, BLUE, BLACK, BLUE, BLACK)
    place(game, 9, RED)
    set_caesar(game, 9, 13)
    move(game, RED, 9, 13)
    assert game.is_over()
    for viewer in (None, RED, BLUE, BLACK):
        players = game.view(viewer)["players"]
        assert [p["total"] for p in players] == [9, 3, 6]
        assert players[BLACK]["hoard"] == {"II": 1, "IV": 1}


def test_r10_legal_actions_in_a_view_are_the_viewers_own() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    assert {a["player"] for a in game.view(BLUE)["legal"]} == {BLUE}
    assert {a["player"] for a in game.view(RED)["legal"]} == {RED}
    assert game.view(BLACK)["legal"] == []


def test_r10_deal_token_kinds_are_seen_only_by_the_two_parties() -> None:
    """Payments name specific tokens (R13); the kinds reveal hoard contents, so only mover and
    consenter see them; everyone else, and the log, sees how many tokens change hands."""
    game = new_game(3)
    place(game, 3, RED, BLUE)
    set_space(game, 3, 6, "III")
    give(game, RED, "V")
    event = request(game, RED, 3, 6, offers={str(BLUE): {"mover_pays": ["V"]}})
    assert event["offers"] == {str(BLUE): {"mover_pays": 1}}
    assert game.view(RED)["request"]["offers"] == {str(BLUE): {"mover_pays": ["V"]}}
    assert game.view(BLUE)["request"]["offers"] == {str(BLUE): {"mover_pays": ["V"]}}
    assert game.view(BLACK)["request"]["offers"] == {str(BLUE): {"mover_pays": 1}}
    assert game.view(None)["request"]["offers"] == {str(BLUE): {"mover_pays": 1}}
    answer(game, BLUE, 1)
    assert game.view(BLACK)["request"]["answers"] == {
        str(BLUE): {"consents": 1, "terms": {"mover_pays": 1}}}
    event = move(game, RED, 3, 6, [BLUE])
    assert event["deals"] == [{"with": BLUE, "mover_pays": 1}]
    text = _dump_without_board(game.view(BLACK))
    assert '"V"' not in text
    log = [line["text"] for line in game.log()]
    assert log[0] == ("Player 1 asks Player 2 for consent to move from office 3 to office 6 "
                      "(1 consent needed). Offer to Player 2: the mover pays 1 laurel.")
    assert log[2].endswith("Deal with Player 2: the mover pays 1 laurel.")
    assert all(" V" not in line for line in log)
    # and the payment really happened
    assert game.view(BLUE)["players"][BLUE]["hoard"] == {"I": 1, "V": 1}


def test_r10_terms_asked_by_the_consenter_are_private_too() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    give(game, RED, "IV", "II")
    request(game, RED, 3, 6)
    answer(game, BLUE, 1, {"mover_pays": ["IV"]})
    assert game.view(BLUE)["request"]["answers"][str(BLUE)]["terms"] == {"mover_pays": ["IV"]}
    assert game.view(BLACK)["request"]["answers"][str(BLUE)]["terms"] == {"mover_pays": 1}
    assert game.log()[-1]["text"] == (
        "Player 2 agrees (1 consent) on terms: the mover pays 1 laurel.")


def test_r10_the_log_never_names_the_laurel_a_mover_takes() -> None:
    """Summing the log must not give a hoard's total: a taken laurel's kind is left out."""
    game = new_game(3)
    place(game, 3, RED, RED)
    set_space(game, 3, 6, "IV")
    set_pile_top(game, "III")  # the replacement is named (it lies face up): not a IV
    event = move(game, RED, 3, 6, [RED])
    assert event["took"] is True and event["replaced_by"] == "III"
    assert "IV" not in json.dumps(event)
    assert "IV" not in game.describe(event)
    assert all("IV" not in line["text"] for line in game.view(BLUE)["log"])
    assert game.view(RED)["players"][RED]["hoard"] == {"IV": 1}


def test_r10_log_entries_carry_the_public_events_and_no_secret() -> None:
    """Each log entry carries the event apply returned (so the page can word it in any
    language); the events name no paid token and no taken laurel, and every seat and an
    onlooker read the same log."""
    game = new_game(3)
    place(game, 3, RED, BLUE)
    set_space(game, 3, 6, "IV")
    set_pile_top(game, "III")  # the replacement is named (it lies face up): not a IV or V
    give(game, RED, "V")
    request(game, RED, 3, 6, offers={str(BLUE): {"mover_pays": ["V"]}})
    answer(game, BLUE, 1, {"mover_pays": ["V"]})
    move(game, RED, 3, 6, [BLUE])
    logs = [game.view(seat)["log"] for seat in (RED, BLUE, BLACK, None)]
    assert all(log == logs[0] for log in logs)
    assert [line["event"] for line in logs[0]] == game.events
    assert [line["type"] for line in logs[0]] == ["request", "answer", "move"]
    assert logs[0][2]["event"]["took"] is True
    assert logs[0][2]["event"]["deals"] == [{"with": BLUE, "mover_pays": 1}]
    events = json.dumps([line["event"] for line in logs[0]])
    assert '"V"' not in events and '"IV"' not in events
    # a view is fresh: changing it leaves the game's log as it was
    logs[0][0]["text"] = "changed"
    assert game.log()[0]["text"] != "changed"
