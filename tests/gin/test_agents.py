"""The computer players: the baseline's described behaviour, fairness, legality, hints."""

from dataclasses import replace

import pytest
from rummy.cards import DECK, parse_cards
from rummy.cards import parse_card as card
from rummy.gin import (
    HOUSE,
    LEVELS,
    PAGAT,
    Discard,
    DrawDiscard,
    DrawStock,
    EasyAgent,
    Knock,
    Match,
    PassUpcard,
    Phase,
    TakeUpcard,
    advise,
    make_agent,
    play_round,
    replay,
)
from rummy.rng import derive_seed
from support.random_play import random_hand_states, reshuffle_hidden


def hand_with(mine, upcard, phase=Phase.UPCARD):
    mine = parse_cards(mine)
    rest = [c for c in DECK if c not in mine and c != card(upcard)]
    hand = Match.start(HOUSE, 1).round
    return replace(
        hand,
        hands=(mine, tuple(rest[:10])),
        stock=tuple(rest[10:]),
        pile=(card(upcard),),
        phase=phase,
    )


def test_easy_takes_the_upcard_only_if_it_joins_a_meld():
    agent = EasyAgent(1)
    assert agent.act(hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "9S").view(0)) == TakeUpcard(0)
    assert agent.act(hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "9D").view(0)) == PassUpcard(0)
    hand = replace(
        hand_with("7S 8S 2C 4D 6H JC QD KH AS 3C", "8D"), phase=Phase.DRAW, upcard_passes=1, turns=1
    )
    assert agent.act(hand.view(0)) == DrawStock(0)
    hand = replace(
        hand_with("7S 7H 2C 4D 6H JC QD KH AS 3C", "7D"), phase=Phase.DRAW, upcard_passes=1, turns=1
    )
    assert agent.act(hand.view(0)) == DrawDiscard(0)


def test_easy_discards_among_the_least_deadwood_choices_and_knocks_at_once():
    hand = replace(hand_with("3S 4S 5S 7H 7D 7C JD QD KD TC 2H", "9C"), phase=Phase.DISCARD)
    assert EasyAgent(1).act(hand.view(0)) == Knock(0, card("TC"))
    hand = replace(hand_with("3S 4S 5S 7H 7D 7C JD QD KC TC 2H", "9C"), phase=Phase.DISCARD)
    # ♦J ♦Q ♣K ♣10 each leave the same deadwood; any may go (chosen at random), ♥2 never.
    choices = {EasyAgent(seed).act(hand.view(0)).card for seed in range(40)}
    assert choices == set(parse_cards("JD QD KC TC"))


class LegalityChecker:
    """Wraps an agent and fails the test if it ever answers with an illegal action."""

    def __init__(self, agent):
        self.agent = agent
        self.decisions = 0

    def act(self, view):
        action = self.agent.act(view)
        assert action in view.legal_actions, (action, view.legal_actions)
        self.decisions += 1
        return action


@pytest.mark.parametrize("rules", [HOUSE, PAGAT])
@pytest.mark.parametrize(
    "pairing, hands",
    [(("easy", "normal"), 200), (("hard", "easy"), 60), (("hard", "normal"), 40)],
)
def test_every_level_only_returns_legal_actions(rules, pairing, hands):
    checkers = []
    for n in range(hands):
        agents = [LegalityChecker(make_agent(name, n)) for name in pairing]
        if n % 2:
            agents.reverse()
        match = play_round(Match.start(rules, derive_seed(31, n)), agents)
        assert match.round.is_over
        checkers += agents
    assert sum(c.decisions for c in checkers) > hands * 10


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_decisions_do_not_change_when_hidden_cards_are_reshuffled(level):
    positions = 0
    for seed in range(12):
        for n, hand in enumerate(random_hand_states(1000 + seed, HOUSE)):
            if hand.is_over or n % 3:
                continue
            seat = hand.to_move
            other = reshuffle_hidden(hand, seat, seed * 1000 + n)
            if other == hand:
                continue
            positions += 1
            agent_seed = derive_seed(seed, n)
            mine = make_agent(level, agent_seed).act(hand.view(seat))
            theirs = make_agent(level, agent_seed).act(other.view(seat))
            assert mine == theirs
    assert positions > 100


def test_hints_rank_every_legal_option_once_and_lead_with_the_hard_players_move():
    for n, hand in enumerate(random_hand_states(77, PAGAT)):
        if hand.is_over:
            break
        view = hand.view(hand.to_move)
        ranking = advise(view, seed=n)
        assert sorted(map(repr, (a.action for a in ranking))) == sorted(
            map(repr, view.legal_actions)
        )
        assert ranking[0].action == make_agent("hard", n).act(view)
        for advice in ranking:
            if isinstance(advice.action, Knock):
                assert advice.expected_points is not None
            else:
                assert advice.expected_deadwood is not None
            if isinstance(advice.action, Discard):
                assert 0 <= advice.feeds_opponent <= 1


def test_hints_rank_discards_and_knocks_on_one_scale_after_the_hard_players_move():
    """Knocking with a card and discarding it without knocking are options of one ranking:
    after the move the hard player makes, every option is worth no more than the one before."""
    both = 0
    for seed in (1, 2, 3):
        players = [make_agent("hard", seed), make_agent("hard", seed + 10)]
        hand = play_round(Match.start(HOUSE, seed), players).round
        for index in range(len(hand.actions)):
            state = replay(hand.seed, hand.actions[:index], rules=hand.rules, dealer=hand.dealer)
            ranking = advise(state.view(state.to_move))
            worths = [advice.worth for advice in ranking[1:]]
            assert worths == sorted(worths, reverse=True)
            both += {Discard, Knock} <= {type(advice.action) for advice in ranking}
    assert both  # positions where a knock was legal beside the discards


def test_hints_prefer_gin_and_are_empty_for_the_waiting_seat():
    hand = replace(hand_with("3S 4S 5S 7H 7D 7C JD QD KD TD 2H", "9C"), phase=Phase.DISCARD)
    ranking = advise(hand.view(0))
    assert ranking[0].action == Knock(0, card("2H"))
    assert ranking[0].expected_points > 25
    assert advise(hand.view(1)) == ()
