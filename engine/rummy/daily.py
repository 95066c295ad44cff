"""The daily deal: one deal a day per game, the same for everyone, with no server.

Its seed is a hash of the game's name and the date, so every copy of the site computes the
same one. The date is the player's own day: the page passes the player's local calendar date
(`datetime.date.today()` in the browser's time zone), so the deal changes at the player's
midnight, and two players in different time zones share a deal on the same calendar date,
not at the same instant. The seed starts a match (`Session.create(DAILY_SETTINGS[game], seed)`),
whose first hand is the day's deal. Everyone plays it with the same settings, the game's
defaults against the `normal` computer level, so that results are compared like for like, and
the same deck: its cut is fixed (`DAILY_CUT`, uncut), and its proof says so.
"""

from __future__ import annotations

import hashlib
from datetime import date

from .fairdeal import UNCUT

GAMES = ("gin", "basic", "rummikub")
SCHEME = "rummy-table/daily/1"  # part of the hash: changing it changes everyone's daily deals
DAILY_SETTINGS = {game: {"level": "normal"} for game in GAMES}  # the rest: the game's defaults
DAILY_CUT = UNCUT  # everyone's deck the same: the day's deal is never cut


def daily_seed(game: str, day: date) -> int:
    """The seed of `game`'s deal on `day` (the player's own date): the first 63 bits of
    SHA-256 of the scheme, the game and the ISO date, the same on every interpreter."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    if type(day) is not date:  # a datetime would give a deal per instant, not per day
        raise ValueError(f"a day is a date, not {day!r}")
    text = f"{SCHEME}/{game}/{day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1


def day_of(text: str) -> date:
    """The date an ISO calendar date names ("2026-12-01"); ValueError for anything else."""
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"a day is written YYYY-MM-DD, not {text!r}")
    return date.fromisoformat(text)
