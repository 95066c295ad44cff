"""The session protocol: the people's seats at a game against computer players (or one
another), as the page drives it, declared once for every game (gin, Basic Rummy, Rummikub).

A session is created from the start screen's settings or restored from a save; the page sends
it action codes (`act`) and draws `shown_model()`, a JSON-ready dict holding every fact the
page may show now; after every action the page stores `save()` and `statistics()`. Sessions
are immutable: `act` returns the next session, or a `Refusal` saying why nothing changed.

The page sends codes, never actions, so it cannot name a seat: a session reads a person's
moves in its game's action words without the seat ("stock", "discard 7S") and adds the seat
on screen itself; a code that does not parse is refused like an illegal move. Six codes mean
the same in every game: "computer" (the computer player to move plays its move), "next-hand",
"rematch" (the same settings, a seed derived from this match's), "reveal", "pass-on" and
"cut N".

Fair deals (`rummy.fairdeal`): every model names the hand's `deal`, its commitment and cut,
and its seed once the hand is over. A session started with `fair_deal` deals no hand before the
person's cut: until "cut N" (N in 1-999) it is *cutting*, its screen "cut", showing the
commitment and nothing of the hand, and taking no other code.

Seats (`rummy.seats`): one person against computer players by default. When several people
share the device, their turns are covered from one another: as soon as the turn leaves the
person on screen, the session is *covered* and `shown_model()` is the `public_model()`, which
holds no hidden card of anyone (whose turn, the counts, the public moves). "reveal" uncovers it
for the person to play, at their tap; a move is taken only from the person on screen, on their
turn. Once a hand is over, "pass-on" covers it again for the next person, who sees how it ended
from their own seat (and reviews it). A restored shared session is covered: a reload never
shows a hand.

Also here, what the sessions share: the checks a save passes before it is replayed, settings
read from a save, the statistics' bookkeeping (`CountedStats`, each person's under their
name), the seed of a computer decision, and the ways a hand is arranged on the page.

Words, with one meaning each across the engine and the page: a *game* is a kind of game (gin,
basic); a *match* is one match (or Basic Rummy game) of that game, hands played to its end; a
*session* is the people's seats at a game (settings, match, statistics); the *table* is what
the page draws of a session.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from itertools import islice
from typing import Any, ClassVar, Protocol, TypeVar

from . import records
from .cards import SUITS, Card
from .errors import IllegalAction
from .fairdeal import CUTS, UNCUT, check, commitment, person_cut
from .game import Match
from .melds import best_arrangement
from .review import Decision, decision_dict, shown
from .rng import derive_seed
from .seats import Seating, clean_name

T = TypeVar("T")
Sess = TypeVar("Sess", bound="Session")

COMPUTER_MOVE = "computer"
NEXT_HAND = "next-hand"
REMATCH = "rematch"
REVEAL = "reveal"
PASS_ON = "pass-on"
CUT = "cut"  # "cut 417": the person's cut of a deal that awaits it
REVIEW_SLICE = (
    4  # decisions a review request answers by default: a few ms each, a slice stays short
)
REVIEW_SLICE_MAX = 50
DEAL_MATCH = 1 << 41  # derives the seed of a match started from a given deal (`of_deal`)


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action a session did not take, and why: a stable `reason` code the page translates,
    the `params` its message names (card codes, points), and the engine's English message."""

    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)
    message: str = ""

    @classmethod
    def of(cls, error: IllegalAction) -> Refusal:
        return cls(error.reason, dict(error.params), str(error))

    def as_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "params": dict(self.params), "message": self.message}


class Session(Protocol):
    """What every game's session offers the page (see the module's docstring)."""

    game: ClassVar[str]  # the game's name: "gin", "basic"
    title: ClassVar[str]  # how messages name the game
    levels: ClassVar[tuple[str, ...]]  # the computer players' levels, easiest first
    stats_type: ClassVar[type[CountedStats]]  # the game's statistics (`from_dict` reads a save)

    @property
    def stats(self) -> CountedStats:
        """The people's statistics (each under their name), this session's hands counted in."""
        ...

    @property
    def seating(self) -> Seating:
        """Who sits where: the people, by name, and the computer players' levels."""
        ...

    @property
    def covered(self) -> bool:
        """Whether no person's view may be shown now (people sharing the device, between
        their turns): the page shows `public_model()` under a cover."""
        ...

    @classmethod
    def create(
        cls: type[Sess],
        settings: Any,
        seed: int,
        stats: Any = None,
        *,
        fair_deal: bool = False,
        cut: int | None = None,
    ) -> Sess:
        """A new match with these settings (a dict as the start screen sends it; ValueError
        if they are not valid), counting on from the person's statistics (a `stats_type`).
        With `fair_deal` each hand awaits the person's cut ("cut N"), the first one too unless
        its `cut` is fixed (`rummy.fairdeal`)."""
        ...

    @classmethod
    def of_deal(
        cls: type[Sess],
        settings: Any,
        seed: int,
        dealer: int | None,
        stats: Any = None,
        *,
        cut: int = 0,
        fair_deal: bool = False,
    ) -> Sess:
        """A new match whose first hand is dealt from a hand's own `seed`, `cut` and `dealer`
        (a shared hand played again); ValueError as `create`."""
        ...

    @classmethod
    def restore(cls: type[Sess], save: Any, stats: Any = None) -> Sess:
        """The session a `save()` describes, counting on from `stats`; ValueError saying what
        is wrong with a corrupted or foreign save."""
        ...

    def act(self: Sess, code: Any) -> Sess | Refusal:
        """The session after the action `code`, or a Refusal (this session unchanged): of
        whatever the page sent that is no action code too."""
        ...

    def review_model(
        self, first: int = 0, count: int = REVIEW_SLICE, seat: int | None = None
    ) -> dict[str, Any]:
        """A slice of the review of the hand just finished for a person's `seat` (by default
        the one on screen), JSON-ready (IllegalAction when there is none)."""
        ...

    def view_model(self) -> dict[str, Any]:
        """Every fact the page draws, JSON-ready, from the seat of the person on screen:
        nothing that person may not see (IllegalAction while covered)."""
        ...

    def public_model(self) -> dict[str, Any]:
        """What the table shows everyone, JSON-ready: whose turn, the counts, the scores, the
        public moves, and no hidden card of anyone."""
        ...

    def shown_model(self) -> dict[str, Any]:
        """What the page may draw now: `view_model()`, or while covered `public_model()`, or
        while the deck awaits its cut `cut_model()`."""
        ...

    def deal_check_model(
        self, shown: Any = None, seed: Any = None, cut: Any = None, number: int | None = None
    ) -> dict[str, Any]:
        """The check of a finished hand's fair deal (`rummy.fairdeal.check`), JSON-ready."""
        ...

    def save(self) -> dict[str, Any]:
        """A JSON-ready save, from which `restore` rebuilds this exact session."""
        ...

    def statistics(self) -> dict[str, Any]:
        """The people's statistics, JSON-ready (what `create` and `restore` take back)."""
        ...


def bad_code(code: Any) -> Refusal:
    """The refusal of a code that names no action of this game."""
    return Refusal("bad_code", {"code": str(code)}, f"{code!r} is not an action of this game.")


def person_code(code: Any, person: int) -> str | None:
    """The full action code of the person's move `code` ("discard 7S" -> "0 discard 7S"), or
    None when `code` is not a move in words: empty, not text, or starting with a seat (the
    page may not act for another seat)."""
    if not isinstance(code, str):
        return None
    words = code.split()
    if not words or words[0][0].isdigit():
        return None
    return f"{person} {code}"


class MatchSession:
    """The part of a session every card game shares, for a frozen dataclass with the fields
    `settings` (with a `seating`), `match`, `stats`, `revealed`, `seen`, `fair_deal` and
    `cutting`: the codes every game reads, refusals, covering the people's turns from one
    another, the cut of a fair deal, the save and the statistics, and the computer players'
    moves. A game's session names its match type, action parser and computer players
    (`make_agent`), says which rules the settings choose (`rules_for`, by default their
    `rules()`), what the page draws (`view_model` from `self.seat`, and `public_model`) and
    how a deck is dealt (`deck_model`)."""

    __slots__ = ()
    game: ClassVar[str]
    title: ClassVar[str]  # how messages name the game
    save_format: ClassVar[str]
    save_version: ClassVar[int] = 1
    settings_type: ClassVar[Any]  # a frozen dataclass checking its own values
    stats_type: ClassVar[type[CountedStats]]
    match_type: ClassVar[Any]  # the game's match: `start(rules, seed)`, `from_record(record)`
    review_module: ClassVar[Any] = None  # the game's review: its `judged_steps`

    settings: Any
    match: Any
    stats: CountedStats
    revealed: int | None  # the person on screen at a shared table (None: covered)
    seen: int | None  # the person last on screen, whom the cover of an ended hand follows
    fair_deal: bool  # each hand the person's to cut, once shown its commitment
    cutting: bool  # the hand in play awaits the cut: dealt, but none of it shown yet

    # ---- hooks ----------------------------------------------------------------------------

    @staticmethod
    def parse_action(code: str) -> Any:
        """A seat's action from its code (ValueError): the game's `parse_action`."""
        raise NotImplementedError

    @staticmethod
    def make_agent(name: str, seed: int) -> Any:
        """A computer player by level name and seed: the game's `make_agent`."""
        raise NotImplementedError

    @classmethod
    def chosen_rules(cls, rules: Any) -> Any:
        """A saved match's rules as its settings would choose them today (a rule the settings
        do not choose keeps the value the match was started with)."""
        return rules

    @classmethod
    def rules_for(cls, settings: Any) -> Any:
        """The rules of the match that `settings` choose (by default, their `rules()`)."""
        return settings.rules()

    def public_model(self) -> dict[str, Any]:
        """What the table shows everyone (the game's own facts: `public_facts`), with whose
        turn it is and which person the cover waits for: the page shows it on the cover, its
        screen "pass-device" (also once the hand is over: the next person taps to see how it
        ended from their seat)."""
        if self.cutting:
            return self.cut_model()
        hand = self.match.round
        return {
            "game": self.game,
            "screen": "pass-device",
            "settings": settings_record(self.settings),
            "seats": self.seating.model(),
            "to_move": None if hand.is_over else hand.to_move,
            "next_person": self.next_person,
            "deal": self.deal_model(),
            **self.public_facts(),
        }

    def cut_model(self) -> dict[str, Any]:
        """What the page draws while the deck awaits the cut, the same for everyone: the
        scores, and the deal's commitment (`deal_model`), never a card of the hand."""
        return {
            "game": self.game,
            "screen": "cut",
            "settings": settings_record(self.settings),
            "seats": self.seating.model(),
            "scores": list(self.match.scores),
            "hand": len(self.match.finished),
            "deal": self.deal_model(),
        }

    def deal_model(self, number: int | None = None) -> dict[str, Any]:
        """The fair deal of hand `number` (from 0; by default the one in play), JSON-ready:
        its `commitment`; its `cut` (None while the deck awaits it; 0: uncut); whether the cut
        was `fixed` (not the person's: uncut, as the daily deal, or a shared hand's); the
        person's cuts (`cuts`, lowest and highest); and once the hand is over its `seed` and
        the command that checks it (`verify`), both None before: the seed deals every hidden
        card."""
        match = self.match
        number = len(match.finished) if number is None else number
        hand, cut = match.rounds[number], match.cuts[number]
        seed = records.hand_seed(match.seed, number, match.first_deal)
        awaited = self.cutting and number == len(match.finished)
        dealer = getattr(hand, "dealer", None)
        verify = f"python -m rummy verify {seed} {cut} --game {self.game}"
        verify += f" --players {hand.players}" if self.game != "gin" else ""
        verify += f" --dealer {dealer}" if dealer is not None else ""
        return {
            "commitment": commitment(seed),
            "cut": None if awaited else cut,
            "fixed": not awaited
            and (cut == UNCUT or (number == 0 and match.first_deal is not None)),
            "cuts": [CUTS[0], CUTS[-1]],
            "seed": seed if hand.is_over else None,
            "verify": verify if hand.is_over else None,
        }

    def deal_check_model(
        self,
        shown: Any = None,
        seed: Any = None,
        cut: Any = None,
        number: int | None = None,
    ) -> dict[str, Any]:
        """The check of hand `number`'s deal once it is over (`rummy.fairdeal.check`): the
        commitment `shown` before the deal (the page keeps what it showed; by default the
        session's), and the seed and cut revealed (by default the session's), against the deal
        played, with the whole deck they deal. IllegalAction before the hand is over (its seed
        is secret), or for a seed or cut that is none."""
        match = self.match
        number = len(match.finished) if number is None else number
        if type(number) is not int or not 0 <= number < len(match.rounds):
            raise IllegalAction("There is no such hand.", "bad_request")
        hand = match.rounds[number]
        if not hand.is_over:
            raise IllegalAction("The deal is checked once the hand is over.", "hand_in_play")
        proof = self.deal_model(number)
        try:
            return check(
                proof["commitment"] if shown is None else shown,
                proof["seed"] if seed is None else seed,
                proof["cut"] if cut is None else cut,
                lambda shuffle: self.deck_model(hand.rules, getattr(hand, "dealer", 0), shuffle),
                dealt=hand.seed,
            )
        except ValueError as error:
            raise IllegalAction(str(error), "bad_proof") from None

    def public_facts(self) -> dict[str, Any]:
        """The game's public facts: counts, scores, the pile's top, the table, the move log."""
        raise NotImplementedError

    @classmethod
    def deck_model(cls, rules: Any, dealer: int, seed: int) -> dict[str, Any]:
        """The deck a hand under `rules` with `dealer` (a seat; Rummikub, where the deal decides
        who starts, has none and ignores it) is dealt from `seed` (the shuffle's: `cut_seed`),
        JSON-ready, as a deal is checked: each seat's hand as dealt, and the rest in the order
        it is drawn (the game's own words: the upcard and stock, or the pool)."""
        raise NotImplementedError

    @property
    def screen(self) -> str:
        """Which screen the page shows (the game's names; "pass-device" while covered)."""
        raise NotImplementedError

    def view_model(self) -> dict[str, Any]:
        """What the person on screen may see, as the page draws it (the game's own)."""
        raise NotImplementedError

    # ---- seats ----------------------------------------------------------------------------

    @property
    def seating(self) -> Seating:
        seating: Seating = self.settings.seating
        return seating

    @property
    def seat(self) -> int | None:
        """The seat whose view the page shows: the only person's, or at a shared table the
        person revealed (None: covered)."""
        seating = self.seating
        return self.revealed if seating.shared else seating.persons[0]

    @property
    def covered(self) -> bool:
        return self.seat is None

    @property
    def next_person(self) -> int | None:
        """The person the cover waits for: the person to move (None while a computer player
        moves); once the hand is over, the person after the one last on screen (each sees how
        it ended in turn, `pass_on`), or after the last to move."""
        hand, seating = self.match.round, self.seating
        if not hand.is_over:
            return hand.to_move if seating.is_person(hand.to_move) else None
        last = self.seen if self.seen is not None else hand.actions[-1].seat if hand.actions else -1
        later = [seat for seat in seating.persons if seat > last]
        return (later or list(seating.persons))[0]

    def covering(self: MS) -> MS:
        """This session with the cover drawn at a shared table once the turn has left the
        person on screen (or the hand has ended without them)."""
        seat = self.revealed
        if seat is None or not self.seating.shared:
            return self
        hand = self.match.round
        if hand.is_over:
            last = hand.actions[-1].seat if hand.actions else None
            if last == seat:
                return self  # who ended the hand sees how it ended
        elif hand.to_move == seat:
            return self
        return replace(self, revealed=None, seen=seat)  # type: ignore[type-var]

    def pass_on(self: MS) -> MS:
        """The device passed on once the hand is over at a table people share: covered, for
        the next person to see how it ended from their own seat (and review it)."""
        if not self.seating.shared:
            raise IllegalAction("Nobody shares this table.", "not_shared")
        if not self.match.round.is_over:
            raise IllegalAction("The hand is still being played.", "hand_in_play")
        seat = self.on_screen()
        return replace(self, revealed=None, seen=seat)  # type: ignore[type-var]

    def reveal(self: MS) -> MS:
        """Uncover the table for the person the cover waits for (IllegalAction when there is
        none: nothing is covered, or a computer player is still to move)."""
        if not self.covered:
            raise IllegalAction("Nothing is covered.", "not_covered")
        person = self.next_person
        if person is None:
            raise IllegalAction("A computer player is still to move.", "not_your_turn")
        return replace(self, revealed=person)  # type: ignore[type-var]

    def shown_model(self) -> dict[str, Any]:
        if self.cutting:
            return self.cut_model()
        return self.public_model() if self.covered else self.view_model()

    def on_screen(self) -> int:
        """The seat of the person on screen (IllegalAction while covered, or while the deck
        awaits its cut: nobody's cards are shown before the deal)."""
        if self.cutting:
            raise IllegalAction("The deck awaits its cut.", "cut_first")
        seat = self.seat
        if seat is None:
            raise IllegalAction("Whose turn it is is covered: reveal it first.", "covered")
        return seat

    def computer_action(self) -> Any:
        """The next action of the computer player to move, at its seat's level, from its own
        view only. Its seed depends on the position alone, so a restored game plays on exactly
        as it would have."""
        hand = self.match.round
        if hand.is_over or self.seating.is_person(hand.to_move):
            raise IllegalAction("It is not a computer player's turn.", "not_your_turn")
        agent = self.make_agent(self.seating.level(hand.to_move), decision_seed(self.match))
        return agent.act(self.match.view(hand.to_move))

    def seen_model(self, view: Any) -> dict[str, Any]:
        """What the person saw at a decision of the review (their view then), JSON-ready."""
        return {}

    def review_model(
        self, first: int = 0, count: int = REVIEW_SLICE, seat: int | None = None
    ) -> dict[str, Any]:
        """A slice of the review of the hand just finished for a person's `seat` (by default
        the person on screen; at a shared table the page covers the table before it asks): up
        to `count` of their decisions from action `first` on, each with what they saw then,
        and `next`, where the next slice starts (None once the review is whole). In slices, so
        the worker answers between them and the page can leave the review at any time. With
        the hand's fair deal (`deal`)."""
        hand = self.match.round
        if self.review_module is None:
            raise IllegalAction(f"{self.title} hands are not reviewed.", "no_review")
        if not hand.is_over:
            raise IllegalAction("The hand is still being played.", "hand_in_play")
        if (
            type(first) is not int
            or type(count) is not int
            or first < 0
            or not 0 < count <= REVIEW_SLICE_MAX
        ):
            raise IllegalAction("A review slice is a start and a count.", "bad_request")
        if seat is None:
            seat = self.on_screen()
        if type(seat) is not int or seat not in self.seating.persons:
            raise IllegalAction("Only a person's hand is reviewed.", "bad_request")
        taken = list(islice(self.review_module.judged_steps(hand, seat, first=first), count))
        return {
            "seat": seat,
            "decisions": [self.decision_model(decision, view) for decision, view in taken],
            "next": taken[-1][0].index + 1 if len(taken) == count else None,
            "won": hand.result.winner == seat,  # the summary's words differ
            "deal": self.deal_model(),  # the proof of the hand reviewed, its seed revealed
        }

    def decision_model(self, decision: Decision, view: Any) -> dict[str, Any]:
        """A decision of the review as the page shows it: the decision, what the person saw
        then, and each option with what `ranking_model` says of it."""
        model = {**decision_dict(decision), "seen": self.seen_model(view)}
        moves = [option.move for option in decision.options]
        for option, more in zip(
            model["options"], self.ranking_model(moves, decision.move), strict=True
        ):
            option.update(more)
        return model

    def ranking_model(self, moves: list[str], made: str) -> list[dict[str, Any]]:
        """For each option of a decision's ranking (its codes, best first; `made` the move
        made), what the page needs beyond its code: whether the ranking shown names it (the
        best few, and always the move made: `rummy.review.shown`)."""
        named = shown(len(moves), keep=[moves.index(made)])
        return [{"shown": place in named} for place in range(len(moves))]

    # ---- the match, from the settings ----------------------------------------------------

    @classmethod
    def start_match(cls, settings: Any, seed: int, cut: int) -> Any:
        return cls.match_type.start(cls.rules_for(settings), seed, cut=cut)

    @classmethod
    def replay_match(cls, record: Any, settings: Any) -> Any:
        """The saved match; ValueError if it is broken or does not follow `settings`."""
        match = cls.match_type.from_record(record)
        if cls.chosen_rules(match.rules) != cls.rules_for(settings):
            raise ValueError(f"the saved {cls.title} match does not follow its saved settings")
        return match

    # ---- the protocol ---------------------------------------------------------------------

    @classmethod
    def create(
        cls: type[MS],
        settings: Any,
        seed: int,
        stats: Any = None,
        *,
        fair_deal: bool = False,
        cut: int | None = None,
    ) -> MS:
        """A new match (see `Session.create`). With `fair_deal`, each hand awaits the person's
        cut, the first one too unless its `cut` is fixed (the daily deal's: 0, uncut)."""
        settings = cls.settings_of(settings)
        if type(seed) is not int:
            raise ValueError(f"a seed is an integer, not {seed!r}")
        match = cls.start_match(settings, seed, UNCUT if cut is None else cut)
        return cls.seated(settings, match, stats, fair_deal, fair_deal and cut is None)

    @classmethod
    def of_deal(
        cls: type[MS],
        settings: Any,
        seed: int,
        dealer: int | None,
        stats: Any = None,
        *,
        cut: int = UNCUT,
        fair_deal: bool = False,
    ) -> MS:
        """A new match whose first hand is dealt from a hand's own `seed`, `cut` and `dealer`
        (None in Rummikub, where the deal decides who starts), with the `settings` it was
        played under: a shared hand's deal, played again against the same computer level. The
        hands after it are dealt from a seed derived from the deal's (each awaiting the
        person's cut, with `fair_deal`)."""
        settings = cls.settings_of(settings)
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise ValueError(f"a deal's seed is a 64-bit whole number, not {seed!r}")
        match = cls.match_type.start(
            cls.rules_for(settings), derive_seed(seed, DEAL_MATCH), dealer, seed, cut
        )
        return cls.seated(settings, match, stats, fair_deal)

    @classmethod
    def restore(cls: type[MS], save: Any, stats: Any = None) -> MS:
        record = check_save(save, cls.save_format, cls.save_version, cls.title)
        try:
            settings = cls.settings_type.from_dict(record.get("settings"))
            match = cls.replay_match(record.get("match"), settings)
        except (TypeError, KeyError, AttributeError, RecursionError) as error:
            raise ValueError(f"the saved {cls.title} match is damaged: {error!r}") from None
        fair_deal, cutting = record.get("fair_deal", False), record.get("cutting", False)
        if type(fair_deal) is not bool or type(cutting) is not bool:
            raise ValueError(f"the saved {cls.title} match's fair deal is not true or false")
        if cutting and not (fair_deal and match.cuts[-1] == UNCUT and not match.round.actions):
            raise ValueError(f"the saved {cls.title} match's cut does not await a deal")
        return cls.seated(settings, match, stats, fair_deal, cutting)

    @classmethod
    def settings_of(cls, settings: Any) -> Any:
        """The game's settings, read from a dict as the start screen sends it (ValueError)."""
        return (
            settings
            if isinstance(settings, cls.settings_type)
            else cls.settings_type.from_dict(settings)
        )

    @classmethod
    def seated(
        cls: type[MS],
        settings: Any,
        match: Any,
        stats: Any,
        fair_deal: bool = False,
        cutting: bool = False,
    ) -> MS:
        """The session at `match`, counting on from the people's statistics (None: none yet);
        at a table people share, covered; with `fair_deal` each next hand awaits its cut, and
        `cutting` the one in play does."""
        stats = cls.stats_type() if stats is None else stats
        seating = settings.seating
        counted = stats.counted(match, seating)
        session = cls(settings, match, counted, None, None, fair_deal, cutting)  # type: ignore[call-arg]
        if seating.shared:
            return session
        return replace(session, revealed=seating.persons[0])  # type: ignore[type-var]

    def act(self: MS, code: Any) -> MS | Refusal:
        try:
            if self.cutting or (isinstance(code, str) and code.split()[:1] == [CUT]):
                return self.cut(code)
            if code == COMPUTER_MOVE:
                return self.played(self.computer_action())
            if code == NEXT_HAND:
                return replace(  # type: ignore[type-var]
                    self.with_match(self.match.next_round()), cutting=self.fair_deal
                )
            if code == REMATCH:
                if not self.match.is_over:
                    raise IllegalAction("The match is still being played.", "match_in_play")
                seed = rematch_seed(self.match)
                return self.create(self.settings, seed, self.stats, fair_deal=self.fair_deal)
            if code == REVEAL:
                return self.reveal()
            if code == PASS_ON:
                return self.pass_on()
            full = person_code(code, self.seat or 0)
            if full is None:
                return bad_code(code)
            try:
                action = self.parse_action(full)
            except ValueError:
                return bad_code(code)
            seat = self.on_screen()  # a move is only ever the person's on screen
            hand = self.match.round
            if not hand.is_over and hand.to_move != seat:
                raise IllegalAction("It is not your turn.", "not_your_turn")
            return self.played(action)
        except IllegalAction as error:
            return Refusal.of(error)

    def cut(self: MS, code: Any) -> MS:
        """The hand in play dealt with the person's cut, "cut N" (N in CUTS): the only code
        taken while the deck awaits it. IllegalAction `cut_first` for any other code then,
        `no_cut` when no deal awaits a cut, `bad_cut` for a cut that is not one of CUTS."""
        words = code.split() if isinstance(code, str) else []
        if not self.cutting:
            raise IllegalAction("Only a deal that awaits its cut is cut.", "no_cut")
        if not words or words[0] != CUT:
            raise IllegalAction("Cut the deck first.", "cut_first")
        cut = person_cut(words[1] if len(words) == 2 else " ".join(words[1:]))
        return replace(self.with_match(self.match.cut(cut)), cutting=False)  # type: ignore[type-var]

    def played(self: MS, action: Any) -> MS:
        """The session after `action` of any seat (IllegalAction if the rules refuse it)."""
        return self.with_match(self.match.apply(action))

    def with_match(self: MS, match: Any) -> MS:
        counted = self.stats.counted(match, self.seating)
        return replace(self, match=match, stats=counted).covering()  # type: ignore[type-var]

    def save(self) -> dict[str, Any]:
        """The save (see `Session.save`); `fair_deal` and `cutting` only when true, so the
        saves of sessions without fair deals stay as they were."""
        save = {
            "format": self.save_format,
            "version": self.save_version,
            "settings": settings_record(self.settings),
            "match": self.match.to_record(),
        }
        save.update({key: True for key in ("fair_deal", "cutting") if getattr(self, key)})
        return save

    def statistics(self) -> dict[str, Any]:
        return self.stats.as_dict()


MS = TypeVar("MS", bound=MatchSession)


def house_rules(settings: Any) -> dict[str, Any]:
    """The house rules of `settings` that are not at their defaults (its fields marked
    `records.HOUSE_RULE`), by name, in field order: what a link and the table name."""
    return {
        option.name: getattr(settings, option.name)
        for option in fields(settings)
        if option.metadata.get("house_rule") and getattr(settings, option.name) != option.default
    }


def settings_record(settings: Any) -> dict[str, Any]:
    """Settings as a save and the page keep them: one person's settings without seats, as they
    were before tables could be shared, and without the house rules at their defaults, as they
    were before those existed (so those saves stay byte for byte)."""
    record = asdict(settings)
    kept = house_rules(settings)
    for option in fields(settings):
        if option.metadata.get("house_rule") and option.name not in kept:
            del record[option.name]
    if not record.get("seats"):
        record.pop("seats", None)
        if not any(record.get("names", ())):
            record.pop("names", None)
    for key in ("seats", "names"):
        if key in record:
            record[key] = list(record[key])
    return record


def check_save(record: Any, save_format: str, version: int, game: str) -> Mapping[str, Any]:
    """The record if it is a save of `save_format` at `version`; ValueError saying what is wrong
    (a corrupted save, or another game's)."""
    if not isinstance(record, Mapping) or record.get("format") != save_format:
        raise ValueError(f"this is not a saved Rummy Table {game} game")
    if record.get("version") != version:
        raise ValueError(f"the save is of version {record.get('version')!r}, not {version}")
    return record


def settings_from_dict(cls: type[T], data: Any) -> T:
    """Settings of dataclass `cls` from a save, the start screen or a link: missing keys take
    their defaults, and the class's own checks refuse bad values; an unknown key is refused by
    name (ValueError), since a house rule misspelt would otherwise be played without."""
    if not isinstance(data, Mapping):
        raise ValueError("the settings are not an object")
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise ValueError(f"unknown setting {', '.join(unknown)}")
    try:
        return cls(**data)
    except TypeError as error:  # e.g. a value of the wrong type reaching a comparison
        raise ValueError(f"the settings are not valid: {error}") from None


S = TypeVar("S", bound="CountedStats")
BOOKKEEPING = ("match_seed", "hands_counted", "match_counted", "people")


@dataclass(frozen=True, slots=True)
class CountedStats:
    """The statistics kept on this device over every match, the part every game shares: which
    match is being counted and how far. A game's `Stats` adds its counts and says what a
    finished hand (`with_hand`) and a finished match (`with_match`) add to a seat's.

    Each person's are kept under their name: the figures of this object are those of the
    person with no name (the one person against the computer, as before names), and `people`
    holds each named person's, by name.

    Counting is idempotent: `count(match, seat)` adds only the hands of that match not counted
    yet, and the match once it is over, so a reload never counts a hand twice; another match's
    seed starts its count afresh."""

    match_seed: int | None = None  # the match being counted
    hands_counted: int = 0  # of that match
    match_counted: bool = False
    people: tuple[tuple[str, CountedStats], ...] = ()  # each named person's, by name

    def with_hand(self: S, result: Any, seat: int) -> S:
        raise NotImplementedError

    def with_match(self: S, match: Any, seat: int) -> S:
        raise NotImplementedError

    def count(self: S, match: Any, seat: int = 0) -> S:
        """These statistics with the hands of `match` that seat `seat` played counted in."""
        stats = self
        if stats.match_seed != match.seed:
            stats = replace(stats, match_seed=match.seed, hands_counted=0, match_counted=False)
        results = [hand.result for hand in match.rounds if hand.result is not None]
        for result in results[stats.hands_counted :]:
            stats = stats.with_hand(result, seat)
        stats = replace(stats, hands_counted=len(results))
        if match.is_over and not stats.match_counted:
            stats = replace(stats.with_match(match, seat), match_counted=True)
        return stats

    def counted(self: S, match: Any, seating: Seating) -> S:
        """Every person's statistics with `match` counted in, each under their name."""
        stats = self
        for seat in seating.persons:
            name = seating.names[seat]
            if name:
                stats = stats.with_person(name, stats.of(name).count(match, seat))
            else:
                stats = stats.count(match, seat)
        return stats

    def of(self: S, name: str) -> S:
        """The statistics of the person called `name` ("": the person with no name)."""
        if not name:
            return replace(self, people=())
        return dict(self.people).get(name) or type(self)()  # type: ignore[return-value]

    def with_person(self: S, name: str, stats: S) -> S:
        people = dict(self.people)
        people[name] = replace(stats, people=())
        return replace(self, people=tuple(sorted(people.items())))

    def names(self) -> list[str]:
        """The named people with statistics here."""
        return [name for name, _ in self.people]

    def figures(self, name: str = "") -> list[tuple[str, int]]:
        """The counts the statistics sheet shows of the person called `name`, by statistic, in
        the order they are declared."""
        stats = self.of(name)
        return [
            (f.name, getattr(stats, f.name)) for f in fields(stats) if f.name not in BOOKKEEPING
        ]

    def as_dict(self) -> dict[str, Any]:
        record = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "people"}
        if self.people:
            record["people"] = {name: stats.as_dict() for name, stats in self.people}
        return record

    @classmethod
    def from_dict(cls: type[S], data: Any) -> S:
        """Statistics from a save: counts are integers from 0, `match_seed` an integer or None,
        `match_counted` a boolean, `people` an object of each named person's; missing ones
        take their defaults, unknown keys are ignored, anything else is a ValueError naming the
        statistic. None is no statistics yet."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ValueError("the statistics are not an object")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "people":
                if not isinstance(value, Mapping):
                    raise ValueError(f"the statistics' people are not an object: {value!r}")
                people = []
                for name, stats in value.items():
                    if not name or clean_name(name) != name:
                        raise ValueError(f"the statistics of {name!r} are under no valid name")
                    people.append((name, replace(cls.from_dict(stats), people=())))
                values["people"] = tuple(sorted(people))
                continue
            if f.name == "match_seed":
                ok = value is None or type(value) is int
            elif f.name == "match_counted":
                ok = type(value) is bool
            else:
                ok = type(value) is int and value >= 0
            if not ok:
                raise ValueError(f"the statistic {f.name!r} is not valid: {value!r}")
            values[f.name] = value
        return cls(**values)


@dataclass(frozen=True, slots=True)
class GameStats(CountedStats):
    """The statistics of a game of several hands won by the highest total (Basic Rummy,
    Rummikub): games played, won (alone or shared) and the best final total of a game won. A
    game's `Stats` adds what its hands count (`with_hand`)."""

    games: int = 0
    games_won: int = 0  # alone or shared: the person had the highest total
    best_game: int = 0  # highest final total of a game the person won

    def with_match(self: G, match: Any, seat: int) -> G:
        won = seat in match.winners
        return replace(
            self,
            games=self.games + 1,
            games_won=self.games_won + won,
            best_game=max(self.best_game, match.scores[seat] if won else 0),
        )


G = TypeVar("G", bound=GameStats)


def decision_seed(match: Match[Any, Any]) -> int:
    """The seed of the next computer decision, from the position alone (the game's seed, the
    hand number, the actions so far), so a restored game plays on exactly as it would have."""
    return derive_seed(match.seed, len(match.finished), len(match.round.actions))


def rematch_seed(match: Match[Any, Any]) -> int:
    """The seed of the match after this one: derived, so a session stays deterministic."""
    return derive_seed(match.seed, 1 << 40, len(match.finished))


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def card_deck(hand: Any) -> dict[str, Any]:
    """The deck of a card game's hand just dealt (gin, Basic Rummy), as a deal is checked:
    the dealer, each seat's hand, the upcard, and the stock in the order it is drawn."""
    return {
        "dealer": hand.dealer,
        "hands": [codes(cards) for cards in hand.hands],
        "upcard": hand.upcard.code,
        "stock": codes(hand.stock),
    }


def last_move(log: list[dict[str, Any]], draws: Collection[str]) -> dict[str, Any] | None:
    """The move log's last entry, with `drew`: the log's entry of the draw (one of `draws`)
    that began the same player's turn, or None when the move is that draw or came before it.
    The page tells a computer's whole turn from it, so a card taken from the pile is never
    missed ("The computer took your discard 9D and discarded 8S")."""
    if not log:
        return None
    last = log[-1]
    drew = None
    for entry in reversed(log[:-1]):
        if entry["by"] != last["by"]:
            break
        if entry["move"] in draws:
            drew = entry
            break
    return {**last, "drew": drew}


def grouped(cards: Iterable[Card], ace_high: bool = False) -> tuple[tuple[Card, ...], ...]:
    """A hand as shown by default: each meld of a least-deadwood arrangement (`ace_high`: the
    rules' ace, as the melds take it), then the deadwood cards, low to high."""
    arrangement = best_arrangement(cards, ace_high)
    groups = tuple(meld.cards for meld in arrangement.melds)
    loose = tuple(sorted(arrangement.deadwood_cards, key=lambda c: (c.rank, c.suit)))
    return groups + ((loose,) if loose else ())


def sorted_by(cards: Iterable[Card], key: str) -> tuple[Card, ...]:
    """A hand sorted by "suit" (then rank) or by "rank" (then suit)."""
    if key == "suit":
        return tuple(sorted(cards, key=lambda c: (SUITS.index(c.suit), c.rank)))
    if key == "rank":
        return tuple(sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit))))
    raise ValueError(f"sort by 'suit' or 'rank', not {key!r}")


def arrangements(cards: Iterable[Card], ace_high: bool = False) -> dict[str, list[list[str]]]:
    """The ways the page may show a hand, each a list of groups of card codes: "melds" (the
    melds of a least-deadwood arrangement under the rules' ace, then the rest), "suit" and
    "rank" (one group)."""
    cards = tuple(cards)
    return {
        "melds": [codes(group) for group in grouped(cards, ace_high)],
        "suit": [codes(sorted_by(cards, "suit"))],
        "rank": [codes(sorted_by(cards, "rank"))],
    }
