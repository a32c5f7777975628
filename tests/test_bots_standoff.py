"""Bot games end without a concession (R9.1, R9.3, R12): standoffs from real 5-player games
of bots, where the Senate holds four senators, every other office on the way up is full, and
the only actions that do not end the game are Caesar moves (R8). Filling the last seat makes
one player win; the players behind used to refuse every offer and move Caesar between the
same paths for ever."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from qvcore import board, rules
from qvcore.bots.closed import closed
from qvcore.bots.memory import REFUSAL_ROUNDS, Memory
from qvcore.bots.situation import Situation
from qvcore.bots.stall import given_up
from qvcore.observer import Observer
from qvcore.position import from_position
from qvcore.referee import Referee
from qvcore.state import OVER, GameState
from qvcore.tournament import make_player

from .helpers import POSITIONS, replayed, seated

LEVELS = ["normal", "normal", "hard", "normal", "normal"]  # the seats of the game it comes from
ROUNDS = 12  # rounds of turns the table is played on from the position


def _public(s: GameState) -> tuple[Any, ...]:
    """What a standoff leaves unchanged: senators, supplies and hoard sizes."""
    return (json.dumps(s.offices), tuple(s.supply), tuple(sum(h) for h in s.hoards))


def _play_on(state: GameState, players: list[Any], referee: Referee, rounds: int = ROUNDS,
             to_the_end: bool = False) -> tuple[GameState, Referee]:
    """The table played on for ``rounds`` rounds or until the position changes (or, with
    ``to_the_end``, the game ends), judged as the tournament judges it by ``referee``
    (``referee.py``: concessions and lost ends per seat)."""
    start, end = _public(state), state.turn + rounds * state.n
    while state.stage != OVER and state.turn < end and (to_the_end or _public(state) == start):
        seat = rules.waiting_for(state)[0]
        view = Observer(seat).view(state)
        action = players[seat].decide(view)
        referee.judge(state, seat, action, view)
        event = dict(rules.apply_action(state, action))
        for player in players:
            player.observe(event)
        referee.observe(event)
    return state, referee


def test_the_standoff_position_is_one() -> None:
    """R9.1, R4: the Senate has one seat left, and every legal action but a Caesar move fills
    it (no free seat elsewhere, no senator can be added or move up but into the Senate)."""
    state = from_position(json.loads((POSITIONS / "bots-standoff-5p.json").read_text()))
    assert len(state.offices[board.SENATE]) == 4
    for action in rules.legal_actions(state):
        after = state.copy()
        rules.apply_action(after, action)
        assert action["type"] in ("caesar", "request") or after.stage == OVER, action


@pytest.mark.parametrize("seed", range(2))
def test_r9_bots_break_a_standoff_without_conceding(seed: int) -> None:
    """R9.1, R9.3, R11: played on from the standoff, the bots end the game (or change the
    position) within a few rounds, and no bot makes or allows a fill it loses for certain
    from its own knowledge."""
    state = from_position(json.loads((POSITIONS / "bots-standoff-5p.json").read_text()))
    before = _public(state)
    players, referee = seated(state, LEVELS, seed)
    after, referee = _play_on(state, players, referee)
    conceded = referee.conceded
    assert after.stage == OVER or _public(after) != before, (
        f"still a standoff after {ROUNDS} rounds (turn {after.turn})")
    assert conceded == [0] * len(LEVELS), conceded


CLOSED = "bots-closed-5p.json"  # seed 250's game, three rounds into its standoff
PRICED = "bots-priced-5p.json"  # seed 76's game, ten rounds into its standoff


@pytest.mark.parametrize("name", [CLOSED, PRICED])
def test_r9_1_the_replayed_standoffs_are_closed(name: str) -> None:
    """R9.1, R5, R6: in both games the next senator added or moved can only fill the Senate's
    last seat, and every action but a Caesar move does."""
    state, _players, _referee = replayed(name)
    assert closed(state)
    for action in rules.legal_actions(state):
        after = state.copy()
        rules.apply_action(after, action)
        assert action["type"] in ("caesar", "request") or after.stage == OVER, action


def test_r9_3_who_can_still_win_a_closed_standoff() -> None:
    """R9.3, R12, R11: in seed 250's standoff seat 3 holds 37, which every player knows it holds
    at least, and seats 2, 3, 0 and 3 sit in the Senate. Seats 0 and 2 could pass it only with
    laurels a partner of the last move would have to give away, losing for certain; seat 1's
    hoard is known to all, so the partner it needs (seat 3) would know it had lost. Each of
    them can win only if another player concedes; seat 3 can win, and so can seat 4, whose
    face-down tokens leave a partner room to hope."""
    state, players, _referee = replayed(CLOSED)
    hopeless = []
    for seat, player in enumerate(players):
        view = dict(Observer(seat).view(state))
        player.memory.update(view)
        player.memory.still_turns += state.n  # a round into the standoff (stall.py)
        hopeless.append(Situation(view, player.memory, random.Random(0)).hopeless())
    assert hopeless == [True, True, True, False, False]


@pytest.mark.parametrize(("name", "winner"), [(CLOSED, 3), (PRICED, 0)])
def test_r9_1_bots_end_a_closed_standoff_without_conceding(name: str, winner: int) -> None:
    """R9.1, R9.3, R6.5, R11: played on from two standoffs that used to last until the cap of
    3000 actions, the bots end the game within a few rounds and nobody concedes. In seed 250
    the players who can win only if another concedes move Caesar so that the next player can
    enter the Senate without asking (seat 3, who wins); in seed 76 seat 4, whose price for its
    consent seat 0 did not take, consents without one, and seat 0 enters with the laurel."""
    state, players, referee = replayed(name)
    after, referee = _play_on(state, players, referee)
    conceded = referee.conceded
    assert after.stage == OVER, f"still a standoff after {ROUNDS} rounds (turn {after.turn})"
    assert after.winner == winner
    assert conceded == [0] * len(players), conceded


def _stalled_bot(state: GameState, seat: int, level: str, seed: int) -> dict[str, Any]:
    """``seat``'s decision after a long standoff: 40 rounds with only Caesar moving."""
    view = Observer(seat).view(state)
    bot = make_player(level, seat, seed)
    bot.meet(view)
    bot.memory.still_turns = 40 * state.n
    action: dict[str, Any] = bot.decide(view)
    return action


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_r9_3_a_long_standoff_does_not_make_a_bot_consent_to_lose(level: str) -> None:
    """R9.3: standing still is worth almost nothing after a long standoff, but never
    nothing; consenting to a fill that leaves seat 2 out of the Senate is worth nothing, so
    it still refuses."""
    state = from_position(json.loads((POSITIONS / "bots-concede-consent.json").read_text()))
    action = _stalled_bot(state, 2, level, 1)
    assert action["type"] == "answer" and action["consents"] == 0, action


REASK = "bots-greedy-reask-4p.json"  # seed 123 against greedy players, 12 rounds into a standoff
LOCKOUT = "bots-greedy-lockout-4p.json"  # seed 29 against greedy players, 63 rounds in


def test_r11_a_refusal_in_a_standoff_lapses_and_lapses_later_each_time() -> None:
    """R11, R9.1: a rival's refusal in a standoff stands for ``REFUSAL_ROUNDS`` rounds, then the
    same request may be made again (a rival may have given in); each further refusal doubles
    the wait, so a bot asks again ever more rarely, never in a loop."""
    memory = Memory(0, players=4)
    memory.turn = 100
    refusal = {"type": "answer", "player": 2, "mover": 0, "from": 9, "to": 13, "consents": 0}
    memory.observe(refusal)
    path = board.PATH_INDEX[(9, 13)]
    assert memory.stall_refused(2, path, None)
    assert not memory.stall_refused(1, path, None)  # another rival was not asked
    waits = []
    for _ in range(3):
        given = memory.turn
        while memory.stall_refused(2, path, None) and memory.turn < given + 1000:
            memory.turn += 1
        waits.append((memory.turn - given) // memory.players)  # in rounds
        memory.observe(refusal)
    assert waits == [REFUSAL_ROUNDS, 2 * REFUSAL_ROUNDS, 4 * REFUSAL_ROUNDS]


def test_r9_1_a_leader_asks_again_once_a_refusal_has_lapsed() -> None:
    """R9.1, R11: hard (seat 2, 31 laurels) leads, with a senator in the Senate and another in
    office 9, which needs two consents to enter (R6.2); the greedy players refused it before
    their patience ran out (``outsider.PATIENCE``) and after it consent to the leader. Hard
    used to take the refusals as final and move Caesar to the cap of 3000 actions; it now
    asks again once they lapse, and the game ends without a concession of hard's (the greedy
    players give in by their own rule)."""
    state, players, referee = replayed(REASK)
    after, referee = _play_on(state, players, referee, rounds=20, to_the_end=True)
    conceded = referee.conceded
    assert after.stage == OVER, f"still a standoff after 20 rounds (turn {after.turn})"
    assert after.winner == 2
    assert conceded[2] == 0, conceded


def test_r9_1_a_player_the_table_never_lets_in_lets_the_game_end() -> None:
    """R9.1, R9.3, R6.5: normal (seat 0, 26 laurels) is outside a Senate of four, the greedy
    players never consent to a fill that leaves them behind, and none of them can fill it
    without a consent that its giver refuses (R6.2). After ``GIVE_UP_ROUNDS`` of standing
    still normal takes their refusals as final: it moves Caesar so that the next player can
    enter without asking, and the game ends, won by a senator of the Senate. It neither fills
    nor consents to lose (no concession of normal's; the greedy players give in by their own
    rule); before, the game lasted until the cap of 3000 actions."""
    state, players, referee = replayed(LOCKOUT)
    assert not given_up(players[0].memory.still_turns, state.n)
    after, referee = _play_on(state, players, referee, to_the_end=True)
    conceded = referee.conceded
    assert after.stage == OVER, f"still a standoff after {ROUNDS} rounds (turn {after.turn})"
    assert 0 not in after.offices[board.SENATE] and after.winner != 0
    assert conceded[0] == 0, conceded


DEADLOCK = "bots-deadlock-5p.json"  # seed 98: a closed standoff no player can win, 65 rounds in


def test_r9_1_a_standoff_nobody_can_win_is_ended_by_a_player_who_cannot_win() -> None:
    """R9.1, R9.3, R6.3: from turn 113 the Senate holds seats 0, 1, 2 and 4, every way up is
    full, and by the true totals each end loses somebody for certain: seat 4 (33 laurels)
    wins any fill that brings no one above it. Seat 3, outside the Senate, can enter unasked
    (its own second senator consents) and could win only an end in which two rivals pay it
    most of their hoards (by what it knows of them, ``closed.can_win``).
    Once the standoff has lasted ``GIVE_UP_ROUNDS``, it fills the Senate: a game that never
    ends is won by nobody. The referee counts that as a lost end, not a concession; no other
    player fills or consents to lose. Before, the game lasted until the cap of 3000 actions."""
    state, players, referee = replayed(DEADLOCK)
    assert closed(state) and not given_up(referee.still_turns, state.n)
    after, referee = _play_on(state, players, referee, to_the_end=True)
    assert after.stage == OVER, f"still a standoff after {ROUNDS} rounds (turn {after.turn})"
    assert referee.conceded == [0] * len(players), referee.conceded
    assert referee.lost_ends == [0, 0, 0, 1, 0] and after.winner == 4
