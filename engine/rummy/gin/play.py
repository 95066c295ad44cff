"""Drivers that play rounds and matches between agents, handing each seat only its view."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .agents import Agent
from .match import Match
from .round import Round
from .state import Result


def play_round(match: Match, agents: Sequence[Agent]) -> Match:
    """Play the current round of `match` to its end; agents[seat] sees only its own view."""
    while not match.round.is_over:
        seat = match.round.to_move
        match = match.apply(agents[seat].act(match.view(seat)))
    return match


def play_match(match: Match, agents: Sequence[Agent]) -> Match:
    """Play `match` from its current state until a seat reaches the target."""
    match = play_round(match, agents)
    while not match.is_over:
        match = play_round(match.next_round(), agents)
    return match


def results(hands: Iterable[Round]) -> list[Result]:
    """The results of hands played to their end; ValueError for a hand still being played."""
    found = []
    for hand in hands:
        if hand.result is None:
            raise ValueError("a hand is still being played: it has no result yet")
        found.append(hand.result)
    return found
