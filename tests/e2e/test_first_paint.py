"""The first paint is the page as it will be live: in the person's language and with their
choices, before the DOM layer (MicroPython) has started, so that nothing moves under a finger
when it takes over, nor when the engine is ready. The DOM layer's script (main.py) is held back
while the test reads the static page."""

import json
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import LOAD_TIMEOUT, HeldRequests
from playwright.sync_api import Browser, Page, expect
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.links import encode, share

pytestmark = pytest.mark.e2e
I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
# Every element a person sees or may tap, outside the dialogs and the progress line: its
# text, state and box (display: none has no box; a control waiting for the engine has one).
SCREEN = """() => [...document.querySelectorAll("[data-testid], [data-i18n], legend, select")]
  .filter((node) => node.getClientRects().length && !node.closest(".overlay, #progress"))
  .map((node) => {
    const box = node.getBoundingClientRect();
    return {
      name: node.dataset.testid || node.dataset.i18n || node.id || node.tagName,
      text: node.tagName === "SELECT" ? node.value : node.textContent.trim(),
      pressed: node.getAttribute("aria-pressed"),
      primary: node.classList.contains("primary"),
      box: [box.x, box.y, box.width, box.height],
    };
  })"""
TRANSLATED = "(text) => document.getElementById('progress-text').textContent === text"
# Storage blocked, as a browser that blocks all site data does.
BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("blocked", "SecurityError"); },
});"""


def catalog(lang: str) -> dict:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def storing(items: dict[str, object]) -> str:
    """A script that puts `items` (as JSON) in localStorage before the page's own scripts run."""
    texts = json.dumps({key: json.dumps(value) for key, value in items.items()})
    return f"for (const [k, v] of Object.entries({texts})) localStorage.setItem(k, v);"


@contextmanager
def held_page(browser: Browser, locale: str, init: str = ""):
    """A page of the site in a browser speaking `locale`, running the script `init` before the
    page's own, with the DOM layer's script held back; no error on it. No service worker: it
    would answer the held request itself."""
    context = browser.new_context(locale=locale, service_workers="block")
    if init:
        context.add_init_script(init)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page, HeldRequests(page, "**/main.py")
        assert not errors, errors
    finally:
        context.close()


def screen(page: Page) -> list[dict]:
    return page.evaluate(SCREEN)


def assert_same_screen(before: list[dict], after: list[dict], when: str) -> None:
    """The same elements, texts and states, each within a pixel of where it was."""
    assert [{**e, "box": None} for e in after] == [{**e, "box": None} for e in before], when
    for old, new in zip(before, after, strict=True):
        moved = max(abs(a - b) for a, b in zip(old["box"], new["box"], strict=True))
        assert moved <= 1, f"{when}: {old['name']} moved from {old['box']} to {new['box']}"


def stays_put(page: Page, held: HeldRequests, lang: str, ready: str | None) -> None:
    """The static page, painted in `lang`, keeps its screen once the DOM layer has drawn it
    (the loading line then says the engine is starting), and once the engine is ready (the JS
    condition `ready`; None: a table, which the engine then deals)."""
    static = screen(page)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("#progress-text")).to_have_text(catalog(lang)["loading.page"])
    assert page.evaluate("document.body.dataset.ui") is None  # still static
    held.release()
    page.wait_for_function(TRANSLATED, arg=catalog(lang)["loading.engine"], timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.ui") == "live"
    assert_same_screen(static, screen(page), "live")
    if ready is not None:
        page.wait_for_function(ready, timeout=LOAD_TIMEOUT)
        assert_same_screen(static, screen(page), "engine ready")


def start_button(page: Page, lang: str):
    start = page.get_by_test_id("start")
    expect(start).to_have_text(catalog(lang)["start.button"])
    return start


def test_a_first_visit_on_a_chinese_browser_paints_the_chinese_start_screen_where_it_stays(
    browser: Browser, site
):
    with held_page(browser, "zh-CN") as (page, held):
        page.goto(site.url)
        start = start_button(page, "zh-Hans")
        expect(start).to_have_class("primary big")
        expect(page.locator(".gin-only").first).to_be_visible()  # gin, the default game
        expect(page.get_by_test_id("level-normal")).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("lang-zh-Hans")).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("resume")).to_be_hidden()
        assert page.title() == catalog("zh-Hans")["app.title"]
        stays_put(page, held, "zh-Hans", "document.body.dataset.phase === 'start'")


def test_saved_choices_of_another_game_are_painted_in_traditional_chinese(browser: Browser, site):
    prefs = {"game": "rummikub", "rkOpponents": 1, "rkTimer": "60", "level": "bogus"}
    with held_page(browser, "zh-TW", storing({"rummy-table/prefs": prefs})) as (page, held):
        page.goto(site.url)
        start_button(page, "zh-Hant")
        expect(page.locator(".rummikub-only").first).to_be_visible()
        expect(page.locator(".gin-only").first).to_be_hidden()
        pressed = ("game-rummikub", "rk-opponents-1", "rk-timer-60", "rk-level-normal")
        for testid in (*pressed, "level-normal"):  # a bogus saved level: the default
            expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")
        for testid in ("game-gin", "rk-opponents-3", "rk-timer-off"):
            expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "false")
        stays_put(page, held, "zh-Hant", "document.body.dataset.phase === 'start'")


def test_a_saved_game_paints_its_table_at_once_in_the_saved_language(browser: Browser, site):
    """English chosen on a Chinese browser, and a Basic Rummy game in play: its table's
    skeleton is the first paint, never the start screen."""
    save = BasicSession.create(
        {"opponents": 2, "hands": 1, "target": None, "level": "easy"}, 7
    ).save()
    stored = {"rummy-table/prefs": {"lang": "en", "game": "basic"}, "rummy-table/basic/save": save}
    with held_page(browser, "zh-CN", storing(stored)) as (page, held):
        page.goto(site.url)
        expect(page.locator("#basic-table")).to_be_visible()
        expect(page.locator("#start-screen")).to_be_hidden()
        expect(page.get_by_test_id("basic-log")).to_have_text(catalog("en")["log.button"])
        stays_put(page, held, "en", None)
        page.wait_for_function(
            "['draw', 'play', 'opponent'].includes(document.body.dataset.phase)",
            timeout=LOAD_TIMEOUT,
        )  # the saved game, restored on its table


def test_a_link_opened_over_a_saved_game_paints_continue_where_it_stays(browser: Browser, site):
    """A shared hand opens over the start screen, where the saved game waits behind Continue."""
    gin = GinSession.create({"level": "hard"}, 12)
    stored = {"rummy-table/gin/save": gin.save()}
    url = site.url + "#" + encode(share(gin))
    with held_page(browser, "en-GB", storing(stored)) as (page, held):
        page.goto(url)
        expect(page.get_by_test_id("resume")).to_be_visible()
        expect(page.get_by_test_id("resume")).to_have_class("primary big")
        expect(start_button(page, "en")).to_have_class("big")
        stays_put(page, held, "en", "document.body.dataset.phase === 'replay'")


def test_blocked_storage_still_paints_in_the_browsers_language(browser: Browser, site):
    with held_page(browser, "zh-HK", BLOCKED) as (page, _):  # the static page only
        page.goto(site.url)
        start_button(page, "zh-Hant")
        expect(page.locator("#progress-text")).to_have_text(catalog("zh-Hant")["loading.page"])
