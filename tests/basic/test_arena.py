"""Basic Rummy arena plumbing (not strength): rotations, the summary, the cap, the command line."""

import json

import pytest
from rummy.basic import TURNOVERS, Discard, DrawDiscard, Round
from rummy.basic.agents.easy import EasyAgent
from rummy.basic.arena import (
    GameOutcome,
    HandOutcome,
    action_cap,
    play_game,
    play_hand,
    rules_for,
    summarize,
    summarize_games,
)
from rummy.cards import DECK
from rummy.cli import main
from rummy.errors import IllegalAction
from rummy.rng import derive_seed
from support.command import run_rummy
from support.outside_agent import FirstLegal


class Recorder(FirstLegal):
    """Plays the first legal action, and notes the seat each player sits in."""

    def __init__(self, log, player, seed):
        super().__init__(seed)
        self.log, self.player = log, player

    def act(self, view):
        self.log.add((self.player, view.seat))
        return super().act(view)


def recorders(log, n):
    return [lambda seed, p=p: Recorder(log, p, seed) for p in range(n)]


@pytest.mark.parametrize("n", [2, 3, 6])
def test_each_deal_is_played_once_per_rotation_of_the_line_up(n):
    dealt = {}
    for number in range(2 * n):
        log = set()
        outcome = play_hand(number, 5, recorders(log, n))
        deal = Round.deal(derive_seed(5, number // n), rules_for(n), dealer=0)
        assert {player for player, _ in log} <= set(range(n)) and len(log) >= 2
        for player, seat in log:
            assert seat == (player + number) % n  # player p sits in seat p + h
        # Each player holds the cards its seat was dealt (seat 0 deals, so its seat and cards
        # pass round the players with the rotation).
        for player in range(n):
            dealt.setdefault((number // n, (player + number) % n), set()).add(
                deal.hands[(player + number) % n]
            )
        replayed = deal
        agents = [FirstLegal(0)] * n
        while not replayed.is_over:
            replayed = replayed.apply(agents[replayed.to_move].act(replayed.view(replayed.to_move)))
        result = replayed.result
        if result.winner is None:
            assert outcome.winner is None and outcome.draw and outcome.points == (0,) * n
        else:
            winner = (result.winner - number) % n
            assert outcome.winner == winner and outcome.points[winner] == result.points
            assert sum(outcome.points) == result.points
    assert all(len(hands) == 1 for hands in dealt.values())


def test_an_illegal_action_is_an_error_not_a_loss():
    class Cheat(FirstLegal):
        def act(self, view):
            if view.phase.value == "play":  # discards a card it does not hold
                return Discard(view.seat, next(card for card in DECK if card not in view.hand))
            return super().act(view)

    with pytest.raises(IllegalAction, match="is not in your hand"):
        play_hand(0, 1, [Cheat, Cheat])


def test_a_hand_stops_at_the_action_cap_and_the_summary_says_so():
    capped = play_hand(0, 1, [FirstLegal, FirstLegal], cap=5)
    assert capped == HandOutcome(None, (0, 0), False, 5)
    stats = summarize(
        ["a", "b"],
        [capped, HandOutcome(None, (0, 0), True, 300), HandOutcome(1, (0, 40), False, 60)],
    )
    assert (stats.hands, stats.capped, stats.draws) == (
        3,
        1,
        1,
    ) and stats.draw_share == pytest.approx(1 / 3)
    assert [p.wins for p in stats.players] == [0, 1] and stats.actions_per_hand == pytest.approx(
        365 / 3
    )


def test_summary_counts_wins_rates_intervals_and_points():
    outcomes = [HandOutcome(0, (30, 0, 0), False, 50)] * 3 + [HandOutcome(2, (0, 0, 12), False, 70)]
    stats = summarize(["hard", "easy", "easy"], outcomes)
    hard, easy, other = stats.players
    assert (stats.hands, hard.name, hard.wins, hard.win_rate, other.wins, easy.wins) == (
        4,
        "hard",
        3,
        0.75,
        1,
        0,
    )
    assert hard.low < 0.75 < hard.high and easy.low == 0 < easy.high
    assert hard.points == 22.5 and hard.points_low < 22.5 < hard.points_high and other.points == 3
    assert stats.draws == 0 and stats.capped == 0 and stats.actions_per_hand == 55
    with pytest.raises(ValueError):
        summarize(["a", "b"], [])


def test_a_whole_game_goes_to_100_points_and_each_deal_is_played_once_per_rotation():
    """Two players who play alike (one seed for both): games 0 and 1 share their seed, so they
    are the same game with the seats swapped."""
    alike = [lambda seed: EasyAgent(0)] * 2
    first, second = play_game(0, 5, alike), play_game(1, 5, alike)
    assert max(first.points) >= 100 and first.hands >= 2
    assert first.winner == first.points.index(max(first.points))
    assert second.points == first.points[::-1] and second.hands == first.hands
    assert second.winner == 1 - first.winner and second.drawn == first.drawn


def test_the_players_of_a_whole_game_see_the_scores():
    seen = []

    class Watcher(EasyAgent):
        def act(self, view):
            seen.append(view.scores)
            return super().act(view)

    outcome = play_game(0, 5, [Watcher, EasyAgent], house=(("stock_out", "end"),))
    assert seen[0] == (0, 0) and max(map(max, seen)) > 0 and outcome.hands >= 2


def test_a_game_nobody_can_win_is_stopped_with_an_error():
    with pytest.raises(RuntimeError, match="nobody reached 100 points in 3 hands"):
        play_game(0, 5, [FirstLegal, FirstLegal], turnovers=0, hand_cap=3)


def test_a_hand_that_never_ends_is_stopped_with_an_error():
    class Swapper(FirstLegal):
        """Always takes the pile's top, so the stock never runs out."""

        def act(self, view):
            if DrawDiscard(view.seat) in view.legal_actions:
                return DrawDiscard(view.seat)
            return next(a for a in view.legal_actions if isinstance(a, Discard))

    with pytest.raises(RuntimeError, match="game 0: hand 1 reached 500 actions"):
        play_game(0, 5, [Swapper, Swapper], turnovers=0)


def test_games_summary_counts_ties_as_nobodys_win():
    stats = summarize_games(
        ["hard", "normal"],
        [GameOutcome(0, (104, 60), 5, 1), GameOutcome(None, (110, 110), 7, 0)] * 2,
    )
    assert [p.wins for p in stats.players] == [2, 0] and stats.players[0].points == 107
    assert (stats.games, stats.ties, stats.hands_per_game, stats.drawn_hands) == (4, 2, 6, 2)


def test_arena_plays_whole_games_when_asked(capsys):
    args = ["basic", "arena", "--players", "easy,normal", "--games", "2", "--jobs", "1"]
    assert main([*args, "--json", "--house", "ace=both"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert set(stats) == {
        "seed",
        "turnovers",
        "house",
        "games",
        "players",
        "ties",
        "hands_per_game",
        "drawn_hands",
    }
    assert stats["games"] == 2 and stats["house"] == [["ace", "both"]]
    assert sum(p["wins"] for p in stats["players"]) + stats["ties"] == 2
    assert all(p["points"] >= 0 for p in stats["players"]) and stats["hands_per_game"] >= 1
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Basic Rummy arena: easy, normal; 2 games to 100 points (1 deal, each played 2 times"
    )
    assert "p2 normal: wins" in out and "points per game" in out and "games tied" in out


def run(*args):
    return run_rummy("basic", "arena", *args)


def test_arena_command_prints_one_json_object_the_same_for_any_number_of_jobs():
    args = [
        "--players",
        "support.outside_agent:FirstLegal,easy,normal,hard",
        "--hands",
        "4",
        "--seed",
        "4",
        "--json",
    ]
    done = run(*args, "--jobs", "2")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert set(stats) == {
        "seed",
        "turnovers",
        "house",
        "hands",
        "players",
        "draws",
        "draw_share",
        "draw_low",
        "draw_high",
        "capped",
        "actions_per_hand",
    }
    assert (
        stats["hands"] == 4
        and stats["seed"] == 4
        and stats["capped"] == 0
        and stats["turnovers"] == TURNOVERS
    )
    assert stats["draw_low"] <= stats["draw_share"] <= stats["draw_high"]
    assert [p["name"] for p in stats["players"]] == [
        "support.outside_agent:FirstLegal",
        "easy",
        "normal",
        "hard",
    ]
    assert sum(p["wins"] for p in stats["players"]) + stats["draws"] == 4
    for p in stats["players"]:
        assert set(p) == {
            "name",
            "wins",
            "win_rate",
            "low",
            "high",
            "points",
            "points_low",
            "points_high",
        }
        assert (
            p["low"] <= p["win_rate"] <= p["high"]
            and p["points_low"] <= p["points"] <= p["points_high"]
        )
    again = run(*args, "--jobs", "1")
    assert again.stdout == done.stdout


def test_arena_text_report_names_every_player_with_intervals(capsys):
    assert (
        main(["basic", "arena", "--players", "hard,easy,easy", "--hands", "3", "--jobs", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith(
        "Basic Rummy arena: hard, easy, easy; 3 hands (1 deal, each played 3 times"
    )
    assert "p1 hard: wins" in out and "p3 easy: wins" in out and out.count("95% CI") == 7
    assert f"drawn hands (stock out after {TURNOVERS} turnovers):" in out
    assert f"stopped at the {action_cap(TURNOVERS)}-action cap: 0" in out


def test_arena_turnover_limit_is_an_option(capsys):
    args = [
        "basic",
        "arena",
        "--players",
        "easy,easy,easy,easy,easy,easy",
        "--hands",
        "6",
        "--jobs",
        "1",
    ]
    assert main([*args, "--turnovers", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["turnovers"] == 0
    assert main([*args, "--turnovers", "7"]) == 0
    out = capsys.readouterr().out
    assert (
        "drawn hands (stock out after 7 turnovers):" in out
        and "stopped at the 4000-action cap: 0" in out
    )


def test_the_turnover_limit_changes_only_hands_that_reach_it():
    """Same deals and seeds: a hand decided before the stock runs out under no turnover at all
    is played the same under a limit of 2; a drawn one goes on at least as long."""
    for number in range(12):
        low = play_hand(number, 5, [FirstLegal] * 6, turnovers=0)
        high = play_hand(number, 5, [FirstLegal] * 6, turnovers=2)
        assert high == low if not low.draw else high.actions >= low.actions


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "hard,medium"], "unknown agent 'medium'"),
        (["--players", "hard"], "1 player: Basic Rummy is for 2-6 players"),
        (
            ["--players", "hard,easy,easy,easy,easy,easy,easy"],
            "7 players: Basic Rummy is for 2-6 players",
        ),
        (["--players", "no_such_module:X,easy"], "cannot import 'no_such_module'"),
        (["--hands", "0"], "0 is not a positive number"),
        (["--hands", "lots"], "'lots' is not a whole number"),
        (["--games", "0"], "0 is not a positive number"),
        (["--hands", "4", "--games", "2"], "argument --games: not allowed with argument --hands"),
        (["--jobs", "0"], "0 is not a positive number"),
        (["--turnovers", "21"], "21 is not from 0 to 20"),
    ],
)
def test_arena_refuses_bad_arguments_clearly(args, message):
    done = run(*args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
