"""``from_position`` answers ``bad_position`` for any bad position and never crashes (docs/
protocol.md "Positions"): the V3 results it accepts can end a series (R12 V3), bad options are
a bad position, and numbers are real integers, written back as they came."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from qvcore import Game, RuleError, rules
from qvcore.position import from_position, to_position
from qvcore.randomplay import random_action
from tests.fuzz import mutate


def series_position(games_done: int = 2) -> dict[str, Any]:
    """A V3 series in the action stage of game ``games_done + 1`` (random play, seeded)."""
    game = Game({"players": 3, "series": True}, 21)
    rand = random.Random(4)
    while len(game.state.series_results) < games_done or game.state.stage != "action":
        game.apply(random_action(game.state, rand))
    return to_position(game.state)


def request_position() -> dict[str, Any]:
    """A consent request with one answer given (R6.2, R6.3)."""
    game = Game({"players": 3}, 3)
    for action in ({"type": "add", "player": 0, "office": 3},
                   {"type": "add", "player": 1, "office": 3},
                   {"type": "caesar", "player": 2, "from": 1, "to": 8},
                   {"type": "request", "player": 0, "from": 3, "to": 7}):
        game.apply(action)
    return to_position(game.state)


def refusal(position: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        from_position(position)
    assert caught.value.code == "bad_position", caught.value
    return caught.value


@pytest.mark.parametrize("results", [
    [5], ["ab"], [None], [[]],
    [{"game": 1, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]},
     {"game": 2, "winner": 1, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]}],
    [{"game": 1, "winner": 0, "senate": [0, 0, 1, 1, 2]},
     {"game": 2, "winner": 1, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]}],
    [{"game": 1, "winner": 0, "totals": [1, 2], "senate": [0, 0, 1, 1, 2]},
     {"game": 2, "winner": 1, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]}],
    [{"game": 1, "winner": 0, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]}],
    [{"game": 1, "winner": 9, "totals": [1, 2, 3], "senate": [0, 0, 1, 1, 2]},
     {"game": 2, "winner": 1, "totals": [1, 2, 3.0], "senate": [0, 0, 1, 1, 2]}],
])
def test_v3_series_results_are_checked(results: list[Any]) -> None:
    """R12 V3: one result per finished game, each with its number, winner, every player's
    total, the Senate it ended with and its last turn; anything else is a bad position, not a
    crash later."""
    position = series_position()
    position["series_results"] = results
    error = refusal(position)
    assert error.rule == "R12"


@pytest.mark.parametrize("turns", [
    lambda first, second, now: (second, first),  # game 2 ended before game 1
    lambda first, second, now: (first, first),  # game 2 ended on game 1's last turn
    lambda first, second, now: (first, now),  # game 3 is played: game 2 ended before now
    lambda first, second, now: (first, None),
])
def test_v3_each_result_ends_after_the_last_and_before_the_game_played(
        turns: Callable[[int, int, int], tuple[int, int | None]]) -> None:
    """R12 V3: each game of a series ends after the one before it (the next begins on the
    turn after) and before the turn of the game being played (Observer's game_turn)."""
    position = series_position()
    first, second = (r["turn"] for r in position["series_results"])
    assert first < second < position["turn"]
    assert from_position(position).game_turn() == position["turn"] - second - 1
    for result, turn in zip(position["series_results"], turns(first, second, position["turn"]),
                            strict=True):
        result["turn"] = turn
    assert refusal(position).rule == "R12"


def test_v3_an_accepted_series_can_be_finished() -> None:
    game = Game({"players": 3, "series": True}, 21)
    game.state = from_position(series_position())
    rand = random.Random(9)
    while not game.is_over():
        game.apply(random_action(game.state, rand))
    assert game.state.winner == rules.series_winner(game.state)


@pytest.mark.parametrize(("options", "reason"), [
    ({"players": 7}, "bad_player_count"), ({"players": 3, "x": 1}, "bad_options"),
    ({"players": 3, "horizon": "ever"}, "bad_option"), ({"players": 3, "names": [1, 2, 3]},
                                                        "bad_names"),
    ({"players": 3, "first_player": 5}, "bad_first_player"), ([], "bad_options"),
])
def test_bad_options_are_a_bad_position(options: Any, reason: str) -> None:
    position = request_position()
    position["options"] = options
    error = refusal(position)
    assert error.params["reason"] == reason


@pytest.mark.parametrize(("field", "value"), [
    ("needed", 1.0), ("needed", True), ("asked", [1.0]), ("asked", [True]), ("path", 7.0),
])
def test_r6_2_request_numbers_are_integers(field: str, value: Any) -> None:
    position = request_position()
    assert position["request"] is not None
    position["request"][field] = value
    refusal(position)


def test_mutated_positions_are_refused_or_read_back_exactly() -> None:
    """3,000 positions with one field spoilt: each is refused with ``bad_position`` or read as
    a state that writes back the same JSON (no float or boolean taken for an integer; options
    left out come back as their defaults)."""
    rand = random.Random(12)
    bases = [request_position(), series_position(1), series_position(2),
             to_position(Game({"players": 5, "open_hoards": "every_entry"}, 8).state)]
    for _ in range(3000):
        position = mutate(rand.choice(bases), rand)
        try:
            state = from_position(position)
        except RuleError as error:
            assert error.code == "bad_position", error
            continue
        written = to_position(state)  # options come back whole: given ones, then defaults
        assert written["options"] == {**written["options"], **position["options"]}
        assert json.dumps({**written, "options": None}, sort_keys=True) == \
            json.dumps({**position, "options": None}, sort_keys=True)
