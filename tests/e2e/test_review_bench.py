"""bench/bench_review_page.py runs end to end (plumbing, not speed): one hand of every game
played and reviewed in the page, the same reviews on CPython, every figure printed."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_review_page.py"


@pytest.mark.slow
def test_the_review_page_benchmark_prints_its_figures(dist):
    done = subprocess.run(
        # seed 3: hands with 7-15 decisions each, about half the time seed 1's take
        [sys.executable, str(BENCH), "--hands", "1", "--seed", "3", "--dist", str(dist)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:5]}
    assert list(rows) == ["gin", "basic", "rummikub"]
    for cells in rows.values():
        decisions, page_ms, cpython_ms = (
            int(cells[0]),
            [float(c) for c in cells[1:4]],
            [float(c) for c in cells[4:7]],
        )
        assert decisions > 0 and all(ms > 0 for ms in page_ms + cpython_ms)
        assert cells[7].endswith("x") and float(cells[8]) >= 0
    assert "Reviews the page kept that differ from CPython's: 0" in lines
    assert (
        lines[6].startswith("Longest main-thread task during a review:")
        and "target < 200" in lines[6]
    )
    assert "Page errors: none" in lines
    refused = subprocess.run(
        [sys.executable, str(BENCH), "--hands", "0"], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2 and "--hands" in refused.stderr
