"""Rummikub tiles: numbers 1-13 in four colours, two of each, and two jokers (106 in all).

A tile's code is its colour letter and number, "R7", "K13" (K black, B blue, O orange, R red),
or "J" for a joker; `str(tile)` gives the code back and `parse_tiles` reads them. Identical
tiles are equal values: the pool holds two of each, and collections of tiles are multisets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

COLOURS = "KBOR"
COLOUR_NAMES = {"K": "black", "B": "blue", "O": "orange", "R": "red"}
JOKER_PENALTY = 30  # a joker left on a rack costs 30 (by default: see round.joker_cost)


@dataclass(frozen=True, slots=True)
class Tile:
    """A numbered tile (`colour` one of K B O R, `number` 1-13), or the joker (both None)."""

    colour: str | None
    number: int | None

    def __post_init__(self) -> None:
        if self.colour is None and self.number is None:
            return
        if not (isinstance(self.colour, str) and len(self.colour) == 1 and self.colour in COLOURS):
            raise ValueError(f"colour must be one of {' '.join(COLOURS)}, not {self.colour!r}")
        if type(self.number) is not int or not 1 <= self.number <= 13:
            raise ValueError(f"number must be 1-13, not {self.number!r}")

    @property
    def is_joker(self) -> bool:
        return self.colour is None

    @property
    def code(self) -> str:
        return "J" if self.is_joker else f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code})"


JOKER = Tile(None, None)

if TYPE_CHECKING:

    class NumberedTile(Tile):
        """A tile that is not the joker, to the type checker: its colour and number are set.
        At run time every tile is a `Tile`; `numbered` tells them apart."""

        colour: str
        number: int


def numbered(tile: Tile) -> TypeGuard[NumberedTile]:
    """Whether `tile` is a numbered tile, not the joker."""
    return tile.colour is not None


def sort_key(tile: Tile) -> tuple[int, int]:
    """Colour, then number; jokers last."""
    if not numbered(tile):
        return (len(COLOURS), 0)
    return (COLOURS.index(tile.colour), tile.number)


def parse_tile(token: str) -> Tile:
    """One tile from its code; ValueError naming the bad token."""
    if not isinstance(token, str):
        raise ValueError(f"a tile code is text, not {token!r}")
    text = token.strip().upper()
    if text == "J":
        return JOKER
    colour, number = text[:1], text[1:]
    if colour not in COLOURS or not colour:
        raise ValueError(
            f"{token!r} is not a tile: the colour is one of K B O R (or J for a joker)"
        )
    if not number.isdigit() or not 1 <= int(number) <= 13 or number.startswith("0"):
        raise ValueError(f"{token!r} is not a tile: the number is 1-13")
    return Tile(colour, int(number))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles from codes separated by spaces or commas: "R7 K13 J"."""
    if not isinstance(text, str):
        raise ValueError(f"tiles are given as text, not {text!r}")
    return tuple(parse_tile(token) for token in text.replace(",", " ").split())


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(tile.code for tile in tiles)


FULL_POOL: tuple[Tile, ...] = tuple(
    Tile(colour, number) for colour in COLOURS for number in range(1, 14) for _ in range(2)
) + (JOKER, JOKER)
"""All 106 tiles, two of each numbered tile and two jokers."""
