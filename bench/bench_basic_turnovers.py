"""Drawn hands and hand length of Basic Rummy by turnover limit, in one run: for each number
of players and line-up, the share of hands drawn (the stock out after the last turnover) with
its 95% Wilson interval, and the mean actions per hand (draws, melds, lay-offs, discards).

    python bench/bench_basic_turnovers.py [--hands 300] [--limits 3,4,5,6,8] [--seed 5] [--jobs 2]

Each row plays `--hands` arena hands (`rummy.basic.arena.play_hand`: the deals and seat
rotations of `python -m rummy basic arena --turnovers N`) of one line-up: at 2, 4 and 6 players,
`hard` with `normal` players and `normal` players only; at 6 players also `normal` with `easy`
players (the line-up the limit was first measured with).
"""

from __future__ import annotations

import argparse
from functools import partial
from multiprocessing import Pool

from rummy.basic.agents import make_agent
from rummy.basic.arena import play_hand, summarize

LINE_UPS = {
    2: [("hard", "normal"), ("normal", "normal")],
    4: [("hard",) + ("normal",) * 3, ("normal",) * 4],
    6: [("hard",) + ("normal",) * 5, ("normal",) * 6, ("normal",) + ("easy",) * 5],
}


def _hand(number: int, seed: int, line_up: tuple[str, ...], turnovers: int):
    return play_hand(
        number, seed, [partial(make_agent, name) for name in line_up], turnovers=turnovers
    )


def measure(line_up: tuple[str, ...], turnovers: int, hands: int, seed: int, pool) -> str:
    play = partial(_hand, seed=seed, line_up=line_up, turnovers=turnovers)
    outcomes = (
        pool.map(play, range(hands), chunksize=4) if pool else [play(h) for h in range(hands)]
    )
    s = summarize(line_up, outcomes)
    names = (
        f"{line_up[0]}+{len(line_up) - 1} {line_up[1]}"
        if len(set(line_up)) > 1
        else f"{len(line_up)} {line_up[0]}"
    )
    return (
        f"{len(line_up)} players  {names:<14} limit {turnovers:>2}: drawn {s.draws:>4}/{s.hands} "
        f"{s.draw_share:6.1%} (95% CI {s.draw_low:.1%}-{s.draw_high:.1%}), "
        f"actions per hand {s.actions_per_hand:6.1f}, capped {s.capped}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument(
        "--limits", default="3,4,5,6,8", help="comma-separated turnover limits, 0-20"
    )
    parser.add_argument("--players", default="2,4,6", help="comma-separated: 2, 4 and/or 6")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.hands < 1 or args.jobs < 1:
        parser.error("--hands and --jobs must be at least 1")
    limits = [int(limit) for limit in args.limits.split(",")]
    players = [int(n) for n in args.players.split(",")]
    if any(n not in LINE_UPS for n in players):
        parser.error("--players: 2, 4 or 6")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    try:
        for n in players:
            for line_up in LINE_UPS[n]:
                for turnovers in limits:
                    print(measure(line_up, turnovers, args.hands, args.seed, pool), flush=True)
    finally:
        if pool:
            pool.close()


if __name__ == "__main__":
    main()
