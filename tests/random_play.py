"""Random legal play, for property tests: every state a hand can reach, knocks included."""

from __future__ import annotations

from collections.abc import Iterator

from rummy.gin import GinHand, Knock, Rules
from rummy.rng import Rng


def random_hand_states(seed: int, rules: Rules, knock_chance: float = 0.3) -> Iterator[GinHand]:
    """Every state of one hand played by uniformly random legal actions (knocking sometimes
    when allowed, so that settlements are reached as well as dead hands)."""
    rng = Rng(seed)
    hand = GinHand.deal(seed, rules, dealer=rng.below(2))
    yield hand
    while not hand.is_over:
        legal = hand.legal_actions()
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and rng.random() < knock_chance:
            action = rng.choice(knocks)
        else:
            action = rng.choice(legal)
        hand = hand.apply(action)
        yield hand
