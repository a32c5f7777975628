"""The fast playout core against the validated rules: the same random games (R4-R13, V1-V3),
the same final states, and playouts from positions sampled mid-turn."""

from __future__ import annotations

import copy
import random

import pytest

from qvcore import Game, RuleError, board, rules
from qvcore.invariants import violations
from qvcore.knowledge import Knowledge
from qvcore.options import Options
from qvcore.playout import (
    apply,
    check_seed,
    choose,
    from_action,
    play_random_game,
    playout_returns,
    random_playout,
    step,
    to_action,
)
from qvcore.position import from_position, sample_state, to_position
from qvcore.randomplay import random_action
from qvcore.state import BONUS, CONSENT, COUNCIL, OVER, GameState


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("block", range(4))
def test_fast_games_are_the_validated_games(players: int, block: int) -> None:
    """Each fast game is the game randomplay plays from the same seed, and its actions replay
    through rules.apply_action (Game.replay) to the same final state: 100 seeds per count."""
    for seed in range(block * 25, block * 25 + 25):
        assert check_seed(seed, players) == []


@pytest.mark.parametrize("seed", range(12))
def test_fast_games_with_many_deals(seed: int) -> None:
    """R11/R13: deal terms on most consents (payments, splits, promises, Caesar) agree too."""
    assert check_seed(seed, 3 + seed % 3, deal_rate=0.9) == []


def test_choose_draws_what_random_action_draws() -> None:
    """Action by action, the fast draw equals randomplay.random_action from the same stream."""
    for seed in range(20):
        state = GameState(Options(players=5, first_player=None), seed)
        fast_rand, slow_rand = random.Random(seed), random.Random(seed)
        while state.stage != OVER:
            fast = choose(state, fast_rand, 0.5)
            slow = random_action(state, slow_rand, 0.5)
            json_fast = to_action(state, fast)
            if "terms" in slow and "terms" not in json_fast:
                # the fast player drops terms the rules refuse (R11): check they do
                with pytest.raises(RuleError):
                    rules.apply_action(state.copy(), slow)
                slow = {k: v for k, v in slow.items() if k != "terms"}
            assert json_fast == slow
            step(state, fast)


def _mid_turn_states(stage: str, count: int) -> list[GameState]:
    """States from random games at the given stage (consent, bonus or council)."""
    found: list[GameState] = []
    for seed in range(200):
        options = {"players": 4, "series": stage == COUNCIL}
        game = Game(options, seed)
        rand = random.Random(seed)
        while not game.is_over() and len(found) < count:
            if game.state.stage == stage:
                found.append(game.state.copy())
                break
            action = random_action(game.state, rand, 0.3)
            try:
                game.apply(action)
            except RuleError:
                game.apply({k: v for k, v in action.items() if k != "terms"})
        if len(found) >= count:
            break
    assert len(found) == count
    return found


@pytest.mark.parametrize("stage", [CONSENT, BONUS, COUNCIL])
def test_playout_from_mid_turn_positions(stage: str) -> None:
    """random_playout goes on from a consent request, a Caesar bonus or a V3 council, and its
    actions replay through the validated rules to the same final state."""
    for start in _mid_turn_states(stage, 6):
        fast, played, actions = play_random_game(start.copy(), random.Random(3), record=True)
        assert fast.stage == OVER and violations(fast) == []
        checked = from_position(to_position(start))
        for action in actions:
            rules.apply_action(checked, copy.deepcopy(action))
        assert checked.to_dict() == fast.to_dict()
        assert played == len(actions)


def test_playout_from_sampled_states() -> None:
    """A seat samples states from its view and knowledge mid-game; playouts from them end with
    one winner (R9.3) and keep every invariant."""
    game = Game({"players": 5}, 8)
    rand = random.Random(8)
    knowledge = Knowledge(2, game.view(2))
    while len(game.actions) < 150:
        action = random_action(game.state, rand, 0.3)
        try:
            event = game.apply(action)
        except Exception:
            event = game.apply({k: v for k, v in action.items() if k != "terms"})
        knowledge.observe(event)
    knowledge.update(game.view(2))
    for i in range(10):
        sample = sample_state(game.view(2), knowledge, random.Random(i))
        returns = playout_returns(sample, random.Random(i))
        assert sorted(returns) == [0.0] * 4 + [1.0]
        assert sample.to_dict() != random_playout(sample.copy(), random.Random(i)).to_dict()
    final = random_playout(sample, random.Random(1))
    assert final is sample and final.stage == OVER and violations(final) == []


def test_max_actions_caps_a_playout() -> None:
    state = GameState(Options(players=5), 4)
    random_playout(state, random.Random(4), max_actions=10)
    assert state.stage != OVER
    assert playout_returns(GameState(Options(players=3), 1), random.Random(1), 5) == [0.0] * 3


def test_json_actions_applied_unchecked_match_the_rules() -> None:
    """Search may play JSON actions (as bots make them) unchecked: same states as the rules."""
    for seed in range(15):
        game = Game({"players": 3 + seed % 3, "open_hoards": "every_entry"}, seed)
        fast = game.state.copy()
        rand = random.Random(seed)
        while not game.is_over():
            action = random_action(game.state, rand, 0.5)
            try:
                game.apply(action)
            except RuleError:
                action = {k: v for k, v in action.items() if k != "terms"}
                game.apply(action)
            assert from_action(action) is not None
            apply(fast, copy.deepcopy(action))
            assert fast.to_dict() == game.state.to_dict()


def _agree_from(state: GameState, draws: int = 40) -> None:
    """From ``state``, the fast draw equals randomplay's and the fast step equals the rules'."""
    for k in range(draws):
        fast = choose(state, random.Random(k), 0.5)
        slow = random_action(state, random.Random(k), 0.5)
        json_fast = to_action(state, fast)
        if "terms" in slow and "terms" not in json_fast:
            with pytest.raises(RuleError):
                rules.apply_action(state.copy(), slow)
            slow = {key: v for key, v in slow.items() if key != "terms"}
        assert json_fast == slow
        fast_state, checked = state.copy(), state.copy()
        step(fast_state, fast)
        rules.apply_action(checked, json_fast)
        assert fast_state.to_dict() == checked.to_dict()


def _promise(by: int, kind: str, player: int, **extra: object) -> dict[str, object]:
    return {"by": by, "kind": kind, "player": player, "made_turn": 0, "until_turn": 6,
            "done": False, **extra}


def test_r11_caesar_promise_due_is_the_turn() -> None:
    """R11 (rulings #25): a Caesar promise falling due leaves its promisor that one Caesar move;
    kept as soon as Caesar stands there. Fast draw and step agree with the rules."""
    game = Game({"players": 3}, 2)
    pos = to_position(game.state)
    pos["turn"] = 3
    pos["offices"][3] = [0, 1]
    pos["supply"] = [7, 7, 8]
    pos["promises"] = [_promise(0, "caesar", 1, caesar={"from": 8, "to": 12})]
    state = from_position(pos)
    assert {choose(state, random.Random(k))[0] for k in range(10)} == {5}  # CAESAR only
    _agree_from(state)
    step(state, choose(state, random.Random(0)))
    assert state.caesar == board.PATH_INDEX[(8, 12)] and state.promises == []


def test_r11_promises_bound_answers_in_fast_play() -> None:
    """R11: promised consents and refusals bound the answers; a Caesar promise by the asked
    player does not. Fast draws and steps agree with the rules in the consent stage."""
    for kinds in (("consent",), ("refuse",), ("caesar",), ("consent", "caesar")):
        game = Game({"players": 4}, 5)
        pos = to_position(game.state)
        pos["turn"] = 2
        pos["offices"][3] = [0, 1]
        pos["offices"][1] = [0, 2, 3]
        pos["supply"] = [6, 7, 7, 7]
        pos["stage"] = "consent"
        pos["request"] = {"path": board.PATH_INDEX[(1, 8)], "needed": 2, "asked": [2, 3],
                          "offers": {}, "answers": {"3": {"consents": 1, "terms": None}}}
        pos["promises"] = [
            _promise(2, kind, 0, **({"caesar": {"from": 6, "to": 9}} if kind == "caesar"
                                     else {})) for kind in kinds]
        state = from_position(pos)
        _agree_from(state)
