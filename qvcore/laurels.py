"""Laurel tokens (R1): kinds, values and the set-up counts.

Tokens of one kind are interchangeable, so a heap of tokens (a hoard, the pile
contents) is a list of six counts indexed by kind.
"""

from __future__ import annotations

from operator import mul
from typing import Final

I, II, IIC, III, IV, V = range(6)  # noqa: E741 (the Roman numerals of the tokens)

#: JSON names of the kinds; "IIC" is the II with Caesar's portrait (R7.3)
KIND_NAMES: Final = ("I", "II", "IIC", "III", "IV", "V")
KIND_BY_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}
VALUES: Final = (1, 2, 2, 3, 4, 5)
KINDS: Final = range(6)

#: how many tokens of each kind the box holds (R1): 62 in all
BOX: Final = (18, 8, 6, 15, 9, 6)
TOTAL_TOKENS: Final = sum(BOX)

#: V1 scarce laurels: I tokens in the reward pool by player count (R12)
SCARCE_POOL: Final = {3: 10, 4: 14, 5: 18}


def pile_tokens() -> list[int]:
    """The 44 tokens that are shuffled into the draw pile (R1, R3.2), unshuffled."""
    return [kind for kind in KINDS if kind != I for _ in range(BOX[kind])]


#: the mean value of a token drawn from the pile (R1): what a face-down token is worth unseen
PILE_MEAN: Final = sum(VALUES[k] for k in pile_tokens()) / len(pile_tokens())


def empty_heap() -> list[int]:
    """Six zero counts: a hoard with nothing in it."""
    return [0, 0, 0, 0, 0, 0]


def heap_value(heap: list[int]) -> int:
    """Total laurel points of a heap of counts."""
    return sum(map(mul, heap, VALUES))


def heap_size(heap: list[int]) -> int:
    """Number of tokens in a heap of counts."""
    return sum(heap)


def heap_names(heap: list[int]) -> dict[str, int]:
    """A heap as a JSON dict ``{"III": 2, ...}`` of its non-zero counts."""
    return {KIND_NAMES[k]: n for k, n in enumerate(heap) if n}


def holds(heap: list[int], wanted: list[int]) -> bool:
    """Whether ``heap`` contains every token counted in ``wanted``."""
    return all(have >= need for have, need in zip(heap, wanted, strict=True))
