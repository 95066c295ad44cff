"""`easy` (简单): the EAAI-2021 challenge baseline ("SimpleGinRummyPlayer"), from its
description."""

from __future__ import annotations

from ...melds import deadwood_of_mask
from ...rng import Rng
from ..actions import Action, Discard, Knock
from ..view import View
from .knowledge import big_gin, hand_mask, joins_meld, pile_choice


class EasyAgent:
    """Takes the face-up card only if it joins a meld; discards at random among the cards whose
    discard leaves the least deadwood; knocks as soon as it may (goes big gin where it may)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: View) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        going_out = big_gin(view)
        if going_out is not None:
            return going_out
        mask = hand_mask(view)
        choice = pile_choice(view)
        if choice is not None:
            return choice.take if joins_meld(mask, view.pile[-1]) else choice.refuse
        options = [a for a in view.legal_actions if isinstance(a, Discard)]
        scored = [(deadwood_of_mask(mask ^ 1 << a.card.index), a) for a in options]
        least = min(score for score, _ in scored)
        discard = self._rng.choice([a for score, a in scored if score == least])
        knock = Knock(view.seat, discard.card)
        return knock if knock in view.legal_actions else discard
