"""Computer players of Rummikub, and the interface every one of them implements.

An agent is any object with `act(view: View) -> Play | Draw`, constructed from one
integer seed. It sees its seat's view and nothing else (its rack, the table, how many tiles
each seat holds and the pool count), so it cannot look at other racks or the pool order.
Built-in levels: `easy` (no solver, never rearranges the table), `normal` (the exact solver's
move) and `hard` (the solver's move less the jokers and sets worth keeping back).
"""

from __future__ import annotations

from ... import game
from ...loading import AgentClass, Levels
from ..round import Action, View
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
