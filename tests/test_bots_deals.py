"""A deal case bot play found: a split and a payment to two supporters of one move (R11)."""

from __future__ import annotations

import pytest

from qvcore import Game, RuleError, board, laurels
from qvcore.invariants import violations


def _two_deals(ones: int) -> Game:
    """Seat 1 moves 1→5 taking a V; seat 2 is paid an I, seat 0 splits the gains."""
    game = Game({"players": 3}, 1)
    s = game.state
    s.offices[1] = [1, 0, 2]
    s.supply = [7, 7, 7]
    s.hoards[1][laurels.I] = ones
    s.pool -= ones
    path = board.PATH_INDEX[(1, 5)]
    pile_kind = s.spaces[path]
    s.spaces[path] = laurels.V
    s.pile[s.pile.index(laurels.V)] = pile_kind
    s.current = 1
    game.apply({"type": "request", "player": 1, "from": 1, "to": 5})
    game.apply({"type": "answer", "player": 2, "consents": 1, "terms": {"mover_pays": ["I"]}})
    game.apply({"type": "answer", "player": 0, "consents": 1, "terms": {"split": True}})
    return game


MOVE = {"type": "move", "player": 1, "from": 1, "to": 5, "supporters": [0, 2]}


def test_r13_a_split_cannot_spend_a_laurel_owed_to_another_supporter() -> None:
    """R11, R13: the I owed to seat 2 is paid before the split's change is made; with only
    that I and the V left, the exact change cannot be made, so the move is refused and
    nothing changes (no hoard ever goes below zero)."""
    game = _two_deals(ones=2)
    before = game.state.to_dict()
    with pytest.raises(RuleError):
        game.apply(MOVE)
    assert game.state.to_dict() == before


def test_r13_payment_and_split_in_one_move() -> None:
    """R11: with enough tokens, both deals are carried out and every hoard stays whole."""
    game = _two_deals(ones=3)
    game.apply(MOVE)
    s = game.state
    assert all(count >= 0 for hoard in s.hoards for count in hoard), s.hoards
    assert s.hoards[2][laurels.I] == 2  # the paid I and the consent reward (R7.2)
    assert violations(s) == []
