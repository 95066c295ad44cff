"""Properties over thousands of random legal hands: nothing lost, nothing raised, all replayable."""

from hypothesis import given, settings
from hypothesis import strategies as st
from rummy.cards import DECK
from rummy.gin import HOUSE, PAGAT
from support.random_play import random_hand_states

seeds = st.integers(min_value=0, max_value=2**64 - 1)
presets = st.sampled_from([HOUSE, PAGAT])


def all_cards(hand):
    return hand.hands[0] + hand.hands[1] + hand.stock + hand.pile


@settings(max_examples=300, deadline=None)
@given(seeds, presets)
def test_every_card_is_conserved_after_every_random_legal_action(seed, rules):
    # Playing a random legal action never raises (the generator applies each one), and after
    # each, the 52 cards are all somewhere: in a hand, the stock or the pile, once.
    for hand in random_hand_states(seed, rules):
        cards = all_cards(hand)
        assert len(cards) == 52 and set(cards) == set(DECK)
        assert len(hand.hands[hand.to_move]) == (11 if hand.phase.value == "discard" else 10)
        assert len(hand.hands[1 - hand.to_move]) == 10
    assert hand.result is not None
