"""Deals consistent with a seat's view (determinizations), and quick settlement on masks.

A determinization fixes what a seat cannot see, the opponent's hand and the stock order, to one
possibility consistent with its view, so that knocks and discards can be judged on many such
possibilities: the opponent's hand from its known cards plus unseen ones, sharpened by letting
it shed as many cards as it has drawn blind (it kept the best of what it saw).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...melds import deadwood_of_mask, mask_value, meldable_mask
from ...rng import Rng
from .evaluate import bits
from .knowledge import Knowledge


def greedy_discard(hand: int, keep: int = 0) -> int:
    """A quick discard: the highest card joining no meld (a full search when all do)."""
    free = hand & ~meldable_mask(hand) & ~keep
    if free:
        best, best_value = 0, -1
        for bit in bits(free):
            value = mask_value(bit)
            if value >= best_value:
                best, best_value = bit, value
        return best
    best, least = 0, 1 << 30
    for bit in bits(hand & ~keep):
        left = deadwood_of_mask(hand ^ bit)
        if left < least:
            best, least = bit, left
    return best


@dataclass(frozen=True, slots=True)
class Deal:
    """One determinization: the opponent's hand and the stock (in no particular order)."""

    opponent: int
    stock: int


def determinize(knowledge: Knowledge, rng: Rng, opponent_stock_draws: int) -> Deal:
    """A deal consistent with the view. The opponent has drawn `opponent_stock_draws` unseen
    cards, keeping the best each time, so it draws that many extra cards one by one and sheds
    one greedily after each; the shed cards go back among the unseen, where they could be."""
    pool = rng.shuffled(bits(knowledge.unseen))
    hidden = min(knowledge.opponent_hidden, len(pool))
    extra = min(opponent_stock_draws, len(pool) - hidden)
    hand = knowledge.opponent_known
    for bit in pool[:hidden]:
        hand |= bit
    # One draw and one discard at a time, as the opponent saw them: an 11-card search each.
    for bit in pool[hidden : hidden + extra]:
        hand |= bit
        hand ^= greedy_discard(hand, keep=knowledge.opponent_known)
    return Deal(hand, knowledge.unseen & ~hand)
