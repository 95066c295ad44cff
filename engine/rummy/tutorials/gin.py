"""The gin tutorial: one hand against the computer, which deals, so the person is offered the
upcard first. It teaches melds and deadwood, taking the upcard, taking the computer's discard,
knocking, and the computer laying off on the person's melds.

The person holds the run 5-6-7♥, the pair 9♣ 9♦, 2-3♣ and three loose cards; the upcard 4♣
makes 2-3-4♣. The computer draws 3♠ and throws 9♠, which makes the person's set of nines, and
the person knocks with 4♠ alone (4 deadwood). The computer lays 8♥ and 9♥ off on 5-6-7♥ and
is left with 27 deadwood: the person scores 23.
"""

from __future__ import annotations

from ..cards import parse_cards
from ..gin.actions import parse_action
from ..gin.round import Round
from .steps import PILE, Computer, Play, Say, Tutorial

# Dealt one card at a time from the person (seat 0, the non-dealer): each pair is the person's
# card then the computer's; then the upcard and the stock, top first.
DECK = parse_cards(
    "5H JC  6H QC  7H KC  9C 8H  9D 9H  2C 9S  3C 2D  QS 5D  KD 7S  4S TD"
    "  4C"
    "  3S AC 5C 6C 7C 8C TC AD 3D 4D 6D 7D 8D JD QD AH 2H 3H 4H TH JH QH KH AS 2S 5S 6S 8S TS"
    "  JS KS"
)

TUTORIAL = Tutorial(
    game="gin",
    deal=Round.from_deck(DECK, dealer=1),
    settings={},
    parse=parse_action,
    steps=(
        Say("tutorial.gin.melds", highlight=("5H", "6H", "7H")),
        Say("tutorial.gin.deadwood", highlight=("QS", "KD", "4S")),
        Play(("take",), "tutorial.gin.upcard", target=PILE),
        Play(("discard KD",), "tutorial.gin.discard", highlight=("KD",)),
        Computer("1 stock"),
        Computer("1 discard 9S"),
        Play(("pile",), "tutorial.gin.pile", target=PILE),
        Play(("knock QS",), "tutorial.gin.knock", highlight=("QS",)),
        Say("tutorial.gin.layoff"),
    ),
)
