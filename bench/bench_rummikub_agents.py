"""Decision time of each Rummikub computer level, in one run: percentiles in milliseconds.

    python bench/bench_rummikub_agents.py [--games 40] [--seed 3]

Each level plays `--games` arena games (`rummy.rummikub.arena.play_game`: the deals and seat
rotations of `python -m rummy rummikub arena`) as the first player against three `easy`
players; every decision the measured level makes is timed. Target for `hard` on CPython:
median well under 100 ms.
"""

from __future__ import annotations

import argparse
from functools import partial
from statistics import median, quantiles

from bench_agents import Timed  # the same stopwatch as the gin levels' benchmark

from rummy.rummikub.agents import LEVELS, make_agent
from rummy.rummikub.arena import play_game


def decision_times(level: str, games: int, seed: int) -> list[float]:
    times: list[float] = []
    for number in range(games):
        timed: list[Timed] = []

        def measured(agent_seed: int) -> Timed:
            timed.append(Timed(make_agent(level, agent_seed)))
            return timed[-1]

        play_game(number, seed, [measured] + [partial(make_agent, "easy")] * 3)
        times += timed[0].seconds
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    for level in LEVELS:
        times = sorted(decision_times(level, args.games, args.seed))
        cuts = quantiles(times, n=20)
        print(
            f"{level:6s} {len(times):5d} decisions: median {median(times) * 1000:7.3f} ms, "
            f"p90 {cuts[17] * 1000:7.3f} ms, p95 {cuts[18] * 1000:7.3f} ms, max {times[-1] * 1000:7.3f} ms"
        )


if __name__ == "__main__":
    main()
