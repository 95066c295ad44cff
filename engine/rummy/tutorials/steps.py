"""What a tutorial is made of: a fixed deal and a script of steps, as data the engine checks.

A script is a tuple of steps, numbered by their place in it (the page's `data-step`):

- `Play`: the person's move. The moves it expects, as the page sends them (the game's action
  words without the seat: "take", "discard KD", "meld 7D 7H 7S", "play R10 R11 R12"); the
  cards or tiles of the person's hand the move uses, for the page to highlight as it does a
  hint; the place on the table it goes to or comes from (`target`); and the i18n key of the
  one sentence that says why.
- `Computer`: a computer player's move, as its full action code ("1 discard 9S"): scripted, so
  a tutorial never depends on how the computer players choose.
- `Say`: a sentence with nothing to tap (the page shows a button to go on), which may point at
  cards of the hand too.

Each game's module (`rummy.tutorials.gin`, `.basic`, `.rummikub`) holds one `Tutorial`: the
round dealt from its fixed deck, the script, and how its game reads a move.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

PERSON = 0  # the person's seat in every tutorial

# Where a step points on the table besides the hand (`Play.target`, `Say.target`):
STOCK = "stock"  # the stock (gin, Basic Rummy) or the pool (Rummikub)
PILE = "pile"  # the top of the discard pile, the upcard included


def table(number: int) -> str:
    """The target naming table meld or set `number` (0: the first put down)."""
    return f"table {number}"


@dataclass(frozen=True, slots=True)
class Play:
    """The person's move: one of `moves` (codes without the seat) is taken, any other move is
    tried again."""

    moves: tuple[str, ...]
    text: str  # i18n key: why this move
    highlight: tuple[str, ...] = ()  # codes of the hand's cards or tiles the move uses
    target: str | None = None  # STOCK, PILE or `table(n)`


@dataclass(frozen=True, slots=True)
class Computer:
    """A computer player's move, its full action code."""

    move: str


@dataclass(frozen=True, slots=True)
class Say:
    """A sentence and nothing to tap: the person goes on when they have read it."""

    text: str  # i18n key
    highlight: tuple[str, ...] = ()
    target: str | None = None


Step = Play | Computer | Say


@dataclass(frozen=True, slots=True)
class Tutorial:
    """One game's tutorial: its round as dealt (`deal`, from a fixed deck), the start screen's
    `settings` whose rules it follows (the page draws the table as under them), its `steps`,
    and its game's `parse` (an action from a full code; ValueError) and `same` (a key two
    actions share when they are the same move: the same meld in another order, the same table
    with its sets in another order)."""

    game: str
    deal: Any  # the game's Round, dealt from the tutorial's own deck or pool
    settings: Mapping[str, Any]
    steps: tuple[Step, ...]
    parse: Callable[[str], Any]
    same: Callable[[Any], Hashable] = lambda action: action  # cards' actions are their keys
