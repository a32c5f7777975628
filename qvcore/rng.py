"""The game's random generator: one integer of state, and draws no seat can trace back to it.

Every draw of the engine (the first player, R3.4; the pile's order, R3.2) comes from
here, so the pile is exactly as unpredictable as the seed is unknown (R10, rulings.md
#28). The stream is derived from the seed through a cryptographic hash (BLAKE2b, in
CPython and in Pyodide alike):

- a seed ``s`` (a whole number from 0 to ``MAX_SEED``, see :func:`check_seed`) gives the
  state ``u64(blake2b(s as 8 bytes, person="qvcore seed"))``;
- a draw from state ``k`` reads 64-bit words from the blocks
  ``blake2b(i as 8 bytes, key=k as 8 bytes, person="qvcore draw")`` for ``i = 0, 1, …``,
  and leaves the state ``u64(blake2b(k as 8 bytes, person="qvcore next"))``;

(all integers little-endian, digests of 8 bytes for states and 64 for blocks). Seeing
every token drawn tells nothing about the state or the seed that a search through every
seed would not: the hash cannot be run backwards.

The state is a plain integer inside the game state, and the same seed gives the same
game on every Python version (unlike ``random``).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from hashlib import blake2b
from typing import Any

from .errors import RuleError

MASK = (1 << 64) - 1
#: the largest seed: the largest whole number JavaScript holds exactly (2^53 - 1)
MAX_SEED = (1 << 53) - 1

_SEED = b"qvcore seed"
_DRAW = b"qvcore draw"
_NEXT = b"qvcore next"
_EIGHT_WORDS = struct.Struct("<8Q").unpack


def check_seed(seed: Any, rule: str = "R3") -> int:
    """The one rule for seeds (of games and of bots, new or saved, in either game): a whole
    number from 0 to ``MAX_SEED``, never a float, boolean or string (R3; P3 for Palatinus)."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RuleError(rule, "bad_seed", f"the seed must be a whole number from 0 to {MAX_SEED}",
                        seed=repr(seed)[:40])
    return seed


def seeded(seed: int) -> int:
    """The first state of a game with ``seed`` (checked by :func:`check_seed`)."""
    return _u64(blake2b(check_seed(seed).to_bytes(8, "little"), digest_size=8,
                        person=_SEED).digest())


def next_u64(state: int) -> tuple[int, int]:
    """One random 64-bit value: returns ``(new_state, value)``."""
    return _next(state), next(_words(state))


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` without modulo bias: ``(new_state, value)``."""
    return _next(state), _below(_words(state), n)


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state."""
    words = _words(state)
    for i in range(len(items) - 1, 0, -1):
        j = _below(words, i + 1)
        items[i], items[j] = items[j], items[i]
    return _next(state)


def _u64(digest: bytes) -> int:
    return int.from_bytes(digest, "little")


def _next(state: int) -> int:
    return _u64(blake2b((state & MASK).to_bytes(8, "little"), digest_size=8,
                        person=_NEXT).digest())


def _words(state: int) -> Iterator[int]:
    """The 64-bit words drawn from ``state``, eight per hashed block."""
    key = (state & MASK).to_bytes(8, "little")
    block = 0
    while True:
        yield from _EIGHT_WORDS(blake2b(block.to_bytes(8, "little"), digest_size=64, key=key,
                                        person=_DRAW).digest())
        block += 1


def _below(words: Iterator[int], n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = next(words)
        if value < limit:
            return value % n
