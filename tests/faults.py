"""Faults planted in the engine on purpose, to show the suite still catches each one.

    python tests/faults.py [NAME ...]    (in the project's environment: .venv/bin/python)

Each fault is one edit of one engine file. For each, the engine is copied to a temporary folder,
the edit made there, and the tests without the browser (`tests/`, less `e2e/` and `web/`, which
do not test the engine's rules) run against that copy (PYTHONPATH first), stopping at the first
failure; the fault is caught when a test fails, and the first test that failed is printed. The
checkout itself is never edited. A fault whose text is no longer in its file is reported as
stale: the engine moved, and the fault must be written again. tests/README.md lists the
results; the command exits 1 unless every fault was caught.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Fault:
    name: str
    what: str  # the bug, in words
    path: str  # under engine/rummy/
    old: str  # found exactly once
    new: str


FAULTS = (
    # the five the conformance test was first shown to catch: one of each of its checks
    Fault(
        "lost-card",
        "gin: a stock draw takes two cards off the stock",
        "gin/round.py",
        "stock=self.stock[1:],",
        "stock=self.stock[2:],",
    ),
    Fault(
        "out-of-turn",
        "gin: any seat's action is taken, whoever is to play",
        "gin/round.py",
        "if action.seat != self.to_move:",
        "if action.seat not in (0, 1):",
    ),
    Fault(
        "peek-drawn",
        "gin: a seat's view shows the card the opponent drew from the stock",
        "gin/view.py",
        "drawn=hand.drawn if mine else None,",
        "drawn=hand.drawn,",
    ),
    Fault(
        "knock-code",
        "gin: a knock's code in the record loses its card",
        "gin/actions.py",
        'return f"{code} {action.card}" if isinstance(action, (Discard, Knock)) else code',
        'return f"{code} {action.card}" if isinstance(action, Discard) else code',
    ),
    Fault(
        "rummikub-draw",
        "Rummikub: a draw takes one tile more off the pool than it gives",
        "rummikub/round.py",
        "pool=self.pool[count:]",
        "pool=self.pool[count + 1 :]",
    ),
    # agents
    Fault(
        "easy-illegal",
        "gin easy: discards from all its cards, the one just taken from the pile too",
        "gin/agents/easy.py",
        "options = [a for a in view.legal_actions if isinstance(a, Discard)]",
        "options = [Discard(view.seat, c) for c in view.hand]",
    ),
    Fault(
        "stock-one-branch",
        "Basic Rummy's stock read-back: tries the pile branch first and the stock only if it "
        "found nothing (a bug the read-back once had)",
        "basic/agents/history.py",
        "if len(found) < 2 and drawn is not None:",
        "if not found and drawn is not None:",
    ),
    # the solver
    Fault(
        "solver-few-runs",
        "Rummikub solver: at most one new run fewer may start at a number",
        "rummikub/solver.py",
        "for started in range(3 + jokers_left if going_on == long else 1):",
        "for started in range(2 + jokers_left if going_on == long else 1):",
    ),
    # settlement
    Fault(
        "no-undercut-bonus",
        "gin: an undercut scores without its bonus",
        "gin/settle.py",
        "knocker_deadwood - defender_deadwood + rules.undercut_bonus",
        "knocker_deadwood - defender_deadwood",
    ),
    Fault(
        "tie-rule-flipped",
        "gin: a tie is an undercut exactly when the rules say it is not",
        "gin/settle.py",
        "defender_deadwood == knocker_deadwood and rules.tie_is_undercut",
        "defender_deadwood == knocker_deadwood and not rules.tie_is_undercut",
    ),
    Fault(
        "rummy-not-doubled",
        "Basic Rummy: going rummy never doubles, whatever the rules",
        "basic/round.py",
        "if rummy and self.rules.rummy_doubles:",
        "if rummy and self.rules.rummy_doubles and False:",
    ),
)

FAILED_RE = re.compile(r"^FAILED (.+?)(?: - .*)?$", re.MULTILINE)  # a test id may hold spaces


def run(fault: Fault) -> tuple[str, str]:
    """(outcome, the first test that failed): outcome "caught", "missed" or "stale"."""
    with tempfile.TemporaryDirectory(prefix="rummy-fault-") as scratch:
        engine = Path(scratch) / "engine"
        shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__"))
        target = engine / "rummy" / fault.path
        text = target.read_text("utf-8")
        if text.count(fault.old) != 1:
            return "stale", ""
        target.write_text(text.replace(fault.old, fault.new), "utf-8")
        env = {**os.environ, "PYTHONPATH": str(engine), "PYTHONDONTWRITEBYTECODE": "1"}
        args = ["tests", "--ignore=tests/e2e", "--ignore=tests/web", "-x", "-q", "-p"]
        done = subprocess.run(
            [sys.executable, "-m", "pytest", *args, "no:cacheprovider", "--durations=0"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        first = FAILED_RE.search(done.stdout)
        if done.returncode == 0:
            return "missed", ""
        return "caught", first.group(1) if first else f"(pytest exit {done.returncode})"


def main(argv: list[str]) -> int:
    chosen = [f for f in FAULTS if not argv or f.name in argv]
    if argv and len(chosen) != len(set(argv)):
        known = ", ".join(f.name for f in FAULTS)
        print(f"faults.py: no such fault in {argv}; known: {known}", file=sys.stderr)
        return 2
    results = []
    for fault in chosen:
        outcome, test = run(fault)
        results.append(outcome)
        print(f"| `{fault.name}` | {fault.what} | {outcome} | `{test}` |", flush=True)
    return 0 if all(r == "caught" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
