"""Hand evaluation for the computer players: deadwood now and one draw ahead.

`Evaluator.potential(hand)` is the expected least deadwood after drawing one card from among
the unseen ones and discarding the best card: the deadwood a hand can hope for next turn. A
drawn card that joins no meld can only be discarded or swapped for a deadwood card, which has
a closed form, so only the few cards that join a meld need a search.
"""

from __future__ import annotations

from ...cards import bits
from ...melds import cheapest_discard, deadwood_of_mask, mask_value, meldable_mask

__all__ = ["Evaluator", "bits"]


class Evaluator:
    """Memoized evaluation of hands (as masks) for one decision, against fixed unseen cards."""

    def __init__(self, unseen: int) -> None:
        self.unseen = unseen
        self._unseen_bits = bits(unseen)
        self._deadwood: dict[int, int] = {}
        self._potential: dict[int, float] = {}

    def deadwood(self, mask: int) -> int:
        found = self._deadwood.get(mask)
        if found is None:
            found = self._deadwood[mask] = deadwood_of_mask(mask)
        return found

    def best_discard(self, mask: int, keep: int = 0) -> tuple[float, int]:
        """(least deadwood, card bit) over discarding one card of `mask`, never `keep`."""
        return cheapest_discard(mask, self.deadwood, keep)

    def potential(self, hand: int) -> float:
        """Expected least deadwood of `hand` after one more draw from the unseen cards."""
        found = self._potential.get(hand)
        if found is not None:
            return found
        unseen_bits = self._unseen_bits
        if not unseen_bits:
            return float(self.deadwood(hand))
        now = self.deadwood(hand)
        # Swapping a card that joins no meld for a card of the hand: least deadwood of the hand
        # less one card, plus the new card's value.
        less_one = min(self.deadwood(hand ^ bit) for bit in bits(hand)) if hand else 0
        total: float = 0
        for bit in unseen_bits:
            grown = hand | bit
            if meldable_mask(grown) & bit:
                total += self.best_discard(grown)[0]
            else:
                total += min(now, less_one + mask_value(bit))
        found = self._potential[hand] = total / len(unseen_bits)
        return found
