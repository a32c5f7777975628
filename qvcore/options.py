"""The settings of a table: player count, names, who starts, variants (R12)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleError

HORIZONS = ("turn", "next", "two")
MAX_NAME = 30
#: bidirectional formatting characters: embeddings, overrides, isolates and marks (rulings #26)
BIDI_FORMATTING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                            "\u2066\u2067\u2068\u2069")
OPEN_HOARDS = ("off", "first_three", "every_entry")


@dataclass(frozen=True)
class Options:
    """Options of a new game; every variant is off by default (R12).

    - ``players``: 3 to 5 (R1).
    - ``names``: one display name per seat (defaults "Player 1"...).
    - ``first_player``: a seat, or ``None`` to draw one from the seed (R3.4).
    - ``scarce_laurels``: V1, fewer I tokens in the reward pool.
    - ``open_hoards``: V2, ``"off"``, ``"first_three"`` (after each of the
      first three Senate entries, Italian text) or ``"every_entry"``
      (French/Spanish text).
    - ``series``: V3, appeal to the council, three games in a row.
    - ``horizon``: how long promises bind (R11): ``"turn"``, ``"next"``, ``"two"``.
    """

    players: int = 3
    names: tuple[str, ...] = field(default=())
    first_player: int | None = 0
    scarce_laurels: bool = False
    open_hoards: str = "off"
    series: bool = False
    horizon: str = "next"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not (
            3 <= self.players <= 5
        ):
            raise RuleError("R1", "bad_player_count", "Quo Vadis? is for 3 to 5 players",
                            players=self.players)
        if not self.names:
            object.__setattr__(self, "names", tuple(f"Player {i + 1}" for i in range(self.players)))
        if len(self.names) != self.players or not all(
            isinstance(n, str) and n.strip() for n in self.names
        ):
            raise RuleError("R1", "bad_names", "give one non-empty name per player",
                            names=[str(n)[:MAX_NAME] for n in self.names][:5])
        for seat, name in enumerate(self.names):
            problem = name_problem(name)
            if problem:
                raise RuleError("R1", "bad_names", f"the name of seat {seat + 1} {problem}",
                                seat=seat, problem=problem)
        fp = self.first_player
        if fp is not None and (not isinstance(fp, int) or isinstance(fp, bool)
                               or not 0 <= fp < self.players):
            raise RuleError("R3.4", "bad_first_player", "the first player must be a seat or random",
                            first_player=fp)
        if self.open_hoards not in OPEN_HOARDS:
            raise RuleError("R12", "bad_option",
                            "open_hoards must be one of " + ", ".join(OPEN_HOARDS),
                            open_hoards=self.open_hoards)
        if self.horizon not in HORIZONS:
            raise RuleError("R11", "bad_option", "horizon must be one of " + ", ".join(HORIZONS),
                            horizon=self.horizon)
        for name in ("scarce_laurels", "series"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError("R12", "bad_option", f"{name} must be true or false")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "players": self.players,
            "names": list(self.names),
            "first_player": self.first_player,
            "scarce_laurels": self.scarce_laurels,
            "open_hoards": self.open_hoards,
            "series": self.series,
            "horizon": self.horizon,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        """Options from JSON data; unknown keys are an error."""
        if data is None:
            return cls()
        if isinstance(data, Options):
            return data
        if not isinstance(data, dict):
            raise RuleError("R12", "bad_options", "options must be an object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError("R12", "bad_options", "unknown option " + ", ".join(map(str, unknown)),
                            unknown=unknown)
        values = dict(data)
        if "names" in values:
            if not isinstance(values["names"], list | tuple):
                raise RuleError("R1", "bad_names", "names must be a list")
            values["names"] = tuple(values["names"])
        return cls(**values)


def name_problem(name: str) -> str | None:
    """Why ``name`` is no good as a player's name (R1, rulings.md #26), or None."""
    if len(name) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters"
    for char in name:
        if char in BIDI_FORMATTING:
            return "holds a bidirectional formatting character"
        if unicodedata.category(char) == "Cc":
            return "holds a control character"
    return None
