"""R12 variants: V1 scarce laurels, V2 open hoards, V3 appeal to the council, and the promise
horizon setting (R11)."""

from __future__ import annotations

from typing import Any

import pytest

from qvcore import Game, RuleError, board, rules
from qvcore.invariants import violations
from qvcore.options import Options
from qvcore.state import GameState
from tests.helpers import (
    act,
    caesar,
    give,
    legal_of_type,
    move,
    new_game,
    place,
    rejected,
    set_caesar,
    set_space,
)

RED, BLUE, BLACK = 0, 1, 2


# -- V1 scarce laurels -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "pool"), [(3, 10), (4, 14), (5, 18)])
def test_v1_scarce_pool_sizes(players: int, pool: int) -> None:
    game = new_game(players, scarce_laurels=True)
    assert game.state.pool == pool
    assert game.view(None)["pool"] == pool
    assert violations(game.state) == []
    assert new_game(players).state.pool == 18


def test_v1_scarce_pool_runs_dry_then_consent_earns_nothing() -> None:
    game = new_game(3, scarce_laurels=True)
    s = game.state
    for q in (BLUE, BLACK):
        s.hoards[q][0] += 5
    s.pool = 0   # all ten I tokens have been earned
    assert violations(s) == []
    place(game, 3, RED, BLUE)
    set_space(game, 3, 6, "II")
    act(game, {"type": "request", "player": RED, "from": 3, "to": 6})
    act(game, {"type": "answer", "player": BLUE, "consents": 1})
    event = move(game, RED, 3, 6, [BLUE])
    assert "rewards" not in event
    assert s.hoards[BLUE][0] == 5


# -- V2 open hoards -------------------------------------------------------------------------------


def _entering(mode: str, senate: list[int], token: str = "III") -> Game:
    """Red is about to enter the Senate by 12->13 with its own consent."""
    game = new_game(3, open_hoards=mode)
    place(game, 13, *senate)
    place(game, 12, RED, RED)
    set_space(game, 12, 13, token)
    give(game, BLUE, "V", "IV")
    give(game, BLACK, "II")
    return game


def _totals_seen(game: Game, viewer: int | None) -> list[int | None]:
    return [p.get("total") for p in game.view(viewer)["players"]]


@pytest.mark.parametrize("mode", ["first_three", "every_entry"])
def test_v2_reveal_after_a_senate_entry_shows_all_until_the_next_action(mode: str) -> None:
    game = _entering(mode, [])
    move(game, RED, 12, 13, [RED])
    assert game.view(None)["reveal"] == {"open": True, "shown": False}
    # any player may ask, not only the one to act
    reveals = legal_of_type(game, "reveal")
    assert [a["player"] for a in reveals] == [RED, BLUE, BLACK]
    assert _totals_seen(game, None) == [None, None, None]
    event = act(game, {"type": "reveal", "player": BLACK})
    assert game.describe(event) == "Player 3 asks that every hoard be shown."
    assert game.state.current == BLUE and game.state.turn == 1   # no turn used
    for viewer in (None, RED, BLUE, BLACK):
        assert _totals_seen(game, viewer) == [3, 9, 2]
    assert game.view(RED)["players"][BLUE]["hoard"] == {"IV": 1, "V": 1}
    assert game.view(None)["reveal"] == {"open": False, "shown": True}
    rejected(game, {"type": "reveal", "player": RED}, "already_revealed", "R12")
    assert legal_of_type(game, "reveal") == []
    caesar(game, BLUE, 1, 8)
    assert _totals_seen(game, None) == [None, None, None]
    assert _totals_seen(game, RED) == [3, None, None]
    rejected(game, {"type": "reveal", "player": RED}, "no_reveal", "R12")


def test_v2_window_closes_unused_at_the_next_action() -> None:
    game = _entering("every_entry", [])
    move(game, RED, 12, 13, [RED])
    caesar(game, BLUE, 1, 8)
    assert legal_of_type(game, "reveal") == []
    rejected(game, {"type": "reveal", "player": BLUE}, "no_reveal", "R12")


def test_v2_off_by_default_no_reveal() -> None:
    game = _entering("off", [])
    move(game, RED, 12, 13, [RED])
    assert legal_of_type(game, "reveal") == []
    rejected(game, {"type": "reveal", "player": BLUE}, "no_reveal", "R12")


@pytest.mark.parametrize(("mode", "senate", "open_after"), [
    ("first_three", [BLUE], True),          # second entry
    ("first_three", [BLUE, BLACK], True),   # third entry
    ("first_three", [BLUE, BLACK, BLUE], False),   # fourth entry: Italian text stops at three
    ("every_entry", [BLUE, BLACK, BLUE], True),    # French/Spanish: after every entry
])
def test_v2_which_entries_open_a_reveal(mode: str, senate: list[int], open_after: bool) -> None:
    game = _entering(mode, senate)
    move(game, RED, 12, 13, [RED])
    assert bool(legal_of_type(game, "reveal")) == open_after


def test_v2_reveal_during_the_caesar_bonus_after_an_entry() -> None:
    game = _entering("every_entry", [], token="IIC")
    move(game, RED, 12, 13, [RED])
    assert game.state.stage == "bonus"
    act(game, {"type": "reveal", "player": BLUE})
    assert _totals_seen(game, BLACK) == [2, 9, 2]
    game.apply({"type": "decline", "player": RED})
    assert _totals_seen(game, BLACK) == [None, None, 2]


def test_v2_option_values() -> None:
    with pytest.raises(RuleError) as caught:
        Game({"players": 3, "open_hoards": "always"}, 1)
    assert caught.value.rule == "R12"
    assert caught.value.code == "bad_option"


# -- V3 appeal to the council ---------------------------------------------------------------------


def _end_game_now(game: Game, senate: list[int], mover: int,
                  hoards: dict[int, tuple[str, ...]]) -> dict[str, Any]:
    """Fill four Senate seats, give hoards, and let ``mover`` take the fifth seat by Caesar's
    free passage 9->13 (Caesar starts there in every game, R3.3)."""
    place(game, 13, *senate)
    place(game, 9, mover)
    for q, names in hoards.items():
        give(game, q, *names)
    game.state.current = mover
    assert game.state.caesar == board.PATH_INDEX[(9, 13)]
    return move(game, mover, 9, 13)


def _council(game: Game) -> list[int]:
    """Play the council by always retiring the first listed senator; returns who retired."""
    order = []
    while game.state.stage == "council":
        action = game.legal_actions()[0]
        assert {a["player"] for a in game.legal_actions()} == {game.state.council_next}
        order.append(action["player"])
        act(game, action)
    return order


def test_v3_after_a_game_the_council_removes_senators_starting_with_the_highest_total() -> None:
    game = new_game(3, series=True)
    place(game, 1, RED, RED, BLUE)
    place(game, 3, RED, BLUE)
    place(game, 8, RED, BLUE)
    place(game, 0, BLACK)
    event = _end_game_now(game, [BLUE, BLACK, RED, BLACK], RED,
                          {RED: ("III",), BLUE: ("V", "IV"), BLACK: ("II",)})
    s = game.state
    assert event["game_over"] == {"winner": BLUE, "totals": [3, 9, 2]}
    assert s.stage == "council"
    assert s.series_results == [{"game": 1, "winner": BLUE, "totals": [3, 9, 2],
                                 "senate": [BLUE, BLACK, RED, BLACK, RED], "turn": s.turn}]
    # the Senate went back to the supplies
    assert s.offices[13] == []
    assert [s.on_board(q) for q in range(3)] == [4, 3, 1]
    assert s.supply == [4, 5, 7]
    # hoards are shown during the council (the game has ended)
    assert _totals_seen(game, None) == [3, 9, 2]
    assert game.view(None)["council"] == BLUE
    # blue (highest total) starts; then round: black has too few, red, ...
    rejected(game, {"type": "retire", "player": RED, "office": 1}, "not_your_turn", "R4")
    rejected(game, {"type": "retire", "player": BLUE, "office": 0}, "not_your_senator", "R12")
    rejected(game, {"type": "caesar", "player": BLUE, "from": 1, "to": 8}, "wrong_stage", "R12")
    assert sorted(a["office"] for a in game.legal_actions()) == [1, 3, 8]
    retired = _council(game)
    assert retired == [BLUE, RED, RED]
    assert [s.on_board(q) for q in range(3)] == [2, 2, 1]
    # game 2: laurels reset, senators left on the board stay
    assert s.stage == "action"
    assert s.game_number == 2
    assert s.hoards == [[0] * 6 for _ in range(3)]
    assert s.pool == 18 and len(s.pile) == 34
    assert all(s.spaces[p] >= 0 for p in board.LAUREL_PATHS)
    assert s.caesar == board.PATH_INDEX[(9, 13)]
    assert s.current == 1 and s.first_player == 1     # ruling: the start rotates
    assert _totals_seen(game, None) == [None, None, None]
    assert violations(s) == []
    assert game.log()[-1]["text"].endswith("Game 2 begins.")


def test_v3_each_game_of_a_series_counts_its_own_turns() -> None:
    """R12 V3: a game of a series counts its turns from its own first (a review saw game 2
    open on turn 41 of the series); each result keeps the turn its game ended on."""
    game = new_game(3, series=True)
    assert game.view(None)["game_turn"] == 0
    game.state.turn = 40
    place(game, 1, RED, BLUE)
    _end_game_now(game, [RED, BLUE, BLACK, BLACK], RED, {})  # no council: game 2 begins
    s = game.state
    assert s.series_results[0]["turn"] == 40
    assert s.game_number == 2 and s.turn == 41
    assert game.view(None)["game_turn"] == 0
    act(game, next(a for a in game.legal_actions() if a["type"] == "add"))
    assert game.view(None)["game_turn"] == 1
    assert game.view(RED)["game_turn"] == 1
    # the council belongs to the game that just ended: its turns go on counting
    game.state.turn = 70
    place(game, 1, BLUE, BLUE, BLUE)
    _end_game_now(game, [RED, BLUE, BLACK, BLACK], BLUE, {})
    assert s.stage == "council" and s.series_results[1]["turn"] == 70
    assert game.view(None)["game_turn"] == 70 - 41


def test_v3_council_skips_players_with_two_or_fewer() -> None:
    game = new_game(3, series=True)
    place(game, 1, RED, RED)
    place(game, 3, BLUE, BLACK, BLACK)
    place(game, 0, BLACK)
    _end_game_now(game, [RED, BLUE, BLUE, BLUE], RED, {BLACK: ("V",)})
    # black has the highest total and 3 senators: one retirement, then the next game
    assert _council(game) == [BLACK]
    assert game.state.game_number == 2


def test_v3_no_council_when_everyone_has_two_or_fewer() -> None:
    game = new_game(3, series=True)
    place(game, 1, RED, BLUE)
    event = _end_game_now(game, [RED, BLUE, BLACK, BLACK], RED, {})
    assert game.state.stage == "action"
    assert game.state.game_number == 2
    assert event["game_over"]["winner"] == RED


def test_v3_series_of_three_games_won_on_the_sum_of_totals() -> None:
    game = new_game(3, series=True, scarce_laurels=True)
    _end_game_now(game, [RED, BLUE, BLACK, BLUE], RED, {RED: ("V", "V"), BLUE: ("IV",)})
    assert game.state.pool == 10   # V1 pool again after the reset
    _end_game_now(game, [BLUE, RED, BLACK, RED], BLUE, {BLUE: ("V", "V", "II"), RED: ("II",),
                                                        BLACK: ("III",)})
    assert game.state.game_number == 3
    event = _end_game_now(game, [BLACK, RED, BLUE, RED], BLACK, {BLACK: ("V",)})
    s = game.state
    assert [r["totals"] for r in s.series_results] == [[10, 4, 0], [2, 12, 3], [0, 0, 5]]
    assert [r["winner"] for r in s.series_results] == [RED, BLUE, BLACK]
    assert event["series_over"] == {"winner": BLUE}     # sums 12, 16, 8
    assert game.describe(event).endswith("Player 2 wins the series.")
    assert s.stage == "over" and s.winner == BLUE
    assert game.legal_actions() == []
    rejected(game, {"type": "retire", "player": RED, "office": 1}, "game_over", "R9.1")


def test_v3_series_tie_on_the_sum_goes_to_more_games_won() -> None:
    game = new_game(3, series=True)
    _end_game_now(game, [RED, BLUE, BLACK, BLUE], RED, {RED: ("V", "V"), BLUE: ("V",)})
    _end_game_now(game, [BLUE, RED, BLACK, RED], BLUE, {BLUE: ("IV",), RED: ("III",)})
    # game 3: blue holds more but has no senator in the Senate (R9.3), red wins the game
    _end_game_now(game, [RED, BLACK, RED, BLACK], RED, {RED: ("II",), BLUE: ("V", "I")})
    s = game.state
    assert [r["winner"] for r in s.series_results] == [RED, BLUE, RED]
    assert [sum(r["totals"][q] for r in s.series_results) for q in range(3)] == [15, 15, 0]
    assert s.winner == RED


def test_v3_laurels_and_caesar_reset_for_the_next_game() -> None:
    game = new_game(3, series=True)
    place(game, 13, BLUE, BLACK, BLUE, BLACK)
    place(game, 12, RED, RED)
    set_space(game, 12, 13, "III")
    set_space(game, 1, 8, None)
    set_caesar(game, 6, 9)
    give(game, RED, "V")
    event = move(game, RED, 12, 13, [RED])
    assert event["game_over"]["totals"] == [8, 0, 0]
    s = game.state
    assert s.game_number == 2 and s.stage == "action"   # red keeps only 1 on the board
    assert s.caesar == board.PATH_INDEX[(9, 13)]
    assert all(s.spaces[p] >= 0 for p in board.LAUREL_PATHS)
    assert s.hoards[RED] == [0] * 6
    assert violations(s) == []


def _series_state(results: list[dict[str, Any]]) -> GameState:
    s = GameState(Options(players=3, series=True), 1)
    s.series_results = results
    return s


def test_v3_series_winner_tie_breaks() -> None:
    """Highest sum; then more games won; then the earlier Senate entry in the last game."""
    def result(totals: list[int], winner: int, senate: list[int]) -> dict[str, Any]:
        return {"game": 0, "winner": winner, "totals": totals, "senate": senate}

    by_sum = [result([9, 4, 0], 0, [0, 1, 2, 0, 1]), result([0, 9, 0], 1, [1, 0, 2, 1, 0]),
              result([0, 0, 5], 2, [2, 0, 1, 2, 0])]
    assert rules.series_winner(_series_state(by_sum)) == 1            # 9, 13, 5
    by_wins = [result([9, 4, 0], 0, [0, 1, 2, 0, 1]), result([3, 8, 0], 1, [1, 0, 2, 1, 0]),
               result([2, 2, 9], 0, [0, 1, 0, 1, 0])]                 # blue 9 absent from senate
    assert rules.series_winner(_series_state(by_wins)) == 0           # 14, 14, 9; red won 2
    by_entry = [result([5, 4, 0], 0, [0, 1, 2, 0, 1]), result([4, 5, 0], 1, [1, 0, 2, 1, 0]),
                result([1, 1, 0], 1, [2, 1, 0, 1, 0])]
    assert rules.series_winner(_series_state(by_entry)) == 1          # 10, 10; 1 game each


# -- promise horizon setting ----------------------------------------------------------------------


@pytest.mark.parametrize("horizon", ["turn", "next", "two"])
def test_r11_horizon_option_values(horizon: str) -> None:
    assert new_game(3, horizon=horizon).options.horizon == horizon


def test_r11_default_horizon_is_next() -> None:
    assert new_game(3).options.horizon == "next"


@pytest.mark.parametrize(("options", "rule"), [
    ({"horizon": "three"}, "R11"), ({"horizon": None}, "R11"),
    ({"scarce_laurels": "yes"}, "R12"), ({"series": 1}, "R12"),
    ({"variant": True}, "R12"), ({"open_hoards": True}, "R12"),
])
def test_r12_bad_options(options: dict[str, Any], rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        Game({"players": 3, **options}, 1)
    assert caught.value.rule == rule


def test_r12_options_must_be_an_object() -> None:
    bads: list[Any] = [[], "players=3", 3]
    for bad in bads:
        with pytest.raises(RuleError) as caught:
            Game(bad, 1)
        assert caught.value.code == "bad_options"
    assert Game(None, 1).options == Options()
