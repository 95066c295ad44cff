"""`normal` (普通): a sound heuristic. Melds as soon as it can (under the house rule
`melds_per_turn="any"`, unless a meld kept in hand promises more: a set kept for a run), lays
off everything that fits, takes the pile's top when the turn it allows ends better than a stock
draw is expected to, and discards for the best prospects one draw ahead, never feeding what the
next player is known to collect (the cards it took from the pile) nor a card that fits the
table.
"""

from __future__ import annotations

from ...melds import meldable_mask
from ..actions import Action
from ..state import Phase
from ..view import View
from .knowledge import Knowledge
from .plan import Danger, Weights, pile_or_stock, play_turn


def known_danger(view: View, knowledge: Knowledge, weight: float, fit_weight: float) -> Danger:
    """A discard is dangerous when it joins a meld with the cards the next player is known to
    hold, or fits a table meld (the next player takes it and lays it off)."""
    held = knowledge.held[(view.seat + 1) % view.players]
    ace_high = view.rules.ace_high

    def danger(bit: int, fits: int) -> float:
        feeds = meldable_mask(held | bit, ace_high) & bit
        return weight * bool(feeds) + fit_weight * bool(bit & fits)

    return danger


class NormalAgent:
    weights = Weights()
    danger_weight = 30.0
    fit_weight = 20.0

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # deterministic: nothing to draw at random

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.of(view)
        danger = known_danger(view, knowledge, self.danger_weight, self.fit_weight)
        if view.phase is Phase.DRAW:
            return pile_or_stock(view, knowledge, self.weights, danger)
        return play_turn(view, knowledge, self.weights, danger)
