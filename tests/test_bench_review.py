"""The review benchmark runs and prints its figures for every game (plumbing, not speed)."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_review.py"


def test_review_benchmark_prints_percentiles_per_hand_and_per_decision_for_every_game():
    done = subprocess.run(
        [sys.executable, str(BENCH), "--hands", "2"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "gin",
        "gin",
        "basic",
        "basic",
        "rummikub",
        "rummikub",
    ]
    assert [line.split()[2] for line in lines] == ["hands:", "decisions:"] * 3
    assert all("median" in line and "p95" in line and "max" in line for line in lines)
