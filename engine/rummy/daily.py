"""The daily deal: one deal a day per game, the same for everyone, with no server.

Its seed is a hash of the game's name and the date, so every copy of the site computes the
same one. The date is the player's own day: the page passes the player's local calendar date
(`datetime.date.today()` in the browser's time zone), so the deal changes at the player's
midnight, and two players in different time zones share a deal on the same calendar date,
not at the same instant. The seed starts a match (`Session.create(settings, seed)`), whose
first hand is the day's deal.
"""

from __future__ import annotations

import hashlib
from datetime import date

GAMES = ("gin", "basic", "rummikub")
SCHEME = "rummy-table/daily/1"  # part of the hash: changing it changes everyone's daily deals


def daily_seed(game: str, day: date) -> int:
    """The seed of `game`'s deal on `day` (the player's own date): the first 63 bits of
    SHA-256 of the scheme, the game and the ISO date, the same on every interpreter."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    if type(day) is not date:  # a datetime would give a deal per instant, not per day
        raise ValueError(f"a day is a date, not {day!r}")
    text = f"{SCHEME}/{game}/{day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1
