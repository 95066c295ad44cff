"""`python -m rummy verify <link or seed> [cut]`: a hand's deck dealt again from its revealed
seed and cut, as anyone may check it without the site (`rummy.fairdeal`, docs/fair-deal.md).

A shared link holds its hand's seed, cut, game, players and dealer; a bare seed needs them
given (`--game`, `--players`, `--dealer`). With `--commitment`, the fingerprint shown before
the deal, it says whether the seed is the one committed to (exit status 1 when it is not).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
from typing import TYPE_CHECKING, Any

from .fairdeal import CUTS, UNCUT, check
from .links import GAMES, LinkError, decode

if TYPE_CHECKING:
    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]

SESSIONS = {
    "gin": ("rummy.gin.session", "GinSession"),
    "basic": ("rummy.basic.session", "BasicSession"),
    "rummikub": ("rummy.rummikub.session", "RummikubSession"),
}
_SEED = re.compile(r"[0-9]{1,20}")


def _cut(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) in range(UNCUT, CUTS[-1] + 1)):
        raise argparse.ArgumentTypeError(f"{text!r} is not a cut: 0 (uncut) to {CUTS[-1]}")
    return int(text)


def add_parser(games: Subcommands) -> None:
    """The `verify` command."""
    verify = games.add_parser(
        "verify", help="deal a hand again from its seed and cut, to check it (docs/fair-deal.md)"
    )
    verify.add_argument("deal", help="a shared hand's link (or its fragment), or a hand's seed")
    verify.add_argument(
        "cut", nargs="?", type=_cut, help=f"the cut, 0 (uncut) to {CUTS[-1]}; a link holds its own"
    )
    # not `game`: the subcommand's own name is kept there
    verify.add_argument("--game", dest="of_game", choices=GAMES, help="the game of a seed")
    verify.add_argument("--players", type=int, help="players of a seed's hand (default: 4; gin 2)")
    verify.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    verify.add_argument("--commitment", help='the fingerprint shown before the deal ("a3f9 …")')
    verify.add_argument("--json", action="store_true", help="print one JSON object")
    verify.set_defaults(verify_parser=verify)  # its errors name the command


def run(args: argparse.Namespace) -> int:
    """Print the deck a link or a seed and cut deal; 1 when a commitment given does not match,
    the command's error (argparse's, exit 2) for arguments that name no deal."""
    parser: argparse.ArgumentParser = args.verify_parser
    game, rules, dealer, seed, cut = _deal(parser, args)
    session: Any = getattr(importlib.import_module(SESSIONS[game][0]), SESSIONS[game][1])
    shown = args.commitment if args.commitment is not None else ""
    try:
        found = check(shown, seed, cut, lambda shuffle: session.deck_model(rules, dealer, shuffle))
    except ValueError as error:
        parser.error(str(error))
    given = args.commitment is not None
    if args.json:
        print(json.dumps({"game": game, **found, "matches": found["matches"] if given else None}))
    else:
        print(_text(game, found, given))
    return 1 if given and not found["matches"] else 0


def _deal(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[Any, ...]:
    """The game, rules, dealer, seed and cut the arguments name (a link's, or a seed's)."""
    text = args.deal.strip()
    if _SEED.fullmatch(text):
        if args.of_game is None or args.cut is None:
            parser.error("a seed needs its cut and its --game")
        module = importlib.import_module(SESSIONS[args.of_game][0])
        session = getattr(module, SESSIONS[args.of_game][1])
        settings: dict[str, Any] = {}
        if args.players is not None and args.of_game != "gin":
            settings["opponents"] = args.players - 1
        elif args.players not in (None, 2):
            parser.error("gin is for 2 players")
        try:
            rules = session.rules_for(session.settings_type.from_dict(settings))
        except ValueError as error:
            parser.error(f"--players: {error}")
        return args.of_game, rules, args.dealer, int(text), args.cut
    try:
        shared = decode(text.rpartition("#")[2])
    except LinkError as error:
        parser.error(f"{args.deal!r} is neither a seed nor a shared hand's link: {error}")
    if args.cut is not None and args.cut != shared.cut:
        parser.error(f"the link's cut is {shared.cut}, not {args.cut}")
    if args.of_game not in (None, shared.game):
        parser.error(f"the link is of {shared.game}, not {args.of_game}")
    return shared.game, shared.rules, shared.dealer or 0, shared.seed, shared.cut


def _text(game: str, found: dict[str, Any], given: bool) -> str:
    """The check as the command prints it: the commitment, then the deck in order."""
    cut = found["cut"]
    lines = [
        f"{game} deal of seed {found['seed']}, cut {cut}{' (uncut)' if cut == UNCUT else ''}",
        f"commitment: {found['commitment']}",
    ]
    if given:
        lines.append(
            "the commitment given matches this seed"
            if found["matches"]
            else "the commitment given does NOT match this seed: not the seed committed to"
        )
    deck = found["deck"]
    if "dealer" in deck:
        lines.append(f"dealer: seat {deck['dealer']}")
    lines += [f"seat {seat}: {' '.join(hand)}" for seat, hand in enumerate(deck["hands"])]
    if "upcard" in deck:
        lines.append(f"upcard: {deck['upcard']}")
        lines.append(f"stock, the next card drawn first: {' '.join(deck['stock'])}")
    else:
        lines.append(f"first to play: seat {deck['first']}")
        lines.append(f"pool, the next tile drawn first: {' '.join(deck['pool'])}")
    return "\n".join(lines)
