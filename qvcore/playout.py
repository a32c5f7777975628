"""A fast, unchecked playout core for search: random play straight on the state.

``rules.apply_action`` checks every action and writes an event; a search that
plays thousands of random games needs neither. This module draws the random
player's action (``randomplay.random_action``'s semantics: a random kind of
action, then a random action of that kind, random deal terms on a fifth of the
consents) without listing every legal action as dicts, and carries it out
without re-checking it. Actions are compact tuples:

- ``(ADD, p, office)``, ``(MOVE, p, path, supporters)``, ``(REQUEST, p, path)``,
- ``(ANSWER, q, consents, terms_json | None)``, ``(WITHDRAW, p)``,
- ``(CAESAR, p, path)``, ``(DECLINE, p)``, ``(REVEAL, q)``, ``(RETIRE, p, office)``.

``to_action`` turns one into the protocol's JSON action. Rare, intricate steps
(a move carrying out deals, the move that fills the Senate and ends a game,
the V3 council) go through the validated ``rules.apply_action``; which deals
hold and which Caesar promise falls due are ``legality``'s answers.
tests/test_playout.py checks that every fast game replays action by action
through the validated API to the same state, and that it is the very game
``randomplay`` plays from the same seed.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from typing import Any

from . import board, deals, legality, rules
from .board import CONSENTS_NEEDED, PATH_FROM, PATH_TO, SEATS, SENATE
from .laurels import IIC
from .randomplay import random_terms
from .state import (
    ACTION,
    BONUS,
    CONSENT,
    COUNCIL,
    EMPTY,
    OVER,
    Answer,
    GameState,
    Request,
    Terms,
)

Step = tuple[Any, ...]

ADD, MOVE, REQUEST, ANSWER, WITHDRAW, CAESAR, DECLINE, REVEAL, RETIRE = range(9)
TYPE_NAMES = ("add", "move", "request", "answer", "withdraw", "caesar", "decline", "reveal",
              "retire")

_TYPE_CODES = {name: code for code, name in enumerate(TYPE_NAMES)}
_SENATE_SEATS = SEATS[SENATE]
#: offices with exits: (office, consents needed, ((path, to, seats of to), ...)), from the
#: engine's one exit table (legality.EXITS)
_EXITS = tuple((office, exits[0][3], tuple((path, to, seats) for path, to, seats, _n in exits))
               for office, exits in legality.EXITS)
_EXIT_OFFICES = tuple(office for office, _n, _e in _EXITS)
_EXIT_INFO = tuple(next(((needed, exits) for o, needed, exits in _EXITS if o == office), (0, ()))
                   for office in range(len(SEATS)))
#: shared move entries: (path, supporters) free of consent / with the mover's own, by player
_FREE = tuple(tuple((path, ()) for path in range(len(board.PATHS))) for _p in range(5))
_OWN = tuple(tuple((path, (p,) * CONSENTS_NEEDED[PATH_FROM[path]])
                   for path in range(len(board.PATHS))) for p in range(5))
#: the other seats in the order a request asks them (R6.3), by player count and mover
_ASK_ORDER = {n: tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))
              for n in (3, 4, 5)}
_HAS_LAUREL = tuple(p[2] for p in board.PATHS)
#: laurel spaces Caesar may go to, by the space he stands on (R8)
_CAESAR_TO = tuple(tuple(q for q in board.LAUREL_PATHS if q != here)
                   for here in range(len(board.PATHS)))
_ENTRY = tuple((office, SEATS[office]) for office in board.ENTRY_OFFICES)
assert tuple(office for office, _seats in _ENTRY) == (0, 1, 2, 3)
_S0, _S1, _S2, _S3 = (seats for _office, seats in _ENTRY)
_NO_SUPPORT: tuple[int, ...] = ()


# -- drawing an action ------------------------------------------------------------------------


Scan = tuple[list[int], list[tuple[int, tuple[int, ...]]], list[int], list[int]]


def choose(s: GameState, rand: random.Random, deal_rate: float = 0.2,
           scan: Scan | None = None) -> Step:
    """The random player's action now, drawn exactly as ``randomplay.random_action`` draws it.

    ``scan`` may pass ``_scan(s)`` from earlier in the same turn: it stays valid
    until the turn ends (offices, Caesar, supply and the player to act are fixed).
    """
    stage = s.stage
    if stage in (ACTION, CONSENT):
        return _choose_turn(s, rand, deal_rate, _scan(s) if scan is None else scan)
    if stage == BONUS:
        p = s.current
        forced = s.bonus_forced
        kinds = [CAESAR] if forced is not None else [CAESAR, DECLINE]
        if s.reveal_open and not s.revealed:
            kinds.append(REVEAL)
        kind = kinds[int(rand.random() * len(kinds))]
        if kind == CAESAR:
            targets = _CAESAR_TO[s.caesar] if forced is None else (forced,)
            return (CAESAR, p, targets[int(rand.random() * len(targets))])
        if kind == DECLINE:
            rand.random()
            return (DECLINE, p)
        return (REVEAL, int(rand.random() * s.n))
    if stage == COUNCIL:
        p = s.council_next
        rand.random()
        offices = [office for office, here in enumerate(s.offices) if p in here]
        return (RETIRE, p, offices[int(rand.random() * len(offices))])
    raise ValueError("the game is over")


def _scan(s: GameState, mine: list[int] | None = None) -> Scan:
    """The turn's adds, moves as if no request were open (in path order), requests, and the
    kinds of action open when no request is. Valid until the turn ends. ``mine``: the
    offices with exits holding the player's senators, ascending, if the caller keeps them."""
    p = s.current
    offices = s.offices
    caesar = s.caesar
    adds: list[int] = []
    if s.supply[p]:  # R5, unrolled over the four entry offices (no comprehension frame)
        if len(offices[0]) < _S0:
            adds.append(0)
        if len(offices[1]) < _S1:
            adds.append(1)
        if len(offices[2]) < _S2:
            adds.append(2)
        if len(offices[3]) < _S3:
            adds.append(3)
    moves: list[tuple[int, tuple[int, ...]]] = []
    requests: list[int] = []
    if mine is None:
        mine = [office for office in _EXIT_OFFICES if p in offices[office]]
    for office in mine:
        here = offices[office]
        needed, exits = _EXIT_INFO[office]
        if not needed:
            for path, to, seats_to in exits:
                if len(offices[to]) < seats_to:
                    moves.append(_FREE[p][path])
            continue
        size = len(here)
        own_spare = here.count(p) - 1
        ask = size - own_spare > 1 and size > needed
        for path, to, seats_to in exits:
            if len(offices[to]) >= seats_to:
                continue
            if caesar == path:
                moves.append(_FREE[p][path])
                continue
            if own_spare >= needed:
                moves.append(_OWN[p][path])
            if ask:
                requests.append(path)
    kinds = [ADD] if adds else []
    if moves:
        kinds.append(MOVE)
    if requests:
        kinds.append(REQUEST)
    kinds.append(CAESAR)
    return adds, moves, requests, kinds


def _choose_turn(s: GameState, rand: random.Random, deal_rate: float, scan: Scan) -> Step:
    p = s.current
    request = s.request
    adds, moves, requests, kinds = scan
    rnd = rand.random
    if s.promises:
        duty = legality.caesar_duty(s, p)
        if duty is not None:  # a Caesar promise falls due: that move is the turn (R11)
            kinds = [CAESAR, REVEAL] if s.reveal_open and not s.revealed else [CAESAR]
            if kinds[int(rnd() * len(kinds))] == CAESAR:
                rnd()
                return (CAESAR, p, duty)
            return (REVEAL, int(rnd() * s.n))
    if request is None:
        if s.reveal_open and not s.revealed:
            kinds = [*kinds, REVEAL]
        kind = kinds[int(rnd() * len(kinds))]
        if kind == CAESAR:
            return (CAESAR, p, _CAESAR_TO[s.caesar][int(rnd() * 9)])
        if kind == MOVE:
            path, supporters = moves[int(rnd() * len(moves))]
            return (MOVE, p, path, supporters)
        if kind == REQUEST:
            return (REQUEST, p, requests[int(rnd() * len(requests))])
        if kind == ADD:
            return (ADD, p, adds[int(rnd() * len(adds))])
        return (REVEAL, int(rnd() * s.n))
    answers = _answers(s, request)
    combos: list[tuple[int, ...]] = []
    start = own = 0
    count = len(moves)
    vote_path = request.path
    # with no answer yet the request's path offers just the mover's own move, as listed
    voting = bool(request.answers) and _is_votable(s, p, vote_path)
    if voting:
        # moves are in path order: the request's path replaces its own move, if any (R6.4)
        start = bisect_left(moves, (vote_path,))
        own = 1 if start < count and moves[start][0] == vote_path else 0
        combos = _supporter_choices(s, p, request, CONSENTS_NEEDED[PATH_FROM[request.path]])
        count += len(combos) - own
    kinds = [ANSWER, WITHDRAW] if answers else [WITHDRAW]
    if adds:
        kinds.append(ADD)
    if count:
        kinds.append(MOVE)
    if requests:
        kinds.append(REQUEST)
    kinds.append(CAESAR)
    if s.reveal_open and not s.revealed:
        kinds.append(REVEAL)
    kind = kinds[int(rnd() * len(kinds))]
    if kind == MOVE:
        index = int(rnd() * count)
        if voting and index >= start:
            if index < start + len(combos):
                return (MOVE, p, vote_path, combos[index - start])
            index += own - len(combos)
        path, supporters = moves[index]
        return (MOVE, p, path, supporters)
    if kind == CAESAR:
        return (CAESAR, p, _CAESAR_TO[s.caesar][int(rnd() * 9)])
    if kind == REQUEST:
        return (REQUEST, p, requests[int(rnd() * len(requests))])
    if kind == ADD:
        return (ADD, p, adds[int(rnd() * len(adds))])
    if kind == ANSWER:
        q, consents, low = answers[int(rnd() * len(answers))]
        if deal_rate and consents and rnd() < deal_rate:
            terms = random_terms(s, q, rand)
            if terms and low == 0 and _terms_fit(s, terms):
                return (ANSWER, q, consents, terms)
        return (ANSWER, q, consents, None)
    if kind == WITHDRAW:
        rnd()
        return (WITHDRAW, p)
    return (REVEAL, int(rnd() * s.n))


def _is_votable(s: GameState, p: int, path: int) -> bool:
    """Whether a move by ``path`` needs (and may take) a vote now: p there, room, no Caesar."""
    to = PATH_TO[path]
    return (p in s.offices[PATH_FROM[path]] and len(s.offices[to]) < SEATS[to]
            and s.caesar != path and CONSENTS_NEEDED[PATH_FROM[path]] > 0)


def _answers(s: GameState, request: Request) -> list[tuple[int, int, int]]:
    """(player, consents, least consents owed) for every answer possible now (R6.3, R11):
    ``legality.answer_range`` for each player asked who has not answered."""
    out: list[tuple[int, int, int]] = []
    answered = request.answers
    for q in request.asked:
        if q in answered:
            continue
        low, high = legality.answer_range(s, request, q)
        for c in range(low, high + 1):
            out.append((q, c, low))
    return out


def _terms_fit(s: GameState, terms: dict[str, Any]) -> bool:
    """Whether random terms pass the answer's checks: promises must not contradict (R11)."""
    promises = terms.get("promises")
    if not promises:
        return True
    seen = {(pr.by, pr.kind, pr.player) for pr in s.promises if pr.binds(s.turn)}
    for item in promises:
        opposite = "refuse" if item["kind"] == "consent" else "consent"
        if (item["by"], opposite, item["player"]) in seen:
            return False
        seen.add((item["by"], item["kind"], item["player"]))
    return True


def _supporter_choices(s: GameState, p: int, request: Request,
                       needed: int) -> list[tuple[int, ...]]:
    """Supporter multisets the mover may pick on the requested path (``legality``'s choices),
    deals permitting (R6.4, R11)."""
    own_spare = s.offices[PATH_FROM[request.path]].count(p) - 1
    combos = legality.supporter_choices(p, own_spare, request, needed, s.pool)
    if not any(a.consents and a.terms is not None and not a.terms.is_empty()
               for a in request.answers.values()):
        return combos
    path = request.path
    return [c for c in combos if legality.deals_hold(s, p, path, list(c))]


def _chosen_terms(request: Request, p: int, combo: tuple[int, ...]) -> dict[int, Terms]:
    out = {}
    for q in sorted({q for q in combo if q != p}):
        terms = request.answers[q].terms
        if terms is not None and not terms.is_empty():
            out[q] = terms
    return out


# -- carrying an action out -------------------------------------------------------------------


def step(s: GameState, action: Step) -> None:
    """Carry out a compact action without checking it (it must be legal: see ``choose``)."""
    kind = action[0]
    if kind == CAESAR:
        path = s.caesar = action[2]
        if s.promises:
            p = action[1]
            for promise in s.promises:
                if promise.kind == "caesar" and promise.by == p and promise.path == path:
                    promise.done = True  # kept (R11)
        rules.end_turn(s)
    elif kind == REQUEST:
        p, path = action[1], action[2]
        here = s.offices[PATH_FROM[path]]
        request = Request.__new__(Request)
        request.path = path
        request.needed = CONSENTS_NEEDED[PATH_FROM[path]]
        request.asked = [q for q in _ASK_ORDER[s.n][p] if q in here]
        request.offers = {}
        request.answers = {}
        s.request = request
        s.stage = CONSENT
    elif kind == MOVE:
        if _move(s, action[1], action[2], action[3]):
            s.revealed = False
            return
    elif kind == ADD:
        s.supply[action[1]] -= 1
        s.offices[action[2]].append(action[1])
        rules.end_turn(s)
    elif kind == ANSWER:
        _answer(s, action[1], action[2], action[3])
    elif kind == WITHDRAW:
        s.request = None
        s.stage = ACTION
    elif kind == DECLINE:
        rules.end_turn(s)
    elif kind == REVEAL:
        s.revealed = True
        return
    else:
        rules.apply_action(s, to_action(s, action))
        return
    if s.reveal_open or s.revealed:
        s.revealed = False
        s.reveal_open = False


def _answer(s: GameState, q: int, consents: int, data: dict[str, Any] | None) -> None:
    request = s.request
    assert request is not None
    if data is not None:
        terms: Terms | None = deals.parse_deal(data, s.n)
    elif consents:
        terms = request.offers.get(q)
        if terms is not None and _owes_consent(s, q):
            terms = None  # a promised consent is owed as it is (R11)
    else:
        terms = None
    request.answers[q] = Answer(consents, terms)
    if not consents:
        for promise in s.promises:
            if promise.kind == "refuse" and promise.by == q and promise.player == s.current:
                promise.until_turn = min(promise.until_turn, s.turn)


def _owes_consent(s: GameState, q: int) -> bool:
    """Whether ``q``'s first binding promise to the mover is a consent (R11)."""
    for pr in s.promises:
        if pr.by == q and pr.player == s.current and pr.binds(s.turn) \
                and pr.kind in ("consent", "refuse"):
            return pr.kind == "consent"
    return False


def _move(s: GameState, p: int, path: int, supporters: tuple[int, ...]) -> bool:
    """A move (R6, R7); returns whether it entered the Senate."""
    b = PATH_TO[path]
    offices = s.offices
    if b == SENATE and len(offices[SENATE]) == _SENATE_SEATS - 1:
        rules.apply_action(s, to_action(s, (MOVE, p, path, supporters)))  # R9: the game ends
        return True
    caesar_free = s.caesar == path
    request = s.request
    if request is not None and request.path == path and supporters \
            and _chosen_terms(request, p, supporters):
        # deals: the rules plan and carry them out (payments, exact split, promises; R11, R13)
        rules.apply_action(s, to_action(s, (MOVE, p, path, supporters)))
        return b == SENATE
    s.request = None
    offices[PATH_FROM[path]].remove(p)
    offices[b].append(p)
    took = EMPTY
    if not caesar_free and _HAS_LAUREL[path]:
        took = s.spaces[path]
        if took != EMPTY:
            s.hoards[p][took] += 1
            s.spaces[path] = s.pile.pop() if s.pile else EMPTY
    if supporters and not caesar_free:
        hoards = s.hoards
        for q in supporters:
            if q != p and s.pool:
                s.pool -= 1
                hoards[q][0] += 1
    if s.promises and supporters:
        for promise in s.promises:
            if promise.kind == "consent" and promise.player == p and promise.by in supporters \
                    and promise.by != p:
                promise.done = True
    entered = b == SENATE
    if entered:
        rules.open_reveal_window(s)  # V2
    if took == IIC:
        s.stage = BONUS
        s.bonus_forced = None
    else:
        rules.end_turn(s)
    return entered


def from_action(action: dict[str, Any]) -> Step:
    """The compact form of a JSON action (one that ``rules.legal_actions`` lists, or an answer
    with terms). Requests with ``offers`` have no compact form: play them with ``apply``."""
    kind = _TYPE_CODES[action["type"]]
    p = action["player"]
    if kind in (MOVE, REQUEST, CAESAR):
        path = board.PATH_INDEX[(action["from"], action["to"])]
        if kind == MOVE:
            return (MOVE, p, path, tuple(action.get("supporters", ())))
        return (kind, p, path)
    if kind in (ADD, RETIRE):
        return (kind, p, action["office"])
    if kind == ANSWER:
        return (ANSWER, p, action["consents"], action.get("terms"))
    return (kind, p)


def apply(s: GameState, action: dict[str, Any]) -> None:
    """Carry out a legal JSON action without checking it (for search from a sampled state)."""
    if action.get("offers"):
        rules.apply_action(s, action)
    else:
        step(s, from_action(action))


# -- whole playouts --------------------------------------------------------------------------


def to_action(s: GameState, action: Step) -> dict[str, Any]:
    """The protocol's JSON action for a compact one (``s`` is the state it is played in)."""
    kind = action[0]
    out: dict[str, Any] = {"type": TYPE_NAMES[kind], "player": action[1]}
    if kind in (MOVE, REQUEST, CAESAR):
        path = action[2]
        out["from"], out["to"] = PATH_FROM[path], PATH_TO[path]
        if kind == MOVE:
            out["supporters"] = list(action[3])
    elif kind in (ADD, RETIRE):
        out["office"] = action[2]
    elif kind == ANSWER:
        out["consents"] = action[2]
        if action[3] is not None:
            out["terms"] = action[3]
    return out


def random_playout(s: GameState, rand: random.Random, max_actions: int = 20_000,
                   deal_rate: float = 0.2) -> GameState:
    """Play ``s`` on at random until the game ends or ``max_actions`` pass; returns ``s``.

    Changes ``s`` in place (copy it first to keep it). Works from any stage: a
    state sampled mid-turn (consent, bonus, council) is played on from there.
    """
    _run(s, rand, max_actions, deal_rate, None)
    return s


def _where(s: GameState) -> list[list[int]]:
    """For each player, the offices with exits that hold their senators, ascending."""
    return [[office for office in _EXIT_OFFICES if q in s.offices[office]] for q in range(s.n)]


def _run(s: GameState, rand: random.Random, max_actions: int, deal_rate: float,
         record: list[dict[str, Any]] | None) -> int:
    """The playout loop: one scan per turn, each player's offices kept up to date."""
    scanned_turn = -1
    scan: Scan = ([], [], [], [])
    where = _where(s)
    offices = s.offices
    played = 0
    while played < max_actions:
        stage = s.stage
        if stage in (ACTION, CONSENT):
            if s.turn != scanned_turn:
                scan = _scan(s, where[s.current])
                scanned_turn = s.turn
            action = _choose_turn(s, rand, deal_rate, scan)
        elif stage == OVER:
            break
        else:
            action = choose(s, rand, deal_rate)
        if record is not None:
            record.append(to_action(s, action))
        step(s, action)
        played += 1
        kind = action[0]
        if kind == MOVE:
            p, path = action[1], action[2]
            mine = where[p]
            a = PATH_FROM[path]
            if p not in offices[a]:
                mine.remove(a)
            b = PATH_TO[path]
            if b != SENATE and b not in mine:
                insort(mine, b)
        elif kind == ADD:
            mine = where[action[1]]
            if action[2] not in mine:
                insort(mine, action[2])
        elif kind == RETIRE:
            where = _where(s)
    return played


def playout_returns(s: GameState, rand: random.Random, max_actions: int = 20_000,
                    deal_rate: float = 0.2) -> list[float]:
    """A playout from a copy of ``s``: 1 for the winner, 0 for the others (all 0 if capped)."""
    final = random_playout(s.copy(), rand, max_actions, deal_rate)
    return [1.0 if q == final.winner else 0.0 for q in range(final.n)]


def play_random_game(s: GameState, rand: random.Random, max_actions: int = 20_000,
                     deal_rate: float = 0.2, record: bool = False
                     ) -> tuple[GameState, int, list[dict[str, Any]]]:
    """A fast random game from ``s`` (changed in place): (final state, actions, JSON actions).

    With ``record`` the JSON actions are kept, for replay through the validated API.
    """
    actions: list[dict[str, Any]] = []
    played = _run(s, rand, max_actions, deal_rate, actions if record else None)
    return s, played, actions


# -- checking the fast path against the validated one ------------------------------------------

CHECK_VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"scarce_laurels": True}, {"open_hoards": "every_entry", "horizon": "two"},
    {"series": True, "open_hoards": "first_three", "horizon": "turn"},
)


def check_seed(seed: int, players: int, deal_rate: float = 0.2) -> list[str]:
    """Play one fast random game and check it against the validated API; returns problems.

    The fast game must be the very game ``simulate.play_random_game`` plays from the
    same seed (same actions, same final state), and its recorded actions must replay
    through ``Game.replay`` (every action checked by ``rules.apply_action``) to the
    same final state.
    """
    from .game import Game
    from .options import Options
    from .simulate import play_random_game as validated_game

    options = Options.from_dict({"players": players, "first_player": None,
                                 **CHECK_VARIANTS[seed % len(CHECK_VARIANTS)]})
    fast, played, actions = play_random_game(GameState(options, seed), random.Random(seed),
                                             deal_rate=deal_rate, record=True)
    problems = []
    replayed = Game.replay(options, seed, actions).state
    if replayed.to_dict() != fast.to_dict():
        problems.append(f"seed {seed}, {players} players: replay through rules differs")
    reference, reference_played, _ = validated_game(options, seed, check=False,
                                                    deal_rate=deal_rate)
    if reference.to_dict() != fast.to_dict() or reference_played != played:
        problems.append(f"seed {seed}, {players} players: not the game randomplay plays")
    return problems


def main(argv: list[str] | None = None) -> int:
    """``python3 -m qvcore.playout --seeds 3000``: check many seeds, print one JSON line."""
    import argparse
    import json
    import time

    parser = argparse.ArgumentParser(prog="python3 -m qvcore.playout", description=main.__doc__)
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deal-rate", type=float, default=0.2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    problems: list[str] = []
    games = 0
    for seed in range(args.first, args.first + args.seeds):
        for players in (3, 4, 5):
            problems += check_seed(seed, players, args.deal_rate)
            games += 1
    print(json.dumps({"checked_games": games, "seeds": args.seeds, "deal_rate": args.deal_rate,
                      "problems": len(problems), "examples": problems[:5],
                      "seconds": round(time.perf_counter() - start, 1)}))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
