"""A tiny seeded random generator that gives the same numbers on every Python.

The standard library's `random` does not promise a stable stream across versions, and a saved
game or a bug report must replay the same deal on CPython 3.11 and on Pyodide's 3.14. So the
engine draws its randomness from SplitMix64, pure integer arithmetic on 64 bits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *labels: int) -> int:
    """A new 64-bit seed from `seed` and integer labels (hand number, seat, ...).

    Lets a match seed give each hand its own independent, reproducible seed.
    """
    state = _mix((seed & _MASK64) ^ _GOLDEN)
    for label in labels:
        state = _mix((state + _GOLDEN + (label & _MASK64)) & _MASK64)
    return state


class Rng:
    """SplitMix64: deterministic, fast enough, and identical on every interpreter."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self._state = seed & _MASK64

    def next64(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK64
        return _mix(self._state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher-Yates shuffle of `items`, returned as a new tuple."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)
