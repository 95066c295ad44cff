"""Shared links: how long a link is for a typical (median) and a long (max) hand of each game,
and how long making and opening one takes (encode, then decode, which replays the hand).

    python bench/bench_links.py [--gin 200] [--basic 100] [--rummikub 30] [--seed 1]

Each hand is the first hand of a session with the start screen's default settings (Basic
Rummy and Rummikub against three computer players), every seat played by a computer player
of the session's level from its own view (`rummy.arena.play_round`).
"""

from __future__ import annotations

import argparse
import statistics
import time

from rummy.arena import play_round
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.links import decode, encode, of_hand
from rummy.rng import derive_seed
from rummy.rummikub.session import RummikubSession

GAMES = {
    "gin": (GinSession, {}),
    "basic": (BasicSession, {"opponents": 3}),
    "rummikub": (RummikubSession, {"opponents": 3}),
}
CAP = 5000  # actions: far beyond any hand the computer players play


def played_hand(session_type, settings: dict, seed: int):
    """The first hand of a new session, played out by its computer players."""
    session = session_type.create(settings, seed)
    hand = session.match.round
    seats = range(len(session.match.scores))
    agents = [session.make_agent(session.settings.level, derive_seed(seed, seat)) for seat in seats]
    return of_hand(session.game, session.settings, play_round(hand, agents, CAP))


def measure(game: str, hands: int, seed: int) -> str:
    session_type, settings = GAMES[game]
    lengths, actions, times = [], [], []
    for number in range(hands):
        shared = played_hand(session_type, settings, derive_seed(seed, number))
        start = time.perf_counter()
        text = encode(shared)
        assert decode(text) == shared
        times.append(time.perf_counter() - start)
        lengths.append(len(text))
        actions.append(len(shared.actions))
    return (
        f"{game}: {hands} hands, link median {statistics.median(lengths):.0f}"
        f" max {max(lengths)} characters"
        f" (actions median {statistics.median(actions):.0f} max {max(actions)});"
        f" encode+decode+replay median {statistics.median(times) * 1000:.1f} ms"
        f" max {max(times) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for game, default in (("gin", 200), ("basic", 100), ("rummikub", 30)):
        parser.add_argument(f"--{game}", type=int, default=default, help=f"{game} hands to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in GAMES:
        hands = getattr(args, game)
        if hands < 1:
            parser.error(f"--{game} must be at least 1")
        print(measure(game, hands, args.seed), flush=True)


if __name__ == "__main__":
    main()
