"""Independent exhaustive references, written without the engine's meld code.

They define "exact": the engine's fast search must agree with them on every hand. The melds
benchmark times the same reference side by side with the engine.
"""

from __future__ import annotations

from itertools import combinations, product

from rummy.cards import Card


def is_meld(cards: tuple[Card, ...], ace_high: bool = False) -> bool:
    """A set (3-4 cards of one rank) or a run (3+ consecutive ranks of one suit, ace low; or,
    `ace_high`, with the ace counted as 1 or as 14)."""
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    readings = [sorted(c.rank for c in cards)]
    if ace_high:
        readings.append(sorted(14 if c.rank == 1 else c.rank for c in cards))
    return any(ranks == list(range(ranks[0], ranks[0] + len(ranks))) for ranks in readings)


def all_melds(cards: tuple[Card, ...], ace_high: bool = False) -> list[frozenset[Card]]:
    """Every subset of the cards that is a meld, by trying all subsets of size 3 and more."""
    return [
        frozenset(combo)
        for size in range(3, len(cards) + 1)
        for combo in combinations(cards, size)
        if is_meld(combo, ace_high)
    ]


def value(cards) -> int:
    return sum(min(c.rank, 10) for c in cards)


def disjoint_meld_collections(cards: tuple[Card, ...], ace_high: bool = False):
    """Every collection of pairwise disjoint melds of the cards, the empty one included."""
    melds = all_melds(cards, ace_high)

    def extend(start: int, used: frozenset[Card], chosen: tuple[frozenset[Card], ...]):
        yield chosen
        for i in range(start, len(melds)):
            if not melds[i] & used:
                yield from extend(i + 1, used | melds[i], chosen + (melds[i],))

    yield from extend(0, frozenset(), ())


def exhaustive_deadwood(cards, ace_high: bool = False) -> int:
    """Least deadwood by trying every collection of disjoint melds."""
    cards = tuple(cards)
    total = value(cards)
    return min(
        total - sum(value(m) for m in chosen)
        for chosen in disjoint_meld_collections(cards, ace_high)
    )


def optimal_meld_collections(
    cards: tuple[Card, ...], ace_high: bool = False
) -> set[frozenset[frozenset[Card]]]:
    """Every collection of disjoint melds that reaches the least deadwood."""
    best = exhaustive_deadwood(cards, ace_high)
    total = value(cards)
    return {
        frozenset(chosen)
        for chosen in disjoint_meld_collections(cards, ace_high)
        if total - sum(value(m) for m in chosen) == best
    }


def layoff_deadwood(knocker_melds, defender) -> int:
    """The defender's least deadwood after lay-offs, by trying every subset of the defender's
    cards on every assignment to the knocker's melds, keeping those where each grown meld is
    still legal (which is what a chain of lay-offs amounts to)."""
    defender = tuple(defender)
    melds = [tuple(m) for m in knocker_melds]

    def could_fit(card: Card, meld: tuple[Card, ...]) -> bool:
        return (
            card.suit == meld[0].suit if meld[0].rank != meld[1].rank else card.rank == meld[0].rank
        )

    targets_of = {c: [i for i, m in enumerate(melds) if could_fit(c, m)] for c in defender}
    candidates = [c for c in defender if targets_of[c]]
    best = exhaustive_deadwood(defender)
    for size in range(1, len(candidates) + 1):
        for subset in combinations(candidates, size):
            for targets in product(*(targets_of[c] for c in subset)):
                grown = [list(m) for m in melds]
                for card, target in zip(subset, targets, strict=True):
                    grown[target].append(card)
                if all(is_meld(tuple(g)) for g in grown):
                    best = min(best, exhaustive_deadwood(c for c in defender if c not in subset))
                    break
    return best
