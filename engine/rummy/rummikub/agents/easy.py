"""`easy`: lays down the sets it finds on its own rack and adds tiles to the ends of table sets.

It never rearranges the table and does not use the solver: it takes the longest set it can see
on its rack, again and again, then puts each leftover joker with the best pair it completes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..round import Action, Draw, Play, View
from ..sets import GROUP, TileSet, read_set
from ..tiles import COLOURS, JOKER, Tile, sort_key


def _runs_and_groups(rack: Counter[Tile]) -> list[tuple[Tile, ...]]:
    """Every longest run (a colour's consecutive numbers) and every group of all the colours
    of a number, from the numbered tiles of `rack`, as long as they make a set."""
    found = []
    for colour in COLOURS:
        run: list[Tile] = []
        for number in range(1, 15):
            tile = Tile(colour, number) if number <= 13 else None
            if tile is not None and rack[tile]:
                run.append(tile)
                continue
            if len(run) >= 3:
                found.append(tuple(run))
            run = []
    for number in range(1, 14):
        group = tuple(Tile(colour, number) for colour in COLOURS if rack[Tile(colour, number)])
        if len(group) >= 3:
            found.append(group)
    return found


def _pairs(rack: Counter[Tile]) -> list[tuple[Tile, ...]]:
    """Two numbered tiles a joker makes a set of: one number in two colours, or one colour
    with numbers one or two apart."""
    tiles = sorted((tile for tile in rack if not tile.is_joker), key=sort_key)
    pairs: list[tuple[Tile, ...]] = []
    for i, low in enumerate(tiles):
        for high in tiles[i + 1 :]:
            same_number = low.number == high.number and low.colour != high.colour
            # numbered tiles, the jokers left out (`tiles.numbered` would tell mypy so)
            close_run = low.colour == high.colour and 1 <= high.number - low.number <= 2  # type: ignore[operator]
            if same_number or close_run:
                pairs.append((low, high))
    return pairs


def rack_sets(rack: Iterable[Tile]) -> tuple[list[TileSet], Counter[Tile]]:
    """Sets from the rack alone, greedily (longest first, then most points), and what is left."""
    left = Counter(rack)
    sets: list[TileSet] = []
    while found := _runs_and_groups(left):
        # runs, groups and pairs of numbered tiles (`tiles.numbered` would tell mypy so)
        best = max(found, key=lambda tiles: (len(tiles), sum(t.number for t in tiles)))  # type: ignore[misc]
        sets.append(read_set(best))
        left -= Counter(best)
    while left[JOKER] and (pairs := _pairs(left)):
        best = max(pairs, key=lambda pair: sum(t.number for t in pair))  # type: ignore[misc]
        sets.append(read_set(best + (JOKER,)))
        left -= Counter(best + (JOKER,))
    return sets, left


def extended(tile_set: TileSet, tile: Tile) -> TileSet | None:
    """The set with `tile` added at an end of a run or as the fourth tile of a group, if it fits."""
    if tile.is_joker:
        return None
    if tile_set.kind == GROUP:
        colours = {t.colour for t in tile_set.tiles if not t.is_joker}
        fits = (
            len(tile_set.tiles) == 3
            and tile.number == tile_set.numbers[0]
            and tile.colour not in colours
        )
        return read_set(tile_set.tiles + (tile,)) if fits else None
    if tile.colour != tile_set.colour:
        return None
    if tile.number == tile_set.numbers[-1] + 1:
        return read_set(tile_set.tiles + (tile,))
    if tile.number == tile_set.numbers[0] - 1:
        return read_set((tile,) + tile_set.tiles)
    return None


def _extend_all(table: list[TileSet], left: Counter[Tile]) -> None:
    """Add leftover rack tiles to the ends of the sets, in place, until none fits."""
    changed = True
    while changed:
        changed = False
        for tile in sorted(left.elements(), key=sort_key):
            for index, tile_set in enumerate(table):
                grown = extended(tile_set, tile)
                if grown is not None and left[tile]:
                    table[index] = grown
                    left[tile] -= 1
                    changed = True


class EasyAgent:
    """Plays its rack's sets once they reach the initial meld, then every set and table-end
    extension it sees; otherwise draws. Deterministic: the seed is taken for the interface."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: View) -> Action:
        sets, left = rack_sets(view.rack)
        if not view.melded[view.seat]:
            if sets and sum(s.value for s in sets) >= view.rules.initial_meld:
                return Play.of(view.seat, [s.tiles for s in view.table + tuple(sets)])
            return Draw(view.seat)
        table = list(view.table) + sets
        before = sum(left.values())
        _extend_all(table, left)
        if not sets and sum(left.values()) == before:
            return Draw(view.seat)
        return Play.of(view.seat, [s.tiles for s in table])
