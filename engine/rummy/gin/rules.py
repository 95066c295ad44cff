"""The two Gin Rummy rule presets: `HOUSE` (the reference web game, default) and `PAGAT`, and
the house rules either may be played with (Oklahoma, big gin, Pagat's end-of-game bonuses)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cards import Card
from ..records import HOUSE_RULE

HAND_SIZE = 10  # cards dealt to each player
TARGETS = (50, 100)
BIG_GIN_BONUSES = (0, 31, 50)  # 0: no big gin; Pagat's 31; the house's 50
BOX_BONUSES = (20, 25)


@dataclass(frozen=True, slots=True)
class Stakes:
    """What one hand is played for: the deadwood a knock may keep, and the factor of its score.
    Fixed by the rules, except under Oklahoma, where the first upcard sets them."""

    knock_limit: int
    multiplier: int = 1  # 2: the hand's whole score doubled (Oklahoma, a spade upcard)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between gin variants; see ../shared/rules/gin.md. The house
    rules after `target` are off by default; a record names one only when it is on, so the
    saves written before they existed replay byte for byte."""

    name: str
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    tie_is_undercut: bool = True
    dead_hand_stock: int = 2
    target: int = 100
    # Oklahoma: the first upcard's value is the hand's knock limit (an ace: gin only)
    oklahoma: bool = field(default=False, metadata=HOUSE_RULE)
    # and a spade upcard doubles the hand's score, bonuses included
    oklahoma_spades_double: bool = field(default=False, metadata=HOUSE_RULE)
    # all 11 cards melded after a draw may go out without a discard, for this bonus (0: off)
    big_gin_bonus: int = field(default=0, metadata=HOUSE_RULE)
    # Pagat's end-of-game bonuses: game 100 (doubled by a shutout), `box_bonus` per hand won
    game_bonuses: bool = field(default=False, metadata=HOUSE_RULE)
    box_bonus: int = field(default=25, metadata=HOUSE_RULE)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"rules need a name, not {self.name!r}")
        for number in ("knock_limit", "gin_bonus", "undercut_bonus", "dead_hand_stock"):
            value = getattr(self, number)
            if type(value) is not int or value < 0:
                raise ValueError(f"{number} must be a whole number >= 0, not {value!r}")
        for switch in ("tie_is_undercut", "oklahoma", "oklahoma_spades_double", "game_bonuses"):
            value = getattr(self, switch)
            if type(value) is not bool:
                raise ValueError(f"{switch} must be true or false, not {value!r}")
        if type(self.target) is not int or self.target not in TARGETS:
            raise ValueError(f"target must be 50 or 100 points, not {self.target!r}")
        if self.dead_hand_stock > 31:
            raise ValueError("dead_hand_stock cannot exceed the 31 cards of the stock")
        if self.oklahoma_spades_double and not self.oklahoma:
            raise ValueError("oklahoma_spades_double is a rule of Oklahoma: turn oklahoma on too")
        if type(self.big_gin_bonus) is not int or self.big_gin_bonus not in BIG_GIN_BONUSES:
            raise ValueError(
                f"big_gin_bonus must be 0 (no big gin), 31 or 50, not {self.big_gin_bonus!r}"
            )
        if type(self.box_bonus) is not int or self.box_bonus not in BOX_BONUSES:
            raise ValueError(f"box_bonus must be 20 or 25 points, not {self.box_bonus!r}")

    def with_target(self, target: int) -> Rules:
        return replace(self, target=target)

    def stakes(self, upcard: Card) -> Stakes:
        """The stakes of a hand whose first upcard is `upcard`: under Oklahoma its value is the
        knock limit in place of `knock_limit` (an ace, 0: only gin ends the hand), and with
        spades double a spade doubles the score."""
        if not self.oklahoma:
            return Stakes(self.knock_limit)
        doubled = self.oklahoma_spades_double and upcard.suit == "S"
        return Stakes(0 if upcard.rank == 1 else upcard.value, 2 if doubled else 1)


HOUSE = Rules(name="house", gin_bonus=25, undercut_bonus=25)
PAGAT = Rules(name="pagat", gin_bonus=20, undercut_bonus=10)
PRESETS = {rules.name: rules for rules in (HOUSE, PAGAT)}


def preset(name: str, target: int | None = None) -> Rules:
    """A preset by name ("house" or "pagat"), optionally with another target."""
    try:
        rules = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(PRESETS)}") from None
    return rules if target is None else rules.with_target(target)
