"""Defects found by playing as a new user would: each test cites its rule."""

from __future__ import annotations

import random

import pytest

from qvcore import Game, RuleError
from qvcore.randomplay import random_action
from qvcore.state import OVER
from tests.helpers import (
    answer,
    move,
    new_game,
    place,
    rejected,
    request,
    set_caesar,
    set_space,
)

RED, BLACK, WHITE = 0, 1, 2


def test_r11_a_consenters_promise_made_in_the_deal_outlives_the_move() -> None:
    """R11: "Gaius will consent to Livia" is a promise for later; the move that carries the
    deal out counts Gaius's consent given now, not the promised one."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"promises": [{"by": BLACK, "kind": "consent", "player": RED}]})
    move(game, RED, 3, 7, [BLACK])
    promises = game.view(RED)["promises"]
    assert [(p["by"], p["kind"], p["player"]) for p in promises] == [(BLACK, "consent", RED)]


def test_v2_first_three_no_reveal_after_the_fourth_entry_even_right_after_the_third() -> None:
    """R12 V2 (first_three): the 4th Senate entry opens no reveal, even when the 3rd entry
    was the move just before it."""
    game = new_game(3, open_hoards="first_three")
    place(game, 13, WHITE, WHITE)
    place(game, 14, RED, RED)
    place(game, 12, BLACK)
    set_space(game, 14, 13, "II")
    set_caesar(game, 12, 13)
    move(game, RED, 14, 13, [RED])                # third entry: a reveal may be asked
    assert game.view(None)["reveal"]["open"] is True
    move(game, BLACK, 12, 13)                     # fourth entry, at once
    assert game.view(None)["reveal"]["open"] is False
    rejected(game, {"type": "reveal", "player": WHITE}, "no_reveal", "R12")


def _running_game() -> Game:
    game = Game({"players": 3}, 11)
    rand = random.Random(2)
    for _ in range(30):
        game.apply(random_action(game.state, rand))
    assert game.state.stage != OVER
    return game


def test_r10_replay_of_past_positions_is_refused_while_the_game_runs() -> None:
    """R10: stepping back rebuilds hidden information (which laurel was taken); the replay
    is for finished games."""
    game = _running_game()
    with pytest.raises(RuleError) as caught:
        game.replay_view(3)
    assert (caught.value.rule, caught.value.code) == ("R10", "game_running")


def test_r10_replay_of_past_positions_works_once_the_game_is_over() -> None:
    game = Game({"players": 3}, 11)
    rand = random.Random(2)
    while game.state.stage != OVER:
        game.apply(random_action(game.state, rand))
    view = game.replay_view(3)
    assert len(view["log"]) == 3
    assert view["stage"] != OVER


LONG = "x" * 31


@pytest.mark.parametrize("name", [
    LONG, "Livia\u202e", "Gaius\u2066", "a\u2069", "Tab\there", "new\nline", "\x00", "bell\x07",
    "mark\u200f", "mark\u200e", "del\x7f", "c1\x85",
])
def test_r1_names_are_short_and_plain(name: str) -> None:
    """R1 (rulings.md #26): at most 30 characters, no control or bidirectional formatting
    characters, on every path in (new game, load: both build Options)."""
    with pytest.raises(RuleError) as caught:
        Game({"players": 3, "names": [name, "B", "C"]}, 1)
    assert (caught.value.rule, caught.value.code) == ("R1", "bad_names")
    save = Game({"players": 3}, 1).save()
    save["options"]["names"] = [name, "B", "C"]
    with pytest.raises(RuleError) as loaded:
        Game.load(save)
    assert loaded.value.code == "corrupt_save"


def test_r1_a_30_character_name_with_accents_is_fine() -> None:
    name = "Æmilia Lépida Ὀκταβία " + "ä" * 8
    assert len(name) == 30
    assert Game({"players": 3, "names": [name, "B", "C"]}, 1).view(None)["players"][0]["name"] \
        == name
