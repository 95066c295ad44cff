"""The compiled standard library (build.py's "compiled Python") on the page: nothing it leaves
out is ever asked for. Whole games of all three, their reviews, a hint, a shared link replayed
and reviewed, and today's deal, with an import watcher in the engine's worker: every import the
worker asks for from its first import on, and every module it holds, read at the end of each
visit. An import of a left-out module would fail, but one in a `try` could fail unseen; the
watcher sees it asked for.

The other e2e tests run against the same compiled build, so they check that the page plays."""

import json
import zipfile
from pathlib import Path

import pytest
from helpers import LOAD_TIMEOUT, loaded, open_page, own_page, phase, press, settle
from players import (
    BASIC_OVER,
    GIN_OVER,
    RK_OVER,
    gin_until,
    gin_until_my_turn,
    play_basic_hand,
    play_gin_hand,
    play_rk_round,
    start_basic,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e
WORKER = (Path(__file__).resolve().parents[2] / "web" / "worker_main.py").read_text()
# Run before the worker's script: a finder first on sys.meta_path that notes each name asked for
# and finds nothing (the real finders then do), and a function for the test to read what it
# noted and what sys.modules holds.
WATCHER = """
import json as _json, sys as _sys, js as _js
from pyodide.ffi import create_proxy as _proxy
class _Watcher:
    asked = set()
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.asked.add(name)
        return None
_sys.meta_path.insert(0, _Watcher)
def _stale():
    # PyScript's modules whose __pycache__ entry (the build's) does not match the source
    # PyScript wrote, so that the import system compiled the source instead
    import importlib.util
    stale = []
    for name, module in list(_sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        if name.split(".")[0] == "pyscript" and spec and spec.origin.endswith(".py"):
            with open(spec.origin, "rb") as source, open(spec.cached, "rb") as cached:
                if importlib.util.source_hash(source.read()) != cached.read()[8:16]:
                    stale.append(name)
    return stale
_js.globalThis.rummyImports = _proxy(
    lambda: _json.dumps(
        {"asked": sorted(_Watcher.asked), "modules": sorted(_sys.modules), "stale": _stale()}
    )
)
"""
WHOLE = "document.querySelector('[data-testid=review-summary]').dataset.whole === 'true'"
LAST_STEP = "document.querySelector('[data-testid=replay-next]').dataset.last === 'true'"


def watched(page: Page) -> None:
    """Serve the engine worker's script with the watcher run first."""
    page.route(
        "**/worker_main.py",
        lambda route: route.fulfill(
            body=WATCHER + WORKER, content_type="text/x-python; charset=utf-8"
        ),
    )


def seen(page: Page) -> tuple[set[str], set[str]]:
    """The names the worker asked for, and the modules it holds now; PyScript's own modules
    were taken from the worker's archive (their bytecode matches the source PyScript wrote)."""
    for worker in page.workers:
        if worker.evaluate("typeof self.rummyImports === 'function'"):
            found = json.loads(worker.evaluate("self.rummyImports()"))
            assert "pyscript.context" in found["modules"] and found["stale"] == []
            return set(found["asked"]), set(found["modules"])
    raise AssertionError("no worker runs the watcher")


def review_whole(page: Page) -> None:
    """Open the review of the hand just ended, wait until it is whole, and close it."""
    press(page.get_by_test_id("review"))
    page.wait_for_function(WHOLE, timeout=LOAD_TIMEOUT)
    press(page.get_by_test_id("review-close"))


def shared_fragment(page: Page) -> str:
    press(page.get_by_test_id("share"))
    link = page.get_by_test_id("share-link")
    expect(link).to_be_visible()
    expect(page.get_by_test_id("share-status")).not_to_be_empty()
    page.keyboard.press("Escape")
    settle(page)
    return link.input_value().split("#", 1)[1]


def gin_match(page: Page) -> str:
    """A whole gin match to 50, a hint asked on the way, its last hand reviewed and shared."""
    start_gin(page)
    gin_until_my_turn(page)
    if phase(page) == "draw":
        press(page.get_by_test_id("stock"))
    press(page.get_by_test_id("hint"))
    expect(page.get_by_test_id("hint-best")).to_be_visible()
    press(page.get_by_test_id("hint"))
    gin_until(page, ("match-over",))
    review_whole(page)
    return shared_fragment(page)


def basic_game(page: Page) -> None:
    start_basic(page, opponents=1, length="hands-1")
    play_basic_hand(page)
    assert phase(page) in BASIC_OVER
    review_whole(page)


def rummikub_game(page: Page) -> None:
    start_rummikub(page)  # the person plays the hint's moves: hints and table checks
    play_rk_round(page)
    assert phase(page) in RK_OVER
    review_whole(page)


def daily_deal(page: Page) -> None:
    press(page.get_by_test_id("daily"))
    play_gin_hand(page)
    assert phase(page) in GIN_OVER


def linked_hand(page: Page, url: str, fragment: str) -> None:
    """The shared hand replayed to its end, reviewed, and its deal played."""
    page.goto(url + "?fast#" + fragment)
    loaded(page)
    page.wait_for_function("document.body.dataset.phase === 'replay'")
    while not page.evaluate(LAST_STEP):
        press(page.get_by_test_id("replay-next"))
    press(page.get_by_test_id("replay-review"))
    page.wait_for_function(WHOLE, timeout=LOAD_TIMEOUT)
    press(page.get_by_test_id("review-close"))
    press(page.get_by_test_id("replay-play"))
    play_gin_hand(page)


def gin_match_and_its_link(page: Page, url: str) -> None:
    """A whole gin match, then its last hand opened from its link in a fresh page of the same
    worker's kind (the link's modules are imported only then)."""
    fragment = gin_match(page)
    linked_hand(page, url, fragment)


# Basic Rummy from seed 90: a whole hand of 33 moves (seed 7's took 197, seed 5's more), melds,
# lay-offs and a draw from the pile among them, and its review.
SEEDS = {"basic": 90}
# Each game's visit, and the modules it must have imported (one visit per test, so the
# visits run side by side on the suite's workers).
VISITS = {
    "gin-and-link": (gin_match_and_its_link, {"rummy.gin.session", "rummy.links"}),
    "basic": (basic_game, {"rummy.basic.session"}),
    "rummikub": (rummikub_game, {"rummy.rummikub.session"}),
    "daily": (daily_deal, {"rummy.daily", "rummy.gin.session"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("visit", list(VISITS))
def test_nothing_the_compiled_stdlib_leaves_out_is_asked_for_by_any_game(
    browser: Browser, site, build_module, visit
):
    play, expected = VISITS[visit]
    with own_page(browser) as page:
        watched(page)
        open_page(page, site.url, seed=SEEDS.get(visit, 5))
        if play is gin_match_and_its_link:
            play(page, site.url)
        else:
            play(page)
        asked, modules = seen(page)
    print("modules held:", " ".join(sorted(modules)))
    print("names asked:", " ".join(sorted(asked)))
    assert expected <= modules
    left_out = build_module.STDLIB_LEFT_OUT
    assert not [name for name in asked | modules if build_module.left_out(name, left_out)]


def test_a_restored_worker_reads_no_module_of_the_standard_library_before_its_first_hand(
    page: Page, site, dist, build_module
):
    """The memory snapshot holds every standard module the worker imports as it starts and
    deals, PyScript's own package's among them (build.SNAPSHOT_STDLIB_TOO): none is read from
    the standard library then (html.entities alone took 17-31 ms of a restored start)."""
    watched(page)
    open_page(page, site.url)
    start_gin(page)
    assert page.evaluate("document.body.dataset.pyodide") == "snapshot"
    _, modules = seen(page)
    with zipfile.ZipFile(dist / "pyodide" / build_module.UNIMPORTED_STDLIB) as zf:
        unread = {build_module.module_name(n[:-1]) for n in zf.namelist() if n.endswith(".pyc")}
    assert "datetime" in unread  # rummy.daily's, imported on first use
    assert "hashlib" not in unread  # in the snapshot: rummy.fairdeal commits to every deal
    assert sorted(modules & unread) == []
