"""Learn by playing: a first hand of each game, guided step by step (issue 32).

Each tutorial is data (`steps`), one module per game: a fixed deal and a script of the
person's moves, the computer players' moves and sentences, which its test plays through.
`lesson` runs one; `session` is the session the page's worker plays it in.
"""

from __future__ import annotations

import importlib

from .steps import Tutorial

GAMES = ("gin", "basic", "rummikub")


def tutorial(game: str) -> Tutorial:
    """The tutorial of `game` (its module imported when first asked for: a first hand needs
    none); ValueError for a game that has none."""
    if game not in GAMES:
        raise ValueError(f"there is no tutorial of {game!r}")
    found: Tutorial = importlib.import_module(f"{__name__}.{game}").TUTORIAL
    return found
