"""Arena: whole matches between two agents, each deal sequence played twice with seats swapped.

Pair `i` plays two matches from the same match seed, so hand `k` of both is dealt from the
same deck; in the second match the players have swapped seats, so each sits once on each side
of the first deal (dealers then follow the rules). This halves the luck of the cards in the
comparison. Figures come with 95% intervals: Wilson for rates, normal for points per hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..intervals import mean_interval, wilson_interval
from ..rng import derive_seed
from .agents import Agent
from .match import Match
from .play import play_match, results
from .rules import Rules

AgentFactory = Callable[[int], Agent]


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """One match seen from p1: who won, and each hand's points (positive for p1)."""

    p1_won: bool
    p1_score: int  # final totals, end-of-game bonuses included
    p2_score: int
    hand_winners: tuple[int, ...]  # per hand: 1 p1 won, -1 p2 won, 0 dead
    hand_points: tuple[int, ...]  # per hand: p1's points minus p2's (0 for a dead hand)


def play_pair(
    pair: int, seed: int, rules: Rules, p1: AgentFactory, p2: AgentFactory
) -> tuple[MatchOutcome, MatchOutcome]:
    """Both matches of pair `pair`: p1 in seat 0, then p1 in seat 1, same deal seeds."""
    match_seed = derive_seed(seed, pair)
    outcomes = []
    for p1_seat in (0, 1):
        first = p1(derive_seed(match_seed, 1, p1_seat))
        second = p2(derive_seed(match_seed, 2, p1_seat))
        agents = [first, second] if p1_seat == 0 else [second, first]
        match = play_match(Match.start(rules, match_seed), agents)
        hands = results(match.rounds)
        winners = tuple(
            0 if hand.winner is None else (1 if hand.winner == p1_seat else -1) for hand in hands
        )
        outcomes.append(
            MatchOutcome(
                p1_won=match.winner == p1_seat,
                p1_score=match.totals[p1_seat],
                p2_score=match.totals[1 - p1_seat],
                hand_winners=winners,
                hand_points=tuple(hand.points_for(p1_seat) for hand in hands),
            )
        )
    return outcomes[0], outcomes[1]


@dataclass(frozen=True, slots=True)
class ArenaStats:
    matches: int
    p1_wins: int
    p1_win_rate: float
    p1_win_rate_low: float
    p1_win_rate_high: float
    hands: int
    p1_hands_won: int
    p2_hands_won: int
    dead_hands: int
    p1_hand_win_rate: float  # among hands not dead
    p1_hand_win_rate_low: float
    p1_hand_win_rate_high: float
    p1_points_per_hand: float  # p1's points minus p2's, per hand
    p1_points_per_hand_low: float
    p1_points_per_hand_high: float


def summarize(outcomes: Iterable[MatchOutcome]) -> ArenaStats:
    outcomes = list(outcomes)
    if not outcomes:
        raise ValueError("no matches to summarize")
    wins = sum(o.p1_won for o in outcomes)
    points = [p for o in outcomes for p in o.hand_points]
    winners = [w for o in outcomes for w in o.hand_winners]
    dead, p1_hands, p2_hands = winners.count(0), winners.count(1), winners.count(-1)
    decided = p1_hands + p2_hands
    mean, points_low, points_high = mean_interval(points)
    low, high = wilson_interval(wins, len(outcomes))
    hand_low, hand_high = wilson_interval(p1_hands, decided)
    return ArenaStats(
        matches=len(outcomes),
        p1_wins=wins,
        p1_win_rate=wins / len(outcomes),
        p1_win_rate_low=low,
        p1_win_rate_high=high,
        hands=len(points),
        p1_hands_won=p1_hands,
        p2_hands_won=p2_hands,
        dead_hands=dead,
        p1_hand_win_rate=p1_hands / decided if decided else 0.0,
        p1_hand_win_rate_low=hand_low,
        p1_hand_win_rate_high=hand_high,
        p1_points_per_hand=mean,
        p1_points_per_hand_low=points_low,
        p1_points_per_hand_high=points_high,
    )
