"""Self-play statistics: how long hands last and how they end, to compare with the reference."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from statistics import mean, median, quantiles
from typing import Any

from ..rng import derive_seed
from .agents import Agent, make_agent
from .match import Match
from .play import play_round, results
from .round import Round
from .rules import HOUSE, Rules
from .settle import Ending


@dataclass(frozen=True, slots=True)
class SelfplayStats:
    hands: int
    turns_median: float
    turns_q1: float
    turns_q3: float
    turns_min: int
    turns_max: int
    knock_deadwood_mean: float | None  # knocker's deadwood, gins included; None if no knock
    gin_share: float
    undercut_share: float
    dead_share: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def hand_stats(hands: list[Round]) -> SelfplayStats:
    """Statistics of finished hands; quartiles by `statistics.quantiles` (exclusive method)."""
    if not hands:
        raise ValueError("no hands to measure")
    turns = [hand.turns for hand in hands]
    ended = results(hands)
    kinds = [result.kind for result in ended]
    knocks = [r.settlement.knocker_deadwood for r in ended if r.settlement]
    q1, _, q3 = quantiles(turns, n=4) if len(turns) > 1 else (turns[0],) * 3
    return SelfplayStats(
        hands=len(hands),
        turns_median=median(turns),
        turns_q1=q1,
        turns_q3=q3,
        turns_min=min(turns),
        turns_max=max(turns),
        knock_deadwood_mean=mean(knocks) if knocks else None,
        gin_share=kinds.count(Ending.GIN) / len(hands),
        undercut_share=kinds.count(Ending.UNDERCUT) / len(hands),
        dead_share=kinds.count(Ending.DEAD) / len(hands),
    )


def _easy(seed: int) -> Agent:
    return make_agent("easy", seed)


def selfplay(
    hands: int,
    seed: int,
    rules: Rules = HOUSE,
    p1: Callable[[int], Agent] = _easy,
    p2: Callable[[int], Agent] = _easy,
) -> SelfplayStats:
    """Play `hands` hands as consecutive matches between two agents and measure them; p1 takes
    seat 0 in even matches and seat 1 in odd ones."""
    if hands < 1:
        raise ValueError("play at least one hand")
    played: list[Round] = []
    match_number = 0
    while len(played) < hands:
        match_seed = derive_seed(seed, match_number)
        agents = [p1(derive_seed(match_seed, 1)), p2(derive_seed(match_seed, 2))]
        if match_number % 2:
            agents.reverse()
        match = Match.start(rules, match_seed)
        while len(played) < hands:
            match = play_round(match, agents)
            played.append(match.round)
            if match.is_over:
                break
            match = match.next_round()
        match_number += 1
    return hand_stats(played)
