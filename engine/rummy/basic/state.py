"""Small value types of a Basic Rummy hand, shared by the hand and the seat views."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from ..cards import Card
from ..melds import Meld


class Phase(str, Enum):
    DRAW = "draw"
    PLAY = "play"  # drawn: meld, lay off, discard
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the seat that put it down (lay-offs may come from anyone)."""

    owner: int
    meld: Meld

    def __str__(self) -> str:
        return str(self.meld)


class Ending(str, Enum):
    """How a Basic Rummy hand ends. A str, so a view model carries it as its value."""

    OUT = "out"
    RUMMY = "rummy"  # out in one turn, nothing laid before: points doubled when the rules say
    DRAW = "draw"  # the stock ran out after the last turnover: nobody scores


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended; `points` go to `winner`, a seat (None for a draw)."""

    kind: Ending
    winner: int | None
    points: int


def hand_value(cards: Iterable[Card]) -> int:
    """What cards left in a hand count: ace 1, two to ten face value, court cards 10."""
    return sum(card.value for card in cards)
