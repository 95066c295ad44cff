"""The saved form of a game, the same for every card game of the package: its rules, seed and
first dealer (and the first hand's own seed, when it was given one, and each hand's cut, when
one was cut: `rummy.fairdeal`), and each hand's action log as text codes. A record is replayed
action by action, so a save can only ever hold a position the rules allow."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, fields, replace
from typing import Any, TypeVar

from .errors import IllegalAction
from .fairdeal import CUTS, UNCUT
from .game import Match
from .rng import derive_seed

M = TypeVar("M", bound=Match[Any, Any])
R = TypeVar("R")


HOUSE_RULE = {"house_rule": True}
"""The metadata of a rules field that is a house rule (`field(default=..., metadata=HOUSE_RULE)`):
a record leaves it out while it holds its default, and a record without it reads as the default,
so that the saves, links and daily deals written before the option existed replay, and are
written again, byte for byte."""


def _is_house_rule(field: Field[Any]) -> bool:
    return bool(field.metadata.get("house_rule"))


def rules_dict(rules: Any) -> dict[str, Any]:
    """A game's rules (a frozen dataclass) as a record stores them: every field by name, but a
    house rule only when it is not at its default."""
    return {
        f.name: getattr(rules, f.name)
        for f in fields(rules)
        if not (_is_house_rule(f) and getattr(rules, f.name) == f.default)
    }


def rules_from_dict(cls: type[R], data: Any) -> R:
    """Rules of dataclass `cls` from `rules_dict` output: its fields, each house rule optional,
    or a ValueError naming what is missing or unknown; the class checks the values."""
    every = fields(cls)  # type: ignore[arg-type]
    names = {f.name for f in every}
    needed = {f.name for f in every if not _is_house_rule(f)}
    if not isinstance(data, dict):
        raise ValueError(f"rules must give {', '.join(sorted(needed))}")
    unknown = sorted(map(str, set(data) - names))
    if unknown:
        raise ValueError(
            f"unknown rule {', '.join(unknown)}: the rules are {', '.join(sorted(names))}"
        )
    missing = sorted(needed - set(data))
    if missing:
        raise ValueError(
            f"rules must give {', '.join(sorted(needed))}; missing {', '.join(missing)}"
        )
    return cls(**data)


def hand_seed(seed: int, number: int, first_deal: int | None = None) -> int:
    """The seed hand `number` (from 0) of a game of `seed` is dealt from: derived from the
    game's, except a first hand given its own (`first_deal`: a shared hand played again)."""
    return first_deal if number == 0 and first_deal is not None else derive_seed(seed, number)


def write(
    match: Match[Any, Any], game: str, version: int, action_code: Callable[[Any], str]
) -> dict[str, Any]:
    """A JSON-ready record from which `replay` rebuilds this exact game."""
    record = {
        "game": game,
        "version": version,
        "rules": rules_dict(match.rules),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "hands": [[action_code(a) for a in hand.actions] for hand in match.rounds],
    }
    if match.first_deal is not None:  # only then: the records of every other game stay as they were
        record["first_deal"] = match.first_deal
    if any(cut != UNCUT for cut in match.cuts):  # likewise: a game never cut records no cuts
        record["cuts"] = list(match.cuts)
    return record


def dealt_again(match: M, cut: int, first: Callable[[int], M]) -> M:
    """The match with its hand in play dealt again with `cut`: the next hand of the match as it
    was before that hand, or, for the first hand, `first(cut)` (the match started again with
    it). IllegalAction once anyone has moved in the hand."""
    if match.round.actions:
        raise IllegalAction("The hand has begun: its deck was cut already.", "hand_in_play")
    if not match.finished:
        return first(cut)
    before = replace(  # type: ignore[type-var]
        match, finished=match.finished[:-1], round=match.finished[-1], cuts=match.cuts[:-1]
    )
    return before.next_round(cut)


def replay(
    record: Any,
    *,
    game: str,
    version: int,
    name: str,
    rules_type: type[R],
    seats: Callable[[R], int],
    start: Callable[[R, int, int, int | None, int], M],
    parse_action: Callable[[str], Any],
) -> M:
    """The game a record describes; ValueError saying what is wrong with a bad one. `name` is
    how messages call it ("gin match"), `seats` how many seats its rules have."""
    noun = name.split()[-1]
    if not isinstance(record, Mapping):
        raise ValueError(f"the saved {noun} is not an object")
    found = record.get("version")
    if record.get("game") != game or type(found) is not int or found != version:
        raise ValueError(f"the saved {noun} is not a {name} of version {version}")
    rules = rules_from_dict(rules_type, record.get("rules"))
    seed, dealer, hands = record.get("seed"), record.get("first_dealer"), record.get("hands")
    if type(seed) is not int or type(dealer) is not int or not 0 <= dealer < seats(rules):
        raise ValueError(f"the saved {noun} has no valid seed or first dealer")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, list) for h in hands):
        raise ValueError(f"the saved {noun} has no list of hands")
    first_deal = record.get("first_deal")
    if first_deal is not None and (type(first_deal) is not int or not 0 <= first_deal < 1 << 64):
        raise ValueError(f"the saved {noun}'s first deal is not a seed")
    cuts = record.get("cuts", [UNCUT] * len(hands))
    if not isinstance(cuts, list) or len(cuts) != len(hands) or not all(map(_is_cut, cuts)):
        raise ValueError(f"the saved {noun}'s cuts are not one cut (0-999) per hand")
    match = start(rules, seed, dealer, first_deal, cuts[0])
    for number, codes in enumerate(hands):
        try:
            if number:
                match = match.next_round(cuts[number])
            for code in codes:
                if not isinstance(code, str):
                    raise ValueError(f"{code!r} is not an action code")
                match = match.apply(parse_action(code))
        except ValueError as error:
            raise ValueError(f"hand {number + 1}: {error}") from None
    return match


def _is_cut(cut: Any) -> bool:
    return type(cut) is int and (cut == UNCUT or cut in CUTS)
