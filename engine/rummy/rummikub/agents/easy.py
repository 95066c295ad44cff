"""`easy`: lays down the sets it finds on its own rack and adds tiles to the ends of table sets.

It never rearranges the table and does not use the solver: it takes the longest set it can see
on its rack, again and again, then puts each leftover joker with the best pair it completes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..moves import extended, pairs, runs_and_groups
from ..round import Action, Draw, Play, View
from ..sets import TileSet, read_set
from ..tiles import JOKER, Tile, sort_key


def rack_sets(rack: Iterable[Tile]) -> tuple[list[TileSet], Counter[Tile]]:
    """Sets from the rack alone, greedily (longest first, then most points), and what is left."""
    left = Counter(rack)
    sets: list[TileSet] = []
    while found := runs_and_groups(left):
        best = max(found, key=lambda tiles: (len(tiles), sum(t.number for t in tiles)))
        sets.append(read_set(best))
        left -= Counter(best)
    while left[JOKER] and (found_pairs := pairs(left)):
        best = max(found_pairs, key=lambda pair: sum(t.number for t in pair))
        sets.append(read_set(best + (JOKER,)))
        left -= Counter(best + (JOKER,))
    return sets, left


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
