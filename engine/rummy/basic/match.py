"""A game of Basic Rummy: hands in sequence, scores, the dealer rotation, and saved records.

Immutable like the hand. A game is fully described by its rules, its seed, the first dealer
and each hand's action log (`to_record`), which is what a saved game stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import records
from ..errors import IllegalAction
from ..fairdeal import UNCUT, cut_seed
from ..rng import Rng, derive_seed
from ..standings import game_over, leaders
from .actions import Action, action_code, parse_action
from .round import Round
from .rules import Rules
from .view import View

RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class Match:
    rules: Rules
    seed: int
    first_dealer: int
    scores: tuple[int, ...]  # by seat
    finished: tuple[Round, ...]  # hands before the current one
    round: Round  # the hand in play, or just ended and awaiting `next_round`
    first_deal: int | None = None  # the first hand's own seed, if it was given one
    cuts: tuple[int, ...] = (UNCUT,)  # each hand's cut (`rummy.fairdeal`), by hand

    @classmethod
    def start(
        cls,
        rules: Rules = Rules(),
        seed: int = 0,
        first_dealer: int | None = None,
        first_deal: int | None = None,
        cut: int = UNCUT,
    ) -> Match:
        """A new game; the first dealer is drawn from the seed unless given. The first hand is
        dealt from `first_deal` when given (a shared hand played again), with `cut`
        (`rummy.fairdeal`)."""
        if first_dealer is None:
            first_dealer = Rng(derive_seed(seed, 1 << 32)).below(rules.players)
        dealt = Round.deal(
            cut_seed(records.hand_seed(seed, 0, first_deal), cut), rules, first_dealer
        )
        scores = (0,) * rules.players
        return cls(rules, seed, first_dealer, scores, (), dealt, first_deal, (cut,))

    @property
    def rounds(self) -> tuple[Round, ...]:
        return self.finished + (self.round,)

    @property
    def is_over(self) -> bool:
        return self.round.is_over and game_over(
            self.scores, len(self.rounds), self.rules.hands, self.rules.target
        )

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (several on a tie)."""
        return leaders(self.scores) if self.is_over else ()

    def apply(self, action: Action) -> Match:
        played = self.round.apply(action)
        result = played.result
        scores = self.scores
        if result is not None and result.winner is not None:
            scores = tuple(
                s + result.points * (seat == result.winner) for seat, s in enumerate(scores)
            )
        return replace(self, round=played, scores=scores)

    def next_round(self, cut: int = UNCUT) -> Match:
        """The next deal, with `cut` (`rummy.fairdeal`); the deal passes to the left (with two
        players: alternates)."""
        if not self.round.is_over:
            raise IllegalAction("The hand is still being played.", "hand_in_play")
        if self.is_over:
            raise IllegalAction("The game is over: start a new game.", "match_over")
        number = len(self.rounds)
        dealer = (self.round.dealer + 1) % self.rules.players
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
        """A JSON-ready description from which `from_record` rebuilds this exact game."""
        return records.write(self, "basic", RECORD_VERSION, action_code)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """Replay a saved game; ValueError saying what is wrong with a bad record."""
        return records.replay(
            record,
            game="basic",
            version=RECORD_VERSION,
            name="Basic Rummy game",
            rules_type=Rules,
            seats=lambda rules: rules.players,
            start=cls.start,
            parse_action=parse_action,
        )
