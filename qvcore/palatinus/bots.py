"""Palatinus bots that see only their seat's view (P8): hidden kinds are sampled, never read.

- ``random``: any legal action.
- ``greedy``: the placement that would score best if the game ended now (one sampled world).
- ``easy``: like greedy, but picks among its three best at random and now and then blunders.
- ``hard``: keeps the best candidates of the greedy ranking and plays each out to the end
  in many sampled worlds (the same worlds for every candidate); the budget is a count of
  play-outs, so its time does not depend on the machine.

Set-up tiles (P3) are laid by ``lay_values``: the seat's place in the first round of
placements decides whether it wants a strong farmer's spot on the board (it will take it) or
none (another seat would); ``random`` and ``greedy`` lay at random. Decisions are
deterministic for the same seed and view.
"""

from __future__ import annotations

import copy
import random
import time
from typing import Any

from ..protocol import Action
from . import facts
from .belief import World, sample_world
from .geometry import cell_of
from .playout import finish, place
from .scoring import Outcome, influence_of, score
from .state import springs_of


class Bot:
    """Base: seeded randomness, timing, a guard that never returns an illegal action."""

    level = "random"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.decisions = 0
        self.illegal = 0
        self.seconds: list[float] = []  # wall-clock time of each decision
        self.cpu_seconds: list[float] = []  # CPU time of each decision (this process)

    def decide(self, view: dict[str, Any]) -> Action:
        """One legal action for this seat, from its own view only."""
        start, cpu = time.perf_counter(), time.process_time()
        if view.get("viewer") != self.seat:
            raise ValueError(f"bot of seat {self.seat} was given the view of {view.get('viewer')}")
        legal: list[Action] = view["legal"]
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action now")
        self.decisions += 1
        rand = random.Random(f"{self.level}:{self.seed}:{self.decisions}:{view['turn']}")
        if len(legal) == 1:
            action = legal[0]
        elif legal[0]["type"] == "lay":
            action = self.lay(view, legal, rand)
        else:
            action = self.place(view, candidates(legal), rand)
        if action not in legal:
            self.illegal += 1
            action = legal[0]
        self.seconds.append(time.perf_counter() - start)
        self.cpu_seconds.append(time.process_time() - cpu)
        return action

    def lay(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        """The level's choice of where to lay the set-up tile in hand (P3)."""
        return rand.choice(legal)

    def place(self, view: dict[str, Any], options: list[Action],
              rand: random.Random) -> Action:
        """The level's choice of placement among ``options`` (one per kind and terrain)."""
        return rand.choice(options)


def candidates(legal: list[Action]) -> list[Action]:
    """One placement per kind and terrain: a wolf-faced one when held (it hides the kind at
    no cost), else the first colour."""
    best: dict[tuple[str, int], Action] = {}
    for action in legal:
        key = (action["kind"], action["terrain"])
        if key not in best or (action["wolf"] and not best[key]["wolf"]):
            best[key] = action
    return list(best.values())


def margin(outcome: Outcome, seat: int) -> float:
    """A seat's points minus the best other seat's, with a bonus for winning outright."""
    mine = outcome.points(seat)
    others = max(outcome.points(q) for q in range(len(outcome.captured)) if q != seat)
    return mine - others + (5.0 if mine > others else 0.0)


#: what a ring hill's token is worth before P3.3 deals them: their mean
RING_TOKEN = sum(facts.OTHER_TOKEN_VALUES) / len(facts.OTHER_TOKEN_VALUES)


def lay_values(view: dict[str, Any], legal: list[Action],
               rand: random.Random) -> list[tuple[float, Action]]:
    """Every lay of the tile in hand valued from the seat's view, best first.

    A lay's strength is the best farmer's spot it leaves on the laid tiles: the largest
    farmer influence (P6b, on the empty board) times its hill's token (6 in the middle, the
    ring tokens' mean elsewhere). A seat in the first half of the first round of placements
    wants that spot strong (it places before most and takes it); a later seat wants it weak.
    """
    seat, players = view["viewer"], view["options"]["players"]
    early = (seat - view["first_player"]) % players < players / 2
    letter = view["in_hand"]
    laid = [t["slot"] for t in view["tiles"] if t["letter"] is not None]
    ranked: list[tuple[float, float, Action]] = []
    for action in legal:
        slot = action["slot"]
        springs = set(view["springs"]) | set(springs_of(slot, (letter, action["rotation"])))
        best = max(influence_of(cell_of(s, k), facts.FARMER, {}, springs)
                   * (facts.PALATINUS_VALUE if s == 0 else RING_TOKEN)
                   for s in [*laid, slot] for k in range(1, 7))
        ranked.append((best if early else -best, rand.random(), action))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return [(value, action) for value, _, action in ranked]


def rank_now(view: dict[str, Any], options: list[Action], rand: random.Random,
             world: World | None = None) -> list[tuple[float, Action]]:
    """Every option valued as if the game ended right after it, in one sampled world;
    best first (ties in a seeded random order)."""
    base = world or sample_world(view, rand)
    seat = view["viewer"]
    ranked: list[tuple[float, float, int, Action]] = []
    for index, action in enumerate(options):
        board = dict(base.board)
        board[action["terrain"]] = (seat, action["colour"], action["kind"], base.order)
        outcome = score(board, base.springs, base.letters, base.tokens, len(base.hands),
                        record=False)
        ranked.append((margin(outcome, seat), rand.random(), index, action))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return [(value, action) for value, _, _, action in ranked]


class GreedyBot(Bot):
    """The best placement if the game ended now."""

    level = "greedy"

    def place(self, view: dict[str, Any], options: list[Action],
              rand: random.Random) -> Action:
        return rank_now(view, options, rand)[0][1]


class EasyBot(Bot):
    """Greedy with slack: one of its three best, and one move in five at random."""

    level = "easy"

    def lay(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        if rand.random() < 0.2:
            return rand.choice(legal)
        return rand.choice(lay_values(view, legal, rand)[:3])[1]

    def place(self, view: dict[str, Any], options: list[Action],
              rand: random.Random) -> Action:
        if rand.random() < 0.2:
            return rand.choice(options)
        return rand.choice(rank_now(view, options, rand)[:3])[1]


class HardBot(Bot):
    """Sampled worlds and play-outs: ``keep`` candidates, ``worlds`` play-outs each."""

    level = "hard"

    def __init__(self, seat: int, seed: int, keep: int = 10, worlds: int = 24) -> None:
        super().__init__(seat, seed)
        self.keep = keep
        self.worlds = worlds

    def lay(self, view: dict[str, Any], legal: list[Action], rand: random.Random) -> Action:
        return lay_values(view, legal, rand)[0][1]

    def place(self, view: dict[str, Any], options: list[Action],
              rand: random.Random) -> Action:
        worlds = [sample_world(view, rand) for _ in range(self.worlds)]
        shortlist = [a for _, a in rank_now(view, options, rand, worlds[0])[:self.keep]]
        totals = [0.0] * len(shortlist)
        for index, world in enumerate(worlds):
            playout_seed = rand.random()
            for k, action in enumerate(shortlist):
                imagined = copy.copy(world)
                imagined.board = dict(world.board)
                imagined.hands = [list(h) for h in world.hands]
                place(imagined, action["terrain"], action["kind"])
                outcome = finish(imagined, random.Random(f"{playout_seed}:{index}"))
                totals[k] += margin(outcome, self.seat)
        best = max(range(len(shortlist)), key=lambda k: totals[k])
        return shortlist[best]


LEVELS: dict[str, type[Bot]] = {"random": Bot, "greedy": GreedyBot, "easy": EasyBot,
                                "hard": HardBot}


def make_bot(level: str, seat: int, seed: int) -> Bot:
    """A bot of a named level."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: " + ", ".join(LEVELS))
    return LEVELS[level](seat, seed)
