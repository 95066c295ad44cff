"""`normal`: the exact solver's move, every turn (see `solver.solve`), within DECISION_BUDGET
search states: on the rare tables that need more, the best move found near its rack.

It melds with the solver's initial meld (the most tiles worth the rules' points from the rack
alone) as soon as there is one, then each turn plays the most tiles the rack can add to the
freely rearranged table, taking table jokers when a tile they stand for can take their place.
It holds nothing back: `hard` is this player plus the judgement of what to keep.
"""

from __future__ import annotations

from ..round import Action, Draw, Play, View
from ..solver import DECISION_BUDGET, Solution, solve


class NormalAgent:
    """Deterministic: the seed is taken for the interface."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: View) -> Action:
        if not view.melded[view.seat]:
            return self._meld(view)
        return self._play(view, self.move(view))

    def move(self, view: View) -> Solution:
        """The move of a seat that has melded: here, the most tiles."""
        return solve(view.table, view.rack, budget=DECISION_BUDGET)

    def _meld(self, view: View) -> Action:
        solution = solve(
            view.table, view.rack, initial_meld=view.rules.initial_meld, budget=DECISION_BUDGET
        )
        return self._play(view, solution)

    @staticmethod
    def _play(view: View, solution: Solution) -> Action:
        if not solution.placed:
            return Draw(view.seat)
        return Play.of(view.seat, [s.tiles for s in solution.sets])
