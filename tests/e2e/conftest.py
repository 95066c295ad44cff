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


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


def _build_module():
    return _module("build", ROOT / "build.py")


# The switches the benches launch Chromium with, so that they measure the browser the tests drive.
chromium = _module("chromium", ROOT / "bench" / "chromium.py")


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


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    return chromium.launch_options(browser_type, browser_type_launch_args)


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
