"""What a seat knows, read from its `View` alone, as card masks for fast evaluation."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import DECK_MASK, Card, to_mask
from ...melds import meldable_mask
from ..actions import Action, BigGin, DrawDiscard, DrawStock, PassUpcard, TakeUpcard
from ..state import Phase
from ..view import View


def hand_mask(view: View) -> int:
    return to_mask(view.hand)


def joins_meld(mask: int, card: Card) -> bool:
    """Whether `card` would be part of some meld of the cards of `mask` plus `card`."""
    bit = 1 << card.index
    return bool(meldable_mask(mask | bit) & bit)


def big_gin(view: View) -> Action | None:
    """Big gin, when the seat may go out with it: every level takes it, as it outscores any
    knock or gin of the same cards."""
    return next((action for action in view.legal_actions if isinstance(action, BigGin)), None)


@dataclass(frozen=True, slots=True)
class PileChoice:
    """The two answers to "do you want the pile's top card?"."""

    take: Action  # TakeUpcard or DrawDiscard
    refuse: Action  # PassUpcard or DrawStock


def pile_choice(view: View) -> PileChoice | None:
    """The choice between the pile top and the other option, when the seat has one."""
    seat = view.seat
    if view.phase is Phase.UPCARD:
        return PileChoice(TakeUpcard(seat), PassUpcard(seat))
    if view.phase is Phase.DRAW and DrawDiscard(seat) in view.legal_actions:
        return PileChoice(DrawDiscard(seat), DrawStock(seat))
    return None


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The cards as one seat can account for them."""

    own: int
    opponent_known: int  # cards the opponent surely holds: taken from the pile, not discarded
    unseen: int  # cards in the opponent's hand or the stock, no telling which
    opponent_hidden: int  # how many of the opponent's cards are among `unseen`

    @classmethod
    def of(cls, view: View) -> Knowledge:
        own = to_mask(view.hand)
        pile = to_mask(view.pile)
        # A card the opponent took leaves its hand only onto the pile, whence only a draw
        # takes it: so a taken card that is neither in the pile nor in our hand is still theirs.
        known = to_mask(view.opponent_taken) & ~pile & ~own
        unseen = DECK_MASK & ~own & ~pile & ~known
        return cls(
            own=own,
            opponent_known=known,
            unseen=unseen,
            opponent_hidden=view.opponent_card_count - known.bit_count(),
        )
