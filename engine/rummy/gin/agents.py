"""Computer players of gin, and the interface every one of them implements.

An agent sees a `PlayerView` and nothing else: the driver in `rummy.gin.play` owns the full
state and hands each seat its own view, so an agent cannot look at the other hand or the stock.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import Card, to_mask
from ..melds import deadwood_of_mask, meldable_mask
from ..rng import Rng
from .actions import Action, Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard
from .view import PlayerView


class Agent(Protocol):
    """Anything with `act(view) -> action`, returning one of `view.legal_actions`."""

    def act(self, view: PlayerView) -> Action: ...


def joins_meld(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether `card` would be part of some meld of `hand` + `card`."""
    bit = 1 << card.index
    return bool(meldable_mask(to_mask(hand) | bit) & bit)


class SimpleAgent:
    """The EAAI-2021 challenge baseline ("SimpleGinRummyPlayer"), from its description.

    Takes the face-up card only if it joins a meld; discards at random among the cards whose
    discard leaves the least deadwood; knocks as soon as it may.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        seat = view.seat
        if PassUpcard(seat) in legal or DrawDiscard(seat) in legal:
            take = joins_meld(view.hand, view.pile[-1])
            if PassUpcard(seat) in legal:
                return TakeUpcard(seat) if take else PassUpcard(seat)
            return DrawDiscard(seat) if take else DrawStock(seat)
        if DrawStock(seat) in legal:
            return DrawStock(seat)
        hand_mask = to_mask(view.hand)
        options = [a for a in legal if isinstance(a, Discard)]
        scored = [(deadwood_of_mask(hand_mask ^ 1 << a.card.index), a) for a in options]
        least = min(score for score, _ in scored)
        choice = self._rng.choice([a for score, a in scored if score == least])
        knock = Knock(seat, choice.card)
        return knock if knock in legal else choice


AGENTS = {"simple": SimpleAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """A built-in agent by name; ValueError listing the names otherwise."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}: choose one of {', '.join(AGENTS)}") from None
