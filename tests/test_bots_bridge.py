"""The bots' JSON bridge for the page's Web Worker, and the tournament's figures."""

from __future__ import annotations

import json

from qvcore import Game
from qvcore.bots.bridge import BotHost
from qvcore.tournament import tournament, wilson


def test_bridge_plays_a_game_with_json_only() -> None:
    """Views and events cross as JSON; every bot action is accepted by the engine."""
    game = Game({"players": 3}, 4)
    host = BotHost()
    for seat, level in enumerate(["easy", "normal", "random"]):
        reply = json.loads(host.create(seat, level, 100 + seat, json.dumps(game.view(seat))))
        assert reply == {"ok": True, "seat": seat, "level": level}
    for _ in range(60):
        seat = game.view(None)["waiting_for"][0]
        reply = json.loads(host.decide(seat, json.dumps(game.view(seat))))
        assert reply["ok"], reply
        event = game.apply(reply["action"])
        assert json.loads(host.observe(json.dumps(event))) == {"ok": True}
        if game.is_over():
            break


def test_bridge_errors_are_json() -> None:
    host = BotHost()
    reply = json.loads(host.decide(2, "{}"))
    assert reply["ok"] is False and "seat 2" in reply["error"]["message"]
    assert json.loads(host.create(0, "grandmaster", 1))["ok"] is False
    assert json.loads(host.observe("[1]"))["ok"] is False
    assert json.loads(host.reset()) == {"ok": True}


def test_wilson_interval() -> None:
    low, high = wilson(40, 100)
    assert round(low, 3) == 0.309 and round(high, 3) == 0.498
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_reports_each_level() -> None:
    """The figures the CLI prints: win rate with its interval, times, illegal count, caps."""
    summary = tournament(3, 3, 1, ["easy", "random", "random"])
    assert set(summary["levels"]) == {"easy", "random"}
    easy = summary["levels"]["easy"]
    assert easy["seats_played"] == 3 and easy["illegal"] == 0
    assert easy["low"] <= easy["win_rate"] <= easy["high"]
    assert summary["capped"] == []
    assert sum(e["wins"] for e in summary["levels"].values()) + summary["no_winner"] == 3
