"""The hand state machine, read against the turn, upcard, knock and dead-hand rules."""

from dataclasses import replace

import pytest
from rummy.cards import DECK, parse_cards, shuffled_deck
from rummy.cards import parse_card as card
from rummy.errors import IllegalAction
from rummy.gin import (
    HOUSE,
    PAGAT,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    Phase,
    Result,
    Round,
    TakeUpcard,
    action_code,
    parse_action,
    replay,
)


def deal(seed=5, dealer=1, rules=HOUSE):
    return Round.deal(seed, rules, dealer)


def test_the_deal_gives_ten_each_one_upcard_and_a_stock_of_31():
    hand = deal()
    assert [len(h) for h in hand.hands] == [10, 10]
    assert len(hand.pile) == 1 and len(hand.stock) == 31
    assert sorted(hand.hands[0] + hand.hands[1] + hand.pile + hand.stock) == sorted(DECK)
    assert (hand.phase, hand.to_move) == (Phase.UPCARD, 0)  # the non-dealer is asked first


def test_the_same_seed_deals_the_same_hand():
    assert deal(seed=11) == deal(seed=11)


def test_a_fixed_deck_is_dealt_as_a_shuffled_one_and_must_be_the_52_cards():
    assert Round.from_deck(shuffled_deck(11), HOUSE, 1, seed=11) == deal(seed=11)
    assert Round.from_deck(DECK).hands[0] == DECK[0:20:2]  # the non-dealer's, one card in two
    for broken in (DECK[:51], DECK[:51] + DECK[:1]):
        with pytest.raises(ValueError, match="52 cards"):
            Round.from_deck(broken)
    assert deal(seed=11).hands != deal(seed=12).hands


def test_taking_the_upcard_is_the_non_dealers_turn_then_the_dealer_draws():
    hand = deal()
    upcard = hand.pile[-1]
    hand = hand.apply(TakeUpcard(0))
    assert upcard in hand.hands[0] and hand.pile == ()
    assert hand.taken == ((upcard,), ())
    assert (hand.phase, hand.to_move) == (Phase.DISCARD, 0)
    discard = next(c for c in hand.hands[0] if c != upcard)
    hand = hand.apply(Discard(0, discard))
    assert (hand.phase, hand.to_move, hand.pile) == (Phase.DRAW, 1, (discard,))
    assert set(hand.legal_actions()) == {DrawStock(1), DrawDiscard(1)}


def test_a_refused_upcard_goes_to_the_dealer_on_the_same_terms():
    hand = deal().apply(PassUpcard(0))
    assert (hand.phase, hand.to_move) == (Phase.UPCARD, 1)
    hand = hand.apply(TakeUpcard(1))
    assert (hand.phase, hand.to_move) == (Phase.DISCARD, 1)
    hand = hand.apply(hand.legal_actions()[0])
    # After the dealer's discard it is the non-dealer's turn, pile open.
    assert set(hand.legal_actions()) == {DrawStock(0), DrawDiscard(0)}


def test_when_both_refuse_the_non_dealer_draws_from_the_stock():
    hand = deal().apply(PassUpcard(0)).apply(PassUpcard(1))
    assert (hand.phase, hand.to_move) == (Phase.DRAW, 0)
    assert hand.legal_actions() == (DrawStock(0),)
    assert hand.passed == ((hand.pile[-1],), (hand.pile[-1],))
    with pytest.raises(IllegalAction, match="Both players refused the upcard") as error:
        hand.apply(DrawDiscard(0))
    assert error.value.reason == "pile_closed"
    top = hand.stock[0]
    hand = hand.apply(DrawStock(0))
    assert top in hand.hands[0] and len(hand.stock) == 30
    hand = hand.apply(Discard(0, top))  # a card drawn from the stock may be discarded
    assert set(hand.legal_actions()) == {DrawStock(1), DrawDiscard(1)}


def _expect_refused(hand, action, reason, text):
    with pytest.raises(IllegalAction, match=text) as error:
        hand.apply(action)
    assert error.value.reason == reason
    assert isinstance(error.value, ValueError)


def test_acting_out_of_turn_is_refused():
    hand = deal()
    _expect_refused(hand, TakeUpcard(1), "not_your_turn", "not your turn")
    _expect_refused(hand, DrawStock(0), "upcard_pending", "take or pass the upcard")
    hand = hand.apply(PassUpcard(0)).apply(PassUpcard(1))
    _expect_refused(hand, DrawStock(1), "not_your_turn", "not your turn")
    _expect_refused(hand, TakeUpcard(0), "upcard_gone", "no longer on offer")


def test_drawing_twice_is_refused():
    hand = deal().apply(PassUpcard(0)).apply(PassUpcard(1)).apply(DrawStock(0))
    _expect_refused(hand, DrawStock(0), "drawn_already", "already drawn")


def test_discarding_before_drawing_is_refused():
    hand = deal().apply(PassUpcard(0)).apply(PassUpcard(1))
    _expect_refused(hand, Discard(0, hand.hands[0][0]), "draw_first", "Draw first")


def test_the_card_just_taken_from_the_pile_cannot_be_discarded():
    hand = deal()
    upcard = hand.pile[-1]
    hand = hand.apply(TakeUpcard(0))
    _expect_refused(hand, Discard(0, upcard), "discard_taken_card", f"took {upcard}")
    assert Discard(0, upcard) not in hand.legal_actions()
    assert Knock(0, upcard) not in hand.legal_actions()


def test_a_card_not_in_hand_is_refused():
    hand = deal().apply(TakeUpcard(0))
    stranger = hand.hands[1][0]
    _expect_refused(hand, Discard(0, stranger), "not_in_hand", f"{stranger} is not in your hand")


MINE = "3S 4S 5S 7H 7D 7C JD QD KD TC 2H"  # melds + ♣10 + ♥2
THEIRS = "3H 4H 5H 9S 9H 9C 6S AC 2D KC"


def rigged(mine=MINE, theirs=THEIRS, stock_size=31, taken=None):
    """Seat 0 to discard from chosen cards; `taken` is the card it just took from the pile."""
    mine, theirs = parse_cards(mine), parse_cards(theirs)
    rest = [c for c in DECK if c not in mine and c not in theirs]
    return replace(
        deal(),
        hands=(tuple(sorted(mine)), tuple(sorted(theirs))),
        pile=(),
        stock=tuple(rest[:stock_size]),
        phase=Phase.DISCARD,
        to_move=0,
        drawn_from_pile=taken,
        taken=((taken,), ()) if taken else ((), ()),
        upcard_passes=0,
    )


def test_knocking_above_ten_is_refused_and_knocking_at_ten_or_less_settles():
    hand = rigged()
    # Discarding ♦J breaks the diamonds: ♦Q ♦K ♣10 ♥2 = 32 points.
    _expect_refused(
        hand,
        Knock(0, card("JD")),
        "knock_too_high",
        "deadwood is 32: you may knock only with 10 or less",
    )
    after = hand.apply(Knock(0, card("TC")))
    assert after.phase is Phase.OVER
    assert (after.result.kind, after.result.knocker, after.result.winner) == ("knock", 0, 0)
    assert after.result.settlement.knocker_deadwood == 2
    assert after.result.points == after.result.settlement.defender_deadwood - 2
    assert after.pile[-1] == card("TC")
    points = after.result.points
    assert (after.result.points_for(0), after.result.points_for(1)) == (points, -points)


def test_knock_actions_are_offered_only_for_discards_leaving_ten_or_less():
    knocks = {str(a.card) for a in rigged().legal_actions() if isinstance(a, Knock)}
    assert knocks == {"TC", "2H"}
    knocks = {str(a.card) for a in rigged(taken=card("2H")).legal_actions() if isinstance(a, Knock)}
    assert knocks == {"TC"}  # ♥2 was just taken from the pile, so it cannot go


def test_gin_at_zero_deadwood_scores_the_whole_defender_deadwood_plus_bonus():
    hand = rigged(mine="3S 4S 5S 7H 7D 7C JD QD KD TD 2H")
    after = hand.apply(Knock(0, card("2H")))
    assert after.result.kind == "gin" and after.result.points == 19 + 25


def test_the_hand_is_dead_when_two_stock_cards_remain_after_a_discard_without_knock():
    hand = rigged(stock_size=2)
    after = hand.apply(Discard(0, card("TC")))
    assert after.phase is Phase.OVER
    assert after.result == Result("dead", None, None, 0, None)
    assert after.result.points_for(0) == after.result.points_for(1) == 0
    # Knocking instead still settles normally.
    assert hand.apply(Knock(0, card("TC"))).result.kind == "knock"


def test_the_hand_goes_on_with_three_stock_cards():
    after = rigged(stock_size=3).apply(Discard(0, card("TC")))
    assert (after.phase, after.to_move) == (Phase.DRAW, 1)


def test_actions_after_the_hand_ended_are_refused():
    over = rigged().apply(Knock(0, card("TC")))
    assert over.legal_actions() == ()
    _expect_refused(over, DrawStock(1), "hand_over", "hand is over")


def test_pagat_preset_uses_the_same_turn_rules():
    hand = deal(rules=PAGAT).apply(PassUpcard(0)).apply(PassUpcard(1))
    assert hand.legal_actions() == (DrawStock(0),)


def test_action_codes_round_trip_and_bad_codes_are_explained():
    hand = deal().apply(TakeUpcard(0))
    for action in hand.legal_actions() + (PassUpcard(1), DrawStock(0), DrawDiscard(1)):
        assert parse_action(action_code(action)) == action
    for bad in ("", "2 take", "0 fly", "0 discard", "0 stock 7S", "0 discard 7X"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_replay_from_codes_rebuilds_the_hand():
    hand = deal(seed=77, dealer=0)
    for _ in range(12):
        hand = hand.apply(hand.legal_actions()[0])
    codes = [action_code(a) for a in hand.actions]
    assert replay(77, codes, dealer=0) == hand


@pytest.mark.parametrize("seat", [True, False, 1.0, 2, -1, "0"])
def test_actions_name_a_real_seat(seat):
    with pytest.raises(ValueError, match="a seat is 0 or 1"):
        TakeUpcard(seat)


def test_discards_name_a_real_card():
    with pytest.raises(ValueError, match="is not a Card"):
        Discard(0, "7S")


@pytest.mark.parametrize("dealer", [True, 1.0, 2])
def test_the_dealer_is_seat_0_or_1(dealer):
    with pytest.raises(ValueError, match="dealer must be seat 0 or 1"):
        Round.deal(1, HOUSE, dealer)
