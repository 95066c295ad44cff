"""Basic Rummy games: thousands of random hands keep all 52 cards and replay exactly; the deal
rotates; scores, the end of a game and saved records."""

import json
from collections import Counter
from dataclasses import replace

import pytest
from rummy.basic import (
    Discard,
    DrawDiscard,
    Match,
    Round,
    Rules,
    action_code,
    replay,
)
from rummy.cards import DECK, to_mask
from rummy.errors import IllegalAction
from rummy.rng import Rng, derive_seed
from support.random_play import BASIC_HOUSE_RULES, random_basic_action


def play_out(match, rng):
    while not match.round.is_over:
        match = match.apply(random_basic_action(match.round, rng))
    return match


FULL_DECK = to_mask(DECK)


def holds_the_deck_once(hand):
    """Every card of the deck is in exactly one place: a hand, the stock, the pile, a meld."""
    places = [*hand.hands, hand.stock, hand.pile, *(t.meld.cards for t in hand.table)]
    return (
        sum(map(len, places)) == 52 and to_mask(c for cards in places for c in cards) == FULL_DECK
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_hands_keep_all_52_cards_and_replay_exactly(players):
    rng = Rng(derive_seed(41, players))
    kinds = Counter()
    for number in range(100):
        hand = Round.deal(
            derive_seed(42, players, number), Rules(players=players), number % players
        )
        while not hand.is_over:
            hand = hand.apply(random_basic_action(hand, rng))
            assert holds_the_deck_once(hand)
            assert all(len(set(t.meld.cards)) == len(t.meld.cards) >= 3 for t in hand.table)
        kinds[hand.result.kind] += 1
        codes = [action_code(a) for a in hand.actions]
        assert replay(hand.seed, codes, rules=hand.rules, dealer=hand.dealer) == hand
    assert kinds["out"] + kinds["rummy"] > 50 and kinds["draw"] > 0


def test_the_deal_passes_left_and_with_two_players_alternates():
    for players in (2, 5):
        match = Match.start(Rules(players=players, hands=7, target=None), seed=3)
        rng = Rng(3)
        dealers = []
        while True:
            match = play_out(match, rng)
            dealers.append(match.round.dealer)
            if match.is_over:
                break
            match = match.next_round()
        first = match.first_dealer
        assert dealers == [(first + k) % players for k in range(7)]


def test_the_first_dealer_is_drawn_from_the_seed():
    dealers = {Match.start(Rules(players=4), seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_each_hand_scores_for_its_winner_and_a_target_ends_the_game():
    match = Match.start(Rules(players=3, target=60), seed=8)
    rng = Rng(8)
    totals = [0, 0, 0]
    while True:
        match = play_out(match, rng)
        result = match.round.result
        if result.winner is not None:
            totals[result.winner] += result.points
        assert list(match.scores) == totals
        if match.is_over:
            break
        assert max(totals) < 60
        match = match.next_round()
    assert max(totals) >= 60 and match.winners == (totals.index(max(totals)),)
    with pytest.raises(IllegalAction) as error:
        match.next_round()
    assert error.value.reason == "match_over"


def test_a_game_of_a_number_of_hands_ends_after_them_and_a_tie_has_several_winners():
    match = Match.start(Rules(players=2, hands=1, target=None), seed=2)
    assert match.winners == () and not match.is_over
    with pytest.raises(IllegalAction) as error:
        match.next_round()
    assert error.value.reason == "hand_in_play"
    match = play_out(match, Rng(2))
    assert match.is_over
    assert replace(match, scores=(5, 5)).winners == (0, 1)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.update(game="gin"), "not a Basic Rummy game"),
        (lambda r: r.update(version=2), "not a Basic Rummy game"),
        (lambda r: r.update(seed="x"), "no valid seed"),
        (lambda r: r.update(first_dealer=4), "no valid seed or first dealer"),
        (lambda r: r.update(hands=[]), "no list of hands"),
        (lambda r: r["rules"].update(players=9), "2-6 players"),
        (lambda r: r["rules"].pop("turnovers"), "rules must give"),
        (lambda r: r["hands"][0].append("0 fly"), "hand 1: '0 fly' is not an action"),
        (lambda r: r["hands"][0].insert(0, "0 discard 2C"), "hand 1: Draw first"),
        (lambda r: r["hands"].append(["0 stock"]), "hand 2: The hand is still being played"),
    ],
)
def test_a_corrupted_record_is_refused_with_a_clear_error(change, message):
    match = Match.start(Rules(players=4), seed=12, first_dealer=3)
    match = match.apply(match.round.legal_actions()[0])
    record = match.to_record()
    change(record)
    with pytest.raises(ValueError, match=message):
        Match.from_record(record)


def test_a_discard_is_never_the_card_just_taken_from_the_pile_in_random_play():
    rng = Rng(5)
    for number in range(100):
        hand = Round.deal(number, Rules(players=3), 0)
        while not hand.is_over:
            action = random_basic_action(hand, rng)
            if isinstance(action, Discard):
                assert action.card != hand.drawn_from_pile
            hand = hand.apply(action)


@pytest.mark.parametrize("options", BASIC_HOUSE_RULES.values(), ids=BASIC_HOUSE_RULES)
def test_a_game_under_house_rules_saves_them_and_replays_to_the_same_state(options):
    rules = Rules(players=3, hands=3, target=None, **options)
    match, rng = Match.start(rules, seed=6), Rng(6)
    while True:
        match = play_out(match, rng)
        record = json.loads(json.dumps(match.to_record()))
        assert {k: record["rules"][k] for k in options} == options
        assert Match.from_record(record) == match
        if match.is_over:
            break
        match = match.next_round()


def test_a_shuffled_turnover_replays_exactly_and_differs_from_one_as_the_pile_lay():
    rules = Rules(players=2, stock_out="shuffle")
    rng, hand = Rng(3), Round.deal(3, rules)
    while hand.turnovers == 0:  # play on, drawing from the stock, until the pile turns over
        legal = [a for a in hand.legal_actions() if not isinstance(a, DrawDiscard)]
        hand = hand.apply(rng.choice(legal))
    codes = [action_code(a) for a in hand.actions]
    assert replay(3, codes, rules=rules) == hand
    assert replay(3, codes, rules=replace(rules, stock_out="turn")).stock != hand.stock


def test_a_record_of_the_rules_pages_game_has_the_keys_it_had_before_the_house_rules():
    record = Match.start(Rules(players=4), seed=12).to_record()
    assert list(record["rules"]) == ["players", "hands", "target", "rummy_doubles", "turnovers"]
    assert list(record) == ["game", "version", "rules", "seed", "first_dealer", "hands"]
    assert Match.from_record(record).rules == Rules(players=4)
