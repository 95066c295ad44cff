"""Melds of the rummy family and the exact minimum-deadwood arrangement of a hand.

Sets are 3 or 4 cards of one rank, runs are 3+ cards of one suit in consecutive rank, ace low
only. The search works on 52-bit masks (see `rummy.cards`): it only branches on cards that can
still be melded at all, and only on melds whose lowest card is the lowest card left, so it is
exact (it explores every disjoint choice of melds) and still takes microseconds per hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, pairwise

from .cards import Card, bits, from_mask, to_mask

_SUIT_BITS = 0x1FFF  # the 13 ranks of one suit


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal set or run; `cards` in index order (runs: low to high)."""

    kind: str  # "set" or "run"
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        return to_mask(self.cards)

    def layoff_cards(self) -> tuple[Card, ...]:
        """The cards that may be added to this meld now, leaving a legal meld."""
        return from_mask(_layoff_mask(self.kind, self.mask))

    def extended(self, card: Card) -> Meld:
        """This meld with `card` laid off onto it; ValueError if it does not fit."""
        if not (_layoff_mask(self.kind, self.mask) >> card.index) & 1:
            raise ValueError(f"{card} does not fit on {self}")
        return Meld(self.kind, from_mask(self.mask | 1 << card.index))

    def __str__(self) -> str:
        return "-".join(str(card) for card in self.cards)


def _layoff_mask(kind: str, mask: int) -> int:
    cards = from_mask(mask)
    if kind == "set":
        if len(cards) >= 4:
            return 0
        rank = cards[0].rank
        return sum(1 << (s * 13 + rank - 1) for s in range(4)) & ~mask
    low, high = cards[0], cards[-1]
    out = 0
    if low.rank > 1:
        out |= 1 << (low.index - 1)
    if high.rank < 13:
        out |= 1 << (high.index + 1)
    return out


def meld_kind(cards: Iterable[Card]) -> str | None:
    """ "set", "run", or None when the cards are not one legal meld."""
    cards = sorted(set(cards))
    if len(cards) < 3:
        return None
    if len(cards) <= 4 and len({card.rank for card in cards}) == 1:
        return "set"
    if len({card.suit for card in cards}) == 1 and all(
        b.rank == a.rank + 1 for a, b in pairwise(cards)
    ):
        return "run"
    return None


def make_meld(cards: Iterable[Card]) -> Meld:
    """The Meld of these cards; ValueError naming them when they are not a legal meld."""
    cards = tuple(sorted(set(cards)))
    kind = meld_kind(cards)
    if kind is None:
        raise ValueError(f"{' '.join(map(str, cards))} is not a set or a run")
    return Meld(kind, cards)


def _all_meld_masks() -> tuple[tuple[int, str], ...]:
    melds: list[tuple[int, str]] = []
    for rank in range(13):
        suits_of_rank = [s * 13 + rank for s in range(4)]
        for size in (3, 4):
            for combo in combinations(suits_of_rank, size):
                melds.append((sum(1 << i for i in combo), "set"))
    for suit in range(4):
        for start in range(13):
            for end in range(start + 3, 14):
                melds.append((((1 << (end - start)) - 1) << (suit * 13 + start), "run"))
    return tuple(melds)


ALL_MELDS: tuple[tuple[int, str], ...] = _all_meld_masks()
"""Every legal meld of the deck as (mask, kind): 65 sets and 264 runs."""

# For each card index, the melds whose lowest card it is: the only melds the search must try
# when that card is the lowest one left.
MELDS_FROM: tuple[tuple[int, ...], ...] = tuple(
    tuple(m for m, _ in ALL_MELDS if m & -m == 1 << i) for i in range(52)
)


def _pattern_values() -> tuple[int, ...]:
    """Deadwood points of every 13-bit rank pattern of one suit, each from the pattern less its
    lowest card (one step per pattern: the table is built at import, also in the browser)."""
    values = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        values[pattern] = values[pattern ^ low] + min(low.bit_length(), 10)
    return tuple(values)


_PATTERN_VALUE: tuple[int, ...] = _pattern_values()


def mask_value(mask: int) -> int:
    """Deadwood points of all the cards of a mask."""
    return (
        _PATTERN_VALUE[mask & _SUIT_BITS]
        + _PATTERN_VALUE[mask >> 13 & _SUIT_BITS]
        + _PATTERN_VALUE[mask >> 26 & _SUIT_BITS]
        + _PATTERN_VALUE[mask >> 39 & _SUIT_BITS]
    )


_RUN_STARTS = sum(0x7FF << (13 * suit) for suit in range(4))  # ranks A-J: a run may start there
_EVERY_SUIT = (
    1 | 1 << 13 | 1 << 26 | 1 << 39
)  # multiplying by it copies a rank pattern to all suits


def cheapest_discard(hand: int, cost: Callable[[int], float], keep: int = 0) -> tuple[float, int]:
    """(least cost, card bit) over discarding one card of `hand` other than `keep`, where
    `cost` prices the hand kept; on equal cost the higher card goes (it would cost more later).
    The computer players of every game choose their discards through this."""
    best, best_bit = float("inf"), 0
    for bit in bits(hand & ~keep):
        left = cost(hand ^ bit)
        if left < best or (left == best and mask_value(bit) > mask_value(best_bit)):
            best, best_bit = left, bit
    return best, best_bit


def meldable_mask(mask: int) -> int:
    """The cards of `mask` that belong to at least one meld inside `mask`.

    Bit arithmetic: a run is three consecutive ranks in a suit; a set is a rank held in at
    least three suits. Any card outside this mask is deadwood in every arrangement.
    """
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS
    out = starts | starts << 1 | starts << 2
    c = mask & _SUIT_BITS
    d = mask >> 13 & _SUIT_BITS
    h = mask >> 26 & _SUIT_BITS
    s = mask >> 39 & _SUIT_BITS
    ranks3 = (c & d & (h | s)) | (h & s & (c | d))
    if ranks3:
        out |= ranks3 * _EVERY_SUIT & mask
    return out


def _least_melded_deadwood(rem: int) -> int:
    """Least deadwood of `rem`, every card of which is meldable within `rem`."""
    if not rem:
        return 0
    low = rem & -rem
    rest = rem ^ low
    keep = meldable_mask(rest)
    best = mask_value(low) + mask_value(rest ^ keep) + _least_melded_deadwood(keep)
    for meld in MELDS_FROM[low.bit_length() - 1]:
        if meld & rem == meld:
            left = rem ^ meld
            keep = meldable_mask(left)
            cost = mask_value(left ^ keep)
            if cost < best:
                cost += _least_melded_deadwood(keep)
                if cost < best:
                    best = cost
    return best


def deadwood_of_mask(mask: int) -> int:
    """Least deadwood of the cards of a mask (exact)."""
    keep = meldable_mask(mask)
    return mask_value(mask ^ keep) + _least_melded_deadwood(keep)


def deadwood(cards: Iterable[Card]) -> int:
    """Least deadwood of any cards: the points of the cards left out of the best melds."""
    return deadwood_of_mask(to_mask(cards))


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Disjoint melds and the cards left over; `deadwood` is the points of the leftovers."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        return sum(card.value for card in self.deadwood_cards)


def _meld_of_mask(mask: int) -> Meld:
    cards = from_mask(mask)
    return Meld("set" if cards[0].rank == cards[-1].rank else "run", cards)


def _optimal_meld_choices(rem: int) -> list[tuple[int, ...]]:
    """Every choice of disjoint melds inside `rem` reaching the least deadwood."""
    keep = meldable_mask(rem)
    if not keep:
        return [()]
    target = _least_melded_deadwood(keep)
    low = keep & -keep
    choices: list[tuple[int, ...]] = []
    if mask_value(low) + deadwood_of_mask(keep ^ low) == target:
        choices.extend(_optimal_meld_choices(keep ^ low))
    for meld in MELDS_FROM[low.bit_length() - 1]:
        if meld & keep == meld and deadwood_of_mask(keep ^ meld) == target:
            choices.extend((meld,) + rest for rest in _optimal_meld_choices(keep ^ meld))
    return choices


def best_arrangements(cards: Iterable[Card]) -> tuple[Arrangement, ...]:
    """Every arrangement of least deadwood, in a fixed order (the knocker chooses among them)."""
    mask = to_mask(cards)
    out = []
    for choice in _optimal_meld_choices(mask):
        melded = 0
        for meld in choice:
            melded |= meld
        out.append(Arrangement(tuple(_meld_of_mask(m) for m in choice), from_mask(mask ^ melded)))
    return tuple(out)


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """One arrangement of least deadwood (the first of `best_arrangements`)."""
    return best_arrangements(cards)[0]


def melds_in(cards: Iterable[Card]) -> tuple[Meld, ...]:
    """Every legal meld that can be formed from these cards (overlapping ones included)."""
    mask = to_mask(cards)
    return tuple(Meld(kind, from_mask(m)) for m, kind in ALL_MELDS if m & mask == m)


__all__ = [
    "ALL_MELDS",
    "MELDS_FROM",
    "Arrangement",
    "Meld",
    "best_arrangement",
    "best_arrangements",
    "cheapest_discard",
    "deadwood",
    "deadwood_of_mask",
    "make_meld",
    "mask_value",
    "meld_kind",
    "meldable_mask",
    "melds_in",
]
