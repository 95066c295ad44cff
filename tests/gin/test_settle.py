"""Knock settlement, read against the worked examples of ../shared/rules/gin.md."""

import pytest
from rummy.cards import parse_cards, to_mask
from rummy.errors import IllegalAction
from rummy.gin import HOUSE, PAGAT, EasyAgent, Ending, Match, play_round, settle
from rummy.gin.settle import knocker_arrangement, knocker_points
from rummy.rng import derive_seed
from support.brute_force import exhaustive_deadwood, layoff_deadwood

KNOCKER = parse_cards("3S 4S 5S 7H 7D 7C JD QD KD 8C")  # deadwood ♣8 = 8
DEFENDER = "3H 4H 5H 9S 9H 9C 6S AC 2D"  # + one more card below


@pytest.mark.parametrize(
    "last_card, rules, kind, winner, points, defender_deadwood",
    [
        ("KC", PAGAT, Ending.KNOCK, 1, 5, 13),
        ("4C", PAGAT, Ending.UNDERCUT, 0, 11, 7),
        ("5C", PAGAT, Ending.UNDERCUT, 0, 10, 8),
        ("KC", HOUSE, Ending.KNOCK, 1, 5, 13),
        ("4C", HOUSE, Ending.UNDERCUT, 0, 26, 7),
        ("5C", HOUSE, Ending.UNDERCUT, 0, 25, 8),
    ],
)
def test_worked_examples(last_card, rules, kind, winner, points, defender_deadwood):
    # seat 1 knocks: the winner is a seat, the knocker's or the defender's
    s = settle(KNOCKER, parse_cards(f"{DEFENDER} {last_card}"), rules, knocker=1)
    assert (s.kind, s.knocker, s.winner, s.points) == (kind, 1, winner, points)
    assert s.knocker_deadwood == 8
    assert s.defender_deadwood == defender_deadwood
    # The defender lays ♠6 off on the knocker's ♠3-4-5.
    assert [(str(card), str(meld)) for card, meld in s.layoffs] == [("6S", "3S-4S-5S")]


@pytest.mark.parametrize("rules, points", [(PAGAT, 39), (HOUSE, 44)])
def test_gin_scores_the_defenders_whole_deadwood_plus_the_bonus(rules, points):
    knocker = parse_cards("3S 4S 5S 7H 7D 7C JD QD KD TD")
    s = settle(knocker, parse_cards(f"{DEFENDER} KC"), rules)
    assert (s.kind, s.winner, s.points) == (Ending.GIN, 0, points)
    # No lay-offs after gin: ♠6 stays in the defender's deadwood (19 points).
    assert s.layoffs == ()
    assert s.defender_deadwood == 19


def test_a_run_takes_lay_offs_in_chains_at_both_ends():
    # ♣7-8-9 shown: the defender's ♣6 and ♣10 go out, deadwood 20 -> 4.
    knocker = parse_cards("7C 8C 9C AH AD AS 2H 2D 2S 3H")
    defender = parse_cards("6C TC 4D 4S 9D JS QH KS 5H 8S")
    before = settle(knocker, defender, HOUSE)
    assert {str(c) for c, _ in before.layoffs} == {"6C", "TC"}
    small = parse_cards("6C TC 4D")
    s = settle(knocker, small, HOUSE)
    assert exhaustive_deadwood(small) == 20
    assert s.defender_deadwood == 4
    assert {str(card): str(meld) for card, meld in s.layoffs} == {
        "6C": "7C-8C-9C",
        "TC": "7C-8C-9C",
    }


def test_chains_continue_past_the_first_lay_off():
    knocker = parse_cards("7C 8C 9C AH AD AS 2H 2D 2S 3H")
    s = settle(knocker, parse_cards("5C 6C TC JC 4D"), HOUSE)
    assert {str(c) for c, _ in s.layoffs} == {"5C", "6C", "TC", "JC"}
    assert s.defender_deadwood == 4


def test_a_set_of_three_takes_its_fourth_card():
    knocker = parse_cards("7C 7D 7H 2S 3S 4S 9H TH JH AC")
    s = settle(knocker, parse_cards("7S KD QC"), HOUSE)
    assert [(str(c), str(m)) for c, m in s.layoffs] == [("7S", "7C-7D-7H")]


def test_the_defender_weighs_own_melds_against_lay_offs():
    # ♣6 could go on the knocker's ♣7-8-9, but the defender's own ♣4-5-6 needs it: keeping the
    # run (deadwood 10) beats laying off (♣4 ♣5 ♦K = 19).
    knocker = parse_cards("7C 8C 9C AH AD AS 2H 2D 2S 3H")
    s = settle(knocker, parse_cards("4C 5C 6C KD"), HOUSE)
    assert s.defender_deadwood == 10
    assert s.layoffs == ()


def test_a_card_fitting_a_set_and_a_run_goes_where_the_chain_continues():
    # ♣6 completes the 6s or extends ♣7-8-9; only on the run can ♣5 follow it.
    knocker = parse_cards("6D 6H 6S 7C 8C 9C AH AD AS 2S")
    s = settle(knocker, parse_cards("6C 5C KD"), HOUSE)
    assert s.defender_deadwood == 10
    assert {str(c): str(m) for c, m in s.layoffs} == {"5C": "7C-8C-9C", "6C": "7C-8C-9C"}


def test_knocking_above_the_limit_is_refused():
    with pytest.raises(IllegalAction, match="11 points of deadwood.*limit is 10"):
        settle(parse_cards("3S 4S 5S 6S 7H 7D 7C AC 2D 8H"), parse_cards("2C"), HOUSE)


def test_the_knockers_tie_break_uses_only_the_knockers_cards():
    # ♥2-3-4 or the 3s: both leave 6 points. The set offers one lay-off spot (♠3), the run two
    # (♥A, ♥5), so the knocker shows the set, whether or not the defender holds ♥5.
    knocker = parse_cards("2H 3H 4H 3C 3D 9S TS JS QS KS")
    holding_5h = settle(knocker, parse_cards("5H 6H KC KD QC QD JC JD 8C 8D"), HOUSE)
    without_5h = settle(knocker, parse_cards("AC 6H KC KD QC QD JC JD 8C 8D"), HOUSE)
    assert holding_5h.knocker_melds == without_5h.knocker_melds
    assert [str(m) for m in holding_5h.knocker_melds] == ["3C-3D-3H", "9S-TS-JS-QS-KS"]
    assert holding_5h.knocker_deadwood == 6


def _knocks_from_real_games(count: int):
    """(knocker's 10 cards, defender's 10 cards) of the first `count` knocks of real games."""
    found = []
    for n in range(10_000):
        match = Match.start(HOUSE, derive_seed(99, n))
        agents = [EasyAgent(n), EasyAgent(n + 1)]
        hand = play_round(match, agents).round
        if hand.result.knocker is not None:
            knocker = hand.result.knocker
            found.append((hand.hands[knocker], hand.hands[1 - knocker]))
        if len(found) == count:
            return found
    raise AssertionError("too few knocks")


@pytest.mark.parametrize("rules", [HOUSE, PAGAT])
def test_settlement_matches_brute_force_on_real_knocks(rules):
    for knocker, defender in _knocks_from_real_games(60):
        s = settle(knocker, defender, rules)
        melds = [m.cards for m in s.knocker_melds]
        assert s.knocker_deadwood == exhaustive_deadwood(knocker)
        if s.kind == "gin":
            assert s.defender_deadwood == exhaustive_deadwood(defender)
        else:
            assert s.defender_deadwood == layoff_deadwood(melds, defender)
        laid = {card for card, _ in s.layoffs}
        kept = [c for m in s.defender_melds for c in m.cards] + list(s.defender_deadwood_cards)
        assert sorted(kept + list(laid)) == sorted(defender)
        assert sum(c.value for c in s.defender_deadwood_cards) == s.defender_deadwood
        margin = s.defender_deadwood - s.knocker_deadwood
        if s.kind == "knock":
            assert margin > 0 and s.points == margin
        elif s.kind == "undercut":
            assert margin <= 0 and s.points == -margin + rules.undercut_bonus
        else:
            assert s.points == s.defender_deadwood + rules.gin_bonus


@pytest.mark.parametrize("rules", [HOUSE, PAGAT])
def test_the_score_players_price_knocks_with_is_the_settlements(rules):
    for knocker, defender in _knocks_from_real_games(60):
        s = settle(knocker, defender, rules)
        points = knocker_points(knocker_arrangement(knocker), to_mask(defender), rules)
        assert points == (s.points if s.winner == s.knocker else -s.points)
