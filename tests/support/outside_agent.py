"""Agents written against the documented interfaces only, as anyone could, for `module:Class`."""

from rummy.rummikub import Draw


class FirstLegal:
    """Always plays the first legal action: takes every upcard, draws from the stock, ..."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        return view.legal_actions[0]


class AlwaysDraws:
    """A Rummikub player that never lays a tile: it draws, and passes once the pool is empty."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        return Draw(view.seat)
