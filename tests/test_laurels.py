"""R7 laurels for moving (R7.1) and for consent (R7.2), the Caesar laurel bonus (R7.3) and the
covered laurel under Caesar (R7.4)."""

from __future__ import annotations

from typing import Any

import pytest

from qvcore import Game
from qvcore.invariants import violations
from tests.helpers import (
    answer,
    caesar,
    empty_pile,
    give,
    hoard,
    legal_of_type,
    move,
    new_game,
    place,
    rejected,
    request,
    set_caesar,
    set_pile_top,
    set_pool,
    set_space,
    space,
)

RED, BLUE, BLACK, WHITE = 0, 1, 2, 3


# -- R7.1 ------------------------------------------------------------------------------------------


def test_r7_1_worked_example_blue_takes_the_iii_replaced_by_a_v_red_gets_an_i() -> None:
    """Italian text p. 5: blue has red's consent, takes the III on the path, which is replaced
    by a V drawn from the pile; red receives an I for the consent (R7.1, R7.2)."""
    game = new_game(3, first_player=BLUE)
    place(game, 3, BLUE, RED)
    set_space(game, 3, 6, "III")
    set_pile_top(game, "V")
    pile = len(game.state.pile)
    request(game, BLUE, 3, 6)
    answer(game, RED, 1)
    event = move(game, BLUE, 3, 6, [RED])
    assert event["took"] is True
    assert event["replaced_by"] == "V"
    assert event["rewards"] == {str(RED): 1}
    assert hoard(game, BLUE) == {"III": 1}
    assert hoard(game, RED) == {"I": 1}
    assert space(game, 3, 6) == "V"
    assert len(game.state.pile) == pile - 1
    assert game.state.pool == 17
    assert game.describe(event) == (
        "Player 2 moves a senator from office 3 to office 6 with the consent of Player 1. "
        "Takes the laurel, replaced by a V. Player 1 earns 1 I laurel.")


@pytest.mark.parametrize(("office", "b"), [(1, 8), (1, 5), (3, 6), (3, 7), (6, 9), (6, 11),
                                           (8, 12), (12, 13), (14, 13)])
def test_r7_1_every_laurel_path_pays_its_token(office: int, b: int) -> None:
    game = new_game(3)
    place(game, office, RED, RED, RED) if office == 1 else place(game, office, RED, RED)
    set_space(game, office, b, "IV")
    set_pile_top(game, "II")
    supporters = [RED, RED] if office == 1 else [RED]
    event = move(game, RED, office, b, supporters)
    assert (event["took"], event["replaced_by"]) == (True, "II")
    assert hoard(game, RED) == {"IV": 1}
    assert space(game, office, b) == "II"


def test_r7_1_paths_from_one_seat_offices_pay_nothing() -> None:
    game = new_game(3)
    place(game, 0, RED)
    before = game.state.to_dict()["spaces"]
    event = move(game, RED, 0, 4)
    assert "took" not in event
    assert hoard(game, RED) == {}
    assert game.state.to_dict()["spaces"] == before


def test_r7_1_r13_empty_pile_leaves_the_space_empty_for_the_rest_of_the_game() -> None:
    game = new_game(3)
    place(game, 3, RED, RED, RED)
    set_space(game, 3, 7, "V")
    empty_pile(game)
    assert violations(game.state) == []
    event = move(game, RED, 3, 7, [RED])
    assert event["took"] is True
    assert event["replaced_by"] is None
    assert game.describe(event).endswith("Takes the laurel; the pile is empty.")
    assert space(game, 3, 7) is None
    # later moves along it take nothing
    caesar(game, BLUE, 1, 8)
    caesar(game, BLACK, 1, 5)
    move(game, RED, 7, 10)          # frees the 1-seat office 7
    caesar(game, BLUE, 1, 8)
    caesar(game, BLACK, 1, 5)
    event = move(game, RED, 3, 7, [RED])
    assert "took" not in event
    assert space(game, 3, 7) is None
    # R13: Caesar may still stand on the empty space
    assert {"type": "caesar", "player": BLUE, "from": 3, "to": 7} in game.legal_actions()
    caesar(game, BLUE, 3, 7)
    assert game.view(None)["spaces"][3] == {"path": 5, "from": 3, "to": 7, "token": None,
                                           "caesar": True}


# -- R7.2 ------------------------------------------------------------------------------------------


def test_r7_2_rewards_while_the_pool_lasts_then_nothing() -> None:
    game = new_game(4)  # the spare I tokens go to white's hoard
    place(game, 1, RED, BLUE, BLACK)
    place(game, 12, RED, BLUE)
    set_space(game, 1, 8, "III")
    set_space(game, 12, 13, "IV")
    set_pool(game, 1)
    request(game, RED, 1, 8)
    answer(game, BLUE, 1)
    answer(game, BLACK, 1)
    event = move(game, RED, 1, 8, [BLACK, BLUE])
    # one I left: it goes to the first supporter the mover names (ruling), the other gets nothing
    assert event["rewards"] == {str(BLACK): 1}
    assert game.state.pool == 0
    assert hoard(game, BLACK) == {"I": 1}
    assert hoard(game, BLUE) == {}
    # the pool is empty: consent earns nothing at all
    caesar(game, BLUE, 1, 5)
    caesar(game, BLACK, 3, 6)
    caesar(game, WHITE, 3, 7)
    request(game, RED, 12, 13)
    answer(game, BLUE, 1)
    event = move(game, RED, 12, 13, [BLUE])
    assert "rewards" not in event
    assert hoard(game, BLUE) == {}
    assert game.state.pool == 0


def _both_consent_to_leave_office_1(pool: int | None) -> tuple[Game, list[list[int]]]:
    """Red asks to leave the 5-seat office 1 (two consents, R6.2), blue and black both consent;
    the pool left as it is or holding ``pool`` I tokens. The game and the supporters listed."""
    game = new_game(4)
    place(game, 1, RED, BLUE, BLACK)
    set_space(game, 1, 8, "III")
    if pool is not None:
        set_pool(game, pool)
    request(game, RED, 1, 8)
    answer(game, BLUE, 1)
    answer(game, BLACK, 1)
    return game, [a["supporters"] for a in game.legal_actions()
                  if a["type"] == "move" and a["from"] == 1]


def test_r7_2_with_one_i_left_the_mover_chooses_who_takes_it() -> None:
    """R7.2, rulings.md #22: the last I token goes to the supporter named first, so the mover
    is offered both orders, and the view's ways say who takes it in each."""
    game, moves = _both_consent_to_leave_office_1(pool=1)
    assert sorted(moves) == sorted([[BLUE, BLACK], [BLACK, BLUE]])
    ways = game.view(RED)["request"]["ways"]
    assert ways == [{"supporters": m, "rewards": {str(m[0]): 1}} for m in moves]
    assert game.view(BLUE)["request"]["ways"] == []  # the mover's choice (hoards decide it)
    event = move(game, RED, 1, 8, [BLUE, BLACK])
    assert event["rewards"] == {str(BLUE): 1}
    assert hoard(game, BLUE) == {"I": 1}
    assert hoard(game, BLACK) == {}


def test_r7_2_a_full_pool_offers_one_order() -> None:
    """R7.2: while the pool pays every consent, the order changes nothing: one way listed."""
    game, moves = _both_consent_to_leave_office_1(pool=None)
    assert moves == [sorted([BLUE, BLACK])]
    assert game.view(RED)["request"]["ways"] == [
        {"supporters": moves[0], "rewards": {str(BLUE): 1, str(BLACK): 1}}]


def test_r7_2_own_senators_earn_nothing() -> None:
    game = new_game(3)
    place(game, 9, RED, RED, BLUE)
    set_caesar(game, 1, 8)
    request(game, RED, 9, 13)
    answer(game, BLUE, 1)
    event = move(game, RED, 9, 13, [RED, BLUE])
    assert event["rewards"] == {str(BLUE): 1}
    assert game.state.pool == 17
    assert sum(game.state.hoards[RED]) == 1  # only the laurel of the path


# -- R7.3 ------------------------------------------------------------------------------------------


def _caesar_laurel_game() -> tuple[Game, dict[str, Any]]:
    game = new_game(3)
    place(game, 3, RED, RED)
    set_space(game, 3, 6, "IIC")
    event = move(game, RED, 3, 6, [RED])
    return game, event


def test_r7_3_caesar_laurel_gives_a_bonus_move() -> None:
    game, event = _caesar_laurel_game()
    assert event["took"] is True
    assert event["bonus"] is True
    assert game.describe(event).endswith("The Caesar laurel allows a Caesar move.")
    assert game.state.stage == "bonus"
    assert game.state.current == RED  # still red's turn
    actions = game.legal_actions()
    assert {a["type"] for a in actions} == {"caesar", "decline"}
    assert len(legal_of_type(game, "caesar")) == 9
    assert all(a["player"] == RED for a in actions)
    rejected(game, {"type": "add", "player": RED, "office": 1}, "wrong_stage", "R7.3")
    rejected(game, {"type": "caesar", "player": BLUE, "from": 1, "to": 8}, "not_your_turn", "R4")
    rejected(game, {"type": "caesar", "player": RED, "from": 9, "to": 13}, "caesar_same_space",
             "R8")
    event = caesar(game, RED, 3, 6)  # may even stand on the path just used
    assert event["bonus"] is True
    assert game.state.caesar == 4
    assert game.state.stage == "action" and game.state.current == BLUE
    assert game.state.turn == 1


def test_r7_3_the_bonus_may_be_declined() -> None:
    game, _ = _caesar_laurel_game()
    event = game.apply({"type": "decline", "player": RED})
    assert game.describe(event) == "Player 1 leaves Caesar where he stands."
    assert game.state.caesar == 12
    assert game.state.current == BLUE
    rejected(game, {"type": "decline", "player": BLUE}, "wrong_stage", "R4")


def test_r7_3_other_tokens_give_no_bonus() -> None:
    game = new_game(3)
    place(game, 3, RED, RED)
    set_space(game, 3, 6, "II")
    event = move(game, RED, 3, 6, [RED])
    assert "bonus" not in event
    assert game.state.stage == "action" and game.state.current == BLUE


# -- R7.4 ------------------------------------------------------------------------------------------


def test_r7_4_caesar_covers_the_laurel_and_no_rewards_are_paid() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE, BLACK)
    set_space(game, 3, 6, "IIC")
    set_caesar(game, 3, 6)
    pool = game.state.pool
    event = move(game, RED, 3, 6)
    assert event == {"type": "move", "player": RED, "from": 3, "to": 6, "supporters": [],
                     "caesar": True}
    assert game.describe(event) == ("Player 1 moves a senator from office 3 to office 6 on "
                                    "Caesar's path, with no vote.")
    assert space(game, 3, 6) == "IIC"   # the token stays under Caesar
    assert hoard(game, RED) == {}
    assert game.state.pool == pool
    assert game.state.stage == "action"  # no Caesar bonus from a covered laurel


def test_r7_4_covered_laurel_cannot_be_bought_with_a_vote() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    give(game, RED, "III")
    set_caesar(game, 3, 6)
    rejected(game, {"type": "request", "player": RED, "from": 3, "to": 6}, "caesar_no_vote", "R6.5")
    rejected(game, {"type": "move", "player": RED, "from": 3, "to": 6, "supporters": [BLUE]},
             "caesar_no_vote", "R6.5")
