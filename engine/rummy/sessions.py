"""Pieces shared by the games' sessions (`rummy.gin.session`, `rummy.basic.session`): the checks
a saved game passes before it is replayed, settings read from a save, what the games'
statistics share (`CountedStats`: counting each finished hand once, the save), the seed of a
computer decision, and the ways the page arranges a hand of cards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Protocol, TypeVar

from .cards import SUITS, Card
from .melds import best_arrangement
from .rng import derive_seed

T = TypeVar("T")


def check_save(record: Any, save_format: str, version: int, game: str) -> Mapping[str, Any]:
    """The record if it is a save of `save_format` at `version`; ValueError saying what is wrong
    (a corrupted save, or another game's)."""
    if not isinstance(record, Mapping) or record.get("format") != save_format:
        raise ValueError(f"this is not a saved Rummy Table {game} game")
    if record.get("version") != version:
        raise ValueError(f"the save is of version {record.get('version')!r}, not {version}")
    return record


def settings_from_dict(cls: type[T], data: Any) -> T:
    """Settings of dataclass `cls` from a save: unknown keys are ignored, missing ones take
    their defaults, and the class's own checks refuse bad values (ValueError)."""
    if not isinstance(data, Mapping):
        raise ValueError("the settings are not an object")
    known = {f.name for f in fields(cls)}
    try:
        return cls(**{k: v for k, v in data.items() if k in known})
    except TypeError as error:  # e.g. a value of the wrong type reaching a comparison
        raise ValueError(f"the settings are not valid: {error}") from None


S = TypeVar("S", bound="CountedStats")


@dataclass(frozen=True, slots=True)
class CountedStats:
    """A person's statistics over every match, the part both games share: which match is being
    counted and how far. A game's `Stats` adds its counts and says what a finished hand
    (`with_hand`) and a finished match (`with_match`) add to them.

    Counting is idempotent: `count(match)` adds only the hands of that match not counted yet,
    and the match once it is over, so a reload never counts a hand twice; another match's seed
    starts its count afresh."""

    match_seed: int | None = None  # the match being counted
    hands_counted: int = 0  # of that match
    match_counted: bool = False

    def with_hand(self: S, result: Any) -> S:
        raise NotImplementedError

    def with_match(self: S, match: Any) -> S:
        raise NotImplementedError

    def count(self: S, match: Any) -> S:
        stats = self
        if stats.match_seed != match.seed:
            stats = replace(stats, match_seed=match.seed, hands_counted=0, match_counted=False)
        results = [hand.result for hand in match.hands if hand.result is not None]
        for result in results[stats.hands_counted :]:
            stats = stats.with_hand(result)
        stats = replace(stats, hands_counted=len(results))
        if match.is_over and not stats.match_counted:
            stats = replace(stats.with_match(match), match_counted=True)
        return stats

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls: type[S], data: Any) -> S:
        """Statistics from a save: counts are integers from 0, `match_seed` an integer or None,
        `match_counted` a boolean; missing ones take their defaults, unknown keys are ignored,
        anything else is a ValueError naming the statistic."""
        if not isinstance(data, Mapping):
            raise ValueError("the statistics are not an object")
        values = {}
        for field in fields(cls):
            if field.name not in data:
                continue
            value = data[field.name]
            if field.name == "match_seed":
                ok = value is None or type(value) is int
            elif field.name == "match_counted":
                ok = type(value) is bool
            else:
                ok = type(value) is int and value >= 0
            if not ok:
                raise ValueError(f"the statistic {field.name!r} is not valid: {value!r}")
            values[field.name] = value
        return cls(**values)


class _Match(Protocol):
    seed: int

    @property
    def finished(self) -> tuple: ...

    @property
    def hand(self) -> Any: ...


def decision_seed(match: _Match) -> int:
    """The seed of the next computer decision, from the position alone (the game's seed, the
    hand number, the actions so far), so a restored game plays on exactly as it would have."""
    return derive_seed(match.seed, len(match.finished), len(match.hand.actions))


def grouped(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """A hand as shown by default: each meld of a least-deadwood arrangement, then the
    deadwood cards, low to high."""
    arrangement = best_arrangement(cards)
    groups = tuple(meld.cards for meld in arrangement.melds)
    loose = tuple(sorted(arrangement.deadwood_cards, key=lambda c: (c.rank, c.suit)))
    return groups + ((loose,) if loose else ())


def sorted_by(cards: Iterable[Card], key: str) -> tuple[Card, ...]:
    """A hand sorted by "suit" (then rank) or by "rank" (then suit)."""
    if key == "suit":
        return tuple(sorted(cards, key=lambda c: (SUITS.index(c.suit), c.rank)))
    if key == "rank":
        return tuple(sorted(cards, key=lambda c: (c.rank, SUITS.index(c.suit))))
    raise ValueError(f"sort by 'suit' or 'rank', not {key!r}")
