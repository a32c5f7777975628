"""R9 end and winner: immediate end at the fifth Senate seat, arrival order, the winner among
players in the Senate with ties to the earlier entry."""

from __future__ import annotations

from qvcore import Game
from tests.helpers import (
    answer,
    give,
    move,
    new_game,
    place,
    rejected,
    request,
    set_caesar,
    set_space,
)

RED, BLUE, BLACK, WHITE = 0, 1, 2, 3


def _four_in_senate(senate: list[int], players: int = 4) -> Game:
    game = new_game(players)
    place(game, 13, *senate)
    return game


def test_r9_1_game_ends_at_once_when_the_fifth_seat_fills() -> None:
    game = _four_in_senate([BLUE, RED, BLUE, BLACK])
    place(game, 12, RED, RED)
    set_space(game, 12, 13, "IIC")  # a Caesar laurel: the bonus is lost, the game is over
    give(game, RED, "V")
    event = move(game, RED, 12, 13, [RED])
    assert event["senate_entry"] == 5
    assert event["took"] is True
    assert "bonus" not in event
    assert event["game_over"] == {"winner": RED, "totals": [7, 0, 0, 0]}
    assert game.state.stage == "over"
    assert game.is_over()
    assert game.state.winner == RED
    assert game.returns() == [1.0, 0.0, 0.0, 0.0]
    assert game.legal_actions() == []
    assert game.describe(event).endswith(
        "The Senate is full: Player 1 wins. Laurels: Player 1 7, Player 2 0, Player 3 0, "
        "Player 4 0.")
    for action in ({"type": "caesar", "player": BLUE, "from": 1, "to": 8},
                   {"type": "add", "player": BLUE, "office": 0},
                   {"type": "decline", "player": RED},
                   {"type": "reveal", "player": BLACK}):
        rejected(game, action, "game_over", "R9.1")


def test_r9_1_no_end_before_the_fifth_seat() -> None:
    game = _four_in_senate([BLUE, RED, BLUE])
    place(game, 9, BLACK)
    set_caesar(game, 9, 13)
    game.state.current = BLACK
    event = move(game, BLACK, 9, 13)
    assert event["senate_entry"] == 4
    assert "game_over" not in event
    assert game.state.stage == "action"
    assert game.state.winner is None
    assert game.returns() == [0.0] * 4


def test_r9_2_senate_records_arrival_order() -> None:
    game = new_game(3)
    set_caesar(game, 9, 13)
    place(game, 9, RED, BLUE, BLACK, RED, BLUE)
    order = []
    for p in (RED, BLUE, BLACK, RED, BLUE):
        event = move(game, p, 9, 13)
        order.append(event["senate_entry"])
    assert order == [1, 2, 3, 4, 5]
    assert game.state.senate() == [RED, BLUE, BLACK, RED, BLUE]
    assert game.view(None)["senate"] == [RED, BLUE, BLACK, RED, BLUE]


def test_r9_3_tie_goes_to_the_earlier_senate_entry() -> None:
    game = _four_in_senate([BLUE, RED, BLUE, BLACK])
    place(game, 9, RED)
    give(game, RED, "V", "III")      # 8
    give(game, BLUE, "IV", "IV")     # 8: tied, but blue entered first
    give(game, BLACK, "II")
    event = move(game, RED, 9, 13)   # Caesar's free passage into the fifth seat
    assert event["game_over"]["winner"] == BLUE
    assert event["game_over"]["totals"] == [8, 8, 2, 0]
    assert game.state.winner == BLUE


def test_r9_3_more_laurels_but_no_senator_cannot_win() -> None:
    game = _four_in_senate([BLACK, RED, BLACK, BLUE])
    place(game, 9, RED)
    give(game, WHITE, "V", "V", "V")   # 15, but no senator in the Senate
    give(game, BLUE, "IV")
    give(game, RED, "III")
    move(game, RED, 9, 13)
    assert game.state.winner == BLUE
    view = game.view(None)
    assert view["winner"] == BLUE
    assert [p["total"] for p in view["players"]] == [3, 4, 0, 15]


def test_r9_3_consent_reward_for_the_fifth_entry_counts() -> None:
    """The I earned by consenting to the last move is paid before the game ends (R7.2, R9.3)."""
    game = _four_in_senate([RED, BLUE, BLACK, WHITE])
    place(game, 12, RED, BLUE)
    set_space(game, 12, 13, "II")
    give(game, BLUE, "IV")           # blue 4, red will have 2
    give(game, RED, "II")            # red: 2 + 2 = 4 -> tie on 4 would go to red (earlier)
    request(game, RED, 12, 13)
    answer(game, BLUE, 1)
    event = move(game, RED, 12, 13, [BLUE])
    assert event["rewards"] == {str(BLUE): 1}
    assert event["game_over"] == {"winner": BLUE, "totals": [4, 5, 0, 0]}
