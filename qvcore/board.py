"""The fixed board of Quo Vadis? (R2): offices, seats and upward paths.

Everything here is a constant. Offices are numbered 0-14 (13 is the Senate);
paths are numbered 0-16 in the order of the R2 table. A laurel space belongs to
exactly one path, so a laurel space is named by its path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .protocol import BoardData

SENATE: Final = 13
ENTRY_OFFICES: Final = (0, 1, 2, 3)

#: seats of each office, indexed by office (R2)
SEATS: Final = (1, 5, 1, 3, 1, 1, 3, 1, 3, 5, 1, 1, 3, 5, 3)

#: (from, to, has a laurel space), in the order of the R2 table
PATHS: Final = (
    (0, 4, False),
    (1, 8, True),
    (1, 5, True),
    (2, 6, False),
    (3, 6, True),
    (3, 7, True),
    (4, 8, False),
    (5, 9, False),
    (6, 9, True),
    (6, 11, True),
    (7, 10, False),
    (8, 12, True),
    (9, 13, True),
    (10, 14, False),
    (11, 14, False),
    (12, 13, True),
    (14, 13, True),
)

PATH_FROM: Final = tuple(p[0] for p in PATHS)
PATH_TO: Final = tuple(p[1] for p in PATHS)
LAUREL_PATHS: Final = tuple(i for i, p in enumerate(PATHS) if p[2])

#: path index by (from, to)
PATH_INDEX: Final = {(p[0], p[1]): i for i, p in enumerate(PATHS)}

#: paths leaving each office
PATHS_FROM_OFFICE: Final = tuple(
    tuple(i for i, p in enumerate(PATHS) if p[0] == office) for office in range(len(SEATS))
)


def _steps_to_senate() -> tuple[int, ...]:
    dist = [99] * len(SEATS)
    dist[SENATE] = 0
    for _ in SEATS:
        for a, b, _laurel in PATHS:
            dist[a] = min(dist[a], dist[b] + 1)
    return tuple(dist)


#: steps from each office to the Senate along upward paths
DIST: Final = _steps_to_senate()

#: path 9->13, where Caesar starts (R3.3)
CAESAR_START: Final = PATH_INDEX[(9, 13)]

#: consents needed to leave an office by its seats (R6.1, R6.2)
CONSENTS_NEEDED: Final = tuple({1: 0, 3: 1, 5: 2}[s] for s in SEATS)

#: approximate printed layout (R2), x to the right, y downwards
LAYOUT: Final = (
    (0.08, 0.90), (0.33, 0.88), (0.68, 0.90), (0.88, 0.88), (0.10, 0.68),
    (0.33, 0.63), (0.68, 0.66), (0.90, 0.64), (0.17, 0.47), (0.50, 0.45),
    (0.90, 0.47), (0.74, 0.32), (0.12, 0.18), (0.50, 0.13), (0.88, 0.20),
)


def path_of(action: Mapping[str, object]) -> int:
    """The path a legal move, request or Caesar action names by its ``from`` and ``to``."""
    return PATH_INDEX[(int(action["from"]), int(action["to"]))]  # type: ignore[call-overload]


def path_name(path: int) -> str:
    """Human name of a path, e.g. ``"8→12"``."""
    return f"{PATH_FROM[path]}→{PATH_TO[path]}"


def board_data() -> BoardData:
    """The board as plain JSON-ready data, for front ends drawing it (R2)."""
    return {
        "senate": SENATE,
        "entry_offices": list(ENTRY_OFFICES),
        "offices": [
            {"id": i, "seats": SEATS[i], "x": LAYOUT[i][0], "y": LAYOUT[i][1],
             "consents_needed": CONSENTS_NEEDED[i]}
            for i in range(len(SEATS))
        ],
        "paths": [
            {"id": i, "from": a, "to": b, "laurel": laurel}
            for i, (a, b, laurel) in enumerate(PATHS)
        ],
        "caesar_start": CAESAR_START,
    }
