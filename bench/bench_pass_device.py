"""Passing the device at a table people share, inside the page (Pyodide, in the engine's
worker), side by side with the same calls on CPython in this process, in one run.

    python bench/bench_pass_device.py [--hands 2] [--seed 1] [--dist dist]

For each game, `--hands` hands, each in a new headless Chromium context opening the built site
at test pace (`?fast`, dealt from `--seed` plus the hand's number): gin between two people,
Basic Rummy between three people and an easy computer player, Rummikub between two people and
an easy computer player. Each person plays a simple hand by clicks, and the cover's button is
tapped whenever it shows (bench_review_page's `play_hand`).

Two replies are timed, as the issue asks:
- the cover: the person's move that passes the turn on, whose reply is the public model;
- the reveal: the tap on the cover, whose reply is the person's own view (the first draw).

For each: the worker's time for the whole reply (the move, the model shown, the save and the
statistics: `reply_ms`, kept by the page in `window.rummyActs`), the same calls on CPython here
(the hand replayed from its seed with the page's codes: it must end in the page's save), the
ratio of their medians, and the time the person waits in the page: from the click to the
page drawn on the new screen (a MutationObserver on `body.dataset.phase`, which runs once the
page's work for the reply is done). Then the longest main-thread task (PerformanceObserver
"longtask") over the hands. Targets: p95 of the worker's reply <= 100 ms; every main-thread
task <= 250 ms.
"""

from __future__ import annotations

import json
import sys
import time
from statistics import median

from bench_review_page import PROBE as LONG_TASKS
from bench_review_page import hands_in_pages, opened, parse, play_hand, press
from bench_startup import percentile
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession

GAMES = {"gin": GinSession, "basic": BasicSession, "rummikub": RummikubSession}
# The start screen's choices, then each seat's kind (the person's names follow).
STARTS = {
    "gin": (("game-gin", "target-50"), ["person", "person"]),
    "basic": (
        ("game-basic", "opponents-3", "length-hands-1"),
        ["person", "person", "easy", "person"],
    ),
    "rummikub": (
        ("game-rummikub", "rk-opponents-2", "rk-length-rounds-1", "rk-meld-on", "rk-timer-off"),
        ["person", "easy", "person"],
    ),
}
NAMES = ("Ann", "Bo", "Cy", "Di")
REPLY_TARGET = 100
TASK_TARGET = 250
# Run before the page's own scripts: every long task (bench_review_page's probe), every click,
# every change of phase, each with its time in the page's clock.
PROBE = (
    LONG_TASKS
    + """
window.benchClicks = [];
window.benchPhases = [];
document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-testid]");
  window.benchClicks.push([performance.now(), target ? target.dataset.testid : ""]);
}, true);
new MutationObserver(() => {
  const phase = document.body.dataset.phase;
  const last = window.benchPhases[window.benchPhases.length - 1];
  if (!last || last[1] !== phase) window.benchPhases.push([performance.now(), phase]);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-phase"] });
"""
)


def waits(clicks: list[list], phases: list[list]) -> dict[str, list[float]]:
    """From the page's clicks and changes of phase: how long after a click the cover showed
    (a person's move), and the person's table after the cover's button."""
    found: dict[str, list[float]] = {"cover": [], "reveal": []}
    for (at, phase), (_, before) in zip(phases[1:], phases, strict=False):
        clicked = [click for click in clicks if click[0] <= at]
        if not clicked:
            continue
        when, testid = clicked[-1]
        if phase == "pass-device" and testid not in ("start", "pass-device-reveal"):
            found["cover"].append(at - when)
        elif before == "pass-device" and testid == "pass-device-reveal":
            found["reveal"].append(at - when)
    return found


def page_hand(browser, base: str, game: str, seed: int, errors: list[str]) -> dict:
    """One shared hand in a fresh context: the worker's replies, the waits, the long tasks and
    the save it left."""
    with opened(browser, base, game, seed, errors, PROBE) as page:
        choices, kinds = STARTS[game]
        for testid in choices:
            press(page, testid)
        for seat, kind in enumerate(kinds):
            page.get_by_test_id(f"seat-{seat}").select_option(kind)
            if kind == "person":
                page.get_by_test_id(f"seat-{seat}-name").fill(NAMES[seat])
        press(page, "start")
        play_hand(page, game)
        return {
            "acts": [json.loads(act) for act in page.evaluate("Array.from(window.rummyActs)")],
            "waits": waits(page.evaluate("benchClicks"), page.evaluate("benchPhases")),
            "tasks": page.evaluate("benchLongTasks"),
            "save": json.loads(page.evaluate(f"localStorage.getItem('rummy-table/{game}/save')")),
        }


def cpython_replies(game: str, seed: int, hand: dict) -> tuple[dict[str, list[float]], bool]:
    """The page's codes replayed here from the hand's seed, each reply built as the worker
    builds it (the move, the model shown, the save, the statistics), timed by kind; and whether
    the replay ends in the page's save (the same work was timed)."""
    cls = GAMES[game]
    session = cls.create(hand["save"]["settings"], seed)
    times: dict[str, list[float]] = {"cover": [], "reveal": []}
    for code, *_ in hand["acts"]:
        began = time.perf_counter()
        after = session.act(code)
        if not isinstance(after, cls):
            return times, False
        session = after
        json.dumps([session.shown_model(), session.save(), session.statistics()])
        ms = 1000 * (time.perf_counter() - began)
        kind = kind_of(code, session.shown_model()["screen"])
        if kind:
            times[kind].append(ms)
    return times, session.save() == hand["save"]


def kind_of(code: str, screen: str) -> str | None:
    """Which timed reply a move's is: the reveal, or a person's move that shows the cover."""
    if code == "reveal":
        return "reveal"
    if screen == "pass-device" and code != "computer":
        return "cover"
    return None


def cells(times: list[float]) -> str:
    if not times:
        return f"{'-':>7} {'-':>7} {'-':>7}"
    ordered = sorted(times)
    return f"{median(ordered):7.1f} {percentile(ordered, 0.95):7.1f} {ordered[-1]:7.1f}"


def report(runs: dict[str, list[dict]], options, errors: list[str]) -> bool:
    print(
        f"Passing the device, {options.hands} shared hands per game (ms; worker: the whole "
        "reply; CPython: the same replies here; page: from the click to the new screen drawn):"
    )
    print(
        f"{'game':9} {'reply':7} {'n':>4} {'worker p50':>10} {'p95':>7} {'max':>7} "
        f"{'CPy p50':>8} {'p95':>7} {'max':>7} {'ratio':>6} {'page p50':>9} {'p95':>7} {'max':>7}"
    )
    worst_p95, same = 0.0, True
    for game, hands in runs.items():
        for kind in ("cover", "reveal"):
            worker = [
                act[2] for hand in hands for act in hand["acts"] if kind_of(act[0], act[3]) == kind
            ]
            here = [ms for hand in hands for ms in hand["cpython"][kind]]
            waited = [ms for hand in hands for ms in hand["waits"][kind]]
            if worker:
                worst_p95 = max(worst_p95, percentile(sorted(worker), 0.95))
            ratio = median(worker) / max(median(here), 1e-3) if worker and here else 0.0
            print(
                f"{game:9} {kind:7} {len(worker):4d} {cells(worker):>26} {cells(here)} "
                f"{ratio:5.1f}x {cells(waited)}"
            )
        same = same and all(hand["same"] for hand in hands)
    longest = max(
        (length for hands in runs.values() for h in hands for _, length in h["tasks"]), default=0
    )
    print(f"Replays on CPython that end in the page's save: {'all' if same else 'NOT ALL'}")
    print(
        f"Worst p95 of the worker's replies: {worst_p95:.1f} ms (target <= {REPLY_TARGET}: "
        f"{'met' if worst_p95 <= REPLY_TARGET else 'MISSED'})"
    )
    print(
        f"Longest main-thread task: {longest:.0f} ms (target <= {TASK_TARGET}: "
        f"{'met' if longest <= TASK_TARGET else 'MISSED'})"
    )
    print(f"Page errors: {len(errors) or 'none'}")
    for error in errors:
        print("  " + error[:500])
    return same and not errors


def main(argv: list[str] | None = None) -> int:
    options = parse(argv, __doc__.splitlines()[0], 2, "shared hands")
    errors: list[str] = []
    runs = hands_in_pages(options, "bench-pass-", page_hand, errors)
    for game, hands in runs.items():
        for n, hand in enumerate(hands):
            hand["cpython"], hand["same"] = cpython_replies(game, options.seed + n, hand)
    return 0 if report(runs, options, errors) else 1


if __name__ == "__main__":
    sys.exit(main())
