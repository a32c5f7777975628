"""P2-P4 through the Game: inhabitants by player count, the played set-up, turns and the
condottiero timing rule; legal actions and refusals from the same checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from qvcore import RuleError
from qvcore.palatinus import Game
from qvcore.palatinus.facts import CONDOTTIERO, FARMER, MERCHANT
from qvcore.palatinus.geometry import HILLS, RING_SLOTS, TERRAINS
from qvcore.palatinus.legality import refusal
from qvcore.palatinus.state import PLACE, SETUP
from qvcore.protocol import Action


def laid(players: int, seed: int = 1, first: int | None = 0) -> Game:
    """A game whose set-up is done (each tile on the first legal place, unturned)."""
    game = Game({"players": players, "first_player": first}, seed)
    while game.state.stage == SETUP:
        game.apply(game.legal_actions()[0])
    return game


def place(game: Game, kind: str, wolf: bool = False, terrain: int | None = None,
          colour: int | None = None) -> dict[str, Any]:
    seat = game.state.current
    free = [t for t in TERRAINS if t not in game.state.board]
    return game.apply({"type": "place", "player": seat,
                       "terrain": free[0] if terrain is None else terrain,
                       "colour": seat if colour is None else colour, "kind": kind,
                       "wolf": wolf})


def code(game: Game, action: Any) -> str:
    with pytest.raises(RuleError) as caught:
        game.apply(action)
    return caught.value.code


# -- P2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "merchants", "wolf_m", "farmers", "wolf_f", "condottieri"),
                         [(5, 3, 1, 3, 2, 1), (4, 4, 2, 3, 2, 1)])
def test_p2_each_player_holds_the_table_s_inhabitants(players, merchants, wolf_m, farmers,
                                                      wolf_f, condottieri) -> None:
    game = Game({"players": players}, 1)
    for supply in game.state.supply:
        def count(kind: str, wolf: bool | None = None, held: dict[Any, int] = supply) -> int:
            return sum(n for (_, k, w), n in held.items()
                       if k == kind and (wolf is None or w == wolf))
        assert (count(MERCHANT), count(MERCHANT, True), count(FARMER), count(FARMER, True),
                count(CONDOTTIERO)) == (merchants, wolf_m, farmers, wolf_f, condottieri)


def test_p2_three_players_hold_a_colour_s_full_set_of_12_ruling_5() -> None:
    game = Game({"players": 3}, 1)
    assert [game.state.held(q) for q in range(3)] == [12, 12, 12]


def test_p2_two_players_also_play_four_of_an_unused_colour_as_their_own() -> None:
    game = laid(2)
    assert [game.state.held(q) for q in range(2)] == [16, 16]
    extra = {(k, w): n for (c, k, w), n in game.state.supply[0].items() if c == 2}
    assert extra == {(MERCHANT, False): 1, (MERCHANT, True): 1, (FARMER, False): 1,
                     (FARMER, True): 1}
    assert code(game, {"type": "place", "player": 0, "terrain": 1, "colour": 3,
                       "kind": MERCHANT, "wolf": False}) == "not_held"
    event = place(game, FARMER, colour=2)
    assert event["colour"] == 2 and game.state.board[event["terrain"]].owner == 0


def test_p2_two_players_extra_colour_counts_as_the_seat_s_own_influence() -> None:
    game = laid(2, seed=3)
    rand = random.Random(3)
    while not game.is_over():
        game.apply(rand.choice(game.legal_actions()))
    final = game.events[-1]["final"]
    colour_of = {i["terrain"]: i["colour"] for i in final["steps"][0]["inhabitants"]}
    counted = [(s["player"], colour_of[p["terrain"]]) for s in final["steps"]
               if s["step"] == "influence" for p in s["parts"]]
    assert counted and all(colour in (player, 2 + player) for player, colour in counted)
    assert any(colour >= 2 for _, colour in counted)


@pytest.mark.parametrize("players", [1, 6, "3", 3.0, True, None])
def test_p2_player_counts_are_2_to_5(players) -> None:
    with pytest.raises(RuleError) as caught:
        Game({"players": players}, 1)
    assert caught.value.code == "bad_player_count" and caught.value.rule == "P2"


# -- P3 -----------------------------------------------------------------------------------


def test_p3_the_middle_tile_is_up_with_the_palatinus_6_and_the_first_tile_goes_anywhere() -> None:
    game = Game({"players": 4}, 5)
    view = game.view(None)
    assert view["tiles"][0]["letter"] is not None and view["tiles"][0]["token"] == 6
    assert view["in_hand"] is not None and view["pile"] == 5
    assert {a["slot"] for a in game.legal_actions()} == set(RING_SLOTS)
    assert {a["rotation"] for a in game.legal_actions()} == set(range(6))


def test_p3_each_next_tile_touches_the_middle_and_a_laid_ring_tile() -> None:
    game = Game({"players": 3}, 5)
    game.apply({"type": "lay", "player": 0, "slot": 1, "rotation": 0})
    assert {a["slot"] for a in game.legal_actions()} == {2, 6}
    assert code(game, {"type": "lay", "player": 1, "slot": 4, "rotation": 0}) \
        == "slot_not_touching"
    assert code(game, {"type": "lay", "player": 1, "slot": 1, "rotation": 0}) == "slot_taken"
    assert code(game, {"type": "lay", "player": 1, "slot": 0, "rotation": 0}) == "bad_slot"
    assert code(game, {"type": "lay", "player": 1, "slot": 2, "rotation": 6}) == "bad_rotation"
    assert code(game, {"type": "lay", "player": 0, "slot": 2, "rotation": 0}) == "not_your_turn"
    assert code(game, {"type": "place", "player": 1, "terrain": 8, "colour": 1,
                       "kind": MERCHANT, "wolf": False}) == "setup_running"


def test_p3_with_five_players_the_first_lays_two_tiles_then_tokens_then_he_starts() -> None:
    game = Game({"players": 5, "first_player": 3}, 2)
    layers = []
    while game.state.stage == SETUP:
        layers.append(game.state.current)
        event = game.apply(game.legal_actions()[-1])
    assert layers == [3, 4, 0, 1, 2, 3]
    assert sorted(event["tokens"][1:]) == [3, 3, 4, 4, 5, 5] and event["tokens"][0] == 6
    assert game.state.stage == PLACE and game.state.current == 3
    assert code(game, {"type": "lay", "player": 3, "slot": 1, "rotation": 0}) == "setup_over"


def test_p3_a_turned_tile_turns_its_springs_ruling_2() -> None:
    springs = []
    for rotation in (0, 1):
        game = Game({"players": 2}, 9)
        event = game.apply({"type": "lay", "player": 0, "slot": 1, "rotation": rotation})
        springs.append(event["springs"])
    # place 1's terrains are 8-13; one sixth-turn moves each spring on to the next terrain
    assert springs[0]
    assert sorted(springs[1]) == sorted(8 + (t - 8 + 1) % 6 for t in springs[0])


# -- P4 -----------------------------------------------------------------------------------


def test_p4_inhabitants_go_on_unoccupied_terrains_never_on_a_hill_in_turn() -> None:
    game = laid(4)
    seat = game.state.current
    piece = {"colour": seat, "kind": MERCHANT, "wolf": False}
    assert code(game, {"type": "place", "player": seat, "terrain": HILLS[2], **piece}) == "hill"
    assert code(game, {"type": "place", "player": seat, "terrain": 49, **piece}) \
        == "bad_terrain"
    event = place(game, MERCHANT, terrain=8)
    assert event["kind"] == MERCHANT and not event["wolf"]
    other = game.state.current
    assert code(game, {"type": "place", "player": other, "terrain": 8, "colour": other,
                       "kind": MERCHANT, "wolf": False}) == "terrain_taken"
    assert code(game, {"type": "place", "player": seat, "terrain": 9, **piece}) \
        == "not_your_turn"


def test_p4_a_wolf_faced_inhabitant_is_placed_face_down() -> None:
    game = laid(4)
    event = place(game, FARMER, wolf=True, terrain=8)
    assert "kind" not in event and event["wolf"] is True


def test_p4_five_players_place_the_condottiero_on_turn_1_to_4() -> None:
    game = laid(5)
    for _turn in range(3):  # turns 1-3: everybody places a merchant
        for _ in range(5):
            place(game, MERCHANT if game.state.supply[game.state.current].get(
                (game.state.current, MERCHANT, False)) else FARMER,
                wolf=not game.state.supply[game.state.current].get(
                    (game.state.current, MERCHANT, False)))
    seat = game.state.current
    assert game.state.held(seat) == 4
    kinds = {a["kind"] for a in game.legal_actions()}
    assert kinds == {CONDOTTIERO}  # turn 4: the last chance
    free = next(t for t in TERRAINS if t not in game.state.board)
    error = refusal(game.state, {"type": "place", "player": seat, "terrain": free,
                                 "colour": seat, "kind": FARMER, "wolf": True})
    assert error is not None and error.code == "condottiero_held" and error.rule == "P4"


def test_p4_a_condottiero_may_not_go_down_in_the_last_turns() -> None:
    game = laid(5)
    state = game.state
    # seat to act has only three inhabitants left, one a condottiero (a hand-made position)
    seat = state.current
    state.supply[seat] = {(seat, CONDOTTIERO, False): 1, (seat, FARMER, True): 2}
    free = next(t for t in TERRAINS if t not in state.board)
    error = refusal(state, {"type": "place", "player": seat, "terrain": free, "colour": seat,
                            "kind": CONDOTTIERO, "wolf": False})
    assert error is not None and error.code == "condottiero_late"


def test_p4_with_three_players_both_condottieri_go_down_before_the_last_four_turns() -> None:
    game = laid(3, seed=4)
    rand = random.Random(4)
    while game.state.stage == PLACE:
        seat = game.state.current
        held = game.state.held(seat)
        if held <= 4:
            assert game.state.held_condottieri(seat) == 0
        if held == 6 and game.state.held_condottieri(seat) == 2:
            assert {a["kind"] for a in game.legal_actions()} == {CONDOTTIERO}
        legal = [a for a in game.legal_actions() if a["kind"] != CONDOTTIERO] \
            or game.legal_actions()
        game.apply(rand.choice(legal))  # put condottieri off as long as the rules allow
    assert game.is_over()


def test_p4_the_seat_s_view_says_what_waits_and_how_long_its_condottieri_may() -> None:
    """P4 with ruling 10, told to the page: the acting seat's view lists each inhabitant it
    holds but may not place now with the refusal's rule and code (`withheld`), and every seat's
    own view how many of its turns are left for its condottieri (`condottiero_turns`). A review
    saw the merchants and farmers vanish from the choice on the 11th turn, unexplained."""
    game = laid(3, seed=4)
    rand = random.Random(4)
    seen = set()
    while game.state.stage == PLACE:
        state = game.state
        seat = state.current
        held, condottieri = state.held(seat), state.held_condottieri(seat)
        mine = game.view(seat, log=False)
        onlooker = game.view(None, log=False)
        assert onlooker["withheld"] == [] and onlooker["condottiero_turns"] is None
        if condottieri:
            assert mine["condottiero_turns"] == held - 4  # the turns before the last four
            waiting = game.view((seat + 1) % 3, log=False)["condottiero_turns"]
            assert waiting == (None if not state.held_condottieri((seat + 1) % 3)
                               else state.held((seat + 1) % 3) - 4)
        else:
            assert mine["condottiero_turns"] is None
        kept = {(w["colour"], w["kind"], w["wolf"]) for w in mine["withheld"]}
        offered = {(x["colour"], x["kind"], x["wolf"]) for x in mine["placeable"]}
        hand = {piece for piece, count in state.supply[seat].items() if count > 0}
        assert kept | offered == hand and not kept & offered
        for w in mine["withheld"]:
            assert (w["rule"], w["code"]) == ("P4", "condottiero_held")
            error = refusal(state, {"type": "place", "player": seat, "terrain": next(
                t for t in TERRAINS if t not in state.board), "colour": w["colour"],
                "kind": w["kind"], "wolf": w["wolf"]})
            assert error is not None and error.code == w["code"]
        if condottieri == 2 and held == 6:
            assert mine["condottiero_turns"] == 2 and kept and offered == {
                piece for piece in hand if piece[1] == CONDOTTIERO}
            seen.add("forced")
        if condottieri == 2 and held == 7:
            assert mine["condottiero_turns"] == 3 and not kept
            seen.add("warned")
        legal = [a for a in game.legal_actions() if a["kind"] != CONDOTTIERO] \
            or game.legal_actions()
        game.apply(rand.choice(legal))  # put condottieri off as long as the rules allow
    assert seen == {"forced", "warned"}


# -- legal actions and refusals agree ----------------------------------------------------


def _candidates(game: Game) -> list[Action]:
    state = game.state
    seat = state.current
    found: list[Action] = [{"type": "lay", "player": p, "slot": s, "rotation": r}
                           for p in range(state.n) for s in range(-1, 8) for r in (0, 5, 6)]
    colours = {c for q in range(state.n) for c, _, _ in state.supply[q]} | {seat}
    for terrain in range(0, 49, 3):
        for colour in colours:
            for kind in (MERCHANT, FARMER, CONDOTTIERO):
                for wolf in (False, True):
                    found.append({"type": "place", "player": seat, "terrain": terrain,
                                  "colour": colour, "kind": kind, "wolf": wolf})
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_legal_actions_are_exactly_the_actions_no_check_refuses(players) -> None:
    game = Game({"players": players}, players)
    rand = random.Random(players)
    while not game.is_over():
        legal = game.legal_actions()
        for action in _candidates(game):
            assert (refusal(game.state, action) is None) == (action in legal), action
        game.apply(rand.choice(legal))
    assert game.legal_actions() == []
    error = refusal(game.state, {"type": "lay", "player": 0, "slot": 1, "rotation": 0})
    assert error is not None and error.code == "game_over"


def test_p6_the_board_data_names_each_cells_neighbouring_terrains() -> None:
    """P6 counts a terrain's neighbours (hills are no terrain): the page's board data gives
    them as the engine counts them, so that a terrain can say what lies beside it without the
    page working out the hexes' geometry itself."""
    from qvcore.palatinus.geometry import TERRAIN_NEIGHBOURS, board_data
    cells = board_data()["cells"]
    assert isinstance(cells, list)
    for cell in cells:
        assert cell["neighbours"] == list(TERRAIN_NEIGHBOURS[cell["cell"]])
        assert not set(cell["neighbours"]) & set(HILLS)
    middle_hill = next(c for c in cells if c["hill"] and c["slot"] == 0)
    assert len(middle_hill["neighbours"]) == 6
    assert all(1 <= len(c["neighbours"]) <= 6 for c in cells if c["cell"] in TERRAINS)
