"""Bots that play Quo Vadis? from one seat's view (R10): random, easy, normal, hard.

>>> bot = make_bot("easy", seat=0, seed=1)
>>> bot.level
'easy'
"""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot

LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot,
}


def make_bot(level: str, seat: int, seed: int) -> Bot:
    """A bot of ``level`` for ``seat``; the same seed, events and views give the same play."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return LEVELS[level](seat, seed)


__all__ = ["LEVELS", "Bot", "make_bot"]
