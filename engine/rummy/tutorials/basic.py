"""The Basic Rummy tutorial: one hand of two players, the person starting. It teaches drawing,
a meld, a lay-off on the computer's meld, taking the pile's top, and going out.

The person holds the set 7♦ 7♥ 7♠, the run 2-3-4♣, 3♦, 9-10♥ and K♠. They meld the sevens;
the computer melds 4-5-6♦; the person melds 2-3-4♣ and lays 3♦ off on the computer's run; the
computer throws Q♥, and the person takes it and goes out with 9-10-J-Q♥.
"""

from __future__ import annotations

from ..basic.actions import parse_action
from ..basic.round import Round
from ..basic.rules import Rules
from ..cards import parse_cards
from .steps import PILE, STOCK, Computer, Play, Say, Tutorial, table

RULES = Rules(players=2, hands=1, target=None)

# Dealt one card at a time from the person (seat 0, left of the dealer): each pair is the
# person's card then the computer's; then the card that starts the pile, and the stock.
DECK = parse_cards(
    "7D 4D  7H 5D  7S 6D  2C 8C  3C QH  4C 2S  3D 5S  9H 9C  TH KC  KS JD"
    "  8H"
    "  QS 6C JH 3H AC 5C 7C TC JC QC AD 2D 8D 9D TD QD KD AH 2H 4H 5H 6H KH AS 3S 4S 6S 8S"
    "  9S TS JS"
)

TUTORIAL = Tutorial(
    game="basic",
    deal=Round.from_deck(DECK, RULES, dealer=1),
    settings={"opponents": 1, "hands": 1, "target": None},
    parse=parse_action,
    steps=(
        Say("tutorial.basic.goal"),
        Play(("stock",), "tutorial.basic.draw", target=STOCK),
        Play(("meld 7D 7H 7S",), "tutorial.basic.meld", highlight=("7D", "7H", "7S")),
        Play(("discard KS",), "tutorial.basic.discard", highlight=("KS",)),
        Computer("1 stock"),
        Computer("1 meld 4D 5D 6D"),
        Computer("1 discard 8C"),
        Say("tutorial.basic.theirMeld", target=table(1)),
        Play(("stock",), "tutorial.basic.drawAgain", target=STOCK),
        Play(("meld 2C 3C 4C",), "tutorial.basic.run", highlight=("2C", "3C", "4C")),
        Play(("layoff 3D 1",), "tutorial.basic.layoff", highlight=("3D",), target=table(1)),
        Play(("discard QS",), "tutorial.basic.keep", highlight=("QS",)),
        Computer("1 stock"),
        Computer("1 discard QH"),
        Play(("pile",), "tutorial.basic.pile", target=PILE),
        Play(("meld 9H TH JH QH",), "tutorial.basic.out", highlight=("9H", "TH", "JH", "QH")),
    ),
)
