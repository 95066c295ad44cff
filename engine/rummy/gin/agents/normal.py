"""`normal` (普通): a sound heuristic player that looks one draw ahead."""

from __future__ import annotations

from ...cards import card_of
from ...melds import mask_value
from ..actions import Action, Discard, Knock
from ..state import Phase
from ..view import View
from .evaluate import Evaluator, bits
from .knowledge import Knowledge, PileChoice, big_gin, pile_choice


def refused_value(view: View, evaluator: Evaluator, own: int) -> float:
    """Expected deadwood after this turn if the pile top is refused: a stock draw follows,
    except for the dealer refusing the upcard, who then does not draw this turn."""
    if view.phase is Phase.UPCARD and view.seat == view.dealer:
        return float(evaluator.deadwood(own))
    return evaluator.potential(own)


def take_or_refuse(view: View, choice: PileChoice, evaluator: Evaluator, own: int) -> Action:
    """Take the pile top when the deadwood after taking it beats what refusing promises."""
    top = 1 << view.pile[-1].index
    taken, _ = evaluator.best_discard(own | top, keep=top)
    return choice.take if taken < refused_value(view, evaluator, own) else choice.refuse


def ranked_discards(view: View, evaluator: Evaluator, own: int) -> list[tuple[float, int]]:
    """(potential of the hand kept, card bit) for every allowed discard, best first; on equal
    prospects the higher card goes."""
    keep = 1 << view.drawn_from_pile.index if view.drawn_from_pile else 0
    scored = [(evaluator.potential(own ^ bit), -mask_value(bit), bit) for bit in bits(own & ~keep)]
    scored.sort()
    return [(score, bit) for score, _, bit in scored]


class NormalAgent:
    """Keeps the ten cards with the best prospects one draw ahead (expected deadwood after the
    next draw), takes the pile top when that beats the expected stock draw, and knocks as soon
    as it may, with the discard that leaves the least deadwood (goes big gin where it may)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # deterministic: nothing is left to chance

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        going_out = big_gin(view)
        if going_out is not None:
            return going_out
        knowledge = Knowledge.of(view)
        evaluator = Evaluator(knowledge.unseen)
        own = knowledge.own
        choice = pile_choice(view)
        if choice is not None:
            return take_or_refuse(view, choice, evaluator, own)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return min(
                knocks, key=lambda a: (evaluator.deadwood(own ^ 1 << a.card.index), -a.card.value)
            )
        return Discard(view.seat, card_of(ranked_discards(view, evaluator, own)[0][1]))
