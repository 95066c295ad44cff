"""Errors shared by every game of the package."""


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the message is meant for the player.

    Raised before anything changes, so the state that refused the action is still valid.
    `reason` is a stable short code (e.g. "not_your_turn") that a translated UI can key on, and
    `params` the values its message names (card codes, points), so it can say the same.
    """

    def __init__(self, message: str, reason: str = "illegal", **params: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class IllegalPlay(IllegalAction):
    """A Rummikub play the rules refuse; the table and racks are left as they were."""
