"""The house rules gin may be played with, read like the rules page: Oklahoma (the first upcard
sets the hand's knock limit, and with spades double a spade doubles the hand), big gin (all
eleven cards melded after a draw go out without a discard) and Pagat's end-of-game bonuses
(game 100, doubled by a shutout; a box bonus per hand won). Each is off by default, checked by
name, and saved in the record only when on."""

import json
from dataclasses import replace

import pytest
from rummy.cards import DECK, parse_cards, to_mask
from rummy.cards import parse_card as card
from rummy.errors import IllegalAction
from rummy.gin import (
    HOUSE,
    LEVELS,
    PAGAT,
    BigGin,
    Discard,
    DrawStock,
    EasyAgent,
    Ending,
    Knock,
    Match,
    Phase,
    Result,
    Round,
    action_code,
    advise,
    make_agent,
    parse_action,
    play_match,
    play_round,
)
from rummy.gin.bonuses import Bonus, end_bonuses
from rummy.gin.round import deadwood_after_discard
from rummy.records import rules_dict
from rummy.rng import derive_seed

OKLAHOMA = replace(HOUSE, oklahoma=True)
SPADES_DOUBLE = replace(OKLAHOMA, oklahoma_spades_double=True)
BIG_GIN = replace(PAGAT, big_gin_bonus=31)
BONUSES = replace(PAGAT, game_bonuses=True)

# The worked examples of gin.md: the knocker's melds ♠3-4-5 ♥7♦7♣7 ♦J-Q-K, and the defender
# ♥3-4-5 ♠9♥9♣9 with ♠6 ♣A ♦2 ♣K (19 points, 13 once ♠6 is laid off on ♠3-4-5).
MELDS = "3S 4S 5S 7H 7D 7C JD QD KD"
DEFENDER = "3H 4H 5H 9S 9H 9C 6S AC 2D KC"


def to_discard(rules, upcard, mine, theirs=DEFENDER):
    """Seat 0 to discard, holding `mine` (11 cards) against `theirs`, in a hand whose first
    upcard was `upcard` (now on the pile)."""
    mine, theirs, upcard = parse_cards(mine), parse_cards(theirs), card(upcard)
    rest = tuple(c for c in DECK if c not in mine + theirs and c != upcard)
    hand = Round.deal(1, rules, dealer=1)
    return replace(
        hand,
        hands=(mine, theirs),
        stock=rest,
        pile=(upcard,),
        upcard=upcard,
        phase=Phase.DISCARD,
        to_move=0,
        upcard_passes=2,
        turns=1,
    )


def to_draw(rules, mine, stock_top, theirs=DEFENDER):
    """Seat 0 to draw, holding `mine` (10 cards), `stock_top` the next card of the stock."""
    hand = to_discard(rules, "8H", mine, theirs)
    top = card(stock_top)
    return replace(hand, phase=Phase.DRAW, stock=(top,) + tuple(c for c in hand.stock if c != top))


# ---- Oklahoma --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "upcard, limit",
    [("AH", 0), ("2C", 2), ("7S", 7), ("9D", 9), ("TS", 10), ("JH", 10), ("KD", 10)],
)
def test_under_oklahoma_the_first_upcard_sets_the_knock_limit(upcard, limit):
    assert OKLAHOMA.stakes(card(upcard)).knock_limit == limit
    assert HOUSE.stakes(card(upcard)).knock_limit == 10  # without Oklahoma: always 10


def test_an_ace_upcard_lets_only_gin_end_the_hand():
    hand = to_discard(OKLAHOMA, "AH", f"{MELDS} AS 2H")  # ♥2 out leaves ♠A: deadwood 1
    assert not any(isinstance(a, Knock) for a in hand.legal_actions())
    with pytest.raises(IllegalAction, match="only gin ends this hand") as refusal:
        hand.apply(Knock(0, card("2H")))
    assert refusal.value.reason == "knock_too_high"
    assert refusal.value.params == {"card": "2H", "deadwood": 1, "limit": 0}
    gin = to_discard(OKLAHOMA, "AH", f"{MELDS} TD 2H").apply(Knock(0, card("2H")))
    assert gin.result.kind is Ending.GIN
    assert to_discard(HOUSE, "AH", f"{MELDS} AS 2H").apply(Knock(0, card("2H"))).is_over


def test_a_seven_upcard_refuses_the_pagat_knock_at_eight_and_takes_one_at_six():
    pagat_knock = f"{MELDS} 8C 2H"  # ♥2 out leaves ♣8: deadwood 8
    with pytest.raises(IllegalAction, match="only with 7 or less"):
        to_discard(OKLAHOMA, "7S", pagat_knock).apply(Knock(0, card("2H")))
    assert to_discard(OKLAHOMA, "8D", pagat_knock).apply(Knock(0, card("2H"))).is_over
    knocked = to_discard(OKLAHOMA, "7S", f"{MELDS} 6C 2H").apply(Knock(0, card("2H")))
    assert (knocked.result.kind, knocked.result.points) == (Ending.KNOCK, 13 - 6)


def test_with_spades_double_a_spade_upcard_doubles_the_whole_score():
    # the knock above: 7 points, doubled; not doubled under a heart or without spades double
    hand = f"{MELDS} 6C 2H"
    assert to_discard(SPADES_DOUBLE, "7S", hand).stakes.multiplier == 2
    knocked = to_discard(SPADES_DOUBLE, "7S", hand).apply(Knock(0, card("2H")))
    assert knocked.result.points == 2 * 7 and knocked.result.settlement.multiplier == 2
    assert to_discard(SPADES_DOUBLE, "7H", hand).apply(Knock(0, card("2H"))).result.points == 7
    assert to_discard(OKLAHOMA, "7S", hand).apply(Knock(0, card("2H"))).result.points == 7
    # gin (♦10 for ♣8): 19 + 25 under house bonuses, the bonus doubled too
    gin = to_discard(SPADES_DOUBLE, "KS", f"{MELDS} TD 2H").apply(Knock(0, card("2H")))
    assert (gin.result.kind, gin.result.points) == (Ending.GIN, 2 * (19 + 25))
    # an undercut doubles for the defender: ♣4 for ♣K leaves it 7 against 8 (8 - 7 + 25)
    undercut = to_discard(SPADES_DOUBLE, "9S", f"{MELDS} 8C 2H", DEFENDER.replace("KC", "4C"))
    result = undercut.apply(Knock(0, card("2H"))).result
    assert (result.kind, result.winner, result.points) == (Ending.UNDERCUT, 1, 2 * 26)


def test_the_view_shows_the_hands_stakes():
    hand = to_discard(SPADES_DOUBLE, "3S", f"{MELDS} 6C 2H")
    for seat in (0, 1):
        assert (hand.view(seat).stakes.knock_limit, hand.view(seat).stakes.multiplier) == (3, 2)


# ---- big gin ---------------------------------------------------------------------------------

ELEVEN = "3S 4S 5S 7H 7D 7C 9D TD JD QD KD"  # ♠3-4-5 ♥7♦7♣7 ♦9-10-J-Q-K: all eleven melded


def test_big_gin_goes_out_with_all_eleven_cards_for_the_defenders_deadwood_plus_31():
    hand = to_draw(BIG_GIN, "3S 4S 5S 7H 7D 7C TD JD QD KD", "9D").apply(DrawStock(0))
    assert BigGin(0) in hand.legal_actions()
    assert Knock(0, card("9D")) in hand.legal_actions()  # plain gin is still there
    pile = hand.pile
    over = hand.apply(BigGin(0))
    settlement = over.result.settlement
    assert (over.result.kind, over.result.winner, over.result.points) == (Ending.BIG_GIN, 0, 50)
    assert settlement.defender_deadwood == 19 and settlement.layoffs == ()  # no lay-offs
    assert sum(len(meld.cards) for meld in settlement.knocker_melds) == 11
    assert over.pile == pile and len(over.hands[0]) == 11  # nothing discarded
    assert over.actions[-1] == BigGin(0) and action_code(BigGin(0)) == "0 biggin"
    assert parse_action("0 biggin") == BigGin(0)


def test_the_house_big_gin_bonus_is_50_and_a_spade_doubles_it():
    house = replace(SPADES_DOUBLE, big_gin_bonus=50)
    over = to_discard(house, "QS", ELEVEN).apply(BigGin(0))
    assert over.result.points == 2 * (19 + 50)


def test_big_gin_is_refused_unless_the_rules_play_it_and_all_eleven_cards_meld():
    with pytest.raises(IllegalAction) as off:
        to_discard(PAGAT, "8H", ELEVEN).apply(BigGin(0))
    assert off.value.reason == "no_big_gin"
    assert BigGin(0) not in to_discard(PAGAT, "8H", ELEVEN).legal_actions()
    short = to_discard(BIG_GIN, "8H", ELEVEN.replace("9D", "8C"))  # ♣8 in no meld
    assert BigGin(0) not in short.legal_actions()
    with pytest.raises(IllegalAction) as unmelded:
        short.apply(BigGin(0))
    assert (unmelded.value.reason, unmelded.value.params) == ("not_big_gin", {"deadwood": 8})
    with pytest.raises(IllegalAction) as before_drawing:
        to_draw(BIG_GIN, "3S 4S 5S 7H 7D 7C TD JD QD KD", "9D").apply(BigGin(0))
    assert before_drawing.value.reason == "draw_first"


# ---- Pagat's end-of-game bonuses -------------------------------------------------------------


def test_a_match_won_three_hands_to_one_scores_the_game_and_the_boxes():
    seat_0, seat_1 = end_bonuses(BONUSES, (104, 12), 0, [0, 1, None, 0, 0])
    assert seat_0 == (Bonus("game", 1, 100), Bonus("box", 3, 75))
    assert seat_1 == (Bonus("box", 1, 25),)
    assert end_bonuses(replace(BONUSES, box_bonus=20), (104, 12), 0, [0, 1, 0, 0])[1] == (
        Bonus("box", 1, 20),
    )


def test_a_shutout_doubles_the_game_bonus():
    seat_0, seat_1 = end_bonuses(BONUSES, (0, 110), 1, [1, None, 1])
    assert seat_0 == ()
    assert seat_1 == (Bonus("game", 1, 100), Bonus("box", 2, 50), Bonus("shutout", 2, 100))


def ended(rules, hands):
    """A match over after `hands`, each (winner, points)."""
    start = Match.start(rules, 1)
    rounds = tuple(
        replace(start.round, phase=Phase.OVER, result=Result(Ending.KNOCK, w, w, p, None))
        for w, p in hands
    )
    scores = tuple(sum(p for w, p in hands if w == seat) for seat in (0, 1))
    return replace(start, scores=scores, finished=rounds[:-1], round=rounds[-1])


def test_the_final_totals_and_the_winner_include_the_bonuses():
    match = ended(BONUSES, [(0, 60), (1, 12), (0, 20), (0, 24)])
    assert match.is_over and match.scores == (104, 12)
    assert match.totals == (104 + 100 + 75, 12 + 25) and match.winner == 0
    # nine small hands won outweigh the game bonus of the one who reached 100
    boxes = ended(BONUSES, [(1, 10)] * 9 + [(0, 100)])
    assert boxes.totals == (100 + 100 + 25, 90 + 9 * 25) and boxes.winner == 1
    assert ended(PAGAT, [(1, 10)] * 9 + [(0, 100)]).winner == 0  # no bonuses: the target
    assert (
        ended(BONUSES, [(0, 60)]).bonuses == ((), ()) and ended(BONUSES, [(0, 60)]).winner is None
    )


def test_a_whole_match_adds_its_bonuses_to_the_scores():
    match = play_match(Match.start(BONUSES.with_target(50), 5), [EasyAgent(1), EasyAgent(2)])
    won = [sum(hand.result.winner == seat for hand in match.rounds) for seat in (0, 1)]
    for seat in (0, 1):
        box = [bonus for bonus in match.bonuses[seat] if bonus.name == "box"]
        assert [(b.times, b.points) for b in box] == (
            [(won[seat], 25 * won[seat])] * bool(won[seat])
        )
        assert match.totals[seat] == match.scores[seat] + sum(b.points for b in match.bonuses[seat])
    assert {b.name for b in match.bonuses[match.reached]} >= {"game"}


# ---- the rules are checked by name, and saved only when on ------------------------------------


@pytest.mark.parametrize(
    "change, message",
    [
        ({"big_gin_bonus": 40}, "big_gin_bonus must be 0 .*not 40"),
        ({"box_bonus": 30}, "box_bonus must be 20 or 25 points, not 30"),
        ({"oklahoma_spades_double": True}, "oklahoma_spades_double .* turn oklahoma on"),
        ({"oklahoma": 1}, "oklahoma must be true or false, not 1"),
        ({"game_bonuses": "yes"}, "game_bonuses must be true or false, not 'yes'"),
        ({"big_gin_bonus": True}, "big_gin_bonus must be"),
    ],
)
def test_bad_house_rules_are_refused_by_name(change, message):
    with pytest.raises(ValueError, match=message):
        replace(HOUSE, **change)


def test_a_record_of_the_default_rules_names_no_house_rule():
    before = {
        "name",
        "knock_limit",
        "gin_bonus",
        "undercut_bonus",
        "tie_is_undercut",
        "dead_hand_stock",
        "target",
    }
    for rules in (HOUSE, PAGAT):
        assert set(Match.start(rules, 3).to_record()["rules"]) == before
    assert rules_dict(replace(BIG_GIN, box_bonus=20)) == {
        **rules_dict(PAGAT),
        "big_gin_bonus": 31,
        "box_bonus": 20,
    }


def test_a_match_under_every_house_rule_saves_and_replays_to_the_same_state():
    rules = replace(SPADES_DOUBLE, big_gin_bonus=50, game_bonuses=True, box_bonus=20, target=50)
    match = play_match(Match.start(rules, 8), [make_agent("normal", 1), EasyAgent(2)])
    record = json.loads(json.dumps(match.to_record()))
    assert {k: v for k, v in record["rules"].items() if k not in rules_dict(HOUSE)} == {
        "oklahoma": True,
        "oklahoma_spades_double": True,
        "big_gin_bonus": 50,
        "game_bonuses": True,
        "box_bonus": 20,
    }
    loaded = Match.from_record(record)
    assert loaded == match and loaded.totals == match.totals and loaded.winner == match.winner
    with pytest.raises(ValueError, match="box_bonus must be 20 or 25 points, not 30"):
        Match.from_record({**record, "rules": {**record["rules"], "box_bonus": 30}})


# ---- the computer players --------------------------------------------------------------------


class KnockWatch:
    """Wraps an agent: every action must be legal, and a knock keep no more than the hand's
    knock limit as the agent's view shows it."""

    def __init__(self, agent):
        self.agent = agent
        self.knocks = 0

    def act(self, view):
        action = self.agent.act(view)
        assert action in view.legal_actions
        if isinstance(action, Knock):
            left = deadwood_after_discard(to_mask(view.hand), action.card)
            assert left <= view.stakes.knock_limit, (action, left, view.stakes)
            self.knocks += 1
        return action


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_under_a_low_upcard_no_player_knocks_above_the_hands_limit(level):
    hands = knocks = 0
    for n in range(200):
        match = Match.start(OKLAHOMA, derive_seed(41, n))
        if match.round.upcard.value > 4:
            continue
        agents = [KnockWatch(make_agent(level, n)), KnockWatch(make_agent("easy", n))]
        play_round(match, agents)
        hands += 1
        knocks += agents[0].knocks
        if hands == (8 if level == "hard" else 20):
            break
    assert knocks  # they do knock, within the lower limit


def test_a_player_knocks_as_soon_as_the_lower_limit_allows_and_not_before():
    hand = f"{MELDS} 2C QH"  # ♥Q out leaves ♣2: deadwood 2
    assert EasyAgent(1).act(to_discard(OKLAHOMA, "3H", hand).view(0)) == Knock(0, card("QH"))
    assert EasyAgent(1).act(to_discard(OKLAHOMA, "AH", hand).view(0)) == Discard(0, card("QH"))
    assert make_agent("normal", 1).act(to_discard(OKLAHOMA, "2D", hand).view(0)) == Knock(
        0, card("QH")
    )


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_player_holding_eleven_melded_cards_goes_big_gin(level):
    assert make_agent(level, 3).act(to_discard(BIG_GIN, "8H", ELEVEN).view(0)) == BigGin(0)
    plain = make_agent(level, 3).act(to_discard(PAGAT, "8H", ELEVEN).view(0))
    assert isinstance(plain, Knock)  # without big gin: gin with ten of them


def test_the_hint_ranks_every_legal_option_under_the_house_rules():
    rules = replace(SPADES_DOUBLE, big_gin_bonus=31)
    kinds = set()
    for seed in (3, 4, 5, 6):
        played = play_round(Match.start(rules, seed), [EasyAgent(seed), EasyAgent(seed + 1)])
        state = Round.deal(played.round.seed, rules, played.round.dealer)
        for action in played.round.actions:
            view = state.view(state.to_move)
            ranking = [advice.action for advice in advise(view)]
            assert sorted(map(action_code, ranking)) == sorted(map(action_code, view.legal_actions))
            kinds |= {type(option) for option in ranking}
            state = state.apply(action)
    assert {Discard, Knock} <= kinds
    # big gin first, worth what gin is (the same sampled deals, no lay-offs) and 31 - 20 more
    big = advise(to_discard(replace(BIG_GIN, big_gin_bonus=31), "8H", ELEVEN).view(0))
    gin = max(a.expected_points for a in big if isinstance(a.action, Knock))
    assert big[0].action == BigGin(0) and big[0].expected_points == pytest.approx(gin + 11)


def test_a_doubled_hand_doubles_every_worth_the_hint_weighs():
    hand = f"{MELDS} 2C QH"
    plain = advise(to_discard(OKLAHOMA, "5S", hand).view(0))
    doubled = advise(to_discard(SPADES_DOUBLE, "5S", hand).view(0))
    assert [a.action for a in doubled] == [a.action for a in plain]
    assert [a.worth for a in doubled] == pytest.approx([2 * a.worth for a in plain])
