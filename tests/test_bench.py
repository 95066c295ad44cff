"""The benchmarks run and print their figures (plumbing, not speed); the melds and solver
benchmarks also agree with their references."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def run_bench(name, *args):
    """The lines a benchmark prints, once it has exited cleanly."""
    done = subprocess.run(
        [sys.executable, str(BENCH / name), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def test_melds_benchmark_prints_its_figures_with_no_mismatch():
    lines = run_bench("bench_melds.py", "--hands", "40")
    assert len(lines) == 2
    for line in lines:
        assert "us/hand" in line and "ratio" in line and line.endswith("mismatches 0")


def test_agents_benchmark_prints_percentiles_for_every_level():
    lines = run_bench("bench_agents.py", "--hands", "2")
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("median" in line and "p95" in line and "x easy" in line for line in lines)


def test_solver_benchmark_agrees_with_the_integer_program_on_played_and_random_positions():
    lines = [line.strip() for line in run_bench("bench_solver.py", "--games", "1", "--random", "3")]
    played, random = lines[:5], lines[5:]
    assert (
        "from 1 four-player rounds" in played[0] and played[4] == "solver moves the game refused 0"
    )
    assert random[0].startswith("3 positions of random legal sets")
    for part in (played, random):
        assert part[1].startswith("solve: median") and part[2].startswith("milp : median")
        assert "mismatches 0" in part[3]


def test_rummikub_agents_benchmark_prints_percentiles_for_every_level():
    lines = run_bench("bench_rummikub_agents.py", "--games", "2")
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("decisions: median" in line and "p95" in line and "max" in line for line in lines)


def test_basic_agents_benchmark_prints_percentiles_for_every_level():
    lines = run_bench("bench_basic_agents.py", "--hands", "2", "--players", "3")
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("decisions: median" in line and "p95" in line and "max" in line for line in lines)


def test_basic_turnovers_benchmark_prints_a_row_per_line_up_and_limit():
    lines = run_bench(
        "bench_basic_turnovers.py",
        "--hands",
        "2",
        "--limits",
        "0,3",
        "--players",
        "2",
        "--jobs",
        "1",
    )
    assert len(lines) == 4  # 2 line-ups x 2 limits
    assert [line.split("limit")[1].split(":")[0].strip() for line in lines] == ["0", "3", "0", "3"]
    assert all(
        "drawn" in line and "95% CI" in line and "actions per hand" in line for line in lines
    )


def test_gin_oracle_benchmark_prints_every_variant():
    lines = run_bench("bench_gin_oracle.py", "--deals", "4", "--matches", "2", "--jobs", "1")
    variants = ["hard", "knocks", "discards", "both", "discards 25%"]
    assert [line[2:15].strip() for line in lines[1:6]] == variants
    assert [line[2:15].strip() for line in lines[7:12]] == variants
    assert all("match wins" in line for line in lines[7:12])


def test_gin_oracle_sees_the_opponents_true_hand_from_the_spy():
    """The oracle's "true hand" is the opponent's hand itself, or nothing (never a stale one)."""
    import importlib.util

    from rummy.cards import to_mask
    from rummy.gin import Match, Phase, preset
    from rummy.gin.agents.knowledge import Knowledge

    spec = importlib.util.spec_from_file_location("bench_gin_oracle", BENCH / "bench_gin_oracle.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    seen = blind = 0
    for seed in range(6):
        oracle_of, spy_of = bench.players("both", "easy" if seed % 2 else "normal")
        agents = [oracle_of(seed), spy_of(seed)]
        match = Match.start(preset("pagat"), seed)
        while not match.is_over:
            if match.round.is_over:
                match = match.next_round()
            view = match.view(match.round.to_move)
            if view.seat == 0 and view.phase is Phase.DISCARD:
                truth = agents[0]._true_deal(view, Knowledge.of(view))
                if truth is None:
                    blind += 1
                else:
                    assert truth[0].opponent == to_mask(match.round.hands[1])
                    seen += 1
            match = match.apply(agents[view.seat].act(view))
    assert seen > 10 * blind > 0


def test_links_benchmark_prints_link_lengths_and_times_for_every_game():
    lines = run_bench("bench_links.py", "--gin", "3", "--basic", "2", "--rummikub", "1")
    assert [line.split(":")[0] for line in lines] == ["gin", "basic", "rummikub"]
    assert all(
        "link median" in line and "characters" in line and "encode+decode+replay median" in line
        for line in lines
    )


def test_the_pass_device_benchmark_times_the_cover_from_a_move_and_the_table_from_the_reveal():
    sys.path.insert(0, str(BENCH))
    try:
        from bench_pass_device import kind_of, waits
    finally:
        sys.path.remove(str(BENCH))
    clicks = [[10, "start"], [100, "pass-device-reveal"], [200, "stock"], [240, "discard"]]
    phases = [[0, "start"], [20, "pass-device"], [130, "draw"], [210, "discard"]]
    phases += [[260, "pass-device"]]
    assert waits(clicks, phases) == {"cover": [20], "reveal": [30]}  # the deal's cover is not one
    assert [kind_of(code, "pass-device") for code in ("discard 7S", "reveal", "computer")] == [
        "cover",
        "reveal",
        None,
    ]
    assert kind_of("stock", "discard") is None
