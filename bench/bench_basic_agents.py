"""Decision time of each Basic Rummy computer level, in one run: percentiles in milliseconds.

    python bench/bench_basic_agents.py [--hands 40] [--players 4] [--seed 5]

Each level plays `--hands` arena hands (`rummy.basic.arena.play_hand`: the deals and seat
rotations of `python -m rummy basic arena`) as the first player against `easy` players; every
decision the measured level makes is timed. Target for `hard` on CPython: median <= 30 ms,
p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
from functools import partial
from statistics import median, quantiles

from bench_agents import Timed  # the same stopwatch as the gin levels' benchmark
from rummy.basic.agents import LEVELS, make_agent
from rummy.basic.arena import play_hand


def decision_times(level: str, hands: int, players: int, seed: int) -> list[float]:
    times: list[float] = []
    for number in range(hands):
        timed: list[Timed] = []

        def measured(agent_seed: int) -> Timed:
            timed.append(Timed(make_agent(level, agent_seed)))
            return timed[-1]

        play_hand(number, seed, [measured] + [partial(make_agent, "easy")] * (players - 1))
        times += timed[0].seconds
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 7))
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    for level in LEVELS:
        times = sorted(decision_times(level, args.hands, args.players, args.seed))
        cuts = quantiles(times, n=20)
        print(
            f"{level:6s} {len(times):5d} decisions: median {median(times) * 1000:7.3f} ms, "
            f"p90 {cuts[17] * 1000:7.3f} ms, p95 {cuts[18] * 1000:7.3f} ms, max {times[-1] * 1000:7.3f} ms"
        )


if __name__ == "__main__":
    main()
