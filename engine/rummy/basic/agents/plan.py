"""Turn planning shared by `normal` and `hard`: the whole turn is chosen at each call and its
first legal step played, so a turn of several calls follows one plan.

A turn is: at most one new meld, then every card that can be laid off (a card that fits a
table meld keeps fitting, but in hand it costs points if someone goes out, and lay-offs are
free), then the discard that leaves the best prospects less the danger of feeding the next
player. Melds go down as soon as they form: only one may go down per turn, so a held meld
costs a later turn, and it counts for nothing if someone goes out first.

The house rules change the plans, not the scoring: under `melds_per_turn="any"` a turn may
put down several melds (each largest disjoint choice of the hand's melds is planned); under
`lay_off_after_meld` a seat with no meld of its own lays nothing off and counts no card as
fitting for itself, so its first meld is worth the lay-offs it opens; under `ace="both"` the
melds and fits are ace high or low; under `final_discard="required"` a plan that would empty
the hand keeps its last lay-off back and discards it instead (a hand that goes out does so by
that discard); and the pile comes back as the stock in a known order only under
`stock_out="turn"`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...cards import Card, bits, card_of, from_mask, to_mask
from ...melds import Meld, melds_in
from ..actions import Action, Discard, DrawDiscard, DrawStock, LayOff, NewMeld
from ..rules import Rules
from ..view import View
from .evaluate import Evaluator, uniform_draws
from .knowledge import Knowledge, fits_mask, layoff_chain, table_melds
from .lookahead import suffixes, turns_to_out

Danger = Callable[[int, int], float]
"""danger(card bit, cards fitting the table after the turn): the cost of discarding that card."""

OUT = float("-inf")
TIE = 1e-9
"""Scores closer than this are equal. A stock draw's expected score is a sum of chances, so a
pile card that only swaps for an equal one (a 2 for a 2) could beat it by rounding; on a tie
the stock, or two players could swap the same cards for ever and the stock never run out."""


@dataclass(frozen=True, slots=True)
class Weights:
    loose: float = 40.0  # points charged per card in no meld: going out is about cards, not points
    out: float = 100.0  # what a hand that is out (or one meld from out) is worth
    take_margin: float = 0.0  # the pile card must beat the stock's prospects by this much
    held: float = 0.0  # charged per point of the cards in melds kept in hand


@dataclass(frozen=True, slots=True)
class Layout:
    """One way to play the cards of a turn before the discard: new melds (or none) and
    lay-offs."""

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    left: int  # the hand after them
    fits: int  # cards fitting the table after them
    reach: int  # those this seat may lay off on later turns (`may_lay_off`)


def may_lay_off(view: View, melds: tuple[Meld, ...] = ()) -> bool:
    """Whether the seat of `view` may lay off once it has put down `melds`: always, or under
    the house rule `lay_off_after_meld` once it has a meld of its own on the table."""
    return (
        not view.rules.lay_off_after_meld
        or bool(melds)
        or any(laid.owner == view.seat for laid in view.table)
    )


def meld_choices(rules: Rules, hand: int, melded: bool) -> list[tuple[Meld, ...]]:
    """The new melds the rest of a turn may put down: none, or one of the hand's (none once
    one went down this turn); under `melds_per_turn="any"` also each largest choice of
    disjoint melds (one no other meld of the hand could join)."""
    if melded and rules.one_meld_per_turn:
        return [()]
    melds = melds_in(from_mask(hand), rules.ace_high)
    choices: list[tuple[Meld, ...]] = [(), *((meld,) for meld in melds)]
    if not rules.one_meld_per_turn:
        choices += [choice for choice in _largest_choices(melds, 0, 0, ()) if len(choice) > 1]
    return choices


def _largest_choices(
    melds: tuple[Meld, ...], start: int, used: int, chosen: tuple[Meld, ...]
) -> list[tuple[Meld, ...]]:
    """The choices of disjoint `melds` that extend `chosen` (using the cards `used`) with
    melds from number `start` on, and that no other meld could join."""
    out = []
    for number in range(start, len(melds)):
        mask = melds[number].mask
        if not mask & used:
            out += _largest_choices(melds, number + 1, used | mask, chosen + (melds[number],))
    if not out and all(meld.mask & used for meld in melds):
        out.append(chosen)
    return out


def layouts(view: View, hand: int, melded: bool) -> list[Layout]:
    """Every meld choice (`meld_choices`) with all lay-offs after it, when the seat may lay
    off then."""
    table, ace_high = table_melds(view.table), view.rules.ace_high
    out = []
    for melds in meld_choices(view.rules, hand, melded):
        rest = hand & ~to_mask(card for meld in melds for card in meld.cards)
        laid = list(table + melds)
        opened = may_lay_off(view, melds)
        chain = tuple(layoff_chain(rest, tuple(laid), ace_high)) if opened else ()
        for card, number in chain:
            rest &= ~(1 << card.index)
            laid[number] = laid[number].extended(card, ace_high)
        fits = fits_mask(tuple(laid), ace_high)
        out.append(Layout(melds, chain, rest, fits, fits if opened else 0))
    return out


@dataclass(frozen=True, slots=True)
class Plan:
    steps: tuple[Action, ...]  # in order; the first legal one is played now
    kept: int  # the hand at the end of the turn
    fits: int  # the cards fitting the table then
    reach: int  # those this seat may lay off on later turns
    discard: int  # the card bit discarded (0 when the turn ends without a discard)
    score: float = 0.0  # lower is better; OUT when the turn goes out

    @property
    def out(self) -> bool:
        """The turn empties the hand, by a meld, a lay-off or the discard."""
        return self.kept == 0


def turn_plans(view: View, hand: int, drawn: int, melded: bool) -> list[Plan]:
    """Every plan of the rest of a turn (unscored). The card taken from the pile (`drawn`) is
    never discarded."""
    seat, plans = view.seat, []
    required = view.rules.final_discard_required
    for layout in layouts(view, hand, melded):
        steps: tuple[Action, ...] = tuple(NewMeld(seat, meld.cards) for meld in layout.melds)
        steps += tuple(LayOff(seat, card, number) for card, number in layout.layoffs)
        fits, reach = layout.fits, layout.reach
        if layout.left in (0, drawn) and (layout.left or required):
            # Nothing that may be discarded would stay (only the pile card, or under
            # `final_discard="required"` nothing): keep a lay-off back to discard it.
            # (Without one the melds are not allowed.)
            back = kept_back(layout.layoffs, drawn)
            if back is not None:
                card = layout.layoffs[back][0]
                steps = steps[: len(layout.melds) + back] + steps[len(layout.melds) + back + 1 :]
                discard = Discard(seat, card)
                plans.append(Plan(steps + (discard,), layout.left, fits, reach, 1 << card.index))
        elif not layout.left:
            plans.append(Plan(steps, 0, fits, reach, 0))
        else:
            for bit in bits(layout.left & ~drawn):
                discard = Discard(seat, card_of(bit))
                plans.append(Plan(steps + (discard,), layout.left ^ bit, fits, reach, bit))
    return plans or discards_only(view, hand, drawn)


def discards_only(view: View, hand: int, drawn: int) -> list[Plan]:
    """The turn ended by a discard alone: the plans left when every lay-off chain would leave
    nothing that may be discarded (the pile card laid off on the held card, say)."""
    fits = fits_mask(table_melds(view.table), view.rules.ace_high)
    reach = fits if may_lay_off(view) else 0
    return [
        Plan((Discard(view.seat, card_of(bit)),), hand ^ bit, fits, reach, bit)
        for bit in bits(hand & ~drawn)
    ]


def kept_back(layoffs: tuple[tuple[Card, int], ...], drawn: int) -> int | None:
    """Which lay-off of a chain to keep back for the discard: the last one that is not the card
    taken from the pile (which may not be discarded) and that no later lay-off builds on (none
    goes on the same meld after it); None when there is none."""
    for i in range(len(layoffs) - 1, -1, -1):
        card, number = layoffs[i]
        later = {n for _, n in layoffs[i + 1 :]}
        if 1 << card.index != drawn and number not in later:
            return i
    return None


def laid(plan: Plan) -> int:
    """How many cards the plan puts on the table."""
    return sum(
        len(s.cards) if isinstance(s, NewMeld) else isinstance(s, LayOff) for s in plan.steps
    )


def first_legal(view: View, plans: list[Plan], drawn: Card | None) -> Action:
    """The step to play now of the first plan that has one: the step moving the pile card
    first (so the hand never holds that card alone), else the first legal one in order."""
    legal = set(view.legal_actions)
    for plan in plans:
        for step in sorted(plan.steps, key=lambda a: not _moves(a, drawn)):
            if step in legal:
                return step
    raise AssertionError("no plan has a legal step")  # a discard always is: a planning bug


def _moves(action: Action, card: Card | None) -> bool:
    if card is None:
        return False
    if isinstance(action, NewMeld):
        return card in action.cards
    return isinstance(action, LayOff) and action.card == card


# When the stock order is known: the chance that each other player's draw before our next one
# is from the stock, or that one or two of them take from the pile instead.
STOCK_SKIPS = (0.8, 0.15, 0.05)


def ahead_cards(view: View, knowledge: Knowledge) -> list[Card] | None:
    """The cards stock draws will give, in order, as far as known (the stock, then the pile,
    bottom first, if it will be turned over again); None while the stock order is unknown."""
    if knowledge.stock is None:
        return None
    return list(knowledge.stock) + (
        list(view.pile) if view.rules.pile_returns(view.turnovers) else []
    )


def next_draws(view: View, knowledge: Knowledge) -> tuple[tuple[int, float], ...]:
    """(card bit, chance) of this seat's next stock draw after this turn: any card the stock
    may hold alike, or, when the stock order is known, the card the other players' draws leave
    on top; any card of the pile alike when the stock is out and will be the pile shuffled."""
    if not view.stock_count and view.rules.stock_out == "shuffle":
        return uniform_draws(to_mask(view.pile))
    ahead = ahead_cards(view, knowledge)
    if ahead is None:
        return uniform_draws(knowledge.pool)
    chances: dict[int, float] = {}
    for skipped, chance in enumerate(STOCK_SKIPS):
        place = view.players - 1 - skipped
        if 0 <= place < len(ahead):
            bit = 1 << ahead[place].index
            chances[bit] = chances.get(bit, 0.0) + chance
    total = sum(chances.values())
    return tuple((bit, chance / total) for bit, chance in chances.items())


class Evaluators:
    """One evaluator per set of cards the seat may lay off (a plan's `reach`), for one
    decision."""

    def __init__(self, view: View, knowledge: Knowledge, weights: Weights) -> None:
        self.draws = next_draws(view, knowledge)
        self.weights = weights
        self.rules = view.rules
        self._cache: dict[int, Evaluator] = {}

    def __call__(self, reach: int) -> Evaluator:
        found = self._cache.get(reach)
        if found is None:
            found = self._cache[reach] = Evaluator(
                self.draws,
                reach,
                self.weights.loose,
                self.weights.out,
                self.rules,
                self.weights.held,
            )
        return found


def scored(plans: list[Plan], value: Callable[[Plan], float], danger: Danger) -> list[Plan]:
    """The plans scored by `value` plus their discard's danger, best first (going out first)."""
    out = [replace(p, score=OUT if p.out else value(p) + danger(p.discard, p.fits)) for p in plans]
    out.sort(key=lambda p: (p.score, -laid(p), len(p.steps)))
    return out


def pile_or_stock(view: View, knowledge: Knowledge, weights: Weights, danger: Danger) -> Action:
    """Take the pile's top when the turn it allows ends better than a stock draw's turn is
    expected to (exactly, when the stock card is known; looking ahead, when the order is)."""
    seat = view.seat
    if DrawDiscard(seat) not in view.legal_actions:
        return DrawStock(seat)
    taken_score, stock_score = draw_scores(view, knowledge, weights, danger)
    return DrawDiscard(seat) if taken_score < stock_score - TIE else DrawStock(seat)


def draw_scores(
    view: View, knowledge: Knowledge, weights: Weights, danger: Danger
) -> tuple[float, float]:
    """(taking the pile's top, drawing from the stock) scored as `pile_or_stock` weighs them,
    lower is better, the take margin already charged to the pile."""
    top = 1 << view.pile[-1].index
    hand = knowledge.own
    evaluators = Evaluators(view, knowledge, weights)
    ahead = ahead_cards(view, knowledge)
    if not view.stock_count and view.rules.stock_out == "turn":
        ahead = list(view.pile) if ahead is None else ahead  # turned over: its bottom card comes

    def end_cost(plan: Plan) -> float:
        return evaluators(plan.reach).final(plan.kept)

    if ahead is not None and knowledge.stock is not None:
        taken = scored(turn_plans(view, hand | top, top, False), end_cost, danger)
        stock = scored(turn_plans(view, hand | 1 << ahead[0].index, 0, False), end_cost, danger)
        taken_score = rescore(taken, [ahead], view.players, evaluators, danger)[0].score
        stock_score = rescore(stock, [ahead[1:]], view.players, evaluators, danger)[0].score
        return taken_score, stock_score
    taken_score = scored(turn_plans(view, hand | top, top, False), end_cost, danger)[0].score
    if ahead:  # only the stock's next card is known
        stock_score = scored(
            turn_plans(view, hand | 1 << ahead[0].index, 0, False), end_cost, danger
        )[0].score
    else:
        stock_score = min(
            evaluators(lay.reach).potential(lay.left) for lay in layouts(view, hand, False)
        )
    return taken_score + weights.take_margin, stock_score


def rescore(
    plans: list[Plan],
    aheads: list[list[Card]],
    players: int,
    evaluators: Evaluators,
    danger: Danger,
    width: int = 4,
) -> list[Plan]:
    """The best `width` plans rescored by how soon the cards ahead take the hand out, on
    average over `aheads` (the known stock, or sampled orders of it)."""
    if plans[0].out or not aheads:
        return plans[:1]
    masks = [[1 << card.index for card in ahead] for ahead in aheads]
    orders = [(cards, suffixes(cards)) for cards in masks]

    def value(plan: Plan) -> float:
        evaluator = evaluators(plan.reach)
        total = sum(
            turns_to_out(plan.kept, plan.reach, cards, later, players, evaluator)
            for cards, later in orders
        )
        return total / len(orders)

    return scored(plans[:width], value, danger)


def play_turn(
    view: View,
    knowledge: Knowledge,
    weights: Weights,
    danger: Danger,
    sampled: list[list[Card]] | None = None,
) -> Action:
    """The best plan for the rest of this turn, by the prospects of the hand kept (one draw
    ahead), then among the best few by how soon it goes out with the cards ahead: the known
    stock's, or else those of `sampled` stock orders (none: one draw ahead only)."""
    drawn_card = view.drawn_from_pile
    drawn = 1 << drawn_card.index if drawn_card else 0
    evaluators = Evaluators(view, knowledge, weights)
    plans = turn_plans(view, knowledge.own, drawn, view.melded_this_turn)
    plans = scored(plans, lambda p: evaluators(p.reach).potential(p.kept), danger)
    ahead = ahead_cards(view, knowledge)
    aheads = [ahead] if ahead is not None else sampled
    if aheads:
        plans = rescore(plans, aheads, view.players, evaluators, danger)
    return first_legal(view, plans, drawn_card)
