"""Random legal play, for property tests: every state a hand can reach, knocks included; quick
players for random rounds of Basic Rummy and Rummikub; and states a seat cannot tell apart from
a given one (its hidden cards dealt again)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rummy import basic, gin
from rummy.basic import LayOff, NewMeld
from rummy.gin import Knock, Rules
from rummy.rng import Rng
from rummy.rummikub import Draw, Play


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


def random_basic_action(hand, rng):
    """A random legal Basic Rummy action, leaning towards melds and lay-offs so hands end by going out."""
    legal = hand.legal_actions()
    laying = [a for a in legal if isinstance(a, (NewMeld, LayOff))]
    return rng.choice(laying) if laying and rng.random() < 0.7 else rng.choice(legal)


def simple_rummikub_play(game):
    """A quick Rummikub player for random rounds: a new run or group of three from the rack (30 points
    or more before the initial meld), else draw."""
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
