"""The shapes of the Palatinus JSON protocol (docs/palatinus-protocol.md) as ``TypedDict``s.

The engine builds views, events and scoring steps with these types, so strict mypy
checks every key it writes; ``Game`` hands them out as plain dicts.
"""

from __future__ import annotations

from typing import Literal, NotRequired, Required, TypedDict

Stage = Literal["setup", "place", "over"]
Kind = Literal["merchant", "farmer", "condottiero"]
Face = Literal["merchant", "farmer", "condottiero", "wolf"]
StepName = Literal["reveal", "hill", "capture", "flee", "captive", "influence", "token", "tie",
                   "unclaimed", "total"]


class Final(TypedDict):
    """The end of the game: the scoring's steps, the winners, everyone's points (P5-P7)."""

    steps: list[StepData]
    winners: list[int]
    points: list[int]


#: what ``apply`` returns: public, never a secret (P8); fields by type
class EventData(TypedDict, total=False):
    type: Required[Literal["lay", "place"]]
    player: Required[int]
    slot: int
    rotation: int
    letter: str
    springs: list[int]
    tokens: list[int | None]
    terrain: int
    colour: int
    wolf: bool
    kind: str
    final: Final


class Revealed(TypedDict):
    terrain: int
    owner: int
    colour: int
    kind: str


class Part(TypedDict):
    terrain: int
    kind: str
    points: int


class PlayerTotal(TypedDict):
    player: int
    captured: int
    tokens: list[int]
    discs: list[int]
    points: int
    things: int


#: one step of the final scoring, for a page to show one at a time; fields by ``step``
class StepData(TypedDict, total=False):
    step: Required[StepName]
    hill: str
    slot: int
    token: int | None
    inhabitants: list[Revealed]
    condottiero: int
    owner: int
    merchants: int
    farmers: int
    group: str
    captives: list[Revealed]
    terrain: int
    colour: int
    kind: str
    to: int
    by: list[int]
    discs: list[int]
    player: int
    total: int
    parts: list[Part]
    influence: int
    players: list[int] | list[PlayerTotal]
    disc: int
    winners: list[int]
    tied: list[int]
    #: every player's points once the step is done (P7: captives, tokens, discs): a running
    #: score, on every step
    scores: list[int]


class TileView(TypedDict):
    slot: int
    letter: str | None
    rotation: int | None
    token: int | None
    hill: int


class InhabitantView(TypedDict):
    terrain: int
    owner: int
    colour: int
    wolf: bool
    order: int
    kind: NotRequired[str]


class ScreenRow(TypedDict):
    colour: int
    face: Face
    count: int


class HandRow(TypedDict):
    colour: int
    kind: str
    wolf: bool
    count: int


class Result(TypedDict):
    captured: list[int]
    tokens: list[int]
    discs: list[int]
    points: int
    things: int


class PlayerView(TypedDict):
    seat: int
    name: str
    colours: list[int]
    held: int
    screen: list[ScreenRow]
    hand: NotRequired[list[HandRow]]
    result: NotRequired[Result]


class Placeable(TypedDict):
    colour: int
    kind: str
    wolf: bool


class Withheld(TypedDict):
    """An inhabitant the seat to act holds but may not place now, and the refusal's rule."""
    colour: int
    kind: str
    wolf: bool
    rule: str
    code: str


class View(TypedDict):
    """What one viewer may see (P8); ``log`` and ``seed`` are added by ``Game.view``."""

    game: Literal["palatinus"]
    viewer: int | None
    options: dict[str, object]
    stage: str
    current: int | None
    first_player: int
    turn: int
    last_turns: int
    tiles: list[TileView]
    in_hand: str | None
    pile: int
    free_slots: list[int]
    springs: list[int]
    board: list[InhabitantView]
    players: list[PlayerView]
    legal: list[dict[str, object]]
    placeable: list[Placeable]
    withheld: list[Withheld]
    condottiero_turns: int | None
    winners: list[int] | None
