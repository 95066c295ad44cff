"""The worker's fast start: a first visit restores the build's memory snapshot fetched from the
server, a return visit the one in the service worker's cache; both deal fresh random matches and
import what they import lazily. A damaged snapshot or one of another build falls back to
Pyodide's ordinary start, as does a site without one; with storage that refuses writes, each
visit fetches it again. The hand plays either way (body.dataset.pyodide says which start ran)."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import open_page, phase, press, stored
from players import GIN_OVER, gin_turn, play_gin_hand, start_gin
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e
SW_READY = "navigator.serviceWorker.controller !== null"


def snapshot_url(dist: Path) -> str:
    """The snapshot's path in dist/, as its loader names it."""
    (name,) = (path.name for path in (dist / "pyodide").glob("snapshot-*.bin.gz"))
    return f"pyodide/{name}"


def start(page: Page) -> str:
    """How the worker's Pyodide started on this load."""
    page.wait_for_function("document.body.dataset.pyodide !== undefined")
    return page.evaluate("document.body.dataset.pyodide")


@contextmanager
def returning(browser: Browser, url: str, first: str = "snapshot") -> Iterator[Page]:
    """A page of a new context whose first visit (which started `first`) is over: the service
    worker has cached every file, the snapshot too, and the page is open again (a return
    visit)."""
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        open_page(page, url)
        assert start(page) == first  # the snapshot fetched: nothing is cached yet
        page.wait_for_function(SW_READY, timeout=60_000)
        open_page(page, url)
        yield page
    finally:
        context.close()


def first_seed(page: Page) -> int:
    start_gin(page)
    return stored(page, "rummy-table/gin/save")["match"]["seed"]


def test_a_return_visit_restores_the_snapshot_and_still_deals_every_player_a_fresh_match(
    browser: Browser, site
):
    with returning(browser, site.url) as first, returning(browser, site.url) as second:
        assert start(first) == start(second) == "snapshot"
        # The heap was frozen at build time: without a reseed both would deal the same match.
        assert first_seed(first) != first_seed(second)
        play_gin_hand(first)
        assert phase(first) in GIN_OVER


def test_after_a_restore_the_lazily_imported_link_and_daily_modules_still_work(
    browser: Browser, site
):
    with returning(browser, site.url) as page:
        assert start(page) == "snapshot"
        press(page.get_by_test_id("daily"))  # rummy.daily, imported on first use
        assert phase(page) in ("upcard", "opponent", "draw")
        daily = stored(page, "rummy-table/gin/daily")
        assert daily["seed"] == stored(page, "rummy-table/gin/save")["match"]["seed"]
        play_gin_hand(page)
        press(page.get_by_test_id("share"))  # rummy.links
        link = page.get_by_test_id("share-link")
        expect(link).to_be_visible()
        assert "#" in link.input_value()


def test_a_damaged_snapshot_is_detected_deleted_and_the_ordinary_start_plays(
    browser: Browser, site, dist
):
    url = site.url + snapshot_url(dist)
    with returning(browser, site.url) as page:
        page.evaluate(
            """async (url) => {
                for (const name of await caches.keys()) {
                    const cache = await caches.open(name);
                    const hit = await cache.match(url);
                    if (!hit) continue;
                    const bytes = new Uint8Array(await hit.arrayBuffer());
                    await cache.put(url, new Response(bytes.slice(0, bytes.length >> 1)));
                }
            }""",
            url,
        )
        open_page(page, site.url)
        assert start(page) == "fallback"
        assert not page.evaluate("async (url) => !!(await caches.match(url))", url)
        start_gin(page)
        gin_turn(page)
        open_page(page, site.url)  # the damaged copy is gone: a whole one is fetched
        assert start(page) == "snapshot"
        assert phase(page) not in ("loading", "start")  # the game in play was restored


def rebuilt(build_module, dist: Path, folder: Path, change) -> Path:
    """A copy of dist/ whose snapshot loader `change` edits (text in, text out), with its
    precache list and service worker written again, as a build would."""
    copy = folder / "dist"
    shutil.copytree(dist, copy)
    loader = copy / "pyodide" / build_module.START_MODULE
    loader.write_text(change(loader.read_text("utf-8"), copy), "utf-8")
    manifest = build_module.precache_manifest(copy)
    (copy / build_module.PRECACHE).write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    template = build_module.WEB / build_module.SW_TEMPLATE
    build_module.write_service_worker(template, copy, manifest)
    return copy


def another_build(text: str, copy: Path) -> str:
    """The snapshot is whole, but the loader expects another build's key."""
    return re.sub(r'"key": "[0-9a-f]+"', '"key": "' + "0" * 64 + '"', text)


def not_a_snapshot(text: str, copy: Path) -> str:
    """The cached file passes its digest, but holds no heap Pyodide can restore."""
    path = copy / snapshot_url(copy)
    path.write_bytes(gzip.compress(b"\x00" * 4096, mtime=0))
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return re.sub(r'"sha256": "[0-9a-f]+"', f'"sha256": "{digest}"', text)


@pytest.mark.parametrize("change", [another_build, not_a_snapshot])
def test_a_snapshot_that_cannot_be_this_builds_falls_back_and_the_hand_plays(
    browser: Browser, new_site, dist, build_module, tmp_path, change
):
    site = new_site(rebuilt(build_module, dist, tmp_path, change))
    with returning(browser, site.url, first="fallback") as page:
        assert start(page) == "fallback"
        start_gin(page)
        play_gin_hand(page)
        assert phase(page) in GIN_OVER


# Put before the service worker's own code: every write to Cache Storage is refused, as a full
# disk or a quota of zero would refuse it (Chromium's DevTools quota override does not hold in
# a Playwright context here; the service worker is the only writer of the cache), and the pages
# are told, so that the test knows the install was tried.
REFUSING_STORAGE = """// storage that refuses every write (a test's copy of the site)
const refuse = async () => {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage("storage refused");
  }
  throw new DOMException("refused by the test", "QuotaExceededError");
};
Cache.prototype.put = refuse;
Cache.prototype.add = refuse;
Cache.prototype.addAll = refuse;
"""
HEARS_REFUSALS = """navigator.serviceWorker.onmessage = (event) => {
  if (event.data === "storage refused") window.rummyStorageRefused = true;
};"""


def test_with_storage_that_refuses_writes_each_visit_fetches_the_snapshot_and_plays(
    browser: Browser, new_site, dist, build_module, tmp_path
):
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy)  # sw.js is not in the precache list: it may change alone
    worker = copy / build_module.SW_TEMPLATE
    worker.write_text(REFUSING_STORAGE + worker.read_text("utf-8"), "utf-8")
    site = new_site(copy)
    context = browser.new_context(locale="en-US")
    context.add_init_script(HEARS_REFUSALS)
    try:
        page = context.new_page()
        open_page(page, site.url)
        assert start(page) == "snapshot"
        page.wait_for_function("window.rummyStorageRefused === true")  # the install was tried
        open_page(page, site.url)  # a return visit: nothing could be cached
        assert start(page) == "snapshot"
        url = site.url + snapshot_url(copy)
        assert not page.evaluate("async (url) => !!(await caches.match(url))", url)
        start_gin(page)
        play_gin_hand(page)
        assert phase(page) in GIN_OVER
    finally:
        context.close()


def test_a_site_without_its_snapshot_starts_the_ordinary_way_and_plays(
    browser: Browser, new_site, dist, tmp_path
):
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy)
    (copy / snapshot_url(copy)).unlink()  # the fetch is answered 404
    site = new_site(copy)
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        open_page(page, site.url)
        assert start(page) == "ordinary"
        start_gin(page)
        play_gin_hand(page)
        assert phase(page) in GIN_OVER
    finally:
        context.close()
