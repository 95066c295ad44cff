"""bench/bench_rummikub_page.py runs end to end (plumbing, not speed): one small game in the
page, its save replayed on CPython, every figure printed."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_rummikub_page.py"


def test_the_rummikub_page_benchmark_prints_its_figures(dist):
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--games",
            "1",
            "--opponents",
            "1",
            "--level",
            "easy",
            "--seed",
            "75",  # a round of 17 turns each (the default seed 1's: 38)
            "--dist",
            str(dist),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    rows = {tuple(line.split()[:2]): line.split()[2:] for line in lines[2:6]}
    assert set(rows) == {
        (kind, where) for kind in ("decisions", "hints") for where in ("Pyodide", "CPython")
    }
    for kind in ("decisions", "hints"):  # the replay timed every call the page made
        assert rows[(kind, "Pyodide")][0] == rows[(kind, "CPython")][0] != "0"
        assert all(float(cell) >= 0 for cell in rows[(kind, "Pyodide")][1:])
    assert lines[6].startswith("Pyodide/CPython, medians: decisions") and "hints" in lines[6]
    assert "Replayed computer moves that differ from the page's: 0" in lines
    assert "Page errors: none" in lines
    refused = subprocess.run(
        [sys.executable, str(BENCH), "--games", "0"], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2 and "--games" in refused.stderr
