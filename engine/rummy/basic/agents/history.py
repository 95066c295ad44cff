"""The stock order, once the pile has been turned over, read back from the public record.

The pile becomes the stock without shuffling, and every player saw every discard: so after a
turnover the stock is no secret to a player who remembers. A view holds what is needed: each
seat's discards in order, the cards each took from the pile in order, whose turn it is and how
many turns were played (each turn one draw and one discard, seats in order from the dealer's
left), and the card dealt face up. Replaying that record gives the pile and the stock; the
replay is trusted only when it ends with the pile the view shows and the stock count it gives,
and when no other reading of the record (a card taken at one turn or at a later one) gives
another stock order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...cards import Card
from ..state import Phase
from ..view import View


def known_stock(view: View) -> tuple[Card, ...] | None:
    """The stock in draw order (next card first), or None while it is unknown: before the first
    turnover, in the rare record that two different stock orders would both explain, and
    always under the house rule `stock_out="shuffle"` (the pile is shuffled as it turns)."""
    if not view.turnovers or view.rules.stock_out != "turn":
        return None
    n = view.players
    start = _State(
        stock_count=52 - n * view.rules.hand_size - 1,
        stock=None,
        pile=(view.upcard,),
        takes=(0,) * n,
        discards=(0,) * n,
    )
    readings = _readings(view, 0, start)
    return readings.pop() if len(readings) == 1 else None


@dataclass(frozen=True, slots=True)
class _State:
    stock_count: int
    stock: tuple[Card, ...] | None  # known once the pile is turned over
    pile: tuple[Card, ...]
    takes: tuple[int, ...]  # by seat: pile takes replayed
    discards: tuple[int, ...]  # by seat: discards replayed


def _readings(view: View, turn: int, state: _State) -> set[tuple[Card, ...]]:
    """The stock orders that replaying the record from `turn` on can end with (it stops at two,
    which is enough to know the order is not known). A seat may have taken the pile's top when
    its next recorded take is that card, or drawn from the stock and taken the same card later:
    both readings are followed."""
    n = view.players
    first = (view.dealer + 1) % n
    turns = view.turns + (view.phase is Phase.PLAY)  # the turn in play has drawn, not discarded
    while turn < turns:
        seat = (first + turn) % n
        taken, pile = view.taken[seat], state.pile
        drawn = _stock_draw(view, turn, seat, state)
        if state.takes[seat] < len(taken) and pile and pile[-1] == taken[state.takes[seat]]:
            took = _with_turn(
                view, turn, seat, replace(state, pile=pile[:-1], takes=_bump(state.takes, seat))
            )
            found = set() if took is None else _readings(view, turn + 1, took)
            if len(found) < 2 and drawn is not None:
                found |= _readings(view, turn + 1, drawn)
            return found
        if drawn is None:
            return set()
        state, turn = drawn, turn + 1
    done = all(state.takes[s] == len(view.taken[s]) for s in range(n))
    if (
        not done
        or state.stock is None
        or state.pile != view.pile
        or len(state.stock) != view.stock_count
    ):
        return set()
    return {state.stock}


def _stock_draw(view: View, turn: int, seat: int, state: _State) -> _State | None:
    """The state after a stock draw and the discard ending `turn`."""
    if not state.stock_count:  # turned over: the pile, bottom card first, is the stock
        state = replace(state, stock=state.pile, pile=(), stock_count=len(state.pile))
    stock = state.stock[1:] if state.stock is not None else None
    return _with_turn(
        view, turn, seat, replace(state, stock=stock, stock_count=state.stock_count - 1)
    )


def _with_turn(view: View, turn: int, seat: int, state: _State) -> _State | None:
    """The state after the discard ending `turn` (none for the turn in play); None when the
    record has no such discard."""
    if turn >= view.turns:
        return state
    done = state.discards[seat]
    if done >= len(view.discards[seat]):
        return None
    return replace(
        state, pile=state.pile + (view.discards[seat][done],), discards=_bump(state.discards, seat)
    )


def _bump(counts: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return counts[:seat] + (counts[seat] + 1,) + counts[seat + 1 :]
