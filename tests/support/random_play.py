"""Random legal play, for property tests: every state a hand can reach, knocks included; quick
players for random rounds of Basic Rummy and Rummikub; and states a seat cannot tell apart from
a given one (its hidden cards dealt again)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TypeVar

from rummy import basic, gin, rummikub
from rummy.basic import LayOff, NewMeld
from rummy.gin import Knock, Rules
from rummy.rng import Rng
from rummy.rummikub import Draw, Play, sort_key

R = TypeVar("R", gin.Round, basic.Round, rummikub.Round)


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


BASIC_HOUSE_RULES = {
    "melds-any": {"melds_per_turn": "any"},
    "lay-off-after-meld": {"lay_off_after_meld": True},
    "ace-both": {"ace": "both"},
    "final-discard": {"final_discard": "required"},
    "stock-shuffle": {"stock_out": "shuffle"},
    "stock-end": {"stock_out": "end"},
    "all": {
        "melds_per_turn": "any",
        "lay_off_after_meld": True,
        "ace": "both",
        "final_discard": "required",
        "stock_out": "shuffle",
        "rummy_doubles": True,
    },
}
"""Basic Rummy's house rules that change what is legal, each alone at a value that is not the
rules page's, and all of them together (by a name for test ids): `Rules(**options)`."""


def random_basic_action(hand, rng):
    """A random legal Basic Rummy action, leaning towards melds and lay-offs so that hands end
    by going out."""
    legal = hand.legal_actions()
    laying = [a for a in legal if isinstance(a, (NewMeld, LayOff))]
    return rng.choice(laying) if laying and rng.random() < 0.7 else rng.choice(legal)


def simple_rummikub_play(game):
    """A quick Rummikub player for random rounds: a new run or group of three from the rack
    (worth the initial meld before it is made), else draw."""
    seat = game.to_move
    have = {(t.colour, t.number): t for t in game.racks[seat] if not t.is_joker}
    found = []
    for colour in "KBOR":
        found += [
            tuple(have[colour, n + i] for i in range(3))
            for n in range(1, 12)
            if all((colour, n + i) in have for i in range(3))
        ]
    for number in range(1, 14):
        colours = [c for c in "KBOR" if (c, number) in have]
        if len(colours) >= 3:
            found.append(tuple(have[c, number] for c in colours[:3]))
    if not game.melded[seat]:
        found = [f for f in found if sum(t.number for t in f) >= game.rules.initial_meld]
    if not found:
        return Draw(seat)
    return Play.of(seat, [s.tiles for s in game.table] + [found[0]])


def _redeal_hidden(holdings, seat, rest, seed, *, kept=None, key=None):
    """Every holding but `seat`'s, and `rest` (the unseen stock or pool), dealt again at random
    from the same cards or tiles: each holding keeps its size and the cards `kept[s]` it is known
    to hold, sorted by `key`. Returns (holdings, rest)."""
    kept = kept or [()] * len(holdings)
    hidden = [x for s, held in enumerate(holdings) if s != seat for x in held if x not in kept[s]]
    hidden = list(Rng(seed).shuffled(hidden + list(rest)))
    dealt = []
    for s, held in enumerate(holdings):
        if s == seat:
            dealt.append(held)
            continue
        free = len(held) - len(kept[s])
        dealt.append(tuple(sorted(kept[s] + tuple(hidden[:free]), key=key)))
        del hidden[:free]
    return tuple(dealt), tuple(hidden)


def reshuffle_hidden(state: R, seat: int, seed: int) -> R:
    """Another state of a round, in any game, that `seat` cannot tell apart: the other hands or
    racks dealt again at random with the unseen stock or pool, each keeping its size, and the
    card the player to move drew from the stock one of its new cards. Cards a seat took from the
    pile and still holds stay (everyone saw them go), and so does Basic Rummy's stock once the
    pile was turned over (its order is public then), with the card drawn from it."""
    if isinstance(state, rummikub.Round):
        racks, pool = _redeal_hidden(state.racks, seat, state.pool, seed, key=sort_key)
        return replace(state, racks=racks, pool=pool)
    taken = [tuple(c for c in held if c in state.taken[s]) for s, held in enumerate(state.hands)]
    stock_unseen = getattr(state, "turnovers", 0) == 0  # Gin's pile is never turned over
    mover, drawn = state.to_move, state.drawn
    # the card the player to move drew from the stock and holds: as hidden as the stock was
    private = mover != seat and drawn in state.hands[mover] and state.drawn_from_pile is None
    if private and not stock_unseen and drawn not in taken[mover]:  # from a stock all know
        taken[mover] += (drawn,)
    hands, stock = _redeal_hidden(
        state.hands, seat, state.stock if stock_unseen else (), seed, kept=taken
    )
    if private and stock_unseen:  # another of the cards it now holds
        unseen = [c for c in hands[mover] if c not in taken[mover]]
        drawn = unseen[seed % len(unseen)]
    return replace(state, hands=hands, stock=stock if stock_unseen else state.stock, drawn=drawn)


def hidden_from_deep(dealt: R, seat: int) -> R:
    """A fresh deal that `seat` cannot tell apart from `dealt`: every other holding swapped for
    as many cards or tiles from the bottom of the stock or pool, which takes theirs. The first
    draws are the same, so until another seat shows what it holds, `seat` sees the same round."""
    rk = isinstance(dealt, rummikub.Round)
    holdings, rest = (dealt.racks, dealt.pool) if rk else (dealt.hands, dealt.stock)
    hidden = tuple(x for s, held in enumerate(holdings) if s != seat for x in held)
    top, deep = rest[: len(rest) - len(hidden)], list(rest[len(rest) - len(hidden) :])
    swapped = []
    for s, held in enumerate(holdings):
        if s == seat:
            swapped.append(held)
            continue
        swapped.append(tuple(sorted(deep[: len(held)], key=sort_key if rk else None)))
        del deep[: len(held)]
    if rk:
        return replace(dealt, racks=tuple(swapped), pool=top + hidden)
    return replace(dealt, hands=tuple(swapped), stock=top + hidden)
