"""Consent and its price (R6, R7.2, R11): answering a request, and asking with offers.

Asked for consent, a player weighs the move with their consent (and the I
token it earns, R7.2) against refusing it, and may name a price: a payment
from tokens the mover is known to hold, a split of the gains, Caesar's
destination after a Caesar laurel, or a promise of consent. The mover
predicts every answer with the same reasoning (humans included) and adds
offers for those who would refuse.
"""

from __future__ import annotations

import itertools
from typing import Any

from .. import board, laurels, rules
from ..errors import RuleError
from ..protocol import Action
from ..state import BONUS, CONSENT, OVER, Answer, GameState
from .memory import offer_worth
from .situation import Situation

#: the share of a chance that progress pressure (or the lenience of an answer) may take away
KEEP = 0.99

PROMISE_VALUE = 0.015  # a promised future consent, in win-chance units
#: a word given beyond the horizon is not kept if keeping it ends the game with less chance
LOST = 0.01


def lenience(turn: int) -> float:
    """How much win chance a player gives away to let a move happen: grows with the turn of
    the game being played (each game of a V3 series counts its own), so that a table of
    refusers still brings its game to an end."""
    return 0.004 + 0.00012 * turn


def outcome(sit: Situation, s: GameState, answer: Action) -> GameState | None:
    """The state after ``answer`` and the mover's move counting it (None if it cannot be)."""
    request = s.request
    if request is None:
        return None
    after = s.copy()
    try:
        rules.apply_action(after, answer)
        req = after.request
        assert req is not None
        m, q = after.current, answer["player"]
        a, b = board.PATH_FROM[req.path], board.PATH_TO[req.path]
        supporters = [q] * min(answer["consents"], req.needed)
        spare = after.offices[a].count(m) - 1
        supporters += [m] * min(spare, req.needed - len(supporters))
        for o in req.asked:
            if len(supporters) >= req.needed:
                break
            if o == q:
                continue
            given = req.answers.get(o)
            if given is None:
                req.answers[o] = given = Answer(1, None)
            supporters += [o] * min(given.consents, req.needed - len(supporters))
        if len(supporters) < req.needed:
            return None
        rules.apply_action(after, {"type": "move", "player": m, "from": a, "to": b,
                                   "supporters": supporters})
        if after.stage == BONUS:
            forced = after.bonus_forced
            rules.apply_action(after, {"type": "decline", "player": m} if forced is None else {
                "type": "caesar", "player": m, "from": board.PATH_FROM[forced],
                "to": board.PATH_TO[forced]})
    except RuleError:
        return None
    return after


def _known_kinds(sit: Situation, s: GameState, m: int, q: int) -> list[int]:
    """Kinds ``q`` knows the mover ``m`` holds: its memory of ``m`` (its own hoard for itself)."""
    if m == sit.seat == q:
        return []
    heap = s.hoards[m] if m == sit.seat and q == sit.seat else sit.memory.known[m]
    if m != sit.seat:
        heap = [min(x, y) for x, y in zip(heap, s.hoards[m], strict=True)]
    return [k for k in laurels.KINDS if heap[k]]


def _price_options(sit: Situation, s: GameState, q: int, own: bool) -> list[dict[str, Any]]:
    """Terms ``q`` might ask of the mover, besides a plain consent."""
    request = s.request
    assert request is not None
    m = s.current
    options: list[dict[str, Any]] = [{"split": True}]
    kinds = _known_kinds(sit, s, m, q)
    if kinds:
        options.append({"mover_pays": [laurels.KIND_NAMES[max(kinds)]]})
        if min(kinds) != max(kinds):
            options.append({"mover_pays": [laurels.KIND_NAMES[min(kinds)]]})
    if s.options.horizon != "turn" and _shares_office(s, m, q):
        options.append({"promises": [{"by": m, "kind": "consent", "player": q}]})
    if own and s.spaces[request.path] == laurels.IIC:
        for path in board.LAUREL_PATHS:
            if path != s.caesar:
                options.append({"caesar": {"from": board.PATH_FROM[path],
                                           "to": board.PATH_TO[path]}})
    return options


def _shares_office(s: GameState, m: int, q: int) -> bool:
    """Whether ``m`` sits where ``q`` could later need a consent from ``m``."""
    return any(m in here and q in here and board.CONSENTS_NEEDED[office]
               for office, here in enumerate(s.offices) if office != board.SENATE)


def answer_bounds(s: GameState, q: int) -> tuple[int, int]:
    """The fewest and most consents ``q`` may give now (binding promises, offers)."""
    counts = [a["consents"] for a in rules.legal_actions(s)
              if a["type"] == "answer" and a["player"] == q]
    return (min(counts), max(counts)) if counts else (0, 0)


def choose_answer(sit: Situation, s: GameState, q: int, greedy: bool = True,
                  keep: str = "always") -> Action:
    """``q``'s answer to the open request in ``s``: refuse, consent, or consent at a price.

    ``keep`` says how promises beyond the horizon are treated: ``"always"``
    (kept) or ``"if_cheap"`` (kept unless breaking them pays).
    """
    low, high = answer_bounds(s, q)
    refuse: Action = {"type": "answer", "player": q, "consents": 0}
    if high == 0:
        return refuse
    plain: Action = {"type": "answer", "player": q, "consents": high}
    if low >= 1:
        return {**plain, "consents": low}  # a binding promise: consent, without terms (R11)
    m = s.current
    before = sit.chances(s)
    u_refuse = before[q]
    after = outcome(sit, s, plain)
    if after is None:
        return refuse
    best, best_u = plain, sit.value(after, q)
    if sit.stall < 1.0 and s.request is not None and sit.memory.priced_in_vain(
            q, m, s.request.path):
        greedy = False  # its price was not taken since the position last changed (stall.py)
    if greedy:
        for terms in _price_options(sit, s, q, own=q == sit.seat):
            action = {**plain, "terms": terms}
            priced = outcome(sit, s, action)
            if priced is None:
                continue
            chances = sit.chances(priced)
            promise = PROMISE_VALUE if "promises" in terms and priced.stage != OVER else 0.0
            u = chances[q] + promise  # a promise is worth nothing once the game is over
            if chances[m] >= before[m] and u > best_u + 0.004:
                best, best_u = action, u
    if q == sit.seat and s.options.horizon != "turn":
        ruinous = after.stage == OVER and sit.value(after, q) < LOST
        if sit.memory.promised(q, "consent", m) and not ruinous and (
                keep == "always" or sit.value(after, q) > u_refuse - 0.03):
            return plain
        if sit.memory.promised(q, "refuse", m) and (keep == "always" or best_u < u_refuse + 0.03):
            return refuse
    # the margin given away never takes all the chance kept by refusing, so a bot never
    # allows a move that makes it lose for certain while refusing keeps a chance (R9.3)
    margin = min(lenience(s.game_turn()), KEEP * u_refuse)
    if sit.stall < 1.0:
        margin = 0.0  # refusing is already valued as a stall (stall.py): no lenience on top
    return best if best_u >= u_refuse - margin else refuse


#: how long a bot remembers a refusal of its requests, in rounds of turns
REMEMBER_ROUNDS = 3


def recent(s: GameState) -> int:
    """The first turn a bot's memory of refusals and Caesar moves still counts."""
    return s.turn - REMEMBER_ROUNDS * s.n


def predict_request(sit: Situation, request: Action) -> tuple[float, float, Action] | None:
    """The mover's win chance if ``request`` succeeds, the chance it does, and the request
    with the offers that should make it work."""
    m = sit.seat
    opened = sit.after([request])
    if opened is None or opened.stage != CONSENT or opened.request is None:
        return None
    asked = opened.request.asked
    path = opened.request.path
    since = recent(sit.state)
    memory = sit.memory

    def refused(q: int, offer: Any) -> bool:
        """Whether ``q`` refused this very request lately, or (in a standoff) since the
        position last changed (no loops: the offer is raised instead)."""
        if sit.stall < 1.0:
            return memory.stall_refused(q, path, offer)
        return memory.refused(q, path, offer, since) > 0

    def recalled(answer: Action, q: int, offer: Any) -> Action:
        """The model's answer, unless ``q`` refused this very request lately (no loops)."""
        if answer["consents"] and refused(q, offer):
            return {"type": "answer", "player": q, "consents": 0}
        return answer

    answers = {q: recalled(choose_answer(sit, opened, q), q, None) for q in asked}
    offers: dict[str, Any] = {}
    own = sit.state.hoards[m]
    if _enough(opened, answers) is None:
        kinds = [k for k in laurels.KINDS if own[k]]
        pays = [{"mover_pays": [laurels.KIND_NAMES[k]]} for k in sorted({min(kinds), max(kinds)})
                ] if kinds else []
        ladder = ([*pays[:1], {"split": True}, *pays[1:],
                   *({**p, "split": True} for p in pays[-1:])] if sit.stall >= 1.0
                  else raised_offers(own))
        for q in asked:
            if answers[q]["consents"]:
                continue
            for offer in ladder:
                if refused(q, offer):
                    continue  # tried and refused: raise the offer instead
                trial = {**request, "offers": {**offers, str(q): offer}}
                state = sit.after([trial])
                if state is None:
                    continue
                answer = choose_answer(sit, state, q, greedy=False)
                if answer["consents"] and sit.stall < 1.0 and not _worth_it(sit, state, answer):
                    continue  # an offer that leaves the mover less than standing still
                if answer["consents"]:
                    offers[str(q)], answers[q], opened = offer, answer, state
                    break
    likely = _enough(opened, answers) is not None
    if not likely and sit.stall < 1.0:
        return None  # in a standoff, only offers that are worth it and not yet refused
    chance = 0.85 if likely else 0.6 * max(memory.agree_rate(q) for q in asked)
    chance *= 0.5 ** memory.refused_path(path, since)
    if not likely:  # the model expects refusals: value the move as if they agreed plainly
        for q in asked:
            _low, high = answer_bounds(opened, q)
            answers[q] = {"type": "answer", "player": q, "consents": high}
    supporters = _enough(opened, answers)
    if supporters is None:
        return None
    after = opened.copy()
    try:
        for q in asked:
            if q in supporters:
                rules.apply_action(after, answers[q])
        a, b = request["from"], request["to"]
        rules.apply_action(after, {"type": "move", "player": m, "from": a, "to": b,
                                   "supporters": supporters})
    except RuleError:
        return None
    action = {**request, "offers": offers} if offers else request
    return sit.value(after, m), chance, action


#: most tokens a bot offers in one payment when it raises its offers in a standoff
MOST_PAID = 3


def raised_offers(own: list[int]) -> list[dict[str, Any]]:
    """A standoff's offers (stall.py), cheapest first, one for each worth (``offer_worth``):
    a split, payments of up to ``MOST_PAID`` tokens from the hoard ``own``, each alone and
    with a split, the fewest tokens for a worth."""
    pays: set[tuple[int, ...]] = set()
    for combo in itertools.combinations_with_replacement(laurels.KINDS, MOST_PAID):
        for size in range(1, MOST_PAID + 1):
            part = tuple(sorted(combo[:size]))
            if all(part.count(k) <= own[k] for k in set(part)):
                pays.add(part)
    offers: list[dict[str, Any]] = [{"split": True}]
    for part in sorted(pays, key=lambda p: (len(p), p)):
        names = [laurels.KIND_NAMES[k] for k in part]
        offers += [{"mover_pays": names}, {"mover_pays": names, "split": True}]
    cheapest: dict[float, dict[str, Any]] = {}  # the fewest tokens for each worth
    for offer in offers:
        cheapest.setdefault(offer_worth(offer), offer)
    return [cheapest[worth] for worth in sorted(cheapest)]


def _worth_it(sit: Situation, s: GameState, answer: Action) -> bool:
    """Whether the move that ``answer`` would allow, on the terms offered, leaves the mover
    more than it has by standing still (in a standoff, stall.py)."""
    after = outcome(sit, s, answer)
    return after is not None and sit.value(after, sit.seat) > sit.value(sit.state, sit.seat)


def _enough(s: GameState, answers: dict[int, Action]) -> list[int] | None:
    """Supporters for the request in ``s`` from these answers, or None if too few."""
    request = s.request
    assert request is not None
    m = s.current
    spare = s.offices[board.PATH_FROM[request.path]].count(m) - 1
    supporters = [m] * min(spare, request.needed)
    for q, answer in answers.items():
        take = min(answer["consents"], request.needed - len(supporters))
        supporters += [q] * take
    return sorted(supporters) if len(supporters) >= request.needed else None
