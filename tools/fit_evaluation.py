"""Fit the evaluation's constants (``qvcore.bots.evaluate.Weights``) to predict who wins.

Plays seeded games at mixed tables (3 to 5 players; normal, easy, greedy and stubborn seats,
now and then one hard), records positions along the way, and labels each with the game's
winner. A position is scored from each seat's side with what that seat can know: its own
total, open hoards, and the estimates its memory gives of the others (``Situation``'s way),
never the hidden hoards. The fit minimises the log-loss of the chance given to the eventual
winner, by coordinate search over the weights, and reports it on held-out games (every fifth
game) before and after. Not run by the build:

``python3 tools/fit_evaluation.py --games 600 --seed 1``
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pickle
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qvcore import rules
from qvcore.bots.evaluate import DEFAULT, Weights, game_totals, win_chances
from qvcore.bots.memory import Memory
from qvcore.bots.situation import seat_estimates
from qvcore.errors import RuleError
from qvcore.game import Game
from qvcore.observer import Observer
from qvcore.state import COUNCIL, GameState
from qvcore.tournament import make_player

#: seat levels drawn for the tables (hard is added apart: it is slow)
LEVELS = ["normal"] * 4 + ["easy"] * 2 + ["greedy"] * 2 + ["stubborn"]
MAX_ACTIONS = 1000  # longer games are dropped (a standoff has no winner to learn from)
FLOOR = 1e-6  # the least chance counted in the log-loss


@dataclass
class Position:
    """A position of one game, with every seat's estimates of the totals."""

    game: int
    state: GameState
    estimates: list[list[float]]  # per seat: the totals as that seat can estimate them
    winner: int


def table(rand: random.Random, hard_share: float, levels: list[str]) -> list[str]:
    """A table of 3 to 5 seats."""
    seats = [rand.choice(levels) for _ in range(rand.choice((3, 4, 5)))]
    if rand.random() < hard_share:
        seats[rand.randrange(len(seats))] = "hard"
    return seats


def play(seed: int, levels: list[str], every: int, index: int) -> list[Position]:
    """One game's positions (every ``every`` actions), or none if it found no winner."""
    game = Game({"players": len(levels)}, seed)
    bots = [make_player(level, seat, seed * 8 + seat) for seat, level in enumerate(levels)]
    memories = [Memory(seat) for seat in range(len(levels))]
    for seat, bot in enumerate(bots):
        view = Observer(seat).view(game.state)
        bot.meet(view)
        memories[seat].update(dict(view))
    taken: list[tuple[GameState, list[list[float]]]] = []
    actions = 0
    while not game.is_over() and actions < MAX_ACTIONS:
        if actions % every == 0 and game.state.stage != COUNCIL:
            taken.append((game.state.copy(), [_estimates(game.state, memories[seat], seat)
                                              for seat in range(len(levels))]))
        seat = rules.waiting_for(game.state)[0]
        view = Observer(seat).view(game.state)
        action = bots[seat].decide(view)
        try:
            event = game.apply(action)
        except RuleError:
            event = game.apply(view["legal"][0])
        for bot in bots:
            bot.observe(event)
        for memory in memories:
            memory.observe(event)
        actions += 1
    winner = game.state.winner
    if winner is None:
        return []
    return [Position(index, state, estimates, winner) for state, estimates in taken]


def collect(games: int, seed: int, every: int, hard_share: float,
            levels: list[str]) -> tuple[list[Position], int]:
    """The positions of ``games`` seeded games, and how many games had no winner."""
    rand = random.Random(f"fit:{seed}")
    positions: list[Position] = []
    dropped = 0
    for i in range(games):
        got = play(seed + i, table(rand, hard_share, levels), every, i)
        dropped += not got
        positions.extend(got)
    return positions, dropped


def _estimates(state: GameState, memory: Memory, seat: int) -> list[float]:
    """The totals as ``seat`` can estimate them (as ``Situation`` does)."""
    view = Observer(seat).view(state)
    memory.update(dict(view))
    return seat_estimates(dict(view), memory, game_totals(state))


def loss(positions: list[Position], weights: Weights) -> float:
    """Mean log-loss of the chance each seat's estimates give the eventual winner."""
    total = 0.0
    count = 0
    for pos in positions:
        for estimates in pos.estimates:
            chance = win_chances(pos.state, estimates, weights)[pos.winner]
            total -= math.log(max(chance, FLOOR))
            count += 1
    return total / max(count, 1)


def uniform_loss(positions: list[Position]) -> float:
    """The log-loss of giving every player the same chance (the reference)."""
    count = sum(len(pos.estimates) for pos in positions)
    return sum(len(pos.estimates) * math.log(pos.state.n) for pos in positions) / max(count, 1)


def valid(weights: Weights) -> bool:
    """Weights the evaluation can use: positive tempers and reach."""
    return weights.temper > 0.2 and weights.temper + weights.temper_left > 0.2 \
        and weights.reach > 0.01 and 0.0 <= weights.second <= 1.0


def fit(positions: list[Position], start: Weights, rounds: int,
        log: bool = True) -> tuple[Weights, float]:
    """Coordinate search: each weight moved up and down by a step that halves when no move
    helps, until ``rounds`` passes are done or the steps are small."""
    names = [f.name for f in dataclasses.fields(Weights)]
    steps = {name: max(abs(getattr(start, name)) * 0.5, 0.2) for name in names}
    best, best_loss = start, loss(positions, start)
    for round_ in range(rounds):
        improved = False
        for name in names:
            for sign in (1.0, -1.0):
                moved = getattr(best, name) + sign * steps[name]
                trial = dataclasses.replace(best, **{name: moved})
                if not valid(trial):
                    continue
                trial_loss = loss(positions, trial)
                if trial_loss < best_loss - 1e-6:
                    best, best_loss = trial, trial_loss
                    improved = True
                    break
            else:
                steps[name] /= 2
        if log:
            print(f"round {round_ + 1}: loss {best_loss:.4f} {_short(best)}", flush=True)
        if not improved and max(steps.values()) < 0.01:
            break
    return best, best_loss


def _short(weights: Weights) -> str:
    return ", ".join(f"{f.name}={getattr(weights, f.name):.3g}"
                     for f in dataclasses.fields(Weights))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=6, help="actions between positions")
    parser.add_argument("--hard-share", type=float, default=0.15,
                        help="share of tables with one hard seat")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="levels the seats are drawn from (repeat one to weight it)")
    parser.add_argument("--rounds", type=int, default=30, help="passes of the search")
    parser.add_argument("--data", type=Path, help="a file to keep the positions in (pickle): "
                        "read if it exists, else written")
    args = parser.parse_args(argv)
    started = time.process_time()
    if args.data and args.data.exists():
        positions, dropped = pickle.loads(args.data.read_bytes())
    else:
        positions, dropped = collect(args.games, args.seed, args.every, args.hard_share,
                                     args.levels.split(","))
        if args.data:
            args.data.write_bytes(pickle.dumps((positions, dropped)))
    train = [p for p in positions if p.game % 5]
    held = [p for p in positions if not p.game % 5]
    print(f"{args.games} games ({dropped} without a winner, dropped), {len(positions)} "
          f"positions ({len(train)} to fit, {len(held)} held out), "
          f"{time.process_time() - started:.0f} s CPU", flush=True)
    print(f"uniform chances: fit loss {uniform_loss(train):.4f}, "
          f"held-out loss {uniform_loss(held):.4f}")
    print(f"default: fit loss {loss(train, DEFAULT):.4f}, held-out loss {loss(held, DEFAULT):.4f}")
    fitted, _ = fit(train, DEFAULT, args.rounds)
    print(f"fitted: fit loss {loss(train, fitted):.4f}, held-out loss {loss(held, fitted):.4f}")
    print(f"Weights({_short(fitted)})")


if __name__ == "__main__":
    main()
