"""Save, load, replay, undo and truncate: a game is its options, seed and actions (R3 set-up
from the seed; every action re-checked by the rules on replay)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from qvcore import Game, RuleError
from qvcore.randomplay import random_action
from tests.helpers import fingerprint

OPTIONS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4, "scarce_laurels": True, "open_hoards": "every_entry", "horizon": "two"},
    {"players": 5, "open_hoards": "first_three", "horizon": "turn", "first_player": None},
    {"players": 3, "series": True, "names": ["Ann", "Bo", "Cy"]},
]


def _random_game(options: dict[str, Any], seed: int, limit: int = 10_000) -> tuple[Game, list[Any]]:
    """A seeded random game with deals; returns it and the state dicts after each action."""
    game = Game(options, seed)
    rand = random.Random(seed)
    states = [(game.state.to_dict(), fingerprint(game.state))]
    while not game.is_over() and len(game.actions) < limit:
        action = random_action(game.state, rand, deal_rate=0.4)
        try:
            game.apply(action)
        except RuleError:
            assert "terms" in action
            game.apply({k: v for k, v in action.items() if k != "terms"})
        states.append((game.state.to_dict(), fingerprint(game.state)))
    return game, states


@pytest.mark.parametrize(("options", "seed"), [(o, s) for o in OPTIONS for s in (3, 11)])
def test_save_load_round_trip(options: dict[str, Any], seed: int) -> None:
    game, _ = _random_game(options, seed)
    assert game.is_over()
    data = game.save(meta={"colours": ["red", "blue"]})
    text = json.dumps(data)
    assert data["format"] == "qvcore-save" and data["version"] == 1
    for loaded in (Game.load(text), Game.load(data), Game.load(text.encode())):
        assert loaded.state.to_dict() == game.state.to_dict()
        assert fingerprint(loaded.state) == fingerprint(game.state)
        assert loaded.actions == game.actions
        assert loaded.events == game.events
        assert loaded.log() == game.log()
        assert loaded.view(0) == game.view(0)
    assert json.loads(text)["meta"] == {"colours": ["red", "blue"]}


@pytest.mark.parametrize("options", OPTIONS)
def test_load_mid_game_and_play_on_identically(options: dict[str, Any]) -> None:
    game, _ = _random_game(options, 5)
    cut = len(game.actions) // 2
    half = Game.replay(options, 5, game.actions[:cut])
    loaded = Game.load(json.dumps(half.save()))
    for action in game.actions[cut:]:
        loaded.apply(action)   # the same random draws follow
    assert loaded.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("options", OPTIONS)
def test_undo_to_any_earlier_action_reproduces_that_state(options: dict[str, Any]) -> None:
    game, states = _random_game(options, 7)
    n = len(game.actions)
    for length in sorted({0, 1, 2, n // 3, n // 2, n - 2, n - 1, n}):
        copy = Game.load(game.save())
        copy.truncate(length)
        assert len(copy.actions) == length
        assert copy.state.to_dict() == states[length][0]
        assert fingerprint(copy.state) == states[length][1]
    # undo works in a running game (a finished one stays finished), back to the last draw
    # from the pile (rulings.md #30): the latest point with four actions since a draw
    cut = max(c for c in range(4, n) if not any(
        event.get("replaced_by") is not None for event in game.events[c - 4:c]))
    copy = Game.load(game.save())
    copy.truncate(cut)
    copy.undo(3)
    assert copy.state.to_dict() == states[cut - 3][0]
    copy.undo()
    assert copy.state.to_dict() == states[cut - 4][0]
    copy.undo(0)
    assert copy.state.to_dict() == states[cut - 4][0]


def test_a_finished_game_is_not_undone() -> None:
    """R9.1, R10, rulings.md #29: once the game is over (every hoard shown) undo is refused
    with `undo_finished` and changes nothing; replaying it stays possible."""
    game, _ = _random_game({"players": 3}, 7)
    assert game.state.stage == "over"
    before = game.state.to_dict()
    for count in (1, 2, 0):
        with pytest.raises(RuleError) as caught:
            game.undo(count)
        assert (caught.value.rule, caught.value.code) == ("undo", "undo_finished")
    assert game.state.to_dict() == before
    assert game.replay_view(len(game.actions) - 1)["stage"] != "over"


def test_r10_no_undo_past_a_draw_from_the_pile() -> None:
    """R7.1, R10, rulings.md #30: the move that took the laurel on 3→7 drew the pile's next
    token onto that space; undoing it would put the token back on top, and playing the move
    again would show it before its time (undo after undo would read the pile). Such an undo is
    refused with `undo_drawn` and changes nothing; what came after the draw can be undone."""
    game = Game({"players": 3}, 3)
    for action in ({"type": "add", "player": 0, "office": 3},
                   {"type": "add", "player": 1, "office": 3},
                   {"type": "caesar", "player": 2, "from": 1, "to": 8},
                   {"type": "request", "player": 0, "from": 3, "to": 7},
                   {"type": "answer", "player": 1, "consents": 1}):
        game.apply(action)
    drew = game.apply({"type": "move", "player": 0, "from": 3, "to": 7, "supporters": [1]})
    assert drew["took"] and drew["replaced_by"] is not None and drew["bonus"]
    game.apply({"type": "decline", "player": 0})  # Caesar's bonus (R7.3), drawing nothing
    assert game.undo_refusal(1) is None
    before = game.state.to_dict()
    for count in (2, 3):
        refusal = game.undo_refusal(count)
        assert refusal is not None and (refusal.rule, refusal.code) == ("R10", "undo_drawn")
        with pytest.raises(RuleError) as caught:
            game.undo(count)
        assert caught.value.code == "undo_drawn"
        assert game.state.to_dict() == before
    game.undo(1)
    assert len(game.actions) == 6 and game.state.stage == "bonus"


def test_r10_no_undo_of_the_council_pick_that_deals_the_next_game() -> None:
    """V3, R3.2, R10, rulings.md #30: the council's last pick starts the next game, whose
    laurels are dealt from the pile at once; undoing it would let the council see them before
    choosing which senator to take off (a review did: the same laurels came out whatever it
    chose). Such an undo is refused with `undo_dealt` and changes nothing."""
    checked = 0
    for seed in range(1, 40):
        game = Game({"players": 3, "series": True}, seed)
        rand = random.Random(seed)
        while not game.is_over() and len(game.actions) < 10_000:
            action = random_action(game.state, rand, deal_rate=0.0)
            event = game.apply(action)
            if event.get("next_game") is None or event["type"] != "retire":
                continue
            before = game.state.to_dict()
            for count in (1, 2):  # two may reach back to the game's end, refused for that
                refusal = game.undo_refusal(count)
                assert refusal is not None, count
                assert refusal.code in (("undo_dealt",) if count == 1
                                        else ("undo_dealt", "undo_finished"))
                with pytest.raises(RuleError) as caught:
                    game.undo(count)
                assert caught.value.code == refusal.code
                assert game.state.to_dict() == before
            assert game.undo_refusal(1).rule == "R10"  # type: ignore[union-attr]
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3  # councils that dealt a game were really there to check


def test_undo_mid_request_restores_offers_and_answers() -> None:
    """The full state (offers and answer terms included) comes back on undo."""
    game = Game({"players": 3}, 3)  # a seed whose laurel on 3→7 can be split (rulings.md #9)
    for action in ({"type": "add", "player": 0, "office": 3},
                   {"type": "add", "player": 1, "office": 3},
                   {"type": "caesar", "player": 2, "from": 1, "to": 8},
                   {"type": "request", "player": 0, "from": 3, "to": 7,
                    "offers": {"1": {"promises": [{"by": 0, "kind": "consent", "player": 1}]}}},
                   {"type": "answer", "player": 1, "consents": 1, "terms": {"split": True}}):
        game.apply(action)
    before = game.state.to_dict()
    assert before["request"]["offers"]["1"]["promises"] == [[0, "consent", 1]]
    assert before["request"]["terms"]["1"]["split"] is True
    game.apply({"type": "add", "player": 0, "office": 1})  # the mover plays on without moving
    assert game.state.request is None
    game.undo()
    assert game.state.to_dict() == before
    assert game.state.request is not None and game.state.request.answers[1].terms is not None


@pytest.mark.parametrize(("method", "bad"), [
    *(("undo", bad) for bad in (-1, 2, "1", 1.0, True, None)),
    *(("truncate", bad) for bad in (-1, 2, "1", 1.5, False, None)),
])
def test_undo_and_truncate_reject_bad_counts(method: str, bad: Any) -> None:
    game = Game({"players": 3}, 1)
    game.apply({"type": "add", "player": 0, "office": 1})
    before = game.state.to_dict()
    with pytest.raises(RuleError) as caught:
        getattr(game, method)(bad)
    assert caught.value.code == "bad_undo"
    assert game.state.to_dict() == before and len(game.actions) == 1


def _good_save() -> dict[str, Any]:
    game = Game({"players": 4}, 9)
    game.apply({"type": "add", "player": 0, "office": 1})
    game.apply({"type": "caesar", "player": 1, "from": 1, "to": 8})
    game.apply({"type": "add", "player": 2, "office": 3})
    game.apply({"type": "caesar", "player": 3, "from": 1, "to": 5})
    return game.save()


@pytest.mark.parametrize(("change", "code"), [
    (lambda d: "{not json", "corrupt_save"),
    (lambda d: "[" * 100_000, "corrupt_save"),
    (lambda d: b"\xff\xfe", "corrupt_save"),
    (lambda d: [], "foreign_save"),
    (lambda d: "42", "foreign_save"),
    (lambda d: {**d, "format": "chess-save"}, "foreign_save"),
    (lambda d: {k: v for k, v in d.items() if k != "format"}, "foreign_save"),
    (lambda d: {**d, "version": 2}, "unknown_version"),
    (lambda d: {**d, "version": "1"}, "unknown_version"),
    (lambda d: {**d, "version": True}, "unknown_version"),
    (lambda d: {**d, "version": 1.5}, "unknown_version"),
    (lambda d: {k: v for k, v in d.items() if k != "version"}, "unknown_version"),
    (lambda d: {**d, "seed": "9"}, "corrupt_save"),
    (lambda d: {**d, "seed": -9}, "corrupt_save"),
    (lambda d: {**d, "seed": True}, "corrupt_save"),
    (lambda d: {k: v for k, v in d.items() if k != "seed"}, "corrupt_save"),
    (lambda d: {**d, "actions": {"0": {}}}, "corrupt_save"),
    (lambda d: {**d, "options": {"players": 9}}, "corrupt_save"),
    (lambda d: {**d, "options": {"players": 4, "cheat": True}}, "corrupt_save"),
    (lambda d: {**d, "options": "four"}, "corrupt_save"),
    (lambda d: {**d, "actions": [*d["actions"], {"type": "add", "player": 0, "office": 13}]},
     "bad_save_action"),
    (lambda d: {**d, "actions": [d["actions"][1], d["actions"][0]]}, "bad_save_action"),
    (lambda d: {**d, "actions": [*d["actions"], "boom"]}, "bad_save_action"),
    (lambda d: {**d, "options": {"players": 3}}, "bad_save_action"),   # foreign action list
])
def test_bad_saves_give_a_clear_rule_error(change: Any, code: str) -> None:
    data = change(_good_save())
    with pytest.raises(RuleError) as caught:
        Game.load(data)
    assert caught.value.rule == "save"
    assert caught.value.code == code
    assert str(caught.value).startswith("save: ")


def test_bad_save_action_names_the_action() -> None:
    data = _good_save()
    data["actions"].append({"type": "add", "player": 2, "office": 0})
    with pytest.raises(RuleError) as caught:
        Game.load(data)
    assert caught.value.params == {"index": 4}
    assert str(caught.value) == ("save: action 5 cannot be replayed: R4: it is Player 1's "
                                 "decision, not Player 3's")


def test_replay_equals_playing() -> None:
    game, _ = _random_game({"players": 5}, 21)
    again = Game.replay({"players": 5}, 21, game.actions)
    assert again.state.to_dict() == game.state.to_dict()
    assert again.events == game.events
