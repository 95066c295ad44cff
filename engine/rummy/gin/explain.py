"""Why the hard player ranks an option as it does, as reasons the page puts in words.

The hint says what to do and why ("7♠ completes 7♠ 7♥ 7♦", "the computer is unlikely to use
it") instead of the ranking's raw figures. Each reason is a key with the cards or whole points
it names; they come from the seat's own view and the option's `Advice`, so a hint tells
nothing a seated player could not see.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..melds import best_arrangement, deadwood
from .actions import Discard, DrawDiscard, Knock, TakeUpcard
from .agents.hard import Advice
from .view import View

SAFE = 0.15  # a discard that joins an opponent's meld in fewer of the sampled deals is safe
RISKY = 0.5  # and in this many or more it is a risk worth saying

Reason = dict[str, Any]


def reasons(view: View, advice: Advice) -> list[Reason]:
    """The reasons for `advice`, an option of the seat to move, most telling first."""
    action = advice.action
    if isinstance(action, (TakeUpcard, DrawDiscard)):
        return _taking(view.hand, view.pile[-1])
    if isinstance(action, Knock):
        return _knocking(view.hand, action.card, advice)
    if isinstance(action, Discard):
        return _discarding(view.hand, action.card, advice)
    if view.pile and len(view.legal_actions) > 1:  # refusing the pile's card for the stock
        return _refusing(view.hand, view.pile[-1])
    return [{"why": "only"}]


def _partner(hand: tuple[Card, ...], card: Card) -> Card | None:
    """A card of `hand` that `card` would start a meld with: its rank, or its suit a rank or
    two away."""
    for other in hand:
        if other.rank == card.rank or (
            other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2
        ):
            return other
    return None


def _meld_with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """The meld `card` completes in the best arrangement of `hand` with it, if any."""
    for meld in best_arrangement(hand + (card,)).melds:
        if card in meld.cards:
            return meld.cards
    return None


def _taking(hand: tuple[Card, ...], card: Card) -> list[Reason]:
    meld = _meld_with(hand, card)
    if meld is not None:
        return [{"why": "completes", "card": card.code, "cards": [c.code for c in meld]}]
    partner = _partner(hand, card)
    if partner is not None:
        return [{"why": "near", "card": card.code, "cards": [partner.code, card.code]}]
    return [{"why": "low", "card": card.code}]


def _refusing(hand: tuple[Card, ...], card: Card) -> list[Reason]:
    if _meld_with(hand, card) is None and _partner(hand, card) is None:
        return [{"why": "fits_nothing", "card": card.code}]
    return [{"why": "stock_better", "card": card.code}]


def _discarding(hand: tuple[Card, ...], card: Card, advice: Advice) -> list[Reason]:
    kept = tuple(c for c in hand if c != card)
    out: list[Reason] = []
    if (
        _meld_with(kept, card) is None
        and _partner(best_arrangement(kept).deadwood_cards, card) is None
    ):
        out.append({"why": "high" if card.value >= 10 else "loose", "card": card.code})
    out.append({"why": "leaves", "points": deadwood(kept)})
    feeds = advice.feeds_opponent
    if feeds is not None and feeds < SAFE:
        out.append({"why": "safe", "card": card.code})
    elif feeds is not None and feeds >= RISKY:
        out.append({"why": "risky", "card": card.code})
    return out


def _knocking(hand: tuple[Card, ...], card: Card, advice: Advice) -> list[Reason]:
    left = deadwood(tuple(c for c in hand if c != card))
    if left == 0:
        return [{"why": "gin"}]
    points = round(advice.expected_points or 0)
    if points <= 0:
        return [{"why": "knock_risky", "points": left}]
    return [{"why": "knock", "points": left, "score": points}]
