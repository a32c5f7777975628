"""The shapes of the JSON protocol (``docs/protocol.md``) as ``TypedDict``s for strict mypy.

Actions, events, views, deal terms, promises and errors. Keys that are Python
keywords (``from``) use the functional syntax. Values are plain JSON data; the
engine builds them with these types, so mypy checks every key and value it
writes. ``Game``'s public methods hand out the same data typed as plain dicts,
so callers may keep them in ``dict[str, Any]``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, Required, TypedDict

Stage = Literal["action", "consent", "bonus", "council", "over"]
ActionType = Literal["add", "move", "request", "answer", "withdraw", "caesar", "decline",
                     "reveal", "retire"]
PromiseKind = Literal["consent", "refuse", "caesar"]
Click = Literal["move", "request", "choose", "supporters", "refused"]
LaurelName = Literal["I", "II", "IIC", "III", "IV", "V"]
HorizonName = Literal["turn", "next", "two"]
OpenHoards = Literal["off", "first_three", "every_entry"]
#: an action as a caller hands it in or a bot chooses it, before the rules check it (both games)
Action = dict[str, Any]

#: a path (or laurel space) named by its two offices
PathRef = TypedDict("PathRef", {"from": int, "to": int})
#: a laurel space with its path number
SpaceRef = TypedDict("SpaceRef", {"path": int, "from": int, "to": int})


class PromiseTerm(TypedDict):
    """A promise in deal terms: ``caesar`` only for kind ``"caesar"`` (R11)."""

    by: int
    kind: PromiseKind
    player: int
    caesar: NotRequired[PathRef]


class TermsData(TypedDict, total=False):
    """Deal terms (R11, R13); payments are kind names, or counts in public records."""

    mover_pays: list[str] | int
    consenter_pays: list[str] | int
    split: bool
    caesar: PathRef
    promises: list[PromiseTerm]


#: one flat shape for every action type: ``type`` and ``player`` always, the rest by type
ActionData = TypedDict("ActionData", {
    "type": Required[ActionType], "player": Required[int],
    "office": NotRequired[int], "from": NotRequired[int], "to": NotRequired[int],
    "supporters": NotRequired[list[int]], "offers": NotRequired[dict[str, TermsData]],
    "consents": NotRequired[int], "terms": NotRequired[TermsData | None],
})


#: a deal carried out by a move, as the public event records it (counts, not kinds)
DealRecord = TypedDict("DealRecord", {
    "with": int, "mover_pays": "list[str] | int", "consenter_pays": "list[str] | int",
    "split": bool, "caesar": PathRef, "promises": "list[PromiseTerm]",
    "split_tokens": "dict[str, int]",
}, total=False)


class OfficeData(TypedDict):
    """An office of the board (R2): its seats, printed place (0..1) and consents to leave."""

    id: int
    seats: int
    x: float
    y: float
    consents_needed: int


#: a path of the board (R2), with whether it has a laurel space
PathData = TypedDict("PathData", {"id": int, "from": int, "to": int, "laurel": bool})


class BoardData(TypedDict):
    """The board as ``board_data()`` gives it (``board.json``), for front ends drawing it."""

    senate: int
    entry_offices: list[int]
    offices: list[OfficeData]
    paths: list[PathData]
    caesar_start: int


class GameOver(TypedDict):
    winner: int | None
    totals: list[int]


class SeriesResult(TypedDict):
    """A finished game of a V3 series (R12): its number, winner, every total, the seats
    that entered the Senate in order, and the turn it ended on."""

    game: int
    winner: int | None
    totals: list[int]
    senate: list[int]
    turn: int


#: what ``apply_action`` returns: public, no secret (R10)
EventData = TypedDict("EventData", {
    "type": Required[ActionType], "player": Required[int],
    "office": int, "from": int, "to": int, "supporters": list[int], "caesar": bool,
    "took": bool, "replaced_by": str | None, "rewards": dict[str, int],
    "deals": list[DealRecord], "senate_entry": int, "bonus": bool, "game_over": GameOver,
    "series_over": dict[str, int], "asked": list[int], "needed": int,
    "offers": dict[str, TermsData], "consents": int, "mover": int, "terms": TermsData,
    "was": PathRef, "next_game": int, "dropped": PathRef,
}, total=False)


class ErrorData(TypedDict):
    """A refusal: the rule, a stable code, the English message and its parameters."""

    rule: str
    code: str
    message: str
    params: dict[str, Any]


class MoveHint(TypedDict):
    """What a click on a destination means for the player to act (``legality.route``)."""

    path: int
    to: int
    needed: int
    caesar: bool
    own_spare: int
    click: Click
    move: ActionData | None
    request: ActionData | None
    asked: list[int]
    error: ErrorData | None
    caesar_frees: bool
    others: NotRequired[dict[str, int]]
    possible: NotRequired[bool]
    free: NotRequired[bool]
    reason: NotRequired[str | None]
    laurel: NotRequired[str | None]


# ``from`` is a keyword: the hint's office of departure is added with the functional syntax
MoveHintFrom = TypedDict("MoveHintFrom", {"from": int})


class Hint(MoveHint, MoveHintFrom):
    """A move hint with its office of departure."""


class PlayerView(TypedDict):
    seat: int
    name: str
    supply: int
    on_board: int
    in_senate: int
    hoard_size: int
    hoard: NotRequired[dict[str, int]]
    total: NotRequired[int]


SpaceView = TypedDict("SpaceView", {"path": int, "from": int, "to": int, "token": str | None,
                                    "caesar": bool})
SetupSpace = TypedDict("SetupSpace", {"path": int, "from": int, "to": int,
                                      "token": str | None})
CaesarView = TypedDict("CaesarView", {"path": int, "from": int, "to": int})


class AnswerView(TypedDict):
    consents: int
    terms: TermsData | None


class SplitShare(TypedDict):
    total: int
    share: int
    #: False when the two parties' tokens cannot make the split's exact change, whatever the
    #: hoard this viewer cannot see holds (its count is known; other deals not counted):
    #: the move would then be refused as things stand (rulings.md #9)
    change: bool


class OfferGains(TypedDict):
    """What agreeing to the mover's offer gives the asked player, for one count of consents."""
    consents: int
    #: in points: its I rewards while the pool lasts, the laurels paid either way, its half of a
    #: split (R7.2, R11)
    points: int
    #: under a split, the points the move's gains come to (the laurel and the rewards) and the
    #: asked player's share of them (half, rounded down: rulings.md #9), else None
    split: SplitShare | None


class AskedView(TypedDict):
    player: int
    senators: int
    #: the consents this player may give on terms of its own (R11): none under a binding promise
    with_terms: list[int]
    #: with an offer, what agreeing gives it per count of consents; only for the two parties
    gains: list[OfferGains]


class SupportersWay(TypedDict):
    """One legal way to make the requested move: the supporters in the order named, and the
    I tokens each takes from the pool (R7.2: the first named first, rulings.md #22)."""
    supporters: list[int]
    rewards: dict[str, int]


RequestView = TypedDict("RequestView", {
    "mover": int, "path": int, "from": int, "to": int, "needed": int, "own_spare": int,
    "asked": list[AskedView], "offers": dict[str, TermsData],
    "answers": dict[str, AnswerView], "laurel": str | None,
    "move_refusal": ErrorData | None, "caesar_terms": list[SpaceRef],
    #: the mover's legal ways to move with their I rewards; empty in every other view (R10)
    "ways": list[SupportersWay],
})


class PromiseView(TypedDict):
    """A promise in force (R11); ``caesar`` names the space of a Caesar promise."""

    by: int
    kind: PromiseKind
    player: int
    made_turn: int
    until_turn: int
    caesar: NotRequired[PathRef | None]


class BonusView(TypedDict):
    forced: PathRef | None


class RevealView(TypedDict):
    open: bool
    shown: bool


class LogLine(TypedDict):
    """One log entry: the event in English words (for tools) and the public event itself."""

    index: int
    player: int
    type: str
    text: str
    event: EventData


DecisionKind = Literal["answer", "supporters", "turn", "bonus", "council"]


class Decision(TypedDict):
    """Whose decision the table waits for now, in which stage, and of what kind: the view's
    choices (``moves``, ``adds``, ``caesar_targets``, ``retire``) are this seat's alone."""

    seat: int
    stage: Stage
    kind: DecisionKind


class View(TypedDict):
    """What one viewer may see (R10); ``log`` and ``seed`` are added by ``Game.view``."""

    viewer: int | None
    options: dict[str, Any]
    stage: Stage
    turn: int
    #: the turn counted from the first of the game being played (R12 V3: each game of a
    #: series counts its own; the council belongs to the game that just ended)
    game_turn: int
    game_number: int
    current: int
    first_player: int
    actor: int | None
    waiting_for: list[int]
    may_act: list[int]
    decision: Decision | None
    players: list[PlayerView]
    offices: list[list[int]]
    senate: list[int]
    spaces: list[SpaceView]
    setup: list[SetupSpace]
    caesar: CaesarView
    pile: int
    pool: int
    request: RequestView | None
    bonus: BonusView | None
    #: the laurel space a binding Caesar promise of the player to act sends Caesar to on this
    #: turn, its only turn action (R11, rulings.md #25), or None
    caesar_duty: SpaceRef | None
    promises: list[PromiseView]
    reveal: RevealView
    council: int | None
    moves: list[Hint]
    adds: list[int]
    caesar_targets: list[SpaceRef]
    retire: list[int]
    legal: list[ActionData]
    series: list[SeriesResult]
    winner: int | None
    log: NotRequired[list[LogLine]]
    seed: NotRequired[int]
