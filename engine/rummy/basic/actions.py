"""The actions of a Basic Rummy hand, as values, and their short text codes.

Codes read on their own in a saved game: "2 stock", "0 pile", "1 meld 7S 7H 7D",
"3 layoff 8S 2" (card, then the number of the table meld it goes onto), "0 discard KH".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, parse_card, parse_cards

MAX_SEATS = 6


def _check_seat(seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < MAX_SEATS:
        raise ValueError(f"a seat is 0-{MAX_SEATS - 1}, not {seat!r}")


def _check_card(card: object) -> None:
    if not isinstance(card, Card):
        raise ValueError(f"{card!r} is not a Card")


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top of the stock (turning the discard pile over first when the stock is out)."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top of the discard pile."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)


@dataclass(frozen=True, slots=True)
class NewMeld:
    """Put down one new meld from the hand (at most one per turn)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if not isinstance(self.cards, tuple) or not self.cards:
            raise ValueError("a meld action needs a tuple of cards")
        for card in self.cards:
            _check_card(card)
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card from the hand to table meld number `target` (0 = the first melded)."""

    seat: int
    card: Card
    target: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_card(self.card)
        if type(self.target) is not int or self.target < 0:
            raise ValueError(f"a table meld number is 0 or more, not {self.target!r}")


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: Card

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_card(self.card)


Action = DrawStock | DrawDiscard | NewMeld | LayOff | Discard
ACTION_TYPES = (DrawStock, DrawDiscard, NewMeld, LayOff, Discard)


def action_code(action: Action) -> str:
    """ "<seat> <verb>[ <cards>][ <meld number>]", the form saved games use."""
    if isinstance(action, DrawStock):
        return f"{action.seat} stock"
    if isinstance(action, DrawDiscard):
        return f"{action.seat} pile"
    if isinstance(action, NewMeld):
        return f"{action.seat} meld " + " ".join(map(str, action.cards))
    if isinstance(action, LayOff):
        return f"{action.seat} layoff {action.card} {action.target}"
    return f"{action.seat} discard {action.card}"


def parse_action(code: str) -> Action:
    """The action of a code written by `action_code`; ValueError saying what is wrong."""
    parts = code.split() if isinstance(code, str) else []
    shape = (
        "'<seat> stock|pile', '<seat> meld <cards>', '<seat> layoff <card> <meld>', "
        "'<seat> discard <card>'"
    )
    if len(parts) < 2 or not parts[0].isdigit():
        raise ValueError(f"{code!r} is not an action: expected {shape}")
    seat, verb, rest = int(parts[0]), parts[1], parts[2:]
    if verb in ("stock", "pile") and not rest:
        return DrawStock(seat) if verb == "stock" else DrawDiscard(seat)
    if verb == "meld" and rest:
        return NewMeld(seat, parse_cards(" ".join(rest)))
    if verb == "layoff" and len(rest) == 2 and rest[1].isdigit():
        return LayOff(seat, parse_card(rest[0]), int(rest[1]))
    if verb == "discard" and len(rest) == 1:
        return Discard(seat, parse_card(rest[0]))
    raise ValueError(f"{code!r} is not an action: expected {shape}")
