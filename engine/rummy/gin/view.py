"""What one seat may see of a gin hand: the only input a computer player ever receives.

A `View` is built by copying the public parts of the state and the seat's own hand; it
holds no reference to the hand itself, so nothing reachable from it reveals the opponent's
cards or the stock order while the hand is being played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from .actions import Action
from .rules import Rules, Stakes
from .state import Phase, Result

if TYPE_CHECKING:
    from .round import Round


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    rules: Rules
    stakes: Stakes  # the hand's knock limit and multiplier: read them here, not in `rules`
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]  # this seat's cards, in index order
    pile: tuple[Card, ...]  # the discard pile, top last
    stock_count: int
    opponent_card_count: int
    drawn_from_pile: Card | None  # this seat's card taken from the pile this turn
    drawn: Card | None  # this seat's card drawn this turn, from the stock or the pile
    upcard_passes: int
    taken: tuple[Card, ...]  # what this seat took from the pile
    opponent_taken: tuple[Card, ...]  # the 对手取走 record
    passed: tuple[Card, ...]  # upcards this seat refused
    opponent_passed: tuple[Card, ...]  # upcards the opponent refused
    discards: tuple[Card, ...]
    opponent_discards: tuple[Card, ...]
    turns: int
    scores: tuple[int, int]  # (this seat, opponent) match scores before this hand ends
    legal_actions: tuple[Action, ...]  # empty unless this seat is to move
    result: Result | None  # once the hand is over (a knock shows both hands)

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def my_turn(self) -> bool:
        return self.phase is not Phase.OVER and self.to_move == self.seat

    @classmethod
    def of(cls, hand: Round, seat: int, scores: tuple[int, int] = (0, 0)) -> View:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        other = 1 - seat
        mine = hand.phase is not Phase.OVER and hand.to_move == seat
        return cls(
            seat=seat,
            rules=hand.rules,
            stakes=hand.stakes,
            dealer=hand.dealer,
            phase=hand.phase,
            to_move=hand.to_move,
            hand=hand.hands[seat],
            pile=hand.pile,
            stock_count=len(hand.stock),
            opponent_card_count=len(hand.hands[other]),
            drawn_from_pile=hand.drawn_from_pile if mine else None,
            drawn=hand.drawn if mine else None,
            upcard_passes=hand.upcard_passes,
            taken=hand.taken[seat],
            opponent_taken=hand.taken[other],
            passed=hand.passed[seat],
            opponent_passed=hand.passed[other],
            discards=hand.discards[seat],
            opponent_discards=hand.discards[other],
            turns=hand.turns,
            scores=(scores[seat], scores[other]),
            legal_actions=hand.legal_actions() if mine else (),
            result=hand.result,
        )
