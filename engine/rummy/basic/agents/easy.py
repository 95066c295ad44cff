"""`easy`: lays down whatever it can as soon as it can, and throws its highest loose card.

It takes the discard only when the card makes a meld with its hand, puts down the largest meld
it holds, lays off every card that fits, then discards at random among the cards whose discard
leaves the least deadwood (the gin baseline's rule, applied to rummy).
"""

from __future__ import annotations

from ...cards import to_mask
from ...melds import deadwood_of_mask, melds_in
from ...rng import Rng
from ..actions import Action, Discard, DrawDiscard, DrawStock, LayOff, NewMeld
from ..state import Phase
from ..view import View


class EasyAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, view: View) -> Action:
        legal, ace_high = view.legal_actions, view.rules.ace_high
        if view.phase is Phase.DRAW:
            if view.pile and any(
                view.pile[-1] in m.cards for m in melds_in(view.hand + view.pile[-1:], ace_high)
            ):
                return DrawDiscard(view.seat)
            return DrawStock(view.seat)
        melds = [a for a in legal if isinstance(a, NewMeld)]
        if melds:
            return max(melds, key=lambda a: (len(a.cards), [c.index for c in a.cards]))
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return layoffs[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        mask = to_mask(view.hand)
        left = {a: deadwood_of_mask(mask & ~(1 << a.card.index), ace_high) for a in discards}
        least = min(left.values())
        return self.rng.choice([a for a in discards if left[a] == least])
