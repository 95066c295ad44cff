"""Arena plumbing (not strength): pairs of matches, intervals, the command line."""

import json

import pytest
from rummy.gin import HOUSE, make_agent
from rummy.gin.arena import MatchOutcome, play_pair, summarize
from rummy.intervals import mean_interval, wilson_interval
from support.command import run_rummy


def test_wilson_interval_known_values():
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(0, 10)[1] == pytest.approx(
        0.2775, abs=1e-4
    )
    for k in range(11):
        low, high = wilson_interval(k, 10)
        mirror = wilson_interval(10 - k, 10)
        assert low == pytest.approx(1 - mirror[1]) and low <= k / 10 <= high


def test_mean_interval_is_the_normal_interval_of_a_mean():
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and high - mean == pytest.approx(mean - low)
    assert high - mean == pytest.approx(1.959964 * 1.290994 / 2, abs=1e-5)
    assert mean_interval([7]) == (7, float("-inf"), float("inf"))


def test_a_pair_plays_both_seatings_to_the_target():
    first, second = play_pair(
        0,
        7,
        HOUSE.with_target(50),
        lambda s: make_agent("easy", s),
        lambda s: make_agent("normal", s),
    )
    for outcome in (first, second):
        winner_score = outcome.p1_score if outcome.p1_won else outcome.p2_score
        loser_score = outcome.p2_score if outcome.p1_won else outcome.p1_score
        assert winner_score >= 50 > loser_score
        assert sum(p for p in outcome.hand_points if p > 0) == outcome.p1_score
        assert -sum(p for p in outcome.hand_points if p < 0) == outcome.p2_score
        assert len(outcome.hand_winners) == len(outcome.hand_points)


def test_summary_counts_matches_hands_and_points():
    outcomes = [
        MatchOutcome(True, 100, 20, (1, -1, 1), (60, -20, 40)),
        MatchOutcome(False, 30, 110, (-1, 0, 1), (-110, 0, 30)),
    ]
    stats = summarize(outcomes)
    assert (stats.matches, stats.p1_wins, stats.p1_win_rate) == (2, 1, 0.5)
    assert (stats.hands, stats.p1_hands_won, stats.p2_hands_won, stats.dead_hands) == (6, 3, 2, 1)
    assert stats.p1_points_per_hand == pytest.approx(0.0)
    assert stats.p1_points_per_hand_low < 0 < stats.p1_points_per_hand_high


def test_arena_command_with_an_outside_agent_prints_json():
    done = run_rummy(
        "gin",
        "arena",
        "--p1",
        "support.outside_agent:FirstLegal",
        "--p2",
        "easy",
        "--matches",
        "4",
        "--target",
        "50",
        "--rules",
        "pagat",
        "--json",
        "--jobs",
        "2",
    )
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["matches"] == 4 and 0 <= stats["p1_wins"] <= 4
    assert stats["p1_win_rate_low"] <= stats["p1_win_rate"] <= stats["p1_win_rate_high"]
    assert (
        stats["p1"] == "support.outside_agent:FirstLegal"
        and stats["rules"] == "pagat"
        and stats["target"] == 50
    )


def test_arena_text_report_names_both_players():
    done = run_rummy(
        "gin",
        "arena",
        "--p1",
        "normal",
        "--p2",
        "easy",
        "--matches",
        "2",
        "--jobs",
        "1",
    )
    assert done.returncode == 0, done.stderr
    assert "normal (p1) vs easy (p2), 2 matches to 100" in done.stdout
    assert "95% CI" in done.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--matches", "3"], "3 is odd"),
        (["--p1", "nobody"], "unknown agent 'nobody'"),
        (["--p2", "no_such_module:X"], "cannot import 'no_such_module'"),
        (["--p2", "json:NoSuchClass"], "has no class 'NoSuchClass'"),
        (["--jobs", "0"], "not a positive number"),
    ],
)
def test_arena_refuses_bad_arguments_clearly(args, message):
    done = run_rummy("gin", "arena", *args, timeout=60)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
