"""One person's table against the computer: settings, the match, statistics, and the save.

This is everything the page needs beyond drawing: the DOM layer sends the person's actions,
asks for the computer's next action, and stores `Table.to_record()` after every action. It
holds no rule of its own: legality, scoring and decisions come from the hand, the match and
the agents. Pure and immutable like them, so it is tested here rather than in a browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..cards import Card
from ..errors import IllegalAction
from ..melds import deadwood
from ..sessions import CountedStats, check_save, decision_seed, grouped, settings_from_dict, sorted_by
from .actions import Action
from .agents import LEVELS, make_agent
from .agents.hard import Advice, advise
from .match import COMPUTER, PLAYER, Match
from .rules import PRESETS, TARGETS, preset
from .state import HandResult, Phase
from .view import PlayerView

SAVE_FORMAT = "rummy-table/gin"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen chooses."""

    target: int = 100
    level: str = "normal"
    rules: str = "house"

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}, not {self.target!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {self.level!r}")
        if self.rules not in PRESETS:
            raise ValueError(f"rules must be one of {', '.join(PRESETS)}, not {self.rules!r}")

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Stats(CountedStats):
    """The person's record over every match; `count(match)` adds each finished hand once."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0  # the person's gins
    undercuts: int = 0  # the person's undercuts of the computer's knocks
    best_hand: int = 0  # most points the person scored in one hand
    best_match: int = 0  # highest final score of a match the person won

    def with_hand(self, result: HandResult) -> Stats:
        mine = result.winner == PLAYER
        return replace(
            self,
            hands=self.hands + (result.kind != "dead"),
            hands_won=self.hands_won + mine,
            gins=self.gins + (mine and result.kind == "gin"),
            undercuts=self.undercuts + (mine and result.kind == "undercut"),
            best_hand=max(self.best_hand, result.points if mine else 0),
        )

    def with_match(self, match: Match) -> Stats:
        won = match.winner == PLAYER
        return replace(
            self,
            matches=self.matches + 1,
            matches_won=self.matches_won + won,
            best_match=max(self.best_match, match.scores[PLAYER] if won else 0),
        )


@dataclass(frozen=True, slots=True)
class Table:
    """The person (seat PLAYER) against one computer player, with their running statistics."""

    settings: Settings
    match: Match
    stats: Stats = Stats()

    @classmethod
    def new(cls, settings: Settings, seed: int, stats: Stats = Stats()) -> Table:
        rules = preset(settings.rules).with_target(settings.target)
        return cls(settings, Match.start(rules, seed), stats)

    @property
    def view(self) -> PlayerView:
        """What the person sees."""
        return self.match.view(PLAYER)

    @property
    def screen(self) -> str:
        """Which screen the page shows: upcard, draw, discard, opponent, settle or match-over."""
        hand = self.match.hand
        if hand.is_over:
            return "match-over" if self.match.is_over else "settle"
        if hand.to_move == COMPUTER:
            return "opponent"
        return {Phase.UPCARD: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard"}[hand.phase]

    def play(self, action: Action) -> Table:
        """The table after an action of either seat (the person's, or the computer's from
        `computer_action`); IllegalAction, the table unchanged, when the rules refuse it."""
        match = self.match.apply(action)
        return replace(self, match=match, stats=self.stats.count(match))

    def computer_action(self) -> Action:
        """The computer's next action, from its own view only. Its seed depends on the position
        alone, so a restored game plays on exactly as it would have."""
        hand = self.match.hand
        if hand.is_over or hand.to_move != COMPUTER:
            raise IllegalAction("It is not the computer's turn.", "not_your_turn")
        return make_agent(self.settings.level, decision_seed(self.match)).act(
            self.match.view(COMPUTER)
        )

    def next_hand(self) -> Table:
        return replace(self, match=self.match.next_hand())

    def rematch(self, seed: int) -> Table:
        return Table.new(self.settings, seed, self.stats)

    def hints(self) -> tuple[Advice, ...]:
        """The person's legal options ranked by the hard player (the hint button)."""
        return advise(self.view)

    def to_record(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": asdict(self.settings),
            "match": self.match.to_record(),
        }

    @classmethod
    def from_record(cls, record: Any, stats: Stats = Stats()) -> Table:
        """Restore a save; ValueError saying what is wrong with a corrupted or foreign one.
        The statistics are saved apart, so that a broken save never takes them along."""
        record = check_save(record, SAVE_FORMAT, SAVE_VERSION, "gin")
        settings = Settings.from_dict(record.get("settings"))
        match = Match.from_record(record.get("match"))
        expected = preset(settings.rules).with_target(settings.target)
        if match.rules != expected:
            raise ValueError("the saved match does not follow its saved settings")
        return cls(settings, match, stats.count(match))


def deadwood_without(cards: Iterable[Card], card: Card) -> int:
    """The least deadwood of `cards` once `card` is discarded (the preview of a selected card)."""
    return deadwood(c for c in cards if c != card)


# The hand's arrangements live with the other shared session pieces; named here too, where the
# gin page and its tests have always found them.
__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Settings",
    "Stats",
    "Table",
    "deadwood_without",
    "grouped",
    "sorted_by",
]
