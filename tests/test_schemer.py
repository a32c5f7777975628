"""The outside opponent ``schemer`` (``qvcore/schemer.py``): legal games that end at 3-5
players and in the variants, the same actions from the same seed, decisions from its seat's
view and the public events only (R10), and its refusals at the Senate (R9.1, R9.3)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from qvcore import Game, rules
from qvcore.observer import Observer
from qvcore.schemer import SchemerPlayer
from qvcore.tournament import MAX_ACTIONS, make_player, play_game
from tests.helpers import hide_differently

TABLES = [
    ["schemer", "schemer", "schemer"],
    ["schemer", "normal", "greedy"],
    ["schemer", "schemer", "schemer", "schemer"],
    ["normal", "schemer", "schemer", "schemer"],
    ["schemer", "schemer", "schemer", "schemer", "schemer"],
    ["schemer", "normal", "schemer", "greedy", "schemer"],
]


@pytest.mark.parametrize("levels", TABLES, ids=",".join)
def test_schemer_plays_legal_games_that_end(levels: list[str]) -> None:
    """R4-R11: the schemer never attempts an illegal action (offers and prices included),
    and its games end under the action cap with a winner (R9.1)."""
    for seed in range(3):
        result = play_game({"players": len(levels)}, 100 + seed, levels)
        assert result.illegal["schemer"] == 0
        assert not result.capped and result.actions < MAX_ACTIONS
        assert result.winner is not None


@pytest.mark.parametrize("variant", [{"scarce_laurels": True}, {"open_hoards": "every_entry"},
                                     {"series": True}, {"horizon": "turn"}, {"horizon": "two"}],
                         ids=lambda v: ",".join(map(str, v.items())))
def test_schemer_plays_legal_games_in_the_variants(variant: dict[str, Any]) -> None:
    """R11, R12: reveals, council retirements, scarce pools and every promise horizon."""
    result = play_game({"players": 4, **variant}, 7, ["schemer", "normal", "schemer", "greedy"])
    assert result.illegal["schemer"] == 0
    assert not result.capped and result.winner is not None


def _actions(seed: int, levels: list[str]) -> list[dict[str, Any]]:
    game = Game({"players": len(levels)}, seed)
    players = [make_player(level, s, seed * 8 + s) for s, level in enumerate(levels)]
    for s, player in enumerate(players):
        player.meet(Observer(s).view(game.state))
    actions = []
    while not game.is_over():
        seat = rules.waiting_for(game.state)[0]
        action = players[seat].decide(Observer(seat).view(game.state))
        actions.append(action)
        event = game.apply(action)
        for player in players:
            player.observe(event)
    return actions


def test_same_seed_gives_the_same_actions() -> None:
    """Determinism: the same seed plays the same game, action for action."""
    levels = ["schemer", "schemer", "schemer", "schemer"]
    first = _actions(3, levels)
    assert first == _actions(3, levels)
    assert any(a["type"] == "request" for a in first)


def _advanced(steps: int) -> Game:
    game = Game({"players": 4}, 21)
    players = [SchemerPlayer(s, 40 + s) for s in range(4)]
    for s, player in enumerate(players):
        player.meet(Observer(s).view(game.state))
    for _ in range(steps):
        seat = rules.waiting_for(game.state)[0]
        event = game.apply(players[seat].decide(Observer(seat).view(game.state)))
        for player in players:
            player.observe(event)
    return game


def _fresh(game: Game, seat: int) -> SchemerPlayer:
    """A schemer that joined at the start and was fed every public event since."""
    player = SchemerPlayer(seat, 9)
    player.meet(Observer(seat).view(Game(game.options, game.seed).state))
    for event in game.events:
        player.observe(event)
    return player


@pytest.mark.parametrize("steps", [25, 60, 120])
def test_decision_depends_only_on_the_seats_view(steps: int) -> None:
    """R10: two games that give the seat the same view and the same public events, but
    differ in the pile's order and in the rivals' hoards, give the same decision."""
    game = _advanced(steps)
    seat = rules.waiting_for(game.state)[0]
    other = hide_differently(game, seat)
    assert other.state.pile != game.state.pile or other.state.hoards != game.state.hoards
    view = Observer(seat).view(game.state)
    assert Observer(seat).view(other.state) == view
    decisions = [_fresh(g, seat).decide(Observer(seat).view(g.state)) for g in (game, other)]
    assert decisions[0] == decisions[1]


def test_schemer_shares_nothing_with_the_bots() -> None:
    """It was never tuned with the bots: it imports the board, the laurels and the view
    reader it shares with greedy (``seatview``, which imports only the laurels) and the protocol's
    name for an action, no bot code."""
    allowed = {".board", ".laurels", "__future__.annotations", "random", "time",
               "collections.abc.Mapping", "typing.Any"}
    readers = {"board.DIST", "board.path_of", "seatview.laurel_on", "protocol.Action"}
    assert _imports("schemer.py") <= allowed | readers, _imports("schemer.py")
    assert _imports("seatview.py") <= allowed, _imports("seatview.py")


def _imports(module: str) -> set[str]:
    """What a module of qvcore imports, as "module.name" ("" for the package itself)."""
    source = Path(__file__).parents[1] / "qvcore" / module
    imported = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.ImportFrom):
            imported |= {f"{node.module or ''}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
    return imported


def _fill_request(senate: list[int], totals: list[int]) -> Game:
    """Seat 1 asks seat 0 to let it take the Senate's last seat from office 12 (R6.2)."""
    game = Game({"players": 3}, 1)
    s = game.state
    s.offices[13] = senate
    s.offices[12] = [1, 0]
    s.supply = [8 - senate.count(0) - 1, 8 - senate.count(1) - 1, 8 - senate.count(2)]
    for q, total in enumerate(totals):
        s.hoards[q] = [total, 0, 0, 0, 0, 0]  # I tokens: the floor is the total
    s.current = 1
    game.apply({"type": "request", "player": 1, "from": 12, "to": 13})
    return game


@pytest.mark.parametrize("turn", [10, 400])
def test_schemer_refuses_a_fill_without_it(turn: int) -> None:
    """R9.1, R9.3: asked to let the fifth senator into the Senate while it has none there,
    it refuses, however long the game has lasted."""
    game = _fill_request([1, 2, 1, 2], [2, 2, 2])
    game.state.turn = turn
    player = SchemerPlayer(0, 1)
    player.meet(Observer(0).view(game.state))
    answer = player.decide(Observer(0).view(game.state))
    assert answer == {"type": "answer", "player": 0, "consents": 0}


def test_schemer_refuses_a_fill_it_loses_for_certain_and_helps_one_it_wins() -> None:
    """R9.3: in the Senate, it refuses a fill that the mover wins for certain (the mover's
    tokens are public I tokens here) and consents to one it wins by its reckoning."""
    game = _fill_request([0, 2, 0, 2], [3, 9, 2])
    player = SchemerPlayer(0, 1)
    player.meet(Observer(0).view(game.state))
    assert player.decide(Observer(0).view(game.state))["consents"] == 0
    game = _fill_request([0, 2, 0, 2], [14, 2, 2])
    player = SchemerPlayer(0, 1)
    player.meet(Observer(0).view(game.state))
    assert player.decide(Observer(0).view(game.state))["consents"] == 1
