"""Start-up of the web game against a bare worker page, side by side in one run, in headless
Chromium, at full speed and with the whole browser held to a fraction of a processor.

    python bench/bench_startup.py [--loads 5] [--devices desktop,pixel7]
                                  [--modes cold,warm,warm-ordinary,settled]
                                  [--phone-cpu 1] [--dist dist] [--trace]
                                  [--cpu-quota 1,0.5,0.25] [--quota-loads 2]
                                  [--quota-devices desktop]

The floor is npm's unmodified Pyodide started in a module worker by a bare page
(bench/floor/), which the bench serves beside dist/ under /bench-floor/ with the Pyodide files
straight from node_modules/pyodide: whatever dist/ does to its own copy of Pyodide (a compiled
standard library, a snapshot), the floor stays Pyodide as shipped. For every device (a
1280x800 desktop, Playwright's Pixel 7 emulation) and mode (cold: a new browser profile,
nothing cached; warm: a return visit, the page's service worker holding every file; the
floor's registers once Pyodide is ready; warm-ordinary: a return visit with the memory snapshot
refused, so that the worker starts Pyodide the ordinary way on the compiled standard library
alone, against the same warm floor; settled: a later return visit, after SETTLING more of each
since the first: Chrome makes its code caches for scripts and wasm on the second visit and uses
them from the third, and the floor's own start took 1.4 s at its fifth visit against 2.0-2.5 s
at its second), each load of the game is followed by a load of the floor, so both see the same
machine. A load of the game taps a start-screen choice every 50 ms
from the first paint until the page answers, presses Start at once, and plays the first hand
against `hard` by clicks.

With --cpu-quota, the same loads run again with the whole browser (the Playwright driver and
Chromium with all its processes; not the bench's server) in a Linux cgroup holding it to that
many processors' worth of CPU time, one quota after another: the honest slow device, since
CDP's CPU throttling (--phone-cpu) slows a page's main thread but not its workers, where
Pyodide starts. Without a usable cgroup cpu controller (not root, none mounted) the bench says
so and skips the quotas. A CPU-bound loop in a page's worker, timed at each quota, checks that
the quota holds.

Printed, medians over the loads, in ms after navigation:
- tap answered: when a tap on the start screen first got visible feedback;
- first hand: when the first hand could be played (the table dealt), and the same for the
  floor (Pyodide ready in its worker), with their ratio;
- longest task: the longest main-thread task (PerformanceObserver "longtask") from navigation
  to the end of the first hand, and during the floor's load;
- MB before / later: the bytes the server sent for the load until the first hand was playable,
  then until the service worker's precache was complete (worker and service worker fetches
  included; as served, uncompressed; a table after gives gzip estimates and requests);
- Pyodide's start: how the worker's Pyodide started in those loads (body.dataset.pyodide:
  snapshot, ordinary, fallback), so that a mode cannot measure another start unseen;
then issue 28's targets against those rows, the computer's decisions measured in the worker
(median, p95, max), and the bytes shipped. With --trace, each load is also traced in Chromium
until its first hand (or the floor's Pyodide) and a second table says where the time went: when
the worker's Pyodide start (its longest task) begins and how long it runs, and how busy the
main thread, the worker and the compositor were until then.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import multiprocessing
import os
import sys
import tempfile
import threading
import urllib.parse
import urllib.request
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from statistics import median

import chromium
import cpu_quota

ROOT = Path(__file__).resolve().parents[1]
DEVICES = {"desktop": None, "pixel7": "Pixel 7"}
MODES = ("cold", "warm", "warm-ordinary", "settled")
# The visits after the first before a settled load is measured (the floor's start stopped
# getting faster at its fifth visit, the game's at its third).
SETTLING = 3
PLAYABLE = ("upcard", "draw", "discard", "opponent")
TIMEOUT = 180_000
# The floor's page and worker, served at /bench-floor/, and npm's Pyodide at
# /bench-floor/pyodide/.
FLOOR = "bench-floor/"
FLOOR_PAGE = Path(__file__).resolve().parent / "floor"
# The bench server's log of what it sent, read over HTTP (the browser side may be another
# process); never asked for by a page.
SENT = "__bench__/sent"

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
            browser = playwright.chromium.launch(**chromium.launch_options(playwright.chromium))
            try:
                yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def bench_server(build, dist: Path):
    """A bound, not yet running, server for `dist` with build.serve's handler (its MIME types,
    no-cache), the floor beside it (bench/floor/ at /bench-floor/, node_modules/pyodide at
    /bench-floor/pyodide/) and a log of every response it sends, as [path, file, bytes] (a
    304 sends no file): GET /SENT?from=N answers {"count", "entries" from the Nth on}."""
    mounts = {
        f"/{FLOOR}pyodide/": build.NODE_MODULES / "pyodide",
        f"/{FLOOR}": FLOOR_PAGE,
    }
    sent: list[tuple[str, str, int]] = []
    lock = threading.Lock()

    class Handler(build._Handler):
        def translate_path(self, path: str) -> str:
            for prefix, folder in mounts.items():
                if path.startswith(prefix):
                    home, self.directory = self.directory, str(folder)
                    try:
                        return super().translate_path("/" + path.removeprefix(prefix))
                    finally:
                        self.directory = home
            return super().translate_path(path)

        def do_GET(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            if url.path != "/" + SENT:
                return super().do_GET()
            with lock:
                since = int(urllib.parse.parse_qs(url.query).get("from", [len(sent)])[0])
                body = json.dumps({"count": len(sent), "entries": sent[since:]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def copyfile(self, source, outputfile) -> None:
            start = source.tell()
            try:
                super().copyfile(source, outputfile)
            finally:
                with lock:
                    sent.append((self.path, source.name, source.tell() - start))

        def log_request(self, code="-", size="-") -> None:
            if code == 304:
                with lock:
                    sent.append((self.path, "", 0))
            super().log_request(code, size)

    return build._Server(("127.0.0.1", 0), lambda *a, **k: Handler(*a, directory=str(dist), **k))


class Network:
    """What the bench's server sent from a mark on (read over HTTP, so that a browser side in
    another process reads it too)."""

    def __init__(self, base: str):
        self.url = base + SENT

    def _read(self, query: str = "") -> dict:
        with urllib.request.urlopen(self.url + query) as answer:
            return json.load(answer)

    def mark(self) -> int:
        return self._read()["count"]

    def since(self, mark: int) -> list[list]:
        return self._read(f"?from={mark}")["entries"]


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


def _precached(page) -> None:
    """Once the page's service worker holds every file: the game's and the floor's take
    control of the page (skipWaiting, claim) only when their install, the precache, is done."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.evaluate("caches.keys()")


def _warmed(context, base: str):
    """A page of `context` whose service worker holds every file (the first visit's)."""
    page = context.new_page()
    _visited(page, base)
    _precached(page)
    return page


def _visited(page, base: str) -> None:
    """The game visited on `page` until its engine is up (its worker started, then idle)."""
    page.goto(base + "index.html")
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=TIMEOUT)


# The memory snapshot refused (warm-ordinary): every cached copy replaced by a 404, which the
# worker's loader finds first and takes for "none to be had", so it starts Pyodide the ordinary
# way (taking the copy out would only make it fetch the snapshot again).
REFUSE_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (/\\/snapshot-[0-9a-f]+\\.bin\\.gz$/.test(request.url)) {
        await cache.put(request, new Response(null, { status: 404 }));
      }
    }
  }
}"""


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


def _game(page, base: str, trace, network: Network) -> dict:
    mark = network.mark()
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
    before = network.since(mark)
    threads = trace.stop(playable)
    _play_first_hand(page)
    _precached(page)
    return {
        "tap": tapped,
        "ready": playable,
        "start": page.evaluate("document.body.dataset.pyodide"),
        "longest": max(page.evaluate("window.benchLongTasks"), default=0),
        "decisions": page.evaluate("Array.from(window.rummyDecisionMs)"),
        "sent_before": before,
        "sent_later": network.since(mark + len(before)),
        **threads,
    }


def _floor_ready(page, base: str, query: str = "") -> float:
    page.goto(base + FLOOR + "floor.html" + query)
    page.wait_for_function(
        "document.body.dataset.phase === 'start'", timeout=TIMEOUT, polling="raf"
    )
    return page.evaluate("performance.now()")


def _floor(page, base: str, trace, network: Network) -> dict:
    mark = network.mark()
    trace.start(page)
    ready = _floor_ready(page, base)
    return {
        "ready": ready,
        "longest": max(page.evaluate("window.benchLongTasks"), default=0),
        "sent_before": network.since(mark),
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


@dataclass(frozen=True)
class Plan:
    """What one browser measures: `loads` of the game and the floor per device and mode."""

    loads: int
    devices: tuple[str, ...]
    modes: tuple[str, ...]
    phone_cpu: float
    trace: bool


def _load(browser, playwright, base: str, device: str, mode: str, which: str, plan: Plan) -> dict:
    context = _context(browser, playwright, device, plan.phone_cpu)
    try:
        warm = mode in ("warm", "warm-ordinary", "settled")
        page = _warmed(context, base) if warm and which == "game" else context.new_page()
        if mode == "warm-ordinary" and which == "game":
            page.evaluate(REFUSE_SNAPSHOT)
        if warm and which == "floor":
            _floor_ready(page, base, "?install")  # the first visit installs its worker
            _precached(page)
        for _ in range(SETTLING if mode == "settled" else 0):
            if which == "game":
                _visited(page, base)
            else:
                _floor_ready(page, base)
        measure = _game if which == "game" else _floor
        return measure(page, base, Trace(browser, plan.trace), Network(base))
    finally:
        context.close()


# A CPU-bound loop in a page's worker, timed in the worker: under a quota of c <= 1 processors
# it takes about 1/c times as long as unconstrained (one thread never uses more than one).
SPIN = """async (loops) => {
  const source = "onmessage = (e) => { const t = performance.now(); let x = 0;"
    + " for (let i = 0; i < e.data; i++) x = (x * 31 + i) | 0;"
    + " postMessage([performance.now() - t, x]); };";
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new Worker(url);
  const ms = await new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data[0]);
    worker.postMessage(loops);
  });
  worker.terminate();
  return ms;
}"""
SPIN_LOOPS = 3_000_000  # about 0.4 s in Chromium's worker on the 2-core machine


def worker_spin_ms(browser) -> float:
    """The loop's median time over three runs, in a context of its own."""
    context = browser.new_context()
    try:
        page = context.new_page()
        return median(page.evaluate(SPIN, SPIN_LOOPS) for _ in range(3))
    finally:
        context.close()


def browser_side(base: str, plan: Plan) -> dict:
    """The bench's browser side: Chromium launched from this process (so that a quota on the
    process holds it too), the worker loop timed, then the loads, each game's followed by the
    floor's. Returns {"spin": ms, "runs": {(device, mode, page): [figures per load]}}."""
    from playwright.sync_api import sync_playwright

    runs: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_options(playwright.chromium))
        try:
            spin = worker_spin_ms(browser)
            for _ in range(plan.loads):
                for device in plan.devices:
                    for mode in plan.modes:
                        for which in ("game", "floor"):
                            run = _load(browser, playwright, base, device, mode, which, plan)
                            runs[(device, mode, which)].append(run)
        finally:
            browser.close()
    return {"spin": spin, "runs": dict(runs)}


def in_child(base: str, plan: Plan, group: Path | None = None) -> dict:
    """browser_side() in a new process, in cgroup `group` when given: the process joins it
    before it starts anything, so the Playwright driver and Chromium are born in it, while this
    process and the server stay outside."""
    spawn = multiprocessing.get_context("spawn")
    joining = {"initializer": cpu_quota.join, "initargs": (group,)} if group else {}
    with ProcessPoolExecutor(1, mp_context=spawn, **joining) as pool:
        return pool.submit(browser_side, base, plan).result()


def under_quota(
    controller: cpu_quota.Controller, cores: float, base: str, plan: Plan
) -> dict | str:
    """browser_side() held to `cores` processors, or why it could not be."""
    name = f"rummy-bench-{os.getpid()}-{cores:g}"
    try:
        group = cpu_quota.create_group(controller, cores, name)
    except OSError as error:
        return f"cannot make cgroup {controller.mount / name}: {error}"
    try:
        return in_child(base, plan, group)
    finally:
        try:
            cpu_quota.remove_group(group)
        except OSError as error:
            print(f"bench_startup: cgroup {group} left behind: {error}", file=sys.stderr)


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


@cache
def _gzip_ratio(file: str) -> float:
    """How much smaller `file` gets with gzip -6, as a host compressing it would send it."""
    data = Path(file).read_bytes()
    return len(gzip.compress(data, 6)) / len(data) if data else 1.0


def sent(entries: list[list], gzipped: bool = False) -> float:
    """The bytes of logged responses: as sent, or as gzip would have sent them."""
    return sum(n * (_gzip_ratio(file) if gzipped and n else 1.0) for _, file, n in entries)


@dataclass(frozen=True)
class Row:
    """One line of the report: the medians of one device and mode at one quota."""

    cores: str
    device: str
    mode: str
    loads: int
    tap: float
    ready: float
    floor: float
    longest: float
    floor_longest: float
    worst: float
    before: float
    before_gzip: float
    before_requests: float
    later: float
    later_gzip: float
    later_requests: float
    floor_bytes: float
    starts: str  # how the worker's Pyodide started in these loads: snapshot, ordinary, fallback

    @property
    def ratio(self) -> float:
        return self.ready / self.floor

    @property
    def name(self) -> str:
        return f"{self.device} {self.mode}" + ("" if self.cores == "all" else f" at {self.cores}")


def summarise(cores: str, device: str, mode: str, game: list[dict], floor: list[dict]) -> Row:
    def mid(runs: list[dict], figure) -> float:
        return median(figure(r) for r in runs)

    return Row(
        cores=cores,
        device=device,
        mode=mode,
        loads=len(game),
        tap=mid(game, lambda r: r["tap"]),
        ready=mid(game, lambda r: r["ready"]),
        floor=mid(floor, lambda r: r["ready"]),
        longest=mid(game, lambda r: r["longest"]),
        floor_longest=mid(floor, lambda r: r["longest"]),
        worst=max(r["longest"] for r in game),
        before=mid(game, lambda r: sent(r["sent_before"])),
        before_gzip=mid(game, lambda r: sent(r["sent_before"], gzipped=True)),
        before_requests=mid(game, lambda r: len(r["sent_before"])),
        later=mid(game, lambda r: sent(r["sent_later"])),
        later_gzip=mid(game, lambda r: sent(r["sent_later"], gzipped=True)),
        later_requests=mid(game, lambda r: len(r["sent_later"])),
        floor_bytes=mid(floor, lambda r: sent(r["sent_before"])),
        starts=",".join(sorted({r["start"] or "unsaid" for r in game})),  # unsaid: an older page
    )


def print_rows(rows: list[Row]) -> None:
    print(
        "Start-up in headless Chromium, medians over the loads, ms after navigation; cores: the "
        f"whole browser's CPU quota (all: unconstrained, {os.cpu_count()} processors); MB: sent "
        "by the server for the game, before its first hand was playable and later, until the "
        "service worker's precache was complete:"
    )
    print(
        f"{'cores':5} {'device':8} {'mode':13} {'loads':>5} {'tap answered':>12} "
        f"{'first hand':>10} {'floor ready':>11} {'ratio':>6} {'longest task':>12} "
        f"{'floor longest':>13} {'MB before':>9} {'MB later':>8}"
    )
    for r in rows:
        print(
            f"{r.cores:5} {r.device:8} {r.mode:13} {r.loads:5} {r.tap:12.0f} {r.ready:10.0f} "
            f"{r.floor:11.0f} {r.ratio:6.2f} {r.longest:12.0f} {r.floor_longest:13.0f} "
            f"{r.before / 1e6:9.2f} {r.later / 1e6:8.2f}   (Pyodide's start: {r.starts}; "
            f"longest task, worst load: {r.worst:.0f})"
        )


def print_bytes(rows: list[Row]) -> None:
    print(
        "Bytes per load (medians): MB as served, gzip: as a host compressing each file with "
        "gzip -6 would send them, requests: responses (304s included); floor: the floor's load:"
    )
    print(
        f"{'cores':5} {'device':8} {'mode':13} {'before MB':>9} {'gzip':>6} {'requests':>8} "
        f"{'later MB':>8} {'gzip':>6} {'requests':>8} {'floor MB':>8}"
    )
    for r in rows:
        print(
            f"{r.cores:5} {r.device:8} {r.mode:13} {r.before / 1e6:9.2f} "
            f"{r.before_gzip / 1e6:6.2f} {r.before_requests:8.0f} {r.later / 1e6:8.2f} "
            f"{r.later_gzip / 1e6:6.2f} {r.later_requests:8.0f} {r.floor_bytes / 1e6:8.2f}"
        )


def print_quota_check(results: dict[str, dict], skipped: list[str]) -> None:
    """The worker loop at each quota against the unconstrained one: a quota that holds makes
    it about 1/cores times as long (one thread never uses more than one processor); much
    longer, and the machine's other load took from the group too."""
    free = results["all"]["spin"]
    cells = [f"all {free:.0f}"]
    for cores, result in results.items():
        if cores == "all":
            continue
        factor, expected = result["spin"] / free, 1 / min(float(cores), 1.0)
        verdict = (
            ", THE QUOTA DID NOT HOLD"
            if factor < 0.8 * expected
            else ", slowed by the machine's other load too"
            if factor > 1.25 * expected
            else ""
        )
        cells.append(
            f"{cores} core {result['spin']:.0f} ({factor:.2f}x, expected {expected:.2f}x{verdict})"
        )
    print("CPU-bound loop in a page's worker (median of 3, ms): " + "; ".join(cells))
    for reason in skipped:
        print(f"CPU quota: skipped, {reason}")


# Issue 28's targets: the figure, the most it may be, the mode it holds for (None: both), how
# it reads.
TARGETS = (
    ("first hand / floor, cold", 0.6, "cold", lambda r: r.ratio, "{:.2f}"),
    ("first hand / floor, warm", 0.4, "warm", lambda r: r.ratio, "{:.2f}"),
    (
        "first hand / floor, settled (a later return visit)",
        0.4,
        "settled",
        lambda r: r.ratio,
        "{:.2f}",
    ),
    ("tap answered, cold", 500, "cold", lambda r: r.tap, "{:.0f} ms"),
    ("longest main-thread task", 250, None, lambda r: r.longest, "{:.0f} ms"),
)


def print_targets(rows: list[Row]) -> None:
    """Issue 28's targets, each against the worst row unconstrained and under a quota."""
    print("Issue 28's targets, worst row unconstrained; worst row under a quota:")
    for text, limit, mode, figure, form in TARGETS:
        cells = []
        for free in (True, False):
            group = [r for r in rows if (r.cores == "all") == free and mode in (None, r.mode)]
            worst = max(group, key=figure, default=None)
            if worst:
                met = "met" if figure(worst) <= limit else "not met"
                cells.append(f"{form.format(figure(worst))} ({worst.name}), {met}")
        if cells:
            print(f"  {text} <= {form.format(limit)}: " + "; ".join(cells))
    cold = [r for r in rows if r.cores == "all" and r.mode == "cold"]
    if cold:
        worst = max(cold, key=lambda r: r.before)
        print(
            f"  bytes before the first hand is playable, cold (at most 1.5 MB more than before "
            f"issue 28): {worst.before / 1e6:.2f} MB as served, {worst.before_gzip / 1e6:.2f} MB "
            f"gzip ({worst.name}); later, in the background: {worst.later / 1e6:.2f} MB, "
            f"{worst.later_gzip / 1e6:.2f} MB gzip"
        )
    for snapshot in (r for r in rows if r.mode == "warm"):
        ordinary = next(
            (
                r
                for r in rows
                if (r.cores, r.device, r.mode) == (snapshot.cores, snapshot.device, "warm-ordinary")
            ),
            None,
        )
        if ordinary:
            faster = 1 - snapshot.ready / ordinary.ready
            print(
                f"  the snapshot against the compiled stdlib alone, {snapshot.name}: first hand "
                f"{snapshot.ready:.0f} ms against {ordinary.ready:.0f} ms, {faster:.0%} faster "
                f"(kept only if at least 25%): {'met' if faster >= 0.25 else 'not met'}"
            )
    slowest = [r for r in rows if r.cores == "0.25"]
    print(
        "  first hand at 0.25 core: "
        + (", ".join(f"{r.device} {r.mode} {r.ready:.0f} ms" for r in slowest) or "not measured")
    )


def print_trace(results: dict[str, dict]) -> None:
    print("Where the time went (medians, ms after navigation; busy: ms of tasks until ready):")
    print(
        f"{'cores':5} {'device':8} {'mode':13} {'page':5} {'Pyodide start at':>16} "
        f"{'runs for':>8} {'main busy':>9} {'worker busy':>11} {'compositor busy':>15}"
    )
    keys = ("init_at", "init_ms", "main_busy", "worker_busy", "compositor_busy")
    for cores, result in results.items():
        for (device, mode, which), group in result["runs"].items():
            cells = [median(r[key] for r in group) for key in keys]
            print(
                f"{cores:5} {device:8} {mode:13} {which:5} {cells[0]:16.0f} {cells[1]:8.0f} "
                f"{cells[2]:9.0f} {cells[3]:11.0f} {cells[4]:15.0f}"
            )


def _quotas(text: str) -> list[float]:
    try:
        quotas = [float(cell) for cell in text.split(",") if cell]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not all(0 < q <= (os.cpu_count() or 1) for q in quotas):
        raise argparse.ArgumentTypeError(f"quotas must be > 0 and <= {os.cpu_count()} processors")
    return quotas


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--loads", type=int, default=5, help="loads of each page per device and mode (>= 1)"
    )
    parser.add_argument(
        "--devices", default="desktop,pixel7", help="comma-separated: desktop, pixel7"
    )
    parser.add_argument(
        "--modes",
        default="cold,warm",
        help="comma-separated: cold, warm, warm-ordinary, settled",
    )
    parser.add_argument(
        "--phone-cpu",
        type=float,
        default=1.0,
        help="slow the emulated phone's main thread this many times "
        "(CDP throttling; it leaves workers alone: --cpu-quota slows them too)",
    )
    parser.add_argument(
        "--dist", type=Path, default=None, help="a built dist/ (default: build one)"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="trace each load in Chromium and print where the time went (tracing slows both pages)",
    )
    parser.add_argument(
        "--cpu-quota",
        type=_quotas,
        default=[],
        metavar="CORES,...",
        help="then run the loads again with the whole browser in a cgroup held to each of these "
        "many processors, e.g. 1,0.5,0.25 (needs root and a cgroup cpu controller; else skipped)",
    )
    parser.add_argument(
        "--quota-loads", type=int, default=None, help="loads at each quota (default: --loads)"
    )
    parser.add_argument(
        "--quota-devices", default=None, help="devices at each quota (default: --devices)"
    )
    options = parser.parse_args(argv)
    options.devices = tuple(options.devices.split(","))
    options.modes = tuple(options.modes.split(","))
    options.quota_devices = (
        tuple(options.quota_devices.split(",")) if options.quota_devices else options.devices
    )
    options.quota_loads = options.quota_loads or options.loads
    if options.loads < 1 or options.quota_loads < 1:
        parser.error("--loads and --quota-loads must be at least 1")
    if not set(options.devices + options.quota_devices) <= set(DEVICES) or not set(
        options.modes
    ) <= set(MODES):
        parser.error(f"--devices takes {', '.join(DEVICES)}; --modes takes {', '.join(MODES)}")
    return options


def plans(options: argparse.Namespace) -> dict[str, Plan]:
    """What to measure, by quota ("all": unconstrained; then each of --cpu-quota)."""
    free = Plan(options.loads, options.devices, options.modes, options.phone_cpu, options.trace)
    held = Plan(
        options.quota_loads, options.quota_devices, options.modes, options.phone_cpu, options.trace
    )
    return {"all": free, **{f"{cores:g}": held for cores in options.cpu_quota}}


def measure(base: str, plan_of: dict[str, Plan]) -> tuple[dict[str, dict], list[str]]:
    """browser_side() for each plan, and why a quota was skipped, if one was."""
    results = {"all": in_child(base, plan_of["all"])}
    quotas = [cores for cores in plan_of if cores != "all"]
    if not quotas:
        return results, []
    controller = cpu_quota.find_controller()
    if isinstance(controller, str):
        return results, [controller]
    skipped = []
    for cores in quotas:
        outcome = under_quota(controller, float(cores), base, plan_of[cores])
        if isinstance(outcome, str):
            skipped.append(outcome)
        else:
            results[cores] = outcome
    return results, skipped


def rows_of(results: dict[str, dict]) -> list[Row]:
    return [
        summarise(cores, device, mode, runs, result["runs"][(device, mode, "floor")])
        for cores, result in results.items()
        for (device, mode, which), runs in result["runs"].items()
        if which == "game"
    ]


def print_decisions(results: dict[str, dict]) -> None:
    decisions = sorted(
        d for runs in results["all"]["runs"].values() for r in runs for d in r.get("decisions", [])
    )
    if decisions:
        print(
            f"Computer decisions in the worker (hard, unconstrained, {len(decisions)} decisions): "
            f"median {median(decisions):.1f} ms, p95 {percentile(decisions, 0.95):.1f} ms, "
            f"max {decisions[-1]:.1f} ms"
        )


def print_shipped(dist: Path) -> None:
    parts = bytes_per_part(dist)
    total = sum(parts.values())
    print(
        "Bytes shipped: "
        + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sorted(parts.items()))
        + f"; total {total / 1e6:.2f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    build = _build_module()
    dist = options.dist or build.build()
    build.ensure_node_modules()  # the floor's Pyodide, as the lock pins it
    server = bench_server(build, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        results, skipped = measure(f"http://127.0.0.1:{server.server_address[1]}/", plans(options))
    finally:
        server.shutdown()
        server.server_close()
    rows = rows_of(results)
    version = json.loads((build.NODE_MODULES / "pyodide" / "package.json").read_text())["version"]
    print(f"The floor: npm pyodide@{version} as installed, served from node_modules/pyodide.")
    print_rows(rows)
    if options.cpu_quota:
        print_quota_check(results, skipped)
    print_targets(rows)
    print_bytes(rows)
    if options.trace:
        print_trace(results)
    print_decisions(results)
    print_shipped(dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())
