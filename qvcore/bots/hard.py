"""Hard: placeholder until the search lands; plays like normal."""

from __future__ import annotations

from .normal import NormalBot


class HardBot(NormalBot):
    """Normal play for now."""

    level = "hard"
    keep = "if_cheap"
