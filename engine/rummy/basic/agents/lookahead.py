"""Looking several turns ahead when the stock order is known (after a turnover).

Then the cards this seat will draw are known too, as long as the other players draw from the
stock: every n-th card, or the one before it from the pile. A small beam search over its own
next turns (lay off what fits, put down at most one meld, discard) finds how soon the hand can
go out with those cards. Late in a long hand this is what breaks a stall: the low cards
everyone keeps are dead, and the way out is to collect melds from the cards that cycle through
the stock. It melds as the house rules allow: ace high or low; under `melds_per_turn="any"` a
hand goes out once its cards, but for one discard, all go into melds at once; under
`final_discard="required"` a hand laid down whole goes out only with a lay-off to keep back and
discard.
"""

from __future__ import annotations

from ...cards import bits
from ...melds import ACE_HIGH_MELDS_FROM, MELDS_FROM, meldable_mask
from .evaluate import Evaluator

HORIZON = 5  # own turns looked at
BEAM = 6  # hands kept at each turn
TURN = 200.0  # one more turn before going out; above any difference of hand costs
DEAD = 40.0  # a card that no draw in sight can meld


def suffixes(ahead: list[int]) -> list[int]:
    """suffixes(ahead)[i]: the cards of ahead[i:] as one mask."""
    out = [0] * (len(ahead) + 1)
    for i in range(len(ahead) - 1, -1, -1):
        out[i] = out[i + 1] | ahead[i]
    return out


def turns_to_out(
    hand: int,
    fits: int,
    ahead: list[int],
    later: list[int],
    players: int,
    evaluator: Evaluator,
    dead: float = DEAD,
) -> float:
    """TURN times the number of own turns until the hand can go out, or, when it cannot
    within HORIZON turns, TURN per turn looked at plus the best hand's cost then.

    `ahead` are the bits of the cards stock draws give, in order (`later`: their suffixes);
    this seat draws next after
    the other players, each taking one. At each own turn it may take that stock card, or the
    previous player's discard, read as the card that player drew (the cards cycling in a long
    hand are the ones nobody wants): then the stock moves one card less before its next turn.
    Hands are ranked by their cost plus `dead` per card that cannot meld with the cards still
    to come: keeping those is what stalls a long hand.
    """
    rules, ace_high = evaluator.rules, evaluator.ace_high
    melds_from = ACE_HIGH_MELDS_FROM if ace_high else MELDS_FROM
    beam: list[tuple[int, int]] = [(hand, players - 1)]  # (hand, place of its next stock card)
    best = evaluator.final(hand)
    for depth in range(1, HORIZON + 1):
        grown: dict[tuple[int, int], float] = {}
        for held, place in beam:
            options = []
            if place < len(ahead):
                options.append((ahead[place], 0, place + players))
            if 0 < place <= len(ahead):
                options.append((ahead[place - 1], ahead[place - 1], place + players - 1))
            for drawn, keep, after in options:
                cards = (held | drawn) & ~fits  # what fits the table is laid off
                laid_off = (held | drawn) & fits
                coming = later[min(after - 1, len(ahead))]
                # Under "any" melds stay in hand: laid or held, what matters is when all go.
                melds = _melds_in(cards, melds_from, ace_high) if rules.one_meld_per_turn else []
                for meld in [0, *melds]:
                    left = cards & ~meld
                    if _goes_out(left, keep, laid_off, evaluator):
                        return TURN * depth
                    stuck = left & ~meldable_mask(left | coming, ace_high)  # (one test per discard)
                    for bit in bits(left & ~keep):
                        kept = left ^ bit
                        if (kept, after) not in grown:
                            grown[kept, after] = (
                                evaluator.final(kept) + dead * (stuck & ~bit).bit_count()
                            )
        if not grown:  # no card in sight
            break
        beam = sorted(grown, key=grown.__getitem__)[:BEAM]
        best = grown[beam[0]]
    return TURN * (HORIZON + 1) + best


def _melds_in(cards: int, melds_from: tuple[tuple[int, ...], ...], ace_high: bool) -> list[int]:
    """The melds (as masks) inside `cards`."""
    return [
        meld
        for low in bits(meldable_mask(cards, ace_high))
        for meld in melds_from[low.bit_length() - 1]
        if meld & cards == meld
    ]


def _goes_out(left: int, keep: int, laid_off: int, evaluator: Evaluator) -> bool:
    """Whether a turn holding `left` after its lay-offs (and its one meld) goes out: nothing
    left, or one card that may be discarded (not `keep`, the card taken from the pile); under
    `melds_per_turn="any"`, melds with at most that one card over. Under
    `final_discard="required"` a hand laid down whole goes out only with a lay-off to keep
    back and discard."""
    rules = evaluator.rules
    if rules.one_meld_per_turn:
        if not left:
            return not rules.final_discard_required or bool(laid_off)
        return left.bit_count() == 1 and left != keep
    loose = left & ~meldable_mask(left, evaluator.ace_high)
    if loose:
        return loose.bit_count() == 1 and loose != keep and evaluator.goes_down(left ^ loose)
    if evaluator.goes_down(left) and (not rules.final_discard_required or bool(laid_off)):
        return True
    return any(evaluator.goes_down(left ^ bit) for bit in bits(left & ~keep))
