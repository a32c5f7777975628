"""Bots: legal play in every variant, promises kept (R11), determinism,
and no peeking: a bot decides from its seat's view and the public events only (R10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from qvcore import Game, rules
from qvcore.board import SENATE
from qvcore.bots import make_bot
from qvcore.bots.evaluate import DEFAULT, Weights, win_chances
from qvcore.observer import Observer
from qvcore.tournament import play_game
from tests.helpers import hide_differently

VARIANTS: list[dict[str, Any]] = [
    {},
    {"scarce_laurels": True},
    {"open_hoards": "first_three"},
    {"open_hoards": "every_entry"},
    {"series": True},
    {"horizon": "turn"},
    {"horizon": "two"},
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(map(str, v.items())) or "base")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_legal_games_to_the_end(variant: dict[str, Any], players: int) -> None:
    """R4-R12: bots of every level never attempt an illegal action, and their games end."""
    levels = ["normal", "easy", "random", "normal", "easy"][:players]
    for seed in range(2):
        result = play_game({"players": players, **variant}, seed, levels)
        assert not result.capped, f"seed {seed} reached the action cap"
        assert sum(result.illegal.values()) == 0, result.illegal
        assert result.winner is not None


@pytest.mark.parametrize("variant", [{}, {"series": True}, {"open_hoards": "every_entry"}])
def test_hard_bot_plays_legal_games(variant: dict[str, Any]) -> None:
    """The searching bot also keeps to the rules (a small table, a few games)."""
    result = play_game({"players": 3, **variant}, 3, ["hard", "normal", "easy"])
    assert not result.capped
    assert result.illegal == {"hard": 0, "normal": 0, "easy": 0}


def _advance(game: Game, bots: list[Any], count: int) -> None:
    for _ in range(count):
        seat = rules.waiting_for(game.state)[0]
        event = game.apply(bots[seat].decide(Observer(seat).view(game.state)))
        for bot in bots:
            bot.observe(event)


def _fresh_bots(game: Game, level: str, seed: int) -> list[Any]:
    bots = [make_bot(level, seat, seed + seat) for seat in range(game.state.n)]
    for event in game.events:
        for bot in bots:
            bot.observe(event)
    return bots


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_events_and_view_give_the_same_decision(level: str) -> None:
    """Determinism: two bots with one seed, fed the same events, choose the same action."""
    game = Game({"players": 4}, 11)
    _advance(game, [make_bot("normal", s, s) for s in range(4)], 30)
    seat = rules.waiting_for(game.state)[0]
    view = Observer(seat).view(game.state)
    first = _fresh_bots(game, level, 5)[seat].decide(view)
    second = _fresh_bots(game, level, 5)[seat].decide(view)
    assert first == second


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("steps", [25, 60])
def test_decision_depends_only_on_the_seats_view(level: str, steps: int) -> None:
    """R10: two full states that give the seat the same view and events give the same
    decision; here they differ in the pile's order and in the rivals' hoards."""
    game = Game({"players": 4}, 21)
    _advance(game, [make_bot("normal", s, 40 + s) for s in range(4)], steps)
    seat = rules.waiting_for(game.state)[0]
    other = hide_differently(game, seat)
    assert other.state.pile != game.state.pile or other.state.hoards != game.state.hoards
    view = Observer(seat).view(game.state)
    assert Observer(seat).view(other.state) == view
    decisions = [_fresh_bots(g, level, 9)[seat].decide(Observer(seat).view(g.state))
                 for g in (game, other)]
    assert decisions[0] == decisions[1]


def _promise_game(horizon: str) -> Game:
    """Seat 0 moves with seat 1's consent on terms: seat 0 promises to consent to seat 1;
    then seat 1 asks seat 0 for consent."""
    game = Game({"players": 3, "horizon": horizon}, 5)
    for action in (
        {"type": "add", "player": 0, "office": 3},
        {"type": "add", "player": 1, "office": 3},
        {"type": "add", "player": 2, "office": 0},
        {"type": "request", "player": 0, "from": 3, "to": 6},
        {"type": "answer", "player": 1, "consents": 1,
         "terms": {"promises": [{"by": 0, "kind": "consent", "player": 1}]}},
        {"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]},
        {"type": "add", "player": 1, "office": 1},
        {"type": "add", "player": 2, "office": 1},
        {"type": "add", "player": 0, "office": 3},
        {"type": "request", "player": 1, "from": 3, "to": 7},
    ):
        game.apply(action)
    return game


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_keep_a_binding_promise(level: str) -> None:
    """R11: within the horizon the promised consent is given, without new terms."""
    game = _promise_game("two")
    assert Observer(0).view(game.state)["promises"]
    bot = _fresh_bots(game, level, 1)[0]
    answer = bot.decide(Observer(0).view(game.state))
    assert answer["type"] == "answer" and answer["consents"] == 1 and "terms" not in answer
    assert bot.illegal == 0


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_keep_their_word_beyond_the_horizon(level: str) -> None:
    """R11: beyond the horizon a promise binds only the promisor's word; easy and normal
    keep it."""
    game = _promise_game("turn")
    assert not Observer(0).view(game.state)["promises"]
    for seed in range(3):
        answer = _fresh_bots(game, level, seed)[0].decide(Observer(0).view(game.state))
        assert answer["consents"] == 1


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 0, 1)


def test_a_bot_refuses_another_seats_view() -> None:
    """R10: a bot decides only from its own seat's view."""
    game = Game({"players": 3}, 1)
    with pytest.raises(ValueError, match="view"):
        make_bot("easy", 1, 1).decide(Observer(0).view(game.state))


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_a_table_of_one_level_brings_its_games_to_an_end(level: str) -> None:
    """R9.1: bots alone at a table fill the Senate; no game reaches the action cap."""
    for seed in range(2):
        result = play_game({"players": 4}, 50 + seed, [level] * 4)
        assert not result.capped and result.winner is not None
        assert result.illegal == {level: 0}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_do_not_let_the_senate_fill_without_them(level: str) -> None:
    """R9.1, R9.3: asked to let a fifth senator into the Senate while it has none there,
    a bot refuses (only players in the Senate can win)."""
    game = Game({"players": 3}, 1)
    s = game.state
    s.offices[13] = [1, 2, 1, 2]
    s.offices[12] = [1, 0]
    s.supply = [7, 5, 6]
    s.current = 1
    game.apply({"type": "request", "player": 1, "from": 12, "to": 13})
    for seed in range(3):
        answer = make_bot(level, 0, seed).decide(Observer(0).view(s))
        assert answer["type"] == "answer" and answer["consents"] == 0


def test_bots_negotiate_prices_and_carry_out_deals() -> None:
    """R11: asked for consent, bots name prices (split, payment, promise, Caesar) and
    movers accept some of them, so deals are carried out in play."""
    game = Game({"players": 4}, 2)
    bots = [make_bot("normal", seat, seat) for seat in range(4)]
    priced = deals = 0
    while not game.is_over():
        seat = rules.waiting_for(game.state)[0]
        action = bots[seat].decide(Observer(seat).view(game.state))
        event = game.apply(action)
        for bot in bots:
            bot.observe(event)
        priced += action["type"] == "answer" and "terms" in action
        deals += bool(event.get("deals"))
    assert priced >= 3 and deals >= 1


def test_evaluation_weights_change_chances_but_never_give_one_outside_a_full_senate() -> None:
    """R9.3: only a player with a senator in the Senate can win, whatever the evaluation's
    weights; the default weights are the ones the bots play with, and others change the
    chances of those who can win."""
    state = Game({"players": 4}, 3).state.copy()
    state.offices[SENATE] = [0, 1, 2, 0, 1]
    totals = [10.0, 12.0, 9.0, 30.0]
    other = Weights(top_two=3.0, first_senator=0.0, temper=4.0, temper_left=0.0)
    default = win_chances(state, totals)
    assert default == win_chances(state, totals, DEFAULT)
    changed = win_chances(state, totals, other)
    assert default[3] == changed[3] == 0.0
    assert default != changed
    assert abs(sum(changed) - 1.0) < 1e-9


def test_progress_pressure_counts_the_turns_of_the_game_being_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R12 V3: each game of a series counts its own turns (the view's game_turn), and so does
    the bots' progress pressure (Caesar's cost, an answer's lenience): a bot opened game 2
    as pressed as at the end of game 1, turn 40 or so of the series."""
    from qvcore.bots import negotiate, normal
    game = Game({"players": 3, "series": True}, 5)
    bots = [make_bot("normal", seat, 10 + seat) for seat in range(3)]
    for bot in bots:
        bot.meet(Observer(bot.seat).view(game.state))
    while game.state.game_number == 1:
        _advance(game, bots, 1)
    while game.state.stage != "action":
        _advance(game, bots, 1)
    assert game.state.turn > 10 and game.state.game_turn() == 0
    seen: list[int] = []

    def counted(value: float) -> Callable[[int], float]:
        def pressure(turn: int) -> float:
            seen.append(turn)
            return value
        return pressure

    monkeypatch.setattr(normal, "caesar_cost", counted(0.003))
    monkeypatch.setattr(negotiate, "lenience", counted(0.004))
    _advance(game, bots, 2 * game.state.n)
    assert seen and max(seen) <= game.state.game_turn(), (seen, game.state.turn)
