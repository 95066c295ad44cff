"""Microseconds per 10-card hand for `rummy.melds.deadwood`, against the plain exhaustive
reference of the tests (every collection of disjoint melds), on the same hands in one run.

    python bench/bench_melds.py [--hands 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rummy.cards import DECK  # noqa: E402
from rummy.melds import deadwood  # noqa: E402
from rummy.rng import Rng  # noqa: E402
from support.brute_force import exhaustive_deadwood  # noqa: E402


def per_hand_us(function, hands, repeats: int) -> float:
    """Best of `repeats` passes over all hands, in microseconds per hand."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = Rng(args.seed)
    hands = [rng.shuffled(DECK)[:10] for _ in range(args.hands)]
    low_ranks = [c for c in DECK if c.rank <= 5]  # dense hands: many overlapping melds
    dense = [rng.shuffled(low_ranks)[:10] for _ in range(args.hands // 4)]
    for name, sample in (("random 10-card hands", hands), ("dense 10-card hands", dense)):
        mismatches = sum(deadwood(h) != exhaustive_deadwood(h) for h in sample)
        fast = per_hand_us(deadwood, sample, repeats=5)
        slow = per_hand_us(exhaustive_deadwood, sample, repeats=1)
        print(
            f"{name} ({len(sample)}): deadwood {fast:.1f} us/hand, exhaustive reference "
            f"{slow:.1f} us/hand, ratio {slow / fast:.0f}x faster, mismatches {mismatches}"
        )


if __name__ == "__main__":
    main()
