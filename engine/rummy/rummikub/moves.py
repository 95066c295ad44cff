"""What a rack can lay down without rearranging the table: the sets it holds and the table sets
one of its tiles extends. The round lists its plays from these (`Round.legal_actions`) and the
`easy` player chooses among them, so both read the rules the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from .sets import GROUP, TileSet, read_set
from .tiles import COLOURS, JOKER, Tile, numbered, sort_key

if TYPE_CHECKING:
    from .tiles import NumberedTile


def runs_and_groups(rack: Counter[Tile]) -> list[tuple[NumberedTile, ...]]:
    """Every longest run (a colour's consecutive numbers) and every group of all the colours
    of a number, from the numbered tiles of `rack`, as long as they make a set."""
    held = {
        (tile.colour, tile.number): tile for tile, count in rack.items() if count and numbered(tile)
    }
    found = []
    for colour in COLOURS:
        run: list[NumberedTile] = []
        for number in range(1, 15):
            tile = held.get((colour, number))
            if tile is not None:
                run.append(tile)
                continue
            if len(run) >= 3:
                found.append(tuple(run))
            run = []
    for number in range(1, 14):
        group = tuple(held[colour, number] for colour in COLOURS if (colour, number) in held)
        if len(group) >= 3:
            found.append(group)
    return found


def pairs(rack: Counter[Tile]) -> list[tuple[NumberedTile, NumberedTile]]:
    """Two numbered tiles a joker makes a set of: one number in two colours, or one colour
    with numbers one or two apart."""
    tiles = sorted((tile for tile in rack if numbered(tile)), key=sort_key)
    found = []
    for i, low in enumerate(tiles):
        for high in tiles[i + 1 :]:
            same_number = low.number == high.number and low.colour != high.colour
            close_run = low.colour == high.colour and 1 <= high.number - low.number <= 2
            if same_number or close_run:
                found.append((low, high))
    return found


def new_sets(rack: Iterable[Tile]) -> tuple[TileSet, ...]:
    """Every set the rack can lay down as one new set, in a fixed order: each run within a
    longest run, each group of three or four colours, then each pair a joker completes (one
    joker a set, so every joker can be played; longer sets with jokers are left out, which keeps
    the list short)."""
    held = Counter(rack)
    found: list[tuple[Tile, ...]] = []
    for longest in runs_and_groups(held):
        if len({tile.colour for tile in longest}) == 1:  # a run: each stretch of 3 or more
            found += [
                longest[start:end]
                for start in range(len(longest))
                for end in range(start + 3, len(longest) + 1)
            ]
        else:  # a group: each choice of 3 or 4 of its colours
            found += [c for size in (3, 4) for c in combinations(longest, size)]
    if held[JOKER]:
        found += [pair + (JOKER,) for pair in pairs(held)]
    return tuple(read_set(tiles) for tiles in found)


def end_tiles(tile_set: TileSet) -> tuple[Tile, ...]:
    """The tiles that extend the set as it lies: the number below or above a run, in its colour
    (within 1-13), or the colours a group of three lacks (a table joker stays where it is)."""
    if tile_set.kind == GROUP:
        if len(tile_set.tiles) != 3:
            return ()
        number = tile_set.numbers[0]
        colours = {t.colour for t in tile_set.tiles if not t.is_joker}
        return tuple(Tile(colour, number) for colour in COLOURS if colour not in colours)
    colour, numbers = tile_set.colour, tile_set.numbers
    below = (Tile(colour, numbers[0] - 1),) if numbers[0] > 1 else ()
    above = (Tile(colour, numbers[-1] + 1),) if numbers[-1] < 13 else ()
    return below + above


def extended(tile_set: TileSet, tile: Tile) -> TileSet | None:
    """The set with `tile` added at an end of a run or as the fourth tile of a group, if it fits."""
    if not numbered(tile) or tile not in end_tiles(tile_set):
        return None
    if tile_set.kind == GROUP or tile.number > tile_set.numbers[-1]:
        return read_set(tile_set.tiles + (tile,))
    return read_set((tile,) + tile_set.tiles)
