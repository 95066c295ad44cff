"""`hard`: the exact solver's move, every turn (see `solver.solve`).

It melds with the solver's initial meld (the most tiles worth 30 or more from the rack alone)
as soon as there is one, then each turn plays the most tiles the rack can add to the freely
rearranged table, taking table jokers when a tile they stand for can take their place.
"""

from __future__ import annotations

from ..game import Action, Draw, Play, RummikubView
from ..solver import Solution, solve


def meld_value(view: RummikubView, solution: Solution) -> int:
    """Points of the new sets of an initial meld (the table's sets are returned unchanged)."""
    return sum(s.value for s in solution.sets) - sum(s.value for s in view.table)


class HardAgent:
    """Deterministic: the seed is taken for the interface."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: RummikubView) -> Action:
        melded = view.melded[view.seat]
        solution = solve(view.table, view.rack, initial_meld=not melded)
        # The solver's meld reaches 30, the rules' default; under a higher threshold, check it.
        if not solution.placed or (not melded and meld_value(view, solution) < view.rules.initial_meld):
            return Draw(view.seat)
        return Play.of(view.seat, [s.tiles for s in solution.sets])
