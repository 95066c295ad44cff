"""Hand evaluation for Basic Rummy: what a hand costs at the end of a turn, and one draw ahead.

The cost of a hand is its least deadwood in points (what it pays if someone else goes out)
plus a charge per card that joins no meld at all (each is a turn's discard away from going
out), and a charge of `held` per point of the cards in melds kept in hand: where every meld
may go down the turn it forms (the house rule `melds_per_turn="any"`), a meld kept in hand only
risks its points, since every card in hand counts when someone else goes out. A hand
that is empty, or that goes down next turn (one meld; under "any", melds without a card over),
is out: it costs `-out`.
`potential(hand)` is the expected cost after one more turn: draw one card, lay it off
if it fits the table, meld, and discard the best card. Melds are those of the rules' ace.
"""

from __future__ import annotations

from ...cards import bits
from ...melds import (
    ACE_HIGH_MELDS,
    ALL_MELDS,
    cheapest_discard,
    deadwood_of_mask,
    mask_value,
    meldable_mask,
)
from ..rules import Rules

MELD_MASKS = frozenset(mask for mask, _ in ALL_MELDS)
ACE_HIGH_MELD_MASKS = frozenset(mask for mask, _ in ACE_HIGH_MELDS)


class Evaluator:
    """Memoized costs of hands (as masks) for one decision, against fixed unseen cards and the
    cards this seat may lay off (`fits`), under `rules`."""

    def __init__(
        self,
        draws: tuple[tuple[int, float], ...],
        fits: int,
        loose: float,
        out: float,
        rules: Rules,
        held: float = 0.0,
    ) -> None:
        self.draws = (
            draws  # (card bit, chance) of the next draw; chances sum to 1 or draws is empty
        )
        self.fits = fits
        self.loose = loose
        self.out = out
        self.rules = rules
        self.held = held
        self.ace_high = rules.ace_high
        self._melds = ACE_HIGH_MELD_MASKS if self.ace_high else MELD_MASKS
        self._deadwood: dict[int, int] = {}
        self._base: dict[int, float] = {}
        self._final: dict[int, float] = {}
        self._potential: dict[int, float] = {}

    def deadwood(self, hand: int) -> int:
        found = self._deadwood.get(hand)
        if found is None:
            found = self._deadwood[hand] = deadwood_of_mask(hand, self.ace_high)
        return found

    def base(self, hand: int) -> float:
        """Deadwood points plus the charges for each card in no meld and for the points in
        melds."""
        found = self._base.get(hand)
        if found is None:
            loose = (hand & ~meldable_mask(hand, self.ace_high)).bit_count()
            deadwood = self.deadwood(hand)
            found = self._base[hand] = (
                deadwood + self.loose * loose + self.held * (mask_value(hand) - deadwood)
            )
        return found

    def final(self, hand: int) -> float:
        """The cost of holding `hand` at the end of a turn: out when it goes down next turn."""
        found = self._final.get(hand)
        if found is None:
            found = self._final[hand] = -self.out if self.goes_down(hand) else self.base(hand)
        return found

    def goes_down(self, hand: int) -> bool:
        """Whether `hand` is empty or is put down whole in one turn: one meld, or under
        `melds_per_turn="any"` melds with no card over (then the drawn card is discarded)."""
        if not hand or hand in self._melds:
            return True
        return not self.rules.one_meld_per_turn and self.deadwood(hand) == 0

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
            if meldable_mask(grown, self.ace_high) & bit:
                total += chance * self.best_discard(grown)[0]
            else:
                total += chance * min(keep_drawn, swap + mask_value(bit))
        found = self._potential[hand] = total
        return found


def uniform_draws(unseen: int) -> tuple[tuple[int, float], ...]:
    """Any unseen card alike."""
    cards = bits(unseen)
    return tuple((bit, 1 / len(cards)) for bit in cards)
