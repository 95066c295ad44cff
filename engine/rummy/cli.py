"""Command line: `python -m rummy gin selfplay ...` and `python -m rummy gin arena ...`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import asdict
from functools import partial
from multiprocessing import Pool

from .gin.agents import agent_class, make_agent
from .gin.arena import ArenaStats, play_pair, summarize
from .gin.rules import PRESETS, TARGETS, preset
from .gin.selfplay import SelfplayStats, selfplay


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def _even(text: str) -> int:
    value = _positive(text)
    if value % 2:
        raise argparse.ArgumentTypeError(f"{value} is odd: each deal is played twice, seats swapped")
    return value


def _agent(name: str) -> str:
    try:
        agent_class(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return name


def _add_common(command: argparse.ArgumentParser, seed: int) -> None:
    command.add_argument("--p1", type=_agent, default="easy", help="easy, normal, hard or module:Class")
    command.add_argument("--p2", type=_agent, default="easy", help="easy, normal, hard or module:Class")
    command.add_argument("--seed", type=_whole, default=seed, help=f"seed of the deals (default {seed})")
    command.add_argument("--rules", choices=sorted(PRESETS), default="house", help="rule preset")
    command.add_argument("--target", type=int, choices=TARGETS, help="match target (default 100)")
    command.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rummy", description="Rummy Table engine tools.")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    gin = games.add_parser("gin", help="Gin Rummy").add_subparsers(
        dest="command", required=True, metavar="COMMAND"
    )
    sp = gin.add_parser("selfplay", help="computer-vs-computer hands and their statistics")
    sp.add_argument("--hands", type=_positive, default=200, help="hands to play (default 200)")
    _add_common(sp, seed=1)
    arena = gin.add_parser("arena", help="whole matches between two players, with 95%% intervals")
    arena.add_argument("--matches", type=_even, default=400, help="matches, even (default 400)")
    arena.add_argument(
        "--jobs", type=_positive, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    _add_common(arena, seed=7)
    return parser


def _format_selfplay(stats: SelfplayStats, args: argparse.Namespace) -> str:
    knock = "n/a" if stats.knock_deadwood_mean is None else f"{stats.knock_deadwood_mean:.1f}"
    return "\n".join(
        [
            f"Gin Rummy self-play: {stats.hands} hands, {args.p1} vs {args.p2}, rules {args.rules}, "
            f"seed {args.seed}",
            f"turns per hand: median {stats.turns_median:g}, quartiles {stats.turns_q1:g} and "
            f"{stats.turns_q3:g}, range {stats.turns_min}-{stats.turns_max}",
            f"mean deadwood at knock: {knock}",
            f"gins {stats.gin_share:.1%}, undercuts {stats.undercut_share:.1%}, "
            f"dead hands {stats.dead_share:.1%}",
        ]
    )


def _format_arena(s: ArenaStats, args: argparse.Namespace, target: int) -> str:
    p1, p2 = args.p1, args.p2
    return "\n".join(
        [
            f"Gin Rummy arena: {p1} (p1) vs {p2} (p2), {s.matches} matches to {target} "
            f"({s.matches // 2} deal sequences, each played twice with seats swapped), "
            f"rules {args.rules}, seed {args.seed}",
            f"match wins: {p1} {s.p1_wins}, {p2} {s.matches - s.p1_wins}; {p1} wins "
            f"{s.p1_win_rate:.1%} (95% CI {s.p1_win_rate_low:.1%}-{s.p1_win_rate_high:.1%})",
            f"hands: {s.hands}; won by {p1} {s.p1_hands_won}, by {p2} {s.p2_hands_won}, dead "
            f"{s.dead_hands}; {p1} wins {s.p1_hand_win_rate:.1%} of decided hands "
            f"(95% CI {s.p1_hand_win_rate_low:.1%}-{s.p1_hand_win_rate_high:.1%})",
            f"points per hand, {p1} minus {p2}: {s.p1_points_per_hand:+.2f} "
            f"(95% CI {s.p1_points_per_hand_low:+.2f} to {s.p1_points_per_hand_high:+.2f})",
        ]
    )


def _play_pair(pair: int, seed: int, rules, p1: str, p2: str):
    return play_pair(pair, seed, rules, partial(make_agent, p1), partial(make_agent, p2))


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    rules = preset(args.rules, args.target)
    if args.command == "selfplay":
        stats = selfplay(
            args.hands, args.seed, rules, partial(make_agent, args.p1), partial(make_agent, args.p2)
        )
        print(json.dumps(stats.as_dict()) if args.json else _format_selfplay(stats, args))
        return 0
    play = partial(_play_pair, seed=args.seed, rules=rules, p1=args.p1, p2=args.p2)
    pairs = range(args.matches // 2)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play, pairs, chunksize=1)
    else:
        results = [play(pair) for pair in pairs]
    stats = summarize(outcome for pair in results for outcome in pair)
    if args.json:
        info = {"p1": args.p1, "p2": args.p2, "rules": args.rules, "target": rules.target, "seed": args.seed}
        print(json.dumps({**info, **asdict(stats)}))
    else:
        print(_format_arena(stats, args, rules.target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
