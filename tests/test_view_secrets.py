"""What views carry about the start of a game and its randomness (R3.2, R7.1, R10)."""

from __future__ import annotations

import json
import random

from qvcore import Game, RuleError
from qvcore.randomplay import random_action
from qvcore.state import OVER

from .helpers import new_game


def test_r3_2_setup_lists_the_face_up_tokens_at_the_start() -> None:
    """R3.2: the ten face-up tokens laid out at set-up are public; views keep them."""
    game = new_game(seed=5)
    start = {x["path"]: x["token"] for x in game.view(None)["spaces"]}
    game.apply({"type": "add", "player": 0, "office": 1})
    game.apply({"type": "add", "player": 1, "office": 1})
    for viewer in (None, 0, 1, 2):
        setup = game.view(viewer)["setup"]
        assert {x["path"]: x["token"] for x in setup} == start
        assert all(set(x) == {"path", "from", "to", "token"} for x in setup)


def _play_to_end(game: Game, rand: random.Random) -> None:
    while game.state.stage != OVER:
        game.apply(random_action(game.state, rand))


def test_r10_views_and_log_carry_no_seed_while_the_game_runs() -> None:
    """R10, R7.1: with the seed a seat could predict the pile and rebuild every hoard."""
    seed = 987654321
    game = Game({"players": 4}, seed)
    rand = random.Random(3)
    for _ in range(40):
        for viewer in (None, 0, 1, 2, 3):
            view = game.view(viewer)
            assert "seed" not in view
            assert str(seed) not in json.dumps(view)
        if game.state.stage == OVER:
            break
        game.apply(random_action(game.state, rand))


def test_r10_the_seed_is_shown_once_the_game_is_over() -> None:
    """Rulings #21: at the end the seed is shown, for replays."""
    game = Game({"players": 3}, 4242)
    _play_to_end(game, random.Random(1))
    for viewer in (None, 0, 2):
        assert game.view(viewer)["seed"] == 4242


def _public_part(view: dict[str, object], seat: int) -> str:
    """A seat's view without what is that seat's own: its hoard, its legal actions, deal terms
    it is a party to (R10: only the two parties see a deal's token kinds), and, the mover's,
    why no way to move is left and the ways that are (which deals hold depends on the parties'
    hoards)."""
    data = json.loads(json.dumps(view))
    data.pop("viewer")
    data.pop("legal")
    for player in data["players"]:
        player.pop("hoard", None)
        player.pop("total", None)
    request = data["request"]
    if request is not None:
        request["offers"] = sorted(request["offers"])
        request["answers"] = {q: a["consents"] for q, a in request["answers"].items()}
        request.pop("move_refusal")
        request.pop("ways")
    return json.dumps(data, sort_keys=True)


def test_r10_two_seats_learn_the_same_apart_from_their_own_secrets() -> None:
    """R10: on every position of a random game, two seats' views differ only in each seat's
    own hoard, own legal actions and the kinds in deals they are party to; neither holds the
    pile order, the random state or another seat's hoard values."""
    game = Game({"players": 4, "horizon": "two"}, 77)
    rand = random.Random(5)
    steps = 0
    while game.state.stage != OVER and steps < 400:
        views = [game.view(seat) for seat in range(4)]
        assert len({_public_part(v, seat) for seat, v in enumerate(views)}) == 1
        for seat, view in enumerate(views):
            assert [("hoard" in p) for p in view["players"]] == [
                q == seat or game.state.revealed for q in range(4)]
            assert "rng" not in view and "seed" not in view
        game.apply(_legal_random(game, rand))
        steps += 1


def _legal_random(game: Game, rand: random.Random) -> dict[str, object]:
    action = random_action(game.state, rand, deal_rate=0.5)
    try:
        game.check(action)
    except RuleError:
        return {k: v for k, v in action.items() if k != "terms"}
    return action
