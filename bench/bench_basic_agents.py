"""Decision time of each Basic Rummy computer level, in one run: percentiles in milliseconds, and
each level's median as a ratio of easy's, measured in the same run.

    python bench/bench_basic_agents.py [--hands 40] [--players 4] [--seed 5]

Each level plays `--hands` arena hands (`rummy.basic.arena.play_hand`: the deals and seat
rotations of `python -m rummy basic arena`) as the first player against `easy` players; every
decision the measured level makes is timed. Target for `hard` on CPython: median <= 30 ms,
p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
from functools import partial

from bench_agents import (  # the gin levels' stopwatch and printout
    TimedSeat,
    print_percentiles,
)
from rummy.basic.agents import LEVELS, make_agent
from rummy.basic.arena import play_hand


def decision_times(level: str, hands: int, players: int, seed: int) -> list[float]:
    times: list[float] = []
    for number in range(hands):
        measured = TimedSeat(make_agent, level)
        play_hand(number, seed, [measured] + [partial(make_agent, "easy")] * (players - 1))
        times += measured.players[0].seconds
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    print_percentiles(
        {level: decision_times(level, args.hands, args.players, args.seed) for level in LEVELS}
    )


if __name__ == "__main__":
    main()
