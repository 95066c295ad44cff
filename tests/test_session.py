"""The table behind the page: screens, saving and restoring, statistics, display helpers."""

import json

import pytest

from rummy.cards import parse_card, parse_cards
from rummy.errors import IllegalAction
from rummy.gin import COMPUTER, PLAYER, Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard
from rummy.gin.session import Settings, Stats, Table, deadwood_without, grouped, sorted_by


def play_until(table, screens, person=lambda t: t.hints()[0].action):
    """Play both seats (the person by its hint) until the table shows one of `screens`."""
    for _ in range(500):
        if table.screen in screens:
            return table
        action = table.computer_action() if table.screen == "opponent" else person(table)
        table = table.play(action)
    raise AssertionError("the hand did not reach the screen")


def test_a_new_table_deals_with_the_computer_dealing_so_the_person_is_offered_the_upcard():
    table = Table.new(Settings(target=50, level="easy"), seed=3)
    assert table.match.hand.dealer == COMPUTER
    assert table.screen == "upcard"
    assert table.match.rules.target == 50
    assert len(table.view.hand) == 10


def test_the_screens_follow_the_hand():
    table = Table.new(Settings(), seed=4).play(PassUpcard(PLAYER))
    assert table.screen == "opponent"  # the dealer is asked next
    table = play_until(table, {"draw", "discard"})
    if table.screen == "draw":
        table = table.play(DrawStock(PLAYER))
    assert table.screen == "discard" and len(table.view.hand) == 11
    table = play_until(table, {"settle", "match-over"})
    assert table.match.hand.is_over


def test_an_illegal_action_is_refused_with_a_reason_and_its_values_and_changes_nothing():
    table = Table.new(Settings(), seed=5)
    with pytest.raises(IllegalAction) as refused:
        table.play(DrawStock(PLAYER))
    assert refused.value.reason == "upcard_pending"
    taken = table.play(TakeUpcard(PLAYER))
    card = taken.match.hand.drawn_from_pile
    with pytest.raises(IllegalAction) as refused:
        taken.play(Discard(PLAYER, card))
    assert refused.value.reason == "discard_taken_card"
    assert refused.value.params == {"card": card.code}
    assert taken.screen == "discard" and card in taken.view.hand


def test_knocking_above_the_limit_names_the_deadwood_and_the_limit():
    table = Table.new(Settings(), seed=6).play(TakeUpcard(PLAYER))
    hand = table.view.hand
    too_high = [c for c in hand if c != table.match.hand.drawn_from_pile and deadwood_without(hand, c) > 10]
    with pytest.raises(IllegalAction) as refused:
        table.play(Knock(PLAYER, too_high[0]))
    assert refused.value.reason == "knock_too_high"
    assert refused.value.params == {
        "card": too_high[0].code,
        "deadwood": deadwood_without(hand, too_high[0]),
        "limit": 10,
    }


def test_a_save_restores_the_identical_position_mid_hand():
    table = play_until(Table.new(Settings(level="hard"), seed=7), {"discard"})
    record = json.loads(json.dumps(table.to_record()))
    restored = Table.from_record(record, table.stats)
    assert restored == table
    assert restored.hints() == table.hints()
    with pytest.raises(IllegalAction):
        restored.computer_action()  # the person is to move


def test_the_computer_plays_the_same_after_a_restore():
    """Its seed depends on the position alone, so reloading cannot change its next move."""
    table = play_until(Table.new(Settings(level="hard"), seed=8).play(PassUpcard(PLAYER)), {"opponent"})
    restored = Table.from_record(table.to_record())
    assert restored.computer_action() == table.computer_action()


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: "not a dict",
        lambda r: {**r, "format": "something else"},
        lambda r: {**r, "version": 99},
        lambda r: {**r, "settings": {"target": 75}},
        lambda r: {**r, "settings": {"level": "grandmaster"}},
        lambda r: {**r, "match": {**r["match"], "hands": [["0 discard ZZ"]]}},
        lambda r: {**r, "match": {**r["match"], "hands": [["1 draw-stock"]]}},
        lambda r: {**r, "match": {**r["match"], "seed": "seven"}},
        lambda r: {**r, "settings": {**r["settings"], "rules": "pagat"}},  # rules differ from the match
    ],
)
def test_a_corrupted_save_is_refused_with_a_message(damage):
    table = play_until(Table.new(Settings(), seed=9), {"discard"})
    with pytest.raises(ValueError) as refused:
        Table.from_record(damage(table.to_record()))
    assert str(refused.value)


def test_statistics_count_each_finished_hand_once_even_when_counted_again():
    table = play_until(Table.new(Settings(target=50), seed=10), {"settle", "match-over"})
    result = table.match.hand.result
    assert table.stats.hands == (result.kind != "dead")
    assert table.stats.hands_won == (result.winner == PLAYER)
    assert table.stats.count(table.match) == table.stats
    restored = Table.from_record(table.to_record(), table.stats)
    assert restored.stats == table.stats


def test_statistics_record_a_whole_match():
    table = Table.new(Settings(target=50, level="easy"), seed=11)
    while not table.match.is_over:
        table = play_until(table, {"settle", "match-over"})
        if table.screen == "settle":
            table = table.next_hand()
    stats = table.stats
    hands = table.match.hands
    assert stats.matches == 1
    assert stats.matches_won == (table.match.winner == PLAYER)
    assert stats.hands == sum(h.result.kind != "dead" for h in hands)
    assert stats.hands_won == sum(h.result.winner == PLAYER for h in hands)
    assert stats.gins == sum(h.result.winner == PLAYER and h.result.kind == "gin" for h in hands)
    rematch = table.rematch(seed=12)
    assert rematch.stats.matches == 1 and rematch.screen == "upcard"
    assert rematch.stats.count(rematch.match).hands == stats.hands


def test_statistics_from_a_damaged_save_are_refused():
    assert Stats.from_dict(Stats(hands=3).as_dict()) == Stats(hands=3)
    for bad in ("x", {"hands": -1}, {"gins": "2"}, {"match_counted": 1}):
        with pytest.raises(ValueError):
            Stats.from_dict(bad)


def test_settings_are_validated():
    with pytest.raises(ValueError):
        Settings(target=75)
    with pytest.raises(ValueError):
        Settings(rules="oklahoma")
    assert Settings.from_dict({"target": 50, "unknown": 1}) == Settings(target=50)


def test_the_preview_is_the_least_deadwood_after_discarding_the_card():
    hand = parse_cards("7S 8S 9S 7H 7D KC QC 2D 3C AH 5H")
    assert deadwood_without(hand, parse_card("5H")) == 10 + 10 + 2 + 3 + 1 + 7 + 7
    assert deadwood_without(hand, parse_card("KC")) == 10 + 2 + 3 + 1 + 5 + 7 + 7


def test_the_hand_is_grouped_by_melds_with_the_deadwood_apart():
    hand = parse_cards("7S 8S 9S 7H 7D 7C KC 2D AH")
    groups = grouped(hand)
    assert {frozenset(g) for g in groups[:-1]} == {
        frozenset(parse_cards("7S 8S 9S")),
        frozenset(parse_cards("7H 7D 7C")),
    }
    assert groups[-1] == tuple(parse_cards("AH 2D KC"))


def test_the_hand_sorts_by_suit_or_rank():
    hand = parse_cards("KC 2D AH 2C")
    assert sorted_by(hand, "suit") == tuple(parse_cards("2C KC 2D AH"))
    assert sorted_by(hand, "rank") == tuple(parse_cards("AH 2C 2D KC"))
    with pytest.raises(ValueError):
        sorted_by(hand, "colour")


def test_hints_rank_only_the_persons_legal_options():
    table = Table.new(Settings(), seed=13)
    hints = table.hints()
    assert {h.action for h in hints} == {TakeUpcard(PLAYER), PassUpcard(PLAYER)}
    table = play_until(table.play(PassUpcard(PLAYER)), {"draw", "discard"})
    if table.screen == "draw":
        assert {h.action for h in table.hints()} <= {DrawStock(PLAYER), DrawDiscard(PLAYER)}
