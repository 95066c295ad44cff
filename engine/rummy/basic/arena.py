"""Arena: Basic Rummy hands, or whole games, between 2-6 players, every deal played once per
rotation of the line-up.

Hand `h` deals deal `h // n` (n players) with the line-up rotated by `h % n` (`rummy.arena`,
shared with Rummikub). Seat 0 deals every deal, so the deal passes round the players with the
line-up: each deal is played with every player in every seat, dealer included. A whole game
(`play_game`) is played the same way, to the rules page's 100 points: game `g` is the game of
seed `g // n`, seat 0 dealing first. Hands count who goes out; games count points too, which is
what the rules page plays for. Figures come with 95% intervals: Wilson for win rates, normal
for points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import arena
from ..arena import AgentFactory, PlayerStats
from ..intervals import wilson_interval
from ..rng import derive_seed
from .match import Match
from .round import Round
from .rules import TURNOVERS, Rules

# Actions a hand may take per pass through the stock: a pass has at most about 52 turns of 2-3
# actions each, and after the last turnover the stock runs out for good. A hand that reaches
# the cap (500 x 4 = 2000 actions at 3 turnovers) is a bug.
ACTIONS_PER_PASS = 500
# Hands a whole game may take: a game of computer players lasts about 5-15.
HAND_CAP = 200


def action_cap(turnovers: int = TURNOVERS) -> int:
    """The most actions a hand may take with `turnovers` turnovers: one pass more than them."""
    return ACTIONS_PER_PASS * (turnovers + 1)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand by player (line-up order), not by seat."""

    winner: int | None  # None: a draw (or stopped at the action cap)
    points: tuple[int, ...]  # what each player scored this hand (the winner's points, others 0)
    draw: bool  # the stock ran out after the last turnover
    actions: int


def rules_for(players: int, rummy_doubles: bool = False, turnovers: int = TURNOVERS) -> Rules:
    """One hand at a time: the arena counts hands, not games."""
    return Rules(
        players=players, hands=1, target=None, rummy_doubles=rummy_doubles, turnovers=turnovers
    )


def play_hand(
    number: int,
    seed: int,
    players: Sequence[AgentFactory],
    cap: int | None = None,
    rummy_doubles: bool = False,
    turnovers: int = TURNOVERS,
    house: tuple[tuple[str, Any], ...] = (),
) -> HandOutcome:
    """Hand `number` of an arena: its deal, its rotation of the line-up, fresh agents, under
    the `house` rules given (fields of Rules: ("melds_per_turn", "any")); `cap` defaults to
    `action_cap(turnovers)`."""
    n = len(players)
    agents, seat_of = arena.seat_agents(number, seed, players)
    rules = replace(rules_for(n, rummy_doubles, turnovers), **dict(house))
    hand = Round.deal(derive_seed(seed, number // n), rules, dealer=0)
    hand = arena.play_round(hand, agents, action_cap(turnovers) if cap is None else cap)
    result = hand.result
    if result is None or result.winner is None:
        return HandOutcome(None, (0,) * n, result is not None, len(hand.actions))
    winner = seat_of.index(result.winner)
    points = tuple(result.points * (player == winner) for player in range(n))
    return HandOutcome(winner, points, False, len(hand.actions))


@dataclass(frozen=True, slots=True)
class ArenaStats:
    hands: int
    players: tuple[PlayerStats, ...]  # in line-up order
    draws: int  # hands drawn: the stock ran out after the last turnover
    draw_share: float
    draw_low: float  # its 95% Wilson interval
    draw_high: float
    capped: int  # hands stopped at the action cap (0 unless something is wrong)
    actions_per_hand: float


def summarize(names: Sequence[str], outcomes: Iterable[HandOutcome]) -> ArenaStats:
    outcomes = list(outcomes)
    players = arena.player_stats(names, outcomes)
    hands = len(outcomes)
    draws = sum(o.draw for o in outcomes)
    draw_low, draw_high = wilson_interval(draws, hands)
    return ArenaStats(
        hands=hands,
        players=players,
        draws=draws,
        draw_share=draws / hands,
        draw_low=draw_low,
        draw_high=draw_high,
        capped=sum(o.winner is None and not o.draw for o in outcomes),
        actions_per_hand=sum(o.actions for o in outcomes) / hands,
    )


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One whole game by player (line-up order), not by seat."""

    winner: int | None  # None: two or more players tied at the top
    points: tuple[int, ...]  # each player's final score
    hands: int
    drawn: int  # hands drawn: the stock ran out for good


def play_game(
    number: int,
    seed: int,
    players: Sequence[AgentFactory],
    turnovers: int = TURNOVERS,
    house: tuple[tuple[str, Any], ...] = (),
    hand_cap: int = HAND_CAP,
) -> GameOutcome:
    """Game `number` of an arena: a game to 100 points of seed `number // n`, the line-up
    rotated by `number % n`, fresh agents that see the scores, under the `house` rules given.
    Players who never draw from the stock, or never go out, would play for ever: a hand
    reaching `action_cap(turnovers)`, or a game still going after `hand_cap` hands, raises."""
    n = len(players)
    agents, seat_of = arena.seat_agents(number, seed, players)
    rules = replace(Rules(players=n, turnovers=turnovers), **dict(house))
    game = Match.start(rules, derive_seed(seed, number // n), first_dealer=0)
    cap = action_cap(turnovers)
    while not game.is_over:
        if game.round.is_over:
            if len(game.rounds) >= hand_cap:
                raise RuntimeError(f"game {number}: nobody reached 100 points in {hand_cap} hands")
            game = game.next_round()
        elif len(game.round.actions) >= cap:
            raise RuntimeError(f"game {number}: hand {len(game.rounds)} reached {cap} actions")
        else:
            seat = game.round.to_move
            game = game.apply(agents[seat].act(game.view(seat)))
    winners = game.winners
    return GameOutcome(
        winner=seat_of.index(winners[0]) if len(winners) == 1 else None,
        points=tuple(game.scores[seat] for seat in seat_of),
        hands=len(game.rounds),
        drawn=sum(hand.result is not None and hand.result.winner is None for hand in game.rounds),
    )


@dataclass(frozen=True, slots=True)
class GamesStats:
    games: int
    players: tuple[PlayerStats, ...]  # in line-up order; points: the mean final score
    ties: int  # games with two or more players tied at the top (nobody's win)
    hands_per_game: float
    drawn_hands: int


def summarize_games(names: Sequence[str], outcomes: Iterable[GameOutcome]) -> GamesStats:
    outcomes = list(outcomes)
    players = arena.player_stats(names, outcomes)
    games = len(outcomes)
    return GamesStats(
        games=games,
        players=players,
        ties=sum(o.winner is None for o in outcomes),
        hands_per_game=sum(o.hands for o in outcomes) / games,
        drawn_hands=sum(o.drawn for o in outcomes),
    )
