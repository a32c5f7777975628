"""Information-set search for the hard bot: the seat's candidate actions compared by playouts
in determinisations of what the seat cannot see, played on by a fast greedy policy on the
playout core, with opponent models from what each rival has done.

An iteration draws a state from ``position.sample_state`` (through the bot's memory: never the
hidden state itself), plays the root action through the validated rules, then plays on with
``greedy_turn`` for every player on the fast core (``qvcore.playout``) for a horizon of
turns, and scores the end: exactly if the game ended (R9.3, R12), else with the evaluation on
the determinisation. Rivals answer requests as they have answered so far (their consent rates,
``Memory.agree_rate``), never to let the Senate fill without them. The root's statistics are
shared across determinisations (one information set), as in single-observer ISMCTS
(Cowling, Powley and Whitehouse 2012) restricted to the root, where the candidate set is
fixed; playouts are shared out by successive halving. Budgets are counts (iterations,
horizon), so decisions are reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .. import board, laurels, legality, playout, rules
from ..board import DIST
from ..errors import RuleError
from ..state import ACTION, BONUS, CONSENT, COUNCIL, EMPTY, OVER, GameState
from .evaluate import game_totals, win_chances
from .memory import Memory

Action = dict[str, object]

_SENATE_SEATS = board.SEATS[board.SENATE]


def search(memory: Memory, view: dict[str, object], candidates: Sequence[Action],
           rand: random.Random, iterations: int, horizon_turns: int,
           samples: int) -> list[float]:
    """The mean value for the seat of each candidate action after about ``iterations``
    playouts over ``samples`` determinisations of ``view``.

    Successive halving with common random numbers: in each round every surviving candidate
    is played out in the same determinisation with the same random stream, so that their
    differences are measured, not the luck of the draw; after each phase the worse half of
    the candidates is dropped, leaving more playouts for the better ones.
    """
    seat: int = memory.seat
    k = len(candidates)
    states = [memory.sample(dict(view), rand) for _ in range(samples)]
    rates = [memory.agree_rate(q) for q in range(states[0].n)]
    visits = [0] * k
    totals = [0.0] * k
    alive = list(range(k))
    phases = max(1, math.ceil(math.log2(k)))
    spent = 0
    for phase in range(phases):
        rounds = max(1, (iterations // phases) // len(alive))
        for _ in range(rounds):
            state = states[spent % samples]
            stream = rand.getrandbits(32)
            spent += 1
            for arm in alive:
                value = _iterate(state.copy(), seat, candidates[arm], rates,
                                 random.Random(stream), horizon_turns)
                visits[arm] += 1
                totals[arm] += value
        if phase < phases - 1 and len(alive) > 1:
            alive.sort(key=lambda a: -totals[a] / visits[a])
            alive = alive[:max(1, (len(alive) + 1) // 2)]
    means = [totals[a] / visits[a] if visits[a] else 0.0 for a in range(k)]
    dropped = min(means) - 1.0  # dropped candidates rank below every survivor
    return [means[a] if a in alive else dropped + means[a] / 2 for a in range(k)]


def _iterate(s: GameState, seat: int, action: Action, rates: list[float],
             rand: random.Random, horizon_turns: int) -> float:
    try:
        rules.apply_action(s, action)
    except RuleError:
        return 0.0
    end = s.turn + horizon_turns
    steps = 0
    while s.stage != OVER and s.turn < end and steps < 40 * s.n:
        steps += 1
        greedy_step(s, seat, rates, rand)
    if s.stage == OVER:
        return 1.0 if s.winner == seat else 0.0
    return win_chances(s, game_totals(s))[seat]


# -- the fast greedy policy ----------------------------------------------------------------


def greedy_step(s: GameState, seat: int, rates: list[float], rand: random.Random) -> None:
    """One action of whoever must act in ``s``, by the greedy policy, on the fast core."""
    stage = s.stage
    if stage == COUNCIL:
        p = s.council_next
        office = max((o for o, here in enumerate(s.offices) if p in here),
                     key=lambda o: (DIST[o], o))
        playout.step(s, (playout.RETIRE, p, office))
        return
    p = s.current
    if stage == BONUS:
        forced = s.bonus_forced
        if forced is not None:
            playout.step(s, (playout.CAESAR, p, forced))
            return
        path = _caesar_target(s, p)
        playout.step(s, (playout.CAESAR, p, path) if path is not None else (playout.DECLINE, p))
        return
    if stage == CONSENT:
        request = s.request
        assert request is not None
        waiting = [q for q in request.asked if q not in request.answers]
        if waiting:
            q = waiting[0]
            playout.step(s, (playout.ANSWER, q, _answer(s, q, seat, rates, rand), None))
            return
        combos = playout._supporter_choices(s, p, request, request.needed)
        if combos:
            combo = min(combos, key=lambda c: (sum(x != p for x in c), c))
            playout.step(s, (playout.MOVE, p, request.path, combo))
        else:
            playout.step(s, (playout.WITHDRAW, p))
            _turn(s, p, ask=False)  # refused: the turn's action, without asking again
        return
    if stage == ACTION:
        _turn(s, p)


def _turn(s: GameState, p: int, ask: bool = True) -> None:
    if s.promises:
        duty = legality.caesar_duty(s, p)
        if duty is not None:
            playout.step(s, (playout.CAESAR, p, duty))
            return
    adds, moves, requests, _kinds = playout._scan(s)
    totals = game_totals(s)
    best: tuple[float, tuple[object, ...]] | None = None
    for path, supporters in moves:
        value = _move_value(s, p, path, totals)
        if best is None or value > best[0]:
            best = (value, (playout.MOVE, p, path, supporters))
    if ask:
        for path in requests:
            value = 0.6 * _move_value(s, p, path, totals)
            if best is None or value > best[0]:
                best = (value, (playout.REQUEST, p, path))
    if adds:
        on_board = sum(here.count(p) for here in s.offices) - s.offices[board.SENATE].count(p)
        value = 1.6 - 0.4 * on_board
        if best is None or value > best[0]:
            best = (value, (playout.ADD, p, max(adds)))
    caesar = _caesar_target(s, p)
    if caesar is not None and (best is None or best[0] < 0.3):
        best = (0.3, (playout.CAESAR, p, caesar))
    if best is None:
        targets = [q for q in board.LAUREL_PATHS if q != s.caesar]
        best = (0.0, (playout.CAESAR, p, targets[0]))
    playout.step(s, best[1])


def _laurel(s: GameState, path: int) -> int:
    token = s.spaces[path]
    return 0 if token == EMPTY or s.caesar == path else laurels.VALUES[token]


def _move_value(s: GameState, p: int, path: int, totals: list[float]) -> float:
    a, b = board.PATH_FROM[path], board.PATH_TO[path]
    value = 1.0 + DIST[a] - DIST[b] + _laurel(s, path)
    if b == board.SENATE:
        senate = s.offices[board.SENATE]
        if len(senate) == _SENATE_SEATS - 1:
            own = totals[p] + _laurel(s, path)
            if any(totals[q] > own for q in set(senate) if q != p):
                return -10.0  # filling the Senate behind loses (R9.3, R12)
            return 50.0  # filling it ahead wins
        value += 3.0 if p not in senate else 1.0
    return value


def _caesar_target(s: GameState, p: int) -> int | None:
    """Caesar onto the richest laurel the leader (by totals here) could take next (R8)."""
    totals = game_totals(s)
    leader = max(range(s.n), key=totals.__getitem__)
    best: tuple[int, int] | None = None
    for path in board.LAUREL_PATHS:
        if path == s.caesar:
            continue
        laurel = _laurel(s, path)
        if leader != p and leader in s.offices[board.PATH_FROM[path]] and laurel \
                and (best is None or laurel > best[0]):
            best = (laurel, path)
    return None if best is None else best[1]


def _answer(s: GameState, q: int, seat: int, rates: list[float], rand: random.Random) -> int:
    """``q``'s consents: binding promises first (R11), never to fill the Senate without ``q``
    (R9.3), else as often as ``q`` has consented so far (the seat itself: not to a leader)."""
    request = s.request
    assert request is not None
    low, high = legality.answer_range(s, request, q)
    if high == 0 or low >= 1:
        return low
    to = board.PATH_TO[request.path]
    senate = s.offices[board.SENATE]
    if to == board.SENATE and len(senate) == _SENATE_SEATS - 1 and q not in senate:
        return 0
    m = s.current
    if q == seat:
        totals = game_totals(s)
        return 0 if totals[m] >= max(totals) else high
    return high if rand.random() < rates[q] else 0
