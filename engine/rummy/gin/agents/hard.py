"""`hard` (困难): the normal player's prospects, plus a model of the opponent built from what it
took, passed and discarded, sampled hidden hands to judge each discard and each knock."""

from __future__ import annotations

from ...cards import from_mask
from ...melds import meldable_mask
from ...rng import Rng
from ..actions import Action, Discard, Knock
from ..settle import settle
from ..view import PlayerView
from .evaluate import Evaluator, bits
from .knowledge import Knowledge, pile_choice
from .normal import knock_or_discard, ranked_discards, take_or_refuse

SAMPLES = 40


def sample_opponent_hands(knowledge: Knowledge, rng: Rng, count: int) -> list[int]:
    """Opponent hands consistent with the view: its known cards plus unseen ones at random."""
    pool = bits(knowledge.unseen)
    hidden = min(knowledge.opponent_hidden, len(pool))
    hands = []
    for _ in range(count):
        hand = knowledge.opponent_known
        for bit in rng.sample(pool, hidden):
            hand |= bit
        hands.append(hand)
    return hands


class HardAgent:
    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.of(view)
        evaluator = Evaluator(knowledge.unseen)
        own = knowledge.own
        choice = pile_choice(view)
        if choice is not None:
            return take_or_refuse(view, choice, evaluator, own)
        opponents = sample_opponent_hands(knowledge, self._rng, SAMPLES)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            best = min(knocks, key=lambda a: (evaluator.deadwood(own ^ 1 << a.card.index), -a.card.value))
            if self._knock_value(view, own ^ 1 << best.card.index, opponents) > 0:
                return best
        ranked = ranked_discards(view, evaluator, own)
        scored = []
        for potential, bit in ranked:
            danger = sum(1 for opp in opponents if meldable_mask(opp | bit) & bit) / len(opponents)
            scored.append((potential + DANGER_WEIGHT * danger, bit))
        scored.sort()
        return Discard(view.seat, from_mask(scored[0][1])[0])

    def _knock_value(self, view: PlayerView, kept: int, opponents: list[int]) -> float:
        cards = from_mask(kept)
        total = 0
        for opp in opponents:
            s = settle(cards, from_mask(opp), view.rules)
            total += s.points if s.winner == "knocker" else -s.points
        return total / len(opponents)


DANGER_WEIGHT = 4.0
