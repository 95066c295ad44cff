"""Fixtures for the end-to-end tests: a fresh build of the site, served on 127.0.0.1, driven
in real Chromium (Debian's /usr/bin/chromium when present, else Playwright's own browser)."""

import fcntl
import importlib.util
import os
import sys
import threading
from pathlib import Path

import pytest
from helpers import NO_SERVICE_WORKER

ROOT = Path(__file__).resolve().parents[2]
# Debian's Chromium, or the one RUMMY_CHROMIUM names; when missing, Playwright's own (dev.sh
# installs it).
CHROMIUM = Path(os.environ.get("RUMMY_CHROMIUM") or "/usr/bin/chromium")
QUIET = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Every new context opens a window, and Chromium 156 loads two WebUI pages into it for the
# address bar's pop-ups (chrome://omnibox-popup.top-chrome): 0.8 s of CPU a context, a third of
# a page's start, for pop-ups no test can open (tests/README.md, "Speed").
UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]


def _build_module():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def dist(tmp_path_factory):
    """One build of the site for the whole run: pytest-xdist's workers share it (the first to
    ask builds it, the others wait on a lock); a test that changes the site changes a copy."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    built = shared / "site" / "dist"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not built.is_dir():
            _build_module().build(built)
    return built


class Site:
    """A running static server for dist/; `stop()` takes the whole site offline."""

    def __init__(self, dist):
        self.server = _build_module().serve(dist, 0)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def new_site(dist):
    """Start another server, of the shared build or of another dist/ (a test that stops its
    server takes the site offline)."""
    started = []

    def start(folder=dist):
        started.append(Site(folder))
        return started[-1]

    yield start
    for site in started:
        try:
            site.stop()
        except OSError:
            pass


@pytest.fixture(scope="session")
def build_module():
    return _build_module()


@pytest.fixture
def site(dist):
    running = Site(dist)
    yield running
    running.stop()


def disabled_features(browser_type, args: dict) -> list[str]:
    """The features a launch with `args` disables, Playwright's own among them, read from a
    browser so launched: a later `--disable-features` replaces that list, it does not add to it."""
    probe = browser_type.launch(**{**args, "args": [*args["args"], "--enable-automation"]})
    try:
        line = probe.new_browser_cdp_session().send("Browser.getBrowserCommandLine")
    finally:
        probe.close()
    found = [a.split("=", 1)[1] for a in line["arguments"] if a.startswith("--disable-features=")]
    return found[-1].split(",") if found else []


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    args = dict(browser_type_launch_args)
    extra = QUIET + (["--no-sandbox"] if os.geteuid() == 0 else [])
    args["args"] = list(args.get("args", [])) + extra
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    features = disabled_features(browser_type, args) + UNUSED_FEATURES
    args["args"].append("--disable-features=" + ",".join(features))
    return args


@pytest.fixture
def browser_context_args(browser_context_args, request):
    """English, and no service worker unless the test is marked `service_worker`."""
    args = {**browser_context_args, "locale": "en-US"}
    if request.node.get_closest_marker("service_worker") is None:
        args.update(NO_SERVICE_WORKER)
    return args


@pytest.fixture(autouse=True)
def no_page_errors(request):
    """The console shows no errors: every test with a page fails on a page error or a console
    error, and prints what the page said."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    messages, errors = [], []
    page.on(
        "console",
        lambda m: (
            messages.append(f"console {m.type}: {m.text}"),
            m.type == "error" and errors.append(m.text),
        ),
    )
    page.on("pageerror", lambda e: (messages.append(f"page error: {e}"), errors.append(str(e))))
    yield
    for message in messages:
        print(message[:2000])
    assert not errors, f"the page reported errors: {errors}"
