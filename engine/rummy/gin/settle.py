"""Settling a knock: the knocker's melds, the defender's melds and lay-offs, and the score.

Pure functions of the two hands, the rules and the hand's stakes, so the same code settles a
knock inside the hand state machine, in the settlement screen, and in the tests of the worked
examples. A knocker of eleven cards goes big gin: it is the one way out without a discard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from ..cards import Card, from_mask, to_mask
from ..errors import IllegalAction
from ..melds import (
    Arrangement,
    Meld,
    best_arrangement,
    best_arrangements,
    deadwood_of_mask,
)
from .rules import HAND_SIZE, Rules, Stakes


class Ending(str, Enum):
    """How a gin hand ends. A str, so a view model carries it as its value."""

    KNOCK = "knock"
    UNDERCUT = "undercut"  # the defender wins a knock
    GIN = "gin"
    BIG_GIN = "big_gin"  # all eleven cards melded after a draw, no discard (a house rule)
    DEAD = "dead"  # the stock ran down to two cards: nobody scores


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of one knock, with everything the settlement screen shows."""

    knocker: int  # seats
    winner: int
    points: int
    kind: Ending  # knock, undercut, gin or big gin
    knocker_deadwood: int
    defender_deadwood: int  # after lay-offs
    knocker_melds: tuple[Meld, ...]
    knocker_deadwood_cards: tuple[Card, ...]
    defender_melds: tuple[Meld, ...]
    defender_deadwood_cards: tuple[Card, ...]  # after lay-offs
    layoffs: tuple[tuple[Card, Meld], ...]  # defender card -> the knocker meld it went onto
    multiplier: int  # `points` include it: 2 where the upcard doubled the hand (Oklahoma)

    def layoff_map(self) -> dict[Card, Meld]:
        return dict(self.layoffs)


def _open_spots(arrangement: Arrangement, own: int) -> int:
    """How many cards outside the knocker's hand could be laid off on these melds at once."""
    spots = 0
    for meld in arrangement.melds:
        for card in meld.layoff_cards():
            spots |= 1 << card.index
    return (spots & ~own).bit_count()


def knocker_arrangement(cards: Iterable[Card]) -> Arrangement:
    """The knocker's least-deadwood arrangement.

    Where several exist, take the one leaving the fewest lay-off spots for cards the knocker
    does not hold: it depends on the knocker's own cards only, never on hidden information.
    """
    cards = tuple(cards)
    own = to_mask(cards)
    return min(best_arrangements(cards), key=lambda arrangement: _open_spots(arrangement, own))


def _lay_off(melds: tuple[Meld, ...], cards: int) -> tuple[tuple[Card, Meld], ...] | None:
    """Lay every card of the mask `cards` onto `melds`, in chains; None if some card cannot go.

    A card that fits both a run and a set goes on the run: the run may then take the next
    card of the chain, while a set takes nothing but that one card.
    """
    shown = sorted(melds, key=lambda meld: meld.kind != "run")
    grown = list(shown)
    placed: list[tuple[Card, Meld]] = []
    left = cards
    progress = True
    while left and progress:
        progress = False
        for i, meld in enumerate(grown):
            for card in meld.layoff_cards():
                if left >> card.index & 1:
                    grown[i] = meld = meld.extended(card)
                    placed.append((card, shown[i]))
                    left ^= 1 << card.index
                    progress = True
    return None if left else tuple(sorted(placed, key=lambda pair: pair[0].index))


def _reachable(melds: tuple[Meld, ...], defender: int) -> int:
    """Every defender card that some chain of lay-offs onto one of the melds could reach."""
    reach = 0
    for meld in melds:
        grown = True
        while grown:
            grown = False
            for card in meld.layoff_cards():
                if defender >> card.index & 1:
                    reach |= 1 << card.index
                    meld = meld.extended(card)
                    grown = True
    return reach


def _best_layoff(
    knocker_melds: tuple[Meld, ...], defender: int
) -> tuple[int, int, tuple[tuple[Card, Meld], ...]]:
    """(least deadwood, cards laid off, lay-offs) of the defender's mask `defender`.

    Tries every subset of the cards that could be laid off (a handful) and keeps the one whose
    remaining cards arrange to the least deadwood; on a tie, the fewest lay-offs.
    """
    candidates = from_mask(_reachable(knocker_melds, defender))
    best: tuple[int, int, tuple[tuple[Card, Meld], ...]] = (deadwood_of_mask(defender), 0, ())
    for size in range(1, len(candidates) + 1):
        for subset in combinations(candidates, size):
            laid = to_mask(subset)
            left_deadwood = deadwood_of_mask(defender ^ laid)
            if left_deadwood < best[0]:
                placed = _lay_off(knocker_melds, laid)
                if placed is not None:
                    best = (left_deadwood, laid, placed)
    return best


def defender_layoffs(
    knocker_melds: tuple[Meld, ...], defender_cards: Iterable[Card]
) -> tuple[int, Arrangement, tuple[tuple[Card, Meld], ...]]:
    """The defender's melds and lay-offs chosen together for the least deadwood.
    Returns (deadwood, arrangement of the cards kept, lay-offs)."""
    defender = to_mask(defender_cards)
    left_deadwood, laid, placed = _best_layoff(knocker_melds, defender)
    return left_deadwood, best_arrangement(from_mask(defender ^ laid)), placed


def _outcome(
    knocker: Arrangement, defender_deadwood: int, rules: Rules, stakes: Stakes
) -> tuple[Ending, int]:
    """(how it ends, points) of a knock with this arrangement against the defender's deadwood
    (after lay-offs); the defender scores only an undercut. The stakes' multiplier doubles the
    whole score, bonuses included."""
    knocker_deadwood = knocker.deadwood
    if _size(knocker) > HAND_SIZE:
        ending, points = Ending.BIG_GIN, defender_deadwood + rules.big_gin_bonus
    elif knocker_deadwood == 0:
        ending, points = Ending.GIN, defender_deadwood + rules.gin_bonus
    elif defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.tie_is_undercut
    ):
        ending = Ending.UNDERCUT
        points = knocker_deadwood - defender_deadwood + rules.undercut_bonus
    else:
        ending, points = Ending.KNOCK, defender_deadwood - knocker_deadwood
    return ending, points * stakes.multiplier


def _size(arrangement: Arrangement) -> int:
    return sum(len(meld.cards) for meld in arrangement.melds) + len(arrangement.deadwood_cards)


def knocker_points(
    knocker: Arrangement, defender: int, rules: Rules, stakes: Stakes | None = None
) -> int:
    """The knocker's points (negative when the defender scores) against the defender's mask:
    `settle`'s score without the details shown, for players that price many possible knocks."""
    if knocker.deadwood == 0:
        left = deadwood_of_mask(defender)
    else:
        left = _best_layoff(knocker.melds, defender)[0]
    ending, points = _outcome(knocker, left, rules, stakes or Stakes(rules.knock_limit))
    return -points if ending is Ending.UNDERCUT else points


def settle(
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules,
    knocker: int = 0,
    stakes: Stakes | None = None,
) -> Settlement:
    """Settle a knock (or gin, or with eleven cards big gin) by seat `knocker` (of two) by
    `rules` and the hand's `stakes` (by default the rules' knock limit, undoubled: no
    Oklahoma); IllegalAction if the knocker's deadwood is too high, or eleven cards are not a
    big gin the rules allow."""
    knocker_cards = tuple(knocker_cards)
    defender_cards = tuple(defender_cards)
    stakes = stakes or Stakes(rules.knock_limit)
    if to_mask(knocker_cards) & to_mask(defender_cards):
        shared = from_mask(to_mask(knocker_cards) & to_mask(defender_cards))
        raise ValueError(f"a card cannot be in both hands: {' '.join(map(str, shared))}")
    arranged = knocker_arrangement(knocker_cards)
    if len(knocker_cards) > HAND_SIZE and (arranged.deadwood or not rules.big_gin_bonus):
        raise IllegalAction(
            "Only big gin goes out with eleven cards: all of them melded, where the rules "
            "allow it.",
            "not_big_gin",
        )
    if arranged.deadwood > stakes.knock_limit:
        raise IllegalAction(
            f"You cannot knock with {arranged.deadwood} points of deadwood: "
            f"the limit is {stakes.knock_limit}.",
            "knock_too_high",
        )
    layoffs: tuple[tuple[Card, Meld], ...]
    if arranged.deadwood == 0:
        defender = best_arrangement(defender_cards)
        defender_deadwood, layoffs = defender.deadwood, ()
    else:
        defender_deadwood, defender, layoffs = defender_layoffs(arranged.melds, defender_cards)
    kind, points = _outcome(arranged, defender_deadwood, rules, stakes)
    return Settlement(
        knocker=knocker,
        winner=1 - knocker if kind is Ending.UNDERCUT else knocker,
        points=points,
        kind=kind,
        knocker_deadwood=arranged.deadwood,
        defender_deadwood=defender_deadwood,
        knocker_melds=arranged.melds,
        knocker_deadwood_cards=arranged.deadwood_cards,
        defender_melds=defender.melds,
        defender_deadwood_cards=defender.deadwood_cards,
        layoffs=layoffs,
        multiplier=stakes.multiplier,
    )
