"""Pagat's end-of-game bonuses (the house rule `game_bonuses`), added once a match is over.

The player who reached the target scores a game bonus of 100, doubled by a shutout (the other
player scored nothing in the match); each player scores the box bonus for every hand they won.
A pure function of the rules, the scores and who won each hand, so the match, the session's
summary and the tests of the worked examples count them the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .rules import Rules

GAME_BONUS = 100
SHUTOUT_FACTOR = 2

Bonuses = tuple["Bonus", ...]


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus of one player, as the match summary names it ("Box ×3 +75")."""

    name: str  # "game", "box" or "shutout"
    times: int  # box: the hands won; shutout: the factor of the game bonus; game: 1
    points: int  # what it adds to the total (a shutout: what doubling the game bonus adds)


def end_bonuses(
    rules: Rules, scores: tuple[int, int], reached: int, hand_winners: Iterable[int | None]
) -> tuple[Bonuses, Bonuses]:
    """Each seat's bonuses at the end of a match that seat `reached` won with `scores` (the
    hands' points), `hand_winners` being each hand's winner (None: a dead hand); none unless
    the rules play game bonuses."""
    if not rules.game_bonuses:
        return (), ()
    won = [0, 0]
    for winner in hand_winners:
        if winner is not None:
            won[winner] += 1
    bonuses: list[Bonuses] = []
    for seat in (0, 1):
        found = [Bonus("game", 1, GAME_BONUS)] if seat == reached else []
        if won[seat]:
            found.append(Bonus("box", won[seat], won[seat] * rules.box_bonus))
        if seat == reached and scores[1 - seat] == 0:
            found.append(Bonus("shutout", SHUTOUT_FACTOR, (SHUTOUT_FACTOR - 1) * GAME_BONUS))
        bonuses.append(tuple(found))
    return bonuses[0], bonuses[1]
