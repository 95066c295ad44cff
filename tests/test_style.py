"""The code is checked as it is written: ruff's lint rules and its formatter, and
`mypy --strict` over the engine and its worker, each configured in pyproject.toml. A violation
fails the test command rather than waiting for a reviewer's eye."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECKS = {
    "ruff lint": ("ruff", "check", "."),
    "ruff format": ("ruff", "format", "--check", "."),
    "mypy strict": ("mypy",),
}


@pytest.mark.parametrize("command", CHECKS.values(), ids=CHECKS.keys())
def test_the_checker_finds_nothing(command: tuple[str, ...]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
