"""The whole state of a Palatinus game, hidden parts included (the observer filters it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import rng
from . import facts
from .geometry import SLOTS, cell_of, terrain_side
from .options import Options

SETUP, PLACE, OVER = "setup", "place", "over"

#: one kind of inhabitant behind a screen: (colour, kind, wolf-faced?)
PieceType = tuple[int, str, bool]


@dataclass
class Piece:
    """An inhabitant on the board; ``order`` counts placements from 0 (public)."""

    owner: int
    colour: int
    kind: str
    wolf: bool
    order: int


@dataclass
class Scores:
    """What a player has won in the final scoring (P7)."""

    captured: list[int] = field(default_factory=list)  # colours of captured inhabitants
    tokens: list[int] = field(default_factory=list)
    discs: list[int] = field(default_factory=list)

    def points(self) -> int:
        """P7: 1 per captive plus the tokens' and discs' values."""
        return len(self.captured) + sum(self.tokens) + sum(self.discs)

    def things(self) -> int:
        """P7's tie-break: tokens, discs and captives together."""
        return len(self.captured) + len(self.tokens) + len(self.discs)


def starting_supply(players: int, seat: int) -> dict[PieceType, int]:
    """What a seat holds behind its screen at the start (P2, rulings 5 and 6)."""
    supply = {(seat, kind, wolf): n for (kind, wolf), n in facts.SETS[players].items()}
    if players == 2:
        extra = facts.TWO_PLAYER_EXTRA_COLOUR[seat]
        supply.update({(extra, kind, wolf): n
                       for (kind, wolf), n in facts.TWO_PLAYER_EXTRA.items()})
    return supply


def springs_of(slot: int, tile: tuple[str, int]) -> list[int]:
    """The spring terrains of ``tile`` (letter, turn) laid on ``slot`` (P1, ruling 1)."""
    letter, rotation = tile
    return [cell_of(slot, k) for k in range(1, 7)
            if terrain_side(k, rotation) in facts.SPRINGS[letter]]


class State:
    """Tiles, tokens, screens and the board; ``seed`` drives the shuffles (P3)."""

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.n = options.players
        self.rng = rng.seeded(seed)
        if options.first_player is None:
            self.rng, first = rng.below(self.rng, self.n)
        else:
            first = options.first_player
        self.first_player = first
        letters = list(range(len(facts.LETTERS)))
        self.rng = rng.shuffle(self.rng, letters)
        #: the face-down pile of tiles, next one last (hidden, P8)
        self.pile = [facts.LETTERS[i] for i in reversed(letters)]
        #: each slot's tile as (letter, rotation), None while empty (P3)
        self.tiles: list[tuple[str, int] | None] = [None] * SLOTS
        middle = (self.pile.pop(), 0)
        self.tiles[0] = middle
        #: the spring terrains of the tiles laid so far (P1, ruling 1)
        self.springs: set[int] = set(springs_of(0, middle))
        #: each slot's hill token value; None once awarded or removed, or not yet dealt
        self.tokens: list[int | None] = [None] * SLOTS
        self.tokens[0] = facts.PALATINUS_VALUE
        self.stage = SETUP
        self.current = first
        self.placements = 0
        self.supply = [starting_supply(self.n, seat) for seat in range(self.n)]
        self.board: dict[int, Piece] = {}
        self.scores = [Scores() for _ in range(self.n)]
        self.winners: list[int] = []

    # -- reading -----------------------------------------------------------------------

    def in_hand(self) -> str | None:
        """The tile turned up for the current player to lay (P3.2), if any."""
        return self.pile[-1] if self.stage == SETUP and self.pile else None

    def held(self, seat: int) -> int:
        """How many inhabitants a seat still holds behind its screen."""
        return sum(self.supply[seat].values())

    def held_condottieri(self, seat: int) -> int:
        """How many condottieri a seat still holds (public: they are never wolf-faced)."""
        return sum(n for (_, kind, _), n in self.supply[seat].items()
                   if kind == facts.CONDOTTIERO)

    def letter(self, slot: int) -> str | None:
        """The letter of the tile on a slot (None while empty)."""
        tile = self.tiles[slot]
        return None if tile is None else tile[0]
