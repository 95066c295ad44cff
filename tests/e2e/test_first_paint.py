"""The first paint is the page as it will be live: in the person's language and with their
choices, before the DOM layer (MicroPython) has started, so that nothing moves under a finger
when it takes over, nor when the engine is ready; and it answers the start screen's taps until
then, none lost or undone. The DOM layer's script (main.py) is held back while the test reads
and taps the static page."""

import json
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import LOAD_TIMEOUT, NO_SERVICE_WORKER, STORAGE_BLOCKED, HeldRequests, deal
from helpers import stored as kept
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


def catalog(lang: str) -> dict:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Held:
    """What a held page holds back: the DOM layer's script, and the engine's wheel (so that the
    worker cannot be ready before the test has looked at the DOM layer's first screen)."""

    script: HeldRequests
    engine: HeldRequests


@contextmanager
def held_page(
    browser: Browser, locale: str, stored: dict[str, object] | None = None, blocked: bool = False
):
    """A page of the site in a browser speaking `locale`, with `stored` in its localStorage
    (JSON values) before the page's scripts run, or storage `blocked`, and the DOM layer's
    script and the engine held back (Held). No service worker: it would answer the held
    requests itself."""
    context = browser.new_context(locale=locale, **NO_SERVICE_WORKER)
    if blocked:
        context.add_init_script(STORAGE_BLOCKED)
    if stored:
        items = json.dumps({key: json.dumps(value) for key, value in stored.items()})
        context.add_init_script(
            f"for (const [k, v] of Object.entries({items})) localStorage.setItem(k, v);"
        )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page, Held(HeldRequests(page, "**/main.py"), HeldRequests(page))
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


def stays_put(
    page: Page, held: Held, lang: str, ready: str | None, keep_engine: bool = False
) -> None:
    """The static page, painted in `lang`, keeps its screen once the DOM layer has drawn it
    (the loading line then says the engine is starting), and once the engine is ready (the JS
    condition `ready`; None: a table, which the engine then deals). The engine is let go once
    the DOM layer's screen is checked, unless `keep_engine` (the test lets it go later)."""
    static = screen(page)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("#progress-text")).to_have_text(catalog(lang)["loading.page"])
    assert page.evaluate("document.body.dataset.ui") is None  # still static
    held.script.release()
    page.wait_for_function(TRANSLATED, arg=catalog(lang)["loading.engine"], timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.ui") == "live"
    assert_same_screen(static, screen(page), "live")
    if not keep_engine:
        held.engine.release()
    if ready is not None:
        page.wait_for_function(ready, timeout=LOAD_TIMEOUT)
        assert_same_screen(static, screen(page), "engine ready")


def start_button(page: Page, lang: str, key: str = "start.button"):
    """Start, in the chosen game's words (`key`: Rummikub deals its first round)."""
    start = page.get_by_test_id("start")
    expect(start).to_have_text(catalog(lang)[key])
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
    with held_page(browser, "zh-TW", {"rummy-table/prefs": prefs}) as (page, held):
        page.goto(site.url)
        start_button(page, "zh-Hant", "rk.start.button")
        expect(page.locator(".rummikub-only").first).to_be_visible()
        expect(page.locator(".gin-only").first).to_be_hidden()
        pressed = ("game-rummikub", "rk-opponents-1", "rk-timer-60", "rk-level-normal")
        for testid in (*pressed, "level-normal"):  # a bogus saved level: the default
            expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")
        for testid in ("game-gin", "rk-opponents-3", "rk-timer-off"):
            expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "false")
        stays_put(page, held, "zh-Hant", "document.body.dataset.phase === 'start'")


def test_the_seats_kept_are_painted_and_a_seat_set_early_is_kept_and_played(browser: Browser, site):
    """Basic Rummy with a friend kept from last time: the static page paints the seats as the
    DOM layer will (a person named Bo, a computer player), in Simplified Chinese; the third
    seat made a person and named before the DOM layer is live stays so, and is dealt."""
    prefs = {
        "game": "basic",
        "opponents": 2,
        "seats": {"basic": ["person", "person", "easy"]},
        "names": ["Ann", "Bo"],
    }
    with held_page(browser, "zh-CN", {"rummy-table/prefs": prefs}) as (page, held):
        page.goto(site.url + "?fast")
        expect(page.get_by_test_id("seat-1")).to_have_value("person")
        expect(page.get_by_test_id("seat-1-name")).to_have_value("Bo")
        expect(page.get_by_test_id("seat-2-name")).to_be_hidden()
        expect(page.locator("#seat-rows .seat-number").nth(2)).to_have_text(
            catalog("zh-Hans")["seats.seat"].replace("{number}", "3")
        )
        page.get_by_test_id("seat-2").select_option("person")
        page.get_by_test_id("seat-2-name").fill("<i>Cy</i>" + "y" * 30)
        assert page.evaluate("document.body.dataset.ui") is None  # still static
        page.get_by_test_id("start").click()
        stays_put(page, held, "zh-Hans", None)
        page.wait_for_function(CUTTING, timeout=LOAD_TIMEOUT)
        deal(page)
        page.wait_for_function(
            "document.body.dataset.phase === 'pass-device'", timeout=LOAD_TIMEOUT
        )
        settings = kept(page, "rummy-table/basic/save")["settings"]
        assert settings["seats"] == ["person"] * 3
        assert settings["names"] == ["Ann", "Bo", ("<i>Cy</i>" + "y" * 30)[:20]]


def test_large_print_kept_is_painted_at_once_where_it_stays(browser: Browser, site):
    """Large print chosen last time: the static page is in large print (its text 1.25 times
    the browser's 16 px) and stays as it is once the DOM layer and the engine are up."""
    with held_page(browser, "en-US", {"rummy-table/prefs": {"largePrint": True}}) as (page, held):
        page.goto(site.url)
        start_button(page, "en")
        root = "getComputedStyle(document.documentElement).fontSize"
        assert page.evaluate(f"[document.documentElement.className, {root}]") == [
            "large-print",
            "20px",
        ]
        stays_put(page, held, "en", "document.body.dataset.phase === 'start'")
        assert page.evaluate("document.documentElement.className") == "large-print"


def test_a_saved_game_paints_its_table_at_once_in_the_saved_language(browser: Browser, site):
    """English chosen on a Chinese browser, and a Basic Rummy game in play: its table's
    skeleton is the first paint, never the start screen."""
    save = BasicSession.create(
        {"opponents": 2, "hands": 1, "target": None, "level": "easy"}, 7
    ).save()
    stored = {"rummy-table/prefs": {"lang": "en", "game": "basic"}, "rummy-table/basic/save": save}
    with held_page(browser, "zh-CN", stored) as (page, held):
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
    with held_page(browser, "en-GB", stored) as (page, held):
        page.goto(url)
        expect(page.get_by_test_id("resume")).to_be_visible()
        expect(page.get_by_test_id("resume")).to_have_class("primary big")
        expect(start_button(page, "en")).to_have_class("big")
        stays_put(page, held, "en", "document.body.dataset.phase === 'replay'")


def test_blocked_storage_still_paints_in_the_browsers_language(browser: Browser, site):
    with held_page(browser, "zh-HK", blocked=True) as (page, _held):  # the static page only
        page.goto(site.url)
        start_button(page, "zh-Hant")
        expect(page.locator("#progress-text")).to_have_text(catalog("zh-Hant")["loading.page"])


PLAYING = "['upcard', 'draw', 'discard', 'opponent', 'play'].includes(document.body.dataset.phase)"
CUTTING = "document.body.dataset.phase === 'cut' && !document.body.dataset.busy"  # a fair deal


def tap_pressed(page: Page, *testids: str) -> None:
    """Tap each choice; each is pressed at once, while the page is still static."""
    for testid in testids:
        page.get_by_test_id(testid).click()
        expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.body.dataset.ui") is None


def tap_start_early(page: Page, lang: str) -> None:
    """Start, tapped before the DOM layer is live: kept, and said so."""
    start_button(page, lang).click()
    expect(page.locator("#notice")).to_have_text(catalog(lang)["loading.queued"])
    assert page.evaluate("document.body.dataset.ui") is None


def test_choices_and_start_tapped_before_the_dom_layer_is_live_are_answered_and_played(
    browser: Browser, site
):
    """A Chinese browser: English, gin's hard level and a match to 50 chosen on the static page,
    then Start. Each shows at once, stays as it is when the DOM layer takes over, is saved, and
    the match Start kept is dealt with them once the engine is up."""
    with held_page(browser, "zh-CN") as (page, held):
        page.goto(site.url + "?fast")
        tap_pressed(page, "lang-en", "level-hard", "target-50")
        expect(page.locator("#progress-text")).to_have_text(catalog("en")["loading.page"])
        for testid in ("level-normal", "target-100", "lang-zh-Hans"):
            expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "false")
        assert kept(page, "rummy-table/prefs") == {"lang": "en", "level": "hard", "target": 50}
        tap_start_early(page, "en")
        stays_put(page, held, "en", None, keep_engine=True)
        expect(page.locator("#notice")).to_have_text(catalog("en")["loading.queued"])
        held.engine.release()
        page.wait_for_function(CUTTING, timeout=LOAD_TIMEOUT)  # started without another tap
        deal(page)
        page.wait_for_function(PLAYING, timeout=LOAD_TIMEOUT)
        settings = kept(page, "rummy-table/gin/save")["settings"]
        assert (settings["level"], settings["target"]) == ("hard", 50)


def test_with_storage_blocked_choices_tapped_early_are_kept_in_memory_and_played(
    browser: Browser, site
):
    with held_page(browser, "en-US", blocked=True) as (page, held):
        page.goto(site.url + "?fast&seed=17")
        tap_pressed(page, "game-basic", "opponents-2", "length-hands-1")
        expect(page.locator(".basic-only").first).to_be_visible()  # the game's settings shown
        expect(page.locator(".gin-only").first).to_be_hidden()
        tap_start_early(page, "en")
        stays_put(page, held, "en", None)
        page.wait_for_function(PLAYING, timeout=LOAD_TIMEOUT)
        assert page.evaluate("document.body.dataset.game") == "basic"
        expect(page.locator("#opponents .seat")).to_have_count(2)


def test_a_game_with_a_save_chosen_early_shows_continue_and_the_start_screen_stays(
    browser: Browser, site
):
    """Basic Rummy has a save, gin (the chosen game) none: choosing Basic Rummy on the static
    page offers Continue there, as the live page would, and keeps the start screen, once the
    DOM layer and the engine are up, rather than opening the saved table."""
    save = BasicSession.create(
        {"opponents": 2, "hands": 1, "target": None, "level": "easy"}, 7
    ).save()
    with held_page(browser, "en-US", {"rummy-table/basic/save": save}) as (page, held):
        page.goto(site.url)
        expect(page.get_by_test_id("resume")).to_be_hidden()
        tap_pressed(page, "game-basic")
        expect(page.get_by_test_id("resume")).to_be_visible()
        expect(page.get_by_test_id("resume")).to_have_class("primary big")
        expect(start_button(page, "en")).to_have_class("big")
        stays_put(page, held, "en", "document.body.dataset.phase === 'start'")
