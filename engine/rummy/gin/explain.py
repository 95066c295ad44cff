"""Why the hard player ranks an option as it does, as reasons the page puts in words.

The hint says what to do and why ("7♠ completes 7♠ 7♥ 7♦", "the computer is unlikely to use
it") instead of the ranking's raw figures. Each reason is a key with the cards or whole points
it names; they come from the seat's own view and the option's `Advice`, so a hint tells
nothing a seated player could not see.

Where a knock is legal, discarding a card without knocking and knocking with it are two options
of one ranking, and both the hint and the review name them apart ("弃6♥，先不敲" against
"弃6♥并敲牌"): `compared` gives every option its name and whether a hint or a review names it,
the other answer to whether to knock always among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card
from ..melds import best_arrangement, deadwood
from ..review import shown
from .actions import Action, BigGin, Discard, DrawDiscard, Knock, TakeUpcard
from .agents.hard import Advice
from .view import View

SAFE = 0.15  # a discard that joins an opponent's meld in fewer of the sampled deals is safe
RISKY = 0.5  # and in this many or more it is a risk worth saying

Reason = dict[str, Any]


def reasons(view: View, advice: Advice, ranking: Sequence[Advice] = ()) -> list[Reason]:
    """The reasons for `advice`, an option of the seat to move, most telling first; with the
    whole `ranking` it is part of, a discard ranked above knocking with the same card says
    why not to knock yet."""
    action = advice.action
    if isinstance(action, (TakeUpcard, DrawDiscard)):
        return _taking(view.hand, view.pile[-1])
    if isinstance(action, Knock):
        return _knocking(view.hand, action.card, advice)
    if isinstance(action, BigGin):
        return [{"why": "big_gin"}]
    if isinstance(action, Discard):
        return _playing_on(action, ranking) + _discarding(view.hand, action.card, advice)
    if view.pile and len(view.legal_actions) > 1:  # refusing the pile's card for the stock
        return _refusing(view.hand, view.pile[-1])
    return [{"why": "only"}]


def _partner(hand: tuple[Card, ...], card: Card) -> Card | None:
    """A card of `hand` that `card` would start a meld with: its rank, or its suit a rank or
    two away."""
    for other in hand:
        if other.rank == card.rank or (
            other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2
        ):
            return other
    return None


def _meld_with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """The meld `card` completes in the best arrangement of `hand` with it, if any."""
    for meld in best_arrangement(hand + (card,)).melds:
        if card in meld.cards:
            return meld.cards
    return None


def _taking(hand: tuple[Card, ...], card: Card) -> list[Reason]:
    meld = _meld_with(hand, card)
    if meld is not None:
        return [{"why": "completes", "card": card.code, "cards": [c.code for c in meld]}]
    partner = _partner(hand, card)
    if partner is not None:
        return [{"why": "near", "card": card.code, "cards": [partner.code, card.code]}]
    return [{"why": "low", "card": card.code}]


def _refusing(hand: tuple[Card, ...], card: Card) -> list[Reason]:
    if _meld_with(hand, card) is None and _partner(hand, card) is None:
        return [{"why": "fits_nothing", "card": card.code}]
    return [{"why": "stock_better", "card": card.code}]


def _discarding(hand: tuple[Card, ...], card: Card, advice: Advice) -> list[Reason]:
    kept = tuple(c for c in hand if c != card)
    out: list[Reason] = []
    if (
        _meld_with(kept, card) is None
        and _partner(best_arrangement(kept).deadwood_cards, card) is None
    ):
        out.append({"why": "high" if card.value >= 10 else "loose", "card": card.code})
    out.append({"why": "leaves", "points": deadwood(kept)})
    feeds = advice.feeds_opponent
    if feeds is not None and feeds < SAFE:
        out.append({"why": "safe", "card": card.code})
    elif feeds is not None and feeds >= RISKY:
        out.append({"why": "risky", "card": card.code})
    return out


def _playing_on(discard: Discard, ranking: Sequence[Advice]) -> list[Reason]:
    """Why not to knock with the card of `discard` where `ranking` puts the discard above that
    knock: what the knock would score, or the undercut it risks."""
    places = {advice.action: place for place, advice in enumerate(ranking)}
    knock = Knock(discard.seat, discard.card)
    if knock not in places or places.get(discard, len(ranking)) > places[knock]:
        return []
    points = round(ranking[places[knock]].expected_points or 0)
    return [{"why": "play_on", "score": points}] if points > 0 else [{"why": "play_on_undercut"}]


def _knocking(hand: tuple[Card, ...], card: Card, advice: Advice) -> list[Reason]:
    left = deadwood(tuple(c for c in hand if c != card))
    if left == 0:
        return [{"why": "gin"}]
    points = round(advice.expected_points or 0)
    if points <= 0:
        return [{"why": "knock_risky", "points": left}]
    return [{"why": "knock", "points": left, "score": points}]


def option_name(action: Action, legal: Sequence[Action]) -> str:
    """The name of an option, a key the page words: its kind, except that a discard where a
    knock is legal says that it does not knock ("DiscardNoKnock": 弃6♥，先不敲), against a
    knock ("Knock": 弃6♥并敲牌)."""
    if isinstance(action, Discard) and any(isinstance(other, Knock) for other in legal):
        return "DiscardNoKnock"
    return type(action).__name__


def knock_or_not(ranking: Sequence[Action]) -> int | None:
    """The place in `ranking` (every legal option of a position, best first) of the other
    answer to whether to knock than the best option's: knocking with the best discard's card
    (else the best knock), or discarding the best knock's card without knocking; None when
    no knock is legal."""
    best = ranking[0] if ranking else None
    if isinstance(best, Knock):
        return ranking.index(Discard(best.seat, best.card))
    knocks = [place for place, action in enumerate(ranking) if isinstance(action, Knock)]
    if not isinstance(best, Discard) or not knocks:
        return None  # no knock, or the choice of the pile's card
    same = Knock(best.seat, best.card)
    return ranking.index(same) if same in ranking else knocks[0]


def compared(
    ranking: Sequence[Action], limit: int, made: Action | None = None
) -> list[tuple[str, bool]]:
    """Each option of `ranking` (every legal option of a position, best first) with its name
    (`option_name`) and whether a hint or a review names it: the best few, `limit` in all,
    always with the other answer to whether to knock (`knock_or_not`) and the move `made`."""
    other = knock_or_not(ranking)
    keep = ([] if other is None else [other]) + ([] if made is None else [ranking.index(made)])
    named = shown(len(ranking), keep, limit)
    return [(option_name(action, ranking), place in named) for place, action in enumerate(ranking)]
