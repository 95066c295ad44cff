"""`hard` (困难): the normal player's prospects, sharpened by a model of the opponent.

From its view alone it models the opponent: the cards it took and still holds, how many unseen
cards it drew (it kept the best of them), and so which discards would feed its melds. It samples
deals consistent with the view (determinizations) to price that danger for each discard and to
weigh each knock against the risk of an undercut. `rank` scores every legal option; the hint
button shows that ranking (`advise`), and the player plays its first entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import card_of, from_mask
from ...melds import meldable_mask
from ...rng import Rng
from ..actions import Action, Discard, Knock
from ..rules import Rules
from ..settle import knocker_arrangement, knocker_points
from ..view import View
from .evaluate import Evaluator
from .knowledge import Knowledge, pile_choice
from .normal import ranked_discards, refused_value
from .simulate import Deal, determinize


@dataclass(frozen=True, slots=True)
class Advice:
    """One legal option and how the hard player rates it."""

    action: Action
    expected_deadwood: float | None  # after this turn's draw, or after the next one
    feeds_opponent: float | None  # chance a discard joins one of the opponent's melds
    expected_points: float | None  # of knocking now (negative: the opponent scores)


class HardAgent:
    deals = 32  # determinizations per decision
    danger_weight = 4.0  # deadwood points charged for a discard that surely feeds a meld
    # Knock only when the knock scores more than this many points on average over the deals,
    # else play on for a lower count, gin, or an undercut: playing on is worth about an undercut
    # bonus (arena, hard vs easy: best at 1.2x, i.e. 30 points under house rules, 24-45 alike).
    knock_margin_per_undercut_point = 1.2

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: View) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self.rank(view)[0].action

    def rank(self, view: View) -> tuple[Advice, ...]:
        """Every legal option of the seat to move, best first."""
        if not view.legal_actions:
            return ()
        knowledge = Knowledge.of(view)
        evaluator = Evaluator(knowledge.unseen)
        choice = pile_choice(view)
        if choice is not None:
            top = 1 << view.pile[-1].index
            taken = float(evaluator.best_discard(knowledge.own | top, keep=top)[0])
            refused = refused_value(view, evaluator, knowledge.own)
            options = [
                Advice(choice.take, taken, None, None),
                Advice(choice.refuse, refused, None, None),
            ]
            return tuple(
                sorted(options, key=lambda a: (a.expected_deadwood, a.action != choice.refuse))
            )
        if len(view.legal_actions) == 1:  # the forced stock draw after both refused the upcard
            return (Advice(view.legal_actions[0], evaluator.potential(knowledge.own), None, None),)
        deals = self._deals(view, knowledge)  # only discards and knocks use the sampled deals
        discards = self._discards(view, knowledge, evaluator, deals)
        knocks = self._knocks(view, knowledge, deals)
        margin = self.knock_margin(view.rules)
        gin = any(
            evaluator.deadwood(knowledge.own ^ 1 << knock.card.index) == 0 for knock, _ in knocks
        )
        advised = [Advice(knock, None, None, points) for knock, points in knocks]
        if knocks and (gin or knocks[0][1] > margin):
            return tuple(advised + discards)
        return tuple(discards + advised)

    @classmethod
    def knock_margin(cls, rules: Rules) -> float:
        """The points a knock must average to beat playing on (what playing on is worth)."""
        return cls.knock_margin_per_undercut_point * rules.undercut_bonus

    @classmethod
    def discard_score(cls, advice: Advice) -> float:
        """A discard's score in deadwood points, lower is better: the prospects of the hand
        kept plus the danger of feeding a meld."""
        deadwood, fed = advice.expected_deadwood, advice.feeds_opponent
        if deadwood is None or fed is None:
            raise ValueError(f"{advice.action} is not a discard: it has no discard score")
        return deadwood + cls.danger_weight * fed

    def _deals(self, view: View, knowledge: Knowledge) -> list[Deal]:
        stock_draws = max(0, len(view.opponent_discards) - len(view.opponent_taken))
        return [determinize(knowledge, self._rng, stock_draws) for _ in range(self.deals)]

    def _discards(
        self, view: View, knowledge: Knowledge, evaluator: Evaluator, deals: list[Deal]
    ) -> list[Advice]:
        """Discards by the prospects of the hand kept plus the danger of feeding a meld."""
        scored: list[tuple[float, int, Advice]] = []
        for potential, bit in ranked_discards(view, evaluator, knowledge.own):
            fed = sum(1 for deal in deals if meldable_mask(deal.opponent | bit) & bit) / len(deals)
            advice = Advice(Discard(view.seat, card_of(bit)), potential, fed, None)
            scored.append((self.discard_score(advice), len(scored), advice))
        scored.sort()
        return [advice for _, _, advice in scored]

    def _knocks(
        self, view: View, knowledge: Knowledge, deals: list[Deal]
    ) -> list[tuple[Knock, float]]:
        """Every legal knock and its average score over the sampled deals, best first."""
        knocks = []
        for action in view.legal_actions:
            if isinstance(action, Knock):
                kept = knocker_arrangement(from_mask(knowledge.own ^ 1 << action.card.index))
                points = sum(knocker_points(kept, deal.opponent, view.rules) for deal in deals)
                knocks.append((action, points / len(deals)))
        knocks.sort(key=lambda knock: -knock[1])
        return knocks


def advise(view: View, seed: int = 0) -> tuple[Advice, ...]:
    """The legal options of the seat to move ranked by the hard player (the hint button)."""
    return HardAgent(seed).rank(view)
