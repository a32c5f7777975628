"""What one seat knows about the hidden laurels, built only from its views and public events.

A hoard is face down, but every token taken from a face-up laurel space is
seen by all (R10), and I rewards come from the open pool (R7.2). So a seat
can keep, for each rival, a lower bound of the tokens that rival surely holds
(``known``) and how many of its tokens are of unknown kind. Payments between
others are seen as counts only; a payer's bound is then lowered soundly (each
kind by the number paid). Across all hoards together no token ever leaves
during a game (only moves between hoards), so ``in_hoards`` keeps a lower
bound of every kind held by somebody, which says what cannot be in the pile.

Knowledge must never claim something impossible: when a view contradicts it
(for instance because some history was missed), it forgets the contradicted
part instead of guessing. ``deal_hidden`` draws the unseen tokens for
``position.sample_state``.
"""

from __future__ import annotations

import random
from typing import Any

from . import board, laurels
from .laurels import KIND_BY_NAME
from .state import EMPTY

Heap = list[int]


def _heap(names: Any) -> Heap:
    """A heap from ``{"III": 2}`` or ``["III", "III"]`` data."""
    heap = laurels.empty_heap()
    if isinstance(names, dict):
        for name, count in names.items():
            heap[KIND_BY_NAME[name]] += count
    elif isinstance(names, list):
        for name in names:
            heap[KIND_BY_NAME[name]] += 1
    return heap


def _kind(name: str | None) -> int:
    return EMPTY if name is None else KIND_BY_NAME[name]


def _setup_tokens(setup: Any) -> Heap | None:
    """The face-up tokens at the start of the game from a view's ``setup`` (several shapes)."""
    items: list[Any]
    if isinstance(setup, dict):
        items = list(setup.values())
    elif isinstance(setup, list):
        items = setup
    else:
        return None
    heap = laurels.empty_heap()
    for item in items:
        name = item.get("token") if isinstance(item, dict) else item
        if isinstance(name, str) and name in KIND_BY_NAME:
            heap[KIND_BY_NAME[name]] += 1
    return heap


class Knowledge:
    """One seat's knowledge of hoards and the pile, kept up to date from events and views."""

    def __init__(self, seat: int, view: dict[str, Any]) -> None:
        self.seat = seat
        self.n = len(view["players"])
        options = view["options"]
        self.box = list(laurels.BOX)
        if options.get("scarce_laurels"):
            self.box[laurels.I] = laurels.SCARCE_POOL[self.n]
        self.game_number = view["game_number"]
        self.spaces: list[int] | None = None
        self.known: list[Heap] = [laurels.empty_heap() for _ in range(self.n)]
        self.sizes = [0] * self.n
        #: per hoard, the points it gained and lost in ways whose worth this seat saw (laurels
        #: taken from face-up spaces, I rewards, a split's shares, payments named to it)...
        self.points = [0] * self.n
        #: ...and how many tokens came into it (or, negative, left it) whose worth it did not
        #: see (payments between others, R10)
        self.hidden = [0] * self.n
        self.in_hoards = laurels.empty_heap()
        self._named: dict[int, tuple[Heap, Heap]] = {}
        self._series = bool(options.get("series"))
        self._sync(view)
        self._use_setup(view)

    def _use_setup(self, view: dict[str, Any]) -> None:
        """Every set-up token not face up now was taken into some hoard (R3.2, R7.1)."""
        setup = _setup_tokens(view.get("setup"))
        if setup is None or self.spaces is None:
            return
        on_board = laurels.empty_heap()
        for kind in self.spaces:
            if kind != EMPTY:
                on_board[kind] += 1
        for kind in laurels.KINDS:
            self.in_hoards[kind] = max(self.in_hoards[kind], setup[kind] - on_board[kind])

    # -- public events -----------------------------------------------------------------

    def observe(self, event: dict[str, Any]) -> None:
        """Follow one public event (``Game.events`` entry), in order."""
        kind = event.get("type")
        if kind == "move":
            self._move(event)
        if kind in ("move", "add", "caesar", "withdraw", "request", "decline"):
            self._named = {}
        if "game_over" in event and self._series and "series_over" not in event:
            self._new_game()
        if event.get("next_game"):
            self._new_game()

    def _move(self, event: dict[str, Any]) -> None:
        p = event["player"]
        path = board.PATH_INDEX[(event["from"], event["to"])]
        taken = 0  # the laurel's points (R7.1): it was face up
        if event.get("took"):
            kind = self.spaces[path] if self.spaces is not None else EMPTY
            if kind != EMPTY:
                self.known[p][kind] += 1
                self.in_hoards[kind] += 1
                taken = laurels.VALUES[kind]
                self.points[p] += taken
            else:
                self.hidden[p] += 1
            self.sizes[p] += 1
            if self.spaces is not None:
                self.spaces[path] = _kind(event.get("replaced_by"))
        rewards: dict[int, int] = {}
        for key, count in event.get("rewards", {}).items():
            q = int(key)
            rewards[q] = count
            self.known[q][laurels.I] += count
            self.sizes[q] += count
            self.points[q] += count * laurels.VALUES[laurels.I]
            self.in_hoards[laurels.I] += count
        for record in event.get("deals", []):
            q = record["with"]
            named = self._named.get(q) if self.seat in (p, q) else None
            if named is not None:
                self._give(p, q, named[0])
                self._give(q, p, named[1])
            else:
                self._give_unseen(p, q, record.get("mover_pays", 0))
                self._give_unseen(q, p, record.get("consenter_pays", 0))
            split = record.get("split_tokens")
            if split:
                # which tokens made the change is the two parties' secret, but not the points
                # it passed: half the gains, the mover keeping an odd point (rulings.md #9)
                share = (taken + rewards.get(q, 0)) // 2 - rewards.get(q, 0)
                self._give_unseen(p, q, split.get("mover_gave", 0), share)
                self._give_unseen(q, p, split.get("consenter_gave", 0), 0)  # the net is passed

    def _give(self, payer: int, payee: int, heap: Heap) -> None:
        """Tokens of known kinds pass from payer to payee."""
        for kind, count in enumerate(heap):
            for _ in range(count):
                if self.known[payer][kind]:
                    self.known[payer][kind] -= 1
                self.known[payee][kind] += 1
            self.sizes[payer] -= count
            self.sizes[payee] += count
            worth = count * laurels.VALUES[kind]
            self.points[payer] -= worth
            self.points[payee] += worth
        self._clip(payer)

    def _give_unseen(self, payer: int, payee: int, count: int, worth: int | None = None) -> None:
        """``count`` tokens of unseen kinds pass: any kind the payer was known to hold may go.
        ``worth``: the points they make, when that is public (a split's change); else unseen."""
        if worth is not None:
            self.points[payer] -= worth
            self.points[payee] += worth
        if not count:
            return
        self.known[payer] = [max(0, held - count) for held in self.known[payer]]
        self.sizes[payer] -= count
        self.sizes[payee] += count
        if worth is None:
            self.hidden[payer] -= count
            self.hidden[payee] += count

    def _clip(self, q: int) -> None:
        if sum(self.known[q]) > max(self.sizes[q], 0):
            self.known[q] = laurels.empty_heap()

    def _new_game(self) -> None:
        """V3: the laurels are set up again and the hoards emptied (R12)."""
        self.known = [laurels.empty_heap() for _ in range(self.n)]
        self.sizes = [0] * self.n
        self.points = [0] * self.n
        self.hidden = [0] * self.n
        self.in_hoards = laurels.empty_heap()
        self.spaces = None

    # -- fresh views -------------------------------------------------------------------

    def update(self, view: dict[str, Any]) -> None:
        """Take in a fresh view of this seat: it is the truth wherever it speaks."""
        new_game = view["game_number"] != self.game_number
        if new_game:
            self._new_game()
            self.game_number = view["game_number"]
        self._sync(view)
        if new_game:
            self._use_setup(view)

    def _sync(self, view: dict[str, Any]) -> None:
        self._series = bool(view["options"].get("series"))
        spaces = [EMPTY] * len(board.PATHS)
        for space in view["spaces"]:
            spaces[space["path"]] = _kind(space["token"])
        self.spaces = spaces
        for q, player in enumerate(view["players"]):
            size = player["hoard_size"]
            if "hoard" in player:
                self.known[q] = _heap(player["hoard"])
                self.points[q] = laurels.heap_value(self.known[q])
                self.hidden[q] = 0
            else:
                missed = self.sizes[q] - size
                self.hidden[q] -= missed  # tokens that came or went unseen (a late start)
                if missed > 0:  # tokens left unseen: any kind may have gone
                    self.known[q] = [max(0, held - missed) for held in self.known[q]]
                if sum(self.known[q]) > size:
                    self.known[q] = laurels.empty_heap()
            self.sizes[q] = size
            for kind in laurels.KINDS:
                self.in_hoards[kind] = max(self.in_hoards[kind],
                                           sum(self.known[r][kind] for r in range(self.n)))
        self.in_hoards[laurels.I] = self.box[laurels.I] - view["pool"]
        if self._remaining(view) is None:
            self._forget_rivals(view)
        self._named = {}
        request = view.get("request")
        if request is not None:
            for key, answer in request["answers"].items():
                terms = answer.get("terms")
                if terms and isinstance(terms.get("mover_pays", []), list) \
                        and isinstance(terms.get("consenter_pays", []), list):
                    self._named[int(key)] = (_heap(terms.get("mover_pays", [])),
                                             _heap(terms.get("consenter_pays", [])))

    def _forget_rivals(self, view: dict[str, Any]) -> None:
        """Drop what contradicts the view: rivals' bounds and the hoards' common bound."""
        for q, player in enumerate(view["players"]):
            if "hoard" not in player:
                self.known[q] = laurels.empty_heap()
        self.in_hoards = laurels.empty_heap()
        self.in_hoards[laurels.I] = self.box[laurels.I] - view["pool"]

    def _remaining(self, view: dict[str, Any], known: list[Heap] | None = None) -> Heap | None:
        """Tokens not face up, not in the pool and not known in a hoard; None if impossible."""
        known = self.known if known is None else known
        remaining = self.box[:]
        remaining[laurels.I] -= view["pool"]
        for space in view["spaces"]:
            if space["token"] is not None:
                remaining[KIND_BY_NAME[space["token"]]] -= 1
        unknown = 0
        for q, player in enumerate(view["players"]):
            held = known[q]
            if "hoard" not in player:
                unknown += player["hoard_size"] - sum(held)
            remaining = [r - h for r, h in zip(remaining, held, strict=True)]
        if min(remaining) < 0 or remaining[laurels.I] > unknown:
            return None
        if sum(remaining) != unknown + view["pile"]:
            return None
        return remaining

    # -- questions ---------------------------------------------------------------------

    def estimate(self, q: int, mean: float) -> float:
        """``q``'s expected total: the points this seat saw it gain and lose, and each token
        whose worth it did not see at ``mean`` (exact for a shown hoard)."""
        return self.points[q] + self.hidden[q] * mean

    def unknown(self, q: int) -> int:
        """How many tokens of ``q``'s hoard are of unknown kind."""
        return max(self.sizes[q] - sum(self.known[q]), 0)

    def ceilings(self, view: dict[str, Any]) -> list[int]:
        """The most each player can hold: a shown hoard exactly, else its known tokens and,
        for each token of unknown kind, the best of the tokens nobody has seen placed (or a
        V, should the view contradict what was learned)."""
        remaining = self._remaining(view)
        unseen = sorted((laurels.VALUES[k] for k in laurels.KINDS
                         for _ in range(remaining[k])), reverse=True) if remaining else []
        out = []
        for q, player in enumerate(view["players"]):
            if "hoard" in player:
                out.append(laurels.heap_value(_heap(player["hoard"])))
                continue
            count = self.unknown(q)
            best = unseen[:count] if remaining else [laurels.VALUES[laurels.V]] * count
            out.append(laurels.heap_value(self.known[q]) + sum(best))
        return out

    def deal_hidden(self, view: dict[str, Any],
                    rand: random.Random) -> tuple[list[Heap], list[int]]:
        """Draw every hoard and the pile (top last) consistently with the view and knowledge.

        Does not change the knowledge; reads only ``view`` and what was learned before.
        """
        known = self._bounds(view, self.known)
        in_hoards = self.in_hoards
        _named_holdings(view, known)
        remaining = self._remaining(view, known)
        if remaining is None:
            known = self._bounds(view, [laurels.empty_heap() for _ in range(self.n)])
            in_hoards = laurels.empty_heap()
            remaining = self._remaining(view, known)
            if remaining is None:
                raise ValueError("the view itself is inconsistent (R1: laurels not conserved)")
        hoards = [h[:] for h in known]
        slots: list[int] = []
        for q, player in enumerate(view["players"]):
            if "hoard" not in player:
                slots += [q] * (player["hoard_size"] - sum(hoards[q]))
        held = [sum(h[k] for h in hoards) for k in laurels.KINDS]
        required = [min(max(0, in_hoards[k] - held[k]), remaining[k]) for k in laurels.KINDS]
        required[laurels.I] = remaining[laurels.I]  # I tokens never go to the pile (R3.1)
        if sum(required) > len(slots):
            required = [0] * 6
            required[laurels.I] = remaining[laurels.I]
        rand.shuffle(slots)
        forced = [k for k in laurels.KINDS for _ in range(required[k])]
        rest = [k for k in laurels.KINDS for _ in range(remaining[k] - required[k])]
        rand.shuffle(rest)
        tokens = forced + rest
        for index, q in enumerate(slots):
            hoards[q][tokens[index]] += 1
        return hoards, tokens[len(slots):]

    @staticmethod
    def _bounds(view: dict[str, Any], known: list[Heap]) -> list[Heap]:
        """Shown hoards exactly; others the known bound, forgotten where the view contradicts it."""
        out = []
        for q, player in enumerate(view["players"]):
            if "hoard" in player:
                out.append(_heap(player["hoard"]))
            elif sum(known[q]) > player["hoard_size"]:
                out.append(laurels.empty_heap())
            else:
                out.append(known[q][:])
        return out


def _named_holdings(view: dict[str, Any], known: list[Heap]) -> None:
    """Tokens a party's terms name in the open request are surely held (R13: checked then)."""
    request = view.get("request")
    if request is None:
        return
    mover = request["mover"]
    players = view["players"]
    for offer in request["offers"].values():
        pays = offer.get("mover_pays")
        if isinstance(pays, list) and "hoard" not in players[mover]:
            _raise_bound(known, mover, _heap(pays), players[mover]["hoard_size"])
    for key, answer in request["answers"].items():
        terms = answer.get("terms") or {}
        pays = terms.get("consenter_pays")
        q = int(key)
        if isinstance(pays, list) and "hoard" not in players[q]:
            _raise_bound(known, q, _heap(pays), players[q]["hoard_size"])


def _raise_bound(known: list[Heap], q: int, held: Heap, size: int) -> None:
    raised = [max(a, b) for a, b in zip(known[q], held, strict=True)]
    known[q] = raised if sum(raised) <= size else held
