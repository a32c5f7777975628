"""R8 Caesar: moved as the turn's action to any other laurel space; his two effects."""

from __future__ import annotations

import pytest

from qvcore import board
from tests.helpers import (
    caesar,
    legal_of_type,
    move,
    new_game,
    place,
    rejected,
    request,
    set_caesar,
    set_space,
    space,
)

RED, BLUE, BLACK = 0, 1, 2


@pytest.mark.parametrize("start", board.LAUREL_PATHS)
def test_r8_caesar_goes_to_any_other_laurel_space(start: int) -> None:
    game = new_game(3)
    game.state.caesar = start
    targets = {(a["from"], a["to"]) for a in legal_of_type(game, "caesar")}
    assert len(targets) == 9
    assert targets == {(board.PATH_FROM[p], board.PATH_TO[p]) for p in board.LAUREL_PATHS
                       if p != start}
    a, b = board.PATH_FROM[start], board.PATH_TO[start]
    error = rejected(game, {"type": "caesar", "player": RED, "from": a, "to": b},
                     "caesar_same_space", "R8")
    assert str(error) == "R8: Caesar must move to another laurel space"


@pytest.mark.parametrize(("a", "b"), [(0, 4), (2, 6), (4, 8), (5, 9), (7, 10), (10, 14), (11, 14)])
def test_r8_caesar_stands_only_on_laurel_spaces(a: int, b: int) -> None:
    game = new_game(3)
    rejected(game, {"type": "caesar", "player": RED, "from": a, "to": b}, "not_laurel_space", "R8")


@pytest.mark.parametrize(("a", "b"), [(0, 8), (9, 12), (13, 9), (3, 3), (-1, 4), (15, 13)])
def test_r8_caesar_needs_a_real_path(a: int, b: int) -> None:
    game = new_game(3)
    rejected(game, {"type": "caesar", "player": RED, "from": a, "to": b})


def test_r8_moving_caesar_is_a_whole_turn() -> None:
    game = new_game(3)
    event = caesar(game, RED, 8, 12)
    assert event == {"type": "caesar", "player": RED, "from": 8, "to": 12,
                     "was": {"from": 9, "to": 13}}
    assert game.describe(event) == "Player 1 moves Caesar to the path 8→12."
    assert game.state.caesar == board.PATH_INDEX[(8, 12)]
    assert game.state.current == BLUE
    rejected(game, {"type": "caesar", "player": RED, "from": 1, "to": 8}, "not_your_turn", "R4")


def test_r8_effects_follow_caesar() -> None:
    """Where Caesar stands the path is free (R6.5) and its token covered (R7.4); the space he
    left needs consent again and pays its token."""
    game = new_game(3)
    place(game, 8, RED)
    place(game, 12, BLUE, RED)
    set_space(game, 12, 13, "V")
    set_space(game, 8, 12, "IV")
    set_caesar(game, 12, 13)
    assert [a["to"] for a in legal_of_type(game, "move")] == [13]
    caesar(game, RED, 8, 12)
    # blue: 12 -> 13 now needs red's consent and pays the V
    assert not [a for a in legal_of_type(game, "move")]
    request(game, BLUE, 12, 13)
    game.apply({"type": "answer", "player": RED, "consents": 1})
    event = move(game, BLUE, 12, 13, [RED])
    assert event["took"] is True
    assert space(game, 8, 12) == "IV"  # still covered by Caesar, untouched
    caesar(game, BLACK, 1, 8)
    # red's lone senator in 8 is stuck again now that Caesar has left 8->12
    assert not [a for a in legal_of_type(game, "move") if a["from"] == 8]
    rejected(game, {"type": "move", "player": RED, "from": 8, "to": 12}, "needs_consent", "R6.2")


def test_r8_r13_caesar_may_stand_on_an_empty_space() -> None:
    game = new_game(3)
    set_space(game, 6, 11, None)
    caesar(game, RED, 6, 11)
    assert game.state.caesar == board.PATH_INDEX[(6, 11)]
    assert space(game, 6, 11) is None
