"""Palatinus (I sette colli di Roma): the rules engine, pure Python, replayable.

Start with :class:`qvcore.palatinus.Game`; the JSON protocol is in
docs/palatinus-protocol.md, the rulings on open facts in docs/palatinus-rulings.md.
"""

from .game import Game
from .options import Options

__all__ = ["Game", "Options"]
