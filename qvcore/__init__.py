"""qvcore: the rules engine of Reiner Knizia's Quo Vadis?, pure Python, replayable.

Start with :class:`qvcore.Game`; the JSON protocol is in docs/protocol.md.
"""

from .errors import RuleError
from .game import Game
from .observer import Observer
from .options import Options

__all__ = ["Game", "Observer", "Options", "RuleError"]
__version__ = "0.1.0"
