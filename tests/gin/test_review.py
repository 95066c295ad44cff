"""The review of a gin hand: each decision of the person, the hard player's ranking of what it
could see then, and what the choice cost in points; the costliest named; saved as JSON."""

from dataclasses import replace
from itertools import islice, pairwise

import pytest
from rummy.cards import parse_card, parse_cards
from rummy.gin import (
    COMPUTER,
    PERSON,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Match,
    Phase,
    Round,
    advise,
    make_agent,
    play_round,
    preset,
)
from rummy.gin.review import review, review_steps, view_at
from rummy.review import Decision, Option, Review, points
from support.random_play import hidden_from_deep


class Hinted:
    """The person playing the hard player's hint at every turn."""

    def act(self, view):
        return advise(view)[0].action


def played(seed, person, computer="hard"):
    match = Match.start(preset("house"), seed)
    return play_round(match, [person, make_agent(computer, seed)]).round


def position(person, computer, phase=Phase.DISCARD, top=None):
    """A fresh hand, the person to move in `phase` holding `person`, the computer `computer`,
    `top` on the pile; its log starts empty, so a review of what follows starts here."""
    hand = Round.deal(9, preset("house"), dealer=COMPUTER)
    pile = hand.pile + (parse_cards(top) if top else ())
    return replace(
        hand,
        hands=(parse_cards(person), parse_cards(computer)),
        pile=pile,
        phase=phase,
        to_move=PERSON,
        upcard_passes=2,
        turns=1,
        actions=(),
    )


def only_decision(start, action):
    (decision,) = review(start.apply(action), PERSON, start=start).decisions
    return decision


COMPUTER_HAND = "5C 6C TC JH QH 3D 5D 8H 9S 2H"


def test_discarding_a_card_of_a_meld_costs_points_and_the_hints_discard_costs_nothing():
    start = position("7C 8C 9C 4H 4S 4D 2S 5H QD KC JS", COMPUTER_HAND)
    broken = only_decision(start, Discard(PERSON, parse_card("8C")))
    assert broken.cost > 10 and broken.move == "0 discard 8C"  # 7C and 9C left loose
    best = only_decision(start, advise(start.view(PERSON))[0].action)
    assert best.cost == 0 and best.move == broken.best
    assert [option.move for option in broken.options] == [option.move for option in best.options]


def test_passing_a_pile_card_that_completes_a_meld_costs_points():
    start = position("7C 8C 4H 4S JD 2S 5H QD KC JS", COMPUTER_HAND, Phase.DRAW, top="9C")
    passed = only_decision(start, DrawStock(PERSON))
    taken = only_decision(start, DrawDiscard(PERSON))
    assert passed.best == "0 pile" and taken.cost == 0
    assert passed.cost > 5


def test_playing_on_instead_of_going_gin_costs_the_gins_points_less_what_playing_on_is_worth():
    start = position("7C 8C 9C 4H 4S 4D 4C KS KH KD AS", COMPUTER_HAND)
    gin = only_decision(start, Knock(PERSON, parse_card("AS")))
    on = only_decision(start, Discard(PERSON, parse_card("AS")))
    assert gin.cost == 0 and gin.best == "0 knock AS"
    gin_points = dict(gin.options[0].figures)["expected_points"]
    assert gin_points > 25  # the bonus and the computer's deadwood, averaged over the deals
    assert on.cost == pytest.approx(gin_points - 30, abs=0.01)  # playing on: 1.2 undercut bonuses


def test_a_knock_and_playing_on_are_priced_on_one_scale_each_option_at_its_cost():
    """Knocking with a card the hard player would play on with costs what playing on is worth
    (1.2 undercut bonuses) less what the knock averages; the ranking after the hard player's
    move is in order of cost, so such a knock ranks among the discards, not after all of them."""
    knocks = 0
    for seed in (1, 2, 3, 4):
        for decision in review(played(seed, make_agent("easy", seed)), PERSON).decisions:
            costs = [option.cost for option in decision.options[1:]]
            assert costs == sorted(costs)
            if not decision.best.startswith("0 discard"):
                continue
            for option in decision.options:
                if option.move.startswith("0 knock"):
                    knocks += 1
                    expected = dict(option.figures)["expected_points"]  # to the thousandth
                    assert option.cost == pytest.approx(points(30 - expected), abs=0.01)
    assert knocks


def test_a_hand_played_by_the_hints_costs_nothing_anywhere():
    for seed in (1, 2):
        hand = played(seed, Hinted())
        decisions = review(hand, PERSON).decisions
        assert decisions and all(decision.cost == 0 for decision in decisions)
        assert all(decision.move == decision.best for decision in decisions)


def test_every_decision_is_one_of_the_persons_actions_with_a_choice_and_ranks_every_option():
    hand = played(3, make_agent("easy", 3))
    decisions = review(hand, PERSON).decisions
    assert len(decisions) >= 5
    for decision in decisions:
        state = view_at(hand, decision.index, PERSON)
        assert state.my_turn and len(state.legal_actions) > 1
        assert hand.actions[decision.index].seat == PERSON
        assert len(decision.options) == len(state.legal_actions)
        assert decision.cost == next(o.cost for o in decision.options if o.move == decision.move)
        assert decision.options[0].cost == 0 and all(o.cost >= 0 for o in decision.options)
    forced = [
        i
        for i, a in enumerate(hand.actions)
        if a.seat == PERSON and i not in {d.index for d in decisions}
    ]
    assert all(len(view_at(hand, i, PERSON).legal_actions) == 1 for i in forced)


def test_the_summary_names_the_costliest_decisions_dearest_first_and_the_total_adds_them_up():
    hand = played(4, make_agent("easy", 4))
    result = review(hand, PERSON)
    named = result.costliest()
    assert len(named) == min(3, sum(decision.cost > 0 for decision in result.decisions)) >= 1
    dearest = max(decision.cost for decision in result.decisions)
    assert named[0].cost == dearest
    assert all(a.cost >= b.cost for a, b in pairwise(named))
    others = [d for d in result.decisions if d not in named]
    assert all(d.cost <= named[-1].cost for d in others)
    assert result.total == pytest.approx(sum(d.cost for d in result.decisions), abs=0.01)


def test_costliest_breaks_ties_by_order_and_never_names_a_free_decision():
    option = (Option("0 stock", 0.0),)
    made = [
        Decision(i, "0 stock", cost, option)
        for i, cost in [(0, 0.0), (1, 2.0), (3, 5.0), (5, 2.0), (7, 2.0)]
    ]
    assert [d.index for d in Review("gin", 0, tuple(made)).costliest()] == [3, 1, 5]
    assert Review("gin", 0, tuple(made[:1])).costliest() == ()


def test_slices_concatenate_to_the_whole_review():
    hand = played(5, make_agent("normal", 5))
    whole = review(hand, PERSON).decisions
    head = tuple(islice(review_steps(hand, PERSON), 4))
    resumed = tuple(review_steps(hand, PERSON, first=head[-1].index + 1))
    assert head + resumed == whole


def test_the_same_hand_gets_the_same_review():
    hand = played(6, make_agent("normal", 6))
    assert review(hand, PERSON) == review(hand, PERSON)


def test_the_review_never_peeks_at_the_computers_hidden_cards():
    """Deal the computer other cards from deep in the stock: every decision the person made
    before the computer showed a card of its hand is reviewed the same."""
    hand = played(7, make_agent("normal", 7))
    other = hidden_from_deep(Round.deal(hand.seed, hand.rules, hand.dealer), PERSON)
    shown = next(
        i
        for i, a in enumerate(hand.actions)
        if a.seat == COMPUTER and isinstance(a, (Discard, Knock))
    )
    replayed = other
    for action in hand.actions[:shown]:
        replayed = replayed.apply(action)
    before = [d for d in review(hand, PERSON).decisions if d.index < shown]
    assert before and review(replayed, PERSON, start=other).decisions == tuple(before)


def test_a_review_survives_its_json_form_and_malformed_ones_are_refused():
    result = review(played(8, make_agent("easy", 8)), PERSON)
    data = result.to_dict()
    assert Review.from_dict(data) == result
    assert (
        data["costliest"] == [d.index for d in result.costliest()] and data["total"] == result.total
    )
    first = data["decisions"][0]
    broken = [
        None,
        {**data, "version": 99},
        {**data, "seat": "0"},
        {**data, "decisions": "all"},
        {**data, "decisions": [{**first, "cost": -1}]},
        {**data, "decisions": [{**first, "move": "0 knock AS"}]},
        {**data, "decisions": [{**first, "options": []}]},
        {**data, "decisions": [first, first]},
        {**data, "decisions": [{**first, "options": [{"move": "0 pass", "cost": "free"}]}]},
    ]
    for data in broken:
        with pytest.raises(ValueError):
            Review.from_dict(data)
