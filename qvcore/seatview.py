"""Reading a seat's view as an outside opponent does (``outsider.py``, ``schemer.py``): the
laurel a move along a path would take now."""

from __future__ import annotations

from typing import Any

from . import laurels


def laurel_on(view: dict[str, Any], path: int) -> int:
    """The value of the face-up laurel a move along ``path`` would take now: none under
    Caesar (R7.4) or on an emptied space (R7.1)."""
    for space in view["spaces"]:
        if space["path"] == path:
            if space["caesar"] or space["token"] is None:
                return 0
            return laurels.VALUES[laurels.KIND_BY_NAME[space["token"]]]
    return 0
