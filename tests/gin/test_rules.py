from dataclasses import replace

import pytest
from rummy.gin import HOUSE, PAGAT, Rules, preset
from rummy.records import rules_dict, rules_from_dict


def test_presets_hold_the_settled_rulings():
    assert (HOUSE.gin_bonus, HOUSE.undercut_bonus, PAGAT.gin_bonus, PAGAT.undercut_bonus) == (
        25,
        25,
        20,
        10,
    )
    for rules in (HOUSE, PAGAT):
        assert rules.knock_limit == 10 and rules.tie_is_undercut and rules.dead_hand_stock == 2
        assert rules.target == 100 and rules.with_target(50).target == 50
    assert preset("pagat", 50) == PAGAT.with_target(50)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"target": 75}, "target must be 50 or 100"),
        ({"target": 50.0}, "target must be 50 or 100"),
        ({"knock_limit": -1}, "knock_limit"),
        ({"gin_bonus": True}, "gin_bonus"),
        ({"tie_is_undercut": 1}, "tie_is_undercut"),
        ({"dead_hand_stock": 40}, "dead_hand_stock"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_rules_are_refused(change, message):
    with pytest.raises(ValueError, match=message):
        replace(HOUSE, **change)


def test_rules_round_trip_through_a_dict():
    assert rules_from_dict(Rules, rules_dict(PAGAT)) == PAGAT
    with pytest.raises(ValueError, match="unknown rule extra"):
        rules_from_dict(Rules, {**rules_dict(PAGAT), "extra": 1})
    with pytest.raises(ValueError, match="missing target"):
        rules_from_dict(Rules, {k: v for k, v in rules_dict(PAGAT).items() if k != "target"})
    with pytest.raises(ValueError, match="unknown rules"):
        preset("vegas")
