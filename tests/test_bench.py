"""The benchmarks run and print their figures (plumbing, not speed); the melds and solver
benchmarks also agree with their references."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def run_bench(name, *args):
    """The lines a benchmark prints, once it has exited cleanly."""
    done = subprocess.run([sys.executable, str(BENCH / name), *args], capture_output=True, text=True, timeout=300)
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


def test_solver_benchmark_agrees_with_the_integer_program():
    lines = run_bench("bench_solver.py", "--games", "1")
    assert lines[1].startswith("solve: median") and lines[2].startswith("milp : median")
    assert "mismatches 0" in lines[3]


def test_rummikub_agents_benchmark_prints_percentiles_for_every_level():
    lines = run_bench("bench_rummikub_agents.py", "--games", "2")
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("decisions: median" in line and "p95" in line and "max" in line for line in lines)


def test_basic_agents_benchmark_prints_percentiles_for_every_level():
    lines = run_bench("bench_basic_agents.py", "--hands", "2", "--players", "3")
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("decisions: median" in line and "p95" in line and "max" in line for line in lines)
