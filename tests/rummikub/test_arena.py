"""Rummikub arena plumbing (not strength): rotations, the summary, the cap, the command line."""

import json

import pytest
from rummy.cli import main
from rummy.rng import derive_seed
from rummy.rummikub import Draw, IllegalPlay, Play, Round, Rules
from rummy.rummikub.arena import GameOutcome, play_game, play_round, summarize
from support.command import run_rummy
from support.outside_agent import AlwaysDraws


class Recorder(AlwaysDraws):
    """Draws always, and notes who sat where holding which rack at its first turn (as dealt)."""

    def __init__(self, log, player, seed):
        super().__init__(seed)
        self.log, self.player = log, player

    def act(self, view):
        if not any(player == self.player for player, _, _ in self.log):
            self.log.append((self.player, view.seat, view.rack))
        return super().act(view)


def recorders(log, n):
    return [lambda seed, p=p: Recorder(log, p, seed) for p in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_deal_is_played_once_per_rotation_of_the_line_up(n):
    seats = {}
    for number in range(2 * n):
        log = []
        outcome = play_game(number, 5, recorders(log, n))
        first = {player: (seat, rack) for player, seat, rack in log}
        assert len(log) == n and sorted(first) == list(range(n))
        for player, (seat, rack) in first.items():
            assert seat == (player + number) % n  # player p sits in seat p + g
            seats.setdefault((number // n, seat), set()).add(rack)
        # Nobody plays: the pool runs out, everybody passes, the lowest rack wins.
        game = Round.deal(derive_seed(5, number // n), Rules(players=n))
        while not game.is_over:
            game = game.apply(Draw(game.to_move))
        assert outcome.pool_exhausted and outcome.winner is not None
        assert outcome.points == tuple(game.result.scores[(p + number) % n] for p in range(n))
        assert outcome.winner == (game.result.winner - number) % n and sum(outcome.points) == 0
    assert all(len(racks) == 1 for racks in seats.values())  # one deal, one rack per seat
    assert (
        len({racks.pop() for (deal, seat), racks in seats.items() if seat == 0}) == 2
    )  # two deals


def test_an_illegal_move_is_an_error_not_a_draw():
    class Cheat(AlwaysDraws):
        def act(self, view):
            return Play.of(view.seat, [s.tiles for s in view.table])  # lays nothing

    with pytest.raises(IllegalPlay, match="Play at least one tile"):
        play_game(0, 1, [Cheat, AlwaysDraws])


def test_a_round_stops_at_the_action_cap_and_the_summary_says_so():
    game = play_round(Round.deal(1, Rules(players=2)), [AlwaysDraws(0), AlwaysDraws(1)], cap=7)
    assert len(game.actions) == 7 and not game.is_over
    capped = play_game(0, 1, [AlwaysDraws, AlwaysDraws], cap=7)
    assert capped == GameOutcome(None, (0, 0), False, 7)
    stats = summarize(["a", "b"], [capped, GameOutcome(1, (-20, 20), True, 90)])
    assert (
        stats.capped == 1
        and stats.pool_exhausted == 1
        and [p.wins for p in stats.players] == [0, 1]
    )


def test_summary_counts_wins_rates_intervals_and_points():
    outcomes = [GameOutcome(0, (30, -30), False, 50)] * 3 + [GameOutcome(1, (-10, 10), False, 70)]
    stats = summarize(["hard", "easy"], outcomes)
    hard, easy = stats.players
    assert (stats.games, hard.name, hard.wins, hard.win_rate, easy.wins) == (4, "hard", 3, 0.75, 1)
    assert hard.low < 0.75 < hard.high and easy.low < 0.25 < easy.high
    assert hard.points == 20 and hard.points_low < 20 < hard.points_high and easy.points == -20
    assert stats.actions_per_game == 55 and stats.capped == 0
    with pytest.raises(ValueError):
        summarize(["a", "b"], [])


def run(*args):
    return run_rummy("rummikub", "arena", *args)


def test_arena_command_prints_one_json_object_the_same_for_any_number_of_jobs():
    args = [
        "--players",
        "support.outside_agent:AlwaysDraws,easy,hard",
        "--games",
        "3",
        "--seed",
        "4",
        "--json",
    ]
    done = run(*args, "--jobs", "2")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)
    assert stats["games"] == 3 and stats["seed"] == 4 and stats["capped"] == 0
    assert [p["name"] for p in stats["players"]] == [
        "support.outside_agent:AlwaysDraws",
        "easy",
        "hard",
    ]
    assert sum(p["wins"] for p in stats["players"]) == 3
    assert sum(p["points"] for p in stats["players"]) == pytest.approx(0)
    for p in stats["players"]:
        assert (
            p["low"] <= p["win_rate"] <= p["high"]
            and p["points_low"] <= p["points"] <= p["points_high"]
        )
    again = run(*args, "--jobs", "1")
    assert again.stdout == done.stdout


def test_arena_text_report_names_every_player_with_intervals(capsys):
    assert main(["rummikub", "arena", "--players", "hard,easy", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rummikub arena: hard, easy; 2 games (1 deal")
    assert "p1 hard: wins" in out and "p2 easy: wins" in out and out.count("95% CI") == 4
    assert "stopped at the 1000-action cap: 0" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "hard,medium"], "unknown agent 'medium'"),
        (["--players", "hard"], "1 player: Rummikub is for 2-4 players"),
        (["--players", "hard,easy,easy,easy,easy"], "5 players: Rummikub is for 2-4 players"),
        (["--players", "no_such_module:X,easy"], "cannot import 'no_such_module'"),
        (["--games", "0"], "0 is not a positive number"),
        (["--games", "lots"], "'lots' is not a whole number"),
        (["--jobs", "0"], "0 is not a positive number"),
    ],
)
def test_arena_refuses_bad_arguments_clearly(args, message):
    done = run(*args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
