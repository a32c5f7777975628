"""One answer to "what may seat S do now": on every position of many seeded random
games, the view's hints, the listed actions and the accepted actions agree (R4-R8, R11, R12)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from qvcore import Game, RuleError, board, legality, rules
from qvcore.randomplay import random_action
from qvcore.state import ACTION, BONUS, CONSENT, GameState
from tests.helpers import norm, simple_universe


def _with_caesar_promise(s: GameState, action: dict[str, Any], rand: random.Random) -> None:
    """Now and then a consent asks the mover to move Caesar on their next turn (R11)."""
    if action["type"] == "answer" and action["consents"] and rand.random() < 0.15:
        path = rand.choice(board.LAUREL_PATHS)
        terms = dict(action.get("terms", {}))
        terms["promises"] = [*terms.get("promises", []), {
            "by": s.current, "kind": "caesar", "player": action["player"],
            "caesar": {"from": board.PATH_FROM[path], "to": board.PATH_TO[path]}}]
        action["terms"] = terms


def positions(seed: int, players: int, **options: Any) -> Iterator[GameState]:
    """Every position of one seeded random game, random deal terms included."""
    game = Game({"players": players, **options}, seed)
    rand = random.Random(seed)
    while not game.is_over():
        yield game.state
        action = dict(random_action(game.state, rand, deal_rate=0.5))
        _with_caesar_promise(game.state, action, rand)
        try:
            game.apply(action)
        except RuleError:
            assert "terms" in action
            game.apply({k: v for k, v in action.items() if k != "terms"})


def _code(s: GameState, action: dict[str, Any]) -> str | None:
    """The code ``apply_action`` refuses ``action`` with on a copy (None: accepted)."""
    try:
        rules.apply_action(s.copy(), json.loads(json.dumps(action)))
    except RuleError as error:
        return error.code
    return None


GAMES = [(seed, players, options) for seed, (players, options) in enumerate([
    (3, {}), (4, {"horizon": "two"}), (5, {}), (3, {"series": True}),
    (4, {"open_hoards": "first_three"}), (5, {"open_hoards": "every_entry", "horizon": "turn"}),
    (3, {"scarce_laurels": True}), (4, {}), (5, {"horizon": "two"}), (3, {"horizon": "two"}),
    (4, {"series": True}), (5, {"scarce_laurels": True}),
])]


@pytest.mark.parametrize(("seed", "players", "options"), GAMES)
def test_hints_listed_and_accepted_agree(seed: int, players: int, options: dict[str, Any]) -> None:
    universe = simple_universe(players)
    rand = random.Random(seed)
    checked = 0
    for s in positions(seed, players, **options):
        listed = rules.legal_actions(s)
        keys = {norm(a) for a in listed}
        for action in listed:                              # listed -> accepted
            assert _code(s, action) is None, action
            assert legality.refusal(s, action) is None
        for action in rand.sample(universe, 12):           # unlisted -> refused, same code
            if norm(action) not in keys:
                code = _code(s, action)
                assert code is not None, action
                refused = legality.refusal(s, action)
                assert refused is not None and refused.code == code
        _hints_agree(s, listed)
        _choices_agree(s, listed)
        checked += 1
    assert checked > 40


def _hints_agree(s: GameState, listed: list[dict[str, Any]]) -> None:
    """A hint is possible iff some listed move or request takes its path; the actions it
    names are listed; its refusal is the one ``apply_action`` gives."""
    from qvcore.observer import move_hints
    keys = {norm(a) for a in listed}
    for hint in move_hints(s):
        on_path = [a for a in listed if a["type"] in ("move", "request")
                   and (a["from"], a["to"]) == (hint["from"], hint["to"])]
        assert hint["possible"] == bool(on_path), hint
        assert (hint["click"] == "refused") == (not hint["possible"])
        for named in (hint["move"], hint["request"]):
            if named is not None:
                assert norm(dict(named)) in keys, hint
        if hint["click"] == "choose":
            assert hint["move"] is not None and hint["request"] is not None
        if hint["click"] == "refused":
            probe: dict[str, Any] = (
                {"type": "request", "player": s.current, "from": hint["from"], "to": hint["to"]}
                if hint["needed"] else
                {"type": "move", "player": s.current, "from": hint["from"], "to": hint["to"],
                 "supporters": []})
            assert hint["error"] is not None and hint["error"]["code"] == _code(s, probe), hint
        if hint["caesar_frees"]:  # R6.5: Caesar on the path would let the senator leave alone
            freed = s.copy()
            freed.caesar = hint["path"]
            assert legality.refusal(freed, {"type": "move", "player": s.current,
                                            "from": hint["from"], "to": hint["to"]}) is None
            assert hint["error"] is not None and hint["error"]["rule"] in ("R6.2", "R6.3")
        if hint["request"] is not None:
            assert hint["asked"] == rules.apply_action(s.copy(), dict(hint["request"]))["asked"]


def _choices_agree(s: GameState, listed: list[dict[str, Any]]) -> None:
    """Caesar targets, entry offices and council offices are exactly the listed ones."""
    who = legality.actor(s)
    caesars = sorted(board.PATH_INDEX[(a["from"], a["to"])] for a in listed
                     if a["type"] == "caesar" and a["player"] == who)
    assert sorted(legality.caesar_targets(s)) == caesars
    assert legality.add_offices(s) == sorted(a["office"] for a in listed if a["type"] == "add")
    assert legality.retire_offices(s) == sorted(a["office"] for a in listed
                                                if a["type"] == "retire")
    if s.stage in (ACTION, CONSENT, BONUS):
        assert who == s.current


def test_the_view_ships_the_choices() -> None:
    """The seat's view carries what the page needs, so it derives no rule itself."""
    game = Game({"players": 3}, 3)
    view = game.view(0)
    assert view["actor"] == 0
    assert {(c["path"], c["from"], c["to"]) for c in view["caesar_targets"]} == {
        (p, board.PATH_FROM[p], board.PATH_TO[p]) for p in board.LAUREL_PATHS
        if p != game.state.caesar}
    assert view["retire"] == []
    assert view["adds"] == [0, 1, 2, 3]
