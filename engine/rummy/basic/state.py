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


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: "out", "rummy" (out in one turn, nothing laid before) or "draw"
    (the stock ran out after the last turnover). `points` go to `winner`."""

    kind: str
    winner: int | None
    points: int


def hand_value(cards: Iterable[Card]) -> int:
    """What cards left in a hand count: ace 1, two to ten face value, court cards 10."""
    return sum(card.value for card in cards)
