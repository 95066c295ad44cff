"""The settings of a Basic Rummy game (../shared/rules/basic-rummy.md)."""

from __future__ import annotations

from dataclasses import dataclass

HAND_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
TURNOVERS = 8
"""Times the discard pile may become the stock in one hand; when the stock runs out after the
last of them, the hand is a draw (the rules page asks for a documented end). 8, not the rules
page's example 3: at 6 players 3 drew 11% of hands of hard with five normal players and 6% of
six normal players; 8 drew 2.0% and 0% (the 95% interval's top 4.3% and 1.3%, 300 hands, seed
5: bench/bench_basic_turnovers.py, README). Saves keep the limit they were started with."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Players 2-6; the game lasts `hands` hands or until someone reaches `target` points
    (exactly one of the two); `rummy_doubles` is the optional house rule, off by default."""

    players: int = 4
    hands: int | None = None
    target: int | None = 100
    rummy_doubles: bool = False
    turnovers: int = TURNOVERS

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in HAND_SIZES:
            raise ValueError(f"Basic Rummy is for 2-6 players, not {self.players!r}")
        if (self.hands is None) == (self.target is None):
            raise ValueError("play either a number of hands or to a target, not both or neither")
        for name in ("hands", "target"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or not 1 <= value <= 1000):
                raise ValueError(f"{name} must be a whole number from 1 to 1000, not {value!r}")
        if type(self.rummy_doubles) is not bool:
            raise ValueError(f"rummy_doubles must be true or false, not {self.rummy_doubles!r}")
        if type(self.turnovers) is not int or not 0 <= self.turnovers <= 20:
            raise ValueError(
                f"turnovers must be a whole number from 0 to 20, not {self.turnovers!r}"
            )

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]
