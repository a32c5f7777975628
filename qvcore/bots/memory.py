"""What a seat remembers of the game: tokens rivals are known to hold, spaces, promises.

A bot learns only from its own views and the public events (R10). Tokens a
rival takes from a face-up space or from the reward pool are seen by all; tokens
paid privately between others are counted but their kinds stay unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import board, laurels

UNKNOWN = -1


@dataclass
class Memory:
    """One seat's knowledge, fed with every public event and with each fresh view."""

    seat: int
    players: int = 5  # until a view tells the table's size
    known: list[list[int]] = field(default_factory=list)  # per seat: kinds known held
    unknown: list[int] = field(default_factory=list)  # per seat: tokens of unknown kind
    spaces: dict[int, int] = field(default_factory=dict)  # path -> kind on it (or UNKNOWN)
    #: promises this game, as (by, kind, player, made_turn), kept until discharged
    promises: list[tuple[int, str, int, int]] = field(default_factory=list)
    requested: set[int] = field(default_factory=set)  # paths this seat asked about this turn
    turn: int = -1
    asked: list[int] = field(default_factory=list)  # per seat: requests answered
    agreed: list[int] = field(default_factory=list)  # per seat: consents among them
    events: int = 0

    def reset(self, players: int) -> None:
        """A new game (or a new game of a V3 series): hoards empty, spaces unknown."""
        if len(self.asked) != players:
            self.asked, self.agreed = [0] * players, [0] * players
        self.players = players
        self.known = [laurels.empty_heap() for _ in range(players)]
        self.unknown = [0] * players
        self.spaces = {}
        self.promises = []

    def update(self, view: dict[str, Any]) -> None:
        """Reconcile with a fresh view of this seat: board, hoard sizes, shown hoards."""
        n = len(view["players"])
        if not self.known:
            self.reset(self.players)
        if n != self.players:
            self.players = n
            for table in (self.known, self.unknown, self.asked, self.agreed):
                del table[n:]
        if view["turn"] != self.turn:
            self.turn = view["turn"]
            self.requested = set()
        for space in view["spaces"]:
            token = space["token"]
            self.spaces[space["path"]] = UNKNOWN if token is None else laurels.KIND_BY_NAME[token]
        for q, data in enumerate(view["players"]):
            if "hoard" in data:
                heap = laurels.empty_heap()
                for name, count in data["hoard"].items():
                    heap[laurels.KIND_BY_NAME[name]] = count
                self.known[q], self.unknown[q] = heap, 0
            else:
                self._resize(q, data["hoard_size"])

    def _resize(self, q: int, size: int) -> None:
        held = sum(self.known[q]) + self.unknown[q]
        if size > held:
            self.unknown[q] += size - held
        while size < sum(self.known[q]) + self.unknown[q]:
            self._lose(q)

    def _lose(self, q: int) -> None:
        """One token of unknown kind leaves ``q``'s hoard."""
        if self.unknown[q]:
            self.unknown[q] -= 1
            return
        for kind in laurels.KINDS:
            if self.known[q][kind]:
                self.known[q][kind] -= 1
                return

    def _gain_unknown(self, q: int, count: int) -> None:
        self.unknown[q] += count

    def observe(self, event: dict[str, Any]) -> None:
        """Follow one public event."""
        self.events += 1
        if not self.known:
            self.reset(self.players)
        kind = event.get("type")
        if kind == "move":
            self._move(event)
        elif kind == "caesar" or kind == "decline":
            self.requested = set()
        elif kind == "answer":
            self.asked[event["player"]] += 1
            self.agreed[event["player"]] += event["consents"] > 0
            if event["consents"] == 0:
                self.promises = [pr for pr in self.promises if not (
                    pr[0] == event["player"] and pr[1] == "refuse" and pr[2] == event["mover"])]
        elif kind == "retire" and event.get("next_game"):
            self.reset(self.players)
        if kind in ("add", "move", "caesar", "decline"):
            self.requested = set()

    def _move(self, event: dict[str, Any]) -> None:
        p = event["player"]
        path = board.PATH_INDEX[(event["from"], event["to"])]
        if event.get("took"):
            taken = self.spaces.get(path, UNKNOWN)
            if taken == UNKNOWN:
                self._gain_unknown(p, 1)
            else:
                self.known[p][taken] += 1
            replaced = event.get("replaced_by")
            self.spaces[path] = UNKNOWN if replaced is None else laurels.KIND_BY_NAME[replaced]
        for q, count in event.get("rewards", {}).items():
            self.known[int(q)][laurels.I] += count
        for deal in event.get("deals", []):
            q = deal["with"]
            for by, what, player in _promises(deal):
                self.promises.append((by, what, player, self.turn))
            self._pay(p, q, deal.get("mover_pays", 0))
            self._pay(q, p, deal.get("consenter_pays", 0))
            split = deal.get("split_tokens")
            if split:
                self._pay(p, q, split["mover_gave"])
                self._pay(q, p, split["consenter_gave"])
        chosen = {q for q in event.get("supporters", []) if q != p}
        self.promises = [pr for pr in self.promises
                         if not (pr[1] == "consent" and pr[2] == p and pr[0] in chosen)]
        if event.get("game_over"):
            self.reset(self.players)

    def _pay(self, payer: int, payee: int, count: Any) -> None:
        if not isinstance(count, int):
            count = len(count)
        for _ in range(count):
            self._lose(payer)
        self._gain_unknown(payee, count)

    def promised(self, by: int, kind: str, player: int) -> bool:
        """Whether ``by`` made this promise this game and it is not discharged."""
        return any(pr[0] == by and pr[1] == kind and pr[2] == player for pr in self.promises)

    def agree_rate(self, q: int) -> float:
        """How often ``q`` has consented when asked (with a prior of one in two)."""
        return (self.agreed[q] + 1) / (self.asked[q] + 2)

    def estimated_total(self, q: int, mean_unknown: float) -> float:
        """A rival's expected total: known tokens plus unknown ones at ``mean_unknown``."""
        return laurels.heap_value(self.known[q]) + self.unknown[q] * mean_unknown


def _promises(terms: Any) -> list[tuple[int, str, int]]:
    if not isinstance(terms, dict):
        return []
    return [(pr["by"], pr["kind"], pr["player"]) for pr in terms.get("promises", [])]
