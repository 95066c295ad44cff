"""Computer players of Rummikub, and the interface every one of them implements.

An agent is any object with `act(view: RummikubView) -> Play | Draw`, constructed from one
integer seed. It sees its seat's view and nothing else (its rack, the table, how many tiles
each seat holds and the pool count), so it cannot look at other racks or the pool order.
Built-in levels: `easy` (no solver, never rearranges the table), `normal` (the exact solver's
move) and `hard` (the solver's move less the jokers and sets worth keeping back).
"""

from __future__ import annotations

from typing import Protocol

from ...loading import load_agent_class
from ..game import Action, RummikubView
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent


class Agent(Protocol):
    def act(self, view: RummikubView) -> Action: ...


LEVELS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def agent_class(name: str) -> type:
    """A level name (easy, normal, hard) or "module:Class" of an agent written by anyone."""
    return load_agent_class(name, LEVELS)


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by level name or "module:Class", constructed with its seed."""
    return agent_class(name)(seed)


__all__ = ["LEVELS", "Agent", "EasyAgent", "HardAgent", "NormalAgent", "agent_class", "make_agent"]
