"""`hard` (困难): `normal`'s turn planning with the danger of each discard priced on sampled
hands of the next player (determinizations consistent with the view).

Only the next player can take a discard. Its hand is dealt, in each sample, from the cards it
surely holds (taken from the pile and not given up) plus unseen cards for the rest of its count;
a discard is charged for how often it would join a meld there, the more when that meld would
let it go out (three cards or fewer), and for fitting a table meld (a free lay-off).

Head to head under the house rule `melds_per_turn="any"` hard plays for points as much as for
turns: any turn may put a whole hand down, the other player's too, and then every card in hand
counts. So it charges a meld kept in hand its points (it puts melds down as they form) and
judges its discards one draw ahead, without the look-ahead over sampled stock orders, which
counts turns to go out and not the points a hand keeps meanwhile (that look-ahead would
override the charge). With more players it keeps its usual weights and look-ahead: there this
did not pay. Measured against normal (docs/figures.md).
"""

from __future__ import annotations

from ...cards import Card, bits, card_of
from ...melds import meldable_mask
from ...rng import Rng, derive_seed
from ..actions import Action
from ..state import Phase
from ..view import View
from .knowledge import Knowledge
from .plan import Danger, Weights, pile_or_stock, play_turn


def sample_hands(view: View, knowledge: Knowledge, seat: int, rng: Rng, samples: int) -> list[int]:
    """`samples` hands `seat` could hold: its known cards plus unseen ones for the rest, never
    one the stock must hold (once a shuffled turnover leaves the stock fewer cards to hold
    than are unseen, a sampled stock is set aside first)."""
    pool, unseen = bits(knowledge.pool), bits(knowledge.unseen)
    narrowed = len(pool) < len(unseen)
    hidden = min(knowledge.hidden[seat], len(unseen) - view.stock_count * narrowed)
    out = []
    for _ in range(samples):
        hand, free = knowledge.held[seat], unseen
        if narrowed:
            stocked = set(rng.shuffled(pool)[: view.stock_count])
            free = [bit for bit in unseen if bit not in stocked]
        for bit in rng.shuffled(free)[:hidden]:
            hand |= bit
        out.append(hand)
    return out


def sample_stocks(view: View, knowledge: Knowledge, rng: Rng, samples: int) -> list[list[Card]]:
    """`samples` stock orders consistent with the view: its count of the cards it may hold, in
    random order, then the pile if it will be turned over again (bottom first; under the house
    rule `stock_out="shuffle"` in random order too)."""
    pool = [card_of(bit) for bit in bits(knowledge.pool)]
    returns = view.rules.pile_returns(view.turnovers)
    shuffled = view.rules.stock_out == "shuffle"

    def pile() -> list[Card]:
        if not returns:
            return []
        return list(rng.shuffled(view.pile)) if shuffled else list(view.pile)

    return [list(rng.shuffled(pool)[: view.stock_count]) + pile() for _ in range(samples)]


def plays_for_points(view: View) -> bool:
    """Head to head under `melds_per_turn="any"` (the module's docstring says why)."""
    return view.players == 2 and not view.rules.one_meld_per_turn


def sampled_danger(
    view: View,
    knowledge: Knowledge,
    rng: Rng,
    samples: int,
    feed: float,
    feed_out: float,
    fit: float,
) -> Danger:
    """The cost of a discard: the share of sampled next hands it joins a meld in, times `feed`
    (or `feed_out` when that hand holds 3 cards or fewer: the meld may take it out), plus
    `fit` when it fits the table (or `feed_out` when the next player is down to 2 cards)."""
    nxt = (view.seat + 1) % view.players
    count, ace_high = view.hand_counts[nxt], view.rules.ace_high
    hands = sample_hands(view, knowledge, nxt, rng, samples) if samples else []
    per_meld = (feed_out if count <= 3 else feed) / max(1, len(hands))
    per_fit = feed_out if count <= 2 else fit
    cache: dict[int, float] = {}

    def danger(bit: int, fits: int) -> float:
        found = cache.get(bit)
        if found is None:
            found = cache[bit] = per_meld * sum(
                1 for hand in hands if meldable_mask(hand | bit, ace_high) & bit
            )
        return found + per_fit * bool(bit & fits)

    return danger


class HardAgent:
    weights = Weights()
    for_points = Weights(held=1.0)  # when it `plays_for_points`
    samples = 40  # sampled hands of the next player per decision
    stocks = 8  # sampled stock orders per discard, while the order is unknown
    # a meld surely handed to the next player (a larger charge for likely ones did not pay)
    feed = 30.0
    feed_out = 200.0  # a card that may take the next player out
    fit = 40.0

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def judgement(self, view: View) -> tuple[Knowledge, Danger, Rng]:
        """What the hard player knows at `view`, its price of each discard, and the random
        stream left for sampling stock orders (the review scores options with the same)."""
        knowledge = Knowledge.of(view, remember=True)
        # A fresh stream per position: the same view always gets the same decision.
        rng = Rng(derive_seed(self.seed, view.turns, len(view.pile)))
        danger = sampled_danger(
            view, knowledge, rng, self.samples, self.feed, self.feed_out, self.fit
        )
        return knowledge, danger, rng

    def weights_for(self, view: View) -> Weights:
        return self.for_points if plays_for_points(view) else self.weights

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        knowledge, danger, rng = self.judgement(view)
        weights = self.weights_for(view)
        if view.phase is Phase.DRAW:
            return pile_or_stock(view, knowledge, weights, danger)
        sampled = knowledge.stock is None and not plays_for_points(view)
        stocks = sample_stocks(view, knowledge, rng, self.stocks) if sampled else None
        return play_turn(view, knowledge, weights, danger, stocks)
