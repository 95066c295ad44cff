"""The review of a Rummikub round: at each of the seat's turns, what the solver could have
placed from what the seat could see then, against what the seat placed.

A turn's cost is how much the solver's best play lowers the seat's rack as the round's end
would count it (`rack_total`: a joker 30, or under the "face" house rule the highest number
beside it), less how much the seat's play lowered it, never below 0. The best play is the
one the hard player makes once the pool is empty (`agents.hard.fewest_points_left`: the
solver's, within DECISION_BUDGET search states); before the seat's initial meld, new sets
from the rack worth the rules' initial meld, as the rules demand. The hard player's own move is
shown beside it, priced the same way: holding tiles back (its jokers, a set of its own while
the pool is large) is its judgement of the round, which this measure of the turn does not
reward. A turn where the solver places nothing and the seat draws was no decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..review import Decision, Review, decisions, ranked
from .actions import action_code
from .agents.hard import HardAgent, fewest_points_left, points_left
from .round import Action, Draw, Play, Round, View, replay
from .tiles import Tile

GAME = "rummikub"
SEED = 0


def best_play(view: View) -> Action:
    """The solver's play lowering the rack of the seat of `view` the most (a draw when it has
    none)."""
    owed = 0 if view.melded[view.seat] else view.rules.initial_meld
    solution = fewest_points_left(view, owed)
    if not solution.placed:
        return Draw(view.seat)
    return Play.of(view.seat, [tile_set.tiles for tile_set in solution.sets])


def placed_tiles(state: Round, action: Action) -> Counter[Tile]:
    """The rack tiles `action` lays on the table (none for a draw or a timeout)."""
    if not isinstance(action, Play):
        return Counter()
    laid = Counter(tile for tiles in action.table for tile in tiles)
    return laid - Counter(tile for tile_set in state.table for tile in tile_set.tiles)


def lowered(view: View, placed: Counter[Tile]) -> int:
    """How much laying the rack tiles `placed` lowers the seat's rack as the round's end would
    count it: the count before less after, since under the "face" joker penalty what a joker
    costs hangs on the tiles left beside it (under 30, the placed tiles' own points)."""
    return points_left(view, Counter()) - points_left(view, placed)


def judge(state: Round, view: View, action: Action, index: int) -> Decision | None:
    """The decision of the seat's turn `action` at `view` (its view of `state`), or None when
    the solver had nothing to place and the seat drew. Plays placing the same tiles are one
    option, named by the seat's own play when it is one of them."""
    best = best_play(view)
    if isinstance(best, Draw) and not isinstance(action, Play):
        return None
    options: dict[tuple[str, ...], tuple[str, float]] = {}
    for option in (best, HardAgent(SEED).act(view), action):
        tiles = placed_tiles(state, option)
        same = tuple(sorted(tile.code for tile in tiles.elements()))
        if same not in options or option is action:
            options[same] = (action_code(option), float(lowered(view, tiles)))
    first = options.pop(next(iter(options)))
    moves = [first] + sorted(options.values(), key=lambda option: -option[1])
    return ranked(
        ((code, points, (("points", points),)) for code, points in moves),
        action_code(action),
        index,
    )


def judged_steps(
    round_: Round, seat: int, *, first: int = 0, start: Round | None = None
) -> Iterator[tuple[Decision, View]]:
    """The decisions of `seat` in `round_`, one turn at a time, from action index `first` on,
    each judged on `View.of(state, seat)` alone, and given with that view."""
    begin = Round.deal(round_.seed, round_.rules) if start is None else start

    def at(state: Round, index: int, action: Action) -> tuple[Decision, View] | None:
        if action.seat != seat:
            return None
        view = View.of(state, seat)
        decision = judge(state, view, action, index)
        return None if decision is None else (decision, view)

    return decisions(begin, round_.actions, at, first)


def review_steps(
    round_: Round, seat: int, *, first: int = 0, start: Round | None = None
) -> Iterator[Decision]:
    """The decisions of `judged_steps`, without their views."""
    return (decision for decision, _ in judged_steps(round_, seat, first=first, start=start))


def review(round_: Round, seat: int, *, start: Round | None = None) -> Review:
    """The whole review of `seat`'s play in `round_` (see `review_steps` for slices)."""
    return Review(GAME, seat, tuple(review_steps(round_, seat, start=start)))


def view_at(round_: Round, index: int, seat: int) -> View:
    """What `seat` could see just before action `index` of `round_`."""
    return View.of(replay(round_.seed, round_.actions[:index], round_.rules), seat)
