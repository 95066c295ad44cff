"""The Basic Rummy computer players: legal actions only, decisions from the view alone, and
the choices the rules reward (take a pile card that makes a meld, go out when possible, do
not hand the next player the card that completes what it took, read the turned-over stock)."""

from dataclasses import replace

import pytest
from rummy.basic import (
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    NewMeld,
    Phase,
    Round,
    TableMeld,
)
from rummy.basic.agents import LEVELS, HardAgent, NormalAgent, make_agent
from rummy.basic.agents.hard import sampled_danger
from rummy.basic.agents.history import known_stock
from rummy.basic.agents.knowledge import Knowledge
from rummy.basic.arena import rules_for
from rummy.cards import DECK
from rummy.cards import parse_cards as cards
from rummy.melds import make_meld
from rummy.rng import Rng, derive_seed
from support.random_play import reshuffle_hidden

SMART = pytest.mark.parametrize("player", [NormalAgent, HardAgent])


def position(hands, *, pile="", table=(), taken=None, phase=Phase.DRAW, drawn=None, stock=None):
    """Seat 0 to move with chosen hands, pile and table; the other cards are the stock."""
    players = len(hands)
    hands = tuple(tuple(sorted(cards(h))) for h in hands)
    table = tuple(TableMeld(owner, make_meld(cards(m))) for owner, m in table)
    used = (
        {c for h in hands for c in h} | set(cards(pile)) | {c for t in table for c in t.meld.cards}
    )
    deal = Round.deal(1, rules_for(players), dealer=players - 1)
    return replace(
        deal,
        hands=hands,
        pile=cards(pile),
        table=table,
        phase=phase,
        to_move=0,
        turns=4,
        stock=cards(stock) if stock is not None else tuple(c for c in DECK if c not in used),
        taken=tuple(cards(t) for t in taken) if taken else ((),) * players,
        drawn_from_pile=cards(drawn)[0] if drawn else None,
    )


def decide(agent, hand):
    return agent.act(hand.view(hand.to_move))


def finish_turn(agent, hand):
    """Let the seat to move play until its turn ends (or the hand does)."""
    seat = hand.to_move
    while not hand.is_over and hand.to_move == seat:
        hand = hand.apply(decide(agent, hand))
    return hand


def moves(seed, names, dealer=0):
    """(state before, action) of every decision of one hand between `names`; each action is
    applied, so an illegal one raises IllegalAction and fails the test."""
    agents = [make_agent(name, derive_seed(seed, seat)) for seat, name in enumerate(names)]
    hand = Round.deal(seed, rules_for(len(names)), dealer)
    while not hand.is_over:
        action = decide(agents[hand.to_move], hand)
        assert action in hand.legal_actions()
        yield hand, action
        hand = hand.apply(action)


@pytest.mark.parametrize("players, hands", [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)])
def test_every_level_plays_only_legal_actions(players, hands):
    kinds = set()
    for n in range(hands):
        names = (["hard", "normal", "easy"] * 2)[n % 3 :][:players]
        for _, action in moves(derive_seed(21, players, n), names, dealer=n % players):
            kinds.add(type(action))
    assert kinds == {DrawStock, DrawDiscard, NewMeld, LayOff, Discard}


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_decisions_depend_on_the_view_only(level):
    """The hidden cards dealt again consistently with what the seat sees: the view is the
    same, and so is the decision of a fresh player with the same seed."""
    checked = turned_over = 0
    line_ups = [
        [level, "hard", "easy"],
        [level, "easy", "normal", "easy"],
        [level, "easy", "easy", "easy", "easy"],
    ]
    for n in range(6):
        for hand, _ in moves(derive_seed(31, n), line_ups[n % 3]):
            if hand.to_move != 0:
                continue
            other = reshuffle_hidden(hand, 0, derive_seed(n, len(hand.actions)))
            assert other.view(0) == hand.view(0)
            if other.hands == hand.hands and other.stock == hand.stock:
                continue
            seed = derive_seed(7, n)
            assert decide(make_agent(level, seed), other) == decide(make_agent(level, seed), hand)
            checked += 1
            turned_over += hand.turnovers > 0
    assert checked > 30 and turned_over > 3


@SMART
def test_takes_the_discard_that_completes_a_meld(player):
    hand = position(["7H 8H 2C 5D JS QD KC", "AS 2S 3S 4S 6S 7S 8S"], pile="3D 9H")
    assert decide(player(0), hand) == DrawDiscard(0)
    after = finish_turn(player(0), hand.apply(DrawDiscard(0)))
    assert after.table[-1].meld == make_meld(cards("7H 8H 9H"))


@SMART
def test_leaves_a_discard_that_helps_nothing(player):
    hand = position(["7H 8H 2C 5D JS QD KC", "AS 2S 3S 4S 6S 7S 8S"], pile="9C 2D")
    assert decide(player(0), hand) == DrawStock(0)


@SMART
def test_goes_out_by_a_meld_when_it_can(player):
    hand = position(["7H 8H 9H KS", "AS 2S 3S 4S 6S 7S 8S"], phase=Phase.PLAY)
    after = finish_turn(player(0), hand)
    assert after.is_over and after.result.winner == 0


@SMART
def test_goes_out_by_lay_offs_and_the_pile_card(player):
    """7S and 8S chain onto the run; the pile card 9S too: nothing left, out without a discard."""
    hand = position(
        ["7S 8S 9S", "AH 2H 3H 4H 6H 7H 8H"],
        table=[(1, "4S 5S 6S")],
        phase=Phase.PLAY,
        drawn="9S",
        pile="2C",
    )
    after = finish_turn(player(0), hand)
    assert after.is_over and after.result.winner == 0 and not after.hands[0]


@SMART
def test_does_not_hand_the_next_player_the_card_that_completes_what_it_took(player):
    """Seat 1 took KC and KD from the pile: KS would give it a set of kings. The higher card
    would go otherwise (3H is worth 3 points, KS 10)."""
    hand = position(
        ["2D 3D 4D 5C 6C 7C KS 3H", "KC KD 4S 9S JH QH 2H", "AS 2S 5S 6S 8S TH 9H"],
        phase=Phase.PLAY,
        taken=["", "KC KD", ""],
        pile="TC",
    )
    after = finish_turn(player(0), hand)
    assert after.pile[-1] != cards("KS")[0] and cards("KS")[0] in after.hands[0]


def test_hard_reads_the_turned_over_stock_back_from_its_view():
    """Once the pile has been turned over, the stock order follows from the public record:
    the hard player knows what each stock draw will give."""
    checked = 0
    for n in range(6):
        for hand, _ in moves(derive_seed(41, n), ["hard", "easy", "easy", "easy"]):
            if hand.to_move == 0 and hand.phase is Phase.DRAW and hand.turnovers:
                assert known_stock(hand.view(0)) == hand.stock
                checked += 1
    assert checked > 10


# Of the deals 226-279 (3-6 players), those after whose turnover some seat cannot read the stock
# back (two readings of the record give different orders), among them the three (229, 277, 278)
# whose records a reading that tried one branch first got wrong; then five where every seat
# always can. The other 44 deals found nothing these do not.
STOCK_DEALS = (229, 259, 271, 277, 278, 235, 238, 261, 267, 275)


@pytest.mark.slow
def test_the_stock_read_back_is_never_wrong_only_rarely_unknown():
    """Seen from every seat after a turnover, the read-back is the stock or None (two readings
    of the record would give different orders); never another order."""
    known = unknown = 0
    for n in STOCK_DEALS:
        players = 3 + n % 4
        hand = Round.deal(derive_seed(43, n), rules_for(players), n % players)
        agents = [make_agent("easy", derive_seed(43, n, seat)) for seat in range(players)]
        while not hand.is_over:
            if hand.turnovers:
                for seat in range(players):
                    stock = known_stock(hand.view(seat))
                    assert stock in (hand.stock, None)
                    known += stock is not None
                    unknown += stock is None
            hand = hand.apply(agents[hand.to_move].act(hand.view(hand.to_move)))
    assert known > 1000 and unknown < known / 20


def test_hard_prices_a_discard_by_the_next_players_sampled_hands():
    """Seat 1 surely holds KC and KD (taken from the pile): KS joins its meld in every sampled
    hand, 3H only in some; a card fitting the table is charged as a free lay-off."""
    hand = position(
        ["2D 3D 4D 5C 6C 7C KS 3H", "KC KD 4S 9S JH QH 2H", "AS 2S 5S 6S 8S TH 9H"],
        phase=Phase.PLAY,
        taken=["", "KC KD", ""],
        pile="TC",
    )
    view = hand.view(0)
    danger = sampled_danger(
        view, Knowledge.of(view), Rng(1), 40, HardAgent.feed, HardAgent.feed_out, HardAgent.fit
    )
    ks, h3 = (1 << c.index for c in cards("KS 3H"))
    assert danger(ks, 0) == HardAgent.feed > 0
    assert danger(h3, 0) < HardAgent.feed / 2
    assert danger(h3, h3) == danger(h3, 0) + HardAgent.fit
