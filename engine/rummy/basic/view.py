"""What one seat may see of a Basic Rummy hand: the only input a computer player receives.

Built by copying the public parts of the state and the seat's own hand, so nothing reachable
from it reveals another hand or the stock order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from .actions import Action, DrawDiscard, DrawStock
from .rules import Rules
from .state import Phase, Result, TableMeld

if TYPE_CHECKING:
    from .round import Round


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]  # this seat's cards, in index order
    table: tuple[TableMeld, ...]
    pile: tuple[Card, ...]  # the discard pile, top last
    upcard: Card  # the card dealt face up to start the pile
    stock_count: int
    hand_counts: tuple[int, ...]  # by seat
    taken: tuple[tuple[Card, ...], ...]  # by seat: cards taken from the pile
    discards: tuple[tuple[Card, ...], ...]  # by seat, in order
    pile_draws: tuple[int, ...]  # the turns (from 0) whose draw took the pile's top: all saw it
    drawn_from_pile: Card | None  # this seat's card taken from the pile this turn
    drawn: Card | None  # this seat's card drawn this turn, from the stock or the pile
    melded_this_turn: bool  # this seat, this turn
    turns: int
    turnovers: int
    scores: tuple[int, ...]  # game scores by seat (this hand's points included once it is over)
    legal_actions: tuple[Action, ...]  # empty unless this seat is to move
    result: Result | None
    final_hands: tuple[tuple[Card, ...], ...] | None  # every hand, once the hand is over

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        return self.phase is not Phase.OVER and self.to_move == self.seat

    @classmethod
    def of(cls, hand: Round, seat: int, scores: tuple[int, ...]) -> View:
        if type(seat) is not int or not 0 <= seat < hand.players:
            raise ValueError(f"seat must be 0-{hand.players - 1}, not {seat!r}")
        mine = hand.phase is not Phase.OVER and hand.to_move == seat
        return cls(
            seat=seat,
            rules=hand.rules,
            dealer=hand.dealer,
            phase=hand.phase,
            to_move=hand.to_move,
            hand=hand.hands[seat],
            table=hand.table,
            pile=hand.pile,
            upcard=hand.upcard,
            stock_count=len(hand.stock),
            hand_counts=tuple(len(cards) for cards in hand.hands),
            taken=hand.taken,
            discards=hand.discards,
            pile_draws=pile_draws(hand.actions),
            drawn_from_pile=hand.drawn_from_pile if mine else None,
            drawn=hand.drawn if mine else None,
            melded_this_turn=hand.melded_this_turn if mine else False,
            turns=hand.turns,
            turnovers=hand.turnovers,
            scores=tuple(scores),
            legal_actions=hand.legal_actions() if mine else (),
            result=hand.result,
            final_hands=hand.hands if hand.is_over else None,
        )


def pile_draws(actions: tuple[Action, ...]) -> tuple[int, ...]:
    """The turns, counted from 0, whose draw was the pile's top rather than the stock's: every
    seat at the table sees where each draw comes from."""
    draws = [action for action in actions if isinstance(action, (DrawStock, DrawDiscard))]
    return tuple(turn for turn, draw in enumerate(draws) if isinstance(draw, DrawDiscard))
