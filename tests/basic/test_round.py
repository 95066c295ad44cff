"""The Basic Rummy hand, read against ../shared/rules/basic-rummy.md: the deal, the turn,
melds and lay-offs, going out, scoring, the stock turnover and its limit; and the house rules
the seed's section 7 lists (Rules' options), each against the rules page's game."""

from collections import Counter
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
    Rules,
    TableMeld,
    action_code,
    parse_action,
    replay,
)
from rummy.basic.session import Settings
from rummy.cards import DECK, shuffled_deck
from rummy.cards import parse_card as card
from rummy.cards import parse_cards as cards
from rummy.errors import IllegalAction
from rummy.melds import make_meld
from rummy.rng import Rng, derive_seed
from rummy.sessions import house_rules


def rules(players=2, **kw):
    return Rules(players=players, **kw)


def position(hands, *, stock="", pile="", table=(), to_move=0, phase=Phase.DRAW, laid=(), **kw):
    """A hand in a chosen position, at turn 5, the seats in `laid` having laid cards down at
    turn 0; cards nobody holds are simply out of play."""
    players = len(hands)
    hand = Round.deal(1, rules(players, **kw), dealer=players - 1)
    return replace(
        hand,
        hands=tuple(tuple(sorted(cards(h))) for h in hands),
        turns=5,
        first_laid=tuple(0 if seat in laid else None for seat in range(players)),
        stock=cards(stock),
        pile=cards(pile),
        table=tuple(TableMeld(owner, make_meld(cards(m))) for owner, m in table),
        to_move=to_move,
        phase=phase,
    )


def total_cards(hand):
    return Counter(
        [c for h in hand.hands for c in h]
        + list(hand.stock)
        + list(hand.pile)
        + [c for t in hand.table for c in t.meld.cards]
    )


@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_the_deal_gives_10_7_or_6_cards_turns_one_up_and_leaves_the_rest_as_stock(players, size):
    hand = Round.deal(7, rules(players), dealer=1)
    assert [len(h) for h in hand.hands] == [size] * players
    assert len(hand.pile) == 1 and len(hand.stock) == 52 - players * size - 1
    assert total_cards(hand) == Counter(DECK)


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left():
    deal = Round.deal(7, rules(4), dealer=2)
    deck = shuffled_deck(7)
    assert deal.hands[3] == tuple(sorted(deck[0:28:4]))  # left of the dealer gets the first card
    assert deal.hands[0] == tuple(sorted(deck[1:28:4]))
    assert deal.hands[2] == tuple(sorted(deck[3:28:4]))  # the dealer the last
    assert deal.pile == (deck[28],) and deal.stock == deck[29:]


def test_a_fixed_deck_is_dealt_as_a_shuffled_one_and_must_be_the_52_cards():
    assert Round.from_deck(shuffled_deck(7), rules(4), 2, seed=7) == Round.deal(7, rules(4), 2)
    with pytest.raises(ValueError, match="52 cards"):
        Round.from_deck(DECK[1:] + DECK[:1] * 2, rules(2))


@pytest.mark.parametrize("players, dealer, first", [(2, 0, 1), (2, 1, 0), (4, 3, 0), (6, 2, 3)])
def test_the_player_left_of_the_dealer_starts_with_two_the_non_dealer(players, dealer, first):
    hand = Round.deal(3, rules(players), dealer)
    assert (hand.phase, hand.to_move) == (Phase.DRAW, first)
    assert set(hand.legal_actions()) == {DrawStock(first), DrawDiscard(first)}


def test_a_turn_is_draw_then_discard_and_play_goes_clockwise():
    hand = position(["2C 5D 9H", "3C 6D TH", "4C 7D JH"], stock="KS QS", pile="8S")
    hand = hand.apply(DrawStock(0))
    assert hand.hands[0] == cards("2C 5D 9H KS") and hand.stock == cards("QS")
    assert hand.phase is Phase.PLAY
    hand = hand.apply(Discard(0, card("KS")))  # a card drawn from the stock may go at once
    assert (hand.phase, hand.to_move, hand.pile) == (Phase.DRAW, 1, cards("8S KS"))
    hand = hand.apply(DrawDiscard(1)).apply(Discard(1, card("3C")))
    assert hand.to_move == 2 and hand.taken[1] == cards("KS") and hand.discards[1] == cards("3C")
    assert hand.apply(DrawStock(2)).apply(Discard(2, card("4C"))).to_move == 0


def test_the_card_taken_from_the_pile_may_not_be_discarded_that_turn():
    hand = position(["2C 5D 9H", "3C 6D TH"], stock="KS", pile="8S").apply(DrawDiscard(0))
    with pytest.raises(IllegalAction) as error:
        hand.apply(Discard(0, card("8S")))
    assert error.value.reason == "discard_taken_card"
    assert Discard(0, card("8S")) not in hand.legal_actions()


def test_draw_first_then_no_second_draw_and_only_the_seat_to_move_acts():
    hand = position(["2C 5D 9H", "3C 6D TH"], stock="KS", pile="8S")
    for action, reason in [
        (Discard(0, card("2C")), "draw_first"),
        (DrawStock(1), "not_your_turn"),
        (NewMeld(0, cards("2C 5D 9H")), "draw_first"),
    ]:
        with pytest.raises(IllegalAction) as error:
            hand.apply(action)
        assert error.value.reason == reason
    with pytest.raises(IllegalAction) as error:
        hand.apply(DrawStock(0)).apply(DrawDiscard(0))
    assert error.value.reason == "drawn_already"


def test_at_most_one_new_meld_per_turn_but_any_number_of_lay_offs():
    hand = position(
        ["7C 7D 7H 4S 5S 6S 3S 8H 8C KD", "2D"], table=[(1, "7S 8S 9S")], phase=Phase.PLAY
    )
    hand = hand.apply(NewMeld(0, cards("7C 7D 7H")))
    assert hand.table[1] == TableMeld(0, make_meld(cards("7C 7D 7H")))
    assert hand.first_laid[0] == 5  # this turn: going out now would be rummy
    with pytest.raises(IllegalAction) as error:
        hand.apply(NewMeld(0, cards("4S 5S 6S")))
    assert error.value.reason == "one_meld_per_turn"
    assert not any(isinstance(a, NewMeld) for a in hand.legal_actions())
    for played in ("6S", "5S", "4S", "3S"):
        hand = hand.apply(LayOff(0, card(played), 0))
    assert hand.table[0] == TableMeld(1, make_meld(cards("3S 4S 5S 6S 7S 8S 9S")))
    assert hand.hands[0] == cards("8C KD 8H")  # index order: clubs, diamonds, hearts
    assert hand.apply(Discard(0, card("KD"))).to_move == 1


def test_lay_offs_go_onto_anyones_meld_without_a_meld_of_ones_own():
    hand = position(["9S 2D 5C", "4H"], table=[(1, "6S 7S 8S")], phase=Phase.PLAY)
    hand = hand.apply(LayOff(0, card("9S"), 0))
    assert hand.table == (TableMeld(1, make_meld(cards("6S 7S 8S 9S"))),)  # still seat 1's meld
    assert hand.hands[0] == cards("5C 2D")  # index order: clubs before diamonds


def test_table_melds_are_never_rearranged_a_lay_off_must_extend_the_meld_as_it_is():
    hand = position(["5S TS 2D", "4H"], table=[(1, "6S 7S 8S"), (1, "9C 9D 9H")], phase=Phase.PLAY)
    for action, reason in [
        (LayOff(0, card("TS"), 0), "does_not_fit"),  # 9S is missing: no gap may be bridged
        (LayOff(0, card("5S"), 1), "does_not_fit"),
        (LayOff(0, card("2D"), 2), "no_such_meld"),
        (LayOff(0, card("4H"), 0), "not_in_hand"),
    ]:
        with pytest.raises(IllegalAction) as error:
            hand.apply(action)
        assert error.value.reason == reason
    after = hand.apply(LayOff(0, card("5S"), 0))
    assert [t.meld.cards for t in after.table] == [cards("5S 6S 7S 8S"), cards("9C 9D 9H")]


def test_a_meld_must_be_a_set_or_a_run_with_the_ace_low_only():
    hand = position(["QH KH AH 2C 3C 4D 5D", "4H"], phase=Phase.PLAY)
    for meld in ("QH KH AH", "KH AH 2C", "2C 3C 4D", "AH 2C"):
        with pytest.raises(IllegalAction) as error:
            hand.apply(NewMeld(0, cards(meld)))
        assert error.value.reason == "not_a_meld"
    hand = position(["AH 2H 3H 5D", "4H"], phase=Phase.PLAY)
    assert hand.apply(NewMeld(0, cards("AH 2H 3H"))).table[0].meld.kind == "run"


@pytest.mark.parametrize("hand", ["7C 7D 7H KD", "7C 7D 7H"])
def test_a_meld_naming_a_card_twice_is_refused_and_changes_nothing(hand):
    """Four 7s of three cards: not a meld (its code, "0 meld 7C 7C 7D 7H", would not even read
    back), however many cards the hand holds."""
    before = position([hand, "4H"], phase=Phase.PLAY, table=[(1, "8S 9S TS")])
    twice = NewMeld(0, (card("7C"), card("7C"), card("7D"), card("7H")))
    refused(before, twice, "not_a_meld")
    assert before == position([hand, "4H"], phase=Phase.PLAY, table=[(1, "8S 9S TS")])


def test_going_out_by_a_meld_ends_the_hand_at_once_without_a_discard():
    hand = position(
        ["4C 5C 6C", "KD QD 2H", "9S"], phase=Phase.PLAY, table=[(2, "7H 8H 9H")], laid=(0, 2)
    )
    after = hand.apply(NewMeld(0, cards("4C 5C 6C")))
    assert after.is_over and after.legal_actions() == ()
    assert (after.result.kind, after.result.winner, after.result.points) == (
        "out",
        0,
        10 + 10 + 2 + 9,
    )
    with pytest.raises(IllegalAction) as error:
        after.apply(LayOff(1, card("9S"), 0))
    assert error.value.reason == "hand_over"


def test_going_out_by_a_lay_off():
    hand = position(["TH", "KD 3S"], phase=Phase.PLAY, table=[(1, "7H 8H 9H")], laid=(0,))
    after = hand.apply(LayOff(0, card("TH"), 0))
    assert after.is_over and (after.result.winner, after.result.points) == (0, 13)


def test_going_out_by_the_last_discard():
    hand = position(["2C", "KD 3S AC"], stock="5H", laid=(0,))
    after = hand.apply(DrawStock(0)).apply(Discard(0, card("5H")))
    assert not after.is_over and after.to_move == 1  # one card left: the turn just ends
    hand = position(["2C", "KD 3S AC"], stock="5H", phase=Phase.PLAY, laid=(0,))
    after = hand.apply(Discard(0, card("2C")))
    assert after.is_over and after.result.points == 14 and after.pile[-1] == card("2C")


def test_a_meld_or_lay_off_may_not_leave_only_the_card_taken_from_the_pile():
    hand = position(["4C 5C 6C", "KD"], pile="9D", stock="2S").apply(DrawDiscard(0))
    with pytest.raises(IllegalAction) as error:
        hand.apply(NewMeld(0, cards("4C 5C 6C")))
    assert error.value.reason == "keep_a_discard" and error.value.params == {"card": "9D"}
    assert NewMeld(0, cards("4C 5C 6C")) not in hand.legal_actions()
    assert hand.apply(Discard(0, card("4C"))).to_move == 1


@pytest.mark.parametrize("doubles, points", [(False, 25), (True, 50)])
def test_going_rummy_out_in_one_turn_with_nothing_laid_before_doubles_only_under_the_house_rule(
    doubles, points
):
    hand = position(
        ["9H 9D 9S TC", "KD QD 5H"], stock="2S", table=[(1, "JC QC KC")], rummy_doubles=doubles
    )
    after = (
        hand.apply(DrawStock(0))
        .apply(NewMeld(0, cards("9H 9D 9S")))
        .apply(LayOff(0, card("TC"), 0))
    )
    after = after.apply(Discard(0, card("2S")))
    assert (after.result.kind, after.result.winner, after.result.points) == ("rummy", 0, points)


def test_going_out_after_laying_down_in_an_earlier_turn_is_not_rummy():
    hand = position(
        ["9H 9D 9S TC", "KD QD 5H"],
        stock="2S",
        table=[(1, "JC QC KC")],
        rummy_doubles=True,
        laid=(0,),
    )
    after = (
        hand.apply(DrawStock(0))
        .apply(NewMeld(0, cards("9H 9D 9S")))
        .apply(LayOff(0, card("TC"), 0))
    )
    after = after.apply(Discard(0, card("2S")))
    assert (after.result.kind, after.result.points) == ("out", 25)


def test_the_winner_scores_every_other_hand_ace_1_face_value_court_cards_10():
    hand = position(["5C", "AD KD", "TH 9S", "QS 2C"], phase=Phase.PLAY, laid=(0,))
    after = hand.apply(Discard(0, card("5C")))
    assert (after.result.winner, after.result.points) == (0, 11 + 19 + 12)


def test_an_empty_stock_turns_the_pile_over_without_shuffling():
    hand = position(["2C 5D 9H", "3C 6D TH"], stock="", pile="KS 4H 8C JD", to_move=1)
    assert hand.legal_actions() == (DrawStock(1), DrawDiscard(1))  # the pile top is still on offer
    after = hand.apply(DrawStock(1))
    assert after.turnovers == 1 and after.pile == ()
    assert card("KS") in after.hands[1]  # the pile's bottom card is the new stock's top
    assert after.stock == cards("4H 8C JD")
    assert after.apply(Discard(1, card("3C"))).pile == cards("3C")


def test_after_the_last_turnover_an_empty_stock_ends_the_hand_as_a_draw():
    hand = position(["2C 5D 9H", "3C 6D TH"], stock="7S", pile="KS", turnovers=1)
    hand = replace(hand, turnovers=1)
    after = hand.apply(DrawStock(0)).apply(Discard(0, card("9H")))
    assert after.is_over and (after.result.kind, after.result.winner, after.result.points) == (
        "draw",
        None,
        0,
    )
    hand = replace(
        position(["2C 5D 9H", "3C 6D TH"], stock="7S", pile="KS", turnovers=3), turnovers=2
    )
    assert not hand.apply(DrawStock(0)).apply(Discard(0, card("9H"))).is_over


def test_an_illegal_action_leaves_the_hand_unchanged():
    hand = position(["7C 7D 7H 2S", "2D"], phase=Phase.PLAY, table=[(1, "8S 9S TS")])
    before = replace(hand)
    for action in (
        NewMeld(0, cards("7C 7D 2S")),
        LayOff(0, card("2S"), 0),
        Discard(0, card("AS")),
        DrawStock(0),
    ):
        with pytest.raises(IllegalAction):
            hand.apply(action)
    assert hand == before


@pytest.mark.parametrize(
    "action",
    [
        DrawStock(3),
        DrawDiscard(0),
        NewMeld(5, cards("7C 7D 7H")),
        LayOff(1, card("TS"), 12),
        Discard(2, card("AH")),
    ],
)
def test_actions_have_text_codes_for_saved_games(action):
    assert parse_action(action_code(action)) == action


@pytest.mark.parametrize(
    "code",
    [
        "",
        "0",
        "x stock",
        "0 fly",
        "0 stock 7S",
        "0 meld",
        "0 layoff 7S",
        "0 layoff 7S x",
        "6 stock",
        "0 discard 7S 8S",
        "0 discard ZZ",
    ],
)
def test_bad_action_codes_are_refused_with_a_clear_error(code):
    with pytest.raises(ValueError):
        parse_action(code)


def test_replay_rebuilds_a_hand_from_its_seed_and_action_codes():
    hand = Round.deal(9, rules(3), dealer=0)
    for _ in range(12):
        hand = hand.apply(hand.legal_actions()[-1])
    codes = [action_code(a) for a in hand.actions]
    assert replay(9, codes, rules=rules(3), dealer=0) == hand


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"players": 1}, "2-6 players"),
        ({"players": 7}, "2-6 players"),
        ({"players": 4, "hands": 5}, "not both"),
        ({"players": 4, "target": None}, "not both"),
        ({"players": 4, "target": 0}, "target"),
        ({"players": 4, "rummy_doubles": "yes"}, "rummy_doubles"),
    ],
)
def test_bad_rules_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        Rules(**settings)


# ---- house rules: what the seed's section 7 asks a table to agree on before play -------------


def refused(hand, action, reason):
    with pytest.raises(IllegalAction) as error:
        hand.apply(action)
    assert error.value.reason == reason
    assert action not in hand.legal_actions()


def test_melds_per_turn_any_puts_down_two_new_melds_in_one_turn_one_refuses_the_second():
    hands = ["7C 7D 7H 4S 5S 6S KD", "2D"]
    two = position(hands, phase=Phase.PLAY, melds_per_turn="any")
    two = two.apply(NewMeld(0, cards("7C 7D 7H")))
    assert NewMeld(0, cards("4S 5S 6S")) in two.legal_actions()
    two = two.apply(NewMeld(0, cards("4S 5S 6S"))).apply(Discard(0, card("KD")))
    assert [str(laid) for laid in two.table] == ["7C-7D-7H", "4S-5S-6S"]
    assert two.is_over and two.result.winner == 0  # the discard emptied the hand
    one = position(hands, phase=Phase.PLAY).apply(NewMeld(0, cards("7C 7D 7H")))
    refused(one, NewMeld(0, cards("4S 5S 6S")), "one_meld_per_turn")


def test_lay_off_after_meld_refuses_a_lay_off_before_the_players_own_first_meld():
    hand = position(
        ["9S 4C 4D 4H KD", "2D"],
        phase=Phase.PLAY,
        table=[(1, "6S 7S 8S")],
        lay_off_after_meld=True,
    )
    refused(hand, LayOff(0, card("9S"), 0), "meld_first")  # another seat's meld does not count
    after = hand.apply(NewMeld(0, cards("4C 4D 4H")))  # the first meld, this turn
    after = after.apply(LayOff(0, card("9S"), 0))
    assert str(after.table[0]) == "6S-7S-8S-9S"
    earlier = replace(hand, table=hand.table + (TableMeld(0, make_meld(cards("JC QC KC"))),))
    assert LayOff(0, card("9S"), 0) in earlier.legal_actions()  # a meld put down before
    plain = position(["9S 4C KD", "2D"], phase=Phase.PLAY, table=[(1, "6S 7S 8S")])
    assert LayOff(0, card("9S"), 0) in plain.legal_actions()  # the rules page: no meld needed


def test_ace_both_makes_q_k_a_and_j_q_k_a_runs_but_never_k_a_2():
    hand = position(["QH KH AH JH 2H 5C", "4D"], phase=Phase.PLAY, ace="both")
    offered = {action.cards for action in hand.legal_actions() if isinstance(action, NewMeld)}
    assert offered == {cards("AH QH KH"), cards("AH JH QH KH"), cards("JH QH KH")}
    refused(hand, NewMeld(0, cards("KH AH 2H")), "not_a_meld")
    after = hand.apply(NewMeld(0, cards("QH AH KH")))
    assert str(after.table[0]) == "QH-KH-AH"  # shown in run order, the ace last
    assert LayOff(0, card("JH"), 0) in after.legal_actions()
    refused(after, LayOff(0, card("2H"), 0), "does_not_fit")  # an ace-high run grows downward
    low = position(["QH KH AH 5C", "4D"], phase=Phase.PLAY)
    refused(low, NewMeld(0, cards("QH KH AH")), "not_a_meld")  # the rules page: ace low


@pytest.mark.parametrize("ace, takes", [("both", True), ("low", False)])
def test_a_king_high_run_takes_the_ace_only_under_ace_both(ace, takes):
    hand = position(["AS 5C 9D", "4D"], phase=Phase.PLAY, table=[(1, "JS QS KS")], ace=ace)
    assert (LayOff(0, card("AS"), 0) in hand.legal_actions()) is takes
    if takes:
        assert str(hand.apply(LayOff(0, card("AS"), 0)).table[0]) == "JS-QS-KS-AS"
    else:
        refused(hand, LayOff(0, card("AS"), 0), "does_not_fit")


def test_final_discard_required_refuses_going_out_by_a_meld_or_a_lay_off():
    hand = position(
        ["4C 5C 6C", "KD QD 2H"],
        phase=Phase.PLAY,
        table=[(1, "7H 8H 9H")],
        final_discard="required",
    )
    refused(hand, NewMeld(0, cards("4C 5C 6C")), "final_discard")
    last = position(
        ["TH", "KD"], phase=Phase.PLAY, table=[(1, "7H 8H 9H")], final_discard="required"
    )
    refused(last, LayOff(0, card("TH"), 0), "final_discard")
    out = last.apply(Discard(0, card("TH")))  # the discard is the way out
    assert out.is_over and out.result.winner == 0
    four = position(["4C 5C 6C 7C", "KD"], phase=Phase.PLAY, final_discard="required")
    after = four.apply(NewMeld(0, cards("4C 5C 6C")))  # a card is kept to discard
    refused(after, LayOff(0, card("7C"), 0), "final_discard")
    assert after.apply(Discard(0, card("7C"))).is_over


def test_final_discard_required_still_refuses_leaving_only_the_card_taken_from_the_pile():
    hand = position(["4C 5C 6C", "KD"], pile="9D", stock="2S", final_discard="required")
    refused(hand.apply(DrawDiscard(0)), NewMeld(0, cards("4C 5C 6C")), "keep_a_discard")
    hand = position(["4C 5C 6C 9S", "KD"], pile="9D", stock="2S", final_discard="required")
    hand = hand.apply(DrawDiscard(0)).apply(NewMeld(0, cards("4C 5C 6C")))  # 9S is kept
    assert hand.legal_actions() == (Discard(0, card("9S")),)


def test_an_empty_stock_turned_over_and_shuffled_is_dealt_from_the_seed_and_turnover_number():
    pile = "KS 4H 8C JD 2C 9S 5H"
    hand = position(["2D 5D 9H", "3C 6D TH"], pile=pile, to_move=1, stock_out="shuffle")
    after = hand.apply(DrawStock(1))
    deal = Rng(derive_seed(hand.seed, 1)).shuffled(cards(pile))  # the first turnover's
    assert after.turnovers == 1 and after.pile == ()
    assert after.drawn == deal[0] and after.stock == deal[1:]
    assert hand.apply(DrawStock(1)) == after  # the same again: replays are exact
    turned = position(["2D 5D 9H", "3C 6D TH"], pile=pile, to_move=1).apply(DrawStock(1))
    assert turned.drawn == card("KS") and after.stock != turned.stock  # not as it lay
    second = replace(hand, turnovers=1).apply(DrawStock(1))
    assert second.stock != after.stock  # each turnover its own shuffle


def test_stock_out_end_ends_the_hand_as_a_draw_once_the_last_stock_card_is_drawn():
    hand = position(["2C 5D 9H", "3C 6D TH"], stock="7S", pile="KS", stock_out="end")
    after = hand.apply(DrawStock(0))
    assert not after.is_over  # the turn goes on: the player may still go out
    after = after.apply(Discard(0, card("9H")))  # the stock is out: nobody may take the 9H
    assert after.is_over and (after.result.kind, after.result.winner) == ("draw", None)
    assert after.turnovers == 0
    going = position(["2C 5D 9H", "3C 6D TH"], stock="7S 8S", pile="KS", stock_out="end")
    assert not going.apply(DrawStock(0)).apply(Discard(0, card("9H"))).is_over


@pytest.mark.parametrize(
    "name, value",
    [
        ("melds_per_turn", "two"),
        ("melds_per_turn", 2),
        ("lay_off_after_meld", "yes"),
        ("lay_off_after_meld", 1),
        ("ace", "high"),
        ("ace", None),
        ("final_discard", True),
        ("stock_out", "burn"),
    ],
)
def test_an_unknown_house_rule_value_is_refused_by_name(name, value):
    with pytest.raises(ValueError, match=f"^{name} must be .*not {value!r}"):
        Rules(**{name: value})


def test_the_house_rules_in_force_are_those_that_differ_from_the_rules_page():
    assert house_rules(Settings()) == {}
    chosen = Settings(ace="both", stock_out="end", rummy_doubles=True)
    assert house_rules(chosen) == {"rummy_doubles": True, "ace": "both", "stock_out": "end"}
