"""Rummikub's computer decisions and hints inside the page (Pyodide, in the engine's worker),
side by side with the same work on CPython in this process, in one run.

    python bench/bench_rummikub_page.py [--games 3] [--opponents 3] [--level hard] [--seed 1]
                                        [--dist dist]

Each game is a new headless Chromium context opening the built site at test pace (`?fast`,
dealt from `--seed` plus the game's number): one round against `--opponents` computer players
of `--level`, initial meld on, no timer. The person asks for a hint every turn, plays it when
the page takes it, else draws. The page's figures are the engine times its worker reports
(`window.rummyDecisionMs`: each `act("computer")`; `window.rummyHintMs`: each `hints_model()`).
Then the game's save is replayed on CPython, and the same calls are timed at the same
positions: `RummikubSession.act("computer")` before each computer move, `hints_model()` before
each of the person's.

Printed, in ms of engine time: for decisions and hints, in the page and on CPython, the count,
p50, p95 and max; the ratio Pyodide/CPython of the medians; how many moves of the replay
differ from the page's (0: the same work was timed); and the errors the page reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from statistics import median

from bench_startup import TIMEOUT, percentile, served_browser
from rummy.rummikub.agents import LEVELS
from rummy.rummikub.match import Match
from rummy.rummikub.session import RummikubSession
from rummy.sessions import COMPUTER_MOVE

SAVE = "rummy-table/rummikub/save"
IDLE = "!document.body.dataset.busy"
OVER = ("round-over", "game-over")


def press(page, testid: str) -> None:
    """Click a control, then wait until the page has done what it started."""
    page.get_by_test_id(testid).click()
    page.wait_for_function(IDLE, timeout=TIMEOUT)


def start_game(page, base: str, seed: int, opponents: int, level: str) -> None:
    page.goto(f"{base}index.html?fast&seed={seed}")
    page.wait_for_function(f"document.body.dataset.phase !== 'loading' && {IDLE}", timeout=TIMEOUT)
    for testid in (
        "game-rummikub",
        f"rk-opponents-{opponents}",
        f"rk-level-{level}",
        "rk-length-rounds-1",
        "rk-meld-on",
        "rk-timer-off",
        "start",
    ):
        press(page, testid)


def take_turn(page) -> None:
    """The person plays the hint's move when the page takes it, else draws."""
    press(page, "rk-hint")
    if page.get_by_test_id("rk-hint-apply").count():
        press(page, "rk-hint-apply")
    done = page.get_by_test_id("rk-done").get_attribute("aria-disabled") == "false"
    press(page, "rk-done" if done else "rk-draw")


def play_round(page) -> None:
    for _ in range(1000):
        phase = page.evaluate("document.body.dataset.phase")
        if phase in OVER:
            return
        if phase == "opponent":
            page.wait_for_function("document.body.dataset.phase !== 'opponent'", timeout=TIMEOUT)
        elif phase == "play":
            take_turn(page)
        else:
            raise RuntimeError(f"the page shows {phase!r} in the middle of a round")
    raise RuntimeError("the round did not end")


def page_game(browser, base: str, seed: int, options, errors: list[str]) -> dict:
    """One game in a fresh context: the worker's times and the save it left."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.on(
            "console",
            lambda m: m.type == "error" and errors.append(f"game {seed}, console: {m.text}"),
        )
        page.on("pageerror", lambda e: errors.append(f"game {seed}, page error: {e}"))
        start_game(page, base, seed, options.opponents, options.level)
        play_round(page)
        return {
            "decisions": page.evaluate("Array.from(window.rummyDecisionMs)"),
            "hints": page.evaluate("Array.from(window.rummyHintMs)"),
            "save": json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')")),
        }
    finally:
        context.close()


def positions(session: RummikubSession):
    """The saved game before each of its moves: (the session then, the move played)."""
    saved = session.match
    match = Match.start(saved.rules, saved.seed, saved.first_dealer)
    for number, played in enumerate(saved.rounds):
        if number:
            match = match.next_round()
        for action in played.actions:
            yield replace(session, match=match), action
            match = match.apply(action)


def cpython_times(save: dict) -> dict:
    """The worker's calls at the same positions, timed here; `differ`: computer moves that are
    not the page's."""
    times = {"decisions": [], "hints": [], "differ": 0}
    for session, action in positions(RummikubSession.restore(save)):
        began = time.perf_counter()
        if session.match.round.to_move == session.seat:
            session.hints_model()
            times["hints"].append(1000 * (time.perf_counter() - began))
        else:
            after = session.act(COMPUTER_MOVE)
            times["decisions"].append(1000 * (time.perf_counter() - began))
            times["differ"] += after.match.round.actions[-1] != action
    return times


def row(kind: str, where: str, times: list[float]) -> str:
    ordered = sorted(times)
    if not ordered:
        return f"{kind:9} {where:7} {0:6d}"
    return (
        f"{kind:9} {where:7} {len(ordered):6d} {median(ordered):8.1f} "
        f"{percentile(ordered, 0.95):8.1f} {ordered[-1]:8.1f}"
    )


def report(page_runs: list[dict], cpython_runs: list[dict], options, errors: list[str]) -> None:
    print(
        f"Rummikub, {options.games} games of one round against {options.opponents} "
        f"{options.level} computer players (ms of engine time):"
    )
    print(f"{'kind':9} {'where':7} {'count':>6} {'p50':>8} {'p95':>8} {'max':>8}")
    ratios = []
    for kind in ("decisions", "hints"):
        in_page = [ms for run in page_runs for ms in run[kind]]
        here = [ms for run in cpython_runs for ms in run[kind]]
        print(row(kind, "Pyodide", in_page))
        print(row(kind, "CPython", here))
        if in_page and here:
            ratios.append(f"{kind} {median(in_page) / median(here):.1f}x")
    print("Pyodide/CPython, medians: " + (", ".join(ratios) or "nothing measured"))
    differ = sum(run["differ"] for run in cpython_runs)
    print(f"Replayed computer moves that differ from the page's: {differ}")
    print(f"Page errors: {len(errors) or 'none'}")
    for error in errors:
        print("  " + error[:500])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--opponents", type=int, default=3, choices=(1, 2, 3))
    parser.add_argument("--level", default="hard", choices=tuple(LEVELS))
    parser.add_argument(
        "--seed", type=int, default=1, help="the first game's seed (then seed+1, ...)"
    )
    parser.add_argument(
        "--dist", type=Path, default=None, help="a built dist/ (default: build one)"
    )
    options = parser.parse_args(argv)
    if options.games < 1:
        parser.error("--games must be at least 1")
    errors: list[str] = []
    with served_browser(options.dist, "bench-rummikub-") as (browser, base):
        page_runs = [
            page_game(browser, base, options.seed + n, options, errors)
            for n in range(options.games)
        ]
    report(page_runs, [cpython_times(run["save"]) for run in page_runs], options, errors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
