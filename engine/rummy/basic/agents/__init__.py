"""Computer players of Basic Rummy, and the interface every one of them implements.

An agent is any object with `act(view: View) -> Action`, constructed from one integer
seed. It sees its seat's view and nothing else (its hand, the table, the discard pile, each
seat's card count and what each took from the pile), so it cannot look at other hands or the
stock order. Each call returns one action; a turn is several calls (draw, meld, lay-offs,
discard), each on the view after the previous action.
"""

from __future__ import annotations

from ... import game
from ...loading import AgentClass, Levels
from ..actions import Action
from ..view import View
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent

# the package's agent interface, for this game's views and actions
Agent = game.Agent[View, Action]

LEVELS: dict[str, AgentClass[Agent]] = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}
_levels = Levels(LEVELS)
agent_class = _levels.agent_class
make_agent = _levels.make_agent


__all__ = ["LEVELS", "Agent", "EasyAgent", "HardAgent", "NormalAgent", "agent_class", "make_agent"]
