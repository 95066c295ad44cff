"""Start-up of the web game against a bare worker page, side by side in one run, in headless
Chromium.

    python bench/bench_startup.py [--loads 5] [--devices desktop,pixel7] [--modes cold,warm]
                                  [--phone-cpu 1] [--dist dist] [--trace]

The floor is `floor.html` in the same dist/: a bare page that only starts the same self-hosted
Pyodide in a worker. For every device (a 1280x800 desktop, Playwright's Pixel 7 emulation) and
mode (cold: a new browser profile, nothing cached; warm: reloaded once the service worker holds
every file), each load of the game is followed by a load of the floor, so both see the same
machine. A load of the game taps a start-screen choice every 50 ms from the first paint until
the page answers, presses Start at once, and plays the first hand against `hard` by clicks.

Printed, medians over the loads, in ms after navigation:
- tap answered: when a tap on the start screen first got visible feedback (target: <= 1000 cold);
- first hand: when the first hand could be played (the table dealt), and the same for the
  floor (Pyodide ready in its worker), with their ratio (target: <= 1.15);
- longest task: the longest main-thread task (PerformanceObserver "longtask") from navigation
  to the end of the first hand, and during the floor's load (target: <= 250);
then the computer's decisions measured in the worker (median, p95, max), and the bytes shipped.
With --trace, each load is also traced in Chromium until its first hand (or the floor's
Pyodide) and a second table says where the time went: when the worker's Pyodide start (its
longest task) begins and how long it runs, and how busy the main thread, the worker and the
compositor were until then.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import threading
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
# Debian's Chromium, or the one RUMMY_CHROMIUM names; when missing, Playwright's own (dev.sh
# installs it).
CHROMIUM = Path(os.environ.get("RUMMY_CHROMIUM") or "/usr/bin/chromium")
ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
] + (["--no-sandbox"] if os.geteuid() == 0 else [])
DEVICES = {"desktop": None, "pixel7": "Pixel 7"}
PLAYABLE = ("upcard", "draw", "discard", "opponent")
TIMEOUT = 180_000

# Run before the page's own scripts: record long tasks from the navigation on, and tap a choice
# of the start screen every 50 ms until the page answers (its aria-pressed turns true).
PROBE = """
window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
if (location.pathname.endsWith("/") || location.pathname.endsWith("index.html")) {
  // The warming visit's choice, dropped: painted pressed at once (first-paint.js), it would
  // pass for a tap the DOM layer answered.
  localStorage.removeItem("rummy-table/prefs");
  const tapping = setInterval(() => {
    const choice = document.querySelector("[data-testid=level-hard]");
    if (!choice) return;
    if (choice.getAttribute("aria-pressed") === "true") {
      window.benchTapAnswered = performance.now();
      clearInterval(tapping);
      return;
    }
    choice.click();
  }, 50);
}
"""


def _build_module():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def served_browser(dist: Path | None, prefix: str):
    """Chromium and the address of `dist` served on a free port (a dist/ built in a temporary
    folder named from `prefix` when `dist` is None), for the benches that play inside the page;
    both closed afterwards."""
    from playwright.sync_api import sync_playwright

    build = _build_module()
    dist = dist or build.build(Path(tempfile.mkdtemp(prefix=prefix)) / "dist")
    server = build.serve(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            launch = {
                "args": ARGS,
                **({"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}),
            }
            browser = playwright.chromium.launch(**launch)
            try:
                yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def _context(browser, playwright, device: str, cpu: float):
    name = DEVICES[device]
    options = (
        {k: v for k, v in playwright.devices[name].items() if k != "default_browser_type"}
        if name
        else {"viewport": {"width": 1280, "height": 800}}
    )
    context = browser.new_context(**options, locale="en-US")
    context.add_init_script(PROBE)
    if device != "desktop" and cpu > 1:
        context.on(
            "page",
            lambda page: context.new_cdp_session(page).send(
                "Emulation.setCPUThrottlingRate", {"rate": cpu}
            ),
        )
    return context


def _warmed(context, base: str):
    """A page of `context` whose service worker holds every file (the first visit's)."""
    page = context.new_page()
    page.goto(base + "index.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=TIMEOUT)
    page.evaluate("caches.keys()")  # the install finished before it took control
    return page


def _play_first_hand(page) -> None:
    """The first hand by clicks: pass the upcard, draw from the stock, knock when offered, else
    discard the last card shown; the computer (hard) thinks in the worker meanwhile."""
    idle = "!document.body.dataset.busy"
    for _ in range(400):
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("settle", "match-over"):
            return
        if phase == "opponent":
            page.wait_for_function("document.body.dataset.phase !== 'opponent'", timeout=TIMEOUT)
            continue
        if phase == "upcard":
            page.click("[data-testid=pass-upcard]")
        elif phase == "draw":
            page.click("[data-testid=stock]")
        else:
            card = page.locator("#hand [data-card]").last
            card.click()
            page.wait_for_function(idle, timeout=TIMEOUT)
            knock = page.get_by_test_id("knock")
            (knock if knock.get_attribute("aria-disabled") == "false" else card).click()
        page.wait_for_function(idle, timeout=TIMEOUT)
    raise RuntimeError("the first hand did not end")


def _game(page, base: str, trace) -> dict[str, float]:
    trace.start(page)
    page.goto(base + "index.html?fast&seed=11")
    page.wait_for_function("window.benchTapAnswered !== undefined", timeout=TIMEOUT, polling="raf")
    tapped = page.evaluate("window.benchTapAnswered")
    page.click("[data-testid=start]")  # queued if the engine is not ready yet, as a person would
    page.wait_for_function(
        f"{json.dumps(PLAYABLE)}.includes(document.body.dataset.phase)",
        timeout=TIMEOUT,
        polling="raf",
    )
    playable = page.evaluate("performance.now()")
    threads = trace.stop(playable)
    _play_first_hand(page)
    return {
        "tap": tapped,
        "ready": playable,
        "longest": max(page.evaluate("window.benchLongTasks"), default=0),
        "decisions": page.evaluate("Array.from(window.rummyDecisionMs)"),
        **threads,
    }


def _floor(page, base: str, trace) -> dict[str, float]:
    trace.start(page)
    page.goto(base + "floor.html")
    page.wait_for_function(
        "document.body.dataset.phase === 'start'", timeout=TIMEOUT, polling="raf"
    )
    ready = page.evaluate("performance.now()")
    return {
        "ready": ready,
        "longest": max(page.evaluate("window.benchLongTasks"), default=0),
        **trace.stop(ready),
    }


TRACE_CATEGORIES = ("blink.user_timing", "toplevel", "disabled-by-default-devtools.timeline")
TRACE_THREADS = {
    "main": ("CrRendererMain",),
    "worker": ("DedicatedWorker thread",),
    "compositor": ("Compositor", "VizCompositorThread"),
}


class Trace:
    """With --trace, a Chromium trace of each load from navigation to the first hand (or the
    floor's Pyodide), read into where the time went: when the worker starts Pyodide's own start
    (its longest task, the floor's whole critical path) and how long that task runs, and the
    busy time of the page's main thread, the worker and the compositor."""

    def __init__(self, browser, on: bool):
        self.browser, self.on = browser, on

    def start(self, page) -> None:
        if self.on:
            self.browser.start_tracing(page=page, categories=list(TRACE_CATEGORIES))

    def stop(self, ready: float) -> dict[str, float]:
        if not self.on:
            return {}
        events = json.loads(self.browser.stop_tracing())["traceEvents"]
        return self.read(events, ready)

    @staticmethod
    def read(events: list[dict], ready: float) -> dict[str, float]:
        names = {
            (e["pid"], e["tid"]): e["args"]["name"]
            for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"
        }
        origin = min(e["ts"] for e in events if e.get("name") == "navigationStart")
        end = origin + ready * 1000
        tasks = [
            e
            for e in events
            if e.get("ph") == "X"
            and e.get("name") == "RunTask"
            and e.get("cat") == "disabled-by-default-devtools.timeline"
            and origin <= e["ts"] < end
        ]
        figures = {}
        for label, threads in TRACE_THREADS.items():
            figures[label + "_busy"] = (
                sum(e["dur"] for e in tasks if names.get((e["pid"], e["tid"])) in threads) / 1000
            )
        worker = [e for e in tasks if names.get((e["pid"], e["tid"])) in TRACE_THREADS["worker"]]
        if worker:
            init = max(worker, key=lambda e: e["dur"])
            figures["init_at"] = (init["ts"] - origin) / 1000
            figures["init_ms"] = init["dur"] / 1000
        return figures


def _load(
    browser, playwright, base: str, device: str, mode: str, cpu: float, which: str, trace: bool
) -> dict:
    context = _context(browser, playwright, device, cpu)
    try:
        page = _warmed(context, base) if mode == "warm" else context.new_page()
        return (_game if which == "game" else _floor)(page, base, Trace(browser, trace))
    finally:
        context.close()


def bytes_per_part(dist: Path) -> dict[str, int]:
    parts: dict[str, int] = defaultdict(int)
    for entry in json.loads((dist / "precache.json").read_text())["files"]:
        url = entry["url"].removeprefix("./")
        if url == "":  # "./" is index.html again
            continue
        part = next(
            (name for name in ("pyodide", "micropython", "pyscript") if url.startswith(name + "/")),
            "wheel" if url.endswith(".whl") else "app",
        )
        parts[part] += entry["bytes"]
    return dict(parts)


def percentile(ordered: list[float], q: float) -> float:
    return ordered[int(q * (len(ordered) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--loads", type=int, default=5, help="loads of each page per device and mode (>= 1)"
    )
    parser.add_argument(
        "--devices", default="desktop,pixel7", help="comma-separated: desktop, pixel7"
    )
    parser.add_argument("--modes", default="cold,warm", help="comma-separated: cold, warm")
    parser.add_argument(
        "--phone-cpu",
        type=float,
        default=1.0,
        help="slow the emulated phone's CPU this many times "
        "(CDP throttling; 4 ~ a mid-range phone)",
    )
    parser.add_argument(
        "--dist", type=Path, default=None, help="a built dist/ (default: build one)"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="trace each load in Chromium and print where the time went (tracing slows both pages)",
    )
    options = parser.parse_args(argv)
    devices, modes = options.devices.split(","), options.modes.split(",")
    if options.loads < 1:
        parser.error("--loads must be at least 1")
    if not set(devices) <= set(DEVICES) or not set(modes) <= {"cold", "warm"}:
        parser.error(f"--devices takes {', '.join(DEVICES)}; --modes takes cold, warm")
    from playwright.sync_api import sync_playwright

    build = _build_module()
    dist = options.dist or build.build()
    server = build.serve(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    runs: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    try:
        with sync_playwright() as playwright:
            launch = {"args": ARGS}
            if CHROMIUM.exists():
                launch["executable_path"] = str(CHROMIUM)
            browser = playwright.chromium.launch(**launch)
            for _ in range(options.loads):
                for device in devices:
                    for mode in modes:
                        for which in ("game", "floor"):
                            run = _load(
                                browser,
                                playwright,
                                base,
                                device,
                                mode,
                                options.phone_cpu,
                                which,
                                options.trace,
                            )
                            runs[(device, mode, which)].append(run)
            browser.close()
    finally:
        server.shutdown()

    print(
        f"Start-up in headless Chromium, median of {options.loads} loads each "
        "(ms after navigation):"
    )
    print(
        f"{'device':8} {'mode':5} {'tap answered':>12} {'first hand':>10} {'floor ready':>11} "
        f"{'ratio':>6} {'longest task':>12} {'floor longest':>13}"
    )
    decisions: list[float] = []
    for device in devices:
        for mode in modes:
            game, floor = runs[(device, mode, "game")], runs[(device, mode, "floor")]
            tap = median(r["tap"] for r in game)
            ready = median(r["ready"] for r in game)
            floor_ready = median(r["ready"] for r in floor)
            longest = median(r["longest"] for r in game)
            floor_longest = median(r["longest"] for r in floor)
            worst = max(r["longest"] for r in game)
            print(
                f"{device:8} {mode:5} {tap:12.0f} {ready:10.0f} {floor_ready:11.0f} "
                f"{ready / floor_ready:6.2f} {longest:12.0f} {floor_longest:13.0f}   "
                f"(longest task, worst load: {worst:.0f})"
            )
            decisions += [d for r in game for d in r["decisions"]]
    if options.trace:
        print("Where the time went (medians, ms after navigation; busy: ms of tasks until ready):")
        print(
            f"{'device':8} {'mode':5} {'page':5} {'Pyodide start at':>16} {'runs for':>8} "
            f"{'main busy':>9} {'worker busy':>11} {'compositor busy':>15}"
        )
        for device in devices:
            for mode in modes:
                for which in ("game", "floor"):
                    group = runs[(device, mode, which)]
                    cells = [
                        median(r[key] for r in group)
                        for key in (
                            "init_at",
                            "init_ms",
                            "main_busy",
                            "worker_busy",
                            "compositor_busy",
                        )
                    ]
                    print(
                        f"{device:8} {mode:5} {which:5} {cells[0]:16.0f} {cells[1]:8.0f} "
                        f"{cells[2]:9.0f} {cells[3]:11.0f} {cells[4]:15.0f}"
                    )
    ordered = sorted(decisions)
    if ordered:
        print(
            f"Computer decisions in the worker (hard, {len(ordered)} decisions): median "
            f"{median(ordered):.1f} ms, p95 {percentile(ordered, 0.95):.1f} ms, "
            f"max {ordered[-1]:.1f} ms"
        )
    parts = bytes_per_part(dist)
    total = sum(parts.values())
    print(
        "Bytes shipped: "
        + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(parts.items()))
        + f"; total {total / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
