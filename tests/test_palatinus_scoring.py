"""P5-P7 by exact positions: condottieri (P6a), control (P6b), score and winner (P7).

Positions are built on the scoring function's plain data: a board of
``terrain -> (owner, colour, kind, order)``, the spring terrains, each place's
tile letter and hill token. Terrain numbers are those of docs/palatinus-protocol.md
(place 1's ring is 8-13; its neighbours across tiles are listed in each test).
"""

from __future__ import annotations

from typing import Any

from qvcore.palatinus.facts import CONDOTTIERO as C
from qvcore.palatinus.facts import FARMER as F
from qvcore.palatinus.facts import MERCHANT as M
from qvcore.palatinus.facts import SHARED_CAPTIVE_DISC, TIED_HILL_DISC
from qvcore.palatinus.geometry import TERRAIN_NEIGHBOURS
from qvcore.palatinus.scoring import Outcome, Placed, score

RED, YELLOW, BLUE = 0, 1, 2
#: place 1 carries hill C; place 0 hill A, the others B, D, E, F, G
LETTERS = ["A", "C", "B", "D", "E", "F", "G"]
TOKENS: list[int | None] = [6, 3, 4, 4, 5, 5, 3]


def board(*pieces: tuple[int, int, str]) -> dict[int, Placed]:
    """Pieces as (terrain, owner, kind), placed in the order given; colour = owner."""
    return {t: (owner, owner, kind, order) for order, (t, owner, kind) in enumerate(pieces)}


def steps(outcome: Outcome, hill: str, step: str) -> list[Any]:
    """The hill's steps of that kind, without their running score (checked on its own)."""
    return [{k: v for k, v in s.items() if k != "scores"} for s in outcome.steps
            if s.get("hill") == hill and s["step"] == step]


def influence(outcome: Outcome, hill: str) -> dict[int, int]:
    return {s["player"]: s["total"] for s in steps(outcome, hill, "influence")}


def test_the_layout_the_examples_rely_on() -> None:
    assert TERRAIN_NEIGHBOURS[10] == (1, 9, 11, 19, 20)
    assert TERRAIN_NEIGHBOURS[12] == (11, 13, 43, 44)
    assert TERRAIN_NEIGHBOURS[9] == (8, 10, 20)
    assert TERRAIN_NEIGHBOURS[11] == (1, 6, 10, 12, 44)


def test_p6b_the_seed_worked_example_of_hill_c() -> None:
    # yellow farmer on 10: one empty terrain (19), three springs (1, 9, 11) -> 8
    # red farmer on 12: one empty terrain (13), one spring (11) -> 4
    # red merchant on 9: one merchant (20), one farmer (10), 8 empty -> 3
    springs = {1, 9, 11}
    pieces = board((10, YELLOW, F), (12, RED, F), (9, RED, M), (11, BLUE, F), (1, BLUE, M),
                   (20, BLUE, M), (43, BLUE, M), (44, BLUE, M))
    outcome = score(pieces, springs, LETTERS, TOKENS, 3)
    parts = {p["terrain"]: p["points"] for s in steps(outcome, "C", "influence")
             for p in s["parts"]}
    assert parts[10] == 8 and parts[12] == 4 and parts[9] == 3
    assert influence(outcome, "C")[RED] == 7 and influence(outcome, "C")[YELLOW] == 8
    assert steps(outcome, "C", "token") == [
        {"step": "token", "hill": "C", "player": YELLOW, "token": 3, "influence": 8}]
    assert 3 in outcome.tokens[YELLOW]


def test_p6b_merchant_counts_every_neighbour_of_any_colour_even_across_hills() -> None:
    # merchant on 10 (hill C): merchant 1, farmer 19 and condottiero 20 (both around place 2,
    # here hill D, scored after C) -> 1+2+3
    letters = ["A", "C", "D", "B", "E", "F", "G"]
    pieces = board((10, RED, M), (1, BLUE, M), (19, BLUE, F), (20, RED, C))
    outcome = score(pieces, set(), letters, TOKENS, 3)
    part = next(p for s in steps(outcome, "C", "influence") for p in s["parts"]
                if p["terrain"] == 10)
    assert part["points"] == 1 + 2 + 3


def test_p6b_farmer_counts_its_own_spring_and_empty_springs_twice_ruling_9() -> None:
    # farmer on 9: neighbours 8, 10, 20 all empty; 9 and 8 springs -> 2 own + 3*2 empty + 2
    outcome = score(board((9, RED, F)), {8, 9}, LETTERS, TOKENS, 3)
    assert influence(outcome, "C") == {RED: 2 + 6 + 2}


def test_p6b_a_condottiero_has_no_influence_and_nobody_with_influence_leaves_the_token() -> None:
    # condottiero on 8: neighbours 9 and 13 empty: it flees (0 = 0), then nobody is left
    outcome = score(board((8, RED, C)), set(), LETTERS, TOKENS, 3)
    assert steps(outcome, "C", "flee")
    assert steps(outcome, "C", "unclaimed") == [{"step": "unclaimed", "hill": "C", "token": 3}]
    assert outcome.tokens == [[], [], []]
    # a merchant with no neighbour has no influence either
    outcome = score(board((8, RED, M)), set(), LETTERS, TOKENS, 3)
    assert steps(outcome, "C", "unclaimed")


def test_p6b_a_tie_for_the_most_gives_each_tied_player_a_disc_of_2_and_removes_the_token() -> None:
    # farmers on 8 and 13 (each: neighbours 9/12 and each other, one empty -> 2)
    pieces = board((8, RED, F), (13, YELLOW, F))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert influence(outcome, "C") == {RED: 2, YELLOW: 2}
    assert steps(outcome, "C", "tie")[0]["players"] == [RED, YELLOW]
    assert outcome.discs[RED] == [2] and outcome.discs[YELLOW] == [2]
    assert all(3 not in t for t in outcome.tokens)


def test_p6a_a_condottiero_captures_the_larger_group_of_any_colour_its_own_included() -> None:
    # red condottiero on 11: farmers 10 (red) and 12 (yellow), merchant 1 -> farmers 2 > 1
    pieces = board((11, RED, C), (10, RED, F), (12, YELLOW, F), (1, BLUE, M))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    capture = steps(outcome, "C", "capture")[0]
    assert capture["group"] == F and capture["merchants"] == 1 and capture["farmers"] == 2
    assert sorted(c["terrain"] for c in capture["captives"]) == [10, 12]
    assert sorted(outcome.captured[RED]) == [RED, YELLOW]  # its own colour among them


def test_p6a_alone_among_merchants_only_it_takes_them_all() -> None:
    pieces = board((11, RED, C), (10, YELLOW, M), (12, YELLOW, M), (6, BLUE, M))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert len(outcome.captured[RED]) == 3


def test_p6a_equal_numbers_make_the_condottiero_flee() -> None:
    pieces = board((11, RED, C), (10, YELLOW, F), (12, YELLOW, M))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert steps(outcome, "C", "flee")[0]["condottiero"] == 11
    assert outcome.captured == [[], [], []]
    # it left the board: the farmer on 10 counts 11 as an empty terrain, like 1, 9, 19, 20
    part = next(p for s in steps(outcome, "C", "influence") for p in s["parts"]
                if p["terrain"] == 10)
    assert part["points"] == 2 * 5


def test_p6a_condottieri_around_one_hill_act_at_the_same_time() -> None:
    # yellow condottiero on 9: neighbours 8 (empty), 10 (farmer), 20 (empty) -> captures 10
    # red condottiero on 11: farmer 10 and merchant 12 -> 1 = 1, it flees, although taking
    # 10 away first would have left it the merchant alone
    pieces = board((9, YELLOW, C), (11, RED, C), (10, BLUE, F), (12, BLUE, M))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert [s["condottiero"] for s in steps(outcome, "C", "flee")] == [11]
    assert outcome.captured[YELLOW] == [BLUE] and outcome.captured[RED] == []


def test_p6a_condottieri_never_affect_each_other() -> None:
    # two condottieri side by side (8 and 13) with one farmer each: neither counts the other
    pieces = board((8, RED, C), (13, YELLOW, C), (9, BLUE, F), (12, BLUE, F))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert outcome.captured[RED] == [BLUE] and outcome.captured[YELLOW] == [BLUE]


def test_p6a_a_shared_captive_goes_to_the_first_placed_condottiero_the_other_takes_a_disc() -> None:
    # 9 (yellow, placed first) and 11 (red) both capture the farmer on 10
    pieces = board((9, YELLOW, C), (11, RED, C), (10, BLUE, F), (6, BLUE, F))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    shared = next(s for s in steps(outcome, "C", "captive") if s["terrain"] == 10)
    assert shared["to"] == YELLOW and shared["by"] == [9, 11] and shared["discs"] == [RED]
    assert outcome.captured[YELLOW] == [BLUE]
    assert outcome.captured[RED] == [BLUE]  # the farmer on 6, which only red captures
    assert outcome.discs[RED] == [1]


def test_p5_hills_go_in_letter_order_and_a_capture_changes_later_hills() -> None:
    # hill A (place 0) first: red condottiero on 1 captures the merchant on 10 (hill C's
    # ring) with merchants 10, 2 against no farmer... so at hill C nobody is left
    pieces = board((1, RED, C), (10, YELLOW, M), (2, YELLOW, M))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    hills = [s["hill"] for s in outcome.steps if s["step"] == "hill"]
    assert hills == list("ABCDEFG")
    assert len(outcome.captured[RED]) == 2
    assert steps(outcome, "C", "unclaimed")


def test_p7_points_and_the_tie_break_then_a_shared_victory_ruling_8() -> None:
    out = Outcome(captured=[[0, 1], [], []], tokens=[[3], [5], [4]], discs=[[], [], [1]])
    assert [out.points(q) for q in range(3)] == [5, 5, 5]
    assert out.leaders() == [0, 1, 2]
    assert out.winners() == [0]  # 3 things against 1 and 2
    out = Outcome(captured=[[0], [], []], tokens=[[4], [3], []], discs=[[], [2], []])
    assert out.leaders() == [0, 1]
    assert out.winners() == [0, 1]  # 5 points and 2 things each: shared
    out = Outcome(captured=[[], [], []], tokens=[[4], [3], []], discs=[[], [], []])
    assert out.leaders() == out.winners() == [0]  # no tie: nothing to break


def test_p7_the_total_step_names_the_seats_tied_on_points() -> None:
    # the page says how P7's tie-break went from the total step: red and yellow tie for hill
    # C (a disc of 2 each, 2 points and 1 thing each): tied, and a shared victory (ruling 8)
    tied: Any = score(board((8, RED, F), (13, YELLOW, F)), set(), LETTERS, TOKENS, 3).steps[-1]
    assert tied["tied"] == [RED, YELLOW] and tied["winners"] == [RED, YELLOW]
    # yellow alone takes hill C: nothing to break
    alone: Any = score(board((10, YELLOW, F)), set(), LETTERS, TOKENS, 3).steps[-1]
    assert alone["tied"] == [] and alone["winners"] == [YELLOW]


def test_p5_the_final_steps_reveal_every_kind_and_total_everything() -> None:
    pieces = board((10, YELLOW, F), (12, RED, F))
    outcome = score(pieces, set(), LETTERS, TOKENS, 3)
    assert outcome.steps[0]["step"] == "reveal"
    assert {i["terrain"]: i["kind"] for i in outcome.steps[0]["inhabitants"]} == {10: F, 12: F}
    total: Any = outcome.steps[-1]
    assert total["step"] == "total"
    assert [p["points"] for p in total["players"]] == [outcome.points(q) for q in range(3)]


def test_the_rulings_are_data_the_scoring_reads(monkeypatch) -> None:
    from qvcore.palatinus import facts
    # ruling 9 off: the farmer on 9 with springs 8 and 9 loses the empty spring's second 2
    monkeypatch.setattr(facts, "EMPTY_SPRING_COUNTS_TWICE", False)
    outcome = score(board((9, RED, F)), {8, 9}, LETTERS, TOKENS, 3)
    assert influence(outcome, "C") == {RED: 2 + 6}
    # ruling 4 changed to a supply of one disc: the second tied player gets none
    monkeypatch.setattr(facts, "DISC_SUPPLY", 1)
    outcome = score(board((8, RED, F), (13, YELLOW, F)), set(), LETTERS, TOKENS, 3)
    assert outcome.discs[RED] == [2] and outcome.discs[YELLOW] == []


def test_p7_each_step_carries_the_running_score() -> None:
    """P7: a player scores 1 per captive plus the values of its tokens and discs. Each step
    carries every player's points once it is done (a playtest had no running score while the
    hills were scored one by one): a captive adds 1 to its taker, a token its value, a tie's
    disc 2 to each tied player, other steps nothing; the last step's are the totals."""
    from qvcore.palatinus.game import Game
    from tests.browser.test_palatinus_replay import finished_save
    for seed in (1, 11, 34):
        final = Game.load(finished_save(seed)).events[-1]["final"]
        before = [0, 0]
        for st in final["steps"]:
            gained = [now - was for now, was in zip(st["scores"], before, strict=True)]
            if st["step"] == "captive":
                assert gained[st["to"]] == 1, st
                assert sum(gained) == 1 + SHARED_CAPTIVE_DISC * len(st["discs"]), st
            elif st["step"] == "token":
                assert gained[st["player"]] == st["token"] and sum(gained) == st["token"], st
            elif st["step"] == "tie":
                assert all(gained[q] == TIED_HILL_DISC for q in st["players"]), st
            else:
                assert gained == [0, 0], st
            before = st["scores"]
        assert before == final["points"] == [p["points"] for p in final["steps"][-1]["players"]]
