"""Playing cards of the standard 52-card deck, their codes and the seeded deck.

A card's code is rank then suit: "7S", "TD", "AH". Each card also has an index 0-51
(suit-major: clubs A-K, diamonds, hearts, spades) so that a hand fits in one integer bitmask,
which is what the meld search works on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .rng import Rng

SUITS = "CDHS"
RANK_CODES = "A23456789TJQK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_RANK_BY_TOKEN = {code: rank for rank, code in enumerate(RANK_CODES, start=1)}
_RANK_BY_TOKEN["10"] = 10


@dataclass(frozen=True, slots=True)
class Card:
    """One card. `rank` is 1 (ace, always low) to 13 (king); `suit` is one of C D H S."""

    rank: int
    suit: str
    index: int = field(init=False, repr=False, compare=False)  # 0-51, the card's bit

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise ValueError(f"rank must be 1-13, not {self.rank!r}")
        if not (isinstance(self.suit, str) and len(self.suit) == 1 and self.suit in SUITS):
            raise ValueError(f"suit must be one of {' '.join(SUITS)}, not {self.suit!r}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + self.rank - 1)

    @property
    def value(self) -> int:
        """Deadwood points: ace 1, two to nine face value, ten and court cards 10."""
        return min(self.rank, 10)

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __lt__(self, other: Card) -> bool:
        """Cards order by suit, then rank: the order of `index`."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in index order."""


def card_from_index(index: int) -> Card:
    return DECK[index]


def parse_card(token: str) -> Card:
    """One card from its code: rank A 2-9 T/10 J Q K, then suit C D H S (any letter case)."""
    text = token.strip().upper()
    rank = _RANK_BY_TOKEN.get(text[:-1])
    if len(text) < 2 or rank is None or text[-1] not in SUITS:
        raise ValueError(
            f"{token!r} is not a card: write rank (A 2-9 T or 10 J Q K) then suit (C D H S), "
            "like 7S or TD"
        )
    return DECK[SUITS.index(text[-1]) * 13 + rank - 1]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space- or comma-separated codes, e.g. "7S TD AH 10C"; duplicates are refused."""
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if card in seen:
            raise ValueError(f"{token!r} is a duplicate: {card} appears twice")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def to_mask(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards (bit `card.index`)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


DECK_MASK = (1 << 52) - 1
"""Every card's bit."""


def card_of(bit: int) -> Card:
    """The card of a single-bit mask."""
    return DECK[bit.bit_length() - 1]


def bits(mask: int) -> list[int]:
    """The single-bit masks of `mask`, low to high."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def checked_deck(deck: Iterable[Card]) -> tuple[Card, ...]:
    """`deck` as a tuple, once it is seen to hold each of the 52 cards once (ValueError
    otherwise): what a fixed deck, not shuffled from a seed, must be before it is dealt."""
    cards = tuple(deck)
    if sorted(cards) != list(DECK):
        raise ValueError("a deck holds each of the 52 cards once")
    return cards


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The 52 cards in the order a given seed deals them: same seed, same deal, on any Python."""
    return Rng(seed).shuffled(DECK)
