"""Cards that move: dealt into the hands, drawn from the stock or the pile, discarded, laid off,
melded. Before a table is redrawn `snapshot` notes where its cards are; after it, `play` moves
each card from there to its new place (web/motion.js, transforms only). What this module adds
is what the view model says about cards that were not on screen: a new hand was dealt, the
stock or the pile's top was taken, and who moved.

The motion is only visual: the view model is drawn at once, and no tap waits for a card to
land. A person who asks for reduced motion (`prefers-reduced-motion: reduce`) sees none.
"""

from .dom import page_module
from .prefs import pace

# The moves that take the pile's top: the card under it shows, it is not put there.
TAKES_PILE = ("DrawDiscard", "TakeUpcard")


class Motion:
    js = None  # web/motion.js, once loaded (until then the cards just show)
    shown = None  # what the last redraw showed: (game, a hand just dealt, the stock's size)


async def load_motion():
    Motion.js = await page_module("motion.js")


def duration():
    """How long a card moves, in ms: short, and shorter than the pause between the computer's
    moves, so that each is seen whole before the next."""
    return min(250, 0.6 * pace() * 1000)


def just_dealt(view):
    """Whether `view` is a hand of cards before its first move (a new deal)."""
    return "last_move" in view and view["last_move"] is None and view.get("result") is None


def mover_area(view):
    """A selector of the hand of the computer player who moved last, which the cards it put on
    the table come from (None: the person, whose cards are on screen already)."""
    move = view.get("last_move")
    by = move.get("by") if move else None
    if by == "opponent":
        return "#opponent-hand"
    if isinstance(by, int) and not view["players"][by]["you"]:
        return '[data-testid="count-' + str(by) + '"]'
    return None


def snapshot(game, view):
    """Where the cards are before the table of `game` draws `view`, and how the ones not on
    screen arrive; None when nothing moves (the table was not on screen last)."""
    last, Motion.shown = Motion.shown, (game, just_dealt(view), view.get("stock"))
    if Motion.js is None:
        return None
    deal = just_dealt(view) and not (last and last[:2] == (game, True))
    if not deal and (last is None or last[0] != game):
        return None
    cards = Motion.js.snapshot()
    if cards is None:
        return None
    move = view.get("last_move")
    stock_drawn = (
        not deal
        and last[2] is not None
        and view.get("stock") is not None
        and view["stock"] < last[2]
    )
    took_pile = bool(move) and move["move"] in TAKES_PILE
    return (cards, deal, stock_drawn, took_pile, mover_area(view))


def play(shot):
    """Move the cards of the redrawn table from where `snapshot` saw them."""
    if shot is not None:
        cards, deal, stock_drawn, took_pile, mover = shot
        Motion.js.play(cards, deal, stock_drawn, took_pile, mover or "", duration())
