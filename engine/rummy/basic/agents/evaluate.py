"""Hand evaluation for Basic Rummy: what a hand costs at the end of a turn, and one draw ahead.

The cost of a hand is its least deadwood in points (what it pays if someone else goes out)
plus a charge per card that joins no meld at all (each is a turn's discard away from going
out). A hand that is empty, or one meld that goes down next turn, is out: it costs `-out`.
`potential(hand)` is the expected cost after one more turn: draw one card, lay it off
if it fits the table, meld, and discard the best card.
"""

from __future__ import annotations

from ...cards import bits
from ...melds import ALL_MELDS, cheapest_discard, deadwood_of_mask, mask_value, meldable_mask

MELD_MASKS = frozenset(mask for mask, _ in ALL_MELDS)


class Evaluator:
    """Memoized costs of hands (as masks) for one decision, against fixed unseen cards and the
    cards that fit the table."""

    def __init__(
        self, draws: tuple[tuple[int, float], ...], fits: int, loose: float, out: float
    ) -> None:
        self.draws = (
            draws  # (card bit, chance) of the next draw; chances sum to 1 or draws is empty
        )
        self.fits = fits
        self.loose = loose
        self.out = out
        self._base: dict[int, float] = {}
        self._final: dict[int, float] = {}
        self._potential: dict[int, float] = {}

    def base(self, hand: int) -> float:
        """Deadwood points plus the charge for each card in no meld."""
        found = self._base.get(hand)
        if found is None:
            loose = (hand & ~meldable_mask(hand)).bit_count()
            found = self._base[hand] = deadwood_of_mask(hand) + self.loose * loose
        return found

    def final(self, hand: int) -> float:
        """The cost of holding `hand` at the end of a turn: out when empty or one meld."""
        found = self._final.get(hand)
        if found is None:
            found = self._final[hand] = (
                -self.out if not hand or hand in MELD_MASKS else self.base(hand)
            )
        return found

    def best_discard(self, hand: int, keep: int = 0) -> tuple[float, int]:
        """(least final cost, card bit) over discarding one card of `hand`, never `keep`;
        on equal cost the higher card goes."""
        return cheapest_discard(hand, self.final, keep)

    def potential(self, hand: int) -> float:
        """Expected final cost of `hand` after one more draw."""
        found = self._potential.get(hand)
        if found is not None:
            return found
        if not self.draws:
            return self.final(hand)
        keep_drawn = self.final(hand)  # the drawn card discarded again
        less_one = min((self.final(hand ^ bit) for bit in bits(hand)), default=-self.out)
        # A loose drawn card kept instead of one of the hand's: its points and the loose charge.
        swap = min((self.base(hand ^ bit) for bit in bits(hand)), default=0.0) + self.loose
        total = 0.0
        for bit, chance in self.draws:
            if bit & self.fits:  # laid off: the hand sheds a card this turn
                total += chance * less_one
                continue
            grown = hand | bit
            if meldable_mask(grown) & bit:
                total += chance * self.best_discard(grown)[0]
            else:
                total += chance * min(keep_drawn, swap + mask_value(bit))
        found = self._potential[hand] = total
        return found


def uniform_draws(unseen: int) -> tuple[tuple[int, float], ...]:
    """Any unseen card alike."""
    cards = bits(unseen)
    return tuple((bit, 1 / len(cards)) for bit in cards)
