"""Arena: Rummikub rounds between 2-4 players, every deal played once per rotation of the line-up.

Game `g` deals deal `g // n` (n players) with the line-up rotated by `g % n`: player `p` sits in
seat `(p + g) % n`. So each block of n games plays one deal n times, every player once in every
seat (and so once as the starting seat's owner); this takes most of the luck of the tiles out of
the comparison. Figures come with 95% intervals: Wilson for win rates, normal for points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..intervals import mean_interval, wilson_interval
from ..rng import derive_seed
from .agents import Agent
from .game import Round, RummikubRules

AgentFactory = Callable[[int], Agent]
# A round cannot outlast this: every draw takes a pool tile, every play a rack tile, and at most
# one pass per seat comes between plays once the pool is empty. A round that reaches it is a bug.
ACTION_CAP = 1000


def play_round(game: Round, agents: Sequence[Agent], cap: int = ACTION_CAP) -> Round:
    """Play `game` until it ends or `cap` actions are on record; agents[seat] sees only its view.
    An illegal action raises `IllegalPlay`: a player must never make one."""
    while not game.is_over and len(game.actions) < cap:
        seat = game.to_move
        game = game.apply(agents[seat].act(game.view(seat)))
    return game


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game by player (line-up order), not by seat."""

    winner: int | None  # None: stopped at the action cap
    points: tuple[int, ...]  # each player's score (zero-sum; all 0 when stopped at the cap)
    pool_exhausted: bool
    actions: int


def play_game(number: int, seed: int, players: Sequence[AgentFactory], cap: int = ACTION_CAP) -> GameOutcome:
    """Game `number` of an arena: its deal, its rotation of the line-up, fresh agents."""
    n = len(players)
    seat_of = [(player + number) % n for player in range(n)]
    agents: list[Agent] = [None] * n  # type: ignore[list-item]
    for player, factory in enumerate(players):
        agents[seat_of[player]] = factory(derive_seed(seed, number, player))
    game = play_round(Round.deal(derive_seed(seed, number // n), RummikubRules(players=n)), agents, cap)
    if game.result is None:
        return GameOutcome(None, (0,) * n, False, len(game.actions))
    result = game.result
    return GameOutcome(
        winner=seat_of.index(result.winner),
        points=tuple(result.scores[seat] for seat in seat_of),
        pool_exhausted=result.pool_exhausted,
        actions=len(game.actions),
    )


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


@dataclass(frozen=True, slots=True)
class ArenaStats:
    games: int
    players: tuple[PlayerStats, ...]  # in line-up order
    pool_exhausted: int  # games won by the lowest rack once nobody could play
    capped: int  # games stopped at ACTION_CAP (0 unless something is wrong)
    actions_per_game: float


def summarize(names: Sequence[str], outcomes: Iterable[GameOutcome]) -> ArenaStats:
    outcomes = list(outcomes)
    if not outcomes:
        raise ValueError("no games to summarize")
    games = len(outcomes)
    players = []
    for player, name in enumerate(names):
        wins = sum(o.winner == player for o in outcomes)
        low, high = wilson_interval(wins, games)
        mean, points_low, points_high = mean_interval(o.points[player] for o in outcomes)
        players.append(PlayerStats(name, wins, wins / games, low, high, mean, points_low, points_high))
    return ArenaStats(
        games=games,
        players=tuple(players),
        pool_exhausted=sum(o.pool_exhausted for o in outcomes),
        capped=sum(o.winner is None for o in outcomes),
        actions_per_game=sum(o.actions for o in outcomes) / games,
    )
