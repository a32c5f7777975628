"""The rules: what each action does to the state, once ``legality`` has accepted it.

``apply_action(state, action)`` checks an action completely (``legality``, the
same checks that list the legal actions) before it changes anything, so a
rejected action leaves the state exactly as it was. It returns an *event*: a
JSON-ready record of what happened that holds no secret (R10).
"""

from __future__ import annotations

from typing import Any, cast

from . import board, dealcheck, deals, laurels, legality
from .board import CONSENTS_NEEDED, PATH_FROM, PATH_TO, SEATS
from .laurels import IIC, KIND_NAMES
from .legality import (  # re-exported: the generator and who acts live in legality
    ACTION_KEYS,
    REQUIRED_KEYS,
    TURN_ACTIONS,
    action_groups,
    legal_actions,
    may_act,
    most_consents,
    waiting_for,
)
from .protocol import Action, DealRecord, EventData
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

__all__ = [
    "ACTION_KEYS", "REQUIRED_KEYS", "TURN_ACTIONS", "action_groups", "apply_action", "game_winner",
    "legal_actions", "may_act", "most_consents", "series_winner", "waiting_for",
]

Event = EventData


def apply_action(s: GameState, action: Any) -> Event:
    """Check ``action`` against the rules and carry it out; returns its public event.

    Raises :class:`RuleError` (and changes nothing) when the action is malformed
    or illegal now.
    """
    kind, p = legality.check_form(s, action)
    if kind == "reveal":
        legality.check_reveal(s, p, action)
        s.revealed = True
        return {"type": "reveal", "player": p}
    open_request = s.request if s.stage == CONSENT else None
    event = _HANDLERS[kind](s, p, action)
    if open_request is not None and kind in legality.TURN_ACTIONS and not (
            kind == "move" and legality.path_of(action) == open_request.path):
        # R13: another action drops the open request; its answers are void, and said so
        event["dropped"] = {"from": PATH_FROM[open_request.path],
                            "to": PATH_TO[open_request.path]}
    s.revealed = False
    if not event.get("senate_entry"):
        s.reveal_open = False
    return event


# -- add ---------------------------------------------------------------------------------


def _add(s: GameState, p: int, action: Action) -> Event:
    office = legality.check_add(s, p, action)
    s.request = None
    s.supply[p] -= 1
    s.offices[office].append(p)
    end_turn(s)
    return {"type": "add", "player": p, "office": office}


# -- move --------------------------------------------------------------------------------


def _move(s: GameState, p: int, action: Action) -> Event:
    plan = legality.check_move(s, p, action)
    path, supporters, caesar_free, terms = plan.path, plan.supporters, plan.caesar_free, plan.terms
    a, b = PATH_FROM[path], PATH_TO[path]

    # carry it out (R6, R7)
    s.request = None
    s.offices[a].remove(p)
    s.offices[b].append(p)
    event: Event = {"type": "move", "player": p, "from": a, "to": b, "supporters": supporters[:]}
    if caesar_free:
        event["caesar"] = True
    took = dealcheck.taken_by(s, path)
    if took != EMPTY:
        s.hoards[p][took] += 1
        s.spaces[path] = s.pile.pop() if s.pile else EMPTY
        event["took"] = True  # which laurel stays unsaid: the log must not total hoards (R10)
        event["replaced_by"] = KIND_NAMES[s.spaces[path]] if s.spaces[path] != EMPTY else None
    rewards = _pay_rewards(s, p, supporters) if not caesar_free else {}
    if rewards:
        event["rewards"] = {str(q): n for q, n in rewards.items()}
    # promises already in force are kept by this move; the deal's new ones start after it
    _discharge_consent_promises(s, p, plan.chosen)
    if terms:
        event["deals"] = _carry_out_deals(s, p, plan.deals, terms)
    if b == board.SENATE:
        event["senate_entry"] = len(s.senate())
        if len(s.senate()) == SEATS[board.SENATE]:
            _end_game(s, event)
            return event
        open_reveal_window(s)
    if took == IIC:
        s.stage = BONUS
        s.bonus_forced = next((t.caesar for t in terms.values() if t.caesar is not None), None)
        event["bonus"] = True
    else:
        end_turn(s)
    return event


def _pay_rewards(s: GameState, p: int, supporters: list[int]) -> dict[int, int]:
    """R7.2: one I token from the pool per consent of another player, while it lasts."""
    rewards = dealcheck.rewards_for(s, p, supporters)
    for q, n in rewards.items():
        s.pool -= n
        s.hoards[q][laurels.I] += n
    return rewards


def _carry_out_deals(s: GameState, p: int, steps: list[dealcheck.DealStep],
                     terms: dict[int, Terms]) -> list[DealRecord]:
    """Execute the within-turn terms (R11) as planned: payments, split, promises."""
    done = []
    for step in steps:
        q = step.consenter
        t = terms[q]
        record = cast(DealRecord, {"with": q, **deals.terms_to_dict(t, public=True)})
        _transfer(s.hoards[p], s.hoards[q], step.mover_gives)
        _transfer(s.hoards[q], s.hoards[p], step.consenter_gives)
        if step.split is not None:
            give, take = step.split
            _transfer(s.hoards[p], s.hoards[q], give)
            _transfer(s.hoards[q], s.hoards[p], take)
            record["split_tokens"] = {"mover_gave": sum(give), "consenter_gave": sum(take)}
        for by, kind, player in t.promises:
            s.promises.append(Promise(by, kind, player, s.turn, _horizon_end(s)))
        for by, player, path in t.caesar_promises:
            s.promises.append(Promise(by, "caesar", player, s.turn, _horizon_end(s), path=path))
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
    path, asked, offers = legality.check_request(s, p, action)
    a, b = PATH_FROM[path], PATH_TO[path]
    needed = CONSENTS_NEEDED[a]
    s.request = Request(path, needed, asked, offers)
    s.stage = "consent"
    event: Event = {"type": "request", "player": p, "from": a, "to": b, "asked": asked,
                    "needed": needed}
    if offers:
        event["offers"] = {str(q): deals.terms_to_dict(t, public=True) for q, t in offers.items()}
    return event


def _answer(s: GameState, q: int, action: Action) -> Event:
    consents, terms = legality.check_answer(s, q, action)
    request = s.request
    assert request is not None
    request.answers[q] = Answer(consents, terms)
    if consents == 0:
        for promise in s.promises:
            if promise.kind == "refuse" and promise.by == q and promise.player == s.current:
                # kept: it still binds the rest of this turn, so a repeated request is refused
                promise.until_turn = min(promise.until_turn, s.turn)
    event: Event = {"type": "answer", "player": q, "consents": consents,
                    "mover": s.current, "from": PATH_FROM[request.path],
                    "to": PATH_TO[request.path]}
    if terms is not None and not terms.is_empty():
        event["terms"] = deals.terms_to_dict(terms, public=True)
    return event


def _withdraw(s: GameState, p: int, action: Action) -> Event:
    request = s.request
    assert request is not None
    s.request = None
    s.stage = ACTION
    return {"type": "withdraw", "player": p, "from": PATH_FROM[request.path],
            "to": PATH_TO[request.path]}


# -- Caesar --------------------------------------------------------------------------------


def _caesar(s: GameState, p: int, action: Action) -> Event:
    path = legality.check_caesar(s, p, action)
    bonus = s.stage == BONUS
    s.request = None
    before = s.caesar
    s.caesar = path
    for promise in s.promises:
        if promise.kind == "caesar" and promise.by == p and promise.path == path:
            promise.done = True  # kept (R11)
    end_turn(s)
    event: Event = {"type": "caesar", "player": p, "from": PATH_FROM[path], "to": PATH_TO[path],
                    "was": {"from": PATH_FROM[before], "to": PATH_TO[before]}}
    if bonus:
        event["bonus"] = True
    return event


def _decline(s: GameState, p: int, action: Action) -> Event:
    legality.check_decline(s, p, action)
    end_turn(s)
    return {"type": "decline", "player": p}


# -- turns, Senate, end ----------------------------------------------------------------------


def end_turn(s: GameState) -> None:
    """R4: the turn passes to the next player; promises past their horizon lapse (R11)."""
    s.stage = ACTION
    s.request = None
    s.bonus_forced = None
    s.current = (s.current + 1) % s.n
    s.turn += 1
    if s.promises:
        s.promises = [pr for pr in s.promises if pr.binds(s.turn)]


def open_reveal_window(s: GameState) -> None:
    """V2: right after a Senate entry (only the first three with ``first_three``) any player
    may ask to see every hoard; an entry that opens no window closes the last one."""
    mode = s.options.open_hoards
    s.reveal_open = mode == "every_entry" or (mode == "first_three" and len(s.senate()) <= 3)


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
                             "senate": s.senate()[:], "turn": s.turn})
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
    office = legality.check_retire(s, p, action)
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
