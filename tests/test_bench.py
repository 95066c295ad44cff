"""The melds benchmark runs and agrees with the exhaustive reference (plumbing, not speed)."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_melds.py"


def test_melds_benchmark_prints_its_figures_with_no_mismatch():
    done = subprocess.run(
        [sys.executable, str(BENCH), "--hands", "40"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        assert "us/hand" in line and "ratio" in line and line.endswith("mismatches 0")


def test_agents_benchmark_prints_percentiles_for_every_level():
    bench = BENCH.parent / "bench_agents.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--hands", "2"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["easy", "normal", "hard"]
    assert all("median" in line and "p95" in line and "x easy" in line for line in lines)


def test_solver_benchmark_agrees_with_the_integer_program():
    bench = BENCH.parent / "bench_solver.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--games", "1"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("solve: median") and lines[2].startswith("milp : median")
    assert "mismatches 0" in lines[3]


def test_rummikub_agents_benchmark_prints_percentiles_for_every_level():
    bench = BENCH.parent / "bench_rummikub_agents.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--games", "2"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["easy", "hard"]
    assert all("decisions: median" in line and "p95" in line and "max" in line for line in lines)
