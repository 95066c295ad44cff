"""The Rummikub tutorial: one round of two players, the person starting. It teaches the
initial meld, extending a run, splitting a run, a joker, and emptying the rack.

The person lays R10-11-12 and the group of tens (63 points, from the rack alone); the computer
lays the blue run 3-8; the person adds R13 to their run, splits the blue run with their B5
into B3-4-5 and B5-6-7-8, lays K7 O7 and the joker as a group, and goes out with K1-2-3.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..rummikub.actions import parse_action
from ..rummikub.round import Action, Play, Round, Rules
from ..rummikub.sets import RUN, read_set
from ..rummikub.tiles import parse_tiles, sort_key
from .steps import Computer, Say, Tutorial, table
from .steps import Play as Move

RULES = Rules(players=2)

# 14 tiles to the person (seat 0), 14 to the computer, then the pool, first drawn first.
POOL = parse_tiles(
    "R10 R11 R12 K10 B10 O10 R13 B5 K7 O7 J K1 K2 K3"
    "  B3 B4 B5 B6 B7 B8 O2 O9 R4 K12 B12 R1 O13 K5"
    "  R2 O4 K9 K1 K2 K3 K4 K4 K5 K6 K6 K7 K8 K8 K9 K10 K11 K11 K12 K13 K13 B1 B1 B2 B2 B3 B4"
    "  B6 B7 B8 B9 B9 B10 B11 B11 B12 B13 B13 O1 O1 O2 O3 O3 O4 O5 O5 O6 O6 O7 O8 O8 O9 O10"
    "  O11 O11 O12 O12 O13 R1 R2 R3 R3 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R10 R11 R12 R13 J"
)

MELD = "R10 R11 R12 | K10 B10 O10"
BLUE = "B3 B4 B5 B6 B7 B8"
EXTENDED = "R10 R11 R12 R13 | K10 B10 O10"
SPLIT = f"{EXTENDED} | B3 B4 B5 | B5 B6 B7 B8"


def same_table(action: Action) -> Hashable:
    """A play's key whatever the order of its sets and of a group's tiles (a run's order is
    its numbers'); a draw is its own key. ValueError for a set that is none."""
    if not isinstance(action, Play):
        return action
    sets = (read_set(tiles) for tiles in action.table)
    laid = (s.tiles if s.kind == RUN else tuple(sorted(s.tiles, key=sort_key)) for s in sets)
    return action.seat, tuple(sorted(laid, key=lambda tiles: [sort_key(t) for t in tiles]))


TUTORIAL = Tutorial(
    game="rummikub",
    deal=Round.from_pool(POOL, RULES, first=0),
    settings={"opponents": 1},
    parse=parse_action,
    same=same_table,
    steps=(
        Say("tutorial.rummikub.sets", highlight=("R10", "R11", "R12")),
        Move(
            (f"play {MELD}",),
            "tutorial.rummikub.meld",
            highlight=("R10", "R11", "R12", "K10", "B10", "O10"),
        ),
        Computer(f"1 play {MELD} | {BLUE}"),
        Say("tutorial.rummikub.theirRun", target=table(2)),
        Move(
            (f"play {EXTENDED} | {BLUE}",),
            "tutorial.rummikub.extend",
            highlight=("R13",),
            target=table(0),
        ),
        Computer("1 draw"),
        Move((f"play {SPLIT}",), "tutorial.rummikub.split", highlight=("B5",), target=table(2)),
        Computer("1 draw"),
        Move((f"play {SPLIT} | K7 O7 J",), "tutorial.rummikub.joker", highlight=("K7", "O7", "J")),
        Computer("1 draw"),
        Move(
            (f"play {SPLIT} | K7 O7 J | K1 K2 K3",),
            "tutorial.rummikub.out",
            highlight=("K1", "K2", "K3"),
        ),
    ),
)
