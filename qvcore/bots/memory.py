"""What a seat remembers of the game: the hidden laurels it can infer, promises, habits.

A bot learns only from its own views and the public events (R10). What can be
known of the face-down hoards and the pile is the engine's ``Knowledge`` (tokens
taken from face-up spaces and the pool are seen by all; payments between others
only as counts); sampled states come from ``position.sample_state`` over it.
On top of that a bot remembers the promises made this game, how often each
rival has consented, and which paths it has asked about this turn.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from .. import board, laurels
from ..knowledge import Heap, Knowledge
from ..position import sample_state
from ..state import GameState
from .stall import CALM_ROUNDS, still_after

#: rounds a refusal stands in a standoff before the same request may be made again; each
#: further refusal of that rival on that path doubles the wait (4, 8, 16… rounds)
REFUSAL_ROUNDS = 4


@dataclass
class Memory:
    """One seat's memory, fed with every public event and with each fresh view."""

    seat: int
    players: int = 5  # until a view tells the table's size
    #: the hidden laurels, from the first view this seat is given on
    knowledge: Knowledge | None = None
    #: promises this game, as (by, kind, player, made_turn), kept until discharged
    promises: list[tuple[int, str, int, int]] = field(default_factory=list)
    requested: set[int] = field(default_factory=set)  # paths this seat asked about this turn
    turn: int = -1
    asked: list[int] = field(default_factory=lambda: [0] * 5)  # per seat: requests answered
    agreed: list[int] = field(default_factory=lambda: [0] * 5)  # per seat: consents among them
    #: this seat's own requests refused: (rival, path, offer made) -> turns of the refusals
    refusals: dict[tuple[int, int, str], list[int]] = field(default_factory=dict)
    #: this seat's own Caesar moves as its turn's action: (turn, path)
    caesar_moves: list[tuple[int, int]] = field(default_factory=list)
    _offers: dict[str, Any] = field(default_factory=dict)  # offers of this seat's open request
    #: turns in a row that ended with a Caesar move and no senator added or moved (stall.py)
    still_turns: int = 0
    #: since the position last changed: per (rival, path) the most this seat offered there
    #: and was refused (``offer_worth``), the turn that refusal lapses and how many were given,
    #: so that a bot in a standoff raises its offer, and asks again only after a wait that
    #: doubles with each refusal (``REFUSAL_ROUNDS``: a rival may give in, never a loop)
    still_refusals: dict[tuple[int, int], tuple[float, int, int]] = field(default_factory=dict)
    #: since the position last changed: (asked player, mover, path) of every consent given
    #: at a price that the mover did not take, so that the player asked names no price again
    still_priced: set[tuple[int, int, int]] = field(default_factory=set)
    #: what every seat surely knows of the hoards (this seat's own as others see it): the
    #: public events and the views with this seat's hoard hidden
    public: Knowledge | None = None
    #: the offers of the request this seat has just decided on, kinds included
    pending_offers: dict[str, Any] | None = None
    _full_offers: dict[str, Any] = field(default_factory=dict)

    def update(self, view: dict[str, Any]) -> None:
        """Reconcile with a fresh view of this seat (the first one starts the knowledge)."""
        n = len(view["players"])
        if n != self.players:
            self.players = n
            self.asked = (self.asked + [0] * n)[:n]
            self.agreed = (self.agreed + [0] * n)[:n]
        if self.knowledge is None:
            self.knowledge = Knowledge(self.seat, view)
        else:
            self.knowledge.update(view)
        seen = public_view(view)
        if self.public is None:
            self.public = Knowledge(-1, seen)
        else:
            self.public.update(seen)
        if view["turn"] != self.turn:
            self.turn = view["turn"]
            self.requested = set()

    def observe(self, event: dict[str, Any]) -> None:
        """Follow one public event."""
        if self.knowledge is not None:
            self.knowledge.observe(event)
        if self.public is not None:
            self.public.observe(event)
        kind = event.get("type")
        if kind == "move":
            self._move(event)
        elif kind == "request" and event["player"] == self.seat:
            self._offers = dict(event.get("offers", {}))
            self._full_offers = dict(self.pending_offers or {})
            self.pending_offers = None
        elif kind == "caesar" and event["player"] == self.seat and not event.get("bonus"):
            self.caesar_moves.append((self.turn, _path(event)))
        self.still_turns = still_after(self.still_turns, event)
        if kind in ("add", "move", "retire"):
            self.still_refusals = {}
            self.still_priced = set()
        elif (kind == "caesar" and not event.get("bonus")
              and self.still_turns == CALM_ROUNDS * self.players):
            # a standoff starts (stall.py): answers are weighed anew against a stall, so
            # refusals given while standing still kept its worth say nothing of them
            self.still_refusals = {}
        if kind == "answer" and event["mover"] == self.seat and event["consents"] == 0:
            key = (event["player"], _path(event), offer_key(self._offers.get(str(event["player"]))))
            self.refusals.setdefault(key, []).append(self.turn)
            where = (event["player"], _path(event))
            worth = offer_worth(self._full_offers.get(str(event["player"])))
            most, lapses, count = self.still_refusals.get(where, (-1.0, -1, 0))
            if lapses <= self.turn:
                most = -1.0  # the last refusal had lapsed: this one stands alone
            wait = REFUSAL_ROUNDS * 2 ** count * self.players
            self.still_refusals[where] = (max(most, worth), self.turn + wait, count + 1)
        if kind == "answer" and event["consents"] and event.get("terms"):
            # a price the mover takes moves a senator, which clears this (above)
            self.still_priced.add((event["player"], event["mover"], _path(event)))
        if kind == "answer":
            q = event["player"]
            if q < len(self.asked):
                self.asked[q] += 1
                self.agreed[q] += event["consents"] > 0
            if event["consents"] == 0:
                self.promises = [pr for pr in self.promises if not (
                    pr[0] == q and pr[1] == "refuse" and pr[2] == event["mover"])]
        elif kind == "retire" and event.get("next_game"):
            self.promises = []
        if kind in ("add", "move", "caesar", "decline"):
            self.requested = set()

    def _move(self, event: dict[str, Any]) -> None:
        p = event["player"]
        for deal in event.get("deals", []):
            for by, what, player in _promises(deal):
                self.promises.append((by, what, player, self.turn))
        chosen = {q for q in event.get("supporters", []) if q != p}
        self.promises = [pr for pr in self.promises
                         if not (pr[1] == "consent" and pr[2] == p and pr[0] in chosen)]
        if event.get("game_over"):
            self.promises = []

    @property
    def known(self) -> list[Heap]:
        """Per seat, the tokens it surely holds (the whole hoard for this seat)."""
        if self.knowledge is None:
            return [laurels.empty_heap() for _ in range(self.players)]
        return self.knowledge.known

    @property
    def unknown(self) -> list[int]:
        """Per seat, how many of its tokens are of unknown kind."""
        if self.knowledge is None:
            return [0] * self.players
        return [self.knowledge.unknown(q) for q in range(self.knowledge.n)]

    def sample(self, view: dict[str, Any], rand: random.Random) -> GameState:
        """A full state agreeing with ``view``, the hidden parts drawn from what is known."""
        if self.knowledge is None:
            self.update(view)
        assert self.knowledge is not None
        return sample_state(view, self.knowledge, rand)

    def promised(self, by: int, kind: str, player: int) -> bool:
        """Whether ``by`` made this promise this game and it is not discharged."""
        return any(pr[0] == by and pr[1] == kind and pr[2] == player for pr in self.promises)

    def refused(self, q: int, path: int, offer: Any, since: int) -> int:
        """How often ``q`` refused this seat's request on ``path`` with ``offer`` since turn
        ``since`` (a bot does not ask the same thing of a player who keeps refusing it)."""
        return sum(turn >= since for turn in self.refusals.get((q, path, offer_key(offer)), []))

    def refused_path(self, path: int, since: int) -> int:
        """Refusals of this seat's requests on ``path`` since turn ``since``, any offer."""
        return sum(turn >= since for (_q, p, _o), turns in self.refusals.items() if p == path
                   for turn in turns)

    def stall_refused(self, q: int, path: int, offer: Any) -> bool:
        """Whether ``q`` refused, since the position last changed, a request on ``path``
        offering as much as ``offer`` or more, and that refusal has not lapsed yet."""
        most, lapses, _count = self.still_refusals.get((q, path), (-1.0, -1, 0))
        return self.turn < lapses and offer_worth(offer) <= most

    def priced_in_vain(self, q: int, mover: int, path: int) -> bool:
        """Whether ``q`` consented to ``mover`` on ``path`` at a price, since the position
        last changed, and the mover did not take it."""
        return (q, mover, path) in self.still_priced

    def caesar_repeats(self, path: int, since: int) -> int:
        """How often this seat moved Caesar onto ``path`` as its action since turn ``since``."""
        return sum(turn >= since and p == path for turn, p in self.caesar_moves)

    def agree_rate(self, q: int) -> float:
        """How often ``q`` has consented when asked (with a prior of one in two)."""
        return (self.agreed[q] + 1) / (self.asked[q] + 2)

    def estimated_total(self, q: int, mean_unknown: float) -> float:
        """A rival's expected total: the points seen going in and out of its hoard, and the
        tokens whose worth was not seen at ``mean_unknown`` (``Knowledge.estimate``)."""
        if self.knowledge is None:
            return 0.0
        return self.knowledge.estimate(q, mean_unknown)


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` as any seat sees it: the viewer's own hoard hidden, unless every hoard is
    shown (a V2 reveal, R12; the end of a game)."""
    me = view["viewer"]
    players = view["players"]
    if any("hoard" in data for q, data in enumerate(players) if q != me):
        return view
    hidden = [{k: v for k, v in data.items() if k not in ("hoard", "total")} if q == me
              else data for q, data in enumerate(players)]
    return {**view, "players": hidden}


def offer_key(offer: Any) -> str:
    """An offer (terms, or None) as a key, payments counted as in public terms (R10)."""
    if isinstance(offer, dict):
        offer = {k: len(v) if k.endswith("_pays") and isinstance(v, list) else v
                 for k, v in offer.items() if v}
    return json.dumps(offer or None, sort_keys=True)


#: what a split is taken to be worth next to a payment, in laurel points
SPLIT_WORTH = 0.5


def offer_worth(offer: Any) -> float:
    """What an offer (terms, or None) gives the player asked, in laurel points: the tokens
    the mover pays, and a split counted as ``SPLIT_WORTH``."""
    if not isinstance(offer, dict):
        return 0.0
    paid = sum(laurels.VALUES[laurels.KIND_BY_NAME[name]] for name in offer.get("mover_pays", []))
    return float(paid) + (SPLIT_WORTH if offer.get("split") else 0.0)


def _path(event: dict[str, Any]) -> int:
    return board.PATH_INDEX[(event["from"], event["to"])]


def _promises(terms: Any) -> list[tuple[int, str, int]]:
    if not isinstance(terms, dict):
        return []
    return [(pr["by"], pr["kind"], pr["player"]) for pr in terms.get("promises", [])]
