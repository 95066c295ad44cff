"""Gin Rummy: rules, the hand state machine, settlement, seat views, matches and agents."""

from ..errors import IllegalAction
from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    action_code,
    parse_action,
)
from .agents import LEVELS, Agent, EasyAgent, HardAgent, NormalAgent, make_agent
from .agents.hard import Advice, advise
from .bonuses import Bonus
from .match import COMPUTER, PERSON, Match
from .play import play_match, play_round
from .round import Round, replay
from .rules import HOUSE, PAGAT, Rules, Stakes, preset
from .settle import Ending, Settlement, settle
from .state import Phase, Result
from .view import View

__all__ = [
    "COMPUTER",
    "HOUSE",
    "PAGAT",
    "PERSON",
    "Action",
    "Advice",
    "Agent",
    "BigGin",
    "Bonus",
    "Discard",
    "Ending",
    "DrawDiscard",
    "DrawStock",
    "Round",
    "Result",
    "IllegalAction",
    "Knock",
    "Match",
    "PassUpcard",
    "Phase",
    "View",
    "Rules",
    "Settlement",
    "Stakes",
    "EasyAgent",
    "HardAgent",
    "LEVELS",
    "NormalAgent",
    "TakeUpcard",
    "action_code",
    "advise",
    "make_agent",
    "parse_action",
    "play_round",
    "play_match",
    "preset",
    "replay",
    "settle",
]
