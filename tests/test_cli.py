"""The command line, run as a player would run it."""

import json
import subprocess
import sys

import pytest
from rummy.cli import main


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "rummy", *args], capture_output=True, text=True, timeout=120
    )


def test_selfplay_json_prints_one_object_with_the_statistics():
    done = run("gin", "selfplay", "--hands", "40", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["hands"] == 40
    assert (
        stats["turns_min"]
        <= stats["turns_q1"]
        <= stats["turns_median"]
        <= stats["turns_q3"]
        <= stats["turns_max"]
    )
    shares = [stats["gin_share"], stats["undercut_share"], stats["dead_share"]]
    assert all(0 <= share <= 1 for share in shares) and sum(shares) <= 1
    assert 0 <= stats["knock_deadwood_mean"] <= 10


def test_selfplay_is_reproducible_from_its_seed(capsys):
    main(["gin", "selfplay", "--hands", "30", "--seed", "5", "--json"])
    first = capsys.readouterr().out
    main(["gin", "selfplay", "--hands", "30", "--seed", "5", "--json"])
    assert capsys.readouterr().out == first
    main(["gin", "selfplay", "--hands", "30", "--seed", "6", "--json"])
    assert capsys.readouterr().out != first


def test_selfplay_text_report(capsys):
    main(["gin", "selfplay", "--hands", "20", "--rules", "pagat", "--target", "50"])
    out = capsys.readouterr().out
    assert "20 hands, easy vs easy, rules pagat" in out
    assert "turns per hand: median" in out and "mean deadwood at knock" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["gin", "selfplay", "--hands", "0"], "not a positive number"),
        (["gin", "selfplay", "--hands", "many"], "'many' is not a whole number"),
        (["gin", "selfplay", "--rules", "vegas"], "invalid choice: 'vegas'"),
        (["gin", "selfplay", "--target", "75"], "invalid choice: 75"),
        (["gin", "fly"], "invalid choice: 'fly'"),
        (["poker"], "invalid choice: 'poker'"),
        (["gin", "arena", "--house", "oklahoma"], "'oklahoma' is not NAME=VALUE"),
        (["gin", "arena", "--house", "oklahomma=true"], "unknown house rule 'oklahomma'"),
        (["gin", "arena", "--house", "big_gin_bonus=40"], "big_gin_bonus must be"),
        (["rummikub", "arena", "--house", "initial_meld=19"], "initial_meld must be"),
        (["rummikub", "arena", "--house", "joker_penalty=faces"], "joker_penalty is 30 or"),
        (["basic", "arena", "--house", "ace=high"], "ace"),
    ],
)
def test_wrong_arguments_get_a_clear_error(args, message):
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_selfplay_takes_levels_for_both_players(capsys):
    main(["gin", "selfplay", "--hands", "6", "--p1", "hard", "--p2", "normal", "--json"])
    stats = json.loads(capsys.readouterr().out)
    assert stats["hands"] == 6


def test_an_arena_plays_under_the_house_rules_it_is_given(capsys):
    """The same deals under Oklahoma and big gin play out otherwise, and say so."""
    args = ["gin", "arena", "--matches", "2", "--jobs", "1", "--target", "50", "--json"]
    main(args)
    plain = json.loads(capsys.readouterr().out)
    main([*args, "--house", "oklahoma=true", "--house", "big_gin_bonus=31"])
    house = json.loads(capsys.readouterr().out)
    assert plain["house"] == {} and house["house"] == {"oklahoma": True, "big_gin_bonus": 31}
    assert (house["hands"], house["p1_points_per_hand"]) != (
        plain["hands"],
        plain["p1_points_per_hand"],
    )
    main(
        [
            "rummikub",
            "arena",
            "--players",
            "hard,easy",
            "--games",
            "2",
            "--jobs",
            "1",
            "--house",
            "initial_meld=50",
            "--house",
            "joker_penalty=face",
        ]
    )
    assert 'house rules initial_meld=50 joker_penalty="face"' in capsys.readouterr().out
