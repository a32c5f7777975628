"""Hard keeps its way into the Senate's last seat (R9.1, R9.3): it does not consent to, nor make,
a move that leaves one seat with it outside and unable to take it without asking, or with a rival
able to take it without asking (``qvcore/bots/lockout.py``)."""

from __future__ import annotations

import random

import pytest

from qvcore import board, rules
from qvcore.board import SENATE
from qvcore.bots.hard import HardBot
from qvcore.bots.lockout import free_entry, opens_the_end, shut_out
from qvcore.bots.negotiate import outcome
from qvcore.bots.normal import NormalBot
from qvcore.bots.situation import Situation
from qvcore.observer import Observer

from .helpers import new_game, path_of, place, replayed, set_caesar

SAVE = "bots-shut-out-4p.json"


def test_r6_free_entry_needs_caesar_or_enough_own_senators() -> None:
    game = new_game(4)
    place(game, board.SENATE, 1, 2, 3)
    place(game, 12, 0)
    place(game, 9, 1, 1, 2)
    place(game, 14, 2, 2)
    set_caesar(game, 6, 9)  # off 9→13, where the game starts him (R3.3)
    s = game.state
    assert not free_entry(s, 0)  # alone in a 3-seat office: one consent needed (R6.2)
    assert not free_entry(s, 1)  # two of five in 9: two consents needed, one own (R6.2, R6.3)
    assert free_entry(s, 2)  # two in 14: its own senator consents (R6.3)
    set_caesar(game, 12, 13)
    assert free_entry(s, 0)  # Caesar on the path: no vote (R6.5)
    place(game, 9, 1)
    assert free_entry(s, 1)  # three in 9: two own consents


def test_r9_3_shut_out_with_one_seat_left() -> None:
    game = new_game(4)
    place(game, board.SENATE, 1, 2, 3)
    place(game, 12, 0, 0)
    set_caesar(game, 6, 9)
    s = game.state
    assert not shut_out(s, 0)  # two seats left: a fill does not end the game yet
    place(game, board.SENATE, 1)
    assert not shut_out(s, 0)  # it can take the last seat itself, nobody else can
    assert not shut_out(s, 1)  # in the Senate already
    place(game, 14, 2, 2)
    assert shut_out(s, 0)  # seat 2 can fill the Senate on its turn, unasked
    game.state.offices[14].clear()
    game.state.supply[2] += 2
    game.state.offices[12].remove(0)
    game.state.supply[0] += 1
    assert shut_out(s, 0)  # one senator in 12 needs a rival's consent to enter


def test_r9_3_shut_out_never_in_a_series() -> None:
    game = new_game(4, series=True)
    place(game, board.SENATE, 1, 2, 3, 1)
    assert not shut_out(game.state, 0)  # in a V3 series every player scores (R12)


def test_hard_refuses_a_consent_that_shuts_it_out() -> None:
    """The save's position (the tournament's game of seed 57, turn 49): seat 1 asks hard (seat
    0, 27 laurels against 20) for both consents to enter the Senate as its fourth senator; hard
    has two senators in office 9 and so could not take the last seat after it without two
    consents (R6.2). At the table hard consented for a Caesar move and two I's, seat 3 filled
    the last seat at turn 55, and seat 1 won while hard, the leader, was outside (R9.3)."""
    state, players, _knowledge = replayed(SAVE)
    assert state.request is not None and state.request.asked == [0]
    assert (board.PATH_FROM[state.request.path], board.PATH_TO[state.request.path]) == (9, 13)
    hard = players[0]
    assert isinstance(hard, HardBot)
    view = Observer(0).view(state)
    sit = Situation(dict(view), hard.memory, random.Random(1))
    consent = NormalBot.answer(hard, sit)
    assert consent["consents"] == 2  # normal's answer: a consent, for terms
    after = outcome(sit, sit.state, consent)
    assert after is not None and shut_out(after, 0) and not shut_out(sit.state, 0)
    assert hard.decide(view) == {"type": "answer", "player": 0, "consents": 0}


def test_hard_ranks_a_move_that_shuts_it_out_last() -> None:
    """Hard (seat 0) has two senators in 12 and could take the last seat; moving Caesar onto
    14→13 would let seat 2's lone senator there walk in first."""
    game = new_game(4)
    place(game, board.SENATE, 1, 2, 3, 1)
    place(game, 12, 0, 0)
    place(game, 14, 2)
    set_caesar(game, 6, 9)
    s = game.state
    bot = HardBot(0, 5)
    view = Observer(0).view(s)
    bot.meet(view)
    sit = Situation(dict(view), bot.memory, random.Random(1))
    shutting = {"type": "caesar", "player": 0, "from": 14, "to": board.SENATE}
    keeping = {"type": "caesar", "player": 0, "from": 6, "to": 11}
    after = sit.after([shutting])
    assert after is not None and after.caesar == path_of(14, board.SENATE)
    assert shut_out(after, 0) and not shut_out(s, 0)
    ranked = bot._keep_a_way_in(sit, [(0.9, shutting), (0.1, keeping)])
    assert [action for _value, action in ranked] == [keeping, shutting]


#: two tournament games (seeds 99 and 20, before the rule): the mover, outside a Senate with
#: one seat left, was offered consents for its promise to consent to a rival who could then take
#: that seat; it took the deal, and lost to that rival's fill (tests/positions/README.md)
TRAPS = [
    ("bots-promise-trap-4p.json", 2, ["normal", "normal", "hard", "normal"],
     {"type": "move", "player": 2, "from": 1, "to": 8, "supporters": [0, 0]}),
    ("bots-promise-trap-normal-4p.json", 1, ["normal", "normal", "normal", "hard"],
     {"type": "move", "player": 1, "from": 8, "to": 12, "supporters": [3]}),
]


@pytest.mark.parametrize(("save", "seat", "levels", "trap"), TRAPS,
                         ids=["hard-seed-99", "normal-seed-20"])
def test_r11_a_mover_does_not_promise_the_consent_that_lets_a_rival_end_it(
        save: str, seat: int, levels: list[str], trap: dict[str, object]) -> None:
    """R9.3, R11: the mover is outside a Senate with one seat left. A rival consents to its
    move for its promise of consent; that promise would let the rival take the last seat on
    its next turn, the mover bound to consent (at the table the rival did, and won: seat 2
    lost 42 to 29 in the first game). The mover takes no such deal while another action keeps
    the game open (``lockout.opens_the_end``, ``normal._keep_the_end_shut``)."""
    state, players, _knowledge = replayed(save, levels)
    assert state.stage == "consent" and state.current == seat
    assert seat not in state.offices[SENATE] and len(state.offices[SENATE]) == 4
    action = players[seat].decide(Observer(seat).view(state))
    after = state.copy()
    rules.apply_action(after, action)
    assert not opens_the_end(state, after, seat), action
    # the deal turned down is such a move: the check can fail
    taken = state.copy()
    rules.apply_action(taken, trap)
    assert opens_the_end(state, taken, seat)
