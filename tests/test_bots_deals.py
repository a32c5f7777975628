"""A deal case bot play found: a split and a payment to two supporters of one move (R11)."""

from __future__ import annotations

from qvcore import Game, board, laurels
from qvcore.invariants import violations


def test_r13_payment_and_split_in_one_move_leave_no_hoard_negative() -> None:
    """R11, R13: the mover pays one supporter a laurel held before the move and splits the
    gains with another; the payment is made first, so the split's change cannot spend the
    promised token and no hoard goes below zero."""
    game = Game({"players": 3}, 1)
    s = game.state
    s.offices[1] = [1, 0, 2]
    s.supply = [7, 7, 7]
    s.hoards[1][laurels.I] = 2
    s.pool -= 2
    path = board.PATH_INDEX[(1, 5)]
    pile_kind = s.spaces[path]
    s.spaces[path] = laurels.V
    s.pile[s.pile.index(laurels.V)] = pile_kind
    s.current = 1
    game.apply({"type": "request", "player": 1, "from": 1, "to": 5})
    game.apply({"type": "answer", "player": 2, "consents": 1, "terms": {"mover_pays": ["I"]}})
    game.apply({"type": "answer", "player": 0, "consents": 1, "terms": {"split": True}})
    game.apply({"type": "move", "player": 1, "from": 1, "to": 5, "supporters": [0, 2]})
    assert all(count >= 0 for hoard in s.hoards for count in hoard), s.hoards
    assert s.hoards[2][laurels.I] == 2  # the paid I and the consent reward (R7.2)
    assert violations(s) == []
