"""A match: cumulative scores, the target, who deals, and saved records."""

import json
from dataclasses import replace
from itertools import pairwise

import pytest
from rummy.cards import DECK, parse_cards
from rummy.cards import parse_card as card
from rummy.errors import IllegalAction
from rummy.gin import (
    COMPUTER,
    HOUSE,
    PAGAT,
    PERSON,
    Discard,
    EasyAgent,
    Knock,
    Match,
    Phase,
    play_match,
)


def rig_knock(match: Match, knocker: int) -> Match:
    """Put `knocker` in its discard phase holding a knock: ♣10 out leaves ♥2, ♥2 out leaves ♣10;
    the other seat holds the undercut example of gin.md (7 points after laying ♠6 off)."""
    mine = parse_cards("3S 4S 5S 7H 7D 7C JD QD KD TC 2H")
    theirs = parse_cards("3H 4H 5H 9S 9H 9C 6S AC 2D 4C")
    rest = tuple(c for c in DECK if c not in mine and c not in theirs)
    hands = (mine, theirs) if knocker == 0 else (theirs, mine)
    hand = replace(
        match.round, hands=hands, stock=rest, pile=(), phase=Phase.DISCARD, to_move=knocker
    )
    return replace(match, round=hand)


def test_the_computer_deals_the_first_hand_unless_configured():
    assert Match.start(HOUSE, 1).round.dealer == COMPUTER
    assert Match.start(HOUSE, 1, first_dealer=PERSON).round.dealer == PERSON
    assert Match.start(HOUSE, 1).round.to_move == PERSON  # the non-dealer is offered the upcard


def test_scores_add_up_and_the_loser_deals_next():
    match = rig_knock(Match.start(HOUSE, 1), knocker=PERSON)
    match = match.apply(Knock(PERSON, card("TC")))
    assert match.scores == (match.round.result.points, 0) and match.scores[0] > 0
    nxt = match.next_round()
    assert nxt.round.dealer == COMPUTER  # the computer lost, so it deals
    assert nxt.finished == (match.round,) and nxt.scores == match.scores
    assert nxt.round.seed != match.round.seed


def test_an_undercut_scores_for_the_defender_and_the_knocker_deals_next():
    match = rig_knock(Match.start(PAGAT, 1), knocker=COMPUTER)
    # The computer knocks keeping ♣10 (10 points); the player lays ♠6 off and keeps 7: undercut.
    match = match.apply(Knock(COMPUTER, card("2H")))
    result = match.round.result
    assert (result.kind, result.winner, result.points) == ("undercut", PERSON, 10 - 7 + 10)
    assert match.scores == (13, 0)
    assert match.next_round().round.dealer == COMPUTER


def test_the_same_dealer_deals_again_after_a_dead_hand():
    match = rig_knock(Match.start(HOUSE, 1), knocker=PERSON)
    match = replace(match, round=replace(match.round, stock=match.round.stock[:2]))
    match = match.apply(Discard(PERSON, card("TC")))
    assert match.round.result.kind == "dead" and match.scores == (0, 0)
    assert match.next_round().round.dealer == match.round.dealer


def test_next_hand_is_refused_while_a_hand_is_played_or_after_the_match():
    match = Match.start(HOUSE, 1)
    with pytest.raises(IllegalAction, match="still being played"):
        match.next_round()
    over = play_match(Match.start(HOUSE.with_target(50), 4), [EasyAgent(1), EasyAgent(2)])
    with pytest.raises(IllegalAction, match="match is over"):
        over.next_round()


@pytest.mark.parametrize("target", [50, 100])
def test_the_first_to_reach_the_target_wins(target):
    match = play_match(Match.start(HOUSE.with_target(target), 9), [EasyAgent(3), EasyAgent(4)])
    winner = match.winner
    assert match.is_over and match.scores[winner] >= target > match.scores[1 - winner]
    totals = [0, 0]
    for hand in match.rounds:
        if hand.result.winner is not None:
            totals[hand.result.winner] += hand.result.points
        assert max(totals) < target or hand is match.round  # nobody passed it earlier
    assert tuple(totals) == match.scores


def test_dealers_follow_the_loser_rule_through_a_whole_match():
    match = play_match(Match.start(HOUSE, 21), [EasyAgent(5), EasyAgent(6)])
    for before, after in pairwise(match.rounds):
        expected = before.dealer if before.result.winner is None else 1 - before.result.winner
        assert after.dealer == expected


def test_a_record_keeps_custom_rules():
    rules = replace(HOUSE, name="custom", knock_limit=5, gin_bonus=30)
    match = Match.start(rules, 3)
    assert Match.from_record(json.loads(json.dumps(match.to_record()))).rules == rules


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda r: "not a record", "not an object"),
        (lambda r: {**r, "version": 99}, "version"),
        (lambda r: {**r, "version": 1.0}, "version"),
        (lambda r: {**r, "seed": "x"}, "seed"),
        (lambda r: {**r, "seed": True}, "seed"),
        (lambda r: {**r, "first_dealer": 1.0}, "first dealer"),
        (lambda r: {**r, "first_dealer": True}, "first dealer"),
        (lambda r: {**r, "rules": "house"}, "rules must give"),
        (lambda r: {**r, "rules": {**r["rules"], "target": 7}}, "target must be 50 or 100"),
        (lambda r: {**r, "rules": {**r["rules"], "knock_limit": "10"}}, "knock_limit"),
        (
            lambda r: {**r, "rules": {k: v for k, v in r["rules"].items() if k != "target"}},
            "rules must give",
        ),
        (lambda r: {**r, "hands": [["False pass"]]}, "not an action"),
        (lambda r: {**r, "hands": []}, "hands"),
        (lambda r: {**r, "hands": [["0 fly"]]}, "hand 1: '0 fly' is not an action"),
        (lambda r: {**r, "hands": [["1 take"]]}, "hand 1: It is not your turn"),
        (lambda r: {**r, "hands": [["0 take"], []]}, "still being played"),
    ],
)
def test_a_corrupted_record_is_refused_with_a_clear_message(damage, message):
    record = Match.start(HOUSE, 3).to_record()
    with pytest.raises(ValueError, match=message):
        Match.from_record(damage(record))
