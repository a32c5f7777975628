"""The settings of a Palatinus table: player count, names, who starts (P2, P3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleError
from ..options import MAX_NAME, name_problem


@dataclass(frozen=True)
class Options:
    """Options of a new game.

    - ``players``: 2 to 5 (P2).
    - ``names``: one display name per seat (defaults "Player 1"...).
    - ``first_player``: a seat, or ``None`` to draw one from the seed (P3).
    """

    players: int = 3
    names: tuple[str, ...] = field(default=())
    first_player: int | None = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 5:
            raise RuleError("P2", "bad_player_count", "Palatinus is for 2 to 5 players",
                            players=repr(self.players)[:40])
        if not self.names:
            object.__setattr__(self, "names", tuple(f"Player {i + 1}" for i in range(self.players)))
        if len(self.names) != self.players or not all(
                isinstance(n, str) and n.strip() for n in self.names):
            raise RuleError("P2", "bad_names", "give one non-empty name per player",
                            names=[str(n)[:MAX_NAME] for n in self.names][:5])
        for seat, name in enumerate(self.names):
            problem = name_problem(name)
            if problem:
                raise RuleError("P2", "bad_names", f"the name of seat {seat + 1} {problem}",
                                seat=seat, problem=problem)
        first = self.first_player
        if first is not None and (type(first) is not int or not 0 <= first < self.players):
            raise RuleError("P3", "bad_first_player", "the first player must be a seat or random",
                            first_player=repr(first)[:40])

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"players": self.players, "names": list(self.names),
                "first_player": self.first_player}

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        """Options from JSON data; unknown keys are an error."""
        if data is None:
            return cls()
        if isinstance(data, Options):
            return data
        if not isinstance(data, dict):
            raise RuleError("P2", "bad_options", "options must be an object")
        unknown = sorted(map(str, set(data) - set(cls.__dataclass_fields__)))
        if unknown:
            raise RuleError("P2", "bad_options", "unknown option " + ", ".join(unknown),
                            unknown=unknown)
        values = dict(data)
        if "names" in values:
            if not isinstance(values["names"], list | tuple):
                raise RuleError("P2", "bad_names", "names must be a list")
            values["names"] = tuple(values["names"])
        return cls(**values)
