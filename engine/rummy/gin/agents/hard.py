"""`hard` (困难): heuristic shortlists checked by determinized Monte Carlo play-outs.

From its view alone it models the opponent: cards it took and still holds, how many unseen
cards it drew (it kept the best of them), and so which discards would feed its melds. It
samples deals consistent with the view, plays each candidate move out to the end of the hand,
and keeps the move with the best average score; the same deals serve every candidate, so the
comparison is fair. A knock is weighed the same way against playing on.
"""

from __future__ import annotations

from ...cards import card_from_index
from ...melds import meldable_mask
from ...rng import Rng
from ..actions import Action, Discard, Knock
from ..state import Phase
from ..view import PlayerView
from .evaluate import Evaluator
from .knowledge import Knowledge, pile_choice
from .normal import ranked_discards, take_or_refuse
from .simulate import Deal, determinize, knock_points, play_out


def _card(bit: int):
    return card_from_index(bit.bit_length() - 1)


class HardAgent:
    deals = 32  # determinizations per decision
    shortlist = 3  # discards played out
    danger_weight = 4.0  # expected deadwood points a fed opponent meld is worth

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.of(view)
        evaluator = Evaluator(knowledge.unseen)
        choice = pile_choice(view)
        if choice is not None and view.phase is Phase.UPCARD:
            return take_or_refuse(view, choice, evaluator, knowledge.own)
        deals = self._deals(view, knowledge)
        if choice is not None:
            take = self._value_of_taking(view, knowledge, evaluator, deals)
            stock = self._value_of_drawing(view, knowledge, deals)
            return choice.take if take > stock else choice.refuse
        return self._discard(view, knowledge, evaluator, deals)

    def _deals(self, view: PlayerView, knowledge: Knowledge) -> list[Deal]:
        stock_draws = max(0, len(view.opponent_discards) - len(view.opponent_taken))
        return [determinize(knowledge, self._rng, stock_draws) for _ in range(self.deals)]

    def _shortlist(self, view, knowledge, evaluator, deals) -> list[tuple[float, int]]:
        """Discards ranked by prospects plus the danger of feeding the opponent's melds."""
        scored = []
        for potential, bit in ranked_discards(view, evaluator, knowledge.own):
            fed = sum(1 for deal in deals if meldable_mask(deal.opponent | bit) & bit)
            scored.append((potential + self.danger_weight * fed / len(deals), bit))
        scored.sort()
        return scored[: self.shortlist]

    def _discard(self, view, knowledge, evaluator, deals) -> Action:
        own, rules = knowledge.own, view.rules
        candidates = [bit for _, bit in self._shortlist(view, knowledge, evaluator, deals)]
        totals = [0] * len(candidates)
        for deal in deals:
            for i, bit in enumerate(candidates):
                totals[i] += play_out(rules, [own ^ bit, deal.opponent], deal.stock[:], bit, 1)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        if knocks:
            knock = min(knocks, key=lambda a: (evaluator.deadwood(own ^ 1 << a.card.index), -a.card.value))
            kept = own ^ 1 << knock.card.index
            knocking = sum(knock_points(kept, deal.opponent, rules) for deal in deals)
            if knocking >= totals[best]:
                return knock
        return Discard(view.seat, _card(candidates[best]))

    def _value_of_taking(self, view, knowledge, evaluator, deals) -> float:
        top = 1 << view.pile[-1].index
        hand = knowledge.own | top
        _, discard = evaluator.best_discard(hand, keep=top)
        kept = hand ^ discard
        rules = view.rules
        if evaluator.deadwood(kept) <= rules.knock_limit:
            return sum(knock_points(kept, deal.opponent, rules) for deal in deals)
        return sum(play_out(rules, [kept, deal.opponent], deal.stock[:], discard, 1) for deal in deals)

    def _value_of_drawing(self, view, knowledge, deals) -> float:
        own, rules = knowledge.own, view.rules
        return sum(play_out(rules, [own, deal.opponent], deal.stock[:], 0, 0) for deal in deals)
