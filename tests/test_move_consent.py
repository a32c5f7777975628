"""R6 move a senator: consent by seats (R6.1, R6.2), who consents (R6.3), the mover's pick
(R6.4), Caesar's free passage (R6.5), and the consent rulings of R13."""

from __future__ import annotations

from typing import Any

import pytest

from qvcore import Game, board
from qvcore.laurels import IIC
from tests.helpers import (
    answer,
    hoard,
    legal,
    legal_of_type,
    move,
    moves_from,
    new_game,
    norm,
    place,
    rejected,
    request,
    set_caesar,
)

RED, BLUE, BLACK, WHITE = 0, 1, 2, 3


def mv(p: int, a: int, b: int, supporters: list[int] | None = None) -> dict[str, object]:
    return {"type": "move", "player": p, "from": a, "to": b, "supporters": supporters or []}


def rq(p: int, a: int, b: int) -> dict[str, object]:
    return {"type": "request", "player": p, "from": a, "to": b}


# -- the worked example of the Italian text (p. 4 of the original rules) ----------------------


def test_r6_worked_example_red_blue_black() -> None:
    """R6.1-R6.3: red in a 1-seat office moves freely; blue in a 3-seat office needs red's or
    black's consent; black in a 5-seat office with two other black senators consents to
    itself."""
    game = new_game(3)
    place(game, 0, RED)
    place(game, 3, BLUE, RED, BLACK)
    place(game, 1, BLACK, BLACK, BLACK)

    # red: free move out of the 1-seat office, no vote
    assert norm(mv(RED, 0, 4)) in legal(game, RED)
    event = move(game, RED, 0, 4)
    assert event["supporters"] == []
    assert "rewards" not in event and "took" not in event
    assert game.state.offices[4] == [RED]

    # blue: alone it cannot leave; it asks red and black, and either consent is enough
    assert game.state.current == BLUE
    assert not [a for a in legal_of_type(game, "move", BLUE) if a["from"] == 3]
    rejected(game, mv(BLUE, 3, 6), "needs_consent", "R6.2")
    event = request(game, BLUE, 3, 6)
    assert event["asked"] == [BLACK, RED]
    assert event["needed"] == 1
    answer(game, RED, 1)
    answer(game, BLACK, 1)
    choices = [a["supporters"] for a in legal_of_type(game, "move", BLUE) if a["to"] == 6]
    assert sorted(choices) == [[RED], [BLACK]]
    rejected(game, mv(BLUE, 3, 6, [RED, BLACK]), "too_many_supporters", "R6.4")
    move(game, BLUE, 3, 6, [BLACK])
    assert hoard(game, BLACK) == {"I": 1}
    assert hoard(game, RED) == {}

    # black: two other black senators in the 5-seat office give the two consents
    assert game.state.current == BLACK
    own = [a for a in legal_of_type(game, "move", BLACK) if a["from"] == 1]
    assert {a["supporters"] == [BLACK, BLACK] for a in own} == {True}
    assert {a["to"] for a in own} == {5, 8}
    pool = game.state.pool
    event = move(game, BLACK, 1, 8, [BLACK, BLACK])
    assert "rewards" not in event
    assert game.state.pool == pool
    assert game.state.offices[1] == [BLACK, BLACK]


# -- R6.1 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), [(0, 4), (2, 6), (4, 8), (5, 9), (7, 10), (10, 14), (11, 14)])
def test_r6_1_one_seat_offices_move_freely(a: int, b: int) -> None:
    game = new_game(3)
    place(game, a, RED)
    assert norm(mv(RED, a, b)) in legal(game)
    rejected(game, mv(RED, a, b, [RED]), "no_consent_needed", "R6.1")
    rejected(game, mv(RED, a, b, [BLUE]), "no_consent_needed", "R6.1")
    rejected(game, rq(RED, a, b), "no_consent_needed", "R6.1")
    move(game, RED, a, b)
    assert game.state.offices[b] == [RED]


def test_r6_destination_must_have_a_free_seat() -> None:
    game = new_game(3)
    place(game, 0, RED)
    place(game, 4, BLUE)
    place(game, 3, RED, RED)
    place(game, 6, BLUE, BLACK, BLUE)
    assert moves_from(game, 0) == []
    assert [a["to"] for a in moves_from(game, 3)] == [7]
    rejected(game, mv(RED, 0, 4), "office_full", "R6")
    rejected(game, mv(RED, 3, 6, [RED]), "office_full", "R6")
    rejected(game, rq(RED, 3, 6), "office_full", "R6")


# -- R6.2: consents are counted by seats, not by senators present ------------------------------


def test_r6_2_lone_senator_in_a_3_seat_office_is_stuck() -> None:
    game = new_game(3)
    place(game, 8, RED)
    assert moves_from(game, 8) == []
    error = rejected(game, mv(RED, 8, 12), "needs_consent", "R6.2")
    assert str(error) == "R6.2: leaving office 8 needs 1 more consent"
    assert error.params == {"office": 8, "missing": 1}
    rejected(game, rq(RED, 8, 12), "nobody_to_ask", "R6.2")
    rejected(game, mv(RED, 8, 12, [RED]), "not_enough_own", "R6.3")


@pytest.mark.parametrize("others", [[], [RED], [BLUE]])
def test_r6_2_five_seat_office_with_one_or_two_senators_is_stuck(others: list[int]) -> None:
    game = new_game(3)
    place(game, 1, RED, *others)
    assert moves_from(game, 1) == []
    error = rejected(game, mv(RED, 1, 5), "needs_consent", "R6.2")
    assert str(error) == "R6.2: leaving office 1 needs 2 more consents"
    if others == [BLUE]:
        error = rejected(game, rq(RED, 1, 5), "needs_consent", "R6.2")
        assert error.params["missing"] == 1
    if others == [RED]:
        rejected(game, mv(RED, 1, 5, [RED]), "needs_consent", "R6.2")
        rejected(game, mv(RED, 1, 5, [RED, RED]), "not_enough_own", "R6.3")


@pytest.mark.parametrize(("office", "others", "a", "b"), [
    (8, [], 8, 12), (1, [], 1, 5), (1, [RED], 1, 8), (1, [BLUE], 1, 8), (9, [BLUE], 9, 13),
])
def test_r6_2_r6_5_stuck_senators_leave_only_with_caesar(office: int, others: list[int], a: int,
                                                         b: int) -> None:
    game = new_game(3)
    place(game, office, RED, *others)
    set_caesar(game, a, b)
    assert norm(mv(RED, a, b)) in legal(game)
    move(game, RED, a, b)
    assert RED in game.state.offices[b]


def test_r6_2_three_seat_office_needs_exactly_one_other() -> None:
    game = new_game(3)
    place(game, 8, RED, BLUE, BLACK)
    request(game, RED, 8, 12)
    answer(game, BLACK, 1)
    answer(game, BLUE, 1)
    rejected(game, mv(RED, 8, 12), "needs_consent", "R6.2")
    rejected(game, mv(RED, 8, 12, [BLUE, BLACK]), "too_many_supporters", "R6.4")
    move(game, RED, 8, 12, [BLUE])
    assert hoard(game, BLUE) == {"I": 1}
    assert hoard(game, BLACK) == {}


def test_r6_2_five_seat_office_needs_exactly_two_others() -> None:
    game = new_game(4)
    place(game, 9, RED, BLUE, BLACK, WHITE)
    set_caesar(game, 1, 8)
    request(game, RED, 9, 13)
    answer(game, BLUE, 1)
    error = rejected(game, mv(RED, 9, 13, [BLUE]), "needs_consent", "R6.2")
    assert str(error) == "R6.2: leaving office 9 needs 1 more consent"
    answer(game, BLACK, 0)
    answer(game, WHITE, 1)
    rejected(game, mv(RED, 9, 13, [BLUE, BLACK]), "no_consent", "R6.3")
    rejected(game, mv(RED, 9, 13, [BLUE, WHITE, BLUE]), "too_many_supporters", "R6.4")
    move(game, RED, 9, 13, [BLUE, WHITE])
    assert game.state.senate() == [RED]


# -- R6.3: own senators, other owners, an owner with two senators -------------------------------


def test_r6_3_own_senator_consents_in_a_3_seat_office() -> None:
    game = new_game(3)
    place(game, 3, RED, RED)
    moves = [a for a in legal_of_type(game, "move") if a["from"] == 3]
    assert sorted((a["to"], a["supporters"]) for a in moves) == [(6, [RED]), (7, [RED])]
    assert not legal_of_type(game, "request")   # nobody else to ask
    pool = game.state.pool
    event = move(game, RED, 3, 7, [RED])
    assert "rewards" not in event
    assert game.state.pool == pool
    assert event["took"] is True and list(hoard(game, RED).values()) == [1]


def test_r6_3_own_senators_consent_in_a_5_seat_office() -> None:
    game = new_game(3)
    place(game, 1, RED, RED, RED)
    move(game, RED, 1, 5, [RED, RED])
    assert game.state.offices[1] == [RED, RED]
    assert sum(game.state.hoards[RED]) == 1


def test_r6_3_own_and_other_consent_together() -> None:
    game = new_game(3)
    place(game, 1, RED, RED, BLUE)
    assert not [a for a in legal_of_type(game, "move") if a["from"] == 1]
    request(game, RED, 1, 8)
    answer(game, BLUE, 1)
    assert [a["supporters"] for a in legal_of_type(game, "move") if a["to"] == 8] == [[RED, BLUE]]
    event = move(game, RED, 1, 8, [BLUE, RED])
    assert event["rewards"] == {str(BLUE): 1}


def test_r6_3_owner_with_two_senators_gives_two() -> None:
    game = new_game(3)
    place(game, 1, RED, BLUE, BLUE)
    request(game, RED, 1, 5)
    assert [a["consents"] for a in legal_of_type(game, "answer")] == [0, 1, 2]
    answer(game, BLUE, 2)
    assert [a["supporters"] for a in legal_of_type(game, "move") if a["to"] == 5] == [[BLUE, BLUE]]
    event = move(game, RED, 1, 5, [BLUE, BLUE])
    assert event["rewards"] == {str(BLUE): 2}
    assert hoard(game, BLUE) == {"I": 2}
    assert game.state.pool == 16


def test_r6_3_owner_with_two_senators_gives_one() -> None:
    game = new_game(3)
    place(game, 1, RED, BLUE, BLUE, BLACK)
    request(game, RED, 1, 5)
    answer(game, BLUE, 1)
    answer(game, BLACK, 1)
    error = rejected(game, mv(RED, 1, 5, [BLUE, BLUE]), "no_consent", "R6.3")
    assert "gave only 1 consent" in str(error)
    assert [a["supporters"] for a in legal_of_type(game, "move") if a["to"] == 5] == [
        [BLUE, BLACK]]
    move(game, RED, 1, 5, [BLACK, BLUE])
    assert hoard(game, BLUE) == {"I": 1}
    assert hoard(game, BLACK) == {"I": 1}


def test_r6_3_owner_with_two_senators_in_a_3_seat_office_gives_at_most_one() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE, BLUE)
    request(game, RED, 3, 6)
    assert [a["consents"] for a in legal_of_type(game, "answer")] == [0, 1]
    error = rejected(game, {"type": "answer", "player": BLUE, "consents": 2}, "bad_consents",
                     "R6.3")
    assert error.params["most"] == 1


def test_r6_3_a_refusal_leaves_the_mover_stuck() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 0)
    assert not legal_of_type(game, "move")
    error = rejected(game, mv(RED, 3, 6, [BLUE]), "no_consent", "R6.3")
    assert "has not consented" in str(error)
    assert game.state.current == RED
    # R11: no deal -> another action
    assert legal_of_type(game, "caesar") and legal_of_type(game, "add")


def test_r6_2_r13_when_too_few_agreed_the_hint_offers_to_ask_again() -> None:
    """Every player asked has answered and too few consented (R6.2): the hint for the asked
    path offers to ask again (R13: with other offers), not to pick supporters, and names the
    request it plays."""
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 0)
    rejected(game, mv(RED, 3, 6, []), "needs_consent", "R6.2")
    hint = _hints(game)[(3, 6)]
    assert (hint["click"], hint["possible"], hint["move"]) == ("request", True, None)
    assert hint["request"] == rq(RED, 3, 6) and rq(RED, 3, 6) in legal_of_type(game, "request")


def test_r6_3_supporters_must_have_consented() -> None:
    game = new_game(4)
    place(game, 1, RED, BLUE, BLACK, BLACK)
    request(game, RED, 1, 8)
    answer(game, BLUE, 1)
    rejected(game, mv(RED, 1, 8, [BLUE, BLACK]), "no_consent", "R6.3")   # black not answered
    rejected(game, mv(RED, 1, 8, [BLUE, WHITE]), "no_consent", "R6.3")   # white not asked
    rejected(game, mv(RED, 1, 8, [BLUE, RED]), "not_enough_own", "R6.3")
    rejected(game, mv(RED, 1, 8, [BLUE, 7]), "bad_player", "R1")
    rejected(game, mv(RED, 1, 8, [BLUE, -1]), "bad_player", "R1")


def test_r6_3_only_senators_in_the_office_are_asked() -> None:
    game = new_game(4, first_player=BLUE)
    place(game, 8, BLUE, RED)
    place(game, 12, WHITE, BLACK)
    event = request(game, BLUE, 8, 12)
    assert event["asked"] == [RED]
    rejected(game, {"type": "answer", "player": WHITE, "consents": 1}, "not_asked", "R6.3")
    rejected(game, {"type": "answer", "player": BLUE, "consents": 1}, "not_asked", "R6.3")
    answer(game, RED, 1)
    rejected(game, {"type": "answer", "player": RED, "consents": 0}, "already_answered", "R6.3")


# -- R6.4: the mover picks exactly the needed consents; only those are rewarded ---------------


def test_r6_4_mover_picks_and_only_the_picked_are_rewarded() -> None:
    game = new_game(4)
    place(game, 1, RED, BLUE, BLACK, WHITE)
    request(game, RED, 1, 8)
    for q in (BLUE, BLACK, WHITE):
        answer(game, q, 1)
    choices = sorted(a["supporters"] for a in legal_of_type(game, "move") if a["to"] == 8)
    assert choices == [[BLUE, BLACK], [BLUE, WHITE], [BLACK, WHITE]]
    rejected(game, mv(RED, 1, 8, [BLUE, BLACK, WHITE]), "too_many_supporters", "R6.4")
    event = move(game, RED, 1, 8, [WHITE, BLUE])
    assert event["rewards"] == {str(BLUE): 1, str(WHITE): 1}
    assert hoard(game, BLUE) == {"I": 1}
    assert hoard(game, WHITE) == {"I": 1}
    assert hoard(game, BLACK) == {}
    assert game.state.pool == 16


def test_r6_4_r13_opponent_consent_over_own() -> None:
    """R13: the mover may choose an opponent's consent over their own senator's."""
    game = new_game(3)
    place(game, 3, RED, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 1)
    choices = sorted(a["supporters"] for a in legal_of_type(game, "move") if a["to"] == 6)
    assert choices == [[RED], [BLUE]]
    event = move(game, RED, 3, 6, [BLUE])
    assert event["rewards"] == {str(BLUE): 1}


# -- R6.5: Caesar on the path --------------------------------------------------------------------


def test_r6_5_caesar_path_needs_no_vote_and_allows_none() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    set_caesar(game, 3, 7)
    to7 = [a for a in game.legal_actions() if a.get("to") == 7 and a["type"] != "caesar"]
    assert to7 == [mv(RED, 3, 7)]
    rejected(game, rq(RED, 3, 7), "caesar_no_vote", "R6.5")
    rejected(game, mv(RED, 3, 7, [BLUE]), "caesar_no_vote", "R6.5")
    # the other path out of office 3 still needs a vote
    rejected(game, mv(RED, 3, 6), "needs_consent", "R6.2")
    event = move(game, RED, 3, 7)
    assert event["caesar"] is True
    assert "took" not in event


# -- R13 rulings on requests ---------------------------------------------------------------------


def test_r13_consent_is_for_one_path_only() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 1)
    assert [a["to"] for a in legal_of_type(game, "move")] == [6]
    rejected(game, mv(RED, 3, 7, [BLUE]), "no_consent", "R6.3")


def test_r13_several_requests_in_one_turn_and_abandoning_one() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 0)
    # nobody supports 3->6: ask for 3->7 instead, in the same turn
    request(game, RED, 3, 7)
    assert game.state.request is not None and game.state.request.answers == {}
    answer(game, BLUE, 1)
    act_withdraw = {"type": "withdraw", "player": RED}
    assert act_withdraw in game.legal_actions()
    game.apply(act_withdraw)
    assert game.state.stage == "action" and game.state.current == RED and game.state.turn == 0
    rejected(game, {"type": "answer", "player": BLUE, "consents": 1}, "no_request", "R6.3")
    rejected(game, mv(RED, 3, 7, [BLUE]), "no_consent", "R6.3")
    rejected(game, act_withdraw, "wrong_stage", "R4")
    # nothing happened: still red's turn, nothing moved
    assert game.state.offices[3] == [RED, BLUE]


def test_r13_another_action_drops_the_request() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 1)
    add = {"type": "add", "player": RED, "office": 1}
    assert add in game.legal_actions()
    event = game.apply(add)
    assert game.state.request is None
    assert game.state.stage == "action"
    assert game.state.current == BLUE
    rejected(game, {"type": "answer", "player": BLUE, "consents": 1}, "no_request", "R6.3")
    # the asked player learns that the answer is void: the event names the request dropped
    # (a playtest agreed on terms, and the bot's next request said nothing of them)
    assert event["dropped"] == {"from": 3, "to": 6}
    names = game.options.names
    assert game.describe(event).startswith(f"{names[RED]} drops the request to move from office"
                                           f" 3 to office 6. {names[RED]} adds a senator")


def test_r13_a_new_request_or_the_move_itself_drops_only_what_it_replaces() -> None:
    """R13: asking again replaces the open request (its answers are void: said as dropped);
    the move the consents were asked for carries it out, and drops nothing."""
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    answer(game, BLUE, 1)
    assert request(game, RED, 3, 7)["dropped"] == {"from": 3, "to": 6}
    answer(game, BLUE, 1)
    moved = game.apply(mv(RED, 3, 7, [BLUE]))
    assert "dropped" not in moved


def test_r6_answers_come_from_players_other_than_the_one_to_act() -> None:
    game = new_game(3)
    place(game, 3, RED, BLUE)
    request(game, RED, 3, 6)
    view = game.view(BLUE)
    assert view["waiting_for"] == [BLUE]
    assert sorted(view["may_act"]) == [RED, BLUE]
    assert [a["type"] for a in view["legal"]] == ["answer", "answer"]
    assert game.state.current == RED   # the mover keeps the turn while asking


def test_r6_3_the_view_says_who_decides_and_offers_only_that_seats_choices() -> None:
    """While an asked player answers (R6.3), the table waits for that player: the view names
    the decision, and the mover's other turn actions (add, move, Caesar) are not among its
    choices, for any viewer; once every answer is in, the mover decides again (R6.4)."""
    game = new_game(3)
    place(game, 3, RED, BLUE)
    place(game, 8, RED)
    view = game.view(None)
    assert view["decision"] == {"seat": RED, "stage": "action", "kind": "turn"}
    assert view["moves"] and view["adds"] and view["caesar_targets"]
    request(game, RED, 3, 6)
    for viewer in (None, RED, BLUE, BLACK):
        view = game.view(viewer)
        assert view["decision"] == {"seat": BLUE, "stage": "consent", "kind": "answer"}
        assert (view["moves"], view["adds"], view["caesar_targets"]) == ([], [], [])
    # the asked player's terms may send Caesar anywhere but his own space (R7.3, R8, R11),
    # listed with the request, not among the mover's choices
    path = board.PATH_INDEX[(3, 6)]
    token = game.state.spaces[path]
    game.state.spaces[path] = IIC
    spaces = [q["path"] for q in game.view(BLUE)["request"]["caesar_terms"]]
    assert spaces == [q for q in board.LAUREL_PATHS if q != game.state.caesar]
    game.state.spaces[path] = token
    assert token == IIC or game.view(BLUE)["request"]["caesar_terms"] == []
    answer(game, BLUE, 0)
    view = game.view(None)
    assert view["decision"] == {"seat": RED, "stage": "consent", "kind": "supporters"}
    assert {(h["from"], h["to"]) for h in view["moves"]} >= {(3, 6), (8, 12)}
    assert view["adds"] and view["caesar_targets"]


def test_r6_move_hints_explain_why_a_path_is_closed() -> None:
    game = new_game(3)
    place(game, 8, RED)
    place(game, 3, RED, BLUE)
    place(game, 0, RED)
    place(game, 4, BLACK)
    hints = {(h["from"], h["to"]): h for h in game.view(RED)["moves"]}
    assert hints[(0, 4)]["reason"] == "R6: office 4 has no free seat"
    assert hints[(8, 12)]["reason"] == "R6.2: no other player has a senator in office 8"
    assert hints[(8, 12)]["error"]["code"] == "nobody_to_ask"
    assert hints[(0, 4)]["click"] == hints[(8, 12)]["click"] == "refused"
    assert hints[(3, 6)]["possible"] is True and hints[(3, 6)]["free"] is False
    assert hints[(3, 6)]["click"] == "request" and hints[(3, 6)]["asked"] == [BLUE]
    assert hints[(3, 6)]["others"] == {str(BLUE): 1}
    set_caesar(game, 8, 12)
    hints = {(h["from"], h["to"]): h for h in game.view(RED)["moves"]}
    caesar_hint = hints[(8, 12)]
    assert (caesar_hint["free"], caesar_hint["possible"], caesar_hint["needed"]) == (True, True, 0)
    assert (caesar_hint["caesar"], caesar_hint["reason"], caesar_hint["laurel"]) == (
        True, None, None)


def _hints(game: Game) -> dict[tuple[int, int], Any]:
    return {(h["from"], h["to"]): h for h in game.view(RED)["moves"]}


def test_r6_5_hints_say_when_caesar_on_the_path_would_free_a_stuck_senator() -> None:
    """A lone senator in a 3-seat office (R6.2, R6.3: nobody to ask) and one in a 5-seat
    office with one other (R6.2: short of consents) can leave only with Caesar on the path
    (R6.5, R8, R7.3): the hint says so, with how many consents the move needs."""
    game = new_game(3)
    place(game, 8, RED)
    place(game, 1, RED, BLUE)
    hints = _hints(game)
    lone, short = hints[(8, 12)], hints[(1, 5)]
    assert (lone["error"]["code"], lone["needed"], lone["caesar_frees"]) == (
        "nobody_to_ask", 1, True)
    assert (short["error"]["code"], short["needed"], short["caesar_frees"]) == (
        "needs_consent", 2, True)
    # and it really would: with Caesar there, the move needs no consent at all
    set_caesar(game, 8, 12)
    freed = _hints(game)[(8, 12)]
    assert (freed["click"], freed["needed"], freed["caesar_frees"]) == ("move", 0, False)
    move(game, RED, 8, 12)
    assert RED in game.state.offices[12]


def test_r6_5_no_caesar_hint_where_caesar_would_not_free_the_move() -> None:
    """Caesar frees only a want of consents: not a full destination (R6), not a move that
    needs no consent (R6.1) or that consents can already make (R6.3), not a Caesar promise's
    turn (R11)."""
    game = new_game(3)
    place(game, 8, RED)
    place(game, 12, BLUE, BLACK, BLUE)     # 8→12: the destination is full
    place(game, 0, RED)                     # 0→4: a 1-seat office, free anyway
    place(game, 3, RED, BLUE)               # 3→6, 3→7: Blue can be asked
    hints = _hints(game)
    assert hints[(8, 12)]["error"]["code"] == "office_full"
    assert [h["caesar_frees"] for h in hints.values()] == [False] * len(hints)
