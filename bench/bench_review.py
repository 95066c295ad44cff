"""Review time per hand, and per decision, for each game with a review, on this interpreter.

    python bench/bench_review.py [--hands 40] [--seed 5] [--games gin,basic,rummikub]

Each hand (gin; Basic Rummy, 3 players; a Rummikub round, 2 players) is played by `normal` in
the reviewed seat (0) against `hard` players, then reviewed whole; the figures are the time of
`review` per hand and of each decision (`review_steps`, the worker's slice), as median, p95 and
max in milliseconds. The page's worker runs the same code.
"""

from __future__ import annotations

import argparse
import time
from statistics import median, quantiles

from rummy.rng import derive_seed

PERSON = 0


def gin_hands(count: int, seed: int):
    from rummy.gin import Match, make_agent, play_round, preset

    for n in range(count):
        match = Match.start(preset("house"), derive_seed(seed, n))
        yield play_round(match, [make_agent("normal", n), make_agent("hard", n)]).round


def basic_hands(count: int, seed: int, players: int = 3):
    from rummy import basic
    from rummy.basic.agents import make_agent
    from rummy.basic.arena import rules_for

    for n in range(count):
        hand = basic.Round.deal(derive_seed(seed, n), rules_for(players), dealer=players - 1)
        agents = [make_agent("normal", n)] + [make_agent("hard", n + k) for k in range(1, players)]
        while not hand.is_over:
            hand = hand.apply(agents[hand.to_move].act(hand.view(hand.to_move)))
        yield hand


def rummikub_rounds(count: int, seed: int, players: int = 2):
    from rummy.rummikub import Round, Rules
    from rummy.rummikub.agents import make_agent

    for n in range(count):
        game = Round.deal(derive_seed(seed, n), Rules(players=players))
        agents = [make_agent("normal", n)] + [make_agent("hard", n + k) for k in range(1, players)]
        while not game.is_over:
            game = game.apply(agents[game.to_move].act(game.view(game.to_move)))
        yield game


GAMES = {
    "gin": (gin_hands, "rummy.gin.review"),
    "basic": (basic_hands, "rummy.basic.review"),
    "rummikub": (rummikub_rounds, "rummy.rummikub.review"),
}


def timed_review(steps) -> tuple[float, list[float]]:
    """(seconds for the whole review, seconds of each decision) of one hand's `review_steps`."""
    per_decision = []
    start = last = time.perf_counter()
    for _ in steps:
        now = time.perf_counter()
        per_decision.append(now - last)
        last = now
    return last - start, per_decision


def line(name: str, unit: str, seconds: list[float]) -> str:
    seconds = sorted(seconds)
    p95 = quantiles(seconds, n=20)[18] if len(seconds) > 1 else seconds[0]
    return (
        f"{name:8s} {len(seconds):5d} {unit}: median {median(seconds) * 1000:8.2f} ms, "
        f"p95 {p95 * 1000:8.2f} ms, max {seconds[-1] * 1000:8.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    import importlib

    for game in args.games.split(","):
        hands_of, module = GAMES[game]
        review_steps = importlib.import_module(module).review_steps
        per_hand, per_decision = [], []
        for hand in hands_of(args.hands, args.seed):
            whole, each = timed_review(review_steps(hand, PERSON))
            per_hand.append(whole)
            per_decision += each
        print(line(game, "hands", per_hand))
        print(line(game, "decisions", per_decision))


if __name__ == "__main__":
    main()
