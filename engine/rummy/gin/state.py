"""Small value types of a gin hand's state, shared by the hand and the seat views."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .settle import Ending, Settlement


class Phase(str, Enum):
    UPCARD = "upcard"  # the seat to move is offered the first upcard
    DRAW = "draw"
    DISCARD = "discard"  # the seat to move holds 11 cards
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended. `winner` and `knocker` are seats; a dead hand has neither."""

    kind: Ending
    winner: int | None
    knocker: int | None
    points: int
    settlement: Settlement | None

    def points_for(self, seat: int) -> int:
        """The hand's points as `seat` sees them: won (+), lost (-), or 0 for a dead hand."""
        if self.winner is None:
            return 0
        return self.points if self.winner == seat else -self.points
