"""A Basic Rummy session: a person (seat 0) against 1-5 computer players, or 2-6 seats of
people and computer players sharing the device, with the people's statistics, as the page
drives it through the session protocol (`rummy.sessions`).

Everything the page shows comes from `view_model()`: which screen and whose turn, every
player's count and score, the table's melds, the hand in the page's arrangements and its
value, the card just drawn, the person's options (the melds they may put down, where each card
may be laid off, what they may discard, the melds offered as shortcuts), the last move in
words' worth of data (a turnover included), the end-of-hand summary and the house rules in
force (`house_rules`: those that differ from the rules page, by name). The page computes none
of it; no rule lives here either: legality, scoring and decisions come from the hand, the game
and the agents.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..cards import DECK, Card
from ..melds import make_meld
from ..records import HOUSE_RULE
from ..seats import Seating, checked_seating
from ..sessions import (
    CountedStats,
    GameStats,
    MatchSession,
    arrangements,
    card_deck,
    codes,
    house_rules,
    last_move,
    settings_from_dict,
    settings_record,
)
from . import agents, review
from .actions import Action, Discard, DrawDiscard, DrawStock, LayOff, NewMeld, parse_action
from .match import Match
from .round import Round
from .rules import HOUSE_RULES, TURNOVERS, Rules
from .state import Ending, Phase, Result, hand_value
from .view import View

DRAWS = ("DrawStock", "DrawDiscard")  # the moves that begin a turn
MAX_OPPONENTS = 5
SAVE_FORMAT = "rummy-table/basic"
SAVE_VERSION = 1


def levels() -> tuple[str, ...]:
    """The computer players' levels that exist now."""
    return tuple(agents.LEVELS)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen chooses: how many computer players, how long the game lasts
    (a number of hands or a target score, exactly one) and how well the computer plays; or
    the `seats` (`rummy.seats`: people and computer players, as many as `opponents` + 1) and
    the people's `names`; and the house rules of `Rules` (`HOUSE_RULES`), each left out of a
    save while at its default (the rules page's game), so earlier saves stay as they were."""

    opponents: int = 3
    hands: int | None = None
    target: int | None = 100
    level: str = "easy"
    seats: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    rummy_doubles: bool = field(default=False, metadata=HOUSE_RULE)
    melds_per_turn: str = field(default="one", metadata=HOUSE_RULE)
    lay_off_after_meld: bool = field(default=False, metadata=HOUSE_RULE)
    ace: str = field(default="low", metadata=HOUSE_RULE)
    final_discard: str = field(default="optional", metadata=HOUSE_RULE)
    stock_out: str = field(default="turn", metadata=HOUSE_RULE)

    def __post_init__(self) -> None:
        if type(self.opponents) is not int or not 1 <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(
                f"play against 1-{MAX_OPPONENTS} computer players, not {self.opponents!r}"
            )
        if not isinstance(self.level, str) or self.level not in agents.LEVELS:
            raise ValueError(f"level must be one of {', '.join(levels())}, not {self.level!r}")
        self.rules()  # the game length and the house rules are checked by the rules
        checked_seating(self, self.players, agents.LEVELS)

    @property
    def players(self) -> int:
        return self.opponents + 1

    @property
    def seating(self) -> Seating:
        return checked_seating(self, self.players, agents.LEVELS)

    def rules(self) -> Rules:
        house = {name: getattr(self, name) for name in HOUSE_RULES}
        return Rules(players=self.players, hands=self.hands, target=self.target, **house)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Stats(GameStats):
    """The person's record over every game; `count(match)` adds each finished hand once."""

    hands: int = 0  # hands someone went out in (drawn hands are not counted)
    hands_won: int = 0
    rummies: int = 0  # the person's hands won by going rummy
    best_hand: int = 0  # most points the person scored in one hand

    def with_hand(self, result: Result, seat: int) -> Stats:
        mine = result.winner == seat
        return replace(
            self,
            hands=self.hands + (result.winner is not None),
            hands_won=self.hands_won + mine,
            rummies=self.rummies + (mine and result.kind is Ending.RUMMY),
            best_hand=max(self.best_hand, result.points if mine else 0),
        )


@dataclass(frozen=True, slots=True)
class BasicSession(MatchSession):
    """The seats of `settings`: by default a person against computer players."""

    game: ClassVar[str] = "basic"
    title: ClassVar[str] = "Basic Rummy"
    levels: ClassVar[tuple[str, ...]] = levels()
    save_format: ClassVar[str] = SAVE_FORMAT
    save_version: ClassVar[int] = SAVE_VERSION
    settings_type: ClassVar[Any] = Settings
    stats_type: ClassVar[type[CountedStats]] = Stats
    match_type: ClassVar[Any] = Match
    parse_action = staticmethod(parse_action)
    make_agent = staticmethod(agents.make_agent)
    review_module: ClassVar[Any] = review

    def seen_model(self, view: View) -> dict[str, Any]:
        """What the person saw at a decision: their hand, the pile's top and the table."""
        return {
            "hand": arrangements(view.hand, view.rules.ace_high),
            "pile_top": view.pile[-1].code if view.pile else None,
            "table": [codes(laid.meld.cards) for laid in view.table],
            "drawn": view.drawn.code if view.drawn else None,
        }

    @classmethod
    def chosen_rules(cls, rules: Rules) -> Rules:
        """The settings do not choose the turnover limit: a game saved under an earlier default
        (3) keeps it."""
        return replace(rules, turnovers=TURNOVERS)

    settings: Settings
    match: Match
    stats: Stats = Stats()
    revealed: int | None = None
    seen: int | None = None
    fair_deal: bool = False
    cutting: bool = False

    @classmethod
    def deck_model(cls, rules: Rules, dealer: int, seed: int) -> dict[str, Any]:
        return card_deck(Round.deal(seed, rules, dealer))

    # ---- what the page shows --------------------------------------------------------------

    @property
    def view(self) -> View:
        """What the person on screen sees."""
        return self.match.view(self.on_screen())

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the hand is over."""
        hand = self.match.round
        return None if hand.is_over else hand.to_move

    @property
    def screen(self) -> str:
        """Which screen the page shows: "draw" or "play" (the person's turn, before and after
        drawing), "opponent" (a computer player's turn), "hand-over" or "game-over"
        ("pass-device" while covered)."""
        hand = self.match.round
        if self.covered:
            return "pass-device"
        if hand.is_over:
            return "game-over" if self.match.is_over else "hand-over"
        if hand.to_move != self.seat:
            return "opponent"
        return "draw" if hand.phase is Phase.DRAW else "play"

    def view_model(self) -> dict[str, Any]:
        view, match = self.view, self.match  # the view once: its legal actions are searched
        rules = view.rules
        log = hand_log(match.round)
        return {
            "game": self.game,
            "screen": self.screen,
            "settings": settings_record(self.settings),
            "seat": view.seat,
            "seats": self.seating.model(),
            "deal": self.deal_model(),
            "players": [
                {
                    "seat": seat,
                    "you": seat == view.seat,
                    "cards": count,
                    "score": view.scores[seat],
                    "to_move": seat == self.to_move,
                }
                for seat, count in enumerate(view.hand_counts)
            ],
            "target": rules.target,
            "hands": rules.hands,
            "hand_number": len(match.rounds),
            "turnovers": view.turnovers,
            "turnover_limit": rules.turnovers,
            "house_rules": house_rules(self.settings),
            "stock": view.stock_count,
            "pile_top": view.pile[-1].code if view.pile else None,
            "pile_count": len(view.pile),
            "can_take_pile": any(isinstance(a, DrawDiscard) for a in view.legal_actions),
            "melds": [
                {"number": n, "owner": laid.owner, "cards": codes(laid.meld.cards)}
                for n, laid in enumerate(view.table)
            ],
            "hand": arrangements(view.hand, view.rules.ace_high),
            "hand_value": hand_value(view.hand),
            "drawn": view.drawn.code if view.drawn else None,
            "taken_from_pile": view.drawn_from_pile.code if view.drawn_from_pile else None,
            "options": _options(view.legal_actions, rules.ace_high),
            "log": log,
            "last_move": last_move(log, DRAWS),
            "result": self._result_model(view),
            "match": {"over": match.is_over, "winners": list(match.winners)},
        }

    def _result_model(self, view: View) -> dict[str, Any] | None:
        """How the hand ended and every player's cards left, what they count and the score."""
        if view.result is None or view.final_hands is None:
            return None
        return result_model(view.result, view.final_hands, self.match.scores)

    def public_facts(self) -> dict[str, Any]:
        """Every seat's card count and score, the stock, the pile's top, the table's melds, the
        move log, and once the hand is over how it ended (every hand is shown then)."""
        match, hand = self.match, self.match.round
        log = hand_log(hand)
        return {
            "players": [
                {"seat": seat, "cards": len(cards), "score": match.scores[seat]}
                for seat, cards in enumerate(hand.hands)
            ],
            "target": hand.rules.target,
            "hands": hand.rules.hands,
            "hand_number": len(match.rounds),
            "stock": len(hand.stock),
            "pile_top": hand.pile[-1].code if hand.pile else None,
            "melds": [
                {"number": n, "owner": laid.owner, "cards": codes(laid.meld.cards)}
                for n, laid in enumerate(hand.table)
            ],
            "log": log,
            "last_move": last_move(log, DRAWS),
            "result": result_model(hand.result, hand.hands, match.scores) if hand.result else None,
            "match": {"over": match.is_over, "winners": list(match.winners)},
        }


def result_model(
    result: Result, final_hands: tuple[tuple[Card, ...], ...], scores: tuple[int, ...]
) -> dict[str, Any]:
    """How a hand ended: every player's cards left, what they count and the score."""
    return {
        "kind": result.kind.value,
        "winner": result.winner,
        "points": result.points,
        "summary": [
            {
                "seat": seat,
                "cards": codes(cards),
                "value": hand_value(cards),
                "score": scores[seat],
                "went_out": seat == result.winner,
            }
            for seat, cards in enumerate(final_hands)
        ],
    }


def hand_log(hand: Round) -> list[dict[str, Any]]:
    """Every move of the hand as every seat saw it: who, what, the cards shown (never a card
    drawn from the stock), the meld a card went on and that meld's cards before, whether a
    stock draw turned the pile over, and for a card taken from the pile the seat that
    discarded it (`from`; None for the upcard, as dealt). The move log, whose last entry the
    status line tells."""
    taken = [iter(cards) for cards in hand.taken]
    stock, pile = len(DECK) - hand.rules.players * hand.rules.hand_size - 1, 1  # as dealt
    on_table: set[Card] = set()
    melds = 0
    discarder = None  # the seat whose discard is the pile's top; None: the upcard, as dealt
    log: list[dict[str, Any]] = []
    for action in hand.actions:
        move: dict[str, Any] = {
            "by": action.seat,
            "move": type(action).__name__,
            "cards": [],
            "meld": None,
            "turnover": False,
            "from": None,
        }
        if isinstance(action, DrawStock):
            move["turnover"] = stock == 0
            if stock == 0:  # the pile becomes the stock
                stock, pile = pile, 0
            stock -= 1
        elif isinstance(action, DrawDiscard):
            move["cards"] = [next(taken[action.seat]).code]
            move["from"] = discarder
            pile -= 1
        elif isinstance(action, NewMeld):
            move["cards"] = shown(action, hand.rules.ace_high)
            move["meld"] = melds
            melds += 1
            on_table.update(action.cards)
        elif isinstance(action, LayOff):
            move["cards"] = [action.card.code]
            move["meld"] = action.target
            move["onto"] = codes(c for c in hand.table[action.target].meld.cards if c in on_table)
            on_table.add(action.card)
        elif isinstance(action, Discard):
            move["cards"] = [action.card.code]
            discarder = action.seat
            pile += 1
        log.append(move)
    return log


def meld_offers(legal: tuple[Action, ...]) -> tuple[NewMeld, ...]:
    """The new melds among `legal` actions, the largest first, leaving out any meld whose cards
    are all part of a larger one on offer (a 4-card run, not its 3-card parts)."""
    melds = [a for a in legal if isinstance(a, NewMeld)]
    sets = [frozenset(a.cards) for a in melds]
    kept = [a for a, s in zip(melds, sets, strict=True) if not any(s < other for other in sets)]
    return tuple(sorted(kept, key=lambda a: (-len(a.cards), [c.index for c in a.cards])))


def shown(action: NewMeld, ace_high: bool) -> list[str]:
    """The cards of a legal new meld as the table shows them: a run in run order (Q-K-A)."""
    return codes(make_meld(action.cards, ace_high).cards)


def _options(legal: tuple[Action, ...], ace_high: bool) -> dict[str, Any]:
    """What the person may do now: the melds they may put down (each as its cards, in the order
    the table shows them), the table melds each card may be laid off on, the cards they may
    discard, and the melds offered as shortcuts (`meld_offers`)."""
    layoffs: dict[str, list[int]] = {}
    for action in legal:
        if isinstance(action, LayOff):
            layoffs.setdefault(action.card.code, []).append(action.target)
    return {
        "melds": [shown(a, ace_high) for a in legal if isinstance(a, NewMeld)],
        "layoffs": layoffs,
        "discards": [a.card.code for a in legal if isinstance(a, Discard)],
        "offers": [shown(a, ace_high) for a in meld_offers(legal)],
    }
