"""Seeded random games from the shell, with invariant checks after every action."""

from __future__ import annotations

import random
import time
from typing import Any

from .errors import RuleError
from .invariants import violations
from .options import Options
from .randomplay import random_action
from .rules import apply_action
from .state import OVER, GameState

#: a random game longer than this is reported as one that does not end
MAX_ACTIONS = 20_000


def play_random_game(options: Options, seed: int, check: bool = True,
                     deal_rate: float = 0.2) -> tuple[GameState, int, list[str]]:
    """One random game from ``seed``: returns (final state, actions played, violations)."""
    state = GameState(options, seed)
    rand = random.Random(seed)
    problems: list[str] = []
    actions = 0
    while state.stage != OVER:
        if actions >= MAX_ACTIONS:
            problems.append(f"seed {seed}: no end after {MAX_ACTIONS} actions")
            break
        action = random_action(state, rand, deal_rate)
        try:
            apply_action(state, action)
        except RuleError:
            if "terms" not in action:
                raise
            # a random deal the mover cannot honour: consent without terms instead
            apply_action(state, {k: v for k, v in action.items() if k != "terms"})
        actions += 1
        if check:
            problems.extend(f"seed {seed} action {actions}: {v}" for v in violations(state))
    if check and state.winner is None and state.stage == OVER:
        problems.append(f"seed {seed}: the game ended without a winner")
    return state, actions, problems


def simulate(players: int, games: int, seed: int, check: bool = True,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` random games from consecutive seeds; a JSON-ready summary."""
    table = Options.from_dict({**(options or {}), "players": players})
    wins = [0] * players
    total_actions = 0
    problems: list[str] = []
    start = time.perf_counter()
    for index in range(games):
        state, actions, found = play_random_game(table, seed + index, check)
        total_actions += actions
        problems.extend(found)
        if state.winner is not None:
            wins[state.winner] += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "players": players,
        "mean_actions": round(total_actions / games, 1) if games else 0,
        "wins": wins,
        "violations": len(problems),
        "violation_examples": problems[:5],
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }
