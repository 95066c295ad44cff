"""Command line: `python -m rummy gin selfplay ...`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .gin.rules import PRESETS, preset
from .gin.selfplay import SelfplayStats, selfplay


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rummy", description="Rummy Table engine tools.")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    gin = games.add_parser("gin", help="Gin Rummy").add_subparsers(
        dest="command", required=True, metavar="COMMAND"
    )
    sp = gin.add_parser("selfplay", help="computer-vs-computer hands and their statistics")
    sp.add_argument("--hands", type=_positive, default=200, help="hands to play (default 200)")
    sp.add_argument("--seed", type=_seed, default=1, help="seed of the deals (default 1)")
    sp.add_argument("--rules", choices=sorted(PRESETS), default="house", help="rule preset")
    sp.add_argument("--target", type=int, choices=(50, 100), help="match target (default 100)")
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _format_selfplay(stats: SelfplayStats, args: argparse.Namespace) -> str:
    knock = "n/a" if stats.knock_deadwood_mean is None else f"{stats.knock_deadwood_mean:.1f}"
    return "\n".join(
        [
            f"Gin Rummy self-play: {stats.hands} hands, rules {args.rules}, seed {args.seed}",
            f"turns per hand: median {stats.turns_median:g}, quartiles {stats.turns_q1:g} and "
            f"{stats.turns_q3:g}, range {stats.turns_min}-{stats.turns_max}",
            f"mean deadwood at knock: {knock}",
            f"gins {stats.gin_share:.1%}, undercuts {stats.undercut_share:.1%}, "
            f"dead hands {stats.dead_share:.1%}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.game == "gin" and args.command == "selfplay":
        stats = selfplay(args.hands, args.seed, preset(args.rules, args.target))
        print(json.dumps(stats.as_dict()) if args.json else _format_selfplay(stats, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
