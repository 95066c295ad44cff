"""Decision time of each Rummikub computer level, in one run: percentiles in milliseconds, and
each level's median as a ratio of easy's, measured in the same run.

    python bench/bench_rummikub_agents.py [--games 40] [--seed 3]

Each level plays `--games` arena games (`rummy.rummikub.arena.play_game`: the deals and seat
rotations of `python -m rummy rummikub arena`) as the first player against three `easy`
players; every decision the measured level makes is timed. Target for `hard` on CPython:
median well under 100 ms.
"""

from __future__ import annotations

import argparse
from functools import partial

from bench_agents import (  # the gin levels' stopwatch and printout
    TimedSeat,
    print_percentiles,
)
from rummy.rummikub.agents import LEVELS, make_agent
from rummy.rummikub.arena import play_game


def decision_times(level: str, games: int, seed: int) -> list[float]:
    times: list[float] = []
    for number in range(games):
        measured = TimedSeat(make_agent, level)
        play_game(number, seed, [measured] + [partial(make_agent, "easy")] * 3)
        times += measured.players[0].seconds
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print_percentiles({level: decision_times(level, args.games, args.seed) for level in LEVELS})


if __name__ == "__main__":
    main()
