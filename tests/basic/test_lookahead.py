"""The hard player's look-ahead over a known stock order: how many own turns until out."""

from rummy.basic import Rules
from rummy.basic.agents.evaluate import Evaluator
from rummy.basic.agents.lookahead import TURN, suffixes, turns_to_out
from rummy.cards import parse_cards as cards
from rummy.cards import to_mask


def turns(hand, ahead, **house):
    """Own turns until `hand` goes out at two players, the stock giving `ahead` in order
    (the other player draws first), nothing on the table."""
    bits = [1 << card.index for card in cards(ahead)]
    evaluator = Evaluator((), 0, 40.0, 100.0, Rules(players=2, **house))
    return turns_to_out(to_mask(cards(hand)), 0, bits, suffixes(bits), 2, evaluator) / TURN


def test_one_meld_a_turn_takes_a_turn_per_meld():
    assert turns("4S 5S 6S 7S 8S 6C 6D KD", "2C 6H 3C 3D 4C 4D") == 2


def test_under_melds_per_turn_any_all_melds_go_down_in_the_turn_the_last_one_forms():
    """6H makes three sixes beside a run of five: all down at once, KD discarded. Four sixes
    (the first meld found) would leave the run's ends over."""
    assert turns("4S 5S 6S 7S 8S 6C 6D KD", "2C 6H 3C 3D 4C 4D", melds_per_turn="any") == 1
