"""Learn by playing: a first hand of each game, guided step by step (issue 32).

Each tutorial is data (`steps`): a fixed deal and a script of the person's moves, the computer
players' moves and sentences, which its test plays through. `lesson` runs one: the page's
tutorial session asks it what to show and hands it the person's moves.
"""

from __future__ import annotations

from . import basic, gin, rummikub
from .steps import Tutorial

TUTORIALS: dict[str, Tutorial] = {
    module.TUTORIAL.game: module.TUTORIAL for module in (gin, basic, rummikub)
}
"""Each game's tutorial, by the game's name ("gin", "basic", "rummikub")."""
