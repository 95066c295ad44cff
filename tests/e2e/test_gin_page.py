"""The gin page in real Chromium, played by clicks only, as a person would."""

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rummy.gin import Match

pytestmark = pytest.mark.e2e
SAVE = "rummy-table/gin/save"
LOAD_TIMEOUT = 90_000


def phase(page: Page) -> str:
    return page.evaluate("document.body.dataset.phase")


def open_game(page: Page, url: str, seed: int | None = None) -> None:
    page.goto(url + "?fast" + (f"&seed={seed}" if seed is not None else ""))
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)


def start(page: Page, target: int = 50, level: str = "easy") -> None:
    page.get_by_test_id(f"target-{target}").click()
    page.get_by_test_id(f"level-{level}").click()
    page.get_by_test_id("start").click()
    page.wait_for_function("document.body.dataset.phase !== 'start'")


def saved(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def hand_codes(page: Page) -> list[str]:
    return page.locator("#hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def number(text: str) -> int:
    return int(re.findall(r"-?\d+", text)[-1])


def take_turn(page: Page, tap: bool = False) -> None:
    """One step of a simple person: pass the upcard, draw from the stock, knock when the page
    offers it, else discard the last card shown (the highest deadwood card). By clicks, or by
    taps on a touch screen."""

    def press(locator):
        locator.tap() if tap else locator.click()

    now = phase(page)
    if now == "upcard":
        press(page.get_by_test_id("pass-upcard"))
    elif now == "draw":
        press(page.get_by_test_id("stock"))
    elif now == "discard":
        card = page.locator("#hand [data-card]").last
        press(card)  # selected: the knock button is live if knocking with it is legal
        knock = page.get_by_test_id("knock")
        press(knock if knock.get_attribute("aria-disabled") == "false" else card)
    elif now == "opponent":
        page.wait_for_function("document.body.dataset.phase !== 'opponent'", timeout=30_000)
    else:
        raise AssertionError(f"unexpected phase {now}")


def until_my_turn(page: Page, tap: bool = False) -> None:
    """Play on, dealing again if a hand ends first, until the person is to draw or discard."""
    for _ in range(400):
        now = phase(page)
        if now in ("draw", "discard"):
            return
        if now in ("settle", "match-over"):
            button = page.get_by_test_id("next-hand" if now == "settle" else "rematch")
            button.tap() if tap else button.click()
        else:
            take_turn(page, tap)
    raise AssertionError("the person never got a turn")


def play_hand(page: Page, tap: bool = False) -> None:
    for _ in range(400):
        if phase(page) in ("settle", "match-over"):
            return
        take_turn(page, tap)
    raise AssertionError("the hand did not end")


def test_a_full_hand_by_clicks_scores_what_the_engine_settles(page: Page, site):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    open_game(page, site.url, seed=5)
    start(page)
    play_hand(page)
    match = Match.from_record(saved(page)["match"])
    result = match.hand.result
    assert result is not None
    you, opponent = match.scores
    assert number(page.get_by_test_id("score-you").inner_text()) == you
    assert number(page.get_by_test_id("score-opponent").inner_text()) == opponent
    if result.kind != "dead":
        assert number(page.get_by_test_id("hand-points").inner_text()) == result.points
        settlement = page.get_by_test_id("settlement")
        expect(settlement).to_be_visible()
        s = result.settlement
        assert f"{s.knocker_deadwood}" in settlement.inner_text()
        assert f"{s.defender_deadwood}" in settlement.inner_text()
    expect(page.locator("[data-testid=next-hand]:visible, [data-testid=rematch]:visible")).to_have_count(1)
    assert all(url.startswith(site.url) for url in requests), "every byte comes from dist/"


def test_a_whole_match_to_50_reaches_the_match_end(page: Page, site):
    open_game(page, site.url, seed=6)
    start(page, target=50)
    for _ in range(40):
        play_hand(page)
        if phase(page) == "match-over":
            break
        page.get_by_test_id("next-hand").click()
    assert phase(page) == "match-over"
    match = Match.from_record(saved(page)["match"])
    assert match.is_over and max(match.scores) >= 50
    expect(page.get_by_test_id("rematch")).to_be_visible()
    page.get_by_test_id("rematch").click()
    assert phase(page) in ("upcard", "opponent")
    page.get_by_test_id("score-you").filter(has_text=re.compile(r"\b0$"))


def test_illegal_taps_are_refused_with_a_message_and_change_nothing(page: Page, site):
    open_game(page, site.url, seed=21)
    start(page, target=100)
    if phase(page) == "opponent":
        take_turn(page)
    assert phase(page) in ("upcard", "draw")
    upcard = page.get_by_test_id("discard").locator("[data-code]").get_attribute("data-code")
    if phase(page) == "upcard":
        page.get_by_test_id("take-upcard").click()
    else:
        page.get_by_test_id("discard").click()
    assert phase(page) == "discard"
    before = saved(page)
    hand = hand_codes(page)
    taken = page.locator(f'#hand [data-card="{upcard}"]')
    taken.click()
    taken.click()  # the card just taken from the pile
    status = page.get_by_test_id("status")
    expect(status).to_have_class(re.compile("error"))
    assert "discard pile" in status.inner_text()
    assert saved(page) == before and hand_codes(page) == hand and phase(page) == "discard"

    # Knocking with more than 10 points of deadwood: select a card, read the preview, knock.
    page.locator(f'#hand [data-card="{hand[0] if hand[0] != upcard else hand[1]}"]').click()
    left = number(page.get_by_test_id("deadwood").inner_text())
    assert left > 10  # seed 21's first hand
    knock = page.get_by_test_id("knock")
    assert knock.get_attribute("aria-disabled") == "true"
    knock.click(force=True)  # it looks disabled (aria-disabled) but a tap still reaches it
    expect(status).to_contain_text(f"deadwood is {left}")
    assert saved(page) == before and hand_codes(page) == hand and phase(page) == "discard"


def test_reload_mid_hand_restores_the_identical_position(page: Page, site):
    open_game(page, site.url)
    start(page)
    for _ in range(6):
        if phase(page) in ("settle", "match-over"):
            break
        take_turn(page)
    until_my_turn(page)
    before = (phase(page), hand_codes(page), saved(page), page.get_by_test_id("stock").inner_text())
    page.reload()
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
    after = (phase(page), hand_codes(page), saved(page), page.get_by_test_id("stock").inner_text())
    assert after == before
    play_hand(page)  # and it plays on to the end of the hand


def test_a_corrupted_save_gets_a_message_and_a_fresh_start(page: Page, site):
    open_game(page, site.url)
    start(page)
    take_turn(page)
    page.evaluate(f"localStorage.setItem('{SAVE}', '{{\"format\": \"rummy-table/gin\", \"version\": 1, \"match\": 7')")
    page.reload()
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
    assert phase(page) == "start"
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("could not be restored")
    start(page)
    assert phase(page) in ("upcard", "opponent")
    assert saved(page)["format"] == "rummy-table/gin"


def test_the_page_plays_offline_after_the_first_load(browser, new_site):
    site = new_site()
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_game(page, site.url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        site.stop()  # the server is gone: only the service worker's cache is left
        context.set_offline(True)
        page.reload()
        page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
        assert phase(page) == "start"
        start(page)
        play_hand(page)
        assert phase(page) in ("settle", "match-over")
    finally:
        context.close()


@pytest.mark.parametrize("device", ["Pixel 7", "iPhone 13"])
def test_a_phone_screen_fits_without_horizontal_scrolling_and_taps_are_large(playwright, browser, site, device):
    descriptor = {k: v for k, v in playwright.devices[device].items() if k != "default_browser_type"}
    context = browser.new_context(**descriptor, locale="en-US")
    page = context.new_page()
    try:
        for size in ({"width": 360, "height": 640}, {"width": 640, "height": 360}):
            page.set_viewport_size(size)
            open_game(page, site.url)
            if phase(page) == "start":
                start(page)
            until_my_turn(page, tap=True)
            if phase(page) == "draw":
                page.get_by_test_id("stock").tap()
            assert len(hand_codes(page)) == 11
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            controls = "#hand [data-card], .table button:visible, .topbar button:visible"
            for width, height, inside in page.locator(controls).evaluate_all(
                """nodes => nodes.map(n => n.getBoundingClientRect())
                    .map(r => [r.width, r.height, r.left >= 0 && r.right <= window.innerWidth])"""
            ):
                assert width >= 44 and height >= 44 and inside
            play_hand(page, tap=True)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.evaluate("localStorage.clear()")
    finally:
        context.close()


def test_the_whole_game_is_playable_by_keyboard(page: Page, site):
    open_game(page, site.url)
    page.get_by_test_id("target-50").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("start").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.phase !== 'start'")
    for _ in range(400):
        now = phase(page)
        if now in ("settle", "match-over"):
            break
        if now == "opponent":
            take_turn(page)
            continue
        target = {
            "upcard": "[data-testid=pass-upcard]",
            "draw": "[data-testid=stock]",
            "discard": "#hand [data-card]:last-of-type",
        }[now]
        node = page.locator(target).last
        node.focus()
        page.keyboard.press("Enter")
        if now == "discard":
            page.locator("[data-testid=discard-button]").focus()
            page.keyboard.press("Enter")
    assert phase(page) in ("settle", "match-over")
    page.keyboard.press("Enter")  # the focus is on 「next hand」 or rematch
    assert phase(page) in ("upcard", "opponent", "draw")


def test_languages_switch_and_are_remembered(page: Page, site):
    open_game(page, site.url)
    page.get_by_test_id("lang-zh-Hans").click()
    expect(page.get_by_test_id("start")).to_have_text("开始这一手")
    start(page)
    if phase(page) == "upcard":
        expect(page.get_by_test_id("take-upcard")).to_have_text("要")
    page.reload()
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("taken-record")).to_contain_text("对手取走")
    card = page.locator("#hand [data-card]").first
    assert re.match(r"^(梅花|方块|红心|黑桃)", card.get_attribute("aria-label"))


def test_statistics_rules_and_four_colour_deck(page: Page, site):
    open_game(page, site.url, seed=5)
    page.get_by_test_id("four-color").check()
    assert page.evaluate("document.body.classList.contains('four-color')")
    page.get_by_role("button", name="Rules").click()
    sheet = page.locator("#sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("How to play Gin Rummy")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    start(page)
    play_hand(page)
    result = Match.from_record(saved(page)["match"]).hand.result
    page.get_by_test_id("next-hand").click()
    page.get_by_role("button", name="Statistics").click()
    expect(sheet).to_contain_text("Your Gin Rummy statistics")
    played = sheet.locator("dt", has_text="Hands played").locator("xpath=following-sibling::dd[1]")
    expect(played).to_have_text("0" if result.kind == "dead" else "1")
    page.reload()  # the four-colour choice and the statistics are remembered
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.classList.contains('four-color')")
    page.get_by_role("button", name="Statistics").click()
    expect(played).to_have_text("0" if result.kind == "dead" else "1")


def wait_for_caches(page: Page, names: list[str], seconds: float = 60) -> None:
    """Poll the page's Cache Storage until it holds exactly `names`."""
    deadline = time.monotonic() + seconds
    while (found := page.evaluate("caches.keys()")) != names:
        assert time.monotonic() < deadline, f"caches {found}, expected {names}"
        page.wait_for_timeout(250)


def test_a_new_build_replaces_the_cache_cleanly(browser, new_site, build_module, tmp_path):
    web = tmp_path / "web"
    shutil.copytree(Path(__file__).resolve().parents[2] / "web", web)
    dist = build_module.build(tmp_path / "dist", web, npm=False)
    first = json.loads((dist / "precache.json").read_text())["version"]
    site = new_site(dist)
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_game(page, site.url)
        wait_for_caches(page, [f"rummy-table-{first}"])

        catalog = web / "i18n" / "en.json"
        strings = json.loads(catalog.read_text())
        strings["app.tagline"] = "Gin Rummy, new build"
        catalog.write_text(json.dumps(strings, ensure_ascii=False))
        build_module.build(tmp_path / "dist", web, npm=False)
        second = json.loads((dist / "precache.json").read_text())["version"]
        assert second != first

        page.reload()  # the browser finds the new worker; it installs, takes over, drops the old cache
        wait_for_caches(page, [f"rummy-table-{second}"], seconds=180)  # 14 MB to fetch, on a busy CI
        page.reload()
        page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=LOAD_TIMEOUT)
        expect(page.locator(".tagline")).to_have_text("Gin Rummy, new build")
    finally:
        context.close()
