"""What the multi-player arenas share (Rummikub, Basic Rummy): seats rotated per game, the
play loop under an action cap, and each player's wins and points with 95% intervals.

Game `g` of an arena deals deal `g // n` (n players) with the line-up rotated by `g % n`:
player `p` sits in seat `(p + g) % n`. So each block of n games plays one deal n times, every
player once in every seat; this takes most of the luck of the cards out of the comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .game import Agent, Round
from .intervals import mean_interval, wilson_interval
from .rng import derive_seed

R = TypeVar("R", bound=Round[Any, Any])

AgentFactory = Callable[[int], Any]


def play_round(game: R, agents: Sequence[Agent[Any, Any]], cap: int) -> R:
    """Play `game` until it ends or `cap` actions are on record; agents[seat] sees only its view.
    An illegal action raises the game's error: a player must never make one."""
    while not game.is_over and len(game.actions) < cap:
        seat = game.to_move
        game = game.apply(agents[seat].act(game.view(seat)))
    return game


def seat_agents(
    number: int, seed: int, players: Sequence[AgentFactory]
) -> tuple[list[Any], list[int]]:
    """Fresh agents of game `number` by seat, and the seat of each player (line-up order)."""
    n = len(players)
    seat_of = [(player + number) % n for player in range(n)]
    agents: list[Any] = [None] * n
    for player, factory in enumerate(players):
        agents[seat_of[player]] = factory(derive_seed(seed, number, player))
    return agents, seat_of


class Outcome(Protocol):
    @property
    def winner(self) -> int | None: ...  # by player; None when nobody won
    @property
    def points(self) -> tuple[int, ...]: ...  # by player


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    wins: int
    win_rate: float
    low: float  # the win rate's 95% interval
    high: float
    points: float  # mean score per game
    points_low: float
    points_high: float


def player_stats(names: Sequence[str], outcomes: Iterable[Outcome]) -> tuple[PlayerStats, ...]:
    """Each player's wins (Wilson interval) and mean points (normal interval), line-up order."""
    outcomes = list(outcomes)
    if not outcomes:
        raise ValueError("no games to summarize")
    games = len(outcomes)
    players = []
    for player, name in enumerate(names):
        wins = sum(o.winner == player for o in outcomes)
        low, high = wilson_interval(wins, games)
        mean, points_low, points_high = mean_interval(o.points[player] for o in outcomes)
        players.append(
            PlayerStats(name, wins, wins / games, low, high, mean, points_low, points_high)
        )
    return tuple(players)
