"""The stock order, once the pile has been turned over, read back from the public record.

The pile becomes the stock without shuffling, and every player saw every discard and where each
draw came from: so after a turnover the stock is no secret to a player who remembers. A view
holds what is needed: each seat's discards in order, the turns whose draw took the pile's top,
how many turns were played (each turn one draw and one discard, seats in order from the
dealer's left), and the card dealt face up. Replaying that record gives the pile and the stock,
in one pass.
"""

from __future__ import annotations

from ...cards import Card
from ..state import Phase
from ..view import View


def known_stock(view: View) -> tuple[Card, ...] | None:
    """The stock in draw order (next card first), or None while it is unknown: before the first
    turnover, and always under the house rule `stock_out="shuffle"` (the pile is shuffled as it
    turns). None too for a record that does not replay to the pile and stock the view shows
    (a position made up by hand)."""
    if not view.turnovers or view.rules.stock_out != "turn":
        return None
    n = view.players
    first = (view.dealer + 1) % n
    stock: tuple[Card, ...] | None = None  # known once the pile is turned over
    stock_count = 52 - n * view.rules.hand_size - 1
    pile: tuple[Card, ...] = (view.upcard,)
    discarded = [0] * n  # by seat: discards replayed
    from_pile = set(view.pile_draws)
    for turn in range(view.turns + (view.phase is Phase.PLAY)):  # the turn in play has drawn
        seat = (first + turn) % n
        if turn in from_pile:
            pile = pile[:-1]
        else:
            if not stock_count:  # turned over: the pile, bottom card first, is the stock
                stock, pile, stock_count = pile, (), len(pile)
            stock, stock_count = (stock[1:] if stock is not None else None), stock_count - 1
        if turn < view.turns:
            if discarded[seat] >= len(view.discards[seat]):
                return None
            pile += (view.discards[seat][discarded[seat]],)
            discarded[seat] += 1
    if stock is None or pile != view.pile or len(stock) != view.stock_count:
        return None
    return stock
