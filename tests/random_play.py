"""Random legal play, for property tests: every state a hand can reach, knocks included; and
states a seat cannot tell apart from a given one (its hidden cards or tiles dealt again)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rummy import basic, gin, rummikub
from rummy.gin import Knock, Rules
from rummy.rng import Rng


def random_hand_states(seed: int, rules: Rules, knock_chance: float = 0.3) -> Iterator[gin.Round]:
    """Every state of one hand played by uniformly random legal actions (knocking sometimes
    when allowed, so that settlements are reached as well as dead hands)."""
    rng = Rng(seed)
    hand = gin.Round.deal(seed, rules, dealer=rng.below(2))
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


def reshuffle_hidden(hand: gin.Round, seat: int, seed: int) -> gin.Round:
    """Another state `seat` cannot tell apart: the opponent's unseen cards and the stock
    dealt again at random (cards the opponent took from the pile and still holds stay)."""
    other = 1 - seat
    known = [c for c in hand.hands[other] if c in hand.taken[other]]
    pool = [c for c in hand.hands[other] if c not in known] + list(hand.stock)
    pool = list(Rng(seed).shuffled(pool))
    unseen = len(hand.hands[other]) - len(known)
    hands = list(hand.hands)
    hands[other] = tuple(sorted(known + pool[:unseen]))
    return replace(hand, hands=tuple(hands), stock=tuple(pool[unseen:]))


def redeal_hidden(holdings, seat, rest, seed, key=None):
    """Every holding but `seat`'s, and `rest` (the stock or pool), dealt again at random from
    the same cards or tiles, each holding keeping its size (sorted by `key`): what `seat`
    cannot tell apart. Returns (holdings, rest)."""
    hidden = [x for s, held in enumerate(holdings) if s != seat for x in held] + list(rest)
    hidden = list(Rng(seed).shuffled(hidden))
    dealt = []
    for s, held in enumerate(holdings):
        if s == seat:
            dealt.append(held)
        else:
            dealt.append(tuple(sorted(hidden[: len(held)], key=key)))
            del hidden[: len(held)]
    return tuple(dealt), tuple(hidden)


def reshuffle_hidden_basic(hand: basic.Round, seat: int, seed: int) -> basic.Round:
    """Another Basic Rummy hand `seat` cannot tell apart: the other hands and the stock dealt
    again at random from the same cards, each hand keeping its size."""
    hands, stock = redeal_hidden(hand.hands, seat, hand.stock, seed)
    return replace(hand, hands=hands, stock=stock)


def reshuffle_hidden_rummikub(game: rummikub.Round, seat: int, seed: int) -> rummikub.Round:
    """Another Rummikub round `seat` cannot tell apart: the other racks and the pool dealt
    again at random from the same tiles, each rack keeping its size."""
    racks, pool = redeal_hidden(game.racks, seat, game.pool, seed, key=rummikub.sort_key)
    return replace(game, racks=racks, pool=pool)
