"""The built-in simple player (the EAAI-2021 baseline) behaves as described."""

from dataclasses import replace

from rummy.cards import DECK, parse_card as card, parse_cards
from rummy.gin import (
    HOUSE,
    PAGAT,
    DrawDiscard,
    DrawStock,
    Knock,
    Match,
    PassUpcard,
    Phase,
    EasyAgent,
    TakeUpcard,
    play_match,
)


def hand_with(mine, upcard, phase=Phase.UPCARD):
    mine = parse_cards(mine)
    rest = [c for c in DECK if c not in mine and c != card(upcard)]
    hand = Match.start(HOUSE, 1).hand
    return replace(
        hand, hands=(mine, tuple(rest[:10])), stock=tuple(rest[10:]), pile=(card(upcard),), phase=phase
    )


def test_takes_the_upcard_only_if_it_joins_a_meld():
    agent = EasyAgent(1)
    assert agent.act(hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "9S").view(0)) == TakeUpcard(0)
    assert agent.act(hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "9D").view(0)) == PassUpcard(0)
    hand = replace(hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "8D"), phase=Phase.DRAW, upcard_passes=1, turns=1)
    assert agent.act(hand.view(0)) == DrawStock(0)
    hand = replace(hand_with("7S 7H 2C 4D 6H JC QD KH AS 3C", "7D"), phase=Phase.DRAW, upcard_passes=1, turns=1)
    assert agent.act(hand.view(0)) == DrawDiscard(0)


def test_discards_among_the_least_deadwood_choices_and_knocks_at_once():
    hand = replace(hand_with("3S 4S 5S 7H 7D 7C JD QD KD TC 2H", "9C"), phase=Phase.DISCARD)
    assert EasyAgent(1).act(hand.view(0)) == Knock(0, card("TC"))


def test_only_legal_actions_over_many_matches():
    for seed, rules in ((1, HOUSE), (2, PAGAT)):
        # play_match applies every action through the rules, so an illegal one would raise.
        match = play_match(Match.start(rules.with_target(100), seed), [EasyAgent(seed), EasyAgent(seed + 7)])
        assert match.is_over
