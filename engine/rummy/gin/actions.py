"""The actions of a gin hand, as values, and their short text codes for saves and bug reports.

Every action names the seat that takes it, so acting out of turn is an action the state can
refuse, and an action log reads on its own: "1 pass", "0 stock", "0 discard 7S", "1 knock TD",
"0 biggin".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, parse_card


def _check_seat(seat: object) -> None:
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, not {seat!r}")


def _check_card(card: object) -> None:
    if not isinstance(card, Card):
        raise ValueError(f"{card!r} is not a Card")


class _SeatAction:
    """Validation shared by all actions: a seat is the int 0 or 1, a card a Card."""

    __slots__ = ()
    seat: int  # each action's own field

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if hasattr(self, "card"):
            _check_card(self.card)


@dataclass(frozen=True, slots=True)
class TakeUpcard(_SeatAction):
    """Take the first upcard (it counts as the turn's draw)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PassUpcard(_SeatAction):
    """Refuse the first upcard."""

    seat: int


@dataclass(frozen=True, slots=True)
class DrawStock(_SeatAction):
    seat: int


@dataclass(frozen=True, slots=True)
class DrawDiscard(_SeatAction):
    """Take the top card of the discard pile."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discard(_SeatAction):
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Knock(_SeatAction):
    """Discard `card`, then knock (or go gin) with the ten cards kept."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class BigGin(_SeatAction):
    """Go out with all eleven cards melded, without discarding (only where the rules allow
    big gin): an action of its own, since it is the one way to end a turn without a discard."""

    seat: int


Action = TakeUpcard | PassUpcard | DrawStock | DrawDiscard | Discard | Knock | BigGin

_VERBS: dict[type[Action], str] = {
    TakeUpcard: "take",
    PassUpcard: "pass",
    DrawStock: "stock",
    DrawDiscard: "pile",
    Discard: "discard",
    Knock: "knock",
    BigGin: "biggin",
}
_TYPES = {verb: kind for kind, verb in _VERBS.items()}


def action_code(action: Action) -> str:
    """ "<seat> <verb>[ <card>]", the form saved games and bug reports use."""
    code = f"{action.seat} {_VERBS[type(action)]}"
    return f"{code} {action.card}" if isinstance(action, (Discard, Knock)) else code


def parse_action(code: str) -> Action:
    """The action of a code written by `action_code`; ValueError saying what is wrong."""
    parts = code.split()
    if len(parts) not in (2, 3) or parts[0] not in ("0", "1") or parts[1] not in _TYPES:
        raise ValueError(
            f"{code!r} is not an action: expected '<seat 0|1> <{'|'.join(_TYPES)}> [card]'"
        )
    seat, kind = int(parts[0]), _TYPES[parts[1]]
    takes_card = issubclass(kind, (Discard, Knock))
    if takes_card != (len(parts) == 3):
        raise ValueError(f"{code!r}: '{parts[1]}' {'needs' if takes_card else 'takes no'} card")
    if issubclass(kind, (Discard, Knock)):
        return kind(seat, parse_card(parts[2]))
    return kind(seat)
