"""The complete state of a game: pieces, tokens, random state, turn and stage.

This is plain mutable data. The rules that change it live in ``rules.py``;
what a given player may see of it is decided in ``observer.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import board, laurels, rng
from .options import Options

SENATORS_PER_PLAYER = 8
EMPTY = -1

# stages of a turn (who must decide now is derived from these: legality.actor, waiting_for, may_act)
ACTION = "action"  # the player to act chooses add / move / Caesar / request
CONSENT = "consent"  # a consent request is open (R6, R11)
BONUS = "bonus"  # the mover took a Caesar laurel and may move Caesar (R7.3)
COUNCIL = "council"  # V3: between games, players take senators off the board
OVER = "over"  # the game (or the V3 series) has ended (R9)


@dataclass
class Terms:
    """Terms of a deal between the mover and one consenting player (R11)."""

    mover_pays: list[int] = field(default_factory=laurels.empty_heap)
    consenter_pays: list[int] = field(default_factory=laurels.empty_heap)
    split: bool = False
    caesar: int | None = None  # path where the bonus move must put Caesar
    promises: list[tuple[int, str, int]] = field(default_factory=list)  # (by, kind, player)
    #: promises to move Caesar on the promisor's next turn: (by, player, path) (R11)
    caesar_promises: list[tuple[int, int, int]] = field(default_factory=list)

    def is_empty(self) -> bool:
        """True when the terms ask for nothing."""
        return not (any(self.mover_pays) or any(self.consenter_pays) or self.split
                    or self.caesar is not None or self.promises or self.caesar_promises)


@dataclass
class Answer:
    """One asked player's answer to a consent request."""

    consents: int
    terms: Terms | None = None


@dataclass
class Request:
    """An open consent request: the mover asks the other owners in an office (R6.2)."""

    path: int
    needed: int
    asked: list[int]
    offers: dict[int, Terms] = field(default_factory=dict)
    answers: dict[int, Answer] = field(default_factory=dict)


@dataclass
class Promise:
    """A promise to ``player`` of future consent, refusal, or a Caesar move (R11)."""

    by: int
    kind: str  # "consent", "refuse" or "caesar"
    player: int
    made_turn: int
    until_turn: int  # binding while state.turn <= until_turn
    done: bool = False
    path: int | None = None  # "caesar": the laurel space (path) Caesar is to be moved to

    def binds(self, turn: int) -> bool:
        """Whether the engine still enforces it at ``turn``."""
        return not self.done and turn <= self.until_turn


class GameState:
    """Everything about a game at one moment, including its random state."""

    __slots__ = (
        "bonus_forced", "caesar", "council_next", "current", "first_player", "game_number",
        "hoards", "n", "offices", "options", "pile", "pool", "promises", "request",
        "reveal_open", "revealed", "rng", "series_results", "setup", "spaces", "stage", "supply",
        "turn", "winner",
    )

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.n = options.players
        self.rng = rng.seeded(seed)
        self.supply = [SENATORS_PER_PLAYER] * self.n
        self.offices: list[list[int]] = [[] for _ in board.SEATS]
        self.promises: list[Promise] = []
        self.request: Request | None = None
        self.bonus_forced: int | None = None
        self.turn = 0
        self.game_number = 1
        self.series_results: list[dict[str, Any]] = []
        self.council_next = -1
        self.winner: int | None = None
        self.reveal_open = False
        self.revealed = False
        self.stage = ACTION
        if options.first_player is None:
            self.rng, self.first_player = rng.below(self.rng, self.n)
        else:
            self.first_player = options.first_player
        self.current = self.first_player
        self.spaces = [EMPTY] * len(board.PATHS)
        self.setup: list[int] = []  # the face-up tokens at the start of this game (R3.2)
        self.pile: list[int] = []
        self.pool = 0
        self.hoards: list[list[int]] = []
        self.caesar = board.CAESAR_START
        self.set_up_laurels()

    def set_up_laurels(self) -> None:
        """R3 steps 1-3: reward pool, shuffled pile, 10 face-up tokens, Caesar; hoards empty."""
        self.pool = (laurels.SCARCE_POOL[self.n] if self.options.scarce_laurels
                     else laurels.BOX[laurels.I])
        self.pile = laurels.pile_tokens()
        self.rng = rng.shuffle(self.rng, self.pile)
        self.spaces = [EMPTY] * len(board.PATHS)
        for path in board.LAUREL_PATHS:
            self.spaces[path] = self.pile.pop()
        self.setup = self.spaces[:]
        self.caesar = board.CAESAR_START
        self.hoards = [laurels.empty_heap() for _ in range(self.n)]

    def copy(self) -> GameState:
        """A deep copy, cheap enough for playouts."""
        new = GameState.__new__(GameState)
        new.options = self.options
        new.n = self.n
        new.rng = self.rng
        new.supply = self.supply[:]
        new.offices = [o[:] for o in self.offices]
        new.promises = [Promise(p.by, p.kind, p.player, p.made_turn, p.until_turn, p.done,
                                p.path) for p in self.promises]
        new.request = _copy_request(self.request)
        new.bonus_forced = self.bonus_forced
        new.turn = self.turn
        new.game_number = self.game_number
        new.series_results = list(self.series_results)
        new.council_next = self.council_next
        new.winner = self.winner
        new.reveal_open = self.reveal_open
        new.revealed = self.revealed
        new.stage = self.stage
        new.first_player = self.first_player
        new.current = self.current
        new.spaces = self.spaces[:]
        new.setup = self.setup
        new.pile = self.pile[:]
        new.pool = self.pool
        new.hoards = [h[:] for h in self.hoards]
        new.caesar = self.caesar
        return new

    # -- derived facts -------------------------------------------------------------

    def senate(self) -> list[int]:
        """Owners of the senators in the Senate, in arrival order (R9.2)."""
        return self.offices[board.SENATE]

    def game_turn(self) -> int:
        """The turn counted from the first of the game being played: each game of a V3
        series counts its own (R12), and its council belongs to it."""
        finished = self.series_results[:self.game_number - 1]
        return self.turn - (finished[-1]["turn"] + 1 if finished else 0)

    def on_board(self, player: int) -> int:
        """How many of ``player``'s senators stand on the board."""
        return sum(office.count(player) for office in self.offices)

    def total(self, player: int) -> int:
        """A player's laurel total: secret (R10); views decide who may see it."""
        return laurels.heap_value(self.hoards[player])

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-ready data, secrets included (for saving and debugging)."""
        return {
            "options": self.options.to_dict(),
            "rng": self.rng,
            "stage": self.stage,
            "turn": self.turn,
            "current": self.current,
            "first_player": self.first_player,
            "game_number": self.game_number,
            "supply": self.supply[:],
            "offices": [o[:] for o in self.offices],
            "spaces": {str(p): laurels.KIND_NAMES[self.spaces[p]] if self.spaces[p] >= 0 else None
                       for p in board.LAUREL_PATHS},
            "caesar": self.caesar,
            "setup": {str(p): laurels.KIND_NAMES[self.setup[p]] for p in board.LAUREL_PATHS},
            "pile": [laurels.KIND_NAMES[k] for k in self.pile],
            "pool": self.pool,
            "hoards": [laurels.heap_names(h) for h in self.hoards],
            "promises": [vars(p).copy() for p in self.promises],
            "request": None if self.request is None else {
                "path": self.request.path, "needed": self.request.needed,
                "asked": self.request.asked[:],
                "answers": {str(k): a.consents for k, a in self.request.answers.items()},
                "offers": {str(k): _terms_data(t) for k, t in self.request.offers.items()},
                "terms": {str(k): None if a.terms is None else _terms_data(a.terms)
                          for k, a in self.request.answers.items()},
            },
            "bonus_forced": self.bonus_forced,
            "winner": self.winner,
            "series_results": list(self.series_results),
            "council_next": self.council_next,
            "reveal_open": self.reveal_open,
            "revealed": self.revealed,
        }


def _terms_data(terms: Terms) -> dict[str, Any]:
    return {"mover_pays": laurels.heap_names(terms.mover_pays),
            "consenter_pays": laurels.heap_names(terms.consenter_pays),
            "split": terms.split, "caesar": terms.caesar,
            "promises": [list(p) for p in terms.promises],
            "caesar_promises": [list(p) for p in terms.caesar_promises]}


def _copy_request(request: Request | None) -> Request | None:
    if request is None:
        return None
    return Request(request.path, request.needed, request.asked[:], dict(request.offers),
                   dict(request.answers))
