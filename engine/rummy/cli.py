"""Command line: `python -m rummy gin selfplay|arena ...`, `python -m rummy rummikub arena ...`,
`python -m rummy basic arena ...` and `python -m rummy verify ...` (`rummy.verify`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, fields, replace
from functools import partial
from multiprocessing import Pool
from typing import TYPE_CHECKING, Any, TypeVar

from . import verify
from .arena import PlayerStats
from .basic import agents as basic_agents
from .basic import arena as basic_arena
from .basic.rules import TURNOVERS
from .basic.rules import Rules as BasicRules
from .gin.agents import agent_class, make_agent
from .gin.arena import ArenaStats, MatchOutcome, play_pair, summarize
from .gin.rules import PRESETS, TARGETS, Rules, preset
from .gin.selfplay import SelfplayStats, selfplay
from .rummikub import agents as rummikub_agents
from .rummikub import arena as rummikub_arena
from .rummikub.round import Rules as RummikubRules

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]

T = TypeVar("T")
R = TypeVar("R")
OutcomeT = TypeVar("OutcomeT")  # one arena game's outcome
StatsT = TypeVar("StatsT", bound="DataclassInstance")  # an arena's figures
RulesT = TypeVar("RulesT", bound="DataclassInstance")  # a game's rules


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
        raise argparse.ArgumentTypeError(
            f"{value} is odd: each deal is played twice, seats swapped"
        )
    return value


def _known(agent_class: Callable[[str], object], name: str) -> str:
    """`name` if `agent_class` knows it (a level or module:Class); else argparse's error."""
    try:
        agent_class(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return name


def _agent(name: str) -> str:
    return _known(agent_class, name)


def _line_up_of(
    game: str, agent_class: Callable[[str], object], low: int, high: int
) -> Callable[[str], tuple[str, ...]]:
    """The parser of a line-up of `low`-`high` players of `game`, comma-separated: easy,
    normal, hard or module:Class (`agent_class` knows them)."""

    def line_up(text: str) -> tuple[str, ...]:
        names = tuple(name.strip() for name in text.split(","))
        if not low <= len(names) <= high:
            count = f"{len(names)} player{'s' if len(names) > 1 else ''}"
            raise argparse.ArgumentTypeError(f"{count}: {game} is for {low}-{high} players")
        return tuple(_known(agent_class, name) for name in names)

    return line_up


def _house_rule(text: str) -> tuple[str, Any]:
    """NAME=VALUE, a field of the game's Rules: the value read as JSON where it is one (true,
    31), else as text (any)."""
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def _house(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--house",
        type=_house_rule,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, a field of the game's Rules (docs/engine.md), e.g. oklahoma=true; "
        "repeatable",
    )


def _with_house(
    parser: argparse.ArgumentParser, rules: RulesT, house: Sequence[tuple[str, Any]]
) -> RulesT:
    """`rules` with the house rules given, or the parser's error naming what is wrong."""
    names = {f.name for f in fields(rules)}
    for name, _ in house:
        if name not in names:
            parser.error(f"unknown house rule {name!r}: the rules are {', '.join(sorted(names))}")
    try:
        return replace(rules, **dict(house))
    except (TypeError, ValueError) as error:
        parser.error(f"--house: {error}")


def _jobs(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--jobs", type=_positive, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )


def _add_common(command: argparse.ArgumentParser, seed: int) -> None:
    command.add_argument(
        "--p1", type=_agent, default="easy", help="easy, normal, hard or module:Class"
    )
    command.add_argument(
        "--p2", type=_agent, default="easy", help="easy, normal, hard or module:Class"
    )
    command.add_argument(
        "--seed", type=_whole, default=seed, help=f"seed of the deals (default {seed})"
    )
    command.add_argument("--rules", choices=sorted(PRESETS), default="house", help="rule preset")
    command.add_argument("--target", type=int, choices=TARGETS, help="match target (default 100)")
    _house(command)
    command.add_argument("--json", action="store_true", help="print one JSON object")


def _turnovers(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 20:
        raise argparse.ArgumentTypeError(f"{value} is not from 0 to 20")
    return value


def _add_line_up_arena(
    games: Subcommands,
    key: str,
    title: str,
    agent_class: Callable[[str], object],
    players: tuple[int, int],
    length: tuple[str, str, int],
    seed: int,
    whole_games: bool = False,
) -> argparse.ArgumentParser:
    """`python -m rummy <key> arena`: a line-up of `players` seats (`--players`, names that
    `agent_class` knows), how long to play (`length`: option, what it counts, default), the
    seed of the deals, jobs, JSON; the arena's parser, for options of its own game."""
    low, high = players
    option, noun, count = length
    commands = games.add_parser(key, help=title).add_subparsers(
        dest="command", required=True, metavar="COMMAND"
    )
    arena = commands.add_parser(
        "arena", help=f"{noun} between {low}-{high} players, with 95%% intervals"
    )
    arena.add_argument(
        "--players",
        type=_line_up_of(title, agent_class, low, high),
        default=("hard", "easy", "easy", "easy"),
        help=f"{low}-{high} comma-separated players: easy, normal, hard or module:Class "
        "(default hard,easy,easy,easy)",
    )
    lengths = arena.add_mutually_exclusive_group()
    lengths.add_argument(
        option, type=_positive, default=count, help=f"{noun} to play (default {count})"
    )
    if whole_games:
        lengths.add_argument(
            "--games",
            type=_positive,
            help=f"whole games to 100 points to play instead of {noun} (each player's wins and "
            "mean final score)",
        )
    arena.add_argument(
        "--seed", type=_whole, default=seed, help=f"seed of the deals (default {seed})"
    )
    _jobs(arena)
    _house(arena)
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    return arena


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rummy", description="Rummy Table engine tools."
    )
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    gin = games.add_parser("gin", help="Gin Rummy").add_subparsers(
        dest="command", required=True, metavar="COMMAND"
    )
    sp = gin.add_parser("selfplay", help="computer-vs-computer hands and their statistics")
    sp.add_argument("--hands", type=_positive, default=200, help="hands to play (default 200)")
    _add_common(sp, seed=1)
    arena = gin.add_parser("arena", help="whole matches between two players, with 95%% intervals")
    arena.add_argument("--matches", type=_even, default=400, help="matches, even (default 400)")
    _jobs(arena)
    _add_common(arena, seed=7)
    _add_line_up_arena(
        games,
        "rummikub",
        "Rummikub",
        rummikub_agents.agent_class,
        (2, 4),
        ("--games", "rounds", 200),
        seed=3,
    )
    basic = _add_line_up_arena(
        games,
        "basic",
        "Basic Rummy",
        basic_agents.agent_class,
        (2, 6),
        ("--hands", "hands", 500),
        seed=5,
        whole_games=True,
    )
    basic.add_argument(
        "--turnovers",
        type=_turnovers,
        default=TURNOVERS,
        help="times the pile may become the stock before an empty stock draws the hand, 0-20 "
        f"(default {TURNOVERS})",
    )
    verify.add_parser(games)
    return parser


def _format_selfplay(stats: SelfplayStats, args: argparse.Namespace) -> str:
    knock = "n/a" if stats.knock_deadwood_mean is None else f"{stats.knock_deadwood_mean:.1f}"
    return "\n".join(
        [
            f"Gin Rummy self-play: {stats.hands} hands, {args.p1} vs {args.p2}, "
            f"rules {args.rules}{_house_text(args)}, seed {args.seed}",
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
            f"rules {args.rules}{_house_text(args)}, seed {args.seed}",
            f"match wins: {p1} {s.p1_wins}, {p2} {s.matches - s.p1_wins}; {p1} wins "
            f"{s.p1_win_rate:.1%} (95% CI {s.p1_win_rate_low:.1%}-{s.p1_win_rate_high:.1%})",
            f"hands: {s.hands}; won by {p1} {s.p1_hands_won}, by {p2} {s.p2_hands_won}, dead "
            f"{s.dead_hands}; {p1} wins {s.p1_hand_win_rate:.1%} of decided hands "
            f"(95% CI {s.p1_hand_win_rate_low:.1%}-{s.p1_hand_win_rate_high:.1%})",
            f"points per hand, {p1} minus {p2}: {s.p1_points_per_hand:+.2f} "
            f"(95% CI {s.p1_points_per_hand_low:+.2f} to {s.p1_points_per_hand_high:+.2f})",
        ]
    )


def _play_pair(
    pair: int, seed: int, rules: Rules, p1: str, p2: str
) -> tuple[MatchOutcome, MatchOutcome]:
    return play_pair(pair, seed, rules, partial(make_agent, p1), partial(make_agent, p2))


def _rotations(games: int, n: int, noun: str) -> str:
    deals, short = divmod(games, n)
    text = (
        f"{deals} deal{'s' if deals != 1 else ''}, each played {n} times with the line-up rotated"
    )
    if short:
        text += f"; then {short} {noun}{'s' if short > 1 else ''} of one more deal"
    return text


def _player_lines(players: Iterable[PlayerStats], unit: str, digits: int) -> list[str]:
    return [
        f"p{number} {p.name}: wins {p.wins} ({p.win_rate:.1%}, 95% CI {p.low:.1%}-{p.high:.1%}), "
        f"points per {unit} {p.points:+.{digits}f} "
        f"(95% CI {p.points_low:+.{digits}f} to {p.points_high:+.{digits}f})"
        for number, p in enumerate(players, 1)
    ]


def _line_up_report(
    args: argparse.Namespace,
    title: str,
    played: str,
    players: Iterable[PlayerStats],
    unit: str,
    digits: int,
    footer: str,
) -> str:
    """A line-up arena's report: what was `played`, a line per player, then `footer`."""
    lines = [
        f"{title} arena: {', '.join(args.players)}; {played}, seed {args.seed}{_house_text(args)}"
    ]
    lines += _player_lines(players, unit, digits)
    lines.append(footer)
    return "\n".join(lines)


def _format_rummikub(s: rummikub_arena.ArenaStats, args: argparse.Namespace) -> str:
    rotations = _rotations(s.games, len(args.players), "game")
    footer = (
        f"won by the lowest rack once the pool ran out: {s.pool_exhausted}; actions per game: "
        f"{s.actions_per_game:.1f}; "
        f"stopped at the {rummikub_arena.ACTION_CAP}-action cap: {s.capped}"
    )
    return _line_up_report(
        args, "Rummikub", f"{s.games} games ({rotations})", s.players, "game", 1, footer
    )


def _format_basic(s: basic_arena.ArenaStats, args: argparse.Namespace) -> str:
    rotations = _rotations(s.hands, len(args.players), "hand")
    footer = (
        f"drawn hands (stock out after {args.turnovers} turnovers): {s.draws} ({s.draw_share:.1%}, "
        f"95% CI {s.draw_low:.1%}-{s.draw_high:.1%}); actions per hand: {s.actions_per_hand:.1f}; "
        f"stopped at the {basic_arena.action_cap(args.turnovers)}-action cap: {s.capped}"
    )
    return _line_up_report(
        args, "Basic Rummy", f"{s.hands} hands ({rotations})", s.players, "hand", 2, footer
    )


def _format_basic_games(s: basic_arena.GamesStats, args: argparse.Namespace) -> str:
    rotations = _rotations(s.games, len(args.players), "game")
    footer = (
        f"games tied at the top (nobody's win): {s.ties}; hands per game: "
        f"{s.hands_per_game:.1f}; drawn hands: {s.drawn_hands}"
    )
    played = f"{s.games} games to 100 points ({rotations})"
    return _line_up_report(args, "Basic Rummy", played, s.players, "game", 1, footer)


def _spread(play: Callable[[T], R], items: Iterable[T], jobs: int) -> list[R]:
    """play(item) for every item, over `jobs` processes; the order of the results is kept."""
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(play, items, chunksize=1)
    return [play(item) for item in items]


def _play_line_up(
    play: Callable[..., OutcomeT],
    make_agent: Callable[..., Any],
    number: int,
    seed: int,
    players: tuple[str, ...],
    **options: Any,
) -> OutcomeT:
    """Game (or hand) `number` of an arena: `play` it with fresh agents of the levels named."""
    return play(number, seed, [partial(make_agent, name) for name in players], **options)


def _line_up_arena(
    args: argparse.Namespace,
    play: Callable[..., OutcomeT],
    make_agent: Callable[..., Any],
    summarize: Callable[[Sequence[str], list[OutcomeT]], StatsT],
    count: int,
    formatted: Callable[[StatsT, argparse.Namespace], str],
    **options: Any,
) -> int:
    """Play `count` arena games of the line-up `args.players` (`play(number, seed, agent
    factories, **options)`, agents by `make_agent(name, seed)`, spread over `args.jobs`
    processes) and print the figures, as text or one JSON object (the options in it)."""
    game = partial(_play_line_up, play, make_agent, seed=args.seed, players=args.players, **options)
    stats = summarize(args.players, _spread(game, range(count), args.jobs))
    if args.json:
        print(json.dumps({"seed": args.seed, **options, **asdict(stats)}))
    else:
        print(formatted(stats, args))
    return 0


def _house_text(args: argparse.Namespace) -> str:
    """The house rules an arena plays, as given (empty when none)."""
    return (
        ", house rules " + " ".join(f"{n}={json.dumps(v)}" for n, v in args.house)
        if args.house
        else ""
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.game == "verify":
        return verify.run(args)
    if args.game == "rummikub":
        _with_house(parser, RummikubRules(players=len(args.players)), args.house)
        return _line_up_arena(
            args,
            rummikub_arena.play_game,
            rummikub_agents.make_agent,
            rummikub_arena.summarize,
            args.games,
            _format_rummikub,
            house=tuple(args.house),
        )
    if args.game == "basic":
        _with_house(parser, BasicRules(players=len(args.players)), args.house)
        if args.games:
            return _line_up_arena(
                args,
                basic_arena.play_game,
                basic_agents.make_agent,
                basic_arena.summarize_games,
                args.games,
                _format_basic_games,
                turnovers=args.turnovers,
                house=tuple(args.house),
            )
        return _line_up_arena(
            args,
            basic_arena.play_hand,
            basic_agents.make_agent,
            basic_arena.summarize,
            args.hands,
            _format_basic,
            turnovers=args.turnovers,
            house=tuple(args.house),
        )
    rules = _with_house(parser, preset(args.rules, args.target), args.house)
    if args.command == "selfplay":
        stats = selfplay(
            args.hands, args.seed, rules, partial(make_agent, args.p1), partial(make_agent, args.p2)
        )
        print(json.dumps(stats.as_dict()) if args.json else _format_selfplay(stats, args))
        return 0
    play = partial(_play_pair, seed=args.seed, rules=rules, p1=args.p1, p2=args.p2)
    results = _spread(play, range(args.matches // 2), args.jobs)
    figures = summarize(outcome for pair in results for outcome in pair)
    if args.json:
        info = {
            "p1": args.p1,
            "p2": args.p2,
            "rules": args.rules,
            "target": rules.target,
            "house": dict(args.house),
            "seed": args.seed,
        }
        print(json.dumps({**info, **asdict(figures)}))
    else:
        print(_format_arena(figures, args, rules.target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
