"""Seeded Palatinus bot games with the seats rotated: wins, points and decision times."""

from __future__ import annotations

import math
import statistics
from typing import Any

from .bots import make_bot
from .game import Game


def play(levels: list[str], seed: int) -> tuple[Game, list[Any]]:
    """One game, seat ``q`` played by a bot of ``levels[q]``; returns the game and bots."""
    game = Game({"players": len(levels), "first_player": None}, seed)
    bots = [make_bot(level, seat, seed * 31 + seat) for seat, level in enumerate(levels)]
    while not game.is_over():
        seat = game.state.current
        game.apply(bots[seat].decide(game.view(seat, log=False)))
    return game, bots


def tournament(players: int, games: int, seed: int, seats: list[str]) -> dict[str, Any]:
    """``games`` games; the levels turn round the seats so each level sits everywhere."""
    if len(seats) != players:
        raise ValueError(f"give {players} levels, one per seat")
    levels = sorted(set(seats))
    wins = {level: 0.0 for level in levels}
    points: dict[str, list[int]] = {level: [] for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    illegal = 0
    spread: list[int] = []
    for index in range(games):
        shift = index % players
        order = seats[shift:] + seats[:shift]
        game, bots = play(order, seed + index)
        state = game.state
        for seat, level in enumerate(order):
            if seat in state.winners:
                wins[level] += 1 / len(state.winners)
            points[level].append(state.scores[seat].points())
            times[level].extend(bots[seat].cpu_seconds)
            illegal += bots[seat].illegal
        totals = [state.scores[q].points() for q in range(players)]
        spread.append(max(totals) - min(totals))
    summary: dict[str, Any] = {"players": players, "games": games, "seats": seats,
                               "illegal": illegal, "mean_spread": _mean(spread), "levels": {}}
    for level in levels:
        count = seats.count(level)
        ts = sorted(times[level])
        summary["levels"][level] = {
            "seats": count,
            "win_rate": round(wins[level] / (games * count), 3),
            "win_rate_ci95": wilson(wins[level], games * count),
            "fair_share": round(1 / players, 3),
            "mean_points": _mean(points[level]),
            "p95_cpu_seconds": round(ts[int(0.95 * (len(ts) - 1))], 4) if ts else None,
            "max_cpu_seconds": round(ts[-1], 4) if ts else None,
        }
    return summary


def _mean(values: list[int]) -> float:
    return round(statistics.fmean(values), 2) if values else 0.0


def wilson(wins: float, trials: int) -> list[float]:
    """The 95% Wilson interval of a win rate (a shared win counts as its share)."""
    if trials == 0:
        return [0.0, 1.0]
    z, p = 1.96, wins / trials
    shrink = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / shrink
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / shrink
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]
