"""Bots do not loop: a bot remembers what it asked, what each rival answered and where it
moved Caesar, and changes its offer or its plan (R6, R8, R11). The table here is a bot with
three players who refuse every request, or three simple greedy players who refuse the leader."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest

from qvcore import Game, rules
from qvcore.observer import Observer
from qvcore.tournament import make_player

WINDOW_ROUNDS = 3  # a loop: the same thing tried again and again within three rounds


def _most_repeats(turns: list[int], window: int) -> int:
    """The most of these turns that fall within one window of ``window`` turns."""
    return max((sum(t <= u < t + window for u in turns) for t in turns), default=0)


def _play(seed: int, levels: list[str]) -> tuple[int, int]:
    """The most repeats, within three rounds, of one request (path and offers) and of one
    Caesar move, by seat 0."""
    game = Game({"players": len(levels)}, seed)
    players = [make_player(level, s, seed * 8 + s) for s, level in enumerate(levels)]
    for s, player in enumerate(players):
        player.meet(Observer(s).view(game.state))
    asks: dict[str, list[int]] = defaultdict(list)
    caesar: dict[int, list[int]] = defaultdict(list)
    while not game.is_over() and len(game.events) < 3000:
        seat = rules.waiting_for(game.state)[0]
        action: dict[str, Any] = players[seat].decide(Observer(seat).view(game.state))
        if seat == 0 and action["type"] == "request":
            key = json.dumps([action["from"], action["to"], action.get("offers")], sort_keys=True)
            asks[key].append(game.state.turn)
        if seat == 0 and action["type"] == "caesar" and game.state.stage == "action":
            caesar[action["to"] * 100 + action["from"]].append(game.state.turn)
        event = game.apply(action)
        for player in players:
            player.observe(event)
    window = WINDOW_ROUNDS * len(levels)
    return (max((_most_repeats(t, window) for t in asks.values()), default=0),
            max((_most_repeats(t, window) for t in caesar.values()), default=0))


CASES = [("normal", 0, "stubborn"), ("normal", 1, "stubborn"), ("normal", 2, "greedy"),
         ("normal", 3, "greedy"), ("hard", 0, "stubborn"), ("hard", 2, "greedy"),
         ("hard-search", 0, "stubborn")]


@pytest.mark.parametrize(("level", "seed", "rivals"), CASES)
def test_a_refused_request_is_not_repeated_unchanged(level: str, seed: int, rivals: str) -> None:
    """R6: refused, a bot raises its offer or tries another plan; it does not ask the same
    players the same thing more than twice in three rounds, nor move Caesar onto one path
    more than three times (R8)."""
    asks, caesar = _play(seed, [level, rivals, rivals, rivals])
    assert asks <= 2, f"the same request {asks} times within {WINDOW_ROUNDS} rounds"
    assert caesar <= 3, f"Caesar moved onto the same path {caesar} times"
