"""A gin session: one match of a person against the computer, or of two people sharing the
device, with their statistics, as the page drives it through the session protocol
(`rummy.sessions`).

Everything the page shows comes from `view_model()`: which screen, the piles, the hand in the
arrangements the page offers, what each discard would leave and whether a knock with it would
be gin, the computer's last move, and the settlement with its bonus and lay-offs in place. The
page computes none of it. No rule lives here either: legality, scoring and decisions come from
the hand, the match and the agents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, ClassVar

from ..cards import Card, to_mask
from ..melds import Meld, deadwood
from ..records import HOUSE_RULE
from ..review import SHOWN
from ..seats import Seating, checked_seating
from ..sessions import (
    CountedStats,
    MatchSession,
    arrangements,
    card_deck,
    codes,
    house_rules,
    last_move,
    settings_from_dict,
    settings_record,
)
from . import review
from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    Knock,
    PassUpcard,
    TakeUpcard,
    parse_action,
)
from .agents import LEVELS, make_agent
from .agents.hard import Advice, advise
from .explain import compared, reasons
from .match import Match
from .round import Round, deadwood_after_discard
from .rules import PRESETS, TARGETS, Rules, preset
from .settle import Ending, Settlement
from .state import Phase, Result
from .view import View

HINTED = 4  # options a hint names: the best and three others
SAVE_FORMAT = "rummy-table/gin"
SAVE_VERSION = 1
DRAWS = ("TakeUpcard", "DrawStock", "DrawDiscard")  # the moves that begin a turn's draw


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen chooses: the target, the rules, and who plays: the person against
    the computer at `level`, or the `seats` given (two people, or a person and the computer at
    its own level; `rummy.seats`) with the people's `names`. The house rules after them are the
    `Rules` fields of the same names and defaults, played with either preset; a save leaves
    them out while they hold their defaults, as it did before they existed."""

    target: int = 100
    level: str = "normal"
    rules: str = "house"
    seats: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    oklahoma: bool = field(default=False, metadata=HOUSE_RULE)
    oklahoma_spades_double: bool = field(default=False, metadata=HOUSE_RULE)
    big_gin_bonus: int = field(default=0, metadata=HOUSE_RULE)
    game_bonuses: bool = field(default=False, metadata=HOUSE_RULE)
    box_bonus: int = field(default=25, metadata=HOUSE_RULE)

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"target must be one of {TARGETS}, not {self.target!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {self.level!r}")
        if self.rules not in PRESETS:
            raise ValueError(f"rules must be one of {', '.join(PRESETS)}, not {self.rules!r}")
        rules_of(self)  # the rules check the house rules' values, naming a bad one
        checked_seating(self, 2, LEVELS)

    @property
    def seating(self) -> Seating:
        return checked_seating(self, 2, LEVELS)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        return settings_from_dict(cls, data)


# the names of the settings' house rules, the Rules fields they set
HOUSE_RULES = tuple(option.name for option in fields(Settings) if option.metadata.get("house_rule"))


def rules_of(settings: Settings) -> Rules:
    """The rules `settings` choose: the preset, the target and the house rules."""
    chosen = preset(settings.rules).with_target(settings.target)
    return replace(chosen, **{name: getattr(settings, name) for name in HOUSE_RULES})


@dataclass(frozen=True, slots=True)
class Stats(CountedStats):
    """The person's record over every match; `count(match)` adds each finished hand once."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0  # the person's gins, big gins included
    undercuts: int = 0  # the person's undercuts of the computer's knocks
    best_hand: int = 0  # most points the person scored in one hand
    best_match: int = 0  # highest final total of a match the person won (bonuses included)

    def with_hand(self, result: Result, seat: int) -> Stats:
        mine = result.winner == seat
        return replace(
            self,
            hands=self.hands + (result.kind is not Ending.DEAD),
            hands_won=self.hands_won + mine,
            gins=self.gins + (mine and result.kind in (Ending.GIN, Ending.BIG_GIN)),
            undercuts=self.undercuts + (mine and result.kind is Ending.UNDERCUT),
            best_hand=max(self.best_hand, result.points if mine else 0),
        )

    def with_match(self, match: Match, seat: int) -> Stats:
        won = match.winner == seat
        return replace(
            self,
            matches=self.matches + 1,
            matches_won=self.matches_won + won,
            best_match=max(self.best_match, match.totals[seat] if won else 0),
        )


@dataclass(frozen=True, slots=True)
class GinSession(MatchSession):
    """A person against the computer, or two people, with their running statistics."""

    game: ClassVar[str] = "gin"
    title: ClassVar[str] = "gin"
    levels: ClassVar[tuple[str, ...]] = tuple(LEVELS)
    save_format: ClassVar[str] = SAVE_FORMAT
    save_version: ClassVar[int] = SAVE_VERSION
    settings_type: ClassVar[Any] = Settings
    stats_type: ClassVar[type[CountedStats]] = Stats
    match_type: ClassVar[Any] = Match
    parse_action = staticmethod(parse_action)
    make_agent = staticmethod(make_agent)
    review_module: ClassVar[Any] = review

    def seen_model(self, view: View) -> dict[str, Any]:
        """What the person saw at a decision: their hand, the pile, what the computer took."""
        return {
            "hand": arrangements(view.hand),
            "pile": codes(view.pile),
            "opponent_taken": codes(view.opponent_taken),
            "drawn": view.drawn.code if view.drawn else None,
        }

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

    # ---- the hooks of MatchSession -------------------------------------------------------

    @classmethod
    def rules_for(cls, settings: Settings) -> Rules:
        return rules_of(settings)

    # ---- what the page shows --------------------------------------------------------------

    @property
    def view(self) -> View:
        """What the person on screen sees."""
        return self.match.view(self.on_screen())

    @property
    def screen(self) -> str:
        """Which screen the page shows: upcard, draw, discard, opponent, settle or match-over
        (pass-device while covered)."""
        hand = self.match.round
        if self.covered:
            return "pass-device"
        if hand.is_over:
            return "match-over" if self.match.is_over else "settle"
        if hand.to_move != self.seat:
            return "opponent"
        return {Phase.UPCARD: "upcard", Phase.DRAW: "draw", Phase.DISCARD: "discard"}[hand.phase]

    def roles(self) -> dict[int, str]:
        """How the model names each seat: "you" (the person on screen) and "opponent"."""
        seat = self.on_screen()
        return {seat: "you", 1 - seat: "opponent"}

    def hints(self) -> tuple[Advice, ...]:
        """The person's legal options ranked by the hard player (the hint button)."""
        return advise(self.view)

    def hints_model(self) -> list[dict[str, Any]]:
        """The hints as the page shows them, every option best first: its move, its name
        (a discard where a knock is legal says it does not knock), the card it names, whether
        the hint names it (`shown`: the best few, always with the other answer to whether to
        knock), and why the hard player ranks it there, as reasons (`explain`), never its raw
        figures."""
        view = self.view
        top = view.pile[-1] if view.pile else None
        ranking = self.hints()
        named = compared([advice.action for advice in ranking], HINTED)
        return [
            {
                "move": type(advice.action).__name__,
                "name": name,
                "shown": shown,
                "card": _card_of(advice.action, top),
                "why": reasons(view, advice, ranking),
            }
            for advice, (name, shown) in zip(ranking, named, strict=True)
        ]

    def ranking_model(self, moves: list[str], made: str) -> list[dict[str, Any]]:
        """Each option of a reviewed decision named as the hint names it, and shown where the
        hint would (the best few, and the other answer to whether to knock), and the move made."""
        ranking = [parse_action(move) for move in moves]
        named = compared(ranking, SHOWN, parse_action(made))
        return [{"name": name, "shown": shown} for name, shown in named]

    def view_model(self) -> dict[str, Any]:
        view = self.view
        roles = self.roles()
        legal = view.legal_actions
        log = hand_log(self.match.round, roles)
        return {
            "game": self.game,
            "screen": self.screen,
            "settings": settings_record(self.settings),
            "seat": view.seat,
            "seats": self.seating.model(),
            "deal": self.deal_model(),
            "scores": {roles[seat]: view.scores[seat] for seat in (0, 1)},
            "target": view.rules.target,
            "house_rules": house_rules(self.settings),
            "knock_limit": view.stakes.knock_limit,
            "multiplier": view.stakes.multiplier,
            "stock": view.stock_count,
            "pile_top": view.pile[-1].code if view.pile else None,
            "can_take_pile": any(isinstance(a, DrawDiscard) for a in legal),
            "can_big_gin": any(isinstance(a, BigGin) for a in legal),
            "upcard_passed": view.upcard_passes > 0,
            "opponent": {"cards": view.opponent_card_count, "taken": codes(view.opponent_taken)},
            "hand": arrangements(view.hand),
            "deadwood": deadwood(view.hand),
            "drawn": view.drawn.code if view.drawn else None,
            "taken_from_pile": view.drawn_from_pile.code if view.drawn_from_pile else None,
            "discards": _discard_options(view),
            "pile": codes(view.pile),
            "log": log,
            "last_move": last_move(log, DRAWS),
            "result": _result_model(self.match, roles) if self.match.round.result else None,
            "match": {
                "over": self.match.is_over,
                "won": self.match.winner == view.seat,
                **_end_model(self.match, roles),
            },
        }

    def public_facts(self) -> dict[str, Any]:
        """Both seats' scores and card counts, the stock, the pile, the cards each took from
        it, the move log, and once the hand is over how it ended (both hands are shown then)."""
        match, hand = self.match, self.match.round
        seats = {seat: str(seat) for seat in (0, 1)}
        log = hand_log(hand, seats)
        return {
            "scores": list(match.scores),
            "target": match.rules.target,
            "house_rules": house_rules(self.settings),
            "knock_limit": hand.stakes.knock_limit,
            "multiplier": hand.stakes.multiplier,
            "cards": [len(cards) for cards in hand.hands],
            "taken": [codes(cards) for cards in hand.taken],
            "stock": len(hand.stock),
            "pile_top": hand.pile[-1].code if hand.pile else None,
            "log": log,
            "last_move": last_move(log, DRAWS),
            "result": _result_model(match, seats) if hand.result else None,
            "match": {"over": match.is_over, "winner": match.winner, **_end_model(match, seats)},
        }


def hand_log(hand: Round, roles: dict[int, str]) -> list[dict[str, Any]]:
    """Every move of the hand as either seat saw it: who (by `roles`, and `seat`), what, the
    card shown (a discard, the upcard passed, or the card taken from the pile; never a card
    drawn from the stock), and for a card taken from the pile who discarded it (`from`; None
    for the upcard, which was dealt). The move log, whose last entry is the opponent's move the
    status line tells."""
    taken = [iter(cards) for cards in hand.taken]
    passed = [iter(cards) for cards in hand.passed]
    discarder = None  # the seat whose discard is the pile's top; None: the upcard, as dealt
    log = []
    for action in hand.actions:
        card = getattr(action, "card", None)
        source = None
        if isinstance(action, (TakeUpcard, DrawDiscard)):
            card = next(taken[action.seat])
            source = roles[discarder] if discarder is not None else None
        elif isinstance(action, PassUpcard):
            card = next(passed[action.seat])
        elif isinstance(action, (Discard, Knock)):
            discarder = action.seat
        log.append(
            {
                "by": roles[action.seat],
                "seat": action.seat,
                "move": type(action).__name__,
                "card": card.code if card else None,
                "from": source,
            }
        )
    return log


def _card_of(action: Action, pile_top: Card | None) -> str | None:
    """The card an action names: its own, or the top of the pile it takes."""
    card = getattr(action, "card", None)
    if isinstance(action, (TakeUpcard, DrawDiscard)):
        card = pile_top
    return card.code if card else None


def _discard_options(view: View) -> dict[str, dict[str, Any]]:
    """For each card of an 11-card hand on the person's turn: the deadwood left after
    discarding it, whether it may be discarded, and whether a knock with it is legal and gin."""
    if view.phase is not Phase.DISCARD or not view.my_turn:
        return {}
    mask = to_mask(view.hand)
    knocks = {a.card for a in view.legal_actions if isinstance(a, Knock)}
    options = {}
    for card in view.hand:
        left = deadwood_after_discard(mask, card)
        options[card.code] = {
            "deadwood": left,
            "discard": card != view.drawn_from_pile,
            "knock": card in knocks,
            "gin": card in knocks and left == 0,
        }
    return options


def _end_model(match: Match, roles: dict[int, str]) -> dict[str, Any]:
    """Each seat's end-of-game bonuses (by `roles`: each `name`, `times` and `points`, as the
    summary shows "Box ×3 +75"; none before the end, nor without game bonuses) and its total
    with them (the final score once the match is over)."""
    totals = match.totals
    return {
        "bonuses": {
            roles[seat]: [asdict(bonus) for bonus in match.bonuses[seat]] for seat in (0, 1)
        },
        "totals": {roles[seat]: totals[seat] for seat in (0, 1)},
    }


def _result_model(match: Match, roles: dict[int, str]) -> dict[str, Any]:
    """How the hand ended, each seat named by `roles`: who knocked and won, the points and the
    bonus in them, and both hands as the settlement shows them."""
    result = match.round.result
    assert result is not None
    if result.kind is Ending.DEAD:
        return {"kind": Ending.DEAD.value, "winner": None, "knocker": None, "points": 0, "bonus": 0}
    assert result.winner is not None and result.knocker is not None and result.settlement
    rules = match.rules
    bonus = {
        Ending.GIN: rules.gin_bonus,
        Ending.UNDERCUT: rules.undercut_bonus,
        Ending.BIG_GIN: rules.big_gin_bonus,
    }.get(result.kind, 0)
    settlement = result.settlement
    return {
        "kind": result.kind.value,
        "winner": roles[result.winner],
        "knocker": roles[result.knocker],
        "points": result.points,
        "bonus": bonus,
        "knocker_hand": _shown_hand(
            settlement.knocker_melds,
            settlement.knocker_deadwood_cards,
            settlement.knocker_deadwood,
            settlement,
        ),
        "defender_hand": _shown_hand(
            settlement.defender_melds,
            settlement.defender_deadwood_cards,
            settlement.defender_deadwood,
            None,
        ),
    }


def _shown_hand(
    melds: Iterable[Meld], loose: Iterable[Card], left: int, layoffs: Settlement | None
) -> dict[str, Any]:
    """A hand in the settlement: its melds (with the defender's lay-offs where they extend
    them: a run in rank order, a set's fourth card last), its deadwood cards and count."""
    laid_on: dict[Meld, list[Card]] = {}
    for card, meld in layoffs.layoffs if layoffs else ():
        laid_on.setdefault(meld, []).append(card)
    shown = []
    for meld in melds:
        laid = laid_on.get(meld, [])
        if meld.kind == "run":
            cards = sorted(meld.cards + tuple(laid), key=lambda c: c.rank)
        else:
            cards = list(meld.cards) + laid
        shown.append({"cards": codes(cards), "laid_off": codes(laid)})
    return {"melds": shown, "deadwood_cards": codes(loose), "deadwood": left}
