"""Gin Rummy: rules, the hand state machine, settlement, seat views, matches and agents."""

from ..errors import IllegalAction
from .actions import (
    Action,
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
from .hand import GinHand, replay
from .match import COMPUTER, PLAYER, Match
from .play import play_hand, play_match
from .rules import HOUSE, PAGAT, Rules, preset
from .settle import Settlement, settle
from .state import HandResult, Phase
from .view import PlayerView

__all__ = [
    "COMPUTER",
    "HOUSE",
    "PAGAT",
    "PLAYER",
    "Action",
    "Advice",
    "Agent",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "GinHand",
    "HandResult",
    "IllegalAction",
    "Knock",
    "Match",
    "PassUpcard",
    "Phase",
    "PlayerView",
    "Rules",
    "Settlement",
    "EasyAgent",
    "HardAgent",
    "LEVELS",
    "NormalAgent",
    "TakeUpcard",
    "action_code",
    "advise",
    "make_agent",
    "parse_action",
    "play_hand",
    "play_match",
    "preset",
    "replay",
    "settle",
]
