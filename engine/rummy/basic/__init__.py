"""Basic Rummy for 2-6 players (../shared/rules/basic-rummy.md): the hand, the game, the views.

`Match.start(Rules(players=4), seed)` starts a game; `match.view(seat)` is what a
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
from .match import Match
from .round import Round, replay
from .rules import HAND_SIZES, TURNOVERS, Rules
from .state import Ending, Phase, Result, TableMeld, hand_value
from .view import View

__all__ = [
    "HAND_SIZES",
    "TURNOVERS",
    "Action",
    "Round",
    "Match",
    "Rules",
    "View",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Ending",
    "Result",
    "LayOff",
    "NewMeld",
    "Phase",
    "TableMeld",
    "action_code",
    "hand_value",
    "parse_action",
    "replay",
]
