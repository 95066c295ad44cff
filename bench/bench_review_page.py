"""The review of a finished hand inside the page (the engine's worker, Pyodide), side by side
with the same review on CPython in this process, in one run, for every game.

    python bench/bench_review_page.py [--hands 3] [--seed 1] [--dist dist]

For each game (gin, Basic Rummy, Rummikub), `--hands` hands, each in a new headless Chromium
context opening the built site at test pace (`?fast`, dealt from `--seed` plus the hand's
number), against one easy computer player: the person plays a simple hand by clicks (gin: pass,
draw from the stock, knock when offered, else discard the last card; Basic Rummy: draw from
the stock, put down a meld the page offers, else discard the last card; Rummikub, initial meld
on: the hint's move at every other turn, else a draw, so some turns cost). Then "Review this
hand" is pressed, and the page's figure is the time from the press until the review is whole
(`review-summary[data-whole=true]`), as the person waits for it: the worker's slices and the
page drawing each one. The longest main-thread task (PerformanceObserver "longtask") that
overlaps that time is kept: the page must stay live while the worker reviews (target < 200 ms).
The CPython figure is the same requests answered here: the hand's save restored and
`review_model` asked slice by slice, as the worker is asked.

Printed, per game: the hands' decisions, the review per hand in the page and on CPython (ms,
p50, p95, max), the ratio page/CPython of the medians, and the longest main-thread task; then
how many reviews the page kept that differ from CPython's (0: the same work was timed), the
longest task of all against its target, and the errors the page reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from statistics import median

from bench_startup import TIMEOUT, percentile, served_browser
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession

GAMES = {"gin": GinSession, "basic": BasicSession, "rummikub": RummikubSession}
OVER = {
    "gin": ("settle", "match-over"),
    "basic": ("hand-over", "game-over"),
    "rummikub": ("round-over", "game-over"),
}
STARTS = {
    "gin": ("game-gin", "target-50", "level-easy"),
    "basic": ("game-basic", "opponents-1", "length-hands-1", "basic-level-easy"),
    "rummikub": (
        "game-rummikub",
        "rk-opponents-1",
        "rk-level-easy",
        "rk-length-rounds-1",
        "rk-meld-on",
        "rk-timer-off",
    ),
}
LONG_TASK_TARGET = 200
IDLE = "!document.body.dataset.busy"

# Run before the page's own scripts: record every long task with its start.
PROBE = """
window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.benchLongTasks.push([entry.startTime, entry.duration]);
  }
}).observe({ type: "longtask", buffered: true });
"""
# Press "Review this hand" and note, in the page's clock, when it was pressed and when the
# review turned whole.
REVIEW = """() => {
  const summary = document.querySelector("[data-testid=review-summary]");
  window.benchReviewDone = undefined;
  new MutationObserver((changes, observer) => {
    if (summary.dataset.whole === "true") {
      window.benchReviewDone = performance.now();
      observer.disconnect();
    }
  }).observe(summary, { attributes: true, attributeFilter: ["data-whole"] });
  window.benchReviewAt = performance.now();
  document.querySelector("[data-testid=review]").click();
}"""


def press(page, target: str) -> None:
    """Click a control (a test id, or a locator's selector), then wait until the page is idle."""
    page.click(target if target.startswith(("#", "[")) else f"[data-testid={target}]")
    page.wait_for_function(IDLE, timeout=TIMEOUT)


def gin_turn(page, phase: str, turn: int) -> None:
    if phase == "upcard":
        press(page, "pass-upcard")
    elif phase == "draw":
        press(page, "stock")
    else:
        press(page, "#hand [data-card] >> nth=-1")
        knock = page.get_by_test_id("knock").get_attribute("aria-disabled") == "false"
        press(page, "knock" if knock else "#hand [data-card] >> nth=-1")


def basic_turn(page, phase: str, turn: int) -> None:
    if phase == "draw":
        press(page, "basic-stock")
    elif page.get_by_test_id("meld-offer").count():
        press(page, "[data-testid=meld-offer] >> nth=0")  # one tap melds it
    else:
        press(page, "#basic-hand [data-card] >> nth=-1")
        press(page, "basic-discard")


def rummikub_turn(page, phase: str, turn: int) -> None:
    if turn % 2:
        press(page, "rk-draw")
        return
    press(page, "rk-hint")
    if page.get_by_test_id("rk-hint-apply").count():
        press(page, "rk-hint-apply")
    done = page.get_by_test_id("rk-done").get_attribute("aria-disabled") == "false"
    press(page, "rk-done" if done else "rk-draw")


TURNS = {"gin": gin_turn, "basic": basic_turn, "rummikub": rummikub_turn}


def play_hand(page, game: str) -> None:
    """The hand to its end, the person's turns by TURNS; at a table people share, the cover's
    button tapped whenever it shows."""
    turn = 0
    for _ in range(2000):
        phase = page.evaluate("document.body.dataset.phase")
        if phase in OVER[game]:
            return
        if phase == "pass-device":
            press(page, "pass-device-reveal")
            continue
        if phase == "opponent":
            page.wait_for_function("document.body.dataset.phase !== 'opponent'", timeout=TIMEOUT)
            continue
        TURNS[game](page, phase, turn)
        turn += 1
    raise RuntimeError(f"the {game} hand did not end")


@contextmanager
def opened(browser, base: str, game: str, seed: int, errors: list[str], probe: str):
    """A page of the site at test pace, dealt from `seed`, in a fresh desktop context running
    `probe` before the page's scripts, once it is loaded; its errors go to `errors`."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    context.add_init_script(probe)
    try:
        page = context.new_page()
        page.on(
            "console",
            lambda m: m.type == "error" and errors.append(f"{game} {seed}, console: {m.text}"),
        )
        page.on("pageerror", lambda e: errors.append(f"{game} {seed}, page error: {e}"))
        page.goto(f"{base}index.html?fast&seed={seed}")
        page.wait_for_function(
            f"document.body.dataset.phase !== 'loading' && {IDLE}", timeout=TIMEOUT
        )
        yield page
    finally:
        context.close()


def page_hand(browser, base: str, game: str, seed: int, errors: list[str]) -> dict:
    """One hand in a fresh context, then its review: the time it took, the longest main-thread
    task meanwhile, the review the page kept and the save it left."""
    with opened(browser, base, game, seed, errors, PROBE) as page:
        for testid in STARTS[game] + ("start",):
            press(page, testid)
        play_hand(page, game)
        page.evaluate(REVIEW)
        page.wait_for_function("window.benchReviewDone !== undefined", timeout=TIMEOUT)
        began, ended = page.evaluate("[window.benchReviewAt, window.benchReviewDone]")
        tasks = page.evaluate("window.benchLongTasks")
        longest = max(
            (length for start, length in tasks if start < ended and start + length > began),
            default=0,
        )
        return {
            "ms": ended - began,
            "longest": longest,
            "long_tasks": len(tasks),
            "kept": json.loads(page.evaluate(f"localStorage.getItem('rummy-table/{game}/review')")),
            "save": json.loads(page.evaluate(f"localStorage.getItem('rummy-table/{game}/save')")),
        }


def cpython_review(game: str, save: dict) -> tuple[float, list[dict]]:
    """The worker's review requests for the saved hand, answered here: ms, and the decisions."""
    session = GAMES[game].restore(save)
    began = time.perf_counter()
    decisions, first = [], 0
    while first is not None:
        answer = session.review_model(first)
        decisions += answer["decisions"]
        first = answer["next"]
    return 1000 * (time.perf_counter() - began), decisions


def cells(times: list[float]) -> str:
    ordered = sorted(times)
    return f"{median(ordered):8.0f} {percentile(ordered, 0.95):8.0f} {ordered[-1]:8.0f}"


def report(runs: dict[str, list[dict]], options, errors: list[str]) -> None:
    print(
        f"Reviewing a finished hand, {options.hands} hands per game against one easy computer "
        "player (ms per hand; page: from the button to the whole review):"
    )
    print(
        f"{'game':9} {'decisions':>9} {'page p50':>8} {'p95':>8} {'max':>8} "
        f"{'CPy p50':>8} {'p95':>8} {'max':>8} {'ratio':>6} {'longest task':>12}"
    )
    differ = 0
    for game, hands in runs.items():
        in_page = [hand["ms"] for hand in hands]
        here = [hand["cpython_ms"] for hand in hands]
        decisions = sum(len(hand["cpython"]) for hand in hands)
        differ += sum(
            json.loads(json.dumps(hand["cpython"])) != (hand["kept"] or {}).get("decisions")
            for hand in hands
        )
        longest = max(hand["longest"] for hand in hands)
        print(
            f"{game:9} {decisions:9d} {cells(in_page)} {cells(here)} "
            f"{median(in_page) / max(median(here), 1e-3):5.1f}x {longest:12.0f}"
        )
    worst = max(hand["longest"] for hands in runs.values() for hand in hands)
    print(f"Reviews the page kept that differ from CPython's: {differ}")
    observed = sum(hand["long_tasks"] for hands in runs.values() for hand in hands)
    print(
        f"Longest main-thread task during a review: {worst:.0f} ms (target < {LONG_TASK_TARGET}: "
        f"{'met' if worst < LONG_TASK_TARGET else 'MISSED'}; "
        f"long tasks observed over the visits: {observed})"
    )
    print(f"Page errors: {len(errors) or 'none'}")
    for error in errors:
        print("  " + error[:500])


def parse(argv: list[str] | None, description: str, hands: int, what: str):
    """The options of a bench of hands in the page: `--hands` (`hands` by default, of `what`),
    `--seed`, `--dist`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--hands", type=int, default=hands, help=f"{what} per game (>= 1)")
    parser.add_argument(
        "--seed", type=int, default=1, help="the first hand's seed (then seed+1, ...)"
    )
    parser.add_argument(
        "--dist", type=Path, default=None, help="a built dist/ (default: build one)"
    )
    options = parser.parse_args(argv)
    if options.hands < 1:
        parser.error("--hands must be at least 1")
    return options


def hands_in_pages(options, prefix: str, page_hand, errors: list[str]) -> dict[str, list[dict]]:
    """`page_hand(browser, base, game, seed, errors)` for `options.hands` hands of each game
    (seeds from `options.seed`), on the site served from a dist/ built in `prefix`'s folder."""
    with served_browser(options.dist, prefix) as (browser, base):
        return {
            game: [
                page_hand(browser, base, game, options.seed + n, errors)
                for n in range(options.hands)
            ]
            for game in GAMES
        }


def main(argv: list[str] | None = None) -> int:
    options = parse(argv, __doc__.splitlines()[0], 3, "hands reviewed")
    errors: list[str] = []
    runs = hands_in_pages(options, "bench-review-", page_hand, errors)
    for game, hands in runs.items():
        for hand in hands:
            hand["cpython_ms"], hand["cpython"] = cpython_review(game, hand["save"])
    report(runs, options, errors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
