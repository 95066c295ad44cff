"""What a seat knows, read from its `View` alone, as card masks for fast evaluation."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...cards import DECK_MASK, Card, to_mask
from ...melds import Meld
from ..state import TableMeld
from ..view import View
from .history import known_stock, turned_pile


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The cards as one seat can account for them."""

    own: int
    held: tuple[int, ...]  # by seat: cards it surely holds (taken from the pile, still in hand)
    hidden: tuple[int, ...]  # by seat: how many of its cards are among `unseen` (0 for us)
    unseen: int  # in other hands or the stock, no telling which
    pool: int  # those the stock may hold: all, but the turned pile's once it was shuffled
    stock: tuple[Card, ...] | None = None  # the stock in draw order, when known (not in `unseen`)

    @classmethod
    def of(cls, view: View, remember: bool = False) -> Knowledge:
        """`remember`: read the stock back from the record once the pile was turned over: its
        order, or when the pile was shuffled as it turned, which cards it may hold."""
        stock = known_stock(view) if remember else None
        turned = turned_pile(view) if remember and view.rules.stock_out == "shuffle" else None
        own = to_mask(view.hand)
        seen = own | to_mask(view.pile) | to_mask(c for laid in view.table for c in laid.meld.cards)
        held = tuple(
            0 if seat == view.seat else _still_held(view, seat) & ~seen
            for seat in range(view.players)
        )
        known = seen | (to_mask(stock) if stock else 0)
        for mask in held:
            known |= mask
        hidden = tuple(
            0 if seat == view.seat else max(0, count - held[seat].bit_count())
            for seat, count in enumerate(view.hand_counts)
        )
        unseen = DECK_MASK & ~known
        pool = unseen & to_mask(turned) if turned else unseen
        return cls(own=own, held=held, hidden=hidden, unseen=unseen, stock=stock, pool=pool)


def _still_held(view: View, seat: int) -> int:
    """Cards `seat` took from the pile more often than it discarded them: a card leaves a hand
    only onto the pile or the table, so unless it is there, the seat still has it."""
    balance = Counter(view.taken[seat])
    balance.subtract(view.discards[seat])
    return to_mask(card for card, count in balance.items() if count > 0)


def fits_mask(melds: tuple[Meld, ...], ace_high: bool = False) -> int:
    """The cards that may be laid off on one of `melds` now (`ace_high`: the rules' ace)."""
    out = 0
    for meld in melds:
        out |= to_mask(meld.layoff_cards(ace_high))
    return out


def layoff_chain(
    hand: int, melds: tuple[Meld, ...], ace_high: bool = False
) -> list[tuple[Card, int]]:
    """(card, meld number) for every card of `hand` that can be laid off, in an order that
    works: laying 8S on 5S-7S lets 9S follow. Each card goes on the first meld it fits."""
    grown = list(melds)
    out: list[tuple[Card, int]] = []
    moved = True
    while moved:
        moved = False
        for number, meld in enumerate(grown):
            card = next((c for c in meld.layoff_cards(ace_high) if hand >> c.index & 1), None)
            if card is not None:  # one at a time: a set of four takes no fifth
                out.append((card, number))
                hand &= ~(1 << card.index)
                grown[number] = meld.extended(card, ace_high)
                moved = True
    return out


def table_melds(table: tuple[TableMeld, ...]) -> tuple[Meld, ...]:
    return tuple(laid.meld for laid in table)
