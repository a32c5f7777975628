"""The action protocol (R4 and the rules each action cites): malformed or unlisted actions are
rejected with RuleError and change nothing; every listed action is accepted; and over a broad
universe of simple actions, "listed" and "accepted" are the same set."""

from __future__ import annotations

import random
from typing import Any

import pytest

from qvcore import Game, RuleError, rules
from qvcore.randomplay import random_action
from qvcore.state import GameState
from tests.helpers import (
    answer,
    give,
    new_game,
    norm,
    place,
    rejected,
    request,
    set_space,
    simple_universe,
)

RED, BLUE, BLACK = 0, 1, 2


def _game_in_consent() -> Game:
    """Red has asked blue and black to leave office 1 (5 seats) by 1->8; blue said yes."""
    game = new_game(3)
    place(game, 1, RED, BLUE, BLACK)
    place(game, 3, RED, RED)
    place(game, 0, BLUE)
    place(game, 4, BLACK)
    set_space(game, 1, 8, "III")
    give(game, RED, "II")
    request(game, RED, 1, 8)
    answer(game, BLUE, 1)
    return game


# -- malformed actions ------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "code", "rule"), [
    (None, "bad_action", "R4"),
    ([], "bad_action", "R4"),
    ("add", "bad_action", "R4"),
    (7, "bad_action", "R4"),
    ({}, "bad_action", "R4"),
    ({"player": 0, "office": 1}, "bad_action", "R4"),
    ({"type": "pass", "player": 0}, "bad_action", "R4"),
    ({"type": "ADD", "player": 0, "office": 1}, "bad_action", "R4"),
    ({"type": ["add"], "player": 0, "office": 1}, "bad_action", "R4"),
    ({"type": "add", "player": 0, "office": 1, "extra": 1}, "bad_action", "R4"),
    ({"type": "add", "player": 0, "office": 1, "supporters": []}, "bad_action", "R4"),
    ({"type": "caesar", "player": 0, "from": 1, "to": 8, "bonus": True}, "bad_action", "R4"),
    ({"type": "add", "office": 1}, "bad_action", "R4"),
    ({"type": "add", "player": 0}, "bad_action", "R4"),
    ({"type": "move", "player": 0, "from": 1}, "bad_action", "R4"),
    ({"type": "caesar", "player": 0, "to": 8}, "bad_action", "R4"),
    ({"type": "add", "player": "0", "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": False, "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": 0.0, "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": 3, "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": -1, "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": None, "office": 1}, "bad_player", "R1"),
    ({"type": "add", "player": 1, "office": 1}, "not_your_turn", "R4"),
    ({"type": "add", "player": 0, "office": "1"}, "no_such_office", "R5"),
    ({"type": "add", "player": 0, "office": True}, "no_such_office", "R5"),
    ({"type": "add", "player": 0, "office": 1.5}, "no_such_office", "R5"),
    ({"type": "add", "player": 0, "office": 15}, "no_such_office", "R5"),
    ({"type": "add", "player": 0, "office": -1}, "no_such_office", "R5"),
    ({"type": "caesar", "player": 0, "from": "1", "to": 8}, "no_such_office", "R2"),
    ({"type": "caesar", "player": 0, "from": 1, "to": True}, "no_such_office", "R2"),
    ({"type": "caesar", "player": 0, "from": 1, "to": 99}, "no_such_office", "R2"),
    ({"type": "caesar", "player": 0, "from": 8, "to": 1}, "no_such_path", "R4"),
    ({"type": "answer", "player": 1, "consents": 1}, "no_request", "R6.3"),
    ({"type": "withdraw", "player": 0}, "wrong_stage", "R4"),
    ({"type": "decline", "player": 0}, "wrong_stage", "R4"),
    ({"type": "retire", "player": 0, "office": 1}, "wrong_stage", "R4"),
    ({"type": "reveal", "player": 0}, "no_reveal", "R12"),
])
def test_r4_malformed_or_unlisted_actions_change_nothing(action: Any, code: str,
                                                          rule: str) -> None:
    game = new_game(3)
    place(game, 1, RED, BLUE)
    rejected(game, action, code, rule)


@pytest.mark.parametrize(("action", "code", "rule"), [
    # wrong player / wrong stage while a request is open
    ({"type": "add", "player": BLUE, "office": 2}, "not_your_turn", "R4"),
    ({"type": "withdraw", "player": BLUE}, "not_your_turn", "R4"),
    ({"type": "decline", "player": RED}, "wrong_stage", "R4"),
    # answers
    ({"type": "answer", "player": BLUE, "consents": 1}, "already_answered", "R6.3"),
    ({"type": "answer", "player": RED, "consents": 1}, "not_asked", "R6.3"),
    ({"type": "answer", "player": BLACK, "consents": 2}, "bad_consents", "R6.3"),
    ({"type": "answer", "player": BLACK, "consents": -1}, "bad_consents", "R6.3"),
    ({"type": "answer", "player": BLACK, "consents": "1"}, "bad_consents", "R6.3"),
    ({"type": "answer", "player": BLACK, "consents": True}, "bad_consents", "R6.3"),
    ({"type": "answer", "player": BLACK, "consents": 1.0}, "bad_consents", "R6.3"),
    ({"type": "answer", "player": BLACK}, "bad_action", "R4"),
    ({"type": "answer", "player": BLACK, "consents": 1, "terms": "split"}, "bad_terms", "R11"),
    ({"type": "answer", "player": BLACK, "consents": 1,
      "terms": {"consenter_pays": ["III"]}}, "cannot_pay", "R13"),
    ({"type": "answer", "player": BLACK, "consents": 1, "terms": {"mover_pays": ["II", "II"]}},
     None, None),   # listed below: accepted as an answer, but red cannot honour it
    # moves: wrong supporter counts and supporters who did not consent
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE]},
     "needs_consent", "R6.2"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE, BLUE]},
     "no_consent", "R6.3"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE, BLACK]},
     "no_consent", "R6.3"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE, RED]},
     "not_enough_own", "R6.3"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE, BLUE, BLUE]},
     "too_many_supporters", "R6.4"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": "1,2"},
     "bad_supporters", "R6.4"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [BLUE, "2"]},
     "bad_supporters", "R6.4"),
    ({"type": "move", "player": RED, "from": 1, "to": 8, "supporters": [True, BLUE]},
     "bad_supporters", "R6.4"),
    ({"type": "move", "player": RED, "from": 1, "to": 5, "supporters": [BLUE, RED]},
     "not_enough_own", "R6.3"),
    ({"type": "move", "player": RED, "from": 1, "to": 5, "supporters": [BLUE, BLACK]},
     "no_consent", "R6.3"),
    ({"type": "move", "player": RED, "from": 0, "to": 4}, "not_your_senator", "R4"),
    ({"type": "move", "player": RED, "from": 3, "to": 6}, "needs_consent", "R6.2"),
    ({"type": "move", "player": RED, "from": 3, "to": 6, "supporters": [RED, RED]},
     "too_many_supporters", "R6.4"),
    ({"type": "move", "player": RED, "from": 3, "to": 6, "supporters": [BLUE]},
     "no_consent", "R6.3"),
    ({"type": "move", "player": RED, "from": 1, "to": 9}, "no_such_path", "R4"),
    ({"type": "move", "player": RED, "from": 3, "to": 1}, "no_such_path", "R4"),
    ({"type": "move", "player": RED, "from": 3, "to": 4}, "no_such_path", "R4"),
    ({"type": "move", "player": RED, "from": 13, "to": 14}, "no_such_path", "R4"),
    # requests
    ({"type": "request", "player": RED, "from": 0, "to": 4}, "not_your_senator", "R4"),
    ({"type": "request", "player": RED, "from": 3, "to": 6}, "nobody_to_ask", "R6.2"),
    ({"type": "request", "player": RED, "from": 1, "to": 8, "offers": {"1": {"mover_pays":
                                                                           ["V"]}}},
     "cannot_pay", "R13"),
    ({"type": "request", "player": RED, "from": 1, "to": 8, "offers": {"0": {}}},
     "bad_terms", "R11"),
    ({"type": "request", "player": RED, "from": 1, "to": 8, "offers": "none"},
     "bad_terms", "R11"),
    ({"type": "request", "player": RED, "from": 1, "to": 8, "offers": {"\u00b2": {}}},
     "bad_terms", "R11"),
    ({"type": "request", "player": RED, "from": 1, "to": 8, "offers": {"1": {"caesar": 5}}},
     "bad_path", "R11"),
])
def test_r6_r11_bad_actions_during_a_request_change_nothing(action: dict[str, Any],
                                                            code: str | None,
                                                            rule: str | None) -> None:
    game = _game_in_consent()
    if code is None:
        answer(game, BLACK, 1, action["terms"])
        assert [a for a in game.legal_actions() if a["type"] == "move" and a["to"] == 8] == []
        rejected(game, {"type": "move", "player": RED, "from": 1, "to": 8,
                        "supporters": [BLUE, BLACK]}, "cannot_pay", "R13")
        return
    rejected(game, action, code, rule)


def test_r4_full_offices_reject_adds_and_moves() -> None:
    game = new_game(3)
    place(game, 0, BLUE)
    place(game, 2, RED)
    place(game, 6, BLUE, BLACK, BLUE)
    rejected(game, {"type": "add", "player": RED, "office": 0}, "office_full", "R5")
    rejected(game, {"type": "move", "player": RED, "from": 2, "to": 6}, "office_full", "R6")


def test_rule_error_carries_rule_code_params() -> None:
    game = new_game(3)
    place(game, 8, RED)
    error = rejected(game, {"type": "move", "player": RED, "from": 8, "to": 12}, "needs_consent")
    assert isinstance(error, ValueError)
    assert error.rule == "R6.2"
    assert error.params == {"office": 8, "missing": 1}
    assert error.to_dict() == {"rule": "R6.2", "code": "needs_consent",
                               "message": "R6.2: leaving office 8 needs 1 more consent",
                               "params": {"office": 8, "missing": 1}}


def test_apply_keeps_its_own_copy_of_the_action() -> None:
    game = new_game(3)
    action: dict[str, Any] = {"type": "add", "player": RED, "office": 1}
    game.apply(action)
    action["office"] = 2
    assert game.actions == [{"type": "add", "player": RED, "office": 1}]
    listed = game.legal_actions()
    listed[0]["office"] = 99   # callers may change what they were given
    assert game.legal_actions()[0]["office"] != 99


def test_check_plays_nothing() -> None:
    game = new_game(3)
    before = game.state.to_dict()
    game.check({"type": "add", "player": RED, "office": 1})   # raises nothing
    assert game.state.to_dict() == before
    assert game.actions == []


# -- listed == accepted -------------------------------------------------------------------------


def _states(seeds: range, players: int, **options: Any) -> list[GameState]:
    """Every 6th position of seeded random games (with random deal terms), and more of the
    rarer stages."""
    out = []
    for seed in seeds:
        game = Game({"players": players, **options}, seed)
        rand = random.Random(seed)
        step = 0
        while not game.is_over():
            if step % 6 == 0 or game.state.stage in ("bonus", "council") or (
                    game.state.stage == "consent" and step % 2 == 0):
                out.append(game.state.copy())
            action = random_action(game.state, rand, deal_rate=0.5)
            try:
                game.apply(action)
            except RuleError:
                assert "terms" in action
                game.apply({k: v for k, v in action.items() if k != "terms"})
            step += 1
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_listed_action_is_accepted(players: int) -> None:
    for s in _states(range(12), players, series=players == 4, open_hoards="every_entry"):
        for action in rules.legal_actions(s):
            rules.apply_action(s.copy(), dict(action))   # must not raise


@pytest.mark.parametrize("players", [3, 4, 5])
def test_listed_and_accepted_agree_over_simple_actions(players: int) -> None:
    """Over every add/move/request/answer/caesar/... with small arguments, an action is
    accepted exactly when it is listed (supporters compared as a multiset)."""
    universe = simple_universe(players)
    checked = 0
    states = _states(range(2), players, series=players == 3, open_hoards="first_three")
    rare = [s for s in states if s.stage in ("bonus", "council") or s.reveal_open]
    for s in states[:: max(1, len(states) // 24)] + rare[:8]:
        listed = {norm(a) for a in rules.legal_actions(s)}
        for action in universe:
            try:
                rules.apply_action(s.copy(), dict(action))
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == (norm(action) in listed), (s.stage, action)
        checked += 1
    assert checked >= 20
