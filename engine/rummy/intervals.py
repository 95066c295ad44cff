"""95% intervals for the arenas: Wilson for win rates, normal for mean points."""

from __future__ import annotations

from collections.abc import Iterable
from math import sqrt
from statistics import fmean, stdev

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (ties may count as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 or 1 a bound is exactly 0 or 1; say so rather than trust the rounding.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Iterable[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal interval of a mean; unbounded from a single value."""
    values = list(values)
    mean = fmean(values)
    half = z * stdev(values) / sqrt(len(values)) if len(values) > 1 else float("inf")
    return (mean, mean - half, mean + half)
