"""A seat's view holds exactly what that seat may see, so an agent given it cannot peek."""

from dataclasses import fields

from rummy.gin import HOUSE, Match, PassUpcard, Phase, Round, TakeUpcard


def test_the_view_shows_own_hand_pile_counts_and_the_opponents_public_moves():
    hand = Round.deal(3, HOUSE, dealer=1)
    upcard = hand.pile[-1]
    hand = hand.apply(PassUpcard(0)).apply(TakeUpcard(1))
    hand = hand.apply(next(a for a in hand.legal_actions() if a.card != upcard))
    view = hand.view(0, scores=(12, 30))
    assert view.hand == hand.hands[0]
    assert view.pile == hand.pile
    assert view.stock_count == 31 and view.opponent_card_count == 10
    assert view.opponent_taken == (upcard,)  # the 对手取走 record
    assert view.passed == (upcard,) and view.opponent_passed == ()
    assert view.scores == (12, 30)
    assert view.my_turn and view.phase is Phase.DRAW
    assert hand.view(1, scores=(12, 30)).scores == (30, 12)
    assert hand.view(1).legal_actions == () and not hand.view(1).my_turn


def test_the_view_keeps_no_reference_to_the_full_state():
    view = Match.start(HOUSE, 5).view(1)
    assert not any(isinstance(getattr(view, f.name), (Round, Match)) for f in fields(view))
