"""One person's Basic Rummy table: the person (seat 0) against 1-5 computer players.

Everything the page needs beyond drawing, like `rummy.gin.session` for gin: the settings of the
start screen, the game, which screen to show, the person's actions, the computer's next action,
what to offer the person (the melds they hold, where a card may be laid off), the end-of-hand
summary, the person's statistics, and the save. No rule lives here: legality, scoring and
decisions come from the hand, the game and the agents. Pure and immutable, so it is tested here
rather than in a browser.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from ..cards import Card
from ..errors import IllegalAction
from ..sessions import CountedStats, check_save, decision_seed, settings_from_dict
from . import agents
from .actions import Action, LayOff, NewMeld
from .match import BasicMatch
from .rules import BasicRules
from .state import HandResult, Phase, hand_value
from .view import BasicView

PERSON = 0
MAX_OPPONENTS = 5
SAVE_FORMAT = "rummy-table/basic"
SAVE_VERSION = 1


def levels() -> tuple[str, ...]:
    """The computer players' levels that exist now (read at run time: levels get added)."""
    return tuple(agents.LEVELS)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen chooses: how many computer players, how long the game lasts
    (a number of hands or a target score, exactly one) and how well the computer plays."""

    opponents: int = 3
    hands: int | None = None
    target: int | None = 100
    level: str = "easy"

    def __post_init__(self) -> None:
        if type(self.opponents) is not int or not 1 <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(f"play against 1-{MAX_OPPONENTS} computer players, not {self.opponents!r}")
        if not isinstance(self.level, str) or self.level not in agents.LEVELS:
            raise ValueError(f"level must be one of {', '.join(levels())}, not {self.level!r}")
        self.rules()  # the game length is checked by the rules

    @property
    def players(self) -> int:
        return self.opponents + 1

    def rules(self) -> BasicRules:
        return BasicRules(players=self.players, hands=self.hands, target=self.target)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Stats(CountedStats):
    """The person's record over every game; `count(match)` adds each finished hand once."""

    games: int = 0
    games_won: int = 0  # alone or shared: the person had the highest score
    hands: int = 0  # hands someone went out in (drawn hands are not counted)
    hands_won: int = 0
    rummies: int = 0  # the person's hands won by going rummy
    best_hand: int = 0  # most points the person scored in one hand
    best_game: int = 0  # highest final score of a game the person won

    def with_hand(self, result: HandResult) -> Stats:
        mine = result.winner == PERSON
        return replace(
            self,
            hands=self.hands + (result.winner is not None),
            hands_won=self.hands_won + mine,
            rummies=self.rummies + (mine and result.kind == "rummy"),
            best_hand=max(self.best_hand, result.points if mine else 0),
        )

    def with_match(self, match: BasicMatch) -> Stats:
        won = PERSON in match.winners
        return replace(
            self,
            games=self.games + 1,
            games_won=self.games_won + won,
            best_game=max(self.best_game, match.scores[PERSON] if won else 0),
        )


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One player at the end of a hand: the cards left in hand, what they count, the game
    score after the hand, and whether this seat went out."""

    seat: int
    cards: tuple[Card, ...]
    value: int
    score: int
    went_out: bool


@dataclass(frozen=True, slots=True)
class Table:
    """The person (seat PERSON) against `settings.opponents` computer players."""

    settings: Settings
    match: BasicMatch

    @classmethod
    def new(cls, settings: Settings, seed: int) -> Table:
        return cls(settings, BasicMatch.start(settings.rules(), seed))

    @property
    def view(self) -> BasicView:
        """What the person sees."""
        return self.match.view(PERSON)

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the hand is over."""
        hand = self.match.hand
        return None if hand.is_over else hand.to_move

    @property
    def screen(self) -> str:
        """Which screen the page shows: "draw" or "play" (the person's turn, before and after
        drawing), "opponent" (a computer player's turn), "hand-over" or "game-over"."""
        hand = self.match.hand
        if hand.is_over:
            return "game-over" if self.match.is_over else "hand-over"
        if hand.to_move != PERSON:
            return "opponent"
        return "draw" if hand.phase is Phase.DRAW else "play"

    def play(self, action: Action) -> Table:
        """The table after an action of any seat (the person's, or a computer player's from
        `computer_action`); IllegalAction, the table unchanged, when the rules refuse it."""
        return replace(self, match=self.match.apply(action))

    def computer_action(self) -> Action:
        """The next action of the computer player to move, from its own view only. Its seed
        depends on the position alone, so a restored game plays on exactly as it would have."""
        seat = self.to_move
        if seat is None or seat == PERSON:
            raise IllegalAction("It is not a computer player's turn.", "not_your_turn")
        return agents.make_agent(self.settings.level, decision_seed(self.match)).act(self.match.view(seat))

    def next_hand(self) -> Table:
        return replace(self, match=self.match.next_hand())

    def rematch(self, seed: int) -> Table:
        return Table.new(self.settings, seed)

    # ---- what the page offers the person ---------------------------------------------------

    def meld_offers(self) -> tuple[NewMeld, ...]:
        """The new melds the person may put down now, the largest first, leaving out any meld
        whose cards are all part of a larger one on offer (a 4-card run, not its 3-card parts)."""
        melds = [a for a in self.view.legal_actions if isinstance(a, NewMeld)]
        sets = [frozenset(a.cards) for a in melds]
        kept = [a for a, s in zip(melds, sets) if not any(s < other for other in sets)]
        return tuple(sorted(kept, key=lambda a: (-len(a.cards), [c.index for c in a.cards])))

    def layoff_targets(self, card: Card) -> tuple[int, ...]:
        """The table melds (by number) the person may lay `card` off onto now."""
        return tuple(a.target for a in self.view.legal_actions if isinstance(a, LayOff) and a.card == card)

    def summary(self) -> tuple[SeatSummary, ...]:
        """Every player at the end of the hand (empty while it is played)."""
        view = self.view
        if view.final_hands is None:
            return ()
        winner = view.result.winner if view.result else None
        return tuple(
            SeatSummary(seat, cards, hand_value(cards), self.match.scores[seat], seat == winner)
            for seat, cards in enumerate(view.final_hands)
        )

    # ---- the save --------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": asdict(self.settings),
            "match": self.match.to_record(),
        }

    @classmethod
    def from_record(cls, record: Any) -> Table:
        """Restore a save; ValueError saying what is wrong with a corrupted or foreign one."""
        record = check_save(record, SAVE_FORMAT, SAVE_VERSION, "Basic Rummy")
        try:
            settings = Settings.from_dict(record.get("settings"))
            match = BasicMatch.from_record(record.get("match"))
        except (TypeError, KeyError, AttributeError, RecursionError) as error:
            raise ValueError(f"the saved game is damaged: {error!r}") from None
        if match.rules != settings.rules():
            raise ValueError("the saved game does not follow its saved settings")
        return cls(settings, match)
