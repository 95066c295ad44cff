"""The stock after a turnover, read back from the public record.

The pile becomes the stock when the stock runs out, and every player saw every discard and
where each draw came from. A view holds what is needed: each seat's discards in order, the
turns whose draw took the pile's top, how many turns were played (each turn one draw and one
discard, seats in order from the dealer's left), and the card dealt face up. Replaying that
record gives the pile at each turnover, in one pass. Turned over as it lies, the pile is the
stock in a known order; shuffled as it turns (`stock_out="shuffle"`), the order is secret but
not its cards: the stock holds none but the turned pile's, so a player who remembers knows
which cards its draws can give.
"""

from __future__ import annotations

from ...cards import Card
from ..state import Phase
from ..view import View


def turned_pile(view: View) -> tuple[Card, ...] | None:
    """The pile as it was when it last became the stock (bottom card first), or None before a
    turnover, or for a record that does not replay to the pile the view shows (a position made
    up by hand)."""
    if not view.turnovers:
        return None
    n = view.players
    first = (view.dealer + 1) % n
    turned: tuple[Card, ...] | None = None
    stock_count = 52 - n * view.rules.hand_size - 1
    pile: tuple[Card, ...] = (view.upcard,)
    discarded = [0] * n  # by seat: discards replayed
    from_pile = set(view.pile_draws)
    for turn in range(view.turns + (view.phase is Phase.PLAY)):  # the turn in play has drawn
        seat = (first + turn) % n
        if turn in from_pile:
            pile = pile[:-1]
        else:
            if not stock_count:
                turned, pile, stock_count = pile, (), len(pile)
            stock_count -= 1
        if turn < view.turns:
            if discarded[seat] >= len(view.discards[seat]):
                return None
            pile += (view.discards[seat][discarded[seat]],)
            discarded[seat] += 1
    if turned is None or pile != view.pile or stock_count != view.stock_count:
        return None
    return turned


def known_stock(view: View) -> tuple[Card, ...] | None:
    """The stock in draw order (next card first), or None while it is unknown: before the first
    turnover, and always under the house rule `stock_out="shuffle"` (the pile is shuffled as it
    turns). The turned pile less the stock draws since: each took the stock's next card."""
    if view.rules.stock_out != "turn":
        return None
    turned = turned_pile(view)
    if turned is None:
        return None
    return turned[len(turned) - view.stock_count :]
