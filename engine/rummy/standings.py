"""When a game of several hands (or rounds) is over, and who won it: the same for Basic Rummy
and Rummikub, which both play a number of hands or to a target total."""

from __future__ import annotations

from collections.abc import Sequence


def game_over(scores: Sequence[int], played: int, hands: int | None, target: int | None) -> bool:
    """Once a hand has ended: over when someone's total reached `target`, or, in a game of a
    number of `hands`, when `played` hands have been played."""
    if target is not None:
        return max(scores) >= target
    return hands is not None and played >= hands


def leaders(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total (several on a tie)."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
