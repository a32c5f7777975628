"""The rules: which actions are legal now, and what each one does to the state.

``apply_action(state, action)`` checks an action completely before it changes
anything, so a rejected action leaves the state exactly as it was. It returns
an *event*: a JSON-ready record of what happened that holds no secret (R10).
"""

from __future__ import annotations

from typing import Any

from . import board, deals, laurels
from .board import CONSENTS_NEEDED, PATH_FROM, PATH_INDEX, PATH_TO, PATHS_FROM_OFFICE, SEATS
from .errors import RuleError
from .laurels import IIC, KIND_NAMES
from .state import (
    ACTION,
    BONUS,
    CONSENT,
    COUNCIL,
    EMPTY,
    OVER,
    Answer,
    GameState,
    Promise,
    Request,
    Terms,
)

Action = dict[str, Any]
Event = dict[str, Any]

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
_STAGE_ACTIONS = {
    ACTION: TURN_ACTIONS, CONSENT: (*TURN_ACTIONS, "withdraw"),
    BONUS: ("caesar", "decline"), COUNCIL: ("retire",), OVER: (),
}


# -- who acts -------------------------------------------------------------------------


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


def may_act(s: GameState) -> list[int]:
    """Every player who has at least one legal action now (V2 reveals aside)."""
    if s.stage == CONSENT:
        assert s.request is not None
        return [q for q in s.request.asked if q not in s.request.answers] + [s.current]
    return waiting_for(s)


# -- legal actions ---------------------------------------------------------------------


def legal_actions(s: GameState) -> list[Action]:
    """Every legal action now, for every player who may act.

    Deal terms are open-ended, so answers and requests are listed without
    terms and offers; ``docs/protocol.md`` says how to add them. For speed
    some action dicts are shared between calls: copy one before changing it
    (``Game.legal_actions`` returns copies).
    """
    return [action for group in action_groups(s).values() for action in group]


def action_groups(s: GameState) -> dict[str, list[Action]]:
    """The legal actions grouped by type, leaving out empty groups.

    Random play samples a type first, then an action of it (``randomplay``),
    so that the nine Caesar destinations do not crowd out everything else.
    """
    stage = s.stage
    groups: dict[str, list[Action]] = {}
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
        groups["caesar"] = [{"type": "caesar", "player": p, "from": a, "to": b}
                            for path, a, b in _CAESAR_SPACES
                            if path != s.caesar and forced in (None, path)]
        if forced is None:
            groups["decline"] = [{"type": "decline", "player": p}]
    else:
        if stage == CONSENT:
            answers = _legal_answers(s)
            if answers:
                groups["answer"] = answers
            groups["withdraw"] = [{"type": "withdraw", "player": p}]
        _turn_actions(s, p, groups)
    if s.reveal_open and not s.revealed:
        groups["reveal"] = [{"type": "reveal", "player": q} for q in range(s.n)]
    return groups


def _turn_actions(s: GameState, p: int, groups: dict[str, list[Action]]) -> None:
    offices = s.offices
    if s.supply[p]:
        adds = [action for office, action in _ADDS[p] if len(offices[office]) < SEATS[office]]
        if adds:
            groups["add"] = adds
    moves: list[Action] = []
    requests: list[Action] = []
    request = s.request
    caesar = s.caesar
    for office, exits in _EXITS:
        here = offices[office]
        if p not in here:
            continue
        own_spare = here.count(p) - 1
        others = len(here) - own_spare - 1
        most = -1
        for path, to, seats_to, needed in exits:
            if len(offices[to]) >= seats_to:
                continue
            if needed == 0 or caesar == path:
                moves.append(_FREE_MOVES[p][path])
                continue
            if request is not None and request.path == path:
                for combo in _supporter_choices(p, own_spare, request, needed):
                    if _deals_hold(s, p, path, combo):
                        moves.append({"type": "move", "player": p, "from": office, "to": to,
                                      "supporters": combo})
            elif own_spare >= needed:
                moves.append({"type": "move", "player": p, "from": office, "to": to,
                              "supporters": [p] * needed})
            if others:
                if most < 0:
                    if own_spare >= needed:
                        most = needed
                    elif needed == 1:
                        most = len(set(here)) - 1
                    else:
                        most = most_consents(s, p, office, needed)
                if own_spare + most >= needed:
                    requests.append({"type": "request", "player": p, "from": office, "to": to})
    if moves:
        groups["move"] = moves
    if requests:
        groups["request"] = requests
    groups["caesar"] = _CAESAR_MOVES[p][caesar][:]


#: per office with exits: (office, ((path, to, seats of to, consents needed), ...))
_EXITS = tuple(
    (office, tuple((path, PATH_TO[path], SEATS[PATH_TO[path]], CONSENTS_NEEDED[office])
                   for path in PATHS_FROM_OFFICE[office]))
    for office in range(len(SEATS)) if PATHS_FROM_OFFICE[office]
)
_CAESAR_SPACES = tuple((path, PATH_FROM[path], PATH_TO[path]) for path in board.LAUREL_PATHS)
#: shared add actions by player: (office, action)
_ADDS = tuple(tuple((office, {"type": "add", "player": p, "office": office})
                    for office in board.ENTRY_OFFICES) for p in range(5))
#: shared moves that need no consent, by player and path
_FREE_MOVES = tuple(tuple({"type": "move", "player": p, "from": a, "to": b, "supporters": []}
                          for a, b, _laurel in board.PATHS) for p in range(5))
#: shared Caesar actions by player and Caesar's path; callers must not change them
_CAESAR_MOVES = tuple(
    tuple([{"type": "caesar", "player": p, "from": a, "to": b}
           for path, a, b in _CAESAR_SPACES if path != here] for here in range(len(board.PATHS)))
    for p in range(5)
)


def most_consents(s: GameState, p: int, office: int, needed: int) -> int:
    """Consents the other owners in ``office`` could give at most."""
    here = s.offices[office]
    if needed == 1:
        return len(set(here)) - (p in here)
    return sum(min(here.count(q), needed) for q in set(here) if q != p)


def _supporter_choices(p: int, own_spare: int, request: Request, needed: int) -> list[list[int]]:
    """Every multiset of ``needed`` supporters the mover may pick (R6.3, R6.4)."""
    units: list[int] = [p] * min(own_spare, needed)
    for q in request.asked:
        answer = request.answers.get(q)
        if answer is not None:
            units += [q] * answer.consents
    combos: set[tuple[int, ...]] = set()
    if needed == 1:
        combos = {(u,) for u in units}
    else:
        for i in range(len(units)):
            for j in range(i + 1, len(units)):
                combos.add(tuple(sorted((units[i], units[j]))))
    return [list(c) for c in sorted(combos)]


def _deals_hold(s: GameState, p: int, path: int, combo: list[int]) -> bool:
    """Whether the deals of the supporters in ``combo`` can all be honoured (R11, R13)."""
    terms = _chosen_terms(s, path, sorted({q for q in combo if q != p}))
    if not terms:
        return True
    try:
        _check_deals(s, p, path, terms)
    except RuleError:
        return False
    return True


def _legal_answers(s: GameState) -> list[Action]:
    request = s.request
    assert request is not None
    out: list[Action] = []
    here = s.offices[PATH_FROM[request.path]]
    for q in request.asked:
        if q in request.answers:
            continue
        most = min(here.count(q), request.needed)
        low, high = _answer_bounds(s, q, most)
        offer = request.offers.get(q)
        if offer is not None and low == 0 and not laurels.holds(s.hoards[q],
                                                                offer.consenter_pays):
            high = 0
        out.extend({"type": "answer", "player": q, "consents": c} for c in range(low, high + 1))
    return out


def _answer_bounds(s: GameState, q: int, most: int) -> tuple[int, int]:
    """The consents ``q`` may give, after binding promises (R11)."""
    for promise in s.promises:
        if promise.by == q and promise.player == s.current and promise.binds(s.turn):
            return (0, 0) if promise.kind == "refuse" else (1, most)
    return 0, most


# -- applying actions ------------------------------------------------------------------


def apply_action(s: GameState, action: Any) -> Event:
    """Check ``action`` against the rules and carry it out; returns its public event.

    Raises :class:`RuleError` (and changes nothing) when the action is malformed
    or illegal now.
    """
    kind, p = _check_form(s, action)
    if kind == "reveal":
        return _reveal(s, p)
    handler = _HANDLERS[kind]
    event = handler(s, p, action)
    s.revealed = False
    if not event.get("senate_entry"):
        s.reveal_open = False
    return event


def _check_form(s: GameState, action: Any) -> tuple[str, int]:
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
    if kind not in _STAGE_ACTIONS[s.stage]:
        rule = {BONUS: "R7.3", COUNCIL: "R12"}.get(s.stage, "R4")
        raise RuleError(rule, "wrong_stage", f"{kind} is not possible now: "
                        f"{_stage_words(s.stage)}", stage=s.stage)
    return kind, p


def _stage_words(stage: str) -> str:
    return {
        ACTION: "the player to act chooses an action",
        CONSENT: "a consent request is open",
        BONUS: "the mover may move Caesar or decline",
        COUNCIL: "the council removes senators between games",
    }[stage]


def _is_int(value: Any) -> bool:
    return type(value) is int


def _office(value: Any, rule: str) -> int:
    if not _is_int(value) or not 0 <= value < len(SEATS):
        raise RuleError(rule, "no_such_office", f"there is no office {value!r}", office=repr(value))
    result: int = value
    return result


def _path(action: Action) -> int:
    a, b = _office(action["from"], "R2"), _office(action["to"], "R2")
    path = PATH_INDEX.get((a, b))
    if path is None:
        raise RuleError("R4", "no_such_path", f"no path leads up from office {a} to office {b}",
                        **{"from": a, "to": b})
    return path


# -- add ---------------------------------------------------------------------------------


def _add(s: GameState, p: int, action: Action) -> Event:
    office = _office(action["office"], "R5")
    if office not in board.ENTRY_OFFICES:
        raise RuleError("R5", "not_entry_office",
                        f"senators enter only at offices 0-3, not office {office}", office=office)
    if not s.supply[p]:
        raise RuleError("R5", "supply_empty", "you have no senator left in your supply")
    if len(s.offices[office]) >= SEATS[office]:
        raise RuleError("R5", "office_full", f"office {office} has no free seat", office=office)
    s.request = None
    s.supply[p] -= 1
    s.offices[office].append(p)
    _end_turn(s)
    return {"type": "add", "player": p, "office": office}


# -- move --------------------------------------------------------------------------------


def _own_path(s: GameState, p: int, action: Action) -> tuple[int, int, int, list[int]]:
    """The path of a move or request, its two offices and who sits in the lower one (R4)."""
    path = _path(action)
    a, b = PATH_FROM[path], PATH_TO[path]
    here = s.offices[a]
    if p not in here:
        raise RuleError("R4", "not_your_senator", f"you have no senator in office {a}", office=a)
    return path, a, b, here


def _move(s: GameState, p: int, action: Action) -> Event:
    path, a, b, here = _own_path(s, p, action)
    if len(s.offices[b]) >= SEATS[b]:
        raise RuleError("R6", "office_full", f"office {b} has no free seat", office=b)
    supporters = action.get("supporters", [])
    if not isinstance(supporters, list) or not all(_is_int(q) for q in supporters):
        raise RuleError("R6.4", "bad_supporters", "supporters must be a list of seats")
    caesar_free = s.caesar == path
    needed = 0 if caesar_free else CONSENTS_NEEDED[a]
    _check_supporters(s, p, path, needed, supporters, caesar_free)
    chosen = sorted({q for q in supporters if q != p})
    terms = _chosen_terms(s, path, chosen)
    _check_deals(s, p, path, terms)

    # carry it out (R6, R7)
    s.request = None
    here.remove(p)
    s.offices[b].append(p)
    event: Event = {"type": "move", "player": p, "from": a, "to": b, "supporters": supporters[:]}
    if caesar_free:
        event["caesar"] = True
    took = s.spaces[path] if board.PATHS[path][2] and not caesar_free else EMPTY
    if took != EMPTY:
        s.hoards[p][took] += 1
        s.spaces[path] = s.pile.pop() if s.pile else EMPTY
        event["took"] = True  # which laurel stays unsaid: the log must not total hoards (R10)
        event["replaced_by"] = KIND_NAMES[s.spaces[path]] if s.spaces[path] != EMPTY else None
    rewards = _pay_rewards(s, p, supporters) if not caesar_free else {}
    if rewards:
        event["rewards"] = {str(q): n for q, n in rewards.items()}
    if terms:
        event["deals"] = _carry_out_deals(s, p, took, rewards, terms)
    _discharge_consent_promises(s, p, chosen)
    if b == board.SENATE:
        event["senate_entry"] = len(s.senate())
        if len(s.senate()) == SEATS[board.SENATE]:
            _end_game(s, event)
            return event
        _open_reveal_window(s)
    if took == IIC:
        s.stage = BONUS
        s.bonus_forced = next((t.caesar for t in terms.values() if t.caesar is not None), None)
        event["bonus"] = True
    else:
        _end_turn(s)
    return event


def _check_supporters(s: GameState, p: int, path: int, needed: int, supporters: list[int],
                      caesar_free: bool) -> None:
    a = PATH_FROM[path]
    if caesar_free and supporters:
        raise RuleError("R6.5", "caesar_no_vote",
                        f"Caesar stands on path {board.path_name(path)}: no vote can be held")
    if needed == 0 and supporters:
        raise RuleError("R6.1", "no_consent_needed",
                        f"leaving the 1-seat office {a} needs no consent", office=a)
    if len(supporters) < needed:
        missing = needed - len(supporters)
        raise RuleError("R6.2", "needs_consent", f"leaving office {a} needs {missing} more "
                        f"consent{'s' if missing > 1 else ''}", office=a, missing=missing)
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


def _chosen_terms(s: GameState, path: int, chosen: list[int]) -> dict[int, Terms]:
    request = s.request
    if request is None or request.path != path:
        return {}
    out = {}
    for q in chosen:
        terms = request.answers[q].terms
        if terms is not None and not terms.is_empty():
            out[q] = terms
    return out


def _check_deals(s: GameState, p: int, path: int, terms: dict[int, Terms]) -> None:
    if not terms:
        return
    owed = laurels.empty_heap()
    for t in terms.values():
        owed = [x + y for x, y in zip(owed, t.mover_pays, strict=True)]
    if not laurels.holds(s.hoards[p], owed):
        raise RuleError("R13", "cannot_pay", "you do not hold the laurels these deals ask you to "
                        "pay")
    for q, t in terms.items():
        if not laurels.holds(s.hoards[q], t.consenter_pays):
            raise RuleError("R13", "cannot_pay", f"{s.options.names[q]} no longer holds the "
                            "laurels they offered", player=q)
    destinations = {t.caesar for t in terms.values() if t.caesar is not None}
    if len(destinations) > 1:
        raise RuleError("R11", "deals_conflict", "two deals send Caesar to different spaces")
    if sum(t.split for t in terms.values()) > 1:
        raise RuleError("R11", "deals_conflict", "only one deal may split the gains of a move")
    promises = [pr for t in terms.values() for pr in t.promises]
    _check_promises(s, promises)


def _check_promises(s: GameState, promises: list[tuple[int, str, int]]) -> None:
    """A new promise may not contradict one that binds now or another new one (R11)."""
    seen = {(pr.by, pr.kind, pr.player) for pr in s.promises if pr.binds(s.turn)}
    for by, kind, player in promises:
        opposite = "refuse" if kind == "consent" else "consent"
        if (by, opposite, player) in seen:
            raise RuleError("R11", "promise_conflict", f"{s.options.names[by]} cannot promise to "
                            f"both consent to and refuse {s.options.names[player]}", by=by,
                            player=player)
        seen.add((by, kind, player))


def _pay_rewards(s: GameState, p: int, supporters: list[int]) -> dict[int, int]:
    """R7.2: one I token from the pool per consent of another player, while it lasts."""
    rewards: dict[int, int] = {}
    for q in supporters:
        if q != p and s.pool:
            s.pool -= 1
            s.hoards[q][laurels.I] += 1
            rewards[q] = rewards.get(q, 0) + 1
    return rewards


def _carry_out_deals(s: GameState, p: int, took: int, rewards: dict[int, int],
                     terms: dict[int, Terms]) -> list[dict[str, Any]]:
    """Execute the within-turn terms (R11): payments, split, promises; Caesar comes later."""
    done = []
    for q, t in terms.items():  # payments first: a split's change must not spend them (R13)
        _transfer(s.hoards[p], s.hoards[q], t.mover_pays)
        _transfer(s.hoards[q], s.hoards[p], t.consenter_pays)
    for q, t in terms.items():
        record: dict[str, Any] = {"with": q, **deals.terms_to_dict(t, public=True)}
        if t.split:
            gained = (laurels.VALUES[took] if took != EMPTY else 0) + rewards.get(q, 0)
            delta = gained // 2 - rewards.get(q, 0)
            give, take = deals.split_exchange(s.hoards[p], s.hoards[q], delta)
            _transfer(s.hoards[p], s.hoards[q], give)
            _transfer(s.hoards[q], s.hoards[p], take)
            record["split_tokens"] = {"mover_gave": sum(give), "consenter_gave": sum(take)}
        for by, kind, player in t.promises:
            s.promises.append(Promise(by, kind, player, s.turn, _horizon_end(s)))
        done.append(record)
    return done


def _transfer(source: list[int], target: list[int], heap: list[int]) -> None:
    for kind, count in enumerate(heap):
        source[kind] -= count
        target[kind] += count


def _horizon_end(s: GameState) -> int:
    """The last turn a promise made now binds (R11 promise horizon)."""
    return s.turn + {"turn": 0, "next": s.n, "two": 2 * s.n}[s.options.horizon]


def _discharge_consent_promises(s: GameState, p: int, chosen: list[int]) -> None:
    for promise in s.promises:
        if promise.kind == "consent" and promise.player == p and promise.by in chosen:
            promise.done = True


# -- request, answer, withdraw -------------------------------------------------------------


def _request(s: GameState, p: int, action: Action) -> Event:
    path, a, b, here = _own_path(s, p, action)
    if SEATS[a] == 1:
        raise RuleError("R6.1", "no_consent_needed",
                        f"leaving the 1-seat office {a} needs no consent", office=a)
    if s.caesar == path:
        raise RuleError("R6.5", "caesar_no_vote",
                        f"Caesar stands on path {board.path_name(path)}: no vote can be held")
    if len(s.offices[b]) >= SEATS[b]:
        raise RuleError("R6", "office_full", f"office {b} has no free seat", office=b)
    asked = [(p + i) % s.n for i in range(1, s.n) if (p + i) % s.n in here]
    if not asked:
        raise RuleError("R6.3", "nobody_to_ask", f"no other player has a senator in office {a}",
                        office=a)
    needed = CONSENTS_NEEDED[a]
    possible = here.count(p) - 1 + most_consents(s, p, a, needed)
    if possible < needed:
        missing = needed - possible
        raise RuleError("R6.2", "needs_consent", f"leaving office {a} needs {missing} more "
                        f"consent{'s' if missing > 1 else ''} than its senators can give",
                        office=a, missing=missing)
    offers = _parse_offers(s, p, path, asked, action["offers"]) if "offers" in action else {}
    s.request = Request(path, needed, asked, offers)
    s.stage = CONSENT
    event: Event = {"type": "request", "player": p, "from": a, "to": b, "asked": asked,
                    "needed": needed}
    if offers:
        event["offers"] = {str(q): deals.terms_to_dict(t, public=True) for q, t in offers.items()}
    return event


def _parse_offers(s: GameState, p: int, path: int, asked: list[int], data: Any) -> dict[int, Terms]:
    if not isinstance(data, dict):
        raise RuleError("R11", "bad_terms", "offers must map seats to terms")
    offers: dict[int, Terms] = {}
    for key, value in data.items():
        q = int(key) if isinstance(key, str) and key.isdecimal() else key
        if q not in asked:
            raise RuleError("R11", "bad_terms", f"seat {key} is not asked in this request",
                            player=str(key))
        terms = deals.parse_terms(value, s.n)
        if not laurels.holds(s.hoards[p], terms.mover_pays):
            raise RuleError("R13", "cannot_pay", "you do not hold the laurels you offer")
        _check_terms(s, p, q, path, terms)
        offers[q] = terms
    return offers


def _check_terms(s: GameState, p: int, q: int, path: int, terms: Terms) -> None:
    """Checks every player may see: Caesar's destination and the promises (R11)."""
    if terms.caesar is not None:
        if s.spaces[path] != IIC:
            raise RuleError("R7.3", "no_bonus_move", f"the move by {board.path_name(path)} takes "
                            "no Caesar laurel, so no bonus move can be promised")
        if terms.caesar == s.caesar:
            raise RuleError("R8", "caesar_same_space", "Caesar must move to another laurel space")
        if not board.PATHS[terms.caesar][2]:
            raise RuleError("R8", "not_laurel_space",
                            f"path {board.path_name(terms.caesar)} has no laurel space")
    for by, _kind, _player in terms.promises:
        if by not in (p, q):
            raise RuleError("R11", "bad_terms", "only the two parties to a deal make its promises")
    _check_promises(s, terms.promises)


def _answer(s: GameState, q: int, action: Action) -> Event:
    request = s.request
    assert request is not None
    a = PATH_FROM[request.path]
    if q not in request.asked:
        raise RuleError("R6.3", "not_asked", f"{s.options.names[q]} has no senator to consent "
                        f"with in office {a}", player=q)
    if q in request.answers:
        raise RuleError("R6.3", "already_answered", f"{s.options.names[q]} has already answered")
    consents = action["consents"]
    most = min(s.offices[a].count(q), request.needed)
    if not _is_int(consents) or not 0 <= consents <= most:
        raise RuleError("R6.3", "bad_consents", f"{s.options.names[q]} may give 0 to {most} "
                        f"consents here", most=most, consents=repr(consents))
    low, high = _answer_bounds(s, q, most)
    if not low <= consents <= high:
        promised = "refuse" if high == 0 else "consent to"
        raise RuleError("R11", "promise_binds", f"{s.options.names[q]} promised to {promised} "
                        f"{s.options.names[s.current]}", player=q)
    if low >= 1 and action.get("terms"):
        raise RuleError("R11", "promise_binds", f"{s.options.names[q]} promised a consent and "
                        "cannot ask terms for it", player=q)
    terms = _answer_terms(s, q, request, consents, action, owed=low >= 1)
    request.answers[q] = Answer(consents, terms)
    if consents == 0:
        for promise in s.promises:
            if promise.kind == "refuse" and promise.by == q and promise.player == s.current:
                # kept: it still binds the rest of this turn, so a repeated request is refused
                promise.until_turn = min(promise.until_turn, s.turn)
    event: Event = {"type": "answer", "player": q, "consents": consents,
                    "mover": s.current, "from": a, "to": PATH_TO[request.path]}
    if terms is not None and not terms.is_empty():
        event["terms"] = deals.terms_to_dict(terms, public=True)
    return event


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
    terms = deals.parse_terms(action["terms"], s.n)
    if not laurels.holds(s.hoards[q], terms.consenter_pays):
        raise RuleError("R13", "cannot_pay", "you do not hold the laurels you offer to pay")
    _check_terms(s, s.current, q, request.path, terms)
    return terms


def _withdraw(s: GameState, p: int, action: Action) -> Event:
    request = s.request
    assert request is not None
    s.request = None
    s.stage = ACTION
    return {"type": "withdraw", "player": p, "from": PATH_FROM[request.path],
            "to": PATH_TO[request.path]}


# -- Caesar --------------------------------------------------------------------------------


def _caesar(s: GameState, p: int, action: Action) -> Event:
    path = _path(action)
    if not board.PATHS[path][2]:
        raise RuleError("R8", "not_laurel_space",
                        f"Caesar stands only on laurel spaces; path {board.path_name(path)} has "
                        "none")
    if path == s.caesar:
        raise RuleError("R8", "caesar_same_space", "Caesar must move to another laurel space")
    bonus = s.stage == BONUS
    if bonus and s.bonus_forced is not None and path != s.bonus_forced:
        raise RuleError("R11", "deal_binds", "the deal sends Caesar to "
                        f"{board.path_name(s.bonus_forced)}", path=s.bonus_forced)
    s.request = None
    before = s.caesar
    s.caesar = path
    _end_turn(s)
    event: Event = {"type": "caesar", "player": p, "from": PATH_FROM[path], "to": PATH_TO[path],
                    "was": {"from": PATH_FROM[before], "to": PATH_TO[before]}}
    if bonus:
        event["bonus"] = True
    return event


def _decline(s: GameState, p: int, action: Action) -> Event:
    if s.bonus_forced is not None:
        raise RuleError("R11", "deal_binds", "the deal binds you to move Caesar to "
                        f"{board.path_name(s.bonus_forced)}", path=s.bonus_forced)
    _end_turn(s)
    return {"type": "decline", "player": p}


# -- turns, Senate, end ----------------------------------------------------------------------


def _end_turn(s: GameState) -> None:
    s.stage = ACTION
    s.request = None
    s.bonus_forced = None
    s.current = (s.current + 1) % s.n
    s.turn += 1
    if s.promises:
        s.promises = [pr for pr in s.promises if pr.binds(s.turn)]


def _open_reveal_window(s: GameState) -> None:
    """V2: after a Senate entry any player may ask to see every hoard."""
    mode = s.options.open_hoards
    if mode == "every_entry" or (mode == "first_three" and len(s.senate()) <= 3):
        s.reveal_open = True


def _reveal(s: GameState, p: int) -> Event:
    if not s.reveal_open:
        raise RuleError("R12", "no_reveal", "hoards can be shown only right after a Senate entry "
                        "(V2 open hoards)")
    if s.revealed:
        raise RuleError("R12", "already_revealed", "the hoards are already shown")
    s.revealed = True
    return {"type": "reveal", "player": p}


def game_winner(s: GameState) -> int | None:
    """R9.3: the highest total among players in the Senate; ties to the earlier entry."""
    senate = s.senate()
    contenders = sorted(set(senate), key=lambda q: (-s.total(q), senate.index(q)))
    return contenders[0] if contenders else None


def _end_game(s: GameState, event: Event) -> None:
    s.request = None
    s.bonus_forced = None
    s.reveal_open = False
    s.revealed = False
    s.promises = []
    winner = game_winner(s)
    totals = [s.total(q) for q in range(s.n)]
    event["game_over"] = {"winner": winner, "totals": totals}
    if not s.options.series:
        s.winner = winner
        s.stage = OVER
        return
    s.series_results.append({"game": s.game_number, "winner": winner, "totals": totals,
                             "senate": s.senate()[:]})
    if s.game_number == 3:
        s.winner = series_winner(s)
        s.stage = OVER
        event["series_over"] = {"winner": s.winner}
        return
    for q in s.senate():
        s.supply[q] += 1
    s.offices[board.SENATE] = []
    senate = s.series_results[-1]["senate"]
    s.council_next = min(range(s.n), key=lambda q: (
        -totals[q], senate.index(q) if q in senate else len(senate), q))
    s.stage = COUNCIL
    _council_advance(s, include_current=True)


def series_winner(s: GameState) -> int:
    """V3: highest sum of totals; then more games won; then earlier entry in the last game."""
    results = s.series_results
    last_senate = results[-1]["senate"]
    return min(range(s.n), key=lambda q: (
        -sum(r["totals"][q] for r in results),
        -sum(r["winner"] == q for r in results),
        last_senate.index(q) if q in last_senate else len(last_senate),
        q,
    ))


def _council_advance(s: GameState, include_current: bool) -> None:
    """V3: pass the council to the next player with over two senators, or start the next game."""
    start = 0 if include_current else 1
    for i in range(start, s.n + start):
        q = (s.council_next + i) % s.n
        if s.on_board(q) > 2:
            s.council_next = q
            return
    _start_next_game(s)


def _start_next_game(s: GameState) -> None:
    s.game_number += 1
    s.council_next = -1
    s.set_up_laurels()
    s.first_player = (s.first_player + 1) % s.n
    s.current = s.first_player
    s.stage = ACTION
    s.turn += 1


def _retire(s: GameState, p: int, action: Action) -> Event:
    office = _office(action["office"], "R12")
    if p not in s.offices[office]:
        raise RuleError("R12", "not_your_senator", f"you have no senator in office {office}",
                        office=office)
    s.offices[office].remove(p)
    s.supply[p] += 1
    event: Event = {"type": "retire", "player": p, "office": office}
    _council_advance(s, include_current=False)
    if s.stage == ACTION:
        event["next_game"] = s.game_number
    return event


_HANDLERS = {
    "add": _add, "move": _move, "request": _request, "answer": _answer, "withdraw": _withdraw,
    "caesar": _caesar, "decline": _decline, "retire": _retire,
}
