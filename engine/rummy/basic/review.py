"""The review of a Basic Rummy hand: at each of the seat's decisions, the hard player's choice
on what the seat could see then, every legal option scored as the hard player scores plans, and
what the choice cost.

The hard player does not rank options: it plans the whole turn and plays the plan's first step.
So each option is scored by the best plan still open once it is played, in the hard player's
own unit, lower is better: the hand's deadwood points one draw ahead, plus its charge for every
card in no meld (`Weights.loose`, the price of the turn it takes to shed) and the danger of the
discard to the next player (sampled as the hard player samples them, with its seed). Going out
scores `-Weights.out`. The draw weighs the pile's top against the stock as the hard player does
(`draw_scores`; once the stock order is known, that counts turns to go out, at `TURN` a turn).
The hard player's own move comes first and costs 0; any other costs its score less that move's,
never below 0 (the hard player may prefer a move for the cards it looks further ahead at).
These are the hard player's plan points, not the game's score: they judge how close a hand is
to going out, so a meld held back, or a hand kept as one meld to go out next turn, costs
nothing here unless the hard player's own choice differs for the cards it sees ahead (head to
head under the house rule `melds_per_turn="any"` a meld kept in hand costs its points:
`HardAgent.for_points`).
The seat's own action is applied to the state only to see the rest of its turn from its view.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import to_mask
from ..review import Decision, Review, decisions, ranked
from .actions import Action, Discard, DrawDiscard, action_code
from .agents.hard import HardAgent
from .agents.knowledge import fits_mask, table_melds
from .agents.plan import OUT, Evaluators, Plan, draw_scores, may_lay_off, scored, turn_plans
from .round import Round, replay
from .state import Phase
from .view import View

GAME = "basic"
SEED = 0


def _option_scores(state: Round, view: View, agent: HardAgent) -> dict[Action, float]:
    """Each legal option of the seat to move, scored as in the module's docstring."""
    knowledge, danger, _ = agent.judgement(view)
    weights = agent.weights_for(view)
    if view.phase is Phase.DRAW:
        taken, stock = draw_scores(view, knowledge, weights, danger)
        found = {
            action: taken if isinstance(action, DrawDiscard) else stock
            for action in view.legal_actions
        }
    else:
        evaluators = Evaluators(view, knowledge, weights)
        fits = fits_mask(table_melds(view.table), view.rules.ace_high)
        reach = fits if may_lay_off(view) else 0

        def best(plans: list[Plan]) -> float:
            return scored(plans, lambda plan: evaluators(plan.reach).potential(plan.kept), danger)[
                0
            ].score

        found = {}
        for action in view.legal_actions:
            if isinstance(action, Discard):
                bit = 1 << action.card.index
                found[action] = best([Plan((action,), knowledge.own ^ bit, fits, reach, bit)])
                continue
            after = state.apply(action)
            if after.is_over:
                found[action] = OUT
                continue
            rest = View.of(after, view.seat, view.scores)
            drawn = 1 << rest.drawn_from_pile.index if rest.drawn_from_pile else 0
            found[action] = best(turn_plans(rest, to_mask(rest.hand), drawn, rest.melded_this_turn))
    return {action: -weights.out if score == OUT else score for action, score in found.items()}


def judge(state: Round, view: View, action: Action, index: int) -> Decision:
    """The decision of `action`, taken by the seat of `view` (its view of `state`)."""
    agent = HardAgent(SEED)
    choice = agent.act(view)
    option_scores = _option_scores(state, view, agent)
    order = sorted(view.legal_actions, key=lambda a: (a != choice, option_scores[a]))
    moves = (
        (action_code(a), -option_scores[a], (("score", round(option_scores[a], 3)),)) for a in order
    )
    return ranked(moves, action_code(action), index)


def judged_steps(
    hand: Round,
    seat: int,
    *,
    scores: tuple[int, ...] | None = None,
    first: int = 0,
    start: Round | None = None,
) -> Iterator[tuple[Decision, View]]:
    """The decisions of `seat` in `hand`, one at a time, from action index `first` on: every
    action of the seat with another legal option, judged on `View.of(state, seat, scores)`
    alone (`scores`: the game's scores before the hand, by seat), each with that view."""
    begin = Round.deal(hand.seed, hand.rules, hand.dealer) if start is None else start
    table_scores = tuple(scores) if scores is not None else (0,) * hand.players

    def at(state: Round, index: int, action: Action) -> tuple[Decision, View] | None:
        if action.seat != seat or len(state.legal_actions()) < 2:
            return None
        view = View.of(state, seat, table_scores)
        return judge(state, view, action, index), view

    return decisions(begin, hand.actions, at, first)


def review_steps(
    hand: Round,
    seat: int,
    *,
    scores: tuple[int, ...] | None = None,
    first: int = 0,
    start: Round | None = None,
) -> Iterator[Decision]:
    """The decisions of `judged_steps`, without their views."""
    return (
        decision
        for decision, _ in judged_steps(hand, seat, scores=scores, first=first, start=start)
    )


def review(
    hand: Round,
    seat: int,
    *,
    scores: tuple[int, ...] | None = None,
    start: Round | None = None,
) -> Review:
    """The whole review of `seat`'s play in `hand` (see `review_steps` to compute it in slices)."""
    return Review(GAME, seat, tuple(review_steps(hand, seat, scores=scores, start=start)))


def view_at(hand: Round, index: int, seat: int, scores: tuple[int, ...] | None = None) -> View:
    """What `seat` could see just before action `index` of `hand`."""
    state = replay(hand.seed, hand.actions[:index], rules=hand.rules, dealer=hand.dealer)
    return View.of(state, seat, tuple(scores) if scores is not None else (0,) * hand.players)
