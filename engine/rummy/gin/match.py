"""A gin match: hands in sequence, cumulative scores, the dealer rule, and saved records.

Immutable like the hand: `apply` and `next_round` return a new match. A match is fully
described by its settings, its seed and each hand's action log (`to_record`), which is what a
saved game stores and what `from_record` replays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import records
from ..errors import IllegalAction
from ..fairdeal import UNCUT, cut_seed
from .actions import Action, action_code, parse_action
from .bonuses import Bonuses, end_bonuses
from .round import Round
from .rules import HOUSE, Rules
from .view import View

PERSON = 0
COMPUTER = 1
RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class Match:
    rules: Rules
    seed: int
    first_dealer: int
    scores: tuple[int, int]  # by seat
    finished: tuple[Round, ...]  # hands before the current one, in order
    round: Round  # the hand in play, or just ended and awaiting `next_round`
    first_deal: int | None = None  # the first hand's own seed, if it was given one
    cuts: tuple[int, ...] = (UNCUT,)  # each hand's cut (`rummy.fairdeal`), by hand

    @classmethod
    def start(
        cls,
        rules: Rules = HOUSE,
        seed: int = 0,
        first_dealer: int = COMPUTER,
        first_deal: int | None = None,
        cut: int = UNCUT,
    ) -> Match:
        """A new match; the computer seat deals the first hand unless told otherwise. The
        first hand is dealt from `first_deal` when given (a shared hand played again), with
        `cut` (`rummy.fairdeal`)."""
        hand_seed = cut_seed(records.hand_seed(seed, 0, first_deal), cut)
        dealt = Round.deal(hand_seed, rules, first_dealer)
        return cls(rules, seed, first_dealer, (0, 0), (), dealt, first_deal, (cut,))

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every hand dealt so far, the current one last."""
        return self.finished + (self.round,)

    @property
    def reached(self) -> int | None:
        """The seat that reached the target, once one has: the match is over."""
        for seat in (0, 1):
            if self.scores[seat] >= self.rules.target:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        return self.reached is not None

    @property
    def bonuses(self) -> tuple[Bonuses, Bonuses]:
        """Each seat's end-of-game bonuses (`rummy.gin.bonuses`): none before the match is
        over, nor without the house rule `game_bonuses`."""
        reached = self.reached
        if reached is None:
            return (), ()
        winners = (hand.result.winner for hand in self.rounds if hand.result is not None)
        return end_bonuses(self.rules, self.scores, reached, winners)

    @property
    def totals(self) -> tuple[int, int]:
        """Each seat's score with its bonuses: once the match is over, its final total."""
        bonuses = self.bonuses
        return (
            self.scores[0] + sum(b.points for b in bonuses[0]),
            self.scores[1] + sum(b.points for b in bonuses[1]),
        )

    @property
    def winner(self) -> int | None:
        """Once the match is over, the seat with the higher total: without game bonuses the
        one that reached the target; with them the box bonuses may outweigh that, and a tie
        goes to the one that reached the target."""
        reached = self.reached
        if reached is None:
            return None
        totals = self.totals
        return 1 - reached if totals[1 - reached] > totals[reached] else reached

    def apply(self, action: Action) -> Match:
        played = self.round.apply(action)
        scores = self.scores
        result = played.result
        if result is not None and result.winner is not None:
            added = list(scores)
            added[result.winner] += result.points
            scores = (added[0], added[1])
        return replace(self, round=played, scores=scores)

    def next_dealer(self) -> int:
        """The loser of the hand deals next; after a dead hand the same dealer deals again."""
        result = self.round.result
        if result is None:
            raise IllegalAction("The hand is still being played.", "hand_in_play")
        return self.round.dealer if result.winner is None else 1 - result.winner

    def next_round(self, cut: int = UNCUT) -> Match:
        """The next hand, dealt with `cut` (`rummy.fairdeal`)."""
        if self.is_over:
            raise IllegalAction("The match is over: start a new match.", "match_over")
        dealer = self.next_dealer()
        number = len(self.finished) + 1
        dealt = Round.deal(cut_seed(records.hand_seed(self.seed, number), cut), self.rules, dealer)
        return replace(self, finished=self.rounds, round=dealt, cuts=self.cuts + (cut,))

    def cut(self, cut: int) -> Match:
        """The hand in play dealt again with `cut`, before anyone has moved in it."""
        return records.dealt_again(
            self,
            cut,
            lambda c: self.start(self.rules, self.seed, self.first_dealer, self.first_deal, c),
        )

    def view(self, seat: int) -> View:
        return self.round.view(seat, self.scores)

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready description from which `from_record` rebuilds this exact match."""
        return records.write(self, "gin", RECORD_VERSION, action_code)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """Replay a saved match; ValueError saying what is wrong with a bad record."""
        return records.replay(
            record,
            game="gin",
            version=RECORD_VERSION,
            name="gin match",
            rules_type=Rules,
            seats=lambda rules: 2,
            start=cls.start,
            parse_action=parse_action,
        )
