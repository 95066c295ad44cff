"""Rummikub actions as short text codes, the form saved games and the page use.

"2 draw", "0 timeout", and a play as the whole table it lays down, set by set:
"1 play R7 R8 R9 | K5 B5 O5 J". Codes read on their own, like gin's and Basic Rummy's.
"""

from __future__ import annotations

from collections.abc import Iterable

from .round import Action, Draw, Play, Timeout
from .tiles import Tile, format_tiles, parse_tiles

MAX_SEAT = 3
SET_SEPARATOR = "|"


def action_code(action: Action) -> str:
    """ "<seat> draw", "<seat> timeout" or "<seat> play <set> | <set> ..."."""
    if isinstance(action, Draw):
        return f"{action.seat} draw"
    if isinstance(action, Timeout):
        return f"{action.seat} timeout"
    return f"{action.seat} play " + table_code(action.table)


def table_code(sets: Iterable[Iterable[Tile]]) -> str:
    """A table (sets of tiles) as the text after "play"."""
    return f" {SET_SEPARATOR} ".join(format_tiles(tiles) for tiles in sets)


def parse_table(text: str) -> tuple[tuple[Tile, ...], ...]:
    """The sets of tiles of a table written by `table_code` (empty sets are left out);
    ValueError naming a bad tile."""
    sets = (parse_tiles(part) for part in text.split(SET_SEPARATOR))
    return tuple(tiles for tiles in sets if tiles)


def parse_action(code: str) -> Action:
    """The action of a code written by `action_code`; ValueError saying what is wrong."""
    shape = "'<seat> draw', '<seat> timeout' or '<seat> play <tiles> | <tiles> ...'"
    words = code.split(maxsplit=2) if isinstance(code, str) else []
    if len(words) < 2 or not words[0].isdigit() or int(words[0]) > MAX_SEAT:
        raise ValueError(f"{code!r} is not an action: expected {shape}")
    seat, verb = int(words[0]), words[1]
    if verb in ("draw", "timeout") and len(words) == 2:
        return Draw(seat) if verb == "draw" else Timeout(seat)
    if verb == "play" and len(words) == 3:
        return Play(seat, parse_table(words[2]))
    raise ValueError(f"{code!r} is not an action: expected {shape}")
