"""Looking several turns ahead when the stock order is known (after a turnover).

Then the cards this seat will draw are known too, as long as the other players draw from the
stock: every n-th card. A small beam search over its own next turns (lay off what fits, put
down at most one meld, discard) finds how soon the hand can go out with those cards. Late in a
long hand this is what breaks a stall: the low cards everyone keeps are dead, and the way out is
to collect melds from the cards that cycle through the stock.
"""

from __future__ import annotations

from ...cards import Card, bits
from ...melds import ALL_MELDS
from .evaluate import Evaluator

MELD_LIST = tuple(mask for mask, _ in ALL_MELDS)
HORIZON = 5  # own turns looked at
BEAM = 6  # hands kept at each turn
TURN = 200.0  # one more turn before going out; above any difference of hand costs


def own_draws(ahead: list[Card], players: int) -> list[int]:
    """The card bits this seat draws in its next turns, if every other player draws from the
    stock: `ahead` is the stock in order (then the pile, if it will be turned over again)."""
    return [1 << card.index for card in ahead[players - 1 :: players][:HORIZON]]


def turns_to_out(hand: int, fits: int, draws: list[int], evaluator: Evaluator) -> float:
    """TURN times the number of own turns until the hand can go out with these draws, or,
    when it cannot within them, TURN per turn looked at plus the best hand's cost then."""
    beam = [hand]
    for depth, drawn in enumerate(draws, start=1):
        grown: dict[int, float] = {}
        for held in beam:
            cards = (held | drawn) & ~fits  # what fits the table is laid off
            for meld in [0, *(m for m in MELD_LIST if m & cards == m)]:
                left = cards & ~meld
                if left.bit_count() <= 1:
                    return TURN * depth
                for bit in bits(left):
                    kept = left ^ bit
                    if kept not in grown:
                        grown[kept] = evaluator.final(kept)
        beam = sorted(grown, key=grown.__getitem__)[:BEAM]
    if not beam:
        return evaluator.final(hand)
    return TURN * (len(draws) + 1) + evaluator.final(beam[0])
