"""R1 components, R2 the board, R3 set-up, R4 a turn and its laws."""

from __future__ import annotations

from collections import Counter

import pytest

from qvcore import Game, RuleError, board, laurels
from qvcore.invariants import violations
from qvcore.state import EMPTY
from tests.helpers import (
    add,
    caesar,
    legal,
    legal_of_type,
    new_game,
    norm,
    place,
    rejected,
    set_caesar,
    set_turn,
)

R2_TABLE = {
    0: (1, [4]), 1: (5, [8, 5]), 2: (1, [6]), 3: (3, [6, 7]), 4: (1, [8]), 5: (1, [9]),
    6: (3, [9, 11]), 7: (1, [10]), 8: (3, [12]), 9: (5, [13]), 10: (1, [14]), 11: (1, [14]),
    12: (3, [13]), 13: (5, []), 14: (3, [13]),
}
LAUREL_PATHS_R2 = {(1, 8), (1, 5), (3, 6), (3, 7), (6, 9), (6, 11), (8, 12), (9, 13), (12, 13),
                   (14, 13)}


# -- R1 -----------------------------------------------------------------------------------------


def test_r1_box_holds_62_laurels_in_the_stated_kinds() -> None:
    assert laurels.BOX == (18, 8, 6, 15, 9, 6)
    assert laurels.TOTAL_TOKENS == 62
    assert Counter(laurels.pile_tokens()) == {laurels.II: 8, laurels.IIC: 6, laurels.III: 15,
                                              laurels.IV: 9, laurels.V: 6}
    assert laurels.VALUES == (1, 2, 2, 3, 4, 5)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r1_each_player_starts_with_8_senators_and_18_i_in_the_pool(players: int) -> None:
    s = new_game(players).state
    assert s.supply == [8] * players
    assert s.pool == 18
    assert s.hoards == [[0] * 6 for _ in range(players)]
    assert all(office == [] for office in s.offices)


@pytest.mark.parametrize("players", [0, 1, 2, 6, 7, -3, "4", 4.0, True, None])
def test_r1_only_3_to_5_players(players: object) -> None:
    with pytest.raises(RuleError) as caught:
        Game({"players": players}, 1)
    assert caught.value.rule == "R1"
    assert caught.value.code == "bad_player_count"


def test_r1_names_one_per_player() -> None:
    game = Game({"players": 3, "names": ["Ann", "Bo", "Cy"]}, 1)
    assert game.view(None)["players"][2]["name"] == "Cy"
    for names in (["Ann", "Bo"], ["Ann", "Bo", ""], ["Ann", "Bo", 3], "ABC"):
        with pytest.raises(RuleError) as caught:
            Game({"players": 3, "names": names}, 1)
        assert caught.value.rule == "R1"


# -- R2 -----------------------------------------------------------------------------------------


def test_r2_board_matches_the_table() -> None:
    assert len(board.SEATS) == 15
    assert board.SENATE == 13
    assert board.ENTRY_OFFICES == (0, 1, 2, 3)
    for office, (seats, ups) in R2_TABLE.items():
        assert board.SEATS[office] == seats
        assert sorted(board.PATH_TO[p] for p in board.PATHS_FROM_OFFICE[office]) == sorted(ups)
    assert len(board.PATHS) == 17
    assert {(a, b) for a, b, has in board.PATHS if has} == LAUREL_PATHS_R2
    assert len(board.LAUREL_PATHS) == 10


def test_r2_laurel_spaces_exactly_on_paths_leaving_3_or_5_seat_offices() -> None:
    for a, _b, has_laurel in board.PATHS:
        assert has_laurel == (board.SEATS[a] in (3, 5))


def test_r2_paths_only_go_up_and_every_office_reaches_the_senate() -> None:
    for a, b, _ in board.PATHS:
        assert board.LAYOUT[b][1] < board.LAYOUT[a][1]  # y grows downwards
    reach = {board.SENATE}
    changed = True
    while changed:
        changed = False
        for a, b, _ in board.PATHS:
            if b in reach and a not in reach:
                reach.add(a)
                changed = True
    assert reach == set(range(15))


def test_r2_board_data_for_front_ends() -> None:
    data = board.board_data()
    assert data["senate"] == 13
    assert [o["seats"] for o in data["offices"]] == list(board.SEATS)
    assert [o["consents_needed"] for o in data["offices"]] == [
        {1: 0, 3: 1, 5: 2}[s] for s in board.SEATS]
    assert data["paths"][data["caesar_start"]] == {"id": 12, "from": 9, "to": 13, "laurel": True}


# -- R3 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**40])
def test_r3_ten_face_up_tokens_on_the_laurel_spaces_caesar_on_9_13(seed: int) -> None:
    s = new_game(4, seed).state
    on_board = [s.spaces[p] for p in board.LAUREL_PATHS]
    assert all(k != EMPTY and k != laurels.I for k in on_board)
    assert all(s.spaces[p] == EMPTY for p in range(17) if p not in board.LAUREL_PATHS)
    assert len(s.pile) == 34
    assert Counter(on_board) + Counter(s.pile) == Counter(laurels.pile_tokens())
    assert s.caesar == board.PATH_INDEX[(9, 13)]
    assert s.to_dict()["caesar"] == 12
    assert violations(s) == []


def test_r3_same_seed_same_set_up_other_seeds_differ() -> None:
    a, b = new_game(3, 5).state.to_dict(), new_game(3, 5).state.to_dict()
    assert a == b
    layouts = {tuple(new_game(3, seed).state.pile) for seed in range(20)}
    assert len(layouts) == 20


def test_r3_4_first_player_chosen_or_drawn_from_the_seed() -> None:
    assert new_game(4, 1, first_player=2).state.current == 2
    drawn = [Game({"players": 5, "first_player": None}, seed).state.current for seed in range(40)]
    assert set(drawn) == {0, 1, 2, 3, 4}
    assert drawn == [Game({"players": 5, "first_player": None}, seed).state.current
                     for seed in range(40)]
    for bad in (3, -1, "0", True):
        with pytest.raises(RuleError) as caught:
            Game({"players": 3, "first_player": bad}, 1)
        assert caught.value.rule == "R3.4"


def test_r3_4_play_goes_round_in_seat_order() -> None:
    game = new_game(4, 1, first_player=2)
    order = []
    for _ in range(6):
        p = game.state.current
        order.append(p)
        add(game, p, 1 if len(game.state.offices[1]) < 5 else 3)
    assert order == [2, 3, 0, 1, 2, 3]


# -- R4 -----------------------------------------------------------------------------------------


def test_r4_opening_choices_are_add_or_move_caesar_only() -> None:
    game = new_game(3)
    actions = game.legal_actions()
    assert {a["player"] for a in actions} == {0}
    assert sorted(a["office"] for a in legal_of_type(game, "add")) == [0, 1, 2, 3]
    caesars = legal_of_type(game, "caesar")
    assert len(caesars) == 9
    assert {"type": "caesar", "player": 0, "from": 9, "to": 13} not in caesars
    assert len(actions) == 13
    assert game.legal_actions(1) == []


def test_r4_no_pass_action() -> None:
    game = new_game(3)
    rejected(game, {"type": "pass", "player": 0}, "bad_action", "R4")


def test_r4_caesar_is_always_possible_so_a_player_is_never_stuck() -> None:
    game = new_game(3)
    set_caesar(game, 14, 13)
    # player 0: no supply, lone senators in 3- and 5-seat offices, two in the Senate
    for office in (1, 3, 6, 8, 9, 12, 13, 13):
        place(game, office, 0)
    assert game.state.supply[0] == 0
    assert violations(game.state) == []
    actions = game.legal_actions()
    assert {a["type"] for a in actions} == {"caesar"}
    assert len(actions) == 9


def test_r4_only_your_own_senators_move() -> None:
    game = new_game(3)
    place(game, 0, 1)
    error = rejected(game, {"type": "move", "player": 0, "from": 0, "to": 4}, "not_your_senator")
    assert error.rule == "R4"
    assert not [a for a in game.legal_actions() if a["type"] == "move"]


@pytest.mark.parametrize(("a", "b"), [
    (4, 0),    # downwards
    (8, 4),    # downwards along an existing path, reversed
    (5, 6),    # sideways
    (1, 9),    # skips office 5 (or 8)
    (0, 8),    # skips office 4
    (9, 14),   # sideways across the top
    (1, 1),    # nowhere
])
def test_r4_never_down_sideways_or_skipping(a: int, b: int) -> None:
    game = new_game(3)
    place(game, a, 0, 0, 0) if board.SEATS[a] >= 3 else place(game, a, 0)
    error = rejected(game, {"type": "move", "player": 0, "from": a, "to": b}, "no_such_path", "R4")
    assert f"office {a} to office {b}" in str(error)


def test_r4_no_skipping_even_a_full_office() -> None:
    game = new_game(3)
    place(game, 0, 0)
    place(game, 4, 1)   # office 4 (1 seat) is full
    rejected(game, {"type": "move", "player": 0, "from": 0, "to": 4}, "office_full", "R6")
    rejected(game, {"type": "move", "player": 0, "from": 0, "to": 8}, "no_such_path", "R4")
    assert not [a for a in game.legal_actions() if a["type"] == "move"]


def test_r4_senators_never_leave_the_senate() -> None:
    game = new_game(3)
    place(game, 13, 0)
    assert [a for a in game.legal_actions() if a["type"] in ("move", "request")] == []
    for b in range(15):
        rejected(game, {"type": "move", "player": 0, "from": 13, "to": b})


def test_r4_any_upward_path_whichever_seat() -> None:
    game = new_game(3)
    place(game, 3, 1, 0, 1)  # player 0 sits in the middle seat
    set_turn(game, 0)
    moves = {norm(a) for a in game.legal_actions() if a["type"] == "request"}
    assert moves == {norm({"type": "request", "player": 0, "from": 3, "to": b}) for b in (6, 7)}
    assert norm({"type": "caesar", "player": 0, "from": 3, "to": 6}) in legal(game)


def test_r4_one_action_per_turn() -> None:
    game = new_game(3)
    add(game, 0, 0)
    assert game.state.current == 1
    assert game.state.turn == 1
    rejected(game, {"type": "add", "player": 0, "office": 1}, "not_your_turn", "R4")
    caesar(game, 1, 1, 8)
    assert game.state.current == 2
    assert game.state.turn == 2
