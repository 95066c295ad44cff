"""Computer players of gin, and the interface every one of them implements.

An agent is any object with `act(view: View) -> Action` returning one of
`view.legal_actions`. It sees a `View` and nothing else: the drivers in `rummy.gin.play`
own the full state and hand each seat its own view, so an agent cannot look at the other hand
or the stock order. Built-in levels: `easy`, `normal`, `hard` (简单 / 普通 / 困难); each is
constructed from one integer seed, its only source of randomness.
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
