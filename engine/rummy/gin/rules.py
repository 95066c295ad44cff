"""The two Gin Rummy rule presets: `HOUSE` (the reference web game, default) and `PAGAT`."""

from __future__ import annotations

from dataclasses import dataclass, replace

TARGETS = (50, 100)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between gin variants; see ../shared/rules/gin.md."""

    name: str
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    tie_is_undercut: bool = True
    dead_hand_stock: int = 2
    target: int = 100

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"rules need a name, not {self.name!r}")
        for field in ("knock_limit", "gin_bonus", "undercut_bonus", "dead_hand_stock"):
            value = getattr(self, field)
            if type(value) is not int or value < 0:
                raise ValueError(f"{field} must be a whole number >= 0, not {value!r}")
        if type(self.tie_is_undercut) is not bool:
            raise ValueError(f"tie_is_undercut must be true or false, not {self.tie_is_undercut!r}")
        if type(self.target) is not int or self.target not in TARGETS:
            raise ValueError(f"target must be 50 or 100 points, not {self.target!r}")
        if self.dead_hand_stock > 31:
            raise ValueError("dead_hand_stock cannot exceed the 31 cards of the stock")

    def with_target(self, target: int) -> Rules:
        return replace(self, target=target)


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
