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
    replay,
)
from rummy.basic.agents import LEVELS, HardAgent, NormalAgent, make_agent
from rummy.basic.agents.hard import sampled_danger
from rummy.basic.agents.history import known_stock
from rummy.basic.agents.knowledge import Knowledge
from rummy.basic.arena import rules_for
from rummy.cards import DECK, to_mask
from rummy.cards import parse_cards as cards
from rummy.melds import make_meld
from rummy.rng import Rng, derive_seed
from support.random_play import BASIC_HOUSE_RULES, random_basic_action, reshuffle_hidden

SMART = pytest.mark.parametrize("player", [NormalAgent, HardAgent])


def position(
    hands, *, pile="", table=(), taken=None, phase=Phase.DRAW, drawn=None, stock=None, **house
):
    """Seat 0 to move with chosen hands, pile and table (each meld put down by seat 1); the
    other cards are the stock; `house`: house rules."""
    players = len(hands)
    hands = tuple(tuple(sorted(cards(h))) for h in hands)
    rules = replace(rules_for(players), **house)
    table = tuple(TableMeld(owner, make_meld(cards(m), rules.ace_high)) for owner, m in table)
    used = (
        {c for h in hands for c in h} | set(cards(pile)) | {c for t in table for c in t.meld.cards}
    )
    deal = Round.deal(1, rules, dealer=players - 1)
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


def moves(seed, names, dealer=0, **house):
    """(state before, action) of every decision of one hand between `names` (under the house
    rules `house`); each action is applied, so an illegal one raises IllegalAction and fails
    the test."""
    agents = [make_agent(name, derive_seed(seed, seat)) for seat, name in enumerate(names)]
    hand = Round.deal(seed, replace(rules_for(len(names)), **house), dealer)
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
def test_leaves_a_pile_card_that_only_swaps_for_an_equal_one(player):
    """Each holds a 2 and nothing to come lays off: taking the pile's 2H and discarding the 2S
    leaves the hand as it was, as a stock draw most likely does. On that tie the stock: two
    players swapping their 2s (an arena game did, for ever) would never run the stock out."""
    table = [(1, m) for m in ("KC KD KH KS", "9D TD JD QD", "TC TH TS", "7C 7H 7S", "AC AD AH AS")]
    hand = position(
        ["2S", "2D"],
        pile="4S 5C 7D JH JC 8D 4H 3H 8S 5H 3C 6S JS 9H 5S 8H 8C QS QH 5D 3D 2H",
        table=table,
        stock="9C 6D 4C 6C 3S 9S QC 2C 6H 4D",
    )
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


# Of the deals 226-279 (3-6 players), those whose records a reading without the draws' sources
# could not read back (a card taken from the pile at one turn or at a later one), then five more.
STOCK_DEALS = (229, 259, 271, 277, 278, 235, 238, 261, 267, 275)


def test_the_stock_read_back_is_always_the_stock():
    """Seen from every seat after a turnover, the read-back is the stock: every draw's source is
    public, so the record has one reading."""
    checked = 0
    for n in STOCK_DEALS:
        players = 3 + n % 4
        hand = Round.deal(derive_seed(43, n), rules_for(players), n % players)
        agents = [make_agent("easy", derive_seed(43, n, seat)) for seat in range(players)]
        while not hand.is_over:
            if hand.turnovers:
                for seat in range(players):
                    assert known_stock(hand.view(seat)) == hand.stock
                    checked += 1
            hand = hand.apply(agents[hand.to_move].act(hand.view(hand.to_move)))
    assert checked > 1000


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


# ---- house rules ------------------------------------------------------------------------------


@pytest.mark.parametrize("label", BASIC_HOUSE_RULES)
def test_every_level_plays_only_legal_actions_under_each_house_rule(label):
    """A whole hand of the three levels together, and every level asked at positions that random
    play reaches (odd ones included: a pile card to keep, a hand nearly out, a turned-over pile)."""
    house = BASIC_HOUSE_RULES[label]
    for _ in moves(derive_seed(51, 0), ["hard", "normal", "easy"], dealer=0, **house):
        pass
    rng = Rng(derive_seed(52, len(label)))
    asked = 0
    for n in range(3):
        hand = Round.deal(derive_seed(53, n), replace(rules_for(2 + n), **house), 0)
        while not hand.is_over:
            if rng.below(3) == 0:
                for level in sorted(LEVELS):
                    assert decide(make_agent(level, n), hand) in hand.legal_actions()
                    asked += 1
            hand = hand.apply(random_basic_action(hand, rng))
    assert asked > 50


def melds_per_turn(actions):
    """The number of new melds put down in each turn of a hand's actions."""
    counts = []
    for action in actions:
        if isinstance(action, (DrawStock, DrawDiscard)):
            counts.append(0)
        counts[-1] += isinstance(action, NewMeld)
    return counts


def test_under_melds_per_turn_any_the_planners_put_down_several_melds_in_a_turn():
    most = 0
    for n in range(6):
        names = ["hard", "normal", "hard", "normal"]
        actions = [action for _, action in moves(derive_seed(61, n), names, melds_per_turn="any")]
        most = max(most, *melds_per_turn(actions))
        if most >= 2:
            break
    assert most >= 2


@SMART
def test_puts_down_both_melds_at_once_under_melds_per_turn_any(player):
    hand = position(["7C 7D 7H 4S 5S 6S KD JC", "AH 2H 3H 5H 6H 7H 8H"], phase=Phase.PLAY)
    assert len(finish_turn(player(0), hand).table) == 1  # one new meld a turn
    hand = position(
        ["7C 7D 7H 4S 5S 6S KD JC", "AH 2H 3H 5H 6H 7H 8H"], phase=Phase.PLAY, melds_per_turn="any"
    )
    assert {str(laid) for laid in finish_turn(player(0), hand).table} == {"7C-7D-7H", "4S-5S-6S"}


def test_under_melds_per_turn_any_hard_puts_down_a_set_that_normal_keeps_for_a_run():
    """Any turn may put the whole hand down, the other player's too, and then every card in
    hand counts: hard puts its fives down at once rather than keep 5D for 5D-6D-7D."""
    hand = position(
        ["2C AD 2D 5D 7D JD KD 3H 5H 4S 5S", "AH 2H 4H 6H 7H 8H 9C TC JC QC"],
        phase=Phase.PLAY,
        melds_per_turn="any",
    )
    assert finish_turn(NormalAgent(0), hand).table == ()
    assert [str(laid) for laid in finish_turn(HardAgent(0), hand).table] == ["5D-5H-5S"]


@SMART
def test_lays_off_only_after_its_first_meld_under_lay_off_after_meld(player):
    table = [(1, "9D TD JD")]
    hand = position(["8D KS 2C 5H", "AH 2H 3H 5H 6H 7H 8H"], table=table, phase=Phase.PLAY)
    assert len(finish_turn(player(0), hand).table[0].meld.cards) == 4  # 8D laid off
    hand = position(
        ["8D KS 2C 5H", "AH 2H 3H 5H 6H 7H 8H"],
        table=table,
        phase=Phase.PLAY,
        lay_off_after_meld=True,
    )
    assert len(finish_turn(player(0), hand).table[0].meld.cards) == 3  # no meld of its own
    hand = position(
        ["8D 4S 4H 4C KS 2C", "AH 2H 3H 5H 6H 7H 8H"],
        table=table,
        phase=Phase.PLAY,
        lay_off_after_meld=True,
    )
    after = finish_turn(player(0), hand)
    assert [str(laid) for laid in after.table] == ["8D-9D-TD-JD", "4C-4H-4S"]


@SMART
def test_takes_the_queen_for_its_king_and_ace_under_ace_both(player):
    hands = ["KH AH 2C 5D 9S 7C 4D", "AS 2S 3S 4S 6S 7S 8S"]
    assert decide(player(0), position(hands, pile="3C QH")) == DrawStock(0)
    hand = position(hands, pile="3C QH", ace="both")
    assert decide(player(0), hand) == DrawDiscard(0)
    after = finish_turn(player(0), hand.apply(DrawDiscard(0)))
    assert str(after.table[-1]) == "QH-KH-AH"


@SMART
def test_keeps_a_card_to_go_out_by_the_discard_under_final_discard_required(player):
    hands = ["7H 8H 9H TH", "AS 2S 3S 4S 6S 7S 8S"]
    hand = position(hands, phase=Phase.PLAY, final_discard="required")
    after = finish_turn(player(0), hand)
    assert after.is_over and after.result.winner == 0
    assert isinstance(after.actions[-1], Discard)
    hand = position(
        ["4S 7H 8H 9H", "AH 2H 3H 5H 6H 9C 8C"],
        table=[(1, "5S 6S 7S")],
        phase=Phase.PLAY,
        final_discard="required",
    )
    after = finish_turn(player(0), hand)
    assert (
        after.is_over
        and after.result.winner == 0
        and after.actions[-1] == Discard(0, cards("4S")[0])
    )


def test_hard_knows_no_stock_order_once_the_pile_is_shuffled_as_it_turns():
    """The same moves read the stock back when the pile turns over as it lay, and not when it
    is shuffled."""
    rng, actions = Rng(8), []
    hand = Round.deal(8, rules_for(2), 0)
    while not (hand.turnovers and hand.phase is Phase.DRAW):
        action = rng.choice([a for a in hand.legal_actions() if not isinstance(a, DrawDiscard)])
        hand = hand.apply(action)
        actions.append(action)
    assert known_stock(hand.view(hand.to_move)) == hand.stock
    shuffled = replay(8, actions, rules=replace(rules_for(2), stock_out="shuffle"))
    assert known_stock(shuffled.view(shuffled.to_move)) is None


def test_hard_knows_which_cards_a_shuffled_stock_holds():
    """Shuffled as it turns, the pile keeps its cards: from every seat, the stock's cards are
    among the turned pile's not seen since, and the hard player draws only on those, while
    before the turnover any unseen card may come."""
    checked = 0
    for n in range(4):
        names = ["hard", "easy", "easy"]
        for hand, _ in moves(derive_seed(47, n), names, stock_out="shuffle"):
            for seat in range(3):
                knowledge = Knowledge.of(hand.view(seat), remember=True)
                stock = to_mask(hand.stock)
                assert stock & knowledge.pool == stock
                if not hand.turnovers:
                    assert knowledge.pool == knowledge.unseen
                elif hand.stock:
                    assert knowledge.pool != knowledge.unseen
                    checked += 1
    assert checked > 30


@SMART
@pytest.mark.parametrize(
    "held, top, table",
    [("8D", "7C", "9D TD JD"), ("7C", "8D", "9D TD JD"), ("8D", "9D", "5D 6D 7D")],
)
def test_with_one_card_and_a_pile_top_that_both_lay_off_it_still_keeps_a_discard(
    player, held, top, table
):
    """Under final_discard="required", one card in hand and a pile top, each fitting the table
    (the pile card on another meld, or only after the held card): laying both off would leave
    nothing to discard, and the pile card may not be discarded; the player still finds a legal
    turn."""
    hand = position(
        [held, "AH 2H 3H 5H 6H 7H 8H"],
        table=[(1, table), (1, "4C 5C 6C")],
        pile=top,
        final_discard="required",
    )
    after = finish_turn(player(0), hand)
    assert after.to_move == 1 or after.is_over
