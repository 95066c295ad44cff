"""The daily deal's seed: one per game and day, the same on every copy of the site."""

from datetime import date, datetime

import pytest
from rummy.daily import GAMES, daily_seed
from rummy.gin.session import GinSession

DAY = date(2026, 12, 1)


def test_the_same_game_and_day_give_the_same_seed():
    assert daily_seed("gin", DAY) == daily_seed("gin", date(2026, 12, 1))


def test_each_game_and_each_day_has_its_own_seed():
    seeds = {
        daily_seed(game, date.fromordinal(DAY.toordinal() + n)) for game in GAMES for n in range(60)
    }
    assert len(seeds) == len(GAMES) * 60


def test_the_seed_is_pinned_so_nobody_changes_everyones_daily_deal_by_accident():
    assert daily_seed("gin", DAY) == 3726718870412325201


def test_a_seed_is_a_63_bit_whole_number():
    assert all(0 <= daily_seed(game, DAY) < 1 << 63 for game in GAMES)


def test_the_days_seed_deals_the_same_first_hand_to_everyone():
    first = GinSession.create({}, daily_seed("gin", DAY)).match.round
    again = GinSession.create({}, daily_seed("gin", DAY)).match.round
    assert first.hands == again.hands and first.stock == again.stock


@pytest.mark.parametrize(
    "game, day", [("poker", DAY), ("gin", "2026-12-01"), ("gin", datetime(2026, 12, 1, 9))]
)
def test_an_unknown_game_or_a_day_that_is_not_a_date_is_refused(game, day):
    with pytest.raises(ValueError):
        daily_seed(game, day)
