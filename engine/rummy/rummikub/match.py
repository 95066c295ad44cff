"""A game of Rummikub: rounds in sequence, running totals (each round sums to zero), and saved
records.

Immutable like the round. A game is fully described by its rules, its seed and each round's
action log (`to_record`, the same record as gin's and Basic Rummy's), which is what a saved
game stores. Round n is dealt from the seed derived for n, and its first player is drawn
from that deal (`starting_seat`); the record's `first_dealer` is the first round's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import records
from ..errors import IllegalAction
from ..fairdeal import UNCUT, cut_seed
from ..standings import game_over, leaders
from .actions import action_code, parse_action
from .round import Action, Round, Rules, View

RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class Match:
    rules: Rules
    seed: int
    first_dealer: int  # the seat that played first in the first round (what a record stores)
    scores: tuple[int, ...]  # running totals by seat
    finished: tuple[Round, ...]  # rounds before the current one
    round: Round  # the round in play, or just ended and awaiting `next_round`
    first_deal: int | None = None  # the first round's own seed, if it was given one
    cuts: tuple[int, ...] = (UNCUT,)  # each round's cut (`rummy.fairdeal`), by round

    @classmethod
    def start(
        cls,
        rules: Rules = Rules(),
        seed: int = 0,
        first_dealer: int | None = None,
        first_deal: int | None = None,
        cut: int = UNCUT,
    ) -> Match:
        """A new game. Who plays first is drawn from the deal; a `first_dealer` given (a
        record's) must be that seat. The first round is dealt from `first_deal` when given (a
        shared round played again), with `cut` (`rummy.fairdeal`)."""
        game = Round.deal(cut_seed(records.hand_seed(seed, 0, first_deal), cut), rules)
        if first_dealer is not None and first_dealer != game.to_move:
            raise ValueError(f"seat {first_dealer} does not play first in the game of seed {seed}")
        scores = (0,) * rules.players
        return cls(rules, seed, game.to_move, scores, (), game, first_deal, (cut,))

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far, the current one last."""
        return self.finished + (self.round,)

    @property
    def is_over(self) -> bool:
        return self.round.is_over and game_over(
            self.scores, len(self.rounds), self.rules.rounds, self.rules.target
        )

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (several on a tie)."""
        return leaders(self.scores) if self.is_over else ()

    def apply(self, action: Action) -> Match:
        game = self.round.apply(action)
        scores = self.scores
        if game.result is not None:
            scores = tuple(
                total + score for total, score in zip(scores, game.result.scores, strict=True)
            )
        return replace(self, round=game, scores=scores)

    def next_round(self, cut: int = UNCUT) -> Match:
        """The next round, dealt from this game's seed with `cut` (`rummy.fairdeal`)."""
        if not self.round.is_over:
            raise IllegalAction("The round is still being played.", "hand_in_play")
        if self.is_over:
            raise IllegalAction("The game is over: start a new game.", "match_over")
        seed = cut_seed(records.hand_seed(self.seed, len(self.rounds)), cut)
        game = Round.deal(seed, self.rules)
        return replace(self, finished=self.rounds, round=game, cuts=self.cuts + (cut,))

    def cut(self, cut: int) -> Match:
        """The round in play dealt again with `cut`, before anyone has moved in it (who plays
        first is drawn from the new deal)."""
        return records.dealt_again(
            self, cut, lambda c: self.start(self.rules, self.seed, None, self.first_deal, c)
        )

    def view(self, seat: int) -> View:
        return self.round.view(seat)

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready description from which `from_record` rebuilds this exact game."""
        return records.write(self, "rummikub", RECORD_VERSION, action_code)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """Replay a saved game; ValueError saying what is wrong with a bad record."""
        return records.replay(
            record,
            game="rummikub",
            version=RECORD_VERSION,
            name="Rummikub game",
            rules_type=Rules,
            seats=lambda rules: rules.players,
            start=cls.start,
            parse_action=parse_action,
        )
