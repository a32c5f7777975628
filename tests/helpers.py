"""Helpers for the engine tests: new games, positions set up by hand, and checks.

Positions are built by mutating a fresh game's state directly (R2 offices, R1
supplies, R3 spaces/pile/pool). Every helper keeps the token and senator counts
conserved, so ``qvcore.invariants.violations`` stays empty in hand-made
positions too. A game built this way cannot be replayed from its actions; the
save/replay tests use only real actions.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from qvcore import Game, RuleError, board, laurels, rules
from qvcore.invariants import violations
from qvcore.observer import Observer
from qvcore.protocol import Action
from qvcore.referee import Referee
from qvcore.state import EMPTY, GameState
from qvcore.tournament import make_player

KIND = laurels.KIND_BY_NAME


def new_game(players: int = 3, seed: int = 48, **options: Any) -> Game:
    """A new game with ``first_player`` 0 unless told otherwise."""
    return Game({"players": players, **options}, seed)


def path_of(a: int, b: int) -> int:
    """The index of path a→b (R2)."""
    return board.PATH_INDEX[(a, b)]


# -- setting up positions --------------------------------------------------------------


def place(game: Game, office: int, *owners: int) -> None:
    """Put senators of ``owners`` (taken from their supplies) into ``office``."""
    s = game.state
    for q in owners:
        assert s.supply[q] > 0, f"player {q} has no senator left"
        s.supply[q] -= 1
        s.offices[office].append(q)
    assert len(s.offices[office]) <= board.SEATS[office]


def _take_from_pile(s: GameState, kind: int) -> None:
    assert kind in s.pile, f"no {laurels.KIND_NAMES[kind]} left in the pile"
    s.pile.remove(kind)


def set_space(game: Game, a: int, b: int, name: str | None) -> None:
    """Lay a token of kind ``name`` (or nothing) on the laurel space of path a→b.

    The token comes out of the pile; the one it replaces goes to the pile's bottom.
    """
    s = game.state
    path = path_of(a, b)
    assert board.PATHS[path][2], "that path has no laurel space"
    old = s.spaces[path]
    if name is None:
        s.spaces[path] = EMPTY
    else:
        _take_from_pile(s, KIND[name])
        s.spaces[path] = KIND[name]
    if old != EMPTY:
        s.pile.insert(0, old)


def set_pile_top(game: Game, *names: str) -> None:
    """Make ``names`` the next tokens drawn, in that order (R7.1)."""
    s = game.state
    for name in names:
        _take_from_pile(s, KIND[name])
    for name in reversed(names):
        s.pile.append(KIND[name])


def empty_pile(game: Game) -> None:
    """Empty the draw pile (R7.1); to keep tokens conserved they go to the last seat's hoard."""
    s = game.state
    last = s.n - 1
    for kind in s.pile:
        s.hoards[last][kind] += 1
    s.pile = []


def give(game: Game, player: int, *names: str) -> None:
    """Put tokens into a hoard: I tokens from the reward pool, others from the pile."""
    s = game.state
    for name in names:
        kind = KIND[name]
        if kind == laurels.I:
            assert s.pool > 0
            s.pool -= 1
        else:
            _take_from_pile(s, kind)
        s.hoards[player][kind] += 1


def set_pool(game: Game, count: int) -> None:
    """Leave ``count`` I tokens in the reward pool; the rest go to the last seat's hoard."""
    s = game.state
    assert 0 <= count <= s.pool
    s.hoards[s.n - 1][laurels.I] += s.pool - count
    s.pool = count


def set_caesar(game: Game, a: int, b: int) -> None:
    """Stand Caesar on the laurel space of path a→b (R8)."""
    game.state.caesar = path_of(a, b)


def set_turn(game: Game, player: int) -> None:
    """Make ``player`` the player to act."""
    game.state.current = player


# -- reading ---------------------------------------------------------------------------------


def hoard(game: Game, player: int) -> dict[str, int]:
    """A hoard as ``{"III": 1, ...}``."""
    return laurels.heap_names(game.state.hoards[player])


def total(game: Game, player: int) -> int:
    return game.state.total(player)


def space(game: Game, a: int, b: int) -> str | None:
    kind = game.state.spaces[path_of(a, b)]
    return None if kind == EMPTY else laurels.KIND_NAMES[kind]


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def fingerprint(state: GameState) -> str:
    """Every slot of the state (offers, terms and reveal flags included) as one string."""
    return json.dumps({slot: _plain(getattr(state, slot)) for slot in GameState.__slots__},
                      sort_keys=True, default=str)


def snapshot(game: Game) -> tuple[str, str, int]:
    """What must not change when an action is rejected."""
    return (json.dumps(game.state.to_dict(), sort_keys=True), fingerprint(game.state),
            len(game.actions))


# -- acting ----------------------------------------------------------------------------------


def act(game: Game, action: Action) -> dict[str, Any]:
    """Apply an action that must be legal; checks the invariants afterwards."""
    event = game.apply(action)
    assert violations(game.state) == []
    return event


def add(game: Game, p: int, office: int) -> dict[str, Any]:
    return act(game, {"type": "add", "player": p, "office": office})


def move(game: Game, p: int, a: int, b: int, supporters: list[int] | None = None) -> dict[str, Any]:
    return act(game, {"type": "move", "player": p, "from": a, "to": b,
                      "supporters": supporters or []})


def request(game: Game, p: int, a: int, b: int,
            offers: dict[str, Any] | None = None) -> dict[str, Any]:
    action: Action = {"type": "request", "player": p, "from": a, "to": b}
    if offers is not None:
        action["offers"] = offers
    return act(game, action)


def answer(game: Game, q: int, consents: int,
           terms: dict[str, Any] | None = None) -> dict[str, Any]:
    action: Action = {"type": "answer", "player": q, "consents": consents}
    if terms is not None:
        action["terms"] = terms
    return act(game, action)


def caesar(game: Game, p: int, a: int, b: int) -> dict[str, Any]:
    return act(game, {"type": "caesar", "player": p, "from": a, "to": b})


def rejected(game: Game, action: Any, code: str | None = None,
             rule: str | None = None) -> RuleError:
    """Assert ``action`` raises RuleError (with ``code``/``rule``) and changes nothing."""
    before = snapshot(game)
    with pytest.raises(RuleError) as caught:
        game.apply(action)
    error = caught.value
    assert snapshot(game) == before, "a rejected action changed the game"
    if code is not None:
        assert error.code == code, str(error)
    if rule is not None:
        assert error.rule == rule, str(error)
        assert str(error).startswith(rule + ": ")
    with pytest.raises(RuleError) as again:
        game.check(action)
    assert again.value.code == error.code
    assert snapshot(game) == before
    return error


def norm(action: Action) -> str:
    """A legal action as a comparable string (supporters are a multiset)."""
    action = dict(action)
    if "supporters" in action:
        action["supporters"] = sorted(action["supporters"])
    return json.dumps(action, sort_keys=True)


def legal(game: Game, player: int | None = None) -> set[str]:
    return {norm(a) for a in game.legal_actions(player)}


def legal_of_type(game: Game, kind: str, player: int | None = None) -> list[Action]:
    return [a for a in game.legal_actions(player) if a["type"] == kind]


def moves_from(game: Game, office: int) -> list[Action]:
    return [a for a in game.legal_actions() if a["type"] in ("move", "request")
            and a["from"] == office]


# -- the universe of simple actions, for listing-versus-acceptance checks ---------------------

NOT_PATHS = ((0, 8), (4, 5), (8, 4), (13, 9), (1, 1), (6, 7), (9, 14))


def simple_universe(n: int) -> list[Action]:
    """Every action without deal terms over small ranges: listed ones must pass, others fail."""
    pairs = list(board.PATH_INDEX) + list(NOT_PATHS)
    groups: list[list[int]] = [[]] + [[x] for x in range(n)] + [
        list(c) for c in itertools.combinations_with_replacement(range(n), 2)]
    out: list[Action] = []
    for p in range(n):
        for office in range(len(board.SEATS)):
            out.append({"type": "add", "player": p, "office": office})
            out.append({"type": "retire", "player": p, "office": office})
        for a, b in pairs:
            out.extend({"type": "move", "player": p, "from": a, "to": b, "supporters": g}
                       for g in groups)
            out.append({"type": "request", "player": p, "from": a, "to": b})
            out.append({"type": "caesar", "player": p, "from": a, "to": b})
        out.extend({"type": "answer", "player": p, "consents": c} for c in range(3))
        out.extend({"type": t, "player": p} for t in ("withdraw", "decline", "reveal"))
    return out


def hide_differently(game: Game, seat: int) -> Game:
    """The same game with the pile reordered and rivals' hidden tokens changed (R10)."""
    other = Game(game.options, game.seed)
    other.events = game.events
    state = game.state.copy()
    random.Random(3).shuffle(state.pile)
    for q in range(state.n):
        if q == seat:
            continue
        heap = state.hoards[q]
        for kind in laurels.KINDS:  # swap every token of a rival for a V of the same count
            if kind != 5 and heap[kind]:
                heap[5] += heap[kind]
                heap[kind] = 0
    other.state = state
    return other


# -- bot games replayed from saves ----------------------------------------------------------

#: positions and saves for the bot tests (tests/positions/README.md)
POSITIONS = Path(__file__).parent / "positions"


def seated(state: GameState, levels: list[str], seed: int) -> tuple[list[Any], Referee]:
    """Bots for ``levels`` that join the game at ``state``, and a referee that knows what each
    seat can know (to judge a loss certain, as the tournament does)."""
    players = [make_player(level, seat, seed * 8 + seat) for seat, level in enumerate(levels)]
    views = [Observer(seat).view(state) for seat in range(len(levels))]
    for player, view in zip(players, views, strict=True):
        player.meet(view)
    return players, Referee(views)


def replayed(name: str, levels: list[str] | None = None
             ) -> tuple[GameState, list[Any], Referee]:
    """The game of a save in ``POSITIONS`` and the bots of its table (its ``meta`` levels, or
    ``levels``; its seed), each having seen what it saw there: the start, its own view whenever
    it acted, and every event (so that they know the hoards as the table's bots did, R10); and
    a referee that has followed the game alike (``referee.knowledge``: what each seat knows)."""
    data = json.loads((POSITIONS / name).read_text())
    game = Game(data["options"], data["seed"])
    players, referee = seated(game.state, levels or data["meta"]["levels"], data["seed"])
    for action in data["actions"]:
        seat = rules.waiting_for(game.state)[0]
        view = Observer(seat).view(game.state)
        memory = getattr(players[seat], "memory", None)  # an outside opponent keeps none
        if memory is not None:
            memory.update(view)
        referee.see(seat, view)
        event = game.apply(action)
        for player in players:
            player.observe(event)
        referee.observe(event)
    return game.state, players, referee
