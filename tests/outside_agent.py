"""An agent written against the documented interface only, as anyone could, for `module:Class`."""


class FirstLegal:
    """Always plays the first legal action: takes every upcard, draws from the stock, ..."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view):
        return view.legal_actions[0]
