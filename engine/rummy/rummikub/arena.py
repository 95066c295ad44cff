"""Arena: Rummikub rounds between 2-4 players, every deal played once per rotation of the line-up.

Game `g` deals deal `g // n` (n players) with the line-up rotated by `g % n` (see
`rummy.arena`, shared with Basic Rummy). Figures come with 95% intervals: Wilson for win rates,
normal for points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import arena
from ..arena import AgentFactory, PlayerStats
from ..rng import derive_seed
from .agents import Agent
from .round import Round, Rules

# A round cannot outlast this: every draw takes a pool tile, every play a rack tile, and at most
# one pass per seat comes between plays once the pool is empty. A round that reaches it is a bug.
ACTION_CAP = 1000


def play_round(game: Round, agents: Sequence[Agent], cap: int = ACTION_CAP) -> Round:
    """Play `game` until it ends or `cap` actions are on record; agents[seat] sees only its view.
    An illegal action raises `IllegalPlay`: a player must never make one."""
    return arena.play_round(game, agents, cap)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game by player (line-up order), not by seat."""

    winner: int | None  # None: stopped at the action cap
    points: tuple[int, ...]  # each player's score (zero-sum; all 0 when stopped at the cap)
    pool_exhausted: bool
    actions: int


def play_game(
    number: int,
    seed: int,
    players: Sequence[AgentFactory],
    cap: int = ACTION_CAP,
    house: tuple[tuple[str, Any], ...] = (),
) -> GameOutcome:
    """Game `number` of an arena: its deal, its rotation of the line-up, fresh agents; under
    the `house` rules given (fields of Rules: ("initial_meld", 25))."""
    n = len(players)
    agents, seat_of = arena.seat_agents(number, seed, players)
    rules = Rules(players=n, **dict(house))
    game = play_round(Round.deal(derive_seed(seed, number // n), rules), agents, cap)
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
class ArenaStats:
    games: int
    players: tuple[PlayerStats, ...]  # in line-up order
    pool_exhausted: int  # games won by the lowest rack once nobody could play
    capped: int  # games stopped at ACTION_CAP (0 unless something is wrong)
    actions_per_game: float


def summarize(names: Sequence[str], outcomes: Iterable[GameOutcome]) -> ArenaStats:
    outcomes = list(outcomes)
    players = arena.player_stats(names, outcomes)
    games = len(outcomes)
    return ArenaStats(
        games=games,
        players=players,
        pool_exhausted=sum(o.pool_exhausted for o in outcomes),
        capped=sum(o.winner is None for o in outcomes),
        actions_per_game=sum(o.actions for o in outcomes) / games,
    )
