"""A promise to move Caesar to a named laurel space on the promisor's next turn (R11, French
text; rulings.md #25), beside the bonus Caesar term of ruling #10."""

from __future__ import annotations

from typing import Any

from qvcore import Game, board
from tests.helpers import (
    act,
    add,
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


def _promise(by: int, player: int, a: int, b: int) -> dict[str, Any]:
    return {"by": by, "kind": "caesar", "player": player, "caesar": {"from": a, "to": b}}


def _deal(promise: dict[str, Any], horizon: str = "next") -> Game:
    """Red leaves office 3 by 3->7 with black's consent; the deal carries ``promise``."""
    game = new_game(3, horizon=horizon)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"promises": [promise]})
    move(game, RED, 3, 7, [BLACK])
    return game


def _round_to(game: Game, seat: int) -> None:
    """Other players add senators until it is ``seat``'s turn."""
    while game.state.current != seat:
        add(game, game.state.current, 1)


def test_r11_the_promisor_must_move_caesar_there_on_their_next_turn() -> None:
    game = _deal(_promise(RED, BLACK, 6, 9))
    view = game.view(WHITE)
    assert [p["caesar"] for p in view["promises"] if p["kind"] == "caesar"] == [
        {"from": 6, "to": 9}]
    assert "promises Player 2 to move Caesar to 6→9" in game.log()[-1]["text"]
    assert game.view(WHITE)["caesar_duty"] is None  # not red's turn yet
    _round_to(game, RED)
    assert game.legal_actions(RED) == [{"type": "caesar", "player": RED, "from": 6, "to": 9}]
    # every view says the turn is owed to the promise, before a click is refused for it
    for viewer in (RED, WHITE, None):
        assert game.view(viewer)["caesar_duty"] == {"path": 8, "from": 6, "to": 9}
    view = game.view(RED)
    assert view["caesar_targets"] == [{"path": 8, "from": 6, "to": 9}]
    assert view["adds"] == [] and all(m["click"] == "refused" for m in view["moves"])
    error = rejected(game, {"type": "add", "player": RED, "office": 1}, "promise_binds", "R11")
    assert error.params["path"] == {"from": 6, "to": 9}
    rejected(game, {"type": "caesar", "player": RED, "from": 3, "to": 6}, "promise_binds", "R11")
    act(game, {"type": "caesar", "player": RED, "from": 6, "to": 9})
    assert game.view(RED)["caesar_duty"] is None
    assert not [p for p in game.view(RED)["promises"] if p["kind"] == "caesar"]


def test_r11_a_consenters_caesar_promise_binds_on_the_consenters_turn() -> None:
    game = _deal(_promise(BLACK, RED, 1, 5))
    assert game.state.current == BLACK
    assert game.legal_actions(BLACK) == [{"type": "caesar", "player": BLACK, "from": 1, "to": 5}]
    rejected(game, {"type": "add", "player": BLACK, "office": 1}, "promise_binds", "R11")


def test_r11_a_caesar_promise_is_kept_when_caesar_already_stands_there() -> None:
    game = _deal(_promise(RED, BLACK, 6, 9))
    set_caesar(game, 6, 9)
    _round_to(game, RED)
    add(game, RED, 1)   # free to act: Caesar is where the promise sends him


def test_r11_with_horizon_turn_a_caesar_promise_is_only_recorded() -> None:
    game = _deal(_promise(RED, BLACK, 6, 9), horizon="turn")
    _round_to(game, RED)
    add(game, RED, 1)


def test_r11_two_caesar_promises_to_different_spaces_conflict() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": {"promises": [
        _promise(RED, BLACK, 6, 9), _promise(RED, BLACK, 1, 5)]}}, "promise_conflict", "R11")


def test_r11_a_caesar_promise_names_a_laurel_space_and_the_two_parties() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": {"promises": [
        _promise(RED, BLACK, 0, 4)]}}, "not_laurel_space", "R8")
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": {"promises": [
        _promise(RED, WHITE, 6, 9)]}}, "bad_terms", "R11")
    bad = {"by": RED, "kind": "caesar", "player": BLACK}
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": {"promises": [
        bad]}}, "bad_terms", "R11")
    assert board.PATH_INDEX[(6, 9)] in board.LAUREL_PATHS
