"""`hard` (困难): the normal player's prospects, sharpened by a model of the opponent.

From its view alone it models the opponent: the cards it took and still holds, how many unseen
cards it drew (it kept the best of them), and so which discards would feed its melds. It samples
deals consistent with the view (determinizations) to price that danger for each discard and to
weigh each knock against the risk of an undercut. `rank` scores every legal option; the hint
button shows that ranking (`advise`), the review prices choices by it, and the player plays its
first entry.

Every option has a worth in points on one scale, so that discarding a card without knocking and
knocking with it rank among each other, not as two separate lists: a knock is worth the points
it averages over the sampled deals; playing on with the best discard is worth the margin a knock
must beat (`knock_margin`, about an undercut bonus), a worse discard that much less its score's
excess over the best one; taking or refusing the pile's card is worth minus the deadwood it
leaves (every deadwood point kept is a point given up at the settlement, whoever knocks).
Points are the hand's: where the upcard doubled its score (Oklahoma), every worth is doubled.
Big gin, where the rules allow it, is priced like a knock and always played.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import card_of, from_mask
from ...melds import meldable_mask
from ...rng import Rng
from ..actions import Action, BigGin, Discard, Knock
from ..rules import Rules, Stakes
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
    worth: float  # in points, higher is better, on the scale every option shares (see above)


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
        per_point = view.stakes.multiplier  # a deadwood point kept, in the hand's points
        choice = pile_choice(view)
        if choice is not None:
            top = 1 << view.pile[-1].index
            taken = float(evaluator.best_discard(knowledge.own | top, keep=top)[0])
            refused = refused_value(view, evaluator, knowledge.own)
            options = [
                Advice(choice.take, taken, None, None, -taken * per_point),
                Advice(choice.refuse, refused, None, None, -refused * per_point),
            ]
            return tuple(sorted(options, key=lambda a: (-a.worth, a.action != choice.refuse)))
        if len(view.legal_actions) == 1:  # the forced stock draw after both refused the upcard
            potential = evaluator.potential(knowledge.own)
            return (Advice(view.legal_actions[0], potential, None, None, -potential * per_point),)
        deals = self._deals(view, knowledge)  # only discards and knocks use the sampled deals
        margin = self.knock_margin(view.rules, view.stakes)
        discards = self._discards(view, knowledge, evaluator, deals, margin)
        knocks = self._knocks(view, knowledge, deals)
        gin = any(evaluator.deadwood(_shown(knowledge.own, knock.action)) == 0 for knock in knocks)
        played = knocks[0] if knocks and (gin or knocks[0].worth > margin) else discards[0]
        # The rest by worth, a discard before a knock of the same worth (as playing on is
        # preferred on a tie); gin (big gin first), always played, may be worth less than
        # playing on.
        rest = sorted((a for a in discards + knocks if a is not played), key=lambda a: -a.worth)
        return (played, *rest)

    @classmethod
    def knock_margin(cls, rules: Rules, stakes: Stakes) -> float:
        """The points a knock must average to beat playing on (what playing on is worth): about
        an undercut bonus, doubled with the hand."""
        return cls.knock_margin_per_undercut_point * rules.undercut_bonus * stakes.multiplier

    def _deals(self, view: View, knowledge: Knowledge) -> list[Deal]:
        stock_draws = max(0, len(view.opponent_discards) - len(view.opponent_taken))
        return [determinize(knowledge, self._rng, stock_draws) for _ in range(self.deals)]

    def _discards(
        self,
        view: View,
        knowledge: Knowledge,
        evaluator: Evaluator,
        deals: list[Deal],
        margin: float,
    ) -> list[Advice]:
        """Discards by their score, the prospects of the hand kept plus the danger of feeding a
        meld (deadwood points, lower is better), best first: the best is worth `margin`
        (playing on), each other that less its score's excess over the best."""
        scored: list[tuple[float, int, float, float, int]] = []
        for potential, bit in ranked_discards(view, evaluator, knowledge.own):
            fed = sum(1 for deal in deals if meldable_mask(deal.opponent | bit) & bit) / len(deals)
            scored.append((potential + self.danger_weight * fed, len(scored), potential, fed, bit))
        scored.sort()
        best = scored[0][0]
        per_point = view.stakes.multiplier
        return [
            Advice(
                Discard(view.seat, card_of(bit)),
                potential,
                fed,
                None,
                margin - (score - best) * per_point,
            )
            for score, _, potential, fed, bit in scored
        ]

    def _knocks(self, view: View, knowledge: Knowledge, deals: list[Deal]) -> list[Advice]:
        """Every legal knock (and big gin), worth its average score over the sampled deals,
        best first: big gin before them all, as every level takes it."""
        knocks = []
        for action in view.legal_actions:
            if isinstance(action, (Knock, BigGin)):
                shown = knocker_arrangement(from_mask(_shown(knowledge.own, action)))
                points = sum(
                    knocker_points(shown, deal.opponent, view.rules, view.stakes) for deal in deals
                )
                knocks.append(Advice(action, None, None, points / len(deals), points / len(deals)))
        knocks.sort(key=lambda knock: (not isinstance(knock.action, BigGin), -knock.worth))
        return knocks


def _shown(own: int, action: Action) -> int:
    """The cards a knock shows (the hand less its discard) or big gin shows (all of it)."""
    return own ^ 1 << action.card.index if isinstance(action, Knock) else own


def advise(view: View, seed: int = 0) -> tuple[Advice, ...]:
    """The legal options of the seat to move ranked by the hard player (the hint button)."""
    return HardAgent(seed).rank(view)
