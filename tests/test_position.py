"""Positions (docs/protocol.md "Positions"): a state written as data, checked against the rules
(R1 conservation, R2 capacities, R3 set-up, R8 Caesar, R9.1 end, R6/R11 requests and promises),
and rule situations set up directly from a position."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from qvcore import Game, RuleError, rules
from qvcore.invariants import violations
from qvcore.position import from_position, to_position
from qvcore.randomplay import random_action
from qvcore.state import GameState

from .helpers import path_of


def start_position(players: int = 3) -> dict[str, Any]:
    """The position of a new game (first player 0)."""
    return to_position(Game({"players": players}, 5).state)


def game_at(position: dict[str, Any]) -> Game:
    """A game whose state is ``position`` (it cannot be replayed from actions)."""
    game = Game(position["options"], 0)
    game.state = from_position(position)
    return game


def lone_senator(caesar_on_path: bool) -> dict[str, Any]:
    """One senator of player 0 alone in the 3-seat office 8, optionally Caesar on 8→12."""
    pos = start_position()
    pos["offices"][8] = [0]
    pos["supply"][0] = 7
    if caesar_on_path:
        pos["caesar"] = path_of(8, 12)
    return pos


def test_r6_5_lone_senator_leaves_with_caesar_on_its_path() -> None:
    """R6.2: a 3-seat office holding one senator lets no one leave; R6.5 Caesar frees the path,
    and R7.4 the token under him stays."""
    game = game_at(lone_senator(caesar_on_path=True))
    token = game.state.spaces[path_of(8, 12)]
    event = game.apply({"type": "move", "player": 0, "from": 8, "to": 12, "supporters": []})
    assert event.get("caesar") is True and "took" not in event
    assert game.state.offices[12] == [0]
    assert game.state.spaces[path_of(8, 12)] == token
    assert sum(game.state.hoards[0]) == 0


def test_r6_2_lone_senator_is_stuck_without_caesar() -> None:
    """R6.2: the same senator without Caesar on its path can neither move nor ask."""
    game = game_at(lone_senator(caesar_on_path=False))
    kinds = {a["type"] for a in game.legal_actions(0)}
    assert "move" not in kinds and "request" not in kinds
    with pytest.raises(RuleError) as error:
        game.apply({"type": "request", "player": 0, "from": 8, "to": 12})
    assert error.value.code == "nobody_to_ask"


def test_r7_1_pile_order_from_the_position_decides_the_replacement() -> None:
    """R7.1: the token drawn onto the emptied space is the pile's top (the last in the list)."""
    pos = lone_senator(caesar_on_path=False)
    pos["offices"][8] = [0, 1]
    pos["supply"][1] = 7
    top = pos["pile"][-1]
    game = game_at(pos)
    game.apply({"type": "request", "player": 0, "from": 8, "to": 12})
    game.apply({"type": "answer", "player": 1, "consents": 1})
    event = game.apply({"type": "move", "player": 0, "from": 8, "to": 12, "supporters": [1]})
    assert event["replaced_by"] == top


@pytest.mark.parametrize("players", [3, 4, 5])
def test_round_trip_over_random_games(players: int) -> None:
    """Every state of random games survives to_position/from_position unchanged, as JSON too,
    and play goes on identically from the rebuilt state (same events, same final state)."""
    for seed in range(6):
        options = {"players": players, "first_player": None,
                   **([{}, {"series": True, "open_hoards": "every_entry"},
                       {"scarce_laurels": True, "horizon": "two"}][seed % 3])}
        game = Game(options, seed)
        rand = random.Random(seed)
        copies: list[tuple[int, GameState]] = []
        while not game.is_over():
            if len(game.actions) % 7 == 0:
                data = json.loads(json.dumps(to_position(game.state)))
                rebuilt = from_position(data)
                assert rebuilt.to_dict() == game.state.to_dict()
                copies.append((len(game.actions), rebuilt))
            action = random_action(game.state, rand, 0.3)
            try:
                game.apply(action)
            except RuleError:
                game.apply({k: v for k, v in action.items() if k != "terms"})
        assert from_position(to_position(game.state)).to_dict() == game.state.to_dict()
        for start, state in copies[::5]:
            for action in game.actions[start:]:
                rules.apply_action(state, copy.deepcopy(action))
            assert state.to_dict() == game.state.to_dict()
            assert violations(state) == []


def _broken(change: Any) -> RuleError:
    pos = start_position()
    change(pos)
    with pytest.raises(RuleError) as error:
        from_position(pos)
    assert error.value.code == "bad_position"
    return error.value


def test_r1_senators_conserved() -> None:
    """R1: each player has 8 senators across supply and board."""
    def extra(pos: dict[str, Any]) -> None:
        pos["offices"][1].append(2)
    assert _broken(extra).rule == "R1"


def test_r1_laurels_conserved() -> None:
    """R1: 62 tokens across pool, pile, spaces and hoards, by kind."""
    def drop(pos: dict[str, Any]) -> None:
        pos["pile"].pop()
    assert _broken(drop).rule == "R1"

    def forge(pos: dict[str, Any]) -> None:
        pos["hoards"][1] = {"V": 1}
    assert _broken(forge).rule == "R1"


def test_r2_office_capacity() -> None:
    """R2: an office holds at most its seats."""
    def crowd(pos: dict[str, Any]) -> None:
        pos["offices"][0] = [0, 1]
        pos["supply"][0] -= 1
        pos["supply"][1] -= 1
    assert _broken(crowd).rule == "R2"


def test_r3_i_tokens_never_in_the_pile() -> None:
    """R3.1: I tokens are the reward pool's; they never lie in the pile or on a space."""
    def swap(pos: dict[str, Any]) -> None:
        pos["pool"] -= 1
        pos["pile"][0] = "I"
        pos["hoards"][0] = {"II": 1} if pos["pile"].count("II") else {}
    assert _broken(swap).rule == "R3"


def test_r8_caesar_on_a_laurel_space() -> None:
    """R8: Caesar stands only on a laurel space."""
    def off(pos: dict[str, Any]) -> None:
        pos["caesar"] = path_of(0, 4)
    assert _broken(off).rule == "R8"


def test_r9_1_full_senate_means_over() -> None:
    """R9.1: the game ends exactly when the Senate's fifth seat fills."""
    def fill(pos: dict[str, Any]) -> None:
        pos["offices"][13] = [0, 1, 2, 0, 1]
        pos["supply"] = [6, 6, 7]
    assert _broken(fill).rule == "R9.1"


def test_r6_request_only_in_consent_stage_and_well_formed() -> None:
    """R6.2/R6.3: a request belongs to the consent stage and asks the others in the office."""
    def stray(pos: dict[str, Any]) -> None:
        pos["request"] = {"path": 11, "needed": 1, "asked": [1], "offers": {}, "answers": {}}
    assert _broken(stray).rule == "R6.2"

    pos = start_position()
    pos["offices"][8] = [0, 1]
    pos["supply"] = [7, 7, 8]
    pos["stage"] = "consent"
    pos["request"] = {"path": path_of(8, 12), "needed": 1, "asked": [2], "offers": {},
                      "answers": {}}
    with pytest.raises(RuleError) as error:
        from_position(pos)
    assert error.value.rule == "R6.3"
    pos["request"]["asked"] = [1]
    pos["request"]["answers"] = {"1": {"consents": 1, "terms": {"split": True}}}
    state = from_position(pos)
    assert state.request is not None and state.request.answers[1].terms is not None


def test_r11_contradicting_promises() -> None:
    """R11: a player cannot be bound both to consent to and to refuse the same player."""
    def both(pos: dict[str, Any]) -> None:
        pos["promises"] = [
            {"by": 1, "kind": kind, "player": 0, "made_turn": 0, "until_turn": 3, "done": False}
            for kind in ("consent", "refuse")]
    assert _broken(both).rule == "R11"


@pytest.mark.parametrize("bad", [None, [], {"format": "x"}, "text"])
def test_malformed_positions_are_refused(bad: Any) -> None:
    with pytest.raises(RuleError) as error:
        from_position(bad)
    assert error.value.code == "bad_position"


def test_unknown_and_missing_fields_are_named() -> None:
    pos = start_position()
    pos["extra"] = 1
    del pos["pool"]
    with pytest.raises(RuleError) as error:
        from_position(pos)
    assert error.value.params["missing"] == ["pool"]


def test_r11_caesar_promise_in_a_position() -> None:
    """R11: a Caesar promise names a laurel space; one player cannot promise two spaces."""
    pos = start_position()
    pos["promises"] = [{"by": 1, "kind": "caesar", "player": 0, "made_turn": 0, "until_turn": 3,
                        "done": False, "caesar": {"from": 8, "to": 12}}]
    state = from_position(pos)
    assert state.promises[0].path == path_of(8, 12)
    assert to_position(state)["promises"] == pos["promises"]

    def two(pos: dict[str, Any]) -> None:
        pos["promises"] = [{"by": 1, "kind": "caesar", "player": 0, "made_turn": 0,
                            "until_turn": 3, "done": False, "caesar": {"from": a, "to": b}}
                           for a, b in ((8, 12), (6, 9))]
    assert _broken(two).rule == "R11"

    def off_space(pos: dict[str, Any]) -> None:
        pos["promises"] = [{"by": 1, "kind": "caesar", "player": 0, "made_turn": 0,
                            "until_turn": 3, "done": False, "caesar": {"from": 0, "to": 4}}]
    assert _broken(off_space).rule == "R11"


def test_r3_setup_tokens_are_never_i() -> None:
    """R3.1/R3.2: the set-up tokens come from the pile, never the I tokens of the pool."""
    def forge(pos: dict[str, Any]) -> None:
        pos["setup"]["1"] = "I"
    assert _broken(forge).rule == "R3"
