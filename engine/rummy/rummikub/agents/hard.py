"""`hard`: `normal`'s exact solver move, less what is worth more kept on the rack (each solver
call within DECISION_BUDGET search states, as `normal`).

When the solver's move empties the rack, it plays it. Otherwise, while the pool lasts, it keeps
back what would serve the next players more than itself — each measured in the arena against
`normal`, the plain solver move (README, "Rummikub computer players"):
- its jokers: a joker on the rack fits almost anywhere later, and one laid on the table can be
  taken by the next player who holds a tile it stands for;
- while the pool is large, sets its rack makes on its own, when keeping them costs none of the
  tiles it could place this turn (they can be laid at any later turn; on the table they give the
  other players more to rearrange).
Once the pool is empty the round ends on the lowest rack, so it plays what leaves its rack
lowest as the round's end counts it (`fewest_points_left`).
"""

from __future__ import annotations

from collections import Counter

from ..round import FACE, View, joker_cost, rack_total
from ..solver import DECISION_BUDGET, Solution, solve
from ..tiles import JOKER, Tile
from .normal import NormalAgent


def points_left(view: View, placed: Counter[Tile]) -> int:
    """The seat's rack as the round's end would count it (`round.rack_total`) once the rack
    tiles `placed` are laid."""
    return rack_total((Counter(view.rack) - placed).elements(), view.rules.joker_penalty)


def fewest_points_left(view: View, initial_meld: int = 0) -> Solution:
    """The solver's play (by value, each search within DECISION_BUDGET) that leaves the seat's
    rack lowest as the round's end counts it (`round.rack_total`). A joker is weighed at what
    it costs left on the rack (`round.joker_cost`), which is exact under 30; under "face" that
    cost hangs on the tiles kept beside it (a joker kept beside low tiles costs little), so
    the play weighing a joker at 1 is found too, and the one leaving the lower rack taken."""
    penalty = view.rules.joker_penalty

    def play(joker_points: int) -> Solution:
        return solve(
            view.table,
            view.rack,
            "value",
            initial_meld=initial_meld,
            budget=DECISION_BUDGET,
            joker_points=joker_points,
        )

    weighed = play(joker_cost(view.rack, penalty))
    if penalty != FACE or JOKER not in view.rack:
        return weighed
    return min(weighed, play(1), key=lambda solution: points_left(view, Counter(solution.placed)))


class HardAgent(NormalAgent):
    keep_jokers = True
    hold_sets_above = 20  # pool tiles; None: never hold sets back

    def move(self, view: View) -> Solution:
        if not view.pool_count:
            return fewest_points_left(view)
        best = solve(view.table, view.rack, budget=DECISION_BUDGET)
        if len(best.placed) < len(view.rack):
            best = self._held_back(view, best)
        return best

    def _held_back(self, view: View, best: Solution) -> Solution:
        """The move with the jokers and the rack's own sets kept back, as far as it pays."""
        rack = list(view.rack)
        if self.keep_jokers and any(tile.is_joker for tile in best.placed):
            rack = [tile for tile in rack if not tile.is_joker]
            best = solve(view.table, rack, budget=DECISION_BUDGET)
        if (
            self.hold_sets_above is not None
            and view.pool_count > self.hold_sets_above
            and best.placed
        ):
            own = solve((), rack, budget=DECISION_BUDGET).placed
            if own:
                rest = solve(
                    view.table,
                    list((Counter(rack) - Counter(own)).elements()),
                    budget=DECISION_BUDGET,
                )
                if len(rest.placed) + len(own) >= len(best.placed):
                    best = rest
        return best
