"""Agents by name: a built-in level, or "module:Class" of an agent written by anyone."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar, cast

AgentT = TypeVar("AgentT")
AgentClass = Callable[[int], AgentT]  # an agent's class: built from its seed


def load_agent_class(name: str, levels: Mapping[str, AgentClass[AgentT]]) -> AgentClass[AgentT]:
    """The class of level `name`, or the class "module:Class" names; ValueError saying why not."""
    if name in levels:
        return levels[name]
    module_name, colon, class_name = name.partition(":")
    if not colon or not module_name or not class_name:
        raise ValueError(f"unknown agent {name!r}: use one of {', '.join(levels)} or module:Class")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r} for agent {name!r}: {error}") from None
    cls = getattr(module, class_name, None)
    if not callable(cls):
        raise ValueError(f"{module_name!r} has no class {class_name!r}")
    return cast("AgentClass[AgentT]", cls)  # anyone's class: trusted to be an agent of the game


class Levels(Generic[AgentT]):
    """A game's built-in levels, and how its `agent_class` and `make_agent` find an agent."""

    def __init__(self, classes: Mapping[str, AgentClass[AgentT]]) -> None:
        self.classes = classes

    def agent_class(self, name: str) -> AgentClass[AgentT]:
        """A level name or "module:Class" of an agent written by anyone."""
        return load_agent_class(name, self.classes)

    def make_agent(self, name: str, seed: int = 0) -> AgentT:
        """An agent by level name or "module:Class", constructed with its seed."""
        return self.agent_class(name)(seed)
