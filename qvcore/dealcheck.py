"""Whether a deal's terms can be carried out (R11, R13): checks every player may see,
promises that may not contradict, and the transfers a move's deals make, worked out on
copies of the hoards before anything moves, so a deal is never half-done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from . import board, deals, laurels
from .errors import RuleError
from .laurels import IIC
from .state import EMPTY, GameState, Terms


@dataclass
class DealStep:
    """One deal's transfers, computed before the move (R11, R13): never half-done."""

    consenter: int
    mover_gives: list[int]
    consenter_gives: list[int]
    split: tuple[list[int], list[int]] | None


def chosen_terms(s: GameState, path: int, chosen: list[int]) -> dict[int, Terms]:
    """The non-empty terms of the chosen supporters' answers."""
    request = s.request
    if request is None or request.path != path:
        return {}
    out = {}
    for q in chosen:
        terms = request.answers[q].terms
        if terms is not None and not terms.is_empty():
            out[q] = terms
    return out


def rewards_for(s: GameState, p: int, supporters: list[int]) -> dict[int, int]:
    """R7.2: one I token from the pool per consent of another player, while it lasts."""
    rewards: dict[int, int] = {}
    pool = s.pool
    for q in supporters:
        if q != p and pool:
            pool -= 1
            rewards[q] = rewards.get(q, 0) + 1
    return rewards


def taken_by(s: GameState, path: int) -> int:
    """The token a move along ``path`` takes (EMPTY when none or under Caesar, R7.1, R7.4)."""
    return s.spaces[path] if board.PATHS[path][2] and s.caesar != path else EMPTY


def split_gains(s: GameState, path: int, reward: int) -> tuple[int, int]:
    """The points a move shares under a split (R11): the laurel it takes and the consenter's
    I rewards; and the consenter's share of them, half rounded down (rulings.md #9)."""
    took = taken_by(s, path)
    gained = (laurels.VALUES[took] if took != EMPTY else 0) + reward
    return gained, gained // 2


def offer_gains(s: GameState, q: int, terms: Terms,
                consents: int) -> tuple[int, tuple[int, int] | None]:
    """What agreeing with ``consents`` on ``terms`` gives the asked player ``q``, in points,
    and under a split the move's gains and ``q``'s share of them (R7.2, R11): its I rewards
    while the pool lasts (its consents counted first), the laurels paid either way and its half
    of a split, as ``plan_deals`` carries them out."""
    request = s.request
    assert request is not None
    reward = rewards_for(s, s.current, [q] * consents).get(q, 0)
    paid = laurels.heap_value(terms.mover_pays) - laurels.heap_value(terms.consenter_pays)
    if not terms.split:
        return reward + paid, None
    gained, share = split_gains(s, request.path, reward)
    return share + paid, (gained, share)


#: hidden tokens beyond this many make some exact change always thinkable: not enumerated
_GUESSED_TOKENS = 4


def change_thinkable(s: GameState, q: int, terms: Terms, reward: int, viewer: int) -> bool:
    """Whether a split of the requested move with ``q`` on ``terms`` can make its exact change
    (rulings.md #9) for some content of the hoard ``viewer`` cannot see: its own hoard is
    known to it, the other party's only by its count and the laurels the deal has it pay (R10).
    Other supporters' deals are not counted. False: the move would be refused as things
    stand, whatever the hidden tokens are."""
    request = s.request
    assert request is not None
    p = s.current
    hidden = q if viewer == p else p
    paid = terms.mover_pays if hidden == p else terms.consenter_pays
    unknown = sum(s.hoards[hidden]) - sum(paid)
    if not 0 <= unknown <= _GUESSED_TOKENS:
        return True  # many hidden tokens; or a payment it cannot make (R13 refuses that)
    took = taken_by(s, request.path)
    for rest in combinations_with_replacement(laurels.KINDS, unknown):
        guess = list(paid)
        for kind in rest:
            guess[kind] += 1
        mover = guess if hidden == p else s.hoards[p][:]
        other = guess if hidden == q else s.hoards[q][:]
        if took != EMPTY:
            mover[took] += 1
        other[laurels.I] += reward
        _pay(mover, other, terms)
        if _split_change(s, request.path, mover, other, reward) is not None:
            return True
    return False


def plan_deals(s: GameState, p: int, path: int, supporters: list[int],
               terms: dict[int, Terms]) -> list[DealStep]:
    """Every transfer the deals ask, worked out before anything moves (R11, R13)."""
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
    check_promises(s, promises, [cp for t in terms.values() for cp in t.caesar_promises])
    # a dry run on copies of the hoards: the split must be exact (rulings.md #9)
    took = taken_by(s, path)
    rewards = rewards_for(s, p, supporters)
    mover = s.hoards[p][:]
    if took != EMPTY:
        mover[took] += 1
    steps = []
    # the split comes last: its change must not spend a laurel owed to another supporter
    for q, t in sorted(terms.items(), key=lambda item: item[1].split):
        other = s.hoards[q][:]
        other[laurels.I] += rewards.get(q, 0)
        _pay(mover, other, t)
        split = None
        if t.split:
            exchange = _split_change(s, path, mover, other, rewards.get(q, 0))
            if exchange is None:
                _gained, share = split_gains(s, path, rewards.get(q, 0))
                delta = abs(share - rewards.get(q, 0))
                raise RuleError("R11", "split_impossible", f"{s.options.names[p]} and "
                                f"{s.options.names[q]} cannot make the exact change to split "
                                f"the gains ({delta} point{'s' if delta != 1 else ''} "
                                f"to pass)", player=q, points=delta)
            _move_tokens(mover, other, exchange[0])
            _move_tokens(other, mover, exchange[1])
            split = exchange
        steps.append(DealStep(q, t.mover_pays, t.consenter_pays, split))
    return steps


def _pay(mover: list[int], consenter: list[int], terms: Terms) -> None:
    """A deal's payments, both ways, on the two hoards (R11)."""
    _move_tokens(mover, consenter, terms.mover_pays)
    _move_tokens(consenter, mover, terms.consenter_pays)


def _split_change(s: GameState, path: int, mover: list[int], consenter: list[int],
                  reward: int) -> tuple[list[int], list[int]] | None:
    """The tokens that pass so that the consenter, holding its ``reward`` already, ends with
    its share of the move's gains (rulings.md #9), from the hoards as they stand after the
    move and the deal's payments; None when no exchange makes it exact."""
    _gained, share = split_gains(s, path, reward)
    return deals.split_exchange(mover, consenter, share - reward)


def _move_tokens(source: list[int], target: list[int], heap: list[int]) -> None:
    for kind, count in enumerate(heap):
        source[kind] -= count
        target[kind] += count


def check_promises(s: GameState, promises: Sequence[tuple[int, str, int]],
                   caesar_promises: Sequence[tuple[int, int, int]] = ()) -> None:
    """A new promise may not contradict one that binds now or another new one (R11)."""
    seen = {(pr.by, pr.kind, pr.player) for pr in s.promises if pr.binds(s.turn)}
    for by, kind, player in promises:
        opposite = "refuse" if kind == "consent" else "consent"
        if (by, opposite, player) in seen:
            raise RuleError("R11", "promise_conflict", f"{s.options.names[by]} cannot promise to "
                            f"both consent to and refuse {s.options.names[player]}", by=by,
                            player=player)
        seen.add((by, kind, player))
    spaces = {pr.by: pr.path for pr in s.promises if pr.kind == "caesar" and pr.binds(s.turn)}
    for by, _player, path in caesar_promises:
        if spaces.setdefault(by, path) != path:
            raise RuleError("R11", "promise_conflict", f"{s.options.names[by]} cannot promise to "
                            "move Caesar to two different spaces", by=by, player=by)


def check_terms(s: GameState, p: int, q: int, path: int, terms: Terms) -> None:
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
    for by, player, target in terms.caesar_promises:
        if {by, player} != {p, q}:
            raise RuleError("R11", "bad_terms", "only the two parties to a deal make its promises")
        if not board.PATHS[target][2]:
            raise RuleError("R8", "not_laurel_space",
                            f"path {board.path_name(target)} has no laurel space")
    _no_promise_twice(s, terms)
    check_promises(s, terms.promises, terms.caesar_promises)


def _no_promise_twice(s: GameState, terms: Terms) -> None:
    """One deal lists each promise once (R11): a repeat would be recorded twice."""
    listed: list[tuple[int, int, str | int]] = [
        (by, player, kind) for by, kind, player in terms.promises]
    listed += [(by, player, path) for by, player, path in terms.caesar_promises]
    for i, (by, player, what) in enumerate(listed):
        if (by, player, what) in listed[:i]:
            raise RuleError("R11", "promise_repeated", f"the deal lists {s.options.names[by]}'s "
                            f"promise to {s.options.names[player]} twice", by=by, player=player)
