"""A shared hand: one hand of any game as a link's fragment, and the checks such a link passes.

A link holds what deals the same hand again and replays it: the game, the settings of the
session it was played in (the computer players' level included, so the receiver can play the
same deal against the same level), the hand's own seed and dealer (so a hand from the middle
of a match can be shared), and its action codes. `encode` writes it as "r1." then base64url of
a compact binary form; `decode` reads one back.

A link is untrusted input. `decode` checks its size before anything else, reads it strictly
(base64 in its one canonical spelling), checks a CRC-32 of its contents (a changed character
is refused, unless it changed only the padding bits that end a deflate stream, which leaves the
same hand), and replays every action through the game's own `apply`, so a link can only
ever describe a hand the rules allow. Whatever it is given, it returns a `SharedHand` or raises
`LinkError`, whose `reason` the page translates. Nothing here reads or writes a save.

Binary form of version 1 (`payload`): a game byte; the settings' values in the order of
`_Game.fields`, each tagged (None, False, True, an unsigned LEB128 integer, or a short ASCII
string); the seed as 8 bytes, big-endian; the dealer as a byte (not in Rummikub, where the deal
decides who starts); then the actions, each a token naming seat and verb followed by a token
per further word of its code (a card, a tile, "|" or a meld number). The link's bytes are a
mode byte (0: the payload as is, 1: raw deflate of it, used when shorter), the payload's
CRC-32, then the body. Changing any of this needs a new version tag.

Version 2 ("r2"), for a hand of a table with seats (`rummy.seats`): the same, with the seats
after the settings' values, as one short text ("hard,person,easy"): the sharer's seat the one
person, every other a computer level. A link never holds a name; at a table people shared,
the other people's seats become computer players at the settings' level, so whoever opens the
link plays the deal again from the sharer's seat. A hand of one person at seat 0 against
computer players of one level is still written as version 1, byte for byte as before.

Version 3 ("r3"), for a hand played under house rules (the settings' fields marked
`records.HOUSE_RULE` that are not at their defaults): the settings' values, then the seats
(None when there are none), then the number of house rules and each as its name (a short text)
and its value, in the settings' order; the rest as version 1. A rule the site does not know is
refused by name (`unknown_rule`), a value it does not allow too (`bad_rule`). Its actions'
tokens count the verbs only house rules have too (`HOUSE_VERBS`: "biggin"), so versions 1 and
2 keep theirs. A hand under today's default rules is written as version 1 or 2, byte for byte
as before.

Version 4 ("r4"), for a hand whose deck was cut (`rummy.fairdeal`), so that the link carries
the deal's proof: the hand's own seed is then the one committed to before the deal, and the
cut follows it. The layout of version 3 (its house rules may be none), with the cut as an
unsigned LEB128 integer after the seed; its tokens are version 3's. An uncut hand is written
as version 1, 2 or 3, byte for byte as before.
"""

from __future__ import annotations

import base64
import importlib
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property
from typing import Any

from . import records
from .cards import DECK
from .errors import IllegalAction
from .fairdeal import CUTS, UNCUT, cut_seed
from .rummikub.tiles import COLOURS, JOKER, Tile
from .seats import PERSON
from .sessions import house_rules, settings_record

VERSION = "r1"
SEATED = "r2"  # a link with seats
HOUSE = "r3"  # a link with house rules (and seats or none)
CUT = "r4"  # a link of a hand whose deck was cut (house rules and seats, or none)
SEATS = "seats"  # the field version 2 adds
MAX_LINK = 4096  # characters of a fragment; checked before anything else is read
MAX_PAYLOAD = 1 << 15  # bytes a link may inflate to (a long Rummikub round is ~10 KiB)
_TAG = re.compile(r"r[0-9]{1,6}")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")

MESSAGES = {
    "too_long": "The link is too long to be a shared hand.",
    "malformed": "The link is not a shared hand: it may have been cut or changed.",
    "damaged": "The link was changed or cut: its check does not match.",
    "unknown_version": "The link was made by another version of Rummy Table.",
    "unknown_game": "The link is of a game this site does not have.",
    "bad_settings": "The link's game settings are not valid.",
    "unknown_rule": "The link was played under a house rule this site does not know: {rule}.",
    "bad_rule": "The link's house rule {rule} has a value this site does not allow.",
    "bad_deal": "The link's deal is not valid.",
    "illegal_action": (
        "The link holds a move the rules do not allow (move {index}, counting from 0)."
    ),
}


class LinkError(ValueError):
    """A link refused; `reason` is a stable code (a key of MESSAGES) a translated page keys
    on, `params` the values its message names."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(MESSAGES[reason].format(**params))
        self.reason = reason
        self.params = params


# ---- the games ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Game:
    """What a link needs of a game: its session (settings, `rules_for`, `of_deal`,
    `parse_action`), how its actions are coded, and its settings' fields in link order."""

    name: str
    code: int
    session: Any
    action_code: Callable[[Any], str]
    fields: tuple[str, ...]
    has_dealer: bool


_MODULES = {  # game: (session module, session class, link fields)
    "gin": ("gin.session", "GinSession", ("rules", "target", "level")),
    "basic": ("basic.session", "BasicSession", ("opponents", "hands", "target", "level")),
    "rummikub": (
        "rummikub.session",
        "RummikubSession",
        ("opponents", "level", "initial_meld", "rounds", "target", "timer"),
    ),
}
GAMES = tuple(_MODULES)  # a game's byte in a link is its index here


@cache
def _game(name: str) -> _Game:
    """A game's link description, importing the game only when a link of it is read."""
    if name not in _MODULES:
        raise ValueError(f"unknown game {name!r}: one of {', '.join(GAMES)}")
    session_module, session_name, link_fields = _MODULES[name]
    session = getattr(importlib.import_module(f"rummy.{session_module}"), session_name)
    actions = importlib.import_module(f"rummy.{name}.actions")
    return _Game(
        name, GAMES.index(name), session, actions.action_code, link_fields, name != "rummikub"
    )


# ---- the shared hand ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SharedHand:
    """One hand as a link holds it. `settings` are the game's session settings, `seed` and
    `dealer` the hand's own (`hand.seed` before its `cut`, `hand.dealer`; None in Rummikub),
    `actions` its action codes in order, and `cut` its deck's cut (0: uncut)."""

    game: str
    settings: Any
    seed: int
    dealer: int | None
    actions: tuple[str, ...]
    cut: int = UNCUT

    def __post_init__(self) -> None:
        game = _game(self.game)
        if not isinstance(self.settings, game.session.settings_type):
            raise ValueError(
                f"settings of a {self.game} hand are {game.session.settings_type.__name__}"
            )
        if type(self.seed) is not int or not 0 <= self.seed < 1 << 64:
            raise ValueError(f"a hand's seed is a 64-bit whole number, not {self.seed!r}")
        if game.has_dealer != (self.dealer is not None):
            raise ValueError(f"a {self.game} hand {'has' if game.has_dealer else 'has no'} dealer")
        if not isinstance(self.actions, tuple) or not all(
            isinstance(code, str) for code in self.actions
        ):
            raise ValueError("a hand's actions are a tuple of action codes")
        cut_seed(self.seed, self.cut)  # a cut of 0-999

    @property
    def rules(self) -> Any:
        return _game(self.game).session.rules_for(self.settings)


def of_hand(
    game: str, settings: Any, hand: Any, seat: int = 0, seed: int | None = None, cut: int = UNCUT
) -> SharedHand:
    """The shared form of `hand` (finished or not) of a `game` session with `settings`, from a
    person's `seat` (`sharer_settings`); `seed` and `cut` are the hand's own seed and cut when
    its deck was cut (by default: uncut, its seed `hand.seed`). ValueError if the hand was not
    played under the rules those settings choose, or was not dealt from that seed and cut."""
    described = _game(game)
    if hand.rules != described.session.rules_for(settings):
        raise ValueError("the hand was not played under the rules of these settings")
    seed = hand.seed if seed is None else seed
    if cut_seed(seed, cut) != hand.seed:
        raise ValueError("the hand was not dealt from this seed and cut")
    dealer = hand.dealer if described.has_dealer else None
    return SharedHand(
        game,
        sharer_settings(settings, seat),
        seed,
        dealer,
        tuple(described.action_code(a) for a in hand.actions),
        cut,
    )


def sharer_settings(settings: Any, seat: int) -> Any:
    """The settings a link holds of a hand shared from a person's `seat`: no names, the sharer
    the one person, the other people's seats computer players at the settings' level; without
    seats when that is one person at seat 0 against computer players of that level."""
    seating = settings.seating
    if type(seat) is not int or not 0 <= seat < seating.players or not seating.is_person(seat):
        raise ValueError(f"seat {seat} is a computer player's: only a person shares a hand")
    kinds = tuple(
        PERSON if s == seat else settings.level if seating.is_person(s) else kind
        for s, kind in enumerate(seating.kinds)
    )
    if seat == 0 and all(kind == settings.level for kind in kinds[1:]):
        kinds = ()
    return replace(settings, seats=kinds, names=())


def share(session: Any, number: int | None = None, seat: int | None = None) -> SharedHand:
    """Hand `number` (0: the first; None: the one in play or just ended) of a session, from a
    person's `seat` (by default the one on screen, else the first person), with its seed and
    cut. IllegalAction `cut_first` while the deck awaits its cut: the seed is still secret."""
    if session.cutting:
        raise IllegalAction("The deck awaits its cut.", "cut_first")
    match = session.match
    number = len(match.finished) if number is None else number
    if seat is None:
        seat = session.seat if session.seat is not None else session.seating.persons[0]
    seed = records.hand_seed(match.seed, number, match.first_deal)
    hand = match.rounds[number]
    return of_hand(session.game, session.settings, hand, seat, seed, match.cuts[number])


def deal_session(shared: SharedHand, stats: Any = None, fair_deal: bool = False) -> Any:
    """A new match of the shared hand's game and settings whose first hand is dealt as the
    shared one was, cut as it was: the receiver plays the same deal against the same computer
    level (`Session.of_deal`), counting on from their statistics `stats` (with `fair_deal`,
    the hands after it await the receiver's cut). ValueError if the deal is not one the game
    can deal."""
    return _game(shared.game).session.of_deal(
        shared.settings, shared.seed, shared.dealer, stats, cut=shared.cut, fair_deal=fair_deal
    )


def played(shared: SharedHand) -> tuple[Any, ...]:
    """The shared hand played again in a session of its own (statistics of its own, never the
    person's): as dealt, then after each action. LinkError `bad_deal`, or `illegal_action`
    naming the first action the rules refuse (its `index`, from 0)."""
    game = _game(shared.game)
    try:
        session = deal_session(shared)
    except ValueError:
        raise LinkError("bad_deal") from None
    seen = [session]
    for index, code in enumerate(shared.actions):
        try:
            session = session.played(game.session.parse_action(code))
        except IllegalAction as error:
            raise LinkError("illegal_action", index=index, code=code, why=error.reason) from None
        except ValueError:  # the code names no action of the game
            raise LinkError("illegal_action", index=index, code=code, why="bad_code") from None
        seen.append(session)
    return tuple(seen)


def states(shared: SharedHand) -> tuple[Any, ...]:
    """The hand as dealt, then after each action, for watching it step by step (LinkError as
    `played`)."""
    return tuple(session.match.round for session in played(shared))


def replay(shared: SharedHand) -> Any:
    """The hand after its last action (LinkError as `played`)."""
    return states(shared)[-1]


def replay_model(shared: SharedHand, sessions: tuple[Any, ...]) -> dict[str, Any]:
    """The shared hand as the page replays it, JSON-ready, from its `played` sessions: its
    game and settings; each step (the hand as dealt, then each move) with the move's code and
    what the sharer's seat saw after it (`Session.seen_model`, the review's: the computer's
    cards only where the hand revealed them); and the table at the end (`view`, the session's
    view model)."""
    person = sessions[0].seat
    moves = (None,) + shared.actions
    steps = [
        {"move": move, "seen": session.seen_model(session.match.view(person))}
        for move, session in zip(moves, sessions, strict=True)
    ]
    return {
        "game": shared.game,
        "settings": settings_record(shared.settings),
        "steps": steps,
        "view": sessions[-1].view_model(),  # with the deal's proof (`deal`)
    }


# ---- words of action codes as bytes ---------------------------------------------------------

VERBS = (
    "take",
    "pass",
    "stock",
    "pile",
    "discard",
    "knock",
    "meld",
    "layoff",
    "draw",
    "timeout",
    "play",
)
# The verbs only house rules have, which only version 3 can hold: versions 1 and 2 keep their
# tokens as they were.
HOUSE_VERBS = VERBS + ("biggin",)
MAX_SEATS = 6
_CARDS_AND_TILES: tuple[str, ...] = (
    tuple(card.code for card in DECK)
    + tuple(Tile(colour, number).code for colour in COLOURS for number in range(1, 14))
    + (JOKER.code, "|")
)


@dataclass(frozen=True)
class _Tokens:
    """A link version's bytes for the words of action codes: a token below `first_word` is
    "<seat> <verb>", starting an action; the others are its further words (a card, a tile,
    "|", or a meld number 0.., which take the tokens left)."""

    verbs: tuple[str, ...]

    @cached_property
    def first_word(self) -> int:
        return MAX_SEATS * len(self.verbs)

    @cached_property
    def words(self) -> tuple[str, ...]:
        numbers = 256 - self.first_word - len(_CARDS_AND_TILES)
        return _CARDS_AND_TILES + tuple(str(n) for n in range(numbers))

    @cached_property
    def token(self) -> dict[str, int]:
        return {word: self.first_word + i for i, word in enumerate(self.words)}

    def encode(self, code: str) -> bytes:
        try:
            seat, verb, *words = code.split()
            if not 0 <= int(seat) < MAX_SEATS:
                raise ValueError(seat)
            token = self.token
            return bytes(
                [int(seat) * len(self.verbs) + self.verbs.index(verb)]
                + [token[word] for word in words]
            )
        except (KeyError, ValueError):
            raise ValueError(f"{code!r} has a word a link cannot hold") from None

    def decode(self, data: bytes) -> tuple[str, ...]:
        codes: list[list[str]] = []
        words = self.words
        for token in data:
            if token < self.first_word:
                seat, verb = divmod(token, len(self.verbs))
                codes.append([str(seat), self.verbs[verb]])
            elif not codes:
                raise LinkError("malformed")
            else:
                codes[-1].append(words[token - self.first_word])
        return tuple(" ".join(words) for words in codes)


_TOKENS = {
    VERSION: _Tokens(VERBS),
    SEATED: _Tokens(VERBS),
    HOUSE: _Tokens(HOUSE_VERBS),
    CUT: _Tokens(HOUSE_VERBS),
}


# ---- settings values as bytes ---------------------------------------------------------------

_NONE, _FALSE, _TRUE, _INT, _TEXT = range(5)


def _put_uint(out: bytearray, value: int) -> None:
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return


def _put_value(out: bytearray, value: Any) -> None:
    if value is None or type(value) is bool:
        out.append({None: _NONE, False: _FALSE, True: _TRUE}[value])
    elif type(value) is int and value >= 0:
        out.append(_INT)
        _put_uint(out, value)
    elif isinstance(value, str) and value.isascii() and len(value) < 64:
        out += bytes([_TEXT, len(value)]) + value.encode("ascii")
    else:
        raise ValueError(f"a link cannot hold the setting {value!r}")


class _Reader:
    """Reads a payload front to back; running out of bytes is a malformed link."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise LinkError("malformed")
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def uint(self) -> int:
        value = 0
        for shift in range(0, 70, 7):
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
        raise LinkError("malformed")

    def value(self) -> Any:
        tag = self.byte()
        if tag in (_NONE, _FALSE, _TRUE):
            return (None, False, True)[tag]
        if tag == _INT:
            return self.uint()
        if tag == _TEXT:
            text = self.take(self.byte())
            if not text.isascii():
                raise LinkError("malformed")
            return text.decode("ascii")
        raise LinkError("malformed")

    def rest(self) -> bytes:
        return self.take(len(self.data) - self.at)


# ---- the link -------------------------------------------------------------------------------


def _version(shared: SharedHand) -> str:
    settings = shared.settings
    if shared.cut != UNCUT:
        return CUT
    return HOUSE if house_rules(settings) else SEATED if settings.seats else VERSION


def payload(shared: SharedHand) -> bytes:
    """The binary form of a shared hand (see the module's docstring): of version 4 when its
    deck was cut, else of version 3 under house rules, else of version 2 when its settings
    have seats."""
    game = _game(shared.game)
    settings = shared.settings
    version = _version(shared)
    out = bytearray([game.code])
    for name in game.fields:
        _put_value(out, getattr(settings, name))
    house = house_rules(settings)
    if version in (HOUSE, CUT):
        _put_value(out, ",".join(settings.seats) if settings.seats else None)
        _put_uint(out, len(house))
        for name, value in house.items():
            _put_value(out, name)
            _put_value(out, value)
    elif settings.seats:
        _put_value(out, ",".join(settings.seats))
    out += shared.seed.to_bytes(8, "big")
    if version == CUT:
        _put_uint(out, shared.cut)
    if shared.dealer is not None:  # the games with a dealer: SharedHand checks it
        out.append(shared.dealer)
    tokens = _TOKENS[version]
    for code in shared.actions:
        out += tokens.encode(code)
    return bytes(out)


def encode(shared: SharedHand) -> str:
    """The link's fragment (without "#") for a shared hand."""
    data = payload(shared)
    version = _version(shared)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data) + packer.flush()
    mode, body = (1, packed) if len(packed) < len(data) else (0, data)
    blob = bytes([mode]) + zlib.crc32(data).to_bytes(4, "big") + body
    return f"{version}.{base64.urlsafe_b64encode(blob).decode('ascii').rstrip('=')}"


def _blob(text: Any) -> tuple[str, bytes]:
    """The version tag of a fragment and the bytes it spells, in their one canonical spelling."""
    if not isinstance(text, str):
        raise LinkError("malformed")
    if len(text) > MAX_LINK:
        raise LinkError("too_long", limit=MAX_LINK)
    tag, dot, data = text.partition(".")
    if not dot or not _TAG.fullmatch(tag):
        raise LinkError("malformed")
    if tag not in _TOKENS:
        raise LinkError("unknown_version", version=tag)
    if not _BASE64URL.fullmatch(data) or len(data) % 4 == 1:
        raise LinkError("malformed")
    blob = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    if base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=") != data:
        raise LinkError("malformed")  # unused low bits set: another spelling of some bytes
    return tag, blob


def _inflate(body: bytes) -> bytes:
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(body, MAX_PAYLOAD)
        more = not unpacker.eof and unpacker.decompress(unpacker.unconsumed_tail, 1)
    except zlib.error:
        raise LinkError("malformed") from None
    if more:
        raise LinkError("too_long", limit=MAX_LINK)
    if not unpacker.eof or unpacker.unused_data:
        raise LinkError("malformed")
    return data


def _unpacked(text: Any) -> tuple[bytes, str]:
    """The payload of a fragment, its check verified, and its version tag."""
    tag, blob = _blob(text)
    if len(blob) < 5 or blob[0] not in (0, 1):
        raise LinkError("malformed")
    data = blob[5:] if blob[0] == 0 else _inflate(blob[5:])
    if zlib.crc32(data) != int.from_bytes(blob[1:5], "big"):
        raise LinkError("damaged")
    return data, tag


def _seats(value: Any) -> list[str]:
    """A link's seats: one short text naming exactly one person."""
    if not isinstance(value, str) or [kind == PERSON for kind in value.split(",")].count(True) != 1:
        raise LinkError("bad_settings")
    return value.split(",")


def _house_settings(settings_type: Any, values: dict[str, Any], rules: dict[str, Any]) -> Any:
    """Settings of `values` under the house `rules` a link names, each checked by name."""
    try:
        settings = settings_type.from_dict(values)
    except ValueError:
        raise LinkError("bad_settings") from None
    known = {f.name for f in fields(settings_type) if f.metadata.get("house_rule")}
    chosen = dict(values)
    for name, value in rules.items():  # one by one, so that a refusal names the rule
        if name not in known:
            raise LinkError("unknown_rule", rule=name)
        chosen[name] = value
        try:
            settings = settings_type.from_dict(chosen)
        except ValueError:
            raise LinkError("bad_rule", rule=name) from None
    if list(house_rules(settings).items()) != list(rules.items()):
        raise LinkError("malformed")  # a rule at its default, or out of order: not as written
    return settings


def read_payload(data: bytes, version: str = VERSION) -> SharedHand:
    """The shared hand of a payload of `version`, not replayed yet; LinkError saying what is
    wrong."""
    reader = _Reader(data)
    number = reader.byte()
    if number >= len(GAMES):
        raise LinkError("unknown_game")
    game = _game(GAMES[number])
    values = {name: reader.value() for name in game.fields}
    rules: dict[str, Any] = {}
    if version == SEATED:
        values[SEATS] = _seats(reader.value())
    elif version in (HOUSE, CUT):
        seats = reader.value()
        if seats is not None:
            values[SEATS] = _seats(seats)
        for _ in range(reader.uint()):
            name = reader.value()
            if not isinstance(name, str) or name in rules:
                raise LinkError("malformed")
            rules[name] = reader.value()
        if not rules and version == HOUSE:
            raise LinkError("malformed")  # written as version 1 or 2, never as 3
    settings = _house_settings(game.session.settings_type, values, rules)
    seed = int.from_bytes(reader.take(8), "big")
    cut = reader.uint() if version == CUT else UNCUT
    if version == CUT and cut not in CUTS:
        raise LinkError("bad_deal")  # an uncut hand is written as version 1-3, never as 4
    dealer = reader.byte() if game.has_dealer else None
    codes = _TOKENS[version].decode(reader.rest())
    return SharedHand(game.name, settings, seed, dealer, codes, cut)


def opened(text: Any) -> tuple[SharedHand, tuple[Any, ...]]:
    """The shared hand a fragment holds and its sessions (`played`), read and replayed once;
    LinkError as `decode`."""
    shared = read_payload(*_unpacked(text))
    return shared, played(shared)


def decode(text: Any) -> SharedHand:
    """The shared hand a fragment holds, validated by replaying it; LinkError (and nothing
    else) for anything that is not a link of this version to a hand the rules allow."""
    return opened(text)[0]
