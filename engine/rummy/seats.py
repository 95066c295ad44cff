"""Who sits at a table: each seat a person or a computer player, as every game's start screen
chooses, and the persons' names.

One person against computer players is the default and needs no seating at all: the settings'
own `level` (and opponents) say it, seat 0 being the person. A seating names every seat, so
several people can share one device (pass and play), each with a name their statistics are
kept under, and each computer seat with its own level.

>>> seating = Seating.of(["person", "hard", "person"], ["Ann", "", "Bo"], ("easy", "hard"))
>>> seating.persons, seating.shared, seating.level(1)
((0, 2), True, 'hard')
>>> Seating.of(["person", "person"], ["Ann", "Ann"], ("easy",))
Traceback (most recent call last):
...
ValueError: the people at a shared table need different names, not 'Ann' twice
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

PERSON = "person"
NAME_LENGTH = 20  # a longer name is cut: the table has room for about that much


def clean_name(name: Any) -> str:
    """A name as it is kept: text without control characters or surrounding space, cut at
    NAME_LENGTH characters (ValueError for what is not text). Markup stays text: the page
    draws names with `textContent` only."""
    if not isinstance(name, str):
        raise ValueError(f"a name is text, not {name!r}")
    return "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LENGTH].strip()


@dataclass(frozen=True, slots=True)
class Seating:
    """Every seat's kind ("person" or a computer level) and name ("" for a computer, or a person
    not named)."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]

    @classmethod
    def solo(cls, players: int, level: str, name: str = "") -> Seating:
        """One person at seat 0, every other seat a computer player at `level`."""
        return cls((PERSON,) + (level,) * (players - 1), (name,) + ("",) * (players - 1))

    @classmethod
    def of(cls, kinds: Any, names: Any, levels: Collection[str]) -> Seating:
        """A seating from the start screen's lists (ValueError for anything else): at least one
        person; the persons of a shared table named, each differently."""
        if not isinstance(kinds, (list, tuple)) or not all(isinstance(k, str) for k in kinds):
            raise ValueError(f"the seats are a list of kinds, not {kinds!r}")
        for kind in kinds:
            if kind != PERSON and kind not in levels:
                raise ValueError(
                    f"a seat is a {PERSON} or one of {', '.join(levels)}, not {kind!r}"
                )
        if not isinstance(names, (list, tuple)):
            raise ValueError(f"the names are a list, not {names!r}")
        if len(names) > len(kinds):
            raise ValueError(f"{len(names)} names for {len(kinds)} seats")
        names = [clean_name(name) for name in names] + [""] * (len(kinds) - len(names))
        names = [name if kind == PERSON else "" for kind, name in zip(kinds, names, strict=True)]
        seating = cls(tuple(kinds), tuple(names))
        if not seating.persons:
            raise ValueError("a table needs at least one person")
        if seating.shared:
            chosen = [names[seat] for seat in seating.persons]
            for name in chosen:
                if not name:
                    raise ValueError("each person at a shared table needs a name")
                if chosen.count(name) > 1:
                    raise ValueError(
                        f"the people at a shared table need different names, not {name!r} twice"
                    )
        return seating

    @property
    def players(self) -> int:
        return len(self.kinds)

    @property
    def persons(self) -> tuple[int, ...]:
        """The persons' seats, in turn order."""
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == PERSON)

    @property
    def shared(self) -> bool:
        """Whether several people share the device: their turns are covered from each other."""
        return len(self.persons) > 1

    def is_person(self, seat: int) -> bool:
        return self.kinds[seat] == PERSON

    def level(self, seat: int) -> str:
        """A computer seat's level."""
        if self.is_person(seat):
            raise ValueError(f"seat {seat} is a person's")
        return self.kinds[seat]

    def model(self) -> list[dict[str, Any]]:
        """Every seat as the page names it, JSON-ready."""
        return [
            {"seat": seat, "kind": kind, "name": name}
            for seat, (kind, name) in enumerate(zip(self.kinds, self.names, strict=True))
        ]


def checked_seating(settings: Any, players: int, levels: Collection[str]) -> Seating:
    """The seating a game's settings choose, checked (ValueError): their `seats` and `names`
    when they give seats (as many as `players`), else one person against computer players at
    their `level`. Turns the settings' lists into tuples in place, so settings stay hashable."""
    seats, names = settings.seats, settings.names
    object.__setattr__(settings, "seats", tuple(seats) if isinstance(seats, list) else seats)
    object.__setattr__(settings, "names", tuple(names) if isinstance(names, list) else names)
    if not settings.seats:
        if names and not (isinstance(names, (list, tuple)) and len(names) == 1):
            raise ValueError("names are given with seats, or one name for the person")
        return Seating.solo(players, settings.level, clean_name(names[0]) if names else "")
    seating = Seating.of(settings.seats, settings.names, levels)
    if seating.players != players:
        raise ValueError(f"{seating.players} seats for a game of {players} players")
    object.__setattr__(settings, "names", seating.names)
    return seating
