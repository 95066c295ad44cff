"""The review of a gin hand: at each of the seat's decisions, the hard player's ranking (the
hint, `advise`, with its fixed seed) of what the seat could see then, and what the choice cost.

Costs are in points of the hand's score, from the hard player's worth of each option
(`Advice.worth`, one scale for every option: see `rummy.gin.agents.hard`):
- taking or refusing the pile's card: minus the expected deadwood each leaves;
- a knock: the points it averages over the sampled deals;
- a discard without knocking: the margin a knock must beat (`HardAgent.knock_margin`, about an
  undercut bonus) for the best one, and a worse one that much less its score's excess over the
  best (expected deadwood plus the danger of feeding the opponent's meld, in deadwood points).
So discarding a card and knocking with it are two options of one ranking, each with its cost.
An option costs the hard player's first choice's worth less its own, never below 0: the hard
player's own move costs 0, even where its rule (always go gin) outranks the figures.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..review import Decision, Review, decisions, ranked
from .actions import Action, action_code
from .agents.hard import Advice, advise
from .round import Round, replay
from .view import View

GAME = "gin"
SEED = 0  # the hint's seed: the review ranks exactly as the hint button did


def _figures(advice: Advice) -> tuple[tuple[str, float], ...]:
    named = {
        "expected_deadwood": advice.expected_deadwood,
        "feeds_opponent": advice.feeds_opponent,
        "expected_points": advice.expected_points,
    }
    return tuple((name, round(value, 3)) for name, value in named.items() if value is not None)


def judge(view: View, action: Action, index: int) -> Decision:
    """The decision of `action`, taken by the seat of `view` with that view in front of it."""
    moves = ((action_code(a.action), a.worth, _figures(a)) for a in advise(view, SEED))
    return ranked(moves, action_code(action), index)


def judged_steps(
    hand: Round,
    seat: int,
    *,
    scores: tuple[int, int] = (0, 0),
    first: int = 0,
    start: Round | None = None,
) -> Iterator[tuple[Decision, View]]:
    """The decisions of `seat` in `hand`, one at a time, from action index `first` on, each
    with the view it was judged on (what the review shows the seat saw).

    The hand is replayed from its deal (or from `start`, a state its log continues) through
    `apply`; each decision is judged on `View.of(state, seat, scores)` alone, `scores`
    being the match scores before the hand. A forced action (one legal option) is no decision.
    """
    begin = Round.deal(hand.seed, hand.rules, hand.dealer) if start is None else start

    def at(state: Round, index: int, action: Action) -> tuple[Decision, View] | None:
        if action.seat != seat or len(state.legal_actions()) < 2:
            return None
        view = View.of(state, seat, scores)
        return judge(view, action, index), view

    return decisions(begin, hand.actions, at, first)


def review_steps(
    hand: Round,
    seat: int,
    *,
    scores: tuple[int, int] = (0, 0),
    first: int = 0,
    start: Round | None = None,
) -> Iterator[Decision]:
    """The decisions of `judged_steps`, without their views."""
    return (
        decision
        for decision, _ in judged_steps(hand, seat, scores=scores, first=first, start=start)
    )


def review(
    hand: Round, seat: int, *, scores: tuple[int, int] = (0, 0), start: Round | None = None
) -> Review:
    """The whole review of `seat`'s play in `hand` (see `review_steps` to compute it in slices)."""
    return Review(GAME, seat, tuple(review_steps(hand, seat, scores=scores, start=start)))


def view_at(hand: Round, index: int, seat: int, scores: tuple[int, int] = (0, 0)) -> View:
    """What `seat` could see just before action `index` of `hand`: the position a decision
    of the review shows."""
    state = replay(hand.seed, hand.actions[:index], rules=hand.rules, dealer=hand.dealer)
    return View.of(state, seat, scores)
