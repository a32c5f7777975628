"""Bot tournaments: seeded games with the seats rotated; win rates with 95% intervals.

``python3 -m qvcore tournament --players 4 --games 400 --seed 1 \
--seats hard,normal,normal,normal --jobs 2``
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from . import rules
from .bots import make_bot
from .bots.hard import SearchHardBot
from .errors import RuleError
from .game import Game
from .observer import Observer
from .options import Options
from .outsider import OUTSIDERS, make_outsider
from .referee import Referee

#: a bot game longer than this is stopped and reported (nobody wins it)
MAX_ACTIONS = 3000


@dataclass
class GameResult:
    """One game: who sat where, who won, every decision's time, illegal attempts."""

    index: int
    seed: int
    levels: list[str]
    winner: int | None
    actions: int
    capped: bool
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    illegal: dict[str, int] = field(default_factory=dict)
    #: per level: losing Senate fills and pivotal losing consents (concessions.py)
    conceded: dict[str, int] = field(default_factory=dict)
    #: per level: losing fills where nothing else kept a chance (referee.py)
    lost_ends: dict[str, int] = field(default_factory=dict)


def play_game(options: Options | dict[str, Any], seed: int, levels: list[str],
              max_actions: int = MAX_ACTIONS, index: int = 0) -> GameResult:
    """One bot game; an action the engine rejects is counted and replaced by a legal one."""
    game = Game(options, seed)
    bots = [make_player(level, seat, seed * 8 + seat) for seat, level in enumerate(levels)]
    views = [Observer(seat).view(game.state) for seat in range(len(levels))]
    for bot, view in zip(bots, views, strict=True):
        bot.meet(view)
    referee = Referee(views)  # concessions and lost ends, from what each seat knows
    rejected = [0] * len(levels)
    actions = 0
    while not game.is_over() and actions < max_actions:
        seat = rules.waiting_for(game.state)[0]
        view = Observer(seat).view(game.state)
        action = bots[seat].decide(view)
        referee.judge(game.state, seat, action, view)
        try:
            event = game.apply(action)
        except RuleError:
            rejected[seat] += 1
            event = game.apply(view["legal"][0])
        for bot in bots:
            bot.observe(event)
        referee.observe(event)
        actions += 1
    result = GameResult(index, seed, list(levels), game.state.winner, actions,
                        not game.is_over())
    for seat, bot in enumerate(bots):
        result.times.setdefault(bot.level, []).extend(bot.seconds)
        result.cpu.setdefault(bot.level, []).extend(bot.cpu_seconds)
        result.illegal[bot.level] = (result.illegal.get(bot.level, 0) + bot.illegal
                                     + rejected[seat])
        result.conceded[bot.level] = result.conceded.get(bot.level, 0) + referee.conceded[seat]
        result.lost_ends[bot.level] = (result.lost_ends.get(bot.level, 0)
                                       + referee.lost_ends[seat])
    return result


def make_player(level: str, seat: int, seed: int) -> Any:
    """A bot level, ``hard-search`` (hard choosing by information-set search), or an outside
    opponent (``greedy``, ``stubborn``: ``outsider.py``; ``schemer``: ``schemer.py``)."""
    if level in OUTSIDERS:
        return make_outsider(level, seat, seed)
    if level == SearchHardBot.level:
        return SearchHardBot(seat, seed)
    return make_bot(level, seat, seed)


def wilson(wins: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    if not trials:
        return 0.0, 1.0
    p = wins / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - spread) / scale, (centre + spread) / scale


def _job(args: tuple[dict[str, Any], int, list[str], int]) -> GameResult:
    options, seed, levels, index = args
    return play_game(options, seed, levels, index=index)


def tournament(players: int, games: int, seed: int, seats: list[str], jobs: int = 1,
               options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games, rotating ``seats`` round the table; a JSON-ready summary."""
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} levels for {players} players")
    table = {**(options or {}), "players": players}
    Options.from_dict(table)
    work = [(table, seed + i, seats[-(i % players):] + seats[:-(i % players)] if i % players
             else list(seats), i) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = list(pool.imap(_job, work, chunksize=1))
    else:
        results = [_job(w) for w in work]
    return summarise(results, players)


def summarise(results: list[GameResult], players: int) -> dict[str, Any]:
    """Win rate per seat of each level (parity is 1/players), with Wilson intervals."""
    levels: dict[str, dict[str, Any]] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            entry = levels.setdefault(level, {"seats": 0, "wins": 0, "times": [], "illegal": 0,
                                              "conceded": 0, "lost_ends": 0})
            entry["seats"] += 1
            entry["wins"] += r.winner == seat
        for level, times in r.times.items():
            levels[level]["times"].extend(times)
        for level, count in r.illegal.items():
            levels[level]["illegal"] += count
        for level, count in r.conceded.items():
            levels[level]["conceded"] += count
        for level, count in r.lost_ends.items():
            levels[level]["lost_ends"] += count
    out: dict[str, Any] = {"players": players, "games": len(results),
                           "parity": round(1 / players, 4), "levels": {}}
    for level, entry in levels.items():
        low, high = wilson(entry["wins"], entry["seats"])
        times = sorted(entry["times"]) or [0.0]
        out["levels"][level] = {
            "seats_played": entry["seats"], "wins": entry["wins"],
            "win_rate": round(entry["wins"] / entry["seats"], 4),
            "low": round(low, 4), "high": round(high, 4),
            "decisions": len(entry["times"]),
            "mean_ms": round(1000 * statistics.fmean(times), 2),
            "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
            "max_ms": round(1000 * times[-1], 2),
            "illegal": entry["illegal"],
            "conceded": entry["conceded"],
            "lost_ends": entry["lost_ends"],
        }
    out["capped"] = [{"game": r.index, "seed": r.seed, "actions": r.actions}
                     for r in results if r.capped]
    out["no_winner"] = sum(r.winner is None for r in results)
    out["mean_actions"] = round(statistics.fmean(r.actions for r in results), 1) if results else 0
    return out


def table_text(summary: dict[str, Any]) -> str:
    """The summary as a small text table."""
    lines = [f"{summary['games']} games, {summary['players']} players "
             f"(parity {summary['parity']:.1%}), mean {summary['mean_actions']} actions",
             f"{'level':8} {'seats':>6} {'wins':>5} {'win rate':>9} {'95% interval':>16} "
             f"{'mean ms':>8} {'p95 ms':>8} {'illegal':>7} {'conceded':>8}"]
    for level, e in summary["levels"].items():
        lines.append(f"{level:8} {e['seats_played']:6} {e['wins']:5} {e['win_rate']:9.1%} "
                     f"{e['low']:7.1%} - {e['high']:6.1%} {e['mean_ms']:8.1f} {e['p95_ms']:8.1f} "
                     f"{e['illegal']:7} {e['conceded']:8}")
    lines.append("conceded: Senate fills and pivotal consents that lost for certain (from the "
                 "seat's knowledge) while another action kept the game going")
    ended = ", ".join(f"{level} {e['lost_ends']}" for level, e in summary["levels"].items()
                      if e["lost_ends"])
    lines.append("lost ends (no concession): losing fills where nothing else kept a chance "
                 "(a closed Senate the player could win only by another's concession, or a "
                 "standoff past every wait, stall.given_up): " + (ended or "none"))
    lines.append(f"games that reached the cap of {MAX_ACTIONS} actions: "
                 + (", ".join(str(c["seed"]) for c in summary["capped"]) or "none"))
    return "\n".join(lines)
