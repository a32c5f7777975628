"""Knowledge and sampling: what a seat can learn of hidden laurels (R10) from its own views and
the public events, and full states sampled to agree with that seat's view (R1, R3, R7, R11)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from qvcore import Game, Observer, RuleError, laurels, rules
from qvcore.invariants import violations
from qvcore.knowledge import Knowledge
from qvcore.position import from_position, sample_state, to_position
from qvcore.randomplay import random_action
from qvcore.state import GameState

VARIANTS: list[dict[str, Any]] = [
    {}, {"scarce_laurels": True}, {"open_hoards": "every_entry", "horizon": "two"},
    {"series": True, "open_hoards": "first_three"},
]


def seat_view(state: GameState, seat: int) -> Any:
    return Observer(seat).view(state)


def assert_sound(k: Knowledge, state: GameState) -> None:
    """Knowledge never claims a token a hoard does not hold (rivals' bounds, hoards' union)."""
    union = [sum(h[kind] for h in state.hoards) for kind in laurels.KINDS]
    for q in range(state.n):
        assert all(a <= b for a, b in zip(k.known[q], state.hoards[q], strict=True)), \
            (q, k.known[q], state.hoards[q])
    assert all(a <= b for a, b in zip(k.in_hoards, union, strict=True)), (k.in_hoards, union)


def assert_sample_agrees(state: GameState, seat: int, k: Knowledge, rand: random.Random) -> None:
    """A sample passes the invariants and gives the seat exactly the view it has."""
    view = seat_view(state, seat)
    sample = sample_state(view, k, rand)
    assert violations(sample) == []
    assert seat_view(sample, seat) == view
    assert sample.hoards[seat] == state.hoards[seat]
    for q in range(state.n):
        assert all(a <= b for a, b in zip(k.known[q], sample.hoards[q], strict=True)) or \
            sum(k.known[q]) > sum(state.hoards[q])
    assert laurels.I not in sample.pile


def play(players: int, seed: int, options: dict[str, Any], late_seat: int | None = None,
         lazy_seat: int | None = None) -> int:
    """A random game followed by every seat's Knowledge; checks soundness and samples."""
    game = Game({"players": players, "first_player": None, **options}, seed)
    rand = random.Random(seed)
    samples = random.Random(seed + 1)
    knows: dict[int, Knowledge] = {q: Knowledge(q, game.view(q)) for q in range(players)
                                   if q != late_seat}
    checked = 0
    unseen_payment = False  # a deal's payment, whose worth only its two parties see (R10)
    while not game.is_over() and len(game.actions) < 3000:
        if late_seat is not None and late_seat not in knows and len(game.actions) >= 60:
            knows[late_seat] = Knowledge(late_seat, game.view(late_seat))
        action = random_action(game.state, rand, 0.4)
        for q, k in knows.items():
            if q == action["player"] and q != lazy_seat:
                k.update(game.view(q))
        try:
            event = game.apply(action)
        except RuleError:
            event = game.apply({key: v for key, v in action.items() if key != "terms"})
        unseen_payment = unseen_payment or any(
            deal.get("mover_pays") or deal.get("consenter_pays") for deal in event.get("deals", []))
        for q, k in knows.items():
            k.observe(copy.deepcopy(event))
            assert_sound(k, game.state)
            if not unseen_payment and q != late_seat and not game.state.options.series:
                # R7, R10, rulings.md #9: every point gained is seen, a split's shares too
                assert [k.estimate(r, 0.0) for r in range(players)] == [
                    game.state.total(r) for r in range(players)], (q, event)
        if len(game.actions) % 11 == 0:
            for q, k in knows.items():
                assert_sample_agrees(game.state, q, k, samples)
                checked += 1
    return checked


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("players", [3, 5])
def test_knowledge_stays_sound_and_samples_agree(players: int, variant: int) -> None:
    """Over random games with deals: every bound holds and every sample matches the view."""
    for seed in range(3):
        assert play(players, seed + 10 * variant, VARIANTS[variant]) > 0


def test_r10_every_seat_follows_every_total_through_the_bots_splits() -> None:
    """R7, R10, rulings.md #9: bots split the gains of many moves (random play hardly ever
    does); as long as no payment between others hid a token's worth, every seat's estimate of
    every total is exact, whatever change the splits made."""
    from qvcore.bots import make_bot
    splits = 0
    for seed in range(1, 5):
        game = Game({"players": 4}, seed)
        bots = [make_bot("normal", q, seed * 8 + q) for q in range(4)]
        knows = [Knowledge(q, game.view(q)) for q in range(4)]
        for q, bot in enumerate(bots):
            bot.meet(game.view(q))
        unseen_payment = False
        while not game.is_over() and not unseen_payment:
            seat = rules.waiting_for(game.state)[0]
            knows[seat].update(game.view(seat))
            event = game.apply(bots[seat].decide(game.view(seat)))
            for bot, k in zip(bots, knows, strict=True):
                bot.observe(event)
                k.observe(event)
            for deal in event.get("deals", []):
                unseen_payment |= bool(deal.get("mover_pays") or deal.get("consenter_pays"))
                splits += "split_tokens" in deal
            if not unseen_payment:
                totals = [float(game.state.total(r)) for r in range(4)]
                assert all([k.estimate(r, 3.0) for r in range(4)] == totals for k in knows), event
    assert splits >= 8  # the games did split gains


def test_knowledge_started_mid_game_and_fed_few_views() -> None:
    """A seat that joins late, or updates only from events, never infers anything impossible."""
    for seed in range(4):
        play(4, seed, {}, late_seat=1, lazy_seat=2)


def test_r10_token_taken_from_a_space_is_known_to_every_seat() -> None:
    """R10: a token taken from a face-up space is seen by all: each seat knows the mover holds it,
    and the consenter's public I reward (R7.2)."""
    game = Game({"players": 3}, 3)
    s = game.state
    s.offices[3] = [0, 1]
    s.supply[0] -= 1
    s.supply[1] -= 1
    knows = [Knowledge(q, game.view(q)) for q in range(3)]
    taken = s.spaces[4]  # path 3→6
    for action in ({"type": "request", "player": 0, "from": 3, "to": 6},
                   {"type": "answer", "player": 1, "consents": 1},
                   {"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]}):
        event = game.apply(action)
        for k in knows:
            k.observe(event)
    for k in knows:
        assert k.known[0][taken] == 1
        assert k.known[1][laurels.I] == 1
    assert knows[2].unknown(0) == 0


def seats_0_and_1_in_office_3() -> Game:
    """Three players; seats 0 and 1 each have a senator in office 3 (seat 0 to move 3→6)."""
    game = Game({"players": 3}, 4)
    s = game.state
    s.offices[3] = [0, 1]
    s.supply[0] -= 1
    s.supply[1] -= 1
    return game


def draw_into(game: Game, seat: int, kind: int) -> None:
    """A token of ``kind`` from the pile into ``seat``'s hoard (unseen by the others)."""
    game.state.pile.remove(kind)
    game.state.hoards[seat][kind] += 1


def test_r10_private_payment_is_known_to_the_parties_only() -> None:
    """R10/R11: tokens paid in a deal are named to its two parties only; a third seat learns that
    some token changed hands, never which, and counts its worth at the mean it gives an unseen
    token, for payer and payee alike."""
    game = seats_0_and_1_in_office_3()
    s = game.state
    draw_into(game, 0, laurels.V)
    knows = [Knowledge(q, game.view(q)) for q in range(3)]
    taken = laurels.VALUES[s.spaces[4]]  # path 3→6
    before = [knows[2].estimate(q, 3.0) for q in (0, 1)]
    game.apply({"type": "request", "player": 0, "from": 3, "to": 6,
                "offers": {"1": {"mover_pays": ["V"]}}})
    for k in knows:
        k.update(game.view(k.seat))
    game.apply({"type": "answer", "player": 1, "consents": 1})
    for q, k in enumerate(knows):
        k.update(game.view(q))
    event = game.apply({"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]})
    assert event["deals"][0]["mover_pays"] == 1
    for k in knows:
        k.observe(event)
    assert knows[0].known[1][laurels.V] == 1  # the payer knows what it paid
    assert knows[2].known[1][laurels.V] == 0  # the onlooker saw only a count
    assert knows[2].unknown(1) == 1
    assert all(knows[2].known[0][kind] == 0 for kind in laurels.KINDS if kind != laurels.I)
    after = [knows[2].estimate(q, 3.0) for q in (0, 1)]
    # the mover: the laurel taken, less a token of unseen worth; the consenter: its I reward
    # and that token
    assert [a - b for a, b in zip(after, before, strict=True)] == [taken - 3.0, 1 + 3.0]


def test_r10_a_splits_points_are_public_though_its_tokens_are_not() -> None:
    """R10/R11, rulings.md #9 and #12: a split shares the move's gains, half each (the mover keeps
    an odd point); an onlooker sees how many tokens made the change, not which, but it knows
    the laurel taken and the I reward, so it knows the points that passed: its estimates of
    both totals move exactly as the totals do, while the kinds it is sure of only shrink."""
    game = seats_0_and_1_in_office_3()
    s = game.state
    s.pile.remove(laurels.V)
    s.spaces[4] = laurels.V  # path 3→6: a V, face up
    draw_into(game, 1, laurels.II)  # change for the split
    knows = [Knowledge(q, game.view(q)) for q in range(3)]
    onlooker = knows[2]
    before = [onlooker.estimate(q, laurels.PILE_MEAN) for q in (0, 1)]
    game.apply({"type": "request", "player": 0, "from": 3, "to": 6})
    game.apply({"type": "answer", "player": 1, "consents": 1, "terms": {"split": True}})
    event = game.apply({"type": "move", "player": 0, "from": 3, "to": 6, "supporters": [1]})
    assert event["deals"][0]["split_tokens"]["mover_gave"] >= 1
    for k in knows:
        k.observe(event)
    # gains 5 + 1 (the I reward): 3 each, so the mover passes 2 points, change included
    assert (s.total(0), s.total(1)) == (3, 5)
    after = [onlooker.estimate(q, laurels.PILE_MEAN) for q in (0, 1)]
    assert [a - b for a, b in zip(after, before, strict=True)] == [3.0, 3.0]
    assert onlooker.known[0][laurels.V] == 0  # which token went is the parties' secret


def test_sample_reads_only_view_and_knowledge() -> None:
    """Two full states that give seat 0 the same view and events give identical samples:
    the pile order and the unseen hoard tokens are not read (R10)."""
    game = Game({"players": 4}, 11)
    rand = random.Random(5)
    k = Knowledge(0, game.view(0))
    while len(game.actions) < 120:
        action = random_action(game.state, rand, 0.0)
        k.observe(game.apply(action))
    k.update(game.view(0))
    other = to_position(game.state)
    other["pile"] = list(reversed(other["pile"]))
    rich = max(range(1, 4), key=lambda q: sum(game.state.hoards[q]))
    held = [name for name, c in other["hoards"][rich].items() if c and name != "I"]
    swap = next(name for name in ("V", "IV", "III", "II") if name in other["pile"]
                and name not in held[:1])
    if held:
        other["hoards"][rich][held[0]] -= 1
        other["hoards"][rich][swap] = other["hoards"][rich].get(swap, 0) + 1
        other["pile"].remove(swap)
        other["pile"].append(held[0])
    twin = from_position(other)
    assert twin.to_dict() != game.state.to_dict()
    view_a, view_b = seat_view(game.state, 0), seat_view(twin, 0)
    assert view_a == view_b
    a = sample_state(view_a, k, random.Random(9))
    b = sample_state(view_b, k, random.Random(9))
    assert a.to_dict() == b.to_dict()


def test_samples_vary_the_hidden_parts_only() -> None:
    """Different draws change the pile order and rivals' unseen tokens, never the seen ones."""
    game = Game({"players": 3}, 2)
    rand = random.Random(2)
    k = Knowledge(1, game.view(1))
    while len(game.actions) < 90:
        k.observe(game.apply(random_action(game.state, rand, 0.0)))
    k.update(game.view(1))
    view = seat_view(game.state, 1)
    piles = {tuple(sample_state(view, k, random.Random(i)).pile) for i in range(5)}
    assert len(piles) > 1
    for i in range(5):
        sample = sample_state(view, k, random.Random(i))
        assert sample.hoards[1] == game.state.hoards[1]
        assert sample.spaces == game.state.spaces
        for q in (0, 2):
            assert all(a <= b for a, b in zip(k.known[q], sample.hoards[q], strict=True))


def test_setup_tokens_gone_from_the_board_are_in_hoards() -> None:
    """R3.2/R7.1: a seat joining late learns from the game's face-up set-up that the set-up
    tokens no longer on the board were taken; samples never put them back in the pile."""
    for seed in range(6):
        options = {"players": 4}
        game = Game(options, seed)
        start = Game(options, seed).state
        setup = [{"path": p, "token": laurels.KIND_NAMES[start.spaces[p]]}
                 for p in range(len(start.spaces)) if start.spaces[p] >= 0]
        rand = random.Random(seed)
        while len(game.actions) < 150 and not game.is_over():
            game.apply(random_action(game.state, rand, 0.0))
        view = {**game.view(1), "setup": setup}
        k = Knowledge(1, view)
        assert_sound(k, game.state)
        union = [sum(h[kind] for h in game.state.hoards) for kind in laurels.KINDS]
        gone = [max(0, sum(1 for item in setup if item["token"] == name)
                    - sum(1 for sp in view["spaces"] if sp["token"] == name))
                for name in laurels.KIND_NAMES]
        assert all(k.in_hoards[kind] >= gone[kind] for kind in laurels.KINDS)
        assert all(gone[kind] <= union[kind] for kind in laurels.KINDS)
        for i in range(5):
            sample = sample_state(view, k, random.Random(i))
            held = [sum(h[kind] for h in sample.hoards) for kind in laurels.KINDS]
            assert all(held[kind] >= gone[kind] for kind in laurels.KINDS)
            assert seat_view(sample, 1) == seat_view(game.state, 1)


def test_sample_keeps_promises_in_force() -> None:
    """R11: promises in force (consent, refusal, a Caesar move) are public and sampled as seen."""
    game = Game({"players": 3}, 6)
    pos = to_position(game.state)
    pos["turn"] = 2
    pos["promises"] = [
        {"by": 1, "kind": "caesar", "player": 0, "made_turn": 1, "until_turn": 4, "done": False,
         "caesar": {"from": 6, "to": 9}},
        {"by": 2, "kind": "refuse", "player": 1, "made_turn": 1, "until_turn": 4, "done": False}]
    state = from_position(pos)
    view = seat_view(state, 0)
    sample = sample_state(view, Knowledge(0, view), random.Random(1))
    assert seat_view(sample, 0) == view
    assert [(p.by, p.kind, p.path) for p in sample.promises] == \
        [(p.by, p.kind, p.path) for p in state.promises]
