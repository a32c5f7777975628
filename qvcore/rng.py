"""A tiny deterministic random generator (SplitMix64) whose state is one integer.

Python's ``random`` is not promised to give the same shuffles across versions;
this one gives the same numbers on CPython 3.11 and Pyodide alike, and its
state saves as a plain integer inside the game state.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(new_state, random 64-bit value)``."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` without modulo bias: ``(new_state, value)``."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
