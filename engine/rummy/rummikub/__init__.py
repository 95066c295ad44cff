"""Rummikub: tiles, legal sets and what their jokers stand for, the round's state machine, and
the exact solver (the computer players follow)."""

from ..errors import IllegalPlay
from .actions import action_code, parse_action
from .match import Match
from .round import (
    Draw,
    Play,
    Result,
    Round,
    Rules,
    Timeout,
    View,
    rack_total,
    replay,
    starting_seat,
)
from .sets import GROUP, RUN, TileSet, is_set, read_set
from .solver import Solution, solve
from .tiles import COLOURS, FULL_POOL, JOKER, Tile, format_tiles, parse_tile, parse_tiles, sort_key

__all__ = [
    "COLOURS",
    "Draw",
    "Match",
    "Play",
    "Timeout",
    "action_code",
    "parse_action",
    "Round",
    "Solution",
    "Result",
    "Rules",
    "View",
    "rack_total",
    "replay",
    "starting_seat",
    "FULL_POOL",
    "GROUP",
    "JOKER",
    "RUN",
    "IllegalPlay",
    "Tile",
    "TileSet",
    "format_tiles",
    "is_set",
    "parse_tile",
    "parse_tiles",
    "read_set",
    "solve",
    "sort_key",
]
