"""Start-up of the web game against the floor, alternating in one run, in headless Chromium.

    python bench/bench_startup.py [--loads 5] [--dist dist]

The floor is `floor.html` in the same dist/: a bare page that only starts the same self-hosted
Pyodide. For each load, both pages are opened cold (a new browser profile: no cache, no
service worker) and warm (reloaded once the service worker is in control), one after the other,
so both see the same machine. Then one hand against `hard` records how long each of the
computer's decisions holds the page in the browser (target: never more than 100 ms). Printed per page: the time until the start screen shows and is
usable (plain HTML, before Python), and until Python is ready, i.e. the first hand can be dealt
(`document.body.dataset.phase` leaves "loading"); the ratios of the game to the floor (target:
<= 1.2 cold and warm); and the bytes shipped per part.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import threading
from collections import defaultdict
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
READY = "document.body && document.body.dataset.phase && document.body.dataset.phase !== 'loading'"
SHOWN = "!!document.querySelector('[data-testid=start]') && document.readyState !== 'loading'"


def _build_module():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(page, url: str, shown: bool) -> tuple[float | None, float, float | None]:
    """(ms until the start screen is usable, ms until Python is ready, ms when Python began
    running app.py) after navigation start; the first and last only for the game."""
    page.goto(url)
    first = None
    if shown:
        page.wait_for_function(SHOWN, polling="raf")
        first = page.evaluate("performance.now()")
    page.wait_for_function(READY, polling="raf", timeout=120_000)
    return first, page.evaluate("performance.now()"), page.evaluate("window.rummyAppStartMs ?? null")


def _warm_context(browser, base: str):
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "index.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function(READY, timeout=120_000)
    return context, page


def _decision_times(browser, base: str, hands: int = 3) -> list[float]:
    """Play `hands` hands against hard by clicks (knock when offered, else discard the last
    card) and return the computer's decision times measured inside the page."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "index.html?fast&seed=11")
    page.wait_for_function(READY, timeout=120_000)
    page.click("[data-testid=level-hard]")
    page.click("[data-testid=start]")
    played = 0
    while played < hands:
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "upcard":
            page.click("[data-testid=pass-upcard]")
        elif phase == "draw":
            page.click("[data-testid=stock]")
        elif phase == "opponent":
            page.wait_for_function("document.body.dataset.phase !== 'opponent'", timeout=60_000)
        elif phase == "discard":
            if page.get_attribute("[data-testid=knock]", "aria-disabled") == "false":
                page.click("[data-testid=knock]")
            else:
                card = page.locator("#hand [data-card]").last
                card.click()
                card.click()
        else:
            played += 1
            page.click("[data-testid=next-hand]" if phase == "settle" else "[data-testid=rematch]")
    times = page.evaluate("Array.from(window.rummyDecisionMs)")
    context.close()
    return times


def bytes_per_part(dist: Path) -> dict[str, int]:
    parts: dict[str, int] = defaultdict(int)
    for entry in json.loads((dist / "precache.json").read_text())["files"]:
        url = entry["url"].removeprefix("./")
        if url == "":  # "./" is index.html again
            continue
        part = ("pyodide" if url.startswith("pyodide/") else "pyscript" if url.startswith("pyscript/")
                else "wheel" if url.endswith(".whl") else "app")
        parts[part] += entry["bytes"]
    return dict(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="loads of each page and mode (>= 1)")
    parser.add_argument("--dist", type=Path, default=None, help="a built dist/ (default: build one)")
    options = parser.parse_args(argv)
    if options.loads < 1:
        parser.error("--loads must be at least 1")
    from playwright.sync_api import sync_playwright

    build = _build_module()
    dist = options.dist or build.build()
    server = build.serve(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    times: dict[tuple[str, str], list[tuple[float | None, float, float | None]]] = defaultdict(list)
    try:
        with sync_playwright() as playwright:
            launch = {"args": ARGS}
            if CHROMIUM.exists():
                launch["executable_path"] = str(CHROMIUM)
            browser = playwright.chromium.launch(**launch)
            for _ in range(options.loads):
                for name, path in (("game", "index.html"), ("floor", "floor.html")):
                    context = browser.new_context()
                    times[(name, "cold")].append(_load(context.new_page(), base + path, name == "game"))
                    context.close()
                for name, path in (("game", "index.html"), ("floor", "floor.html")):
                    context, page = _warm_context(browser, base)
                    times[(name, "warm")].append(_load(page, base + path, name == "game"))
                    context.close()
            decisions = _decision_times(browser, base)
            browser.close()
    finally:
        server.shutdown()

    print(f"Start-up in headless Chromium, median of {options.loads} loads each (ms after navigation):")
    for mode in ("cold", "warm"):
        game = times[("game", mode)]
        floor = median(t for _, t, _ in times[("floor", mode)])
        shown = median(s for s, _, _ in game)
        ready = median(t for _, t, _ in game)
        app = median(a for _, _, a in game)
        print(f"  {mode}: start screen usable {shown:7.0f}   game ready {ready:7.0f} "
              f"(app.py began at {app:.0f})   floor (bare Pyodide) {floor:7.0f}   "
              f"ratio game/floor {ready / floor:.2f}")
    ordered = sorted(decisions)
    print(f"Computer decisions in the browser (hard, {len(ordered)} decisions): median "
          f"{median(ordered):.1f} ms, p95 {ordered[int(0.95 * (len(ordered) - 1))]:.1f} ms, "
          f"max {ordered[-1]:.1f} ms")
    parts = bytes_per_part(dist)
    total = sum(parts.values())
    print("Bytes shipped: " + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(parts.items()))
          + f"; total {total / 1e6:.2f} MB")
    wheel = next(dist.glob("*.whl"))
    print(f"Wheel {wheel.name}: {wheel.stat().st_size / 1e3:.1f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
