"""Basic Rummy for 2-6 players (../shared/rules/basic-rummy.md): the hand, the game, the views.

`BasicMatch.start(BasicRules(players=4), seed)` starts a game; `match.view(seat)` is what a
seat sees; `match.apply(action)` plays one of `view.legal_actions`; `to_record`/`from_record`
save and replay it.
"""

from .actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    NewMeld,
    action_code,
    parse_action,
)
from .hand import BasicHand, replay
from .match import BasicMatch
from .rules import HAND_SIZES, TURNOVERS, BasicRules
from .state import HandResult, Phase, TableMeld, hand_value
from .view import BasicView

__all__ = [
    "HAND_SIZES",
    "TURNOVERS",
    "Action",
    "BasicHand",
    "BasicMatch",
    "BasicRules",
    "BasicView",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "HandResult",
    "LayOff",
    "NewMeld",
    "Phase",
    "TableMeld",
    "action_code",
    "hand_value",
    "parse_action",
    "replay",
]
