"""Decision time of each computer level, in one run: percentiles in milliseconds, and each
level's median as a ratio of the easy baseline's, measured side by side on the same deals.

    python bench/bench_agents.py [--hands 40] [--seed 3] [--rules house|pagat]

Each level plays `--hands` hands against `normal` (seats alternating); every decision the
measured level makes is timed. Targets for `hard` on CPython: median <= 30 ms, p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import time
from statistics import median, quantiles

from rummy.gin import LEVELS, Match, make_agent, play_round, preset
from rummy.rng import derive_seed


class Timed:
    def __init__(self, agent) -> None:
        self.agent = agent
        self.seconds: list[float] = []

    def act(self, view):
        start = time.perf_counter()
        action = self.agent.act(view)
        self.seconds.append(time.perf_counter() - start)
        return action


class TimedSeat:
    """A seat for the arenas that make each player from its seed: `make_agent(level, seed)`,
    Timed, and kept in `players` to read its decision times after the game."""

    def __init__(self, make_agent, level: str) -> None:
        self.make_agent, self.level = make_agent, level
        self.players: list[Timed] = []

    def __call__(self, agent_seed: int) -> Timed:
        self.players.append(Timed(self.make_agent(self.level, agent_seed)))
        return self.players[-1]


def print_percentiles(times_by_level: dict[str, list[float]]) -> None:
    """One line a level: its decision-time percentiles in ms and its median as a ratio of the
    easy level's, measured in the same run (every game's benchmark prints these lines)."""
    reference = median(times_by_level["easy"])
    for level, times in times_by_level.items():
        times = sorted(times)
        cuts = quantiles(times, n=20)
        print(
            f"{level:7s} {len(times):5d} decisions: median {median(times) * 1000:7.3f} ms, "
            f"p90 {cuts[17] * 1000:7.3f} ms, p95 {cuts[18] * 1000:7.3f} ms, "
            f"max {times[-1] * 1000:7.3f} ms, median {median(times) / reference:6.1f}x easy"
        )


def decision_times(level: str, hands: int, seed: int, rules) -> list[float]:
    times: list[float] = []
    for n in range(hands):
        timed = Timed(make_agent(level, derive_seed(seed, n)))
        agents = [timed, make_agent("normal", n)]
        if n % 2:
            agents.reverse()
        play_round(Match.start(rules, derive_seed(seed, 10_000 + n)), agents)
        times += timed.seconds
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rules", choices=["house", "pagat"], default="house")
    args = parser.parse_args()
    rules = preset(args.rules)
    print_percentiles(
        {level: decision_times(level, args.hands, args.seed, rules) for level in LEVELS}
    )


if __name__ == "__main__":
    main()
