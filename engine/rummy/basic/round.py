"""One hand of Basic Rummy as an immutable state machine, for 2-6 seats.

`Round.deal(seed, rules, dealer)` deals; `legal_actions()` lists what the seat to move may
do; `apply(action)` returns the next state or raises `IllegalAction` (the old state is
untouched). A turn is a draw (`DrawStock`, `DrawDiscard`), then in any order at most one
`NewMeld` (any number under the house rule `melds_per_turn="any"`) and any number of `LayOff`s,
then a `Discard` unless the hand is empty. Emptying the hand ends it at once. Table melds are
never rearranged: a lay-off only extends one meld. The house rules of `Rules` are applied here
and nowhere else: the views and the computer players read them from `legal_actions()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from ..cards import Card, checked_deck, shuffled_deck
from ..errors import IllegalAction
from ..melds import make_meld, melds_in
from ..rng import Rng, derive_seed
from .actions import (
    ACTION_TYPES,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    NewMeld,
    parse_action,
)
from .rules import Rules
from .state import Ending, Phase, Result, TableMeld, hand_value
from .view import View

T = TypeVar("T")


def _with(items: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return items[:seat] + (value,) + items[seat + 1 :]


def _cards_from_hand(action: Action) -> tuple[Card, ...]:
    """The cards an action takes from the mover's hand."""
    if isinstance(action, NewMeld):
        return action.cards
    if isinstance(action, (LayOff, Discard)):
        return (action.card,)
    return ()


@dataclass(frozen=True, slots=True)
class Round:
    rules: Rules
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # by seat, each in index order
    stock: tuple[Card, ...]  # stock[0] is the next card drawn
    pile: tuple[Card, ...]  # pile[-1] is the top
    upcard: Card  # the card dealt face up to start the pile: public, even once taken
    table: tuple[TableMeld, ...]  # in the order they were put down
    phase: Phase
    to_move: int
    drawn_from_pile: Card | None  # taken from the pile this turn: may not be discarded
    drawn: Card | None  # the card drawn this turn, from the stock or the pile
    melded_this_turn: bool
    first_laid: tuple[int | None, ...]  # by seat: the turn it first melded or laid off
    taken: tuple[tuple[Card, ...], ...]  # public: cards each seat took from the pile
    discards: tuple[tuple[Card, ...], ...]  # public: each seat's discards in order
    turns: int  # completed turns
    turnovers: int  # times the pile became the stock
    actions: tuple[Action, ...]
    result: Result | None

    @classmethod
    def deal(cls, seed: int, rules: Rules = Rules(), dealer: int = 0) -> Round:
        """Deal from `seed`: the deck it shuffles, dealt by `from_deck`."""
        return cls.from_deck(shuffled_deck(seed), rules, dealer, seed)

    @classmethod
    def from_deck(
        cls, deck: Sequence[Card], rules: Rules = Rules(), dealer: int = 0, seed: int = 0
    ) -> Round:
        """Deal `deck` (all 52 cards, top first) one card at a time from the dealer's left;
        the next card starts the discard pile; the player left of the dealer starts. The one
        deal of every hand, so a fixed deck (a tutorial's, `seed` 0) deals as a shuffled one;
        ValueError for a deck that is not the 52 cards."""
        n = rules.players
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}")
        deck = checked_deck(deck)
        dealt = n * rules.hand_size
        order = [(dealer + 1 + k) % n for k in range(n)]
        hands: list[tuple[Card, ...]] = [()] * n
        for k, seat in enumerate(order):
            hands[seat] = tuple(sorted(deck[k:dealt:n]))
        return cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            hands=tuple(hands),
            stock=deck[dealt + 1 :],
            pile=(deck[dealt],),
            upcard=deck[dealt],
            table=(),
            phase=Phase.DRAW,
            to_move=order[0],
            drawn_from_pile=None,
            drawn=None,
            melded_this_turn=False,
            first_laid=(None,) * n,
            taken=((),) * n,
            discards=((),) * n,
            turns=0,
            turnovers=0,
            actions=(),
            result=None,
        )

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        return self.rules.players

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_move
        if self.phase is Phase.DRAW:
            return (DrawStock(seat),) + ((DrawDiscard(seat),) if self.pile else ())
        if self.phase is not Phase.PLAY:
            return ()
        hand = self.hands[seat]
        ace_high = self.rules.ace_high
        out: list[Action] = []
        if self._may_meld():
            out += [
                NewMeld(seat, m.cards)
                for m in melds_in(hand, ace_high)
                if self._keeps_a_discard(m.cards)
            ]
        if self._may_lay_off(seat):
            for number, laid in enumerate(self.table):
                fits = set(laid.meld.layoff_cards(ace_high))
                out += [
                    LayOff(seat, card, number)
                    for card in hand
                    if card in fits and self._keeps_a_discard((card,))
                ]
        out += [Discard(seat, card) for card in hand if card != self.drawn_from_pile]
        return tuple(out)

    def _may_meld(self) -> bool:
        """A new meld is allowed: none yet this turn, or any number under the house rule."""
        return not self.melded_this_turn or not self.rules.one_meld_per_turn

    def _may_lay_off(self, seat: int) -> bool:
        """Laying off is allowed: always, or under the house rule `lay_off_after_meld` once
        `seat` has a meld of its own on the table (put down this hand, this turn included)."""
        return not self.rules.lay_off_after_meld or any(laid.owner == seat for laid in self.table)

    def _keeps_a_discard(self, cards: tuple[Card, ...]) -> bool:
        """False when laying `cards` down would leave only the card taken from the pile, which
        may not be discarded this turn (the hand could neither go out nor end the turn), or,
        under the house rule `final_discard="required"`, nothing to discard at all."""
        left = [card for card in self.hands[self.to_move] if card not in cards]
        if not left:
            return not self.rules.final_discard_required
        return left != [self.drawn_from_pile]

    def apply(self, action: Action) -> Round:
        """The state after `action`; IllegalAction with a player-readable reason otherwise."""
        self._check(action)
        seat = action.seat
        logged = self.actions + (action,)
        if isinstance(action, DrawStock):
            stock, pile, turnovers = self.stock, self.pile, self.turnovers
            if not stock:  # the pile turned over (its bottom card first), or shuffled
                stock, pile, turnovers = self._turned_over(), (), turnovers + 1
            return replace(
                self,
                hands=_with(self.hands, seat, tuple(sorted(self.hands[seat] + stock[:1]))),
                stock=stock[1:],
                pile=pile,
                turnovers=turnovers,
                drawn=stock[0],
                phase=Phase.PLAY,
                actions=logged,
            )
        if isinstance(action, DrawDiscard):
            card = self.pile[-1]
            return replace(
                self,
                hands=_with(self.hands, seat, tuple(sorted(self.hands[seat] + (card,)))),
                pile=self.pile[:-1],
                taken=_with(self.taken, seat, self.taken[seat] + (card,)),
                drawn_from_pile=card,
                drawn=card,
                phase=Phase.PLAY,
                actions=logged,
            )
        if isinstance(action, NewMeld):
            meld = make_meld(action.cards, self.rules.ace_high)
            table = self.table + (TableMeld(seat, meld),)
            return self._laid(seat, action.cards, table, logged, melded=True)
        if isinstance(action, LayOff):
            target = self.table[action.target]
            grown = target.meld.extended(action.card, self.rules.ace_high)
            extended = TableMeld(target.owner, grown)
            table = _with(self.table, action.target, extended)
            return self._laid(seat, (action.card,), table, logged, melded=self.melded_this_turn)
        return self._discard(action, logged)

    def _turned_over(self) -> tuple[Card, ...]:
        """The pile as the new stock: as it lies, or under the house rule `stock_out="shuffle"`
        shuffled from the hand's seed and the turnover's number, so a replay deals it again."""
        if self.rules.stock_out == "shuffle":
            return Rng(derive_seed(self.seed, self.turnovers + 1)).shuffled(self.pile)
        return self.pile

    def _laid(
        self,
        seat: int,
        cards: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        logged: tuple[Action, ...],
        melded: bool,
    ) -> Round:
        kept = tuple(card for card in self.hands[seat] if card not in cards)
        first = self.first_laid[seat]
        after = replace(
            self,
            hands=_with(self.hands, seat, kept),
            table=table,
            melded_this_turn=melded,
            first_laid=_with(self.first_laid, seat, self.turns if first is None else first),
            actions=logged,
        )
        return after._went_out(seat) if not kept else after

    def _discard(self, action: Discard, logged: tuple[Action, ...]) -> Round:
        seat, card = action.seat, action.card
        kept = tuple(c for c in self.hands[seat] if c != card)
        after = replace(
            self,
            hands=_with(self.hands, seat, kept),
            pile=self.pile + (card,),
            discards=_with(self.discards, seat, self.discards[seat] + (card,)),
            actions=logged,
        )
        if not kept:
            return after._went_out(seat)
        after = replace(
            after,
            phase=Phase.DRAW,
            to_move=(seat + 1) % self.players,
            drawn_from_pile=None,
            drawn=None,
            melded_this_turn=False,
            turns=self.turns + 1,
        )
        if not after.stock and not self.rules.pile_returns(after.turnovers):
            # the last turnover is spent (or, `stock_out="end"`, none are made): a draw
            return replace(after, phase=Phase.OVER, result=Result(Ending.DRAW, None, 0))
        return after

    def _went_out(self, seat: int) -> Round:
        """The hand ends at once: the others' cards are counted for the seat that went out."""
        points = sum(hand_value(cards) for s, cards in enumerate(self.hands) if s != seat)
        rummy = self.first_laid[seat] == self.turns
        if rummy and self.rules.rummy_doubles:
            points *= 2
        result = Result(Ending.RUMMY if rummy else Ending.OUT, seat, points)
        return replace(self, phase=Phase.OVER, result=result, turns=self.turns + 1)

    def _check(self, action: Action) -> None:
        """Raise IllegalAction, naming the reason, unless `action` is legal now."""
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Basic Rummy action.", "not_an_action")
        if self.phase is Phase.OVER:
            raise IllegalAction("The hand is over: deal the next hand.", "hand_over")
        if action.seat != self.to_move:
            raise IllegalAction(
                f"It is not your turn: seat {self.to_move} is to play.", "not_your_turn"
            )
        drawing = isinstance(action, (DrawStock, DrawDiscard))
        if self.phase is Phase.DRAW and not drawing:
            raise IllegalAction(
                "Draw first: the top card of the stock or of the discard pile.", "draw_first"
            )
        if self.phase is Phase.PLAY and drawing:
            raise IllegalAction("You have already drawn this turn.", "drawn_already")
        if isinstance(action, DrawDiscard) and not self.pile:
            raise IllegalAction("The discard pile is empty: draw from the stock.", "pile_empty")
        hand = self.hands[action.seat]
        for card in _cards_from_hand(action):
            if card not in hand:
                raise IllegalAction(f"{card} is not in your hand.", "not_in_hand", card=card.code)
        if isinstance(action, NewMeld):
            self._check_meld(action.cards)
        if isinstance(action, LayOff):
            self._check_layoff(action)
        if isinstance(action, Discard) and action.card == self.drawn_from_pile:
            raise IllegalAction(
                f"You took {action.card} from the discard pile this turn: discard another card.",
                "discard_taken_card",
                card=action.card.code,
            )

    def _check_meld(self, cards: tuple[Card, ...]) -> None:
        if not self._may_meld():
            raise IllegalAction(
                "You have already put down a new meld this turn: lay off or discard.",
                "one_meld_per_turn",
            )
        try:
            make_meld(cards, self.rules.ace_high)
        except ValueError:
            codes = " ".join(card.code for card in cards)
            ace = "ace high or low, never K-A-2" if self.rules.ace_high else "ace low"
            raise IllegalAction(
                f"{codes} is not a meld: a set is 3-4 cards of one rank, a run 3 or more "
                f"cards of one suit in sequence ({ace}).",
                "not_a_meld",
                cards=codes,
                ace=self.rules.ace,  # the page words the runs the rules allow
            ) from None
        self._check_keeps_a_discard(cards)

    def _check_layoff(self, action: LayOff) -> None:
        if action.target >= len(self.table):
            raise IllegalAction(
                f"There is no table meld number {action.target + 1}.", "no_such_meld"
            )
        if not self._may_lay_off(action.seat):
            raise IllegalAction(
                "Put down a meld of your own before you lay off (house rule).", "meld_first"
            )
        meld = self.table[action.target].meld
        if action.card not in meld.layoff_cards(self.rules.ace_high):
            raise IllegalAction(
                f"{action.card} does not fit on {meld}.",
                "does_not_fit",
                card=action.card.code,
                meld=str(meld),
            )
        self._check_keeps_a_discard((action.card,))

    def _check_keeps_a_discard(self, cards: tuple[Card, ...]) -> None:
        if self._keeps_a_discard(cards):
            return
        if all(card in cards for card in self.hands[self.to_move]):  # nothing would be left
            raise IllegalAction(
                "Keep a card to discard: the last card must be discarded (house rule).",
                "final_discard",
            )
        card = str(self.drawn_from_pile)  # all that would be left, and taken this turn
        raise IllegalAction(
            f"That would leave only {card}, which you took from the discard pile and may not "
            "discard this turn.",
            "keep_a_discard",
            card=card,
        )

    def view(self, seat: int, scores: tuple[int, ...] | None = None) -> View:
        """What `seat` may see of this hand; `scores` are the game scores by seat."""
        return View.of(self, seat, scores or (0,) * self.players)


def replay(
    seed: int, actions: Iterable[Action | str], *, rules: Rules = Rules(), dealer: int = 0
) -> Round:
    """Rebuild a hand from its seed and action log (actions or their text codes)."""
    hand = Round.deal(seed, rules, dealer)
    for action in actions:
        hand = hand.apply(parse_action(action) if isinstance(action, str) else action)
    return hand
