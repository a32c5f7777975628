"""Every sampled state shows the seat exactly its own view, listed actions included (R10,
rulings.md #9): the mover's moves with a supporter who asked to split the gains are listed
only when the two hoards can make the exact change, so a sample must honour that too."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

from qvcore import Game, RuleError
from qvcore.knowledge import Knowledge
from qvcore.observer import Observer
from qvcore.position import sample_state
from qvcore.randomplay import random_action
from qvcore.state import GameState


def positions_with_terms(games: int) -> Iterator[GameState]:
    """States of seeded random games (deals on half the consents) with an answer on terms open,
    split answers most of all."""
    for seed in range(games):
        game = Game({"players": 3 + seed % 3, "first_player": None}, 1000 + seed)
        rand = random.Random(seed)
        while not game.is_over() and len(game.actions) < 600:
            action = random_action(game.state, rand, 0.5)
            if action["type"] == "answer" and action.get("consents") and rand.random() < 0.5:
                action["terms"] = {"split": True}
            try:
                game.apply(action)
            except RuleError:
                game.apply({k: v for k, v in action.items() if k != "terms"})
            request = game.state.request
            if request is not None and any(a.terms is not None for a in request.answers.values()):
                yield game.state.copy()


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    return cast(dict[str, Any], Observer(seat).view(state))


def test_r10_samples_reproduce_the_seats_view_after_answers_on_terms() -> None:
    rand = random.Random(7)
    checked = splits = 0
    for state in positions_with_terms(30):
        request = state.request
        assert request is not None
        splits += any(a.terms is not None and a.terms.split for a in request.answers.values())
        for seat in range(state.n):
            view = seat_view(state, seat)
            knowledge = Knowledge(seat, view)
            for _ in range(3):
                sample = sample_state(view, knowledge, rand)
                assert seat_view(sample, seat) == view, (seat, view["request"])
                checked += 1
    assert splits > 20 and checked > 500, (splits, checked)
