"""A seat's view of a Basic Rummy hand shows its own cards and what is public, nothing else."""

from rummy.basic import Match, Phase, Round, Rules
from rummy.rng import Rng
from support.random_play import random_basic_action


def test_a_view_shows_the_seats_own_hand_counts_of_the_others_and_the_public_record():
    hand = Round.deal(6, Rules(players=3), dealer=0)
    hand = hand.apply(hand.legal_actions()[1])  # seat 1 takes the upcard
    mine, theirs = hand.view(1), hand.view(2)
    assert mine.hand == hand.hands[1] and theirs.hand == hand.hands[2]
    assert mine.hand_counts == theirs.hand_counts == (7, 8, 7)
    assert mine.taken == theirs.taken == ((), hand.taken[1], ()) and len(hand.taken[1]) == 1
    assert mine.drawn_from_pile == hand.taken[1][0] and theirs.drawn_from_pile is None
    assert mine.legal_actions == hand.legal_actions() and theirs.legal_actions == ()
    assert mine.phase is Phase.PLAY and mine.my_turn and not theirs.my_turn
    assert mine.final_hands is None
    assert mine.upcard == theirs.upcard == hand.taken[1][0]  # the card dealt face up stays known


def test_every_hand_is_shown_once_the_hand_is_over():
    match = Match.start(Rules(players=4), seed=3)
    rng = Rng(3)
    while not match.round.is_over:
        match = match.apply(random_basic_action(match.round, rng))
    view = match.view(2)
    assert view.final_hands == match.round.hands and view.result == match.round.result
    assert view.scores == match.scores
