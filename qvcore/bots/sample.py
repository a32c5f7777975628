"""A full game state drawn from one seat's view and memory (determinisation).

Everything public and the seat's own hoard come from the view; the pile order
and the rivals' tokens of unknown kind are drawn at random among the tokens
the seat has not seen, consistently with the memory (R10: nothing else is read).
"""

from __future__ import annotations

import random
from typing import Any

from .. import board, deals, laurels
from ..options import Options
from ..state import EMPTY, Answer, GameState, Promise, Request, Terms
from .memory import Memory


def heap_of(names: dict[str, int] | list[str]) -> list[int]:
    """A heap of counts from ``{"III": 2}`` or ``["III", "III"]``."""
    heap = laurels.empty_heap()
    items = names.items() if isinstance(names, dict) else ((n, 1) for n in names)
    for name, count in items:
        heap[laurels.KIND_BY_NAME[name]] += count
    return heap


def _unseen(view: dict[str, Any], memory: Memory, options: Options) -> tuple[list[int], int]:
    """Non-I tokens not seen anywhere (a heap), and I tokens not seen anywhere."""
    seat = view["viewer"]
    rest = list(laurels.BOX)
    first_pool = laurels.SCARCE_POOL[options.players] if options.scarce_laurels else rest[0]
    rest[0] = first_pool - view["pool"]
    for space in view["spaces"]:
        if space["token"] is not None:
            rest[laurels.KIND_BY_NAME[space["token"]]] -= 1
    for q, data in enumerate(view["players"]):
        heap = heap_of(data["hoard"]) if "hoard" in data else (
            memory.known[q] if q < len(memory.known) else laurels.empty_heap())
        if q == seat or "hoard" in data or q < len(memory.known):
            for kind in laurels.KINDS:
                rest[kind] -= heap[kind]
    ones = max(rest[0], 0)
    rest[0] = 0
    return [max(c, 0) for c in rest], ones


def sample_state(view: dict[str, Any], memory: Memory, rand: random.Random) -> GameState:
    """A state agreeing with ``view`` whose hidden tokens are drawn at random."""
    options = Options.from_dict(view["options"])
    s = GameState.__new__(GameState)
    s.options = options
    s.n = options.players
    s.rng = rand.getrandbits(64)
    s.stage = view["stage"]
    s.turn = view["turn"]
    s.current = view["current"]
    s.first_player = view["first_player"]
    s.game_number = view["game_number"]
    s.offices = [list(o) for o in view["offices"]]
    s.supply = [p["supply"] for p in view["players"]]
    s.spaces = [EMPTY] * len(board.PATHS)
    for space in view["spaces"]:
        if space["token"] is not None:
            s.spaces[space["path"]] = laurels.KIND_BY_NAME[space["token"]]
    s.caesar = view["caesar"]["path"]
    s.pool = view["pool"]
    s.winner = view["winner"]
    s.series_results = list(view["series"])
    s.council_next = view["council"] if view["council"] is not None else -1
    s.reveal_open = view["reveal"]["open"] or view["reveal"]["shown"]
    s.revealed = view["reveal"]["shown"]
    bonus = view["bonus"]
    forced = bonus["forced"] if bonus else None
    s.bonus_forced = None if forced is None else board.PATH_INDEX[(forced["from"], forced["to"])]
    s.promises = [Promise(p["by"], p["kind"], p["player"], p["made_turn"], p["until_turn"],
                          path=_path(p.get("caesar")))
                  for p in view["promises"]]
    s.setup = [EMPTY] * len(board.PATHS)
    for space in view.get("setup") or view["spaces"]:
        if space["token"] is not None:
            s.setup[space["path"]] = laurels.KIND_BY_NAME[space["token"]]
    _deal_hoards(s, view, memory, rand)
    s.request = _request(view, s)
    return s


def _deal_hoards(s: GameState, view: dict[str, Any], memory: Memory,
                 rand: random.Random) -> None:
    """Own and shown hoards as seen; the rest and the pile drawn from the unseen tokens."""
    others, ones = _unseen(view, memory, s.options)
    bag = [k for k in laurels.KINDS for _ in range(others[k])]
    rand.shuffle(bag)
    hoards = []
    missing: list[tuple[int, int]] = []
    for q, data in enumerate(view["players"]):
        if "hoard" in data:
            hoards.append(heap_of(data["hoard"]))
            continue
        heap = memory.known[q][:] if q < len(memory.known) else laurels.empty_heap()
        while sum(heap) > data["hoard_size"]:
            heap[max(k for k in laurels.KINDS if heap[k])] -= 1
        hoards.append(heap)
        missing.extend((q, 0) for _ in range(data["hoard_size"] - sum(heap)))
    rand.shuffle(missing)
    pile_size = view["pile"]
    spare = len(bag) - pile_size  # non-I tokens that must sit in hoards
    for q, _ in missing:
        if ones and (spare <= 0 or rand.random() < ones / (ones + spare)):
            ones -= 1
            hoards[q][laurels.I] += 1
        elif bag and spare > 0:
            hoards[q][bag.pop()] += 1
            spare -= 1
        else:
            hoards[q][laurels.I] += 1
    while len(bag) < pile_size:  # inconsistent memory: fill with the commonest kind
        bag.append(laurels.III)
    s.pile = bag[:pile_size]
    s.hoards = hoards


def _path(data: Any) -> int | None:
    return None if data is None else board.PATH_INDEX[(data["from"], data["to"])]


def _terms(data: Any, payer_hoards: tuple[list[int], list[int]], players: int) -> Terms:
    """Terms from a view; token counts seen by outsiders become the payer's cheapest tokens."""
    terms = deals.parse_terms({k: v for k, v in data.items()
                               if k not in ("mover_pays", "consenter_pays")}, players)
    for key, heap in (("mover_pays", payer_hoards[0]), ("consenter_pays", payer_hoards[1])):
        value = data.get(key)
        if isinstance(value, list):
            setattr(terms, key, heap_of(value))
        elif isinstance(value, int):
            paid = laurels.empty_heap()
            for kind in laurels.KINDS:
                take = min(heap[kind], value - sum(paid))
                paid[kind] += take
            setattr(terms, key, paid)
    return terms


def _request(view: dict[str, Any], s: GameState) -> Request | None:
    data = view["request"]
    if data is None:
        return None
    mover = s.hoards[data["mover"]]
    request = Request(data["path"], data["needed"], [a["player"] for a in data["asked"]])
    for key, value in data["offers"].items():
        request.offers[int(key)] = _terms(value, (mover, s.hoards[int(key)]), s.n)
    for key, answer in data["answers"].items():
        terms = answer["terms"]
        request.answers[int(key)] = Answer(
            answer["consents"],
            None if terms is None else _terms(terms, (mover, s.hoards[int(key)]), s.n))
    return request
