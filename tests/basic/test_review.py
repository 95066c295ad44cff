"""The review of a Basic Rummy hand: each decision of the person, the hard player's choice on
what it could see then, every option scored by the hard player's plans, the costliest named."""

from dataclasses import replace
from itertools import islice

from rummy.basic import Discard, DrawDiscard, DrawStock, NewMeld, Phase, Round
from rummy.basic.agents import HardAgent, make_agent
from rummy.basic.arena import rules_for
from rummy.basic.review import SEED, review, review_steps, view_at
from rummy.cards import DECK
from rummy.cards import parse_cards as cards
from rummy.review import Review
from support.random_play import BASIC_HOUSE_RULES, hidden_from_deep

PERSON = 0


def position(person, others, *, pile="", phase=Phase.PLAY, **house):
    """The person (seat 0) to move in `phase` holding `person`; the other cards are the stock;
    `house`: house rules. Its log starts empty, so a review of what follows starts here."""
    hands = (tuple(sorted(cards(person))),) + tuple(tuple(sorted(cards(h))) for h in others)
    used = {c for h in hands for c in h} | set(cards(pile))
    deal = Round.deal(1, replace(rules_for(len(hands)), **house), dealer=len(hands) - 1)
    return replace(
        deal,
        hands=hands,
        pile=cards(pile),
        phase=phase,
        to_move=PERSON,
        turns=4,
        stock=tuple(c for c in DECK if c not in used),
        actions=(),
    )


def only_decision(start, action):
    (decision,) = review(start.apply(action), PERSON, start=start).decisions
    return decision


def played(seed, person, players=3, **house):
    hand = Round.deal(seed, replace(rules_for(players), **house), dealer=players - 1)
    agents = [person] + [make_agent("hard", seed + k) for k in range(1, players)]
    while not hand.is_over:
        hand = hand.apply(agents[hand.to_move].act(hand.view(hand.to_move)))
    return hand


OTHERS = ("2C 5D 9H JS QC KD 4S 6S", "3C 6D TH 2D 8C 7S AH")


def test_breaking_a_run_to_keep_a_loose_king_costs_points_and_the_hard_players_discard_nothing():
    start = position("4H 5H 6H 7H 9D 9C KS AD", OTHERS)
    broken = only_decision(start, Discard(PERSON, cards("5H")[0]))
    best = only_decision(start, HardAgent(SEED).act(start.view(PERSON)))
    assert broken.cost > 10 and best.cost == 0 and best.move == broken.best


def test_drawing_from_the_stock_past_a_pile_card_that_completes_a_meld_costs_points():
    start = position("4H 5H 9D 9C KS AD 2S", OTHERS, pile="6H", phase=Phase.DRAW)
    stock = only_decision(start, DrawStock(PERSON))
    pile = only_decision(start, DrawDiscard(PERSON))
    assert stock.best == "0 pile" and pile.cost == 0 and stock.cost > 5


def test_melding_to_go_out_is_best_and_breaking_the_meld_instead_costs_the_most():
    start = position("4H 5H 6H KS", OTHERS)
    meld = only_decision(start, NewMeld(PERSON, cards("4H 5H 6H")))
    assert meld.cost == 0 and meld.best == "0 meld 4H 5H 6H"
    broken = only_decision(start, Discard(PERSON, cards("5H")[0]))
    assert broken.cost > 100  # out (-100) against three loose cards
    assert broken.cost == max(option.cost for option in broken.options)


def test_head_to_head_under_melds_per_turn_any_keeping_a_meld_in_hand_costs_its_points():
    """Any turn may put the other player's whole hand down, and then every card in hand counts:
    keeping three fives back costs points (their 15, less what 5D might do in a run); with one
    meld a turn, nothing."""
    other = ("AH 2H 4H 6H 7H 8H 9C TC JC QC",)
    hand = "2C AD 2D 5D 7D JD KD 3H 5H 4S 5S"
    kept = only_decision(
        position(hand, other, melds_per_turn="any"), Discard(PERSON, cards("JD")[0])
    )
    assert kept.best == "0 meld 5D 5H 5S" and 5 < kept.cost < 15
    assert only_decision(position(hand, other), Discard(PERSON, cards("JD")[0])).cost == 0


def test_a_hand_played_by_the_hard_player_costs_nothing_anywhere():
    hand = played(1, HardAgent(SEED))
    decisions = review(hand, PERSON).decisions
    assert decisions and all(d.cost == 0 and d.move == d.best for d in decisions)


def test_every_decision_is_one_of_the_persons_actions_with_a_choice_ranking_every_option():
    hand = played(2, make_agent("easy", 2))
    result = review(hand, PERSON)
    assert len(result.decisions) >= 3
    for decision in result.decisions:
        view = view_at(hand, decision.index, PERSON)
        assert view.my_turn and len(view.legal_actions) == len(decision.options) > 1
        assert decision.options[0].cost == 0 and decision.cost >= 0
    assert Review.from_dict(result.to_dict()) == result


def test_slices_concatenate_to_the_whole_review_and_the_same_hand_gets_the_same_review():
    hand = played(3, make_agent("normal", 3))
    whole = review(hand, PERSON).decisions
    head = tuple(islice(review_steps(hand, PERSON), 3))
    assert head + tuple(review_steps(hand, PERSON, first=head[-1].index + 1)) == whole
    assert review(hand, PERSON).decisions == whole


def test_the_review_never_peeks_at_the_other_hands():
    """Deal the other seats other cards from deep in the stock: every decision the person made
    before another seat showed a card of its hand is reviewed the same."""
    hand = played(4, make_agent("normal", 4))
    other = hidden_from_deep(Round.deal(hand.seed, hand.rules, hand.dealer), PERSON)
    shown = next(
        i
        for i, a in enumerate(hand.actions)
        if a.seat != PERSON and not isinstance(a, (DrawStock, DrawDiscard))
    )
    replayed = other
    for action in hand.actions[:shown]:
        replayed = replayed.apply(action)
    before = [d for d in review(hand, PERSON).decisions if d.index < shown]
    assert before and review(replayed, PERSON, start=other).decisions == tuple(before)


def test_under_the_house_rules_the_review_scores_their_options_and_the_hard_player_costs_nothing():
    hand = played(5, HardAgent(SEED), **BASIC_HOUSE_RULES["all"])
    decisions = review(hand, PERSON).decisions
    assert decisions and all(d.cost == 0 and d.move == d.best for d in decisions)
    start = position("QH KH AH 7C 7D 7S 2C", OTHERS, ace="both", melds_per_turn="any")
    first = only_decision(start, NewMeld(PERSON, cards("QH KH AH")))
    assert first.cost == 0 and {"0 meld AH QH KH", "0 meld 7C 7D 7S"} <= {
        option.move for option in first.options
    }
    start = position("4H 5H 6H KS", OTHERS, final_discard="required")
    meld = only_decision(start, NewMeld(PERSON, cards("4H 5H 6H")))
    assert meld.cost == 0  # then KS goes: out by the discard
