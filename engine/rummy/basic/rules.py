"""The settings of a Basic Rummy game (../shared/rules/basic-rummy.md), house rules included."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..records import HOUSE_RULE

HAND_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
TURNOVERS = 8
"""Times the discard pile may become the stock in one hand; when the stock runs out after the
last of them, the hand is a draw (the rules page asks for a documented end). 8, not the rules
page's example 3: at 6 players 3 drew 11% of hands of hard with five normal players and 6% of
six normal players; 8 drew 2.0% and 0% (the 95% interval's top 4.3% and 1.3%, 300 hands, seed
5: bench/bench_basic_turnovers.py, README). Saves keep the limit they were started with."""

CHOICES = {
    "melds_per_turn": ("one", "any"),
    "ace": ("low", "both"),
    "final_discard": ("optional", "required"),
    "stock_out": ("turn", "shuffle", "end"),
}
"""The house rules that choose among words, each its default first (the rules page's rule)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Players 2-6; the game lasts `hands` hands or until someone reaches `target` points
    (exactly one of the two). The house rules the seed's section 7 asks a table to agree on,
    each off by default (the rules page's game):

    - `rummy_doubles`: going rummy doubles the hand's points;
    - `melds_per_turn`: "one" new meld a turn, or "any" number;
    - `lay_off_after_meld`: a seat lays off only once it has put down a meld of its own (this
      hand, this turn included);
    - `ace`: "low" (A-2-3 only) or "both" (Q-K-A too; K-A-2 never);
    - `final_discard`: "optional" (going out by a meld or lay-off is fine) or "required" (the
      last card must be discarded);
    - `stock_out`: when the stock runs out, the pile is turned over as it lies ("turn"),
      turned over and shuffled ("shuffle"), or the hand ends as a draw ("end").

    Records leave out the last five while they hold their defaults (`records.HOUSE_RULE`)."""

    players: int = 4
    hands: int | None = None
    target: int | None = 100
    rummy_doubles: bool = False
    turnovers: int = TURNOVERS
    melds_per_turn: str = field(default="one", metadata=HOUSE_RULE)
    lay_off_after_meld: bool = field(default=False, metadata=HOUSE_RULE)
    ace: str = field(default="low", metadata=HOUSE_RULE)
    final_discard: str = field(default="optional", metadata=HOUSE_RULE)
    stock_out: str = field(default="turn", metadata=HOUSE_RULE)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in HAND_SIZES:
            raise ValueError(f"Basic Rummy is for 2-6 players, not {self.players!r}")
        if (self.hands is None) == (self.target is None):
            raise ValueError("play either a number of hands or to a target, not both or neither")
        for name in ("hands", "target"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or not 1 <= value <= 1000):
                raise ValueError(f"{name} must be a whole number from 1 to 1000, not {value!r}")
        for name in ("rummy_doubles", "lay_off_after_meld"):
            value = getattr(self, name)
            if type(value) is not bool:
                raise ValueError(f"{name} must be true or false, not {value!r}")
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
        if type(self.turnovers) is not int or not 0 <= self.turnovers <= 20:
            raise ValueError(
                f"turnovers must be a whole number from 0 to 20, not {self.turnovers!r}"
            )

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def ace_high(self) -> bool:
        """Whether a run may end with the ace (the melds' `ace_high`)."""
        return self.ace == "both"

    @property
    def one_meld_per_turn(self) -> bool:
        return self.melds_per_turn == "one"

    @property
    def final_discard_required(self) -> bool:
        return self.final_discard == "required"

    def pile_returns(self, turnovers: int) -> bool:
        """Whether the pile will become the stock again after `turnovers` turnovers."""
        return self.stock_out != "end" and turnovers < self.turnovers


HOUSE_RULES = (
    "rummy_doubles",
    "melds_per_turn",
    "lay_off_after_meld",
    "ace",
    "final_discard",
    "stock_out",
)
"""The house rules by name: the session's settings choose each of them."""
