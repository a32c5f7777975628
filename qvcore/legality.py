"""What may seat S do now, and if not, why (R4-R8, R11, R12 V2/V3).

This module is the one answer, python-chess style: ``action_groups`` lists the
legal actions, ``refusal`` checks one action, and ``route`` tells the view what
a click on a destination means. All three call the same checks below, so they
cannot disagree (``tests/test_legality.py`` plays many seeded games to make
sure). Nothing here changes the state: ``rules`` carries out what passes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from . import board, deals, laurels
from .board import CONSENTS_NEEDED, PATH_FROM, PATH_INDEX, PATH_TO, PATHS_FROM_OFFICE, SEATS
from .dealcheck import DealStep, check_terms, chosen_terms, plan_deals
from .errors import RuleError
from .laurels import IIC
from .protocol import Action, ActionData, Click, Decision, DecisionKind, Hint, Stage
from .state import (
    ACTION,
    BONUS,
    CONSENT,
    COUNCIL,
    OVER,
    GameState,
    Request,
    Terms,
)

ACTION_KEYS: dict[str, frozenset[str]] = {
    "add": frozenset({"type", "player", "office"}),
    "move": frozenset({"type", "player", "from", "to", "supporters"}),
    "request": frozenset({"type", "player", "from", "to", "offers"}),
    "answer": frozenset({"type", "player", "consents", "terms"}),
    "withdraw": frozenset({"type", "player"}),
    "caesar": frozenset({"type", "player", "from", "to"}),
    "decline": frozenset({"type", "player"}),
    "reveal": frozenset({"type", "player"}),
    "retire": frozenset({"type", "player", "office"}),
}
REQUIRED_KEYS: dict[str, tuple[str, ...]] = {
    "add": ("office",), "move": ("from", "to"), "request": ("from", "to"),
    "answer": ("consents",), "caesar": ("from", "to"), "retire": ("office",),
}
TURN_ACTIONS = ("add", "move", "request", "caesar")
STAGE_ACTIONS = {
    ACTION: TURN_ACTIONS, CONSENT: (*TURN_ACTIONS, "withdraw"),
    BONUS: ("caesar", "decline"), COUNCIL: ("retire",), OVER: (),
}


# -- who acts -------------------------------------------------------------------------


def actor(s: GameState) -> int | None:
    """The seat that plays turn, bonus or council choices now (None when the game is over)."""
    if s.stage == OVER:
        return None
    return s.council_next if s.stage == COUNCIL else s.current


def waiting_for(s: GameState) -> list[int]:
    """The players whose decision the table waits for now (the stage's active players)."""
    if s.stage == CONSENT:
        assert s.request is not None
        pending = [q for q in s.request.asked if q not in s.request.answers]
        return pending or [s.current]
    if s.stage == COUNCIL:
        return [s.council_next]
    if s.stage == OVER:
        return []
    return [s.current]


def decider(s: GameState) -> int | None:
    """The seat whose decision the table waits for now: an asked player who has not answered
    yet, else the seat to act (None when the game is over)."""
    waiting = waiting_for(s)
    return waiting[0] if waiting else None


DECISION_KINDS = {ACTION: "turn", BONUS: "bonus", COUNCIL: "council"}


def decision(s: GameState) -> Decision | None:
    """Whose decision the table waits for and which: ``answer`` (an asked player, R6.3),
    ``supporters`` (the mover, once every asked player answered, R6.4), ``turn`` (R4),
    ``bonus`` (R7.3) or ``council`` (V3). None when the game is over."""
    seat = decider(s)
    if seat is None:
        return None
    if s.stage == CONSENT:
        kind = "supporters" if seat == s.current else "answer"
    else:
        kind = DECISION_KINDS[s.stage]
    return {"seat": seat, "stage": cast(Stage, s.stage), "kind": cast(DecisionKind, kind)}


def actor_decides(s: GameState) -> bool:
    """Whether the table waits for the seat to act (not for an asked player's answer): only
    then are the actor's turn, bonus or council choices (the view's hints) on offer."""
    return s.stage != OVER and decider(s) == actor(s)


def may_act(s: GameState) -> list[int]:
    """Every player who has at least one legal action now (V2 reveals aside)."""
    if s.stage == CONSENT:
        assert s.request is not None
        return [q for q in s.request.asked if q not in s.request.answers] + [s.current]
    return waiting_for(s)


def ask_order(s: GameState, p: int, office: int) -> list[int]:
    """Whom a request to leave ``office`` asks, in seat order after the mover (R6.3)."""
    here = s.offices[office]
    return [(p + i) % s.n for i in range(1, s.n) if (p + i) % s.n in here]


def caesar_duty(s: GameState, p: int) -> int | None:
    """The path a binding Caesar promise of ``p`` sends Caesar to on p's turn now (R11).

    Due from the promisor's first turn after the deal; kept as soon as Caesar
    stands there (rulings.md #25).
    """
    for promise in s.promises:
        if (promise.kind == "caesar" and promise.by == p and promise.made_turn < s.turn
                and promise.binds(s.turn) and promise.path != s.caesar):
            return promise.path
    return None


# -- listing legal actions ------------------------------------------------------------


def legal_actions(s: GameState) -> list[Action]:
    """Every legal action now, for every player who may act.

    Deal terms are open-ended, so answers and requests are listed without
    terms and offers; ``docs/protocol.md`` says how to add them. Some action
    dicts are shared constants: copy one before changing it
    (``Game.legal_actions`` returns copies).
    """
    return [action for group in action_groups(s).values() for action in group]


def action_groups(s: GameState) -> dict[str, Sequence[Action]]:
    """The legal actions grouped by type, leaving out empty groups.

    Groups and their action dicts may be shared constants (tuples): read them,
    never change them.

    Random play samples a type first, then an action of it (``randomplay``),
    so that the nine Caesar destinations do not crowd out everything else.
    """
    stage = s.stage
    groups: dict[str, Sequence[Action]] = {}
    if stage == OVER:
        return groups
    if stage == COUNCIL:
        p = s.council_next
        groups["retire"] = [{"type": "retire", "player": p, "office": office}
                            for office, here in enumerate(s.offices) if p in here]
        return groups
    p = s.current
    if stage == BONUS:
        forced = s.bonus_forced
        groups["caesar"] = [action for path, action in _CAESAR_TO[p]
                            if path != s.caesar and forced in (None, path)]
        if forced is None:
            groups["decline"] = _DECLINES[p]
    else:
        duty = caesar_duty(s, p) if s.promises else None
        if duty is not None:
            groups["caesar"] = (_CAESAR_TO[p][_LAUREL_SLOT[duty]][1],)
        else:
            if stage == CONSENT:
                answers = _legal_answers(s)
                if answers:
                    groups["answer"] = answers
                groups["withdraw"] = _WITHDRAWS[p]
            _turn_actions(s, p, groups)
    if s.reveal_open and not s.revealed:
        groups["reveal"] = _REVEALS[s.n]
    return groups


def _turn_actions(s: GameState, p: int, groups: dict[str, Sequence[Action]]) -> None:
    offices = s.offices
    if s.supply[p]:
        adds = [action for office, action in _ADDS[p] if len(offices[office]) < SEATS[office]]
        if adds:
            groups["add"] = adds
    moves: list[Action] = []
    requests: list[Action] = []
    request = s.request
    caesar = s.caesar
    for office, exits in EXITS:
        here = offices[office]
        if p not in here:
            continue
        own_spare = here.count(p) - 1
        ask = -1  # _ask_block for this office, worked out when a path needs it
        for path, to, seats_to, needed in exits:
            if len(offices[to]) >= seats_to:
                continue  # office_full
            if needed == 0 or caesar == path:
                moves.append(_FREE_MOVES[p][path])
                continue
            if request is not None and request.path == path:
                for combo in supporter_choices(p, own_spare, request, needed, s.pool):
                    if deals_hold(s, p, path, list(combo)):
                        moves.append({"type": "move", "player": p, "from": office, "to": to,
                                      "supporters": list(combo)})
            elif own_spare >= needed:
                moves.append({"type": "move", "player": p, "from": office, "to": to,
                              "supporters": [p] * needed})
            # not full, not free: the path checks of _request_block passed, the office's remain
            if ask < 0:
                ask = _ask_block(s, p, office)
            if not ask:
                requests.append(_REQUESTS[p][path])
    if moves:
        groups["move"] = moves
    if requests:
        groups["request"] = requests
    groups["caesar"] = _CAESAR_MOVES[p][caesar]


#: per office with exits: (office, ((path, to, seats of to, consents needed), ...)) (R6.1,
#: R6.2); the one exit table of the engine (the fast playout core reads it too)
EXITS = tuple(
    (office, tuple((path, PATH_TO[path], SEATS[PATH_TO[path]], CONSENTS_NEEDED[office])
                   for path in PATHS_FROM_OFFICE[office]))
    for office in range(len(SEATS)) if PATHS_FROM_OFFICE[office]
)
_LAUREL_SLOT = {path: i for i, path in enumerate(board.LAUREL_PATHS)}
# Shared action dicts: every caller treats listed actions as read-only (Game copies them).
_CAESAR_TO = tuple(tuple((path, {"type": "caesar", "player": p, "from": PATH_FROM[path],
                                 "to": PATH_TO[path]}) for path in board.LAUREL_PATHS)
                   for p in range(5))
_CAESAR_MOVES = tuple(tuple(tuple(a for path, a in _CAESAR_TO[p] if path != here)
                            for here in range(len(board.PATHS))) for p in range(5))
_ADDS = tuple(tuple((office, {"type": "add", "player": p, "office": office})
                    for office in board.ENTRY_OFFICES) for p in range(5))
_FREE_MOVES = tuple(tuple({"type": "move", "player": p, "from": a, "to": b, "supporters": []}
                          for a, b, _laurel in board.PATHS) for p in range(5))
_REQUESTS = tuple(tuple({"type": "request", "player": p, "from": a, "to": b}
                        for a, b, _laurel in board.PATHS) for p in range(5))
_DECLINES = tuple(({"type": "decline", "player": p},) for p in range(5))
_WITHDRAWS = tuple(({"type": "withdraw", "player": p},) for p in range(5))
_REVEALS = {n: tuple({"type": "reveal", "player": q} for q in range(n)) for n in range(3, 6)}


def most_consents(s: GameState, p: int, office: int, needed: int) -> int:
    """Consents the other owners in ``office`` could give at most."""
    here = s.offices[office]
    if needed == 1:
        return len(set(here)) - (p in here)
    return sum(min(here.count(q), needed) for q in set(here) if q != p)


def supporter_units(p: int, own_spare: int, request: Request, needed: int) -> list[int]:
    """Every consent the mover can count on now, one entry per consent: its own senators'
    (R6.3) and those given in answer to the request."""
    units: list[int] = [p] * min(own_spare, needed)
    for q in request.asked:
        answer = request.answers.get(q)
        if answer is not None:
            units += [q] * answer.consents
    return units


def supporter_choices(p: int, own_spare: int, request: Request, needed: int,
                      pool: int) -> list[tuple[int, ...]]:
    """Every multiset of ``needed`` supporters the mover may pick, sorted (R6.3, R6.4); with
    one I token left in the ``pool`` for two other players' consents, both orders, since the
    token goes to the supporter named first (R7.2, rulings.md #22)."""
    units = supporter_units(p, own_spare, request, needed)
    if needed == 1:
        return [(u,) for u in sorted(set(units))]
    pairs: set[tuple[int, ...]] = set()
    for i in range(len(units)):
        a = units[i]
        for b in units[i + 1:]:
            pairs.add((a, b) if a <= b else (b, a))
    if pool == 1:
        pairs |= {(b, a) for a, b in pairs if a != b and p not in (a, b)}
    return sorted(pairs)


def requested_move_refusal(s: GameState) -> RuleError | None:
    """Once every asked player has answered, why the mover can make the requested move with
    none of the ways the consents given allow: too few (R6.2), or a deal that cannot be
    carried out (R11, R13); the validated check's refusal of the first way. None while an
    answer is awaited, or when a way is legal."""
    request = s.request
    if request is None or len(request.answers) < len(request.asked):
        return None
    p, path = s.current, request.path
    a = PATH_FROM[path]
    own_spare = s.offices[a].count(p) - 1
    choices = supporter_choices(p, own_spare, request, request.needed, s.pool)
    if not choices:
        missing = request.needed - len(supporter_units(p, own_spare, request, request.needed))
        return _needs_consent(a, missing, " than were given")
    first: RuleError | None = None
    for combo in choices:
        try:
            check_move(s, p, {"type": "move", "player": p, "from": a, "to": PATH_TO[path],
                              "supporters": list(combo)})
        except RuleError as refusal:
            first = first or refusal
            continue
        return None
    return first


def deals_hold(s: GameState, p: int, path: int, supporters: list[int]) -> bool:
    """Whether the deals of ``supporters`` can all be carried out (R11, R13)."""
    terms = chosen_terms(s, path, sorted({q for q in supporters if q != p}))
    if not terms:
        return True
    try:
        plan_deals(s, p, path, supporters, terms)
    except RuleError:
        return False
    return True


def _legal_answers(s: GameState) -> list[Action]:
    request = s.request
    assert request is not None
    out: list[Action] = []
    for q in request.asked:
        if q in request.answers:
            continue
        low, high = answer_range(s, request, q)
        out.extend({"type": "answer", "player": q, "consents": c} for c in range(low, high + 1))
    return out


def answer_range(s: GameState, request: Request, q: int) -> tuple[int, int]:
    """The fewest and most consents ``q`` may answer ``request`` with now: the senators it has
    there (at most the consents needed, R6.3), binding promises (R11), and an offer that asks
    a payment ``q`` cannot make (R13) leaves only a refusal."""
    most = answer_most(s, request, q)
    low, high = answer_bounds(s, q, most) if s.promises else (0, most)
    if request.offers and low == 0:
        offer = request.offers.get(q)
        if offer is not None and not laurels.holds(s.hoards[q], offer.consenter_pays):
            high = 0
    return low, high


def consents_with_terms(s: GameState, request: Request, q: int) -> list[int]:
    """The consents ``q`` may give on terms of its own (R11), as ``check_answer`` accepts them:
    each it may give at all, none when a binding promise owes a consent (given without terms)
    or keeps a refusal. An offer ``q`` cannot pay does not close them (R13: it may counter)."""
    low, high = answer_bounds(s, q, answer_most(s, request, q))
    return [] if low >= 1 else list(range(1, high + 1))


def answer_most(s: GameState, request: Request, q: int) -> int:
    """The most consents ``q`` can give the request: its senators in the office, at most the
    consents needed (R6.3)."""
    return min(s.offices[PATH_FROM[request.path]].count(q), request.needed)


def answer_bounds(s: GameState, q: int, most: int) -> tuple[int, int]:
    """The consents ``q`` may give, after binding promises (R11)."""
    for promise in s.promises:
        if promise.by == q and promise.player == s.current and promise.binds(s.turn):
            if promise.kind == "refuse":
                return 0, 0
            if promise.kind == "consent":
                return 1, most
    return 0, most


# -- what a click on a destination means (the view's move hints) --------------------------


def route(s: GameState, p: int, path: int) -> Hint:
    """For the player to act and a path out of an office holding their senator: which action
    a click on its destination means, from the same checks that list and accept actions.

    ``click`` is ``"move"`` (play ``move``, own supporters included), ``"request"``
    (play ``request``), ``"choose"`` (both are possible: the mover picks),
    ``"supporters"`` (the open request's path: pick among the listed moves; once every answer
    is in with too few consents, ``"request"``, asking again, R13) or ``"refused"`` (``error``
    says why, with the rule's code and params).
    ``caesar_frees`` says that the move is refused only for want of consents and that Caesar
    on this path would let the senator leave alone (R6.5): moved there as a turn's action, or
    with the bonus of a Caesar laurel (R7.3, R8).
    """
    office, to = PATH_FROM[path], PATH_TO[path]
    here = s.offices[office]
    own_spare = here.count(p) - 1
    caesar = s.caesar == path
    needed = 0 if caesar else CONSENTS_NEEDED[office]
    move: ActionData | None = None
    request: ActionData | None = None
    error = turn_refusal(s, p)
    if error is None:
        error = path_refusal(s, p, path)
    open_request = s.request is not None and s.request.path == path and needed > 0
    if error is None:
        if unasked(s, p, path) and not open_request:
            move = {"type": "move", "player": p, "from": office, "to": to,
                    "supporters": [p] * needed}
        blocked = request_blocked(s, p, path)
        if blocked is None:
            request = {"type": "request", "player": p, "from": office, "to": to}
        elif move is None and not open_request:
            error = blocked
    answered = open_request and s.request is not None and (
        len(s.request.answers) == len(s.request.asked))
    units = supporter_units(p, own_spare, s.request, needed) if answered and s.request else []
    short = error is None and answered and len(units) < needed
    if short and request is None:
        # every answer is in, too few consents, no asking again: refused as the move is (R6.2)
        error = refusal(s, {"type": "move", "player": p, "from": office, "to": to,
                            "supporters": units})
    click: Click
    if error is not None:
        click = "refused"
    elif open_request and not short:
        click = "supporters"
    elif move is not None and request is not None:
        click = "choose"
    else:
        click = "move" if move is not None else "request"
    return {"path": path, "from": office, "to": to, "needed": needed, "caesar": caesar,
            "own_spare": own_spare, "click": click, "move": move, "request": request,
            "asked": ask_order(s, p, office) if needed else [],
            "error": None if error is None else error.to_dict(),
            "caesar_frees": caesar_would_free(error, path)}


#: refusals for want of consents: Caesar on the path would do without them (R6.2, R6.3, R6.5)
CONSENT_SHORT = frozenset({"needs_consent", "nobody_to_ask"})


def caesar_would_free(error: RuleError | None, path: int) -> bool:
    """Whether Caesar on ``path`` would make a move refused with ``error`` legal (R6.5).

    Only a want of consents qualifies: those refusals come after the checks Caesar does not
    lift (a Caesar promise, no own senator, a full destination), and every path out of a
    3- or 5-seat office has a laurel space Caesar can stand on (R2, R8).
    """
    return error is not None and error.code in CONSENT_SHORT and board.PATHS[path][2]


def copy_action(action: Action) -> ActionData:
    """A listed action as the caller's own copy (listed ones are shared, read-only)."""
    out = dict(action)
    if "supporters" in out:
        out["supporters"] = out["supporters"][:]
    return cast(ActionData, out)


# -- checking one action ----------------------------------------------------------------


def refusal(s: GameState, action: Any) -> RuleError | None:
    """The RuleError ``action`` would raise now, or None if it is legal (plays nothing)."""
    try:
        kind, p = check_form(s, action)
        CHECKS[kind](s, p, action)
    except RuleError as error:
        return error
    return None


def check_form(s: GameState, action: Any) -> tuple[str, int]:
    """The action's type and player, after the checks every action shares (R1, R4, R9.1)."""
    if not isinstance(action, dict):
        raise RuleError("R4", "bad_action", "an action must be an object with a type")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise RuleError("R4", "bad_action", f"unknown action type {kind!r}", type=str(kind))
    if not ACTION_KEYS[kind].issuperset(action):
        extra = sorted(map(str, set(action) - ACTION_KEYS[kind]))
        raise RuleError("R4", "bad_action", f"{kind} takes no field " + ", ".join(map(str, extra)),
                        fields=extra)
    if "player" not in action:
        raise RuleError("R4", "bad_action", f"{kind} must name the acting player")
    for key in REQUIRED_KEYS.get(kind, ()):
        if key not in action:
            raise RuleError("R4", "bad_action", f"{kind} needs the field {key}", field=key)
    p = action["player"]
    if not _is_int(p) or not 0 <= p < s.n:
        raise RuleError("R1", "bad_player", f"no seat {p!r} at this table", player=repr(p))
    if s.stage == OVER:
        raise RuleError("R9.1", "game_over", "the game is over")
    if kind == "reveal":
        return kind, p
    if kind == "answer":
        if s.stage != CONSENT:
            raise RuleError("R6.3", "no_request", "no consent request is open")
        return kind, p
    expected = s.council_next if s.stage == COUNCIL else s.current
    if p != expected:
        raise RuleError("R4", "not_your_turn", f"it is {s.options.names[expected]}'s decision, "
                        f"not {s.options.names[p]}'s", expected=expected, player=p)
    if kind not in STAGE_ACTIONS[s.stage]:
        rule = {BONUS: "R7.3", COUNCIL: "R12"}.get(s.stage, "R4")
        raise RuleError(rule, "wrong_stage", f"{kind} is not possible now: "
                        f"{_stage_words(s.stage)}", stage=s.stage)
    return kind, p


def turn_refusal(s: GameState, p: int, caesar_to: int | None = None) -> RuleError | None:
    """Why ``p`` may take no turn action but one Caesar move now: their Caesar promise (R11)."""
    if s.stage not in (ACTION, CONSENT) or not s.promises:
        return None
    duty = caesar_duty(s, p)
    if duty is None or caesar_to == duty:
        return None
    return RuleError("R11", "promise_binds", f"{s.options.names[p]} promised to move Caesar to "
                     f"{board.path_name(duty)} this turn", player=p,
                     path={"from": PATH_FROM[duty], "to": PATH_TO[duty]})


def _stage_words(stage: str) -> str:
    return {
        ACTION: "the player to act chooses an action",
        CONSENT: "a consent request is open",
        BONUS: "the mover may move Caesar or decline",
        COUNCIL: "the council removes senators between games",
    }[stage]


def _is_int(value: Any) -> bool:
    return type(value) is int


def office_of(value: Any, rule: str) -> int:
    """An office number from an action (R2)."""
    if not _is_int(value) or not 0 <= value < len(SEATS):
        raise RuleError(rule, "no_such_office", f"there is no office {value!r}", office=repr(value))
    result: int = value
    return result


def path_of(action: Action) -> int:
    """The path an action's ``from``/``to`` name (R2, R4)."""
    a, b = office_of(action["from"], "R2"), office_of(action["to"], "R2")
    path = PATH_INDEX.get((a, b))
    if path is None:
        raise RuleError("R4", "no_such_path", f"no path leads up from office {a} to office {b}",
                        **{"from": a, "to": b})
    return path


def check_add(s: GameState, p: int, action: Action) -> int:
    """The office of a legal add (R5)."""
    office = office_of(action["office"], "R5")
    if s.promises:
        _raise(turn_refusal(s, p))
    if office not in board.ENTRY_OFFICES:
        raise RuleError("R5", "not_entry_office",
                        f"senators enter only at offices 0-3, not office {office}", office=office)
    if not s.supply[p]:
        raise RuleError("R5", "supply_empty", "you have no senator left in your supply")
    if len(s.offices[office]) >= SEATS[office]:
        raise RuleError("R5", "office_full", f"office {office} has no free seat", office=office)
    return office


def _raise(error: RuleError | None) -> None:
    if error is not None:
        raise error


def path_refusal(s: GameState, p: int, path: int) -> RuleError | None:
    """Why neither a move nor a request can take ``path`` at all: no own senator, full (R4, R6)."""
    a, b = PATH_FROM[path], PATH_TO[path]
    if p not in s.offices[a]:
        return RuleError("R4", "not_your_senator", f"you have no senator in office {a}", office=a)
    if len(s.offices[b]) >= SEATS[b]:
        return _office_full(b)
    return None


def unasked(s: GameState, p: int, path: int) -> bool:
    """Whether ``p`` can move a senator along ``path`` without any other player's consent,
    whoever's turn it is: a senator there, a free seat (R4, R6), and Caesar on the path (R6.5),
    no consent needed (R6.1) or enough of its own senators beside it (R6.2, R6.3)."""
    if path_refusal(s, p, path) is not None:
        return False
    office = PATH_FROM[path]
    needed = 0 if s.caesar == path else CONSENTS_NEEDED[office]
    return s.offices[office].count(p) - 1 >= needed


def request_blocked(s: GameState, p: int, path: int) -> RuleError | None:
    """Why ``p`` cannot ask for consent to take ``path`` (its office holds p's senator)."""
    code = _request_block(s, p, path)
    if not code:
        return None
    a, b = PATH_FROM[path], PATH_TO[path]
    if code == _ONE_SEAT:
        return _no_consent_needed(a)
    if code == _CAESAR:
        return _caesar_no_vote(path)
    if code == _FULL:
        return _office_full(b)
    if code == _NOBODY:
        return RuleError("R6.2", "nobody_to_ask", f"no other player has a senator in office {a}",
                         office=a)
    needed = CONSENTS_NEEDED[a]
    missing = needed - (s.offices[a].count(p) - 1 + most_consents(s, p, a, needed))
    return _needs_consent(a, missing, " than its senators can give")


def _needs_consent(office: int, missing: int, why: str = "") -> RuleError:
    """R6.2: leaving ``office`` takes ``missing`` more consents (``why``: than what)."""
    return RuleError("R6.2", "needs_consent", f"leaving office {office} needs {missing} more "
                     f"consent{'s' if missing > 1 else ''}{why}", office=office, missing=missing)


def _no_consent_needed(office: int) -> RuleError:
    return RuleError("R6.1", "no_consent_needed",
                     f"leaving the 1-seat office {office} needs no consent", office=office)


def _caesar_no_vote(path: int) -> RuleError:
    return RuleError("R6.5", "caesar_no_vote",
                     f"Caesar stands on path {board.path_name(path)}: no vote can be held")


def _office_full(office: int) -> RuleError:
    return RuleError("R6", "office_full", f"office {office} has no free seat", office=office)


_ONE_SEAT, _CAESAR, _FULL, _NOBODY, _SHORT = 1, 2, 3, 4, 5


def _request_block(s: GameState, p: int, path: int) -> int:
    """0 when ``p`` may ask to take ``path``, else which check refuses it (cheap, no error)."""
    a = PATH_FROM[path]
    if SEATS[a] == 1:
        return _ONE_SEAT
    if s.caesar == path:
        return _CAESAR
    b = PATH_TO[path]
    if len(s.offices[b]) >= SEATS[b]:
        return _FULL
    return _ask_block(s, p, a)


def _ask_block(s: GameState, p: int, office: int) -> int:
    """0 when the senators in ``office`` (p's among them) can give the consents it needs."""
    here = s.offices[office]
    own = here.count(p)
    if own == len(here):
        return _NOBODY
    needed = CONSENTS_NEEDED[office]
    if own - 1 >= needed or needed == 1:
        return 0  # own senators suffice, or someone else is here and one consent does
    return 0 if own - 1 + most_consents(s, p, office, needed) >= needed else _SHORT


@dataclass
class MovePlan:
    """A legal move, checked: what ``rules`` carries out."""

    path: int
    supporters: list[int]
    caesar_free: bool
    chosen: list[int]
    terms: dict[int, Terms]
    deals: list[DealStep] = field(default_factory=list)


def check_move(s: GameState, p: int, action: Action) -> MovePlan:
    """A legal move's plan, or the RuleError that refuses it (R6, R7, R11, R13)."""
    path = path_of(action)
    if s.promises:
        _raise(turn_refusal(s, p))
    _raise(path_refusal(s, p, path))
    supporters = action.get("supporters", [])
    if not isinstance(supporters, list) or not all(_is_int(q) for q in supporters):
        raise RuleError("R6.4", "bad_supporters", "supporters must be a list of seats")
    caesar_free = s.caesar == path
    needed = 0 if caesar_free else CONSENTS_NEEDED[PATH_FROM[path]]
    _check_supporters(s, p, path, needed, supporters, caesar_free)
    chosen = sorted({q for q in supporters if q != p})
    terms = chosen_terms(s, path, chosen)
    steps = plan_deals(s, p, path, supporters, terms) if terms else []
    return MovePlan(path, supporters, caesar_free, chosen, terms, steps)


def _check_supporters(s: GameState, p: int, path: int, needed: int, supporters: list[int],
                      caesar_free: bool) -> None:
    a = PATH_FROM[path]
    if caesar_free and supporters:
        raise _caesar_no_vote(path)
    if needed == 0 and supporters:
        raise _no_consent_needed(a)
    if len(supporters) < needed:
        raise _needs_consent(a, needed - len(supporters))
    if len(supporters) > needed:
        raise RuleError("R6.4", "too_many_supporters", f"leaving office {a} takes exactly "
                        f"{needed} consent{'s' if needed > 1 else ''}", office=a, needed=needed)
    here = s.offices[a]
    own_spare = here.count(p) - 1
    if supporters.count(p) > own_spare:
        raise RuleError("R6.3", "not_enough_own", f"you have {own_spare} other senator"
                        f"{'s' if own_spare != 1 else ''} in office {a}", office=a, own=own_spare)
    request = s.request if s.request is not None and s.request.path == path else None
    for q in set(supporters) - {p}:
        if not 0 <= q < s.n:
            raise RuleError("R1", "bad_player", f"no seat {q} at this table", player=q)
        answer = request.answers.get(q) if request is not None else None
        given = answer.consents if answer is not None else 0
        if supporters.count(q) > given:
            name = s.options.names[q]
            why = "has not consented" if not given else f"gave only {given} consent"
            raise RuleError("R6.3", "no_consent", f"{name} {why} to leaving office {a} by "
                            f"{board.path_name(path)}", player=q, given=given)


def check_request(s: GameState, p: int, action: Action) -> tuple[int, list[int], dict[int, Terms]]:
    """A legal request's path, ask order and offers (R6.2, R6.3, R11, R13)."""
    path = path_of(action)
    if s.promises:
        _raise(turn_refusal(s, p))
    a = PATH_FROM[path]
    if p not in s.offices[a]:
        raise RuleError("R4", "not_your_senator", f"you have no senator in office {a}", office=a)
    _raise(request_blocked(s, p, path))
    asked = ask_order(s, p, a)
    offers = _parse_offers(s, p, path, asked, action["offers"]) if "offers" in action else {}
    return path, asked, offers


def _parse_offers(s: GameState, p: int, path: int, asked: list[int], data: Any) -> dict[int, Terms]:
    if not isinstance(data, dict):
        raise RuleError("R11", "bad_terms", "offers must map seats to terms")
    offers: dict[int, Terms] = {}
    for key, value in data.items():
        q = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() \
            and len(key) <= 2 else key
        if q not in asked:
            raise RuleError("R11", "bad_terms", f"seat {str(key)[:8]!r} is not asked in this "
                            "request", player=str(key)[:8])
        terms = deals.parse_deal(value, s.n)
        if terms is None:
            continue  # an offer of nothing is no offer
        if not laurels.holds(s.hoards[p], terms.mover_pays):
            raise RuleError("R13", "cannot_pay", "you do not hold the laurels you offer")
        check_terms(s, p, q, path, terms)
        offers[q] = terms
    return offers


def check_answer(s: GameState, q: int, action: Action) -> tuple[int, Terms | None]:
    """A legal answer's consents and terms (R6.3, R11, R13)."""
    request = s.request
    assert request is not None
    a = PATH_FROM[request.path]
    if q not in request.asked:
        raise RuleError("R6.3", "not_asked", f"{s.options.names[q]} has no senator to consent "
                        f"with in office {a}", player=q)
    if q in request.answers:
        raise RuleError("R6.3", "already_answered", f"{s.options.names[q]} has already answered")
    consents = action["consents"]
    most = answer_most(s, request, q)
    if not _is_int(consents) or not 0 <= consents <= most:
        raise RuleError("R6.3", "bad_consents", f"{s.options.names[q]} may give 0 to {most} "
                        f"consents here", most=most, consents=repr(consents))
    low, high = answer_bounds(s, q, most)
    if not low <= consents <= high:
        promised = "refuse" if high == 0 else "consent to"
        raise RuleError("R11", "promise_binds", f"{s.options.names[q]} promised to {promised} "
                        f"{s.options.names[s.current]}", player=q)
    if low >= 1 and action.get("terms"):
        raise RuleError("R11", "promise_binds", f"{s.options.names[q]} promised a consent and "
                        "cannot ask terms for it", player=q)
    return consents, _answer_terms(s, q, request, consents, action, owed=low >= 1)


def _answer_terms(s: GameState, q: int, request: Request, consents: int,
                  action: Action, owed: bool = False) -> Terms | None:
    if "terms" not in action or action["terms"] is None:
        # a promised consent is owed as it is: the asker's offer does not attach to it (R11)
        offer = request.offers.get(q) if consents and not owed else None
        if offer is not None and not laurels.holds(s.hoards[q], offer.consenter_pays):
            raise RuleError("R13", "cannot_pay", "you do not hold the laurels this offer asks of "
                            "you")
        return offer
    if not consents:
        raise RuleError("R11", "terms_without_consent", "terms go with a consent, not a refusal")
    terms = deals.parse_deal(action["terms"], s.n)
    if terms is None:
        return None  # a consent for nothing is a plain consent
    if not laurels.holds(s.hoards[q], terms.consenter_pays):
        raise RuleError("R13", "cannot_pay", "you do not hold the laurels you offer to pay")
    check_terms(s, s.current, q, request.path, terms)
    return terms


def check_withdraw(s: GameState, p: int, action: Action) -> None:
    """Withdraw needs an open request, which the stage check has made sure of (R13)."""


def check_caesar(s: GameState, p: int, action: Action) -> int:
    """The path of a legal Caesar move (R8, R7.3, R11)."""
    path = path_of(action)
    if not board.PATHS[path][2]:
        raise RuleError("R8", "not_laurel_space",
                        f"Caesar stands only on laurel spaces; path {board.path_name(path)} has "
                        "none")
    if path == s.caesar:
        raise RuleError("R8", "caesar_same_space", "Caesar must move to another laurel space")
    if s.stage == BONUS and s.bonus_forced is not None and path != s.bonus_forced:
        raise RuleError("R11", "deal_binds", "the deal sends Caesar to "
                        f"{board.path_name(s.bonus_forced)}", path=s.bonus_forced)
    if s.promises:
        _raise(turn_refusal(s, p, path))
    return path


def check_decline(s: GameState, p: int, action: Action) -> None:
    """Decline the bonus, unless a deal fixed its destination (R7.3, R11)."""
    if s.bonus_forced is not None:
        raise RuleError("R11", "deal_binds", "the deal binds you to move Caesar to "
                        f"{board.path_name(s.bonus_forced)}", path=s.bonus_forced)


def check_reveal(s: GameState, p: int, action: Action) -> None:
    """V2: a reveal only right after a Senate entry, once."""
    if not s.reveal_open:
        raise RuleError("R12", "no_reveal", "hoards can be shown only right after a Senate entry "
                        "(V2 open hoards)")
    if s.revealed:
        raise RuleError("R12", "already_revealed", "the hoards are already shown")


def check_retire(s: GameState, p: int, action: Action) -> int:
    """The office of a legal council retirement (V3)."""
    office = office_of(action["office"], "R12")
    if p not in s.offices[office]:
        raise RuleError("R12", "not_your_senator", f"you have no senator in office {office}",
                        office=office)
    return office


CHECKS: dict[str, Callable[[GameState, int, Action], Any]] = {
    "add": check_add, "move": check_move, "request": check_request, "answer": check_answer,
    "withdraw": check_withdraw, "caesar": check_caesar, "decline": check_decline,
    "reveal": check_reveal, "retire": check_retire,
}


# -- what the view ships so the page derives no rule -------------------------------------


def caesar_targets(s: GameState) -> list[int]:
    """The laurel spaces the seat to act may send Caesar to now (R8, R7.3, R11)."""
    if s.stage == BONUS:
        return [path for path in board.LAUREL_PATHS if path != s.caesar
                and s.bonus_forced in (None, path)]
    if s.stage not in (ACTION, CONSENT):
        return []
    duty = caesar_duty(s, s.current) if s.promises else None
    if duty is not None:
        return [duty]
    return [path for path in board.LAUREL_PATHS if path != s.caesar]


def caesar_term_targets(s: GameState) -> list[int]:
    """The laurel spaces a deal's Caesar term may name in the open request: any but Caesar's
    own, when the move takes a Caesar laurel (R7.3, R8, R11; ``dealcheck.check_terms``)."""
    if s.request is None or s.spaces[s.request.path] != IIC:
        return []
    return [path for path in board.LAUREL_PATHS if path != s.caesar]


def add_offices(s: GameState) -> list[int]:
    """The entry offices where the player to act may add a senator now (R5)."""
    if s.stage not in (ACTION, CONSENT) or turn_refusal(s, s.current) is not None:
        return []
    return [office for office in board.ENTRY_OFFICES
            if refusal(s, _ADDS[s.current][office][1]) is None]


def retire_offices(s: GameState) -> list[int]:
    """V3: the offices where the council's seat may take a senator off now."""
    if s.stage != COUNCIL:
        return []
    p = s.council_next
    return [office for office, here in enumerate(s.offices) if p in here]
