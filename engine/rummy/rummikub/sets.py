"""Legal Rummikub sets, and what each joker in one stands for.

A group is 3-4 tiles of one number in different colours; a run is 3-13 tiles of one colour
with consecutive numbers from 1 to 13, no wrap (12-13-1 is not a run). A joker stands for any
one tile: in a run, the number of its place; in a group, the group's number in a colour the
group lacks. `read_set` reads tiles into a `TileSet` or says, with a reason, why it is none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import IllegalPlay
from .tiles import COLOUR_NAMES, COLOURS, Tile, format_tiles, numbered

GROUP = "group"
RUN = "run"


@dataclass(frozen=True, slots=True)
class TileSet:
    """A legal set as laid out: a run low to high with each joker in its place."""

    kind: str
    tiles: tuple[Tile, ...]

    @property
    def colour(self) -> str | None:
        """A run's colour (None for a group)."""
        return next(t.colour for t in self.tiles if not t.is_joker) if self.kind == RUN else None

    @property
    def numbers(self) -> tuple[int, ...]:
        """The number each tile counts as, in order (a joker counts as the tile it stands for)."""
        if self.kind == GROUP:
            number = next(t.number for t in self.tiles if numbered(t))
            return (number,) * len(self.tiles)
        start = next(t.number - i for i, t in enumerate(self.tiles) if numbered(t))
        return tuple(range(start, start + len(self.tiles)))

    @property
    def value(self) -> int:
        """Points of the set for the initial meld: a joker counts as the tile it stands for."""
        return sum(self.numbers)

    def stands_for(self, index: int) -> tuple[Tile, ...]:
        """The tiles that could take the place of the joker at `index` (one in a run; in a
        group, each colour the group lacks)."""
        if not self.tiles[index].is_joker:
            raise ValueError(f"tile {index} of {self} is not a joker")
        number = self.numbers[index]
        if self.kind == RUN:
            return (Tile(self.colour, number),)
        present = {t.colour for t in self.tiles if not t.is_joker}
        return tuple(Tile(colour, number) for colour in COLOURS if colour not in present)

    def __str__(self) -> str:
        return format_tiles(self.tiles)


def _refuse(tiles: tuple[Tile, ...], why: str, reason: str, **params: object) -> IllegalPlay:
    """The refusal of `tiles` as a set: `reason` and `params` (the set's codes, and what the
    reason names: a colour letter, a number) let the page say why in the player's language."""
    return IllegalPlay(
        f"{format_tiles(tiles) or 'nothing'} is not a set: {why}.",
        reason,
        set=format_tiles(tiles),
        **params,
    )


def _as_group(tiles: tuple[Tile, ...]) -> TileSet | IllegalPlay:
    naturals = [t for t in tiles if numbered(t)]
    if len(tiles) > 4:
        return _refuse(tiles, "a group has at most 4 tiles", "group_too_long")
    if len({t.number for t in naturals}) > 1:
        return _refuse(tiles, "a group's tiles all have one number", "group_mixed_numbers")
    seen: set[str] = set()
    for tile in naturals:
        if tile.colour in seen:
            why = f"a group's tiles all have different colours ({COLOUR_NAMES[tile.colour]} twice)"
            return _refuse(tiles, why, "group_repeated_colour", colour=tile.colour)
        seen.add(tile.colour)
    return TileSet(GROUP, tiles)


def _run_in_order(tiles: tuple[Tile, ...]) -> TileSet | None:
    """The run exactly as laid out (jokers where they stand), if it is one."""
    first, start = next((i, t.number - i) for i, t in enumerate(tiles) if numbered(t))
    if start < 1 or start + len(tiles) - 1 > 13:
        return None
    for offset, tile in enumerate(tiles):
        if not tile.is_joker and (
            tile.colour != tiles[first].colour or tile.number != start + offset
        ):
            return None
    return TileSet(RUN, tiles)


def _as_run(tiles: tuple[Tile, ...]) -> TileSet | IllegalPlay:
    """The tiles as a run: as laid out when that works, else sorted with the jokers filling
    the gaps, then extending the run upwards (downwards past 13)."""
    if len(tiles) > 13:
        return _refuse(tiles, "a run has at most 13 tiles", "run_too_long")
    in_order = _run_in_order(tiles)
    if in_order is not None:
        return in_order
    naturals = sorted((t for t in tiles if numbered(t)), key=lambda t: t.number)
    jokers = [t for t in tiles if t.is_joker]
    if len({t.colour for t in naturals}) > 1:
        return _refuse(tiles, "a run's tiles all have one colour", "run_mixed_colours")
    laid: list[Tile] = []
    for previous, tile in zip([None, *naturals], naturals, strict=False):
        if previous is not None:
            gap = tile.number - previous.number - 1
            if gap < 0:
                why = f"a run cannot hold one number twice ({tile.number})"
                return _refuse(tiles, why, "run_repeated_number", number=tile.number)
            if gap > len(jokers):
                if naturals[0].number == 1 and naturals[-1].number == 13:
                    return _refuse(tiles, "a run does not wrap from 13 to 1", "run_wraps")
                return _refuse(
                    tiles,
                    "a run's numbers follow one another (1 to 13, no wrap)",
                    "run_not_consecutive",
                )
            laid += [jokers.pop() for _ in range(gap)]
        laid.append(tile)
    high = naturals[-1].number
    while jokers and high < 13:
        laid.append(jokers.pop())
        high += 1
    laid = [jokers.pop() for _ in range(len(jokers))] + laid
    run = _run_in_order(tuple(laid))
    assert run is not None, "at most 13 tiles of one colour, placed within 1-13"
    return run


def read_set(tiles: Iterable[Tile]) -> TileSet:
    """The legal set these tiles make, or IllegalPlay saying why they make none.

    A run laid out with its jokers in place keeps them there ("J R5 R6": the joker is R4);
    otherwise the jokers fill the gaps and then extend the run. Tiles that are both a group
    and a run (one number tile and jokers) are read as a run.
    """
    tiles = tuple(tiles)
    if len(tiles) < 3:
        return _raise(_refuse(tiles, "a set has at least 3 tiles", "set_too_short"))
    naturals = [t for t in tiles if not t.is_joker]
    if not naturals:  # the game has two jokers: a set always holds a numbered tile
        return _raise(_refuse(tiles, "a set needs a numbered tile", "only_jokers"))
    numbers = {t.number for t in naturals}
    colours = {t.colour for t in naturals}
    if len(numbers) == 1 and len(naturals) > 1:
        return _raise(_as_group(tiles))
    if len(colours) == 1:
        return _raise(_as_run(tiles))
    if len(numbers) == 1:
        return _raise(_as_group(tiles))
    why = "a group has one number, a run one colour"
    return _raise(_refuse(tiles, why, "not_a_set"))


def _raise(found: TileSet | IllegalPlay) -> TileSet:
    if isinstance(found, IllegalPlay):
        raise found
    return found


def is_set(tiles: Iterable[Tile]) -> bool:
    try:
        read_set(tiles)
    except IllegalPlay:
        return False
    return True
