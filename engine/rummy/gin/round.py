"""One hand of Gin Rummy as an immutable state machine.

`Round.deal(seed, rules, dealer)` deals; `legal_actions()` lists what the seat to move may
do; `apply(action)` returns the next state or raises `IllegalAction` (the old state is
untouched, being immutable). The hand keeps its seed and action log, so `replay` rebuilds any
state exactly: the basis of saved games and bug reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from ..cards import Card, checked_deck, shuffled_deck, to_mask
from ..errors import IllegalAction
from ..melds import deadwood_of_mask
from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    parse_action,
)
from .rules import HAND_SIZE, HOUSE, Rules, Stakes
from .settle import Ending, settle
from .state import Phase, Result
from .view import View

T = TypeVar("T")


def _pair_with(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def deadwood_after_discard(hand_mask: int, card: Card) -> int:
    """The least deadwood of the hand `hand_mask` once `card` is discarded."""
    return deadwood_of_mask(hand_mask & ~(1 << card.index))


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


@dataclass(frozen=True, slots=True)
class Round:
    rules: Rules
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # each in index order
    stock: tuple[Card, ...]  # stock[0] is the next card drawn
    pile: tuple[Card, ...]  # pile[-1] is the top
    upcard: Card  # the first upcard, dealt face up: under Oklahoma it sets the hand's stakes
    phase: Phase
    to_move: int
    upcard_passes: int  # 2: both refused the upcard, so the first draw is from the stock
    drawn_from_pile: Card | None  # taken from the pile this turn: may not be discarded
    drawn: Card | None  # the card drawn this turn, from the stock or the pile
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]  # public: cards each seat took from the pile
    passed: tuple[tuple[Card, ...], tuple[Card, ...]]  # public: upcards each seat refused
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]  # public: each seat's discards in order
    turns: int  # completed turns (a draw or upcard take followed by a discard, or big gin)
    actions: tuple[Action, ...]
    result: Result | None

    @classmethod
    def deal(cls, seed: int, rules: Rules = HOUSE, dealer: int = 1) -> Round:
        """Deal a hand from `seed`: the deck it shuffles, dealt by `from_deck`."""
        return cls.from_deck(shuffled_deck(seed), rules, dealer, seed)

    @classmethod
    def from_deck(
        cls, deck: Sequence[Card], rules: Rules = HOUSE, dealer: int = 1, seed: int = 0
    ) -> Round:
        """Deal `deck` (all 52 cards, top first): ten cards each, one at a time from the
        non-dealer, then the upcard; the rest is the stock. The one deal of every hand, so a
        fixed deck (a tutorial's, `seed` 0) deals as a shuffled one; ValueError for a deck
        that is not the 52 cards."""
        if type(dealer) is not int or dealer not in (0, 1):
            raise ValueError(f"dealer must be seat 0 or 1, not {dealer!r}")
        deck = checked_deck(deck)
        dealt = 2 * HAND_SIZE
        first, second = _sorted_cards(deck[0:dealt:2]), _sorted_cards(deck[1:dealt:2])
        non_dealer = 1 - dealer
        return cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            hands=(first, second) if non_dealer == 0 else (second, first),
            stock=deck[dealt + 1 :],
            pile=(deck[dealt],),
            upcard=deck[dealt],
            phase=Phase.UPCARD,
            to_move=non_dealer,
            upcard_passes=0,
            drawn_from_pile=None,
            drawn=None,
            taken=((), ()),
            passed=((), ()),
            discards=((), ()),
            turns=0,
            actions=(),
            result=None,
        )

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        return 2

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def stakes(self) -> Stakes:
        """The hand's knock limit and score multiplier (set by the upcard under Oklahoma)."""
        return self.rules.stakes(self.upcard)

    def _pile_closed(self) -> bool:
        """Both refused the upcard and the non-dealer has not drawn yet."""
        return self.upcard_passes == 2 and self.turns == 0

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_move
        if self.phase is Phase.UPCARD:
            return (TakeUpcard(seat), PassUpcard(seat))
        if self.phase is Phase.DRAW:
            return (
                (DrawStock(seat),) if self._pile_closed() else (DrawStock(seat), DrawDiscard(seat))
            )
        if self.phase is Phase.DISCARD:
            choices = [card for card in self.hands[seat] if card != self.drawn_from_pile]
            mask = to_mask(self.hands[seat])
            limit = self.stakes.knock_limit
            knocks = [
                Knock(seat, card) for card in choices if deadwood_after_discard(mask, card) <= limit
            ]
            big = (BigGin(seat),) if self._big_gin_left(seat) == 0 else ()
            return tuple(Discard(seat, card) for card in choices) + tuple(knocks) + big
        return ()

    def _big_gin_left(self, seat: int) -> int | None:
        """The deadwood of `seat`'s eleven cards where the rules play big gin (0: it may go big
        gin), None where they do not."""
        if not self.rules.big_gin_bonus:
            return None
        return deadwood_of_mask(to_mask(self.hands[seat]))

    def apply(self, action: Action) -> Round:
        """The state after `action`; IllegalAction with a player-readable reason otherwise."""
        self._check(action)
        seat = action.seat
        logged = self.actions + (action,)
        if isinstance(action, TakeUpcard):
            return self._take_from_pile(seat, logged)
        if isinstance(action, PassUpcard):
            passes = self.upcard_passes + 1
            return replace(
                self,
                passed=_pair_with(self.passed, seat, self.passed[seat] + (self.pile[-1],)),
                upcard_passes=passes,
                phase=Phase.UPCARD if passes == 1 else Phase.DRAW,
                to_move=self.dealer if passes == 1 else self.non_dealer,
                actions=logged,
            )
        if isinstance(action, DrawStock):
            card = self.stock[0]
            return replace(
                self,
                hands=_pair_with(self.hands, seat, _sorted_cards(self.hands[seat] + (card,))),
                stock=self.stock[1:],
                phase=Phase.DISCARD,
                drawn_from_pile=None,
                drawn=card,
                actions=logged,
            )
        if isinstance(action, DrawDiscard):
            return self._take_from_pile(seat, logged)
        if isinstance(action, BigGin):
            over = replace(
                self, drawn_from_pile=None, drawn=None, turns=self.turns + 1, actions=logged
            )
            return over._settled(self.hands[seat], seat)
        return self._discard(action, logged)

    def _take_from_pile(self, seat: int, logged: tuple[Action, ...]) -> Round:
        card = self.pile[-1]
        return replace(
            self,
            hands=_pair_with(self.hands, seat, _sorted_cards(self.hands[seat] + (card,))),
            pile=self.pile[:-1],
            taken=_pair_with(self.taken, seat, self.taken[seat] + (card,)),
            phase=Phase.DISCARD,
            drawn_from_pile=card,
            drawn=card,
            actions=logged,
        )

    def _discard(self, action: Discard | Knock, logged: tuple[Action, ...]) -> Round:
        seat, card = action.seat, action.card
        kept = tuple(c for c in self.hands[seat] if c != card)
        after = replace(
            self,
            hands=_pair_with(self.hands, seat, kept),
            pile=self.pile + (card,),
            discards=_pair_with(self.discards, seat, self.discards[seat] + (card,)),
            drawn_from_pile=None,
            drawn=None,
            turns=self.turns + 1,
            actions=logged,
        )
        if isinstance(action, Knock):
            return after._settled(kept, seat)
        if len(self.stock) <= self.rules.dead_hand_stock:
            return replace(after, phase=Phase.OVER, result=Result(Ending.DEAD, None, None, 0, None))
        return replace(after, phase=Phase.DRAW, to_move=1 - seat)

    def _settled(self, shown: tuple[Card, ...], seat: int) -> Round:
        """This state, over: `seat` went out showing the cards `shown` (ten, or eleven for big
        gin) against the other hand."""
        settlement = settle(
            shown, self.hands[1 - seat], self.rules, knocker=seat, stakes=self.stakes
        )
        result = Result(settlement.kind, settlement.winner, seat, settlement.points, settlement)
        return replace(self, phase=Phase.OVER, result=result)

    def _check(self, action: Action) -> None:
        """Raise IllegalAction, naming the reason, unless `action` is legal now."""
        if not isinstance(
            action, (TakeUpcard, PassUpcard, DrawStock, DrawDiscard, Discard, Knock, BigGin)
        ):
            raise IllegalAction(f"{action!r} is not a gin action.", "not_an_action")
        if self.phase is Phase.OVER:
            raise IllegalAction("The hand is over: deal the next hand.", "hand_over")
        if action.seat != self.to_move:
            raise IllegalAction(
                f"It is not your turn: seat {self.to_move} is to play.", "not_your_turn"
            )
        upcard_action = isinstance(action, (TakeUpcard, PassUpcard))
        if self.phase is Phase.UPCARD and not upcard_action:
            raise IllegalAction(f"First take or pass the upcard {self.pile[-1]}.", "upcard_pending")
        if self.phase is not Phase.UPCARD and upcard_action:
            raise IllegalAction("The upcard is no longer on offer.", "upcard_gone")
        drawing = isinstance(action, (DrawStock, DrawDiscard))
        if self.phase is Phase.DISCARD and drawing:
            raise IllegalAction(
                "You have already drawn this turn: discard a card.", "drawn_already"
            )
        if self.phase is Phase.DRAW and not drawing:
            raise IllegalAction(
                "Draw first: the top card of the stock or of the discard pile.", "draw_first"
            )
        if isinstance(action, DrawDiscard) and self._pile_closed():
            raise IllegalAction(
                "Both players refused the upcard: this first draw comes from the stock.",
                "pile_closed",
            )
        if isinstance(action, (Discard, Knock)):
            card = action.card
            if card not in self.hands[action.seat]:
                raise IllegalAction(f"{card} is not in your hand.", "not_in_hand", card=card.code)
            if card == self.drawn_from_pile:
                raise IllegalAction(
                    f"You took {card} from the discard pile this turn: discard another card.",
                    "discard_taken_card",
                    card=card.code,
                )
            if isinstance(action, Knock):
                left = deadwood_after_discard(to_mask(self.hands[action.seat]), card)
                limit = self.stakes.knock_limit
                if left > limit:
                    allowed = (
                        "only gin ends this hand"
                        if limit == 0
                        else f"you may knock only with {limit} or less"
                    )
                    raise IllegalAction(
                        f"After discarding {card} your deadwood is {left}: {allowed}.",
                        "knock_too_high",
                        card=card.code,
                        deadwood=left,
                        limit=limit,
                    )
        if isinstance(action, BigGin):
            unmelded = self._big_gin_left(action.seat)
            if unmelded is None:
                raise IllegalAction("These rules have no big gin.", "no_big_gin")
            if unmelded:
                raise IllegalAction(
                    f"Big gin melds all eleven cards: {unmelded} points of yours are in no meld.",
                    "not_big_gin",
                    deadwood=unmelded,
                )

    def view(self, seat: int, scores: tuple[int, int] = (0, 0)) -> View:
        """What `seat` may see of this hand; `scores` are the match scores by seat."""
        return View.of(self, seat, scores)


def replay(
    seed: int,
    actions: Iterable[Action | str],
    *,
    rules: Rules = HOUSE,
    dealer: int = 1,
) -> Round:
    """Rebuild a hand from its seed and action log (actions or their text codes)."""
    hand = Round.deal(seed, rules, dealer)
    for action in actions:
        hand = hand.apply(parse_action(action) if isinstance(action, str) else action)
    return hand
