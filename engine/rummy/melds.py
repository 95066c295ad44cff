"""Melds of the rummy family and the exact minimum-deadwood arrangement of a hand.

Sets are 3 or 4 cards of one rank, runs are 3+ cards of one suit in consecutive rank, ace low
only; or, where a game's house rule says so (`ace_high=True`), ace high or low: Q-K-A too, never
K-A-2. The search works on 52-bit masks (see `rummy.cards`): it only branches on cards that can
still be melded at all, and only on melds whose lowest card is the lowest card left, so it is
exact (it explores every disjoint choice of melds) and still takes microseconds per hand. An
ace-high run's lowest card is its ace (bit 0 of its suit), so the same search is exact with the
ace-high runs added to its table; ace low, its tables and its steps are those it always had.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from .cards import Card, bits, from_mask, to_mask

_SUIT_BITS = 0x1FFF  # the 13 ranks of one suit


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal set or run; `cards` in index order, a run's low to high (an ace-high run's ace
    last: Q-K-A)."""

    kind: str  # "set" or "run"
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        return to_mask(self.cards)

    def layoff_cards(self, ace_high: bool = False) -> tuple[Card, ...]:
        """The cards that may be added to this meld now, leaving a legal meld (`ace_high`: a
        run up to the king also takes the ace)."""
        return from_mask(_layoff_mask(self.kind, self.cards, ace_high))

    def extended(self, card: Card, ace_high: bool = False) -> Meld:
        """This meld with `card` laid off onto it; ValueError if it does not fit."""
        if not (_layoff_mask(self.kind, self.cards, ace_high) >> card.index) & 1:
            raise ValueError(f"{card} does not fit on {self}")
        return Meld(self.kind, _in_run_order(from_mask(self.mask | 1 << card.index)))

    def __str__(self) -> str:
        return "-".join(str(card) for card in self.cards)


def _in_run_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards of a meld, given in index order, in the order it is shown: an ace-high run (the
    only meld holding an ace and a king but not the whole suit) with its ace last."""
    if cards[0].rank == 1 and cards[-1].rank == 13 and len(cards) < 13:
        return cards[1:] + cards[:1]
    return cards


def _layoff_mask(kind: str, cards: tuple[Card, ...], ace_high: bool) -> int:
    """The cards that fit a meld of `cards` (in run order). A run grows at either end, an
    ace-high run downward only (its ace ends it: K-A-2 never), and ace high a king-high run
    takes the ace."""
    mask = to_mask(cards)
    if kind == "set":
        if len(cards) >= 4:
            return 0
        rank = cards[0].rank
        return sum(1 << (s * 13 + rank - 1) for s in range(4)) & ~mask
    low, high = cards[0], cards[-1]
    out = 0
    if low.rank > 1:
        out |= 1 << (low.index - 1)
    if 1 < high.rank < 13:
        out |= 1 << (high.index + 1)
    elif ace_high and high.rank == 13:
        out |= 1 << (high.index - 12)
    return out & ~mask  # (a whole suit takes nothing)


def meld_kind(cards: Iterable[Card], ace_high: bool = False) -> str | None:
    """ "set", "run", or None when the cards are not one legal meld (`ace_high`: ace high or
    low); a card given twice makes none (the mask alone would count it once)."""
    cards = tuple(cards)
    mask = to_mask(cards)
    if mask.bit_count() != len(cards):
        return None
    return (_KINDS_ACE_HIGH if ace_high else _KINDS).get(mask)


def make_meld(cards: Iterable[Card], ace_high: bool = False) -> Meld:
    """The Meld of these cards; ValueError naming them when they are not a legal meld."""
    cards = tuple(sorted(cards))
    kind = meld_kind(cards, ace_high)
    if kind is None:
        raise ValueError(f"{' '.join(map(str, cards))} is not a set or a run")
    return Meld(kind, _in_run_order(cards))


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

ACE_HIGH_MELDS: tuple[tuple[int, str], ...] = ALL_MELDS + tuple(
    ((((1 << (13 - start)) - 1) << start | 1) << (suit * 13), "run")
    for suit in range(4)
    for start in range(11, 1, -1)  # from Q-K-A down to 3-K-A (2-K-A is the whole suit, ace low)
)
"""Every legal meld with the ace high or low: ALL_MELDS and the 40 runs ending K-A."""

_KINDS = dict(ALL_MELDS)
_KINDS_ACE_HIGH = dict(ACE_HIGH_MELDS)


def _melds_from(melds: tuple[tuple[int, str], ...]) -> tuple[tuple[int, ...], ...]:
    """For each card index, the melds whose lowest card it is: the only melds the search must
    try when that card is the lowest one left."""
    return tuple(tuple(m for m, _ in melds if m & -m == 1 << i) for i in range(52))


MELDS_FROM: tuple[tuple[int, ...], ...] = _melds_from(ALL_MELDS)
ACE_HIGH_MELDS_FROM: tuple[tuple[int, ...], ...] = _melds_from(ACE_HIGH_MELDS)


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


def meldable_mask(mask: int, ace_high: bool = False) -> int:
    """The cards of `mask` that belong to at least one meld inside `mask`.

    Bit arithmetic: a run is three consecutive ranks in a suit (or, `ace_high`, Q-K-A); a set
    is a rank held in at least three suits. Any card outside this mask is deadwood in every
    arrangement.
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
    if ace_high:
        qka = mask & mask >> 11 & mask >> 12 & _EVERY_SUIT  # the ace of each suit's Q-K-A
        out |= qka | qka << 11 | qka << 12
    return out


def _least_melded_deadwood(rem: int, ace_high: bool) -> int:
    """Least deadwood of `rem`, every card of which is meldable within `rem`."""
    if not rem:
        return 0
    low = rem & -rem
    rest = rem ^ low
    keep = meldable_mask(rest, ace_high)
    best = mask_value(low) + mask_value(rest ^ keep) + _least_melded_deadwood(keep, ace_high)
    for meld in (ACE_HIGH_MELDS_FROM if ace_high else MELDS_FROM)[low.bit_length() - 1]:
        if meld & rem == meld:
            left = rem ^ meld
            keep = meldable_mask(left, ace_high)
            cost = mask_value(left ^ keep)
            if cost < best:
                cost += _least_melded_deadwood(keep, ace_high)
                if cost < best:
                    best = cost
    return best


def deadwood_of_mask(mask: int, ace_high: bool = False) -> int:
    """Least deadwood of the cards of a mask (exact)."""
    keep = meldable_mask(mask, ace_high)
    return mask_value(mask ^ keep) + _least_melded_deadwood(keep, ace_high)


def deadwood(cards: Iterable[Card], ace_high: bool = False) -> int:
    """Least deadwood of any cards: the points of the cards left out of the best melds."""
    return deadwood_of_mask(to_mask(cards), ace_high)


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
    return Meld("set" if cards[0].rank == cards[-1].rank else "run", _in_run_order(cards))


def _optimal_meld_choices(rem: int, ace_high: bool) -> list[tuple[int, ...]]:
    """Every choice of disjoint melds inside `rem` reaching the least deadwood."""
    keep = meldable_mask(rem, ace_high)
    if not keep:
        return [()]
    target = _least_melded_deadwood(keep, ace_high)
    low = keep & -keep
    choices: list[tuple[int, ...]] = []
    if mask_value(low) + deadwood_of_mask(keep ^ low, ace_high) == target:
        choices.extend(_optimal_meld_choices(keep ^ low, ace_high))
    for meld in (ACE_HIGH_MELDS_FROM if ace_high else MELDS_FROM)[low.bit_length() - 1]:
        if meld & keep == meld and deadwood_of_mask(keep ^ meld, ace_high) == target:
            choices.extend((meld,) + rest for rest in _optimal_meld_choices(keep ^ meld, ace_high))
    return choices


def best_arrangements(cards: Iterable[Card], ace_high: bool = False) -> tuple[Arrangement, ...]:
    """Every arrangement of least deadwood, in a fixed order (the knocker chooses among them)."""
    mask = to_mask(cards)
    out = []
    for choice in _optimal_meld_choices(mask, ace_high):
        melded = 0
        for meld in choice:
            melded |= meld
        out.append(Arrangement(tuple(_meld_of_mask(m) for m in choice), from_mask(mask ^ melded)))
    return tuple(out)


def best_arrangement(cards: Iterable[Card], ace_high: bool = False) -> Arrangement:
    """One arrangement of least deadwood (the first of `best_arrangements`)."""
    return best_arrangements(cards, ace_high)[0]


def melds_in(cards: Iterable[Card], ace_high: bool = False) -> tuple[Meld, ...]:
    """Every legal meld that can be formed from these cards (overlapping ones included)."""
    mask = to_mask(cards)
    table = ACE_HIGH_MELDS if ace_high else ALL_MELDS
    return tuple(Meld(kind, _in_run_order(from_mask(m))) for m, kind in table if m & mask == m)


__all__ = [
    "ACE_HIGH_MELDS",
    "ACE_HIGH_MELDS_FROM",
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
