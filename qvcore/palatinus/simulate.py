"""Seeded random Palatinus games from the shell, with invariant checks after every action."""

from __future__ import annotations

import random
import time
from typing import Any

from .invariants import violations
from .options import Options
from .rules import apply_action, legal_actions
from .state import OVER, State


def play_random_game(options: Options, seed: int,
                     check: bool = True) -> tuple[State, int, list[str]]:
    """One random game from ``seed``: (final state, actions played, violations)."""
    state = State(options, seed)
    rand = random.Random(seed)
    problems: list[str] = []
    actions = 0
    while state.stage != OVER:
        apply_action(state, rand.choice(legal_actions(state)))
        actions += 1
        if check:
            problems.extend(f"seed {seed} action {actions}: {v}" for v in violations(state))
    return state, actions, problems


def simulate(players: int, games: int, seed: int, check: bool = True) -> dict[str, Any]:
    """Play ``games`` random games from consecutive seeds; a JSON-ready summary."""
    table = Options(players=players)
    wins = [0.0] * players
    total_actions = 0
    problems: list[str] = []
    start = time.perf_counter()
    for index in range(games):
        state, actions, found = play_random_game(table, seed + index, check)
        total_actions += actions
        problems.extend(found)
        for q in state.winners:
            wins[q] += 1 / len(state.winners)
    elapsed = time.perf_counter() - start
    return {
        "game": "palatinus", "games": games, "players": players,
        "mean_actions": round(total_actions / games, 1) if games else 0,
        "wins": [round(w, 2) for w in wins],
        "violations": len(problems), "violation_examples": problems[:5],
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }
