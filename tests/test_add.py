"""R5 add a senator: from the supply to a free seat of an entry office (0-3)."""

from __future__ import annotations

import pytest

from tests.helpers import add, legal_of_type, new_game, place, rejected


@pytest.mark.parametrize("office", [0, 1, 2, 3])
def test_r5_add_to_each_entry_office(office: int) -> None:
    game = new_game(3)
    event = add(game, 0, office)
    assert event == {"type": "add", "player": 0, "office": office}
    assert game.state.offices[office] == [0]
    assert game.state.supply == [7, 8, 8]
    assert game.state.current == 1
    assert game.describe(event) == f"Player 1 adds a senator to office {office}."


@pytest.mark.parametrize("office", [4, 5, 8, 9, 12, 13, 14])
def test_r5_only_entry_offices(office: int) -> None:
    game = new_game(3)
    error = rejected(game, {"type": "add", "player": 0, "office": office}, "not_entry_office", "R5")
    assert error.params == {"office": office}


@pytest.mark.parametrize("office", [-1, 15, 99, "1", 1.0, True, None, [1]])
def test_r5_office_must_be_an_office_number(office: object) -> None:
    game = new_game(3)
    rejected(game, {"type": "add", "player": 0, "office": office}, "no_such_office", "R5")


@pytest.mark.parametrize(("office", "owners"), [(0, [1]), (2, [2]), (3, [1, 2, 1]),
                                                 (1, [1, 1, 2, 2, 1])])
def test_r5_full_entry_office(office: int, owners: list[int]) -> None:
    game = new_game(3)
    place(game, office, *owners)
    rejected(game, {"type": "add", "player": 0, "office": office}, "office_full", "R5")
    assert office not in [a["office"] for a in legal_of_type(game, "add")]


def test_r5_seats_fill_up_to_capacity() -> None:
    game = new_game(3)
    for turn in range(5):
        add(game, turn % 3, 1)
    assert game.state.offices[1] == [0, 1, 2, 0, 1]
    assert [a["office"] for a in legal_of_type(game, "add")] == [0, 2, 3]


def test_r5_empty_supply() -> None:
    game = new_game(3)
    place(game, 13, 0, 0, 0, 0)
    for office in (12, 14, 8, 6):
        place(game, office, 0)
    assert game.state.supply[0] == 0
    assert legal_of_type(game, "add") == []
    rejected(game, {"type": "add", "player": 0, "office": 1}, "supply_empty", "R5")


def test_r5_entry_offices_are_ordinary_offices() -> None:
    """Leaving entry office 1 (5 seats) or 3 (3 seats) needs consent like any other (R5, R6.2)."""
    game = new_game(3)
    place(game, 1, 0, 1)
    place(game, 3, 0)
    place(game, 0, 0)
    kinds = {(a["type"], a["from"]) for a in game.legal_actions() if "from" in a
             and a["type"] != "caesar"}
    assert kinds == {("move", 0)}
    rejected(game, {"type": "move", "player": 0, "from": 3, "to": 6}, "needs_consent", "R6.2")


def test_r5_the_view_lists_the_entry_offices_open_to_the_player_to_act() -> None:
    game = new_game(3)
    assert game.view(None)["adds"] == [0, 1, 2, 3]
    mover = game.state.current
    place(game, 0, (mover + 1) % 3)
    assert game.view(None)["adds"] == [1, 2, 3]
    place(game, 1, *[mover] * 5)
    assert game.view(None)["adds"] == [2, 3]
    place(game, 3, *[mover] * 3)
    assert game.state.supply[mover] == 0
    assert game.view(None)["adds"] == []
