"""Computer players of Basic Rummy, and the interface every one of them implements.

An agent is any object with `act(view: BasicView) -> Action`, constructed from one integer
seed. It sees its seat's view and nothing else (its hand, the table, the discard pile, each
seat's card count and what each took from the pile), so it cannot look at other hands or the
stock order. Each call returns one action; a turn is several calls (draw, meld, lay-offs,
discard), each on the view after the previous action.
"""

from __future__ import annotations

from typing import Protocol

from ...loading import load_agent_class
from ..actions import Action
from ..view import BasicView
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent


class Agent(Protocol):
    def act(self, view: BasicView) -> Action: ...


LEVELS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def agent_class(name: str) -> type:
    """A level name or "module:Class" of an agent written by anyone."""
    return load_agent_class(name, LEVELS)


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by level name or "module:Class", constructed with its seed."""
    return agent_class(name)(seed)


__all__ = ["LEVELS", "Agent", "EasyAgent", "HardAgent", "NormalAgent", "agent_class", "make_agent"]
