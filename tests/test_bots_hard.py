"""The hard bot's choice (docs/bots.md): normal's one-ply ranking, left only for a candidate
whose determinised playouts gain clearly more than their noise. Decisions come from the
seat's view alone (R10), so the tests drive the bot through a view of a real game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from qvcore import Game, rules
from qvcore.bots import hard, make_bot
from qvcore.bots.hard import HardBot
from qvcore.bots.normal import NormalBot
from qvcore.bots.situation import Situation
from qvcore.observer import Observer


def _turn_position() -> tuple[Game, int]:
    """A 4-player game after some normal play, at a seat's turn with several choices."""
    game = Game({"players": 4}, 11)
    bots = [make_bot("normal", s, s) for s in range(4)]
    for _ in range(40):
        seat = rules.waiting_for(game.state)[0]
        event = game.apply(bots[seat].decide(Observer(seat).view(game.state)))
        for bot in bots:
            bot.observe(event)
    while game.state.stage != "action" or len(Observer(game.state.current).view(
            game.state)["legal"]) < 3:
        seat = rules.waiting_for(game.state)[0]
        event = game.apply(bots[seat].decide(Observer(seat).view(game.state)))
        for bot in bots:
            bot.observe(event)
    return game, game.state.current


def _bot_at_turn() -> tuple[HardBot, Situation, list[Any]]:
    game, seat = _turn_position()
    view: dict[str, Any] = dict(Observer(seat).view(game.state))
    bot = HardBot(seat, 3)
    for event in game.events:
        bot.observe(event)
    bot.memory.update(view)
    return bot, Situation(view, bot.memory, random.Random(1)), view["legal"]


def test_hard_keeps_normals_choice_against_a_noisy_playout_gain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal's second choice does better on average over the playouts (0.45 against 0.4)
    but swings from 0.9 to 0.0 between samples: hard still plays normal's first choice."""
    bot, sit, legal = _bot_at_turn()
    normal = NormalBot.rank(bot, sit, legal)
    assert len(normal) >= 3
    second = normal[1][1]
    calls = [0]

    def playout(self: HardBot, state: Any, action: Any, rand: Any, stall: float = 1.0) -> float:
        if action != second:
            return 0.4
        calls[0] += 1
        return 0.9 if calls[0] % 2 else 0.0

    monkeypatch.setattr(HardBot, "_playout_value", playout)
    assert bot.rank(sit, legal)[0][1] == normal[0][1]


def test_hard_leaves_normals_choice_for_a_clear_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A candidate that gains in every sampled playout (no noise) is played instead."""
    bot, sit, legal = _bot_at_turn()
    second = NormalBot.rank(bot, sit, legal)[1][1]
    monkeypatch.setattr(HardBot, "_playout_value", lambda self, state, action, rand, stall=1.0:
                        0.5 if action == second else 0.3)
    assert bot.rank(sit, legal)[0][1] == second


def test_a_noisy_gain_is_not_enough() -> None:
    """Paired differences whose mean is positive but smaller than their standard error (at
    ``CONFIDENCE`` 1) give no gain; the same mean without noise does."""
    noisy = hard._lower_gain([0.9, 0.2, 0.8, 0.2, 0.7, 0.3], [0.5] * 6)  # mean gain 0.017
    steady = hard._lower_gain([0.51] * 6, [0.5] * 6)
    assert noisy < 0 < steady
