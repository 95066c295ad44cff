"""The stock order, once the pile has been turned over, read back from the public record.

The pile becomes the stock without shuffling, and every player saw every discard: so after a
turnover the stock is no secret to a player who remembers. A view holds what is needed: each
seat's discards in order, the cards each took from the pile in order, whose turn it is and how
many turns were played (each turn one draw and one discard, seats in order from the dealer's
left). Replaying that record gives the pile and the stock; the replay is trusted only when it
ends with the pile the view shows and the stock count it gives.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...cards import Card
from ..state import Phase
from ..view import BasicView

UPCARD = None  # the first pile card: seen at the deal but not kept in the view


def known_stock(view: BasicView) -> tuple[Card, ...] | None:
    """The stock in draw order (next card first), or None while it is unknown."""
    if not view.turnovers:
        return None
    n = view.players
    start = _State(stock_count=52 - n * view.rules.hand_size - 1, stock=None, pile=(UPCARD,),
                   takes=(0,) * n, discards=(0,) * n)
    return _replay(view, 0, start)


@dataclass(frozen=True, slots=True)
class _State:
    stock_count: int
    stock: tuple[Card | None, ...] | None  # known once the pile is turned over
    pile: tuple[Card | None, ...]
    takes: tuple[int, ...]  # by seat: pile takes replayed
    discards: tuple[int, ...]  # by seat: discards replayed


def _replay(view: BasicView, turn: int, state: _State) -> tuple[Card, ...] | None:
    """Replay from `turn` on, depth first. A seat took the pile's top when its next recorded
    take is that card; if the rest does not then match the view, it took the same card later
    (the other reading is tried). The unseen first pile card is read as not taken first."""
    n = view.players
    first = (view.dealer + 1) % n
    turns = view.turns + (view.phase is Phase.PLAY)  # the turn in play has drawn, not discarded
    while turn < turns:
        seat = (first + turn) % n
        taken, pile = view.taken[seat], state.pile
        drawn = _stock_draw(view, turn, seat, state)
        if state.takes[seat] < len(taken) and pile and pile[-1] in (taken[state.takes[seat]], UPCARD):
            took = _with_turn(view, turn, seat, replace(state, pile=pile[:-1], takes=_bump(state.takes, seat)))
            first_try, second_try = (drawn, took) if pile[-1] is UPCARD else (took, drawn)
            found = None if first_try is None else _replay(view, turn + 1, first_try)
            if found is None and second_try is not None:
                found = _replay(view, turn + 1, second_try)
            return found
        if drawn is None:
            return None
        state, turn = drawn, turn + 1
    done = all(state.takes[s] == len(view.taken[s]) for s in range(n))
    if not done or state.stock is None or state.pile != view.pile or len(state.stock) != view.stock_count:
        return None
    if UPCARD in state.stock:
        return None
    return state.stock  # type: ignore[return-value]


def _stock_draw(view: BasicView, turn: int, seat: int, state: _State) -> _State | None:
    """The state after a stock draw and the discard ending `turn`."""
    if not state.stock_count:  # turned over: the pile, bottom card first, is the stock
        state = replace(state, stock=state.pile, pile=(), stock_count=len(state.pile))
    stock = state.stock[1:] if state.stock is not None else None
    return _with_turn(view, turn, seat, replace(state, stock=stock, stock_count=state.stock_count - 1))


def _with_turn(view: BasicView, turn: int, seat: int, state: _State) -> _State | None:
    """The state after the discard ending `turn` (none for the turn in play); None when the
    record has no such discard."""
    if turn >= view.turns:
        return state
    done = state.discards[seat]
    if done >= len(view.discards[seat]):
        return None
    return replace(state, pile=state.pile + (view.discards[seat][done],), discards=_bump(state.discards, seat))


def _bump(counts: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return counts[:seat] + (counts[seat] + 1,) + counts[seat + 1 :]
