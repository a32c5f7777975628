"""R11 negotiation and binding deals, R13 payment rulings.

The five negotiation examples of the Italian text (p. 3-4) are carried out by the engine:
black consents to red's move out of a 3-seat office if (1) red promises a future consent,
(2) red pays a laurel on top of black's I reward, (3) red moves Caesar where black wants with
the bonus of a Caesar laurel, (4) red promises consent, promises to refuse white and pays an I,
(5) red and black split the gains, making change with their tokens.
"""

from __future__ import annotations

from typing import Any

import pytest

from qvcore import Game, board
from qvcore.state import Promise
from tests.helpers import (
    answer,
    caesar,
    give,
    hoard,
    legal,
    legal_of_type,
    move,
    new_game,
    norm,
    place,
    rejected,
    request,
    set_caesar,
    set_pool,
    set_space,
    total,
)

RED, BLACK, WHITE, BLUE = 0, 1, 2, 3

CONSENT_TO_BLACK = {"by": RED, "kind": "consent", "player": BLACK}
#: a Caesar promise of red to black: Caesar onto path 1→5 on red's next turn (rulings.md #25)
CAESAR_TO_BLACK = {"by": RED, "kind": "caesar", "player": BLACK, "caesar": {"from": 1, "to": 5}}
REFUSE_WHITE = {"by": RED, "kind": "refuse", "player": WHITE}


def _answers(game: Game, player: int) -> list[int]:
    return [a["consents"] for a in legal_of_type(game, "answer", player)]


def _filler(game: Game) -> None:
    """The player to act moves Caesar between 6->9 and 6->11 (a whole turn, R8)."""
    p = game.state.current
    target = (6, 9) if game.state.caesar != board.PATH_INDEX[(6, 9)] else (6, 11)
    caesar(game, p, *target)


def _play_until(game: Game, turn: int) -> None:
    while game.state.turn < turn:
        _filler(game)


def _red_moves_with_black(players: int = 3, horizon: str = "next", token: str = "III",
                          terms: dict[str, Any] | None = None) -> tuple[Game, dict[str, Any]]:
    """Red leaves office 3 by 3->7 with black's consent on ``terms``; returns (game, event)."""
    game = new_game(players, horizon=horizon)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, token)
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, terms)
    return game, move(game, RED, 3, 7, [BLACK])


# -- example 1: a promise of future consent ------------------------------------------------------


def test_r11_example_1_promise_of_future_consent_is_enforced() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    place(game, 8, BLACK, RED)
    set_space(game, 3, 7, "III")
    set_space(game, 8, 12, "IV")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"promises": [CONSENT_TO_BLACK]})
    event = move(game, RED, 3, 7, [BLACK])
    assert event["deals"] == [{"with": BLACK, "promises": [CONSENT_TO_BLACK]}]
    assert game.describe(event).endswith(
        "Deal with Player 2: Player 1 promises to consent to Player 2.")
    assert game.view(None)["promises"] == [
        {"by": RED, "kind": "consent", "player": BLACK, "made_turn": 0, "until_turn": 3}]
    # black's turn: red is asked and must consent
    request(game, BLACK, 8, 12)
    assert _answers(game, RED) == [1]
    error = rejected(game, {"type": "answer", "player": RED, "consents": 0}, "promise_binds", "R11")
    assert str(error) == "R11: Player 1 promised to consent to Player 2"
    rejected(game, {"type": "answer", "player": RED, "consents": 1,
                    "terms": {"mover_pays": ["III"]}}, "promise_binds", "R11")
    answer(game, RED, 1)
    event = move(game, BLACK, 8, 12, [RED])
    assert event["rewards"] == {str(RED): 1}
    # kept once, the promise is done
    assert game.view(None)["promises"] == []


@pytest.mark.parametrize(("horizon", "asked_at", "binding"), [
    ("turn", 1, False),
    ("next", 1, True), ("next", 3, True), ("next", 4, False), ("next", 7, False),
    ("two", 1, True), ("two", 4, True), ("two", 6, True), ("two", 7, False),
])
def test_r11_promise_horizon(horizon: str, asked_at: int, binding: bool) -> None:
    """R11: a promise made on red's turn 0 (3 players: red 0, 3, 6; black 1, 4, 7) binds until
    the end of this turn (turn), of red's next turn (next: turn 3) or of red's second turn
    from now (two: turn 6); beyond it, it is only recorded and may be broken."""
    game, event = _red_moves_with_black(horizon=horizon,
                                        terms={"promises": [CONSENT_TO_BLACK]})
    assert event["deals"][0]["promises"] == [CONSENT_TO_BLACK]   # always recorded
    place(game, 8, BLACK, RED)
    set_space(game, 8, 12, "II")
    if asked_at % 3 == BLACK:
        _play_until(game, asked_at)
        assert game.state.current == BLACK
        request(game, BLACK, 8, 12)
        assert _answers(game, RED) == ([1] if binding else [0, 1])
    else:   # the promise binds the promiser on any turn of the horizon, even the promisee's...
        _play_until(game, asked_at)
        assert bool(game.view(None)["promises"]) == binding


def test_r11_promise_binds_black_request_on_the_horizons_last_turn() -> None:
    """horizon next with 4 players: red's turns 0 and 4; black (seat 1) asks on turn 1 (bound)
    and turn 5 (free again)."""
    game, _ = _red_moves_with_black(players=4, terms={"promises": [CONSENT_TO_BLACK]})
    place(game, 8, BLACK, RED)
    _play_until(game, 1)
    request(game, BLACK, 8, 12)
    assert _answers(game, RED) == [1]
    game.apply({"type": "withdraw", "player": BLACK})
    _play_until(game, 5)
    assert game.state.current == BLACK
    request(game, BLACK, 8, 12)
    assert _answers(game, RED) == [0, 1]
    answer(game, RED, 0)   # broken beyond the horizon: allowed


# -- example 2: payment in laurels ---------------------------------------------------------------


def test_r11_example_2_payment_in_addition_to_the_i_reward() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "III")
    give(game, RED, "IV")          # earned before (Italian text: "che deve aver già guadagnato")
    request(game, RED, 3, 7, offers={str(BLACK): {"mover_pays": ["IV"]}})
    answer(game, BLACK, 1)         # accepts the offer as made
    event = move(game, RED, 3, 7, [BLACK])
    assert event["rewards"] == {str(BLACK): 1}
    assert event["deals"] == [{"with": BLACK, "mover_pays": 1}]
    assert hoard(game, BLACK) == {"I": 1, "IV": 1}
    assert hoard(game, RED) == {"III": 1}


@pytest.mark.parametrize("nothing", [{}, {"mover_pays": [], "split": False, "promises": []},
                                     {"consenter_pays": [], "caesar": None}])
def test_r11_an_offer_of_nothing_is_no_offer(nothing: dict[str, Any]) -> None:
    """R11 (rulings.md #31): terms that ask for nothing are no deal. A review emptied an
    offer and the log said "Offer to Livia: no terms"; the request now carries no offer and
    says none, and an answer "for nothing" is a plain consent."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "III")
    event = request(game, RED, 3, 7, offers={str(BLACK): nothing})
    assert "offers" not in event
    assert game.state.request is not None and game.state.request.offers == {}
    answer(game, BLACK, 1, terms=nothing)
    assert game.state.request.answers[BLACK].terms is None
    assert "terms" not in game.events[-1]


def test_r11_payment_asked_by_the_consenter() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "III")
    give(game, RED, "V", "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"mover_pays": ["V"], "consenter_pays": []})
    move(game, RED, 3, 7, [BLACK])
    assert hoard(game, BLACK) == {"I": 1, "V": 1}
    assert hoard(game, RED) == {"II": 1, "III": 1}


def test_r11_r13_change_both_ways() -> None:
    """Tokens may be exchanged between the two to make change (R11)."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "III")
    give(game, RED, "V")
    give(game, BLACK, "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"mover_pays": ["V"], "consenter_pays": ["II"]})
    move(game, RED, 3, 7, [BLACK])
    assert hoard(game, RED) == {"II": 1, "III": 1}
    assert hoard(game, BLACK) == {"I": 1, "V": 1}


# -- example 3: Caesar where black wants, with the Caesar laurel's bonus -------------------------


def test_r11_example_3_caesar_goes_where_black_wants() -> None:
    game, event = _red_moves_with_black(token="IIC",
                                        terms={"caesar": {"from": 8, "to": 12}})
    assert event["bonus"] is True
    assert event["deals"] == [{"with": BLACK, "caesar": {"from": 8, "to": 12}}]
    assert game.state.stage == "bonus"
    assert game.legal_actions() == [{"type": "caesar", "player": RED, "from": 8, "to": 12}]
    assert game.view(None)["bonus"] == {"forced": {"from": 8, "to": 12}}
    rejected(game, {"type": "decline", "player": RED}, "deal_binds", "R11")
    rejected(game, {"type": "caesar", "player": RED, "from": 1, "to": 8}, "deal_binds", "R11")
    event = caesar(game, RED, 8, 12)
    assert event["bonus"] is True
    assert game.state.caesar == board.PATH_INDEX[(8, 12)]
    assert game.state.current == BLACK


def test_r11_r7_3_caesar_term_needs_a_caesar_laurel_on_the_path() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "V")
    request(game, RED, 3, 7)
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1,
                    "terms": {"caesar": {"from": 8, "to": 12}}}, "no_bonus_move", "R7.3")
    set_space(game, 3, 7, "IIC")
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1,
                    "terms": {"caesar": {"from": 9, "to": 13}}}, "caesar_same_space", "R8")
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1,
                    "terms": {"caesar": {"from": 0, "to": 4}}}, "not_laurel_space", "R8")
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1,
                    "terms": {"caesar": {"from": 0, "to": 9}}}, "no_such_path", "R2")
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1,
                    "terms": {"caesar": [8, 12]}}, "bad_path", "R11")


# -- example 4: a package --------------------------------------------------------------------------


def test_r11_example_4_package_promise_refusal_and_payment() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    place(game, 6, BLACK, RED)
    place(game, 12, WHITE, RED)
    set_space(game, 3, 7, "V")
    set_space(game, 6, 9, "III")
    set_space(game, 12, 13, "IV")
    give(game, RED, "I")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"promises": [CONSENT_TO_BLACK, REFUSE_WHITE], "mover_pays": ["I"]})
    event = move(game, RED, 3, 7, [BLACK])
    assert event["deals"] == [{"with": BLACK, "mover_pays": 1,
                               "promises": [CONSENT_TO_BLACK, REFUSE_WHITE]}]
    assert hoard(game, BLACK) == {"I": 2}
    assert hoard(game, RED) == {"V": 1}
    # black's turn: red's consent is owed
    request(game, BLACK, 6, 9)
    assert _answers(game, RED) == [1]
    answer(game, RED, 1)
    move(game, BLACK, 6, 9, [RED])
    # white's turn: red must refuse
    request(game, WHITE, 12, 13)
    assert _answers(game, RED) == [0]
    error = rejected(game, {"type": "answer", "player": RED, "consents": 1}, "promise_binds",
                     "R11")
    assert str(error) == "R11: Player 1 promised to refuse Player 3"
    answer(game, RED, 0)
    assert legal_of_type(game, "move", WHITE) == []


def test_r11_promised_refusal_holds_when_the_request_is_repeated() -> None:
    """A promised refusal is kept (R11): asking again in the same turn (R13) does not free the
    promiser."""
    game = new_game(3, first_player=WHITE)
    place(game, 12, WHITE, RED)
    game.state.turn = 2
    game.state.promises.append(Promise(RED, "refuse", WHITE, 0, 3))
    request(game, WHITE, 12, 13)
    answer(game, RED, 0)
    request(game, WHITE, 12, 13)
    assert _answers(game, RED) == [0]
    rejected(game, {"type": "answer", "player": RED, "consents": 1}, "promise_binds", "R11")


def test_r11_promised_refusal_lapses_beyond_the_horizon() -> None:
    game, _ = _red_moves_with_black(terms={"promises": [REFUSE_WHITE]})
    place(game, 12, WHITE, RED)
    _play_until(game, 5)      # white's turns: 2 (bound, horizon next ends at 3), 5 (free)
    assert game.state.current == WHITE
    request(game, WHITE, 12, 13)
    assert _answers(game, RED) == [0, 1]


# -- example 5: splitting the gains ---------------------------------------------------------------


def test_r11_example_5_split_the_gains_with_change() -> None:
    """Red takes a III, black earns an I: 4 points, 2 each. Red gives a II and takes back
    black's I to make the change."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "III")
    give(game, RED, "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"split": True})
    event = move(game, RED, 3, 7, [BLACK])
    assert event["deals"] == [{"with": BLACK, "split": True,
                               "split_tokens": {"mover_gave": 1, "consenter_gave": 1}}]
    assert hoard(game, RED) == {"I": 1, "III": 1}
    assert hoard(game, BLACK) == {"II": 1}
    assert (total(game, RED), total(game, BLACK)) == (4, 2)   # red kept its 2 from before


def test_r11_r7_2_the_offer_s_worth_is_told_to_the_two_parties_per_consent_count() -> None:
    """R7.2, R11 (rulings.md #9): asked for two consents on an offer to split, black reads what
    one consent and what both give it: one I reward each while the pool lasts, and half the
    move's gains (the V and its rewards, rounded down); the page read 3 of 6 points for both (a
    review). Only the two parties see it: the other seats do not see the offer's kinds."""
    game = new_game(3)
    place(game, 1, RED, BLACK, BLACK)  # office 1 has 5 seats: leaving needs 2 consents
    set_space(game, 1, 8, "V")
    request(game, RED, 1, 8, {str(BLACK): {"split": True}})
    asked = {a["player"]: a for a in game.view(BLACK)["request"]["asked"]}
    assert asked[BLACK]["gains"] == [
        # both hoards empty: the V and black's I(s) cannot make the change (rulings.md #9)
        {"consents": 1, "points": 3, "split": {"total": 6, "share": 3, "change": False}},
        {"consents": 2, "points": 3, "split": {"total": 7, "share": 3, "change": False}}]
    assert game.view(RED)["request"]["asked"][0]["gains"] == asked[BLACK]["gains"]
    assert all(a["gains"] == [] for a in game.view(WHITE)["request"]["asked"])
    assert all(a["gains"] == [] for a in game.view(None)["request"]["asked"])


def test_r11_r13_a_split_the_hoards_cannot_make_refuses_the_move() -> None:
    """Rulings #9: a split needs exact change, checked before anything moves. Red would take
    a IV with an empty reward pool, owing black 2 points; red holds only that IV and black
    nothing, so no exchange makes 2: the move is refused and not listed (R11, R13)."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "IV")
    set_pool(game, 0)
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"split": True})
    action = {"type": "move", "player": RED, "from": 3, "to": 7, "supporters": [BLACK]}
    error = rejected(game, action, "split_impossible", "R11")
    assert error.params["points"] == 2
    assert norm(action) not in legal(game)
    assert not any(a["type"] == "move" for a in game.legal_actions(RED))
    assert not any("split" in line["text"] and "moves" in line["text"] for line in game.log())
    # the mover's view says why the consents given move nothing (no other seat's view does): a
    # review was told "too few consents" with the two it needed given
    said = game.view(RED)["request"]["move_refusal"]
    assert said is not None and (said["rule"], said["code"]) == ("R11", "split_impossible")
    assert said["params"] == error.params
    assert all(game.view(q)["request"]["move_refusal"] is None for q in (BLACK, 2, None))


def test_r11_the_two_parties_read_that_a_split_cannot_make_its_change() -> None:
    """Rulings #9: a split needs exact change. Red asks black to split a V (and black's I
    reward): 6 points, 3 each; red will hold only the V and black only the I, which no exchange
    turns into 2 points passed. The two parties read `change: false` in the offer's gains before
    black answers (a playtest agreed, and then red could not move); with a II in black's hoard
    the change is made (the V for the II and the I). Each party judges from its own hoard and
    the other's count only (R10): red does not know black's II, so red reads `true` while black
    holds a single token of any kind."""
    def change(*black: str) -> tuple[bool, bool]:
        """What red and black read of the split's change, black holding ``black``."""
        game = new_game(3)
        place(game, 3, RED, BLACK)
        set_space(game, 3, 7, "V")
        give(game, BLACK, *black)
        request(game, RED, 3, 7, {str(BLACK): {"split": True}})
        seen = []
        for seat in (RED, BLACK):
            [gains] = game.view(seat)["request"]["asked"][0]["gains"]
            assert (gains["split"]["total"], gains["split"]["share"]) == (6, 3)
            seen.append(gains["split"]["change"])
        return seen[0], seen[1]

    assert change() == (False, False)
    assert change("II") == (True, True)
    # red cannot tell black's I from a II: a change may be possible
    assert change("I") == (True, False)


def test_r6_2_the_mover_s_view_says_when_the_answers_give_too_few_consents() -> None:
    """R6.2: every asked player has answered and too few consented: the mover's view says so
    (`move_refusal`); with enough, and no deal in the way, it says nothing."""
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    assert game.view(RED)["request"]["move_refusal"] is None  # waiting for the answer
    answer(game, BLACK, 0)
    said = game.view(RED)["request"]["move_refusal"]
    assert said is not None and (said["rule"], said["code"]) == ("R6.2", "needs_consent")
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    answer(game, BLACK, 1)
    assert game.view(RED)["request"]["move_refusal"] is None


def test_r11_split_of_an_odd_gain_rounds_down_for_the_consenter() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    set_space(game, 3, 7, "IV")
    give(game, RED, "II")
    request(game, RED, 3, 7)
    answer(game, BLACK, 1, {"split": True})
    move(game, RED, 3, 7, [BLACK])
    # 5 points gained: black's share is 2 (it had the I), red keeps 3; change: II for the I
    assert (total(game, RED), total(game, BLACK)) == (5, 2)


# -- R13 payments and malformed terms -------------------------------------------------------------


def test_r13_cannot_offer_tokens_not_held() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    give(game, RED, "III")
    for pays in (["V"], ["III", "III"], ["I"]):   # "I": a reward-pool token is not red's
        error = rejected(game, {"type": "request", "player": RED, "from": 3, "to": 7,
                                "offers": {str(BLACK): {"mover_pays": pays}}}, "cannot_pay")
        assert error.rule == "R13"


def test_r13_cannot_ask_or_give_tokens_not_held() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    give(game, RED, "III")
    give(game, BLACK, "II")
    request(game, RED, 3, 7)
    for terms in ({"consenter_pays": ["IV"]}, {"consenter_pays": ["II", "II"]}):
        rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": terms},
                 "cannot_pay", "R13")
    # asking the mover for a token it lacks is allowed as an answer, but the move then fails
    answer(game, BLACK, 1, {"mover_pays": ["V"]})
    assert legal_of_type(game, "move") == []
    rejected(game, {"type": "move", "player": RED, "from": 3, "to": 7, "supporters": [BLACK]},
             "cannot_pay", "R13")


def test_r13_offer_the_consenter_cannot_pay_can_only_be_refused_or_countered() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7, offers={str(BLACK): {"consenter_pays": ["V"]}})
    assert _answers(game, BLACK) == [0]
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1}, "cannot_pay", "R13")
    # the view says so (the page shows "agree on terms" from it): consenting on terms of its
    # own stays open to black, one consent at most (its one senator there)
    assert _with_terms(game, BLACK) == [1]
    answer(game, BLACK, 1, {})   # a counter-offer with no terms
    assert legal_of_type(game, "move")


def _with_terms(game: Game, player: int) -> list[int]:
    """The consents ``player`` may give on terms of its own, as the view of the request says."""
    request = game.view(player)["request"]
    return next(a["with_terms"] for a in request["asked"] if a["player"] == player)


def test_r11_terms_of_ones_own_are_open_unless_a_promise_binds() -> None:
    """R11: an asked player may name its own terms for each consent it may give; a binding
    promise of consent is owed without terms, and a binding refusal gives none."""
    game = new_game(3)
    place(game, 3, RED, BLACK, BLACK)
    request(game, RED, 3, 7)
    assert _with_terms(game, BLACK) == [1]   # one consent is needed (R6.3)
    consent, _ = _red_moves_with_black(terms={"promises": [CONSENT_TO_BLACK]})
    place(consent, 8, BLACK, RED)
    request(consent, BLACK, 8, 12)
    assert _answers(consent, RED) == [1] and _with_terms(consent, RED) == []
    rejected(consent, {"type": "answer", "player": RED, "consents": 1, "terms": {"split": True}},
             "promise_binds", "R11")
    refusal = new_game(3, first_player=WHITE)
    place(refusal, 12, WHITE, RED)
    refusal.state.turn = 2
    refusal.state.promises.append(Promise(RED, "refuse", WHITE, 0, 3))
    request(refusal, WHITE, 12, 13)
    assert _answers(refusal, RED) == [0] and _with_terms(refusal, RED) == []


@pytest.mark.parametrize(("terms", "code", "rule"), [
    ("split", "bad_terms", "R11"),
    ({"tip": ["I"]}, "bad_terms", "R11"),
    ({"mover_pays": "V"}, "bad_terms", "R13"),
    ({"mover_pays": ["VI"]}, "bad_terms", "R13"),
    ({"mover_pays": [5]}, "bad_terms", "R13"),
    ({"split": "yes"}, "bad_terms", "R11"),
    ({"split": 1}, "bad_terms", "R11"),
    ({"promises": {"by": 0}}, "bad_terms", "R11"),
    ({"promises": [{"by": RED, "kind": "consent"}]}, "bad_terms", "R11"),
    ({"promises": [{"by": RED, "kind": "maybe", "player": BLACK}]}, "bad_terms", "R11"),
    ({"promises": [{"by": RED, "kind": "consent", "player": 7}]}, "bad_terms", "R11"),
    ({"promises": [{"by": RED, "kind": "consent", "player": True}]}, "bad_terms", "R11"),
    ({"promises": [{"by": RED, "kind": "consent", "player": RED}]}, "bad_terms", "R11"),
    ({"promises": [{"by": WHITE, "kind": "consent", "player": BLACK}]}, "bad_terms", "R11"),
    ({"promises": [CONSENT_TO_BLACK, {"by": RED, "kind": "refuse", "player": BLACK}]},
     "promise_conflict", "R11"),
    # one promise listed twice in one deal is refused, not recorded twice (a playtest added
    # the same promise twice and the log and "Promises in force" showed it twice)
    ({"promises": [CONSENT_TO_BLACK, CONSENT_TO_BLACK]}, "promise_repeated", "R11"),
    ({"promises": [CAESAR_TO_BLACK, CAESAR_TO_BLACK]}, "promise_repeated", "R11"),
])
def test_r11_malformed_terms_are_rejected(terms: Any, code: str, rule: str) -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    rejected(game, {"type": "answer", "player": BLACK, "consents": 1, "terms": terms}, code, rule)


def test_r11_terms_go_with_a_consent_not_a_refusal() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    request(game, RED, 3, 7)
    rejected(game, {"type": "answer", "player": BLACK, "consents": 0,
                    "terms": {"split": True}}, "terms_without_consent", "R11")


def test_r11_offers_only_to_asked_players() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    bad_offers: list[Any] = [{str(WHITE): {}}, {"9": {}}, [], {"x": {}}]
    for offers in bad_offers:
        rejected(game, {"type": "request", "player": RED, "from": 3, "to": 7, "offers": offers},
                 "bad_terms", "R11")


def test_r11_new_promise_cannot_contradict_a_binding_one() -> None:
    game, _ = _red_moves_with_black(terms={"promises": [CONSENT_TO_BLACK]})
    place(game, 1, BLACK, RED, RED)
    request(game, BLACK, 1, 8)
    rejected(game, {"type": "answer", "player": RED, "consents": 1,
                    "terms": {"promises": [{"by": RED, "kind": "refuse", "player": BLACK}]}},
             "promise_binds", "R11")


def test_r11_deals_that_cannot_all_be_honoured_are_not_listed() -> None:
    """Each consenter may ask for the one V red holds; red cannot pick both (R13), so no move
    with both supporters is listed, and it is rejected."""
    game = new_game(3)
    place(game, 1, RED, BLACK, WHITE)
    set_space(game, 1, 8, "III")
    give(game, RED, "V")
    request(game, RED, 1, 8)
    answer(game, BLACK, 1, {"mover_pays": ["V"]})
    answer(game, WHITE, 1, {"mover_pays": ["V"]})
    assert legal_of_type(game, "move") == []
    rejected(game, {"type": "move", "player": RED, "from": 1, "to": 8,
                    "supporters": [BLACK, WHITE]}, "cannot_pay", "R13")


@pytest.mark.parametrize(("black", "white", "code", "rule"), [
    ({"caesar": {"from": 1, "to": 5}}, {"caesar": {"from": 3, "to": 6}}, "deals_conflict", "R11"),
    ({"split": True}, {"split": True}, "deals_conflict", "R11"),
    ({"promises": [{"by": RED, "kind": "consent", "player": BLUE}]},
     {"promises": [{"by": RED, "kind": "refuse", "player": BLUE}]}, "promise_conflict", "R11"),
])
def test_r11_conflicting_deals_are_neither_listed_nor_accepted(black: dict[str, Any],
                                                               white: dict[str, Any], code: str,
                                                               rule: str) -> None:
    game = new_game(4)
    place(game, 1, RED, BLACK, WHITE)
    set_space(game, 1, 8, "IIC")
    set_caesar(game, 8, 12)
    request(game, RED, 1, 8)
    answer(game, BLACK, 1, black)
    answer(game, WHITE, 1, white)
    assert legal_of_type(game, "move") == []
    rejected(game, {"type": "move", "player": RED, "from": 1, "to": 8,
                    "supporters": [BLACK, WHITE]}, code, rule)


def test_r11_promised_consent_is_owed_without_terms() -> None:
    """A promised consent is given when asked (R11): the promiser neither asks terms nor can be
    made to pay by the asker's offer; an offer it cannot pay does not block it."""
    game, _ = _red_moves_with_black(terms={"promises": [CONSENT_TO_BLACK]})
    place(game, 8, BLACK, RED)
    set_space(game, 8, 12, "II")
    assert hoard(game, RED) == {"III": 1}
    request(game, BLACK, 8, 12, offers={str(RED): {"consenter_pays": ["III"]}})
    assert _answers(game, RED) == [1]
    answer(game, RED, 1)
    move(game, BLACK, 8, 12, [RED])
    assert hoard(game, RED) == {"I": 1, "III": 1}
    # an offer the promiser could not pay at all
    game2, _ = _red_moves_with_black(terms={"promises": [CONSENT_TO_BLACK]})
    place(game2, 8, BLACK, RED)
    request(game2, BLACK, 8, 12, offers={str(RED): {"consenter_pays": ["V"]}})
    assert _answers(game2, RED) == [1]
    answer(game2, RED, 1)
    assert legal_of_type(game2, "move")


def test_r11_promise_of_consent_is_used_up_once_kept() -> None:
    game, _ = _red_moves_with_black(horizon="two", terms={"promises": [CONSENT_TO_BLACK]})
    place(game, 8, BLACK, RED)
    place(game, 6, BLACK, RED)
    set_space(game, 8, 12, "II")
    set_space(game, 6, 9, "II")
    request(game, BLACK, 8, 12)
    answer(game, RED, 1)
    move(game, BLACK, 8, 12, [RED])
    _play_until(game, 4)
    request(game, BLACK, 6, 9)
    assert _answers(game, RED) == [0, 1]


def test_r11_consent_promise_not_used_when_the_mover_picks_someone_else() -> None:
    game, _ = _red_moves_with_black(players=4, horizon="two",
                                    terms={"promises": [CONSENT_TO_BLACK]})
    place(game, 8, BLACK, RED, BLACK)
    place(game, 14, BLACK, RED)
    set_space(game, 8, 12, "II")
    _play_until(game, 1)
    request(game, BLACK, 8, 12)
    answer(game, RED, 1)
    move(game, BLACK, 8, 12, [BLACK])   # black uses its own senator
    assert game.view(None)["promises"] != []
    _play_until(game, 5)
    request(game, BLACK, 14, 13)
    assert _answers(game, RED) == [1]


def test_r11_an_offer_may_be_refused() -> None:
    game = new_game(3)
    place(game, 3, RED, BLACK)
    give(game, RED, "V")
    request(game, RED, 3, 7, offers={str(BLACK): {"mover_pays": ["V"]}})
    answer(game, BLACK, 0)
    assert legal_of_type(game, "move") == []
    game.apply({"type": "add", "player": RED, "office": 0})
    assert hoard(game, RED) == {"V": 1}
    assert hoard(game, BLACK) == {}


def test_r11_deals_are_executed_only_for_chosen_supporters() -> None:
    game = new_game(3)
    place(game, 1, RED, RED, BLACK, WHITE)
    set_space(game, 1, 5, "III")
    give(game, RED, "IV")
    request(game, RED, 1, 5)
    answer(game, BLACK, 1, {"mover_pays": ["IV"]})
    answer(game, WHITE, 1)
    event = move(game, RED, 1, 5, [RED, WHITE])
    assert "deals" not in event
    assert hoard(game, BLACK) == {}
    assert hoard(game, WHITE) == {"I": 1}
    assert hoard(game, RED) == {"III": 1, "IV": 1}
