"""Bots never concede (R9.3): no level makes or allows a move that loses the game for certain
while another action keeps a chance. Two positions from real games, where the
progress-pressure terms used to turn a small chance into a certain loss."""

from __future__ import annotations

import json
from typing import Any

import pytest

from qvcore import board, rules
from qvcore.bots import make_bot
from qvcore.concessions import floors, free_to_refuse, is_losing_fill, losing_consents
from qvcore.observer import Observer
from qvcore.position import from_position
from qvcore.state import GameState

from .helpers import POSITIONS, replayed

LEVELS = ["easy", "normal", "hard"]  # random plays at random by design


def _load(name: str) -> GameState:
    return from_position(json.loads((POSITIONS / name).read_text()))


def _decide(state: GameState, level: str, seed: int) -> dict[str, Any]:
    seat = state.current
    view = Observer(seat).view(state)
    bot = make_bot(level, seat, seed)
    bot.meet(view)
    return bot.decide(view)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_r9_3_asked_seat_refuses_the_consent_that_fills_the_senate_without_it(
        level: str, seed: int) -> None:
    """R9.3: seat 2 has no senator in the Senate (4 of 5 seats taken) and is pivotal to the
    request 9→13; consenting ends the game with seat 2 out of the running, refusing does not."""
    state = _load("bots-concede-consent.json")
    assert 2 in rules.waiting_for(state)
    view = Observer(2).view(state)
    bot = make_bot(level, 2, seed)
    bot.meet(view)
    action = bot.decide(view)
    assert action["type"] == "answer" and action["consents"] == 0, action


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_r9_3_mover_does_not_fill_the_senate_to_lose(level: str, seed: int) -> None:
    """R9.3, R12: 12→13 fills the Senate and seat 2 loses on laurels; moving Caesar keeps a
    chance, so no level plays the losing move."""
    state = _load("bots-concede-fill.json")
    seat = rules.waiting_for(state)[0]
    action = _decide(state, level, seed)
    after = state.copy()
    rules.apply_action(after, action)
    assert not (after.stage == "over" and after.winner != seat), action


@pytest.mark.parametrize("decisions", range(8))
def test_r11_easy_does_not_fill_the_senate_when_the_consents_terms_make_it_lose(
        decisions: int) -> None:
    """R11, R12: the save's position (a tournament game of seed 6, turn 60): easy (seat 0, 14
    laurels) asked for 12→13, the last seat, and seat 3 consented for a split of the move's
    laurel (II with Caesar's portrait). Taking it whole, easy could still have won by what it
    knows; sharing it, it ends with 15 and seat 3, a senator, with at least 16 whatever its
    face-down tokens. At the table easy filled the Senate and lost; it now plays another
    action (adding a senator, moving Caesar), in any of its random streams."""
    state, players, referee = replayed("bots-easy-split-fill-4p.json")
    knowledge = referee.knowledge
    easy = players[0]
    view = Observer(0).view(state)
    fill: dict[str, Any] = {"type": "move", "player": 0, "from": 12, "to": 13, "supporters": [3]}
    assert is_losing_fill(state, 0, fill, rules.legal_actions(state), floors(knowledge[0]))
    assert fill in view["legal"] and state.request is not None
    # its two requests of this turn, as decide records them; one of its random streams
    easy.memory.requested = {board.path_of(fill), board.path_of({"from": 9, "to": 13})}
    easy.decisions = decisions
    action = easy.decide(view)
    assert not (action["type"] == "move" and action["to"] == board.SENATE), action


def test_the_filling_move_really_loses_and_caesar_keeps_the_game_going() -> None:
    """The position says what the tests above rely on (R9.3, R12)."""
    state = _load("bots-concede-fill.json")
    seat = state.current
    lost = state.copy()
    rules.apply_action(lost, {"type": "move", "player": seat, "from": 12, "to": 13,
                              "supporters": []})
    assert lost.stage == "over" and lost.winner != seat
    caesar = next(a for a in rules.legal_actions(state) if a["type"] == "caesar")
    kept = state.copy()
    rules.apply_action(kept, caesar)
    assert kept.stage != "over"


def test_the_tournament_counts_a_losing_fill() -> None:
    """concessions.is_losing_fill: 12→13 ends the game lost while Caesar keeps it going."""
    state = _load("bots-concede-fill.json")
    seat = state.current
    legal = rules.legal_actions(state)
    fill = {"type": "move", "player": seat, "from": 12, "to": 13, "supporters": []}
    least = [float(state.total(q)) for q in range(state.n)]  # every hoard known
    assert is_losing_fill(state, seat, fill, legal, least)
    caesar = next(a for a in legal if a["type"] == "caesar")
    assert not is_losing_fill(state, seat, caesar, legal, least)


def test_the_tournament_counts_a_pivotal_losing_consent() -> None:
    """concessions.losing_consents: seat 2's consent (free, R11) makes 9→13 possible and
    the game ends without it winning (R9.3)."""
    state = _load("bots-concede-consent.json")
    legal = rules.legal_actions(state)
    assert free_to_refuse(legal, 2)
    rules.apply_action(state, {"type": "answer", "player": 2, "consents": 1})
    rules.apply_action(state, {"type": "answer", "player": 3, "consents": 1})
    move = {"type": "move", "player": 0, "from": 9, "to": 13, "supporters": [2, 3]}
    least = {q: [0.0] * state.n for q in range(state.n)}  # nothing known: R9.3 alone
    assert losing_consents(state, move, {2}, least) == [2]
    assert losing_consents(state, move, set(), least) == []


def test_a_consent_paid_for_is_not_counted_a_certain_loss() -> None:
    """R9.3, R11: seat 2 consented to seat 1's 9→13, the Senate's last seat, for a IV and a
    split of the move's III. Seat 1 (39 laurels; 37 at least by what seat 2 knows) ends with
    37, seat 2 with 35: seat 1's least total after the move is 37 less the IV it paid, plus
    the III, less the token it gave in the split, 35, and a tie goes to seat 2, in the Senate
    first. So seat 2 could not be sure to lose: the tournament counted it a concession, the
    payment not taken off seat 1's least total."""
    state, _players, referee = replayed("bots-paid-consent-4p.json")
    knowledge = referee.knowledge
    move = {"type": "move", "player": 1, "from": 9, "to": 13, "supporters": [1, 2]}
    least = {q: floors(known) for q, known in enumerate(knowledge)}
    assert least[2][1] == 37 and state.total(2) == 30
    after = state.copy()
    rules.apply_action(after, move)
    assert after.stage == "over" and [after.total(q) for q in (1, 2)] == [37, 35]
    assert losing_consents(state, move, {2}, least) == []
    # the same consent for no payment would have lost for certain (39 + the III against 30)
    least[2][1] = 42.0
    assert losing_consents(state, move, {2}, least) == [2]


def test_search_scores_a_finished_game_exactly() -> None:
    """The information-set search (search.py, the hard-search bot) scores a game that its
    candidate ends exactly (R9.3, R12): the filling move of the fill position is worth 0 in
    every determinisation, Caesar keeps a chance."""
    import random

    from qvcore.bots.memory import Memory
    from qvcore.bots.search import search

    state = _load("bots-concede-fill.json")
    seat = state.current
    view = Observer(seat).view(state)
    memory = Memory(seat)
    memory.update(dict(view))
    fill = {"type": "move", "player": seat, "from": 12, "to": 13, "supporters": []}
    caesar = next(a for a in rules.legal_actions(state) if a["type"] == "caesar")
    values = search(memory, dict(view), [fill, dict(caesar)], random.Random(1), iterations=20,
                    horizon_turns=4, samples=4)
    assert values[0] == 0.0 and values[1] > 0.0


def test_r9_3_hard_does_not_take_a_losing_fill_for_a_way_into_the_senate() -> None:
    """R9.3, R12: tournament game of seed 146 (hard in seat 1 against three greedy players),
    turn 89. Hard's request was refused; Caesar on 9→13 lets it fill the Senate unasked, and it
    loses on laurels (20 to seat 0's 23, which hard knows); moving Caesar keeps a chance. Every
    Caesar move takes that free way in away (``lockout.shut_out``), and the lock-out rule once
    ranked the game's end, which shuts nobody out, above them all: hard filled and lost."""
    state, players, referee = replayed("bots-lost-fill-greedy-4p.json")
    knowledge = referee.knowledge
    seat = 1
    view = Observer(seat).view(state)
    knowledge[seat].update(dict(view))
    action = players[seat].decide(view)
    least = floors(knowledge[seat])
    assert not is_losing_fill(state, seat, action, view["legal"], least), action
    fill = {"type": "move", "player": seat, "from": 9, "to": 13, "supporters": []}
    assert is_losing_fill(state, seat, fill, view["legal"], least)  # the check can fail
