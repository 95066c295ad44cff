"""Storage that keeps nothing, and two tabs of one game, in real Chromium.

With storage blocked (reading `localStorage` throws SecurityError, as when a browser refuses all
site data) the page starts, plays a whole hand, and says once, in the person's language, that
nothing is kept. With two tabs of one browser on the same saved game, the tab left on the older
position never writes over the game played on in the other: it says so and offers to load it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import STORAGE_BLOCKED, loaded, open_page, own_page, phase, press, settle
from players import (
    BASIC_OVER,
    GIN_OVER,
    RK_OVER,
    basic_turn,
    basic_until_my_turn,
    gin_step,
    gin_until_my_turn,
    play_gin_hand,
    rk_turn,
    rk_until_my_turn,
    start_basic,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e
I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
# Counts every change of the notice (its words, its button, shown or hidden) from now on.
COUNT_NOTICE_CHANGES = """() => {
  window.rummyNoticeChanges = 0;
  new MutationObserver(() => window.rummyNoticeChanges++).observe(
    document.getElementById("notice"),
    { childList: true, subtree: true, characterData: true, attributeFilter: ["hidden"] },
  );
}"""
# A tab that never hears the other's writes (no `storage` event reaches the page), so that the
# save's generation alone must stop it.
DEAF = "window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true);"


def catalog(lang: str) -> dict:
    return json.loads((I18N / f"{lang}.json").read_text("utf-8"))


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return errors


def test_with_storage_blocked_a_whole_hand_plays_unsaved_and_the_page_says_so_once(
    browser: Browser, site
):
    said = catalog("zh-Hans")["save.blocked"]
    with own_page(browser, locale="zh-CN") as page:
        errors = watch_errors(page)
        page.add_init_script(STORAGE_BLOCKED)
        open_page(page, site.url, seed=5)  # the engine is up: no endless "Loading the game…"
        assert page.evaluate("document.documentElement.lang") == "zh-Hans"
        notice = page.locator("#notice")
        expect(notice).to_have_text(said)
        page.evaluate(COUNT_NOTICE_CHANGES)
        start_gin(page)
        gin_until_my_turn(page)
        now = phase(page)
        press(page.get_by_test_id("home"))  # the match lives on the page only: Continue finds it
        press(page.get_by_test_id("resume"))
        assert phase(page) == now
        play_gin_hand(page)
        assert phase(page) in GIN_OVER
        expect(notice).to_have_text(said)
        assert page.evaluate("window.rummyNoticeChanges") == 0, "the notice was said again"
    assert not errors, errors


# ---- two tabs -------------------------------------------------------------------------------


def basic_step(page: Page) -> None:
    now = phase(page)
    if now in BASIC_OVER:
        press(page.get_by_test_id("next-hand" if now == "hand-over" else "rematch"))
    else:
        basic_turn(page)


def rk_step(page: Page) -> None:
    now = rk_until_my_turn(page)
    if now in RK_OVER:
        press(page.get_by_test_id("next-hand" if now == "round-over" else "rematch"))
    else:
        rk_turn(page)


# Each game: how a person starts it, plays one step of it, and waits until it is theirs to
# play again (so that the tab writes nothing meanwhile); where their cards or tiles are.
GAMES: dict[str, tuple[Callable, Callable, Callable, str]] = {
    "gin": (start_gin, gin_step, gin_until_my_turn, "#hand [data-card]"),
    "basic": (
        lambda page: start_basic(page, opponents=1),
        basic_step,
        basic_until_my_turn,
        "#basic-hand [data-card]",
    ),
    "rummikub": (start_rummikub, rk_step, rk_until_my_turn, "#rk-rack [data-tile]"),
}


def kept(page: Page, game: str) -> dict[str, str | None]:
    """What the browser keeps of `game`: its save, statistics and generation, as stored."""
    return {
        what: page.evaluate("key => localStorage.getItem(key)", f"rummy-table/{game}/{what}")
        for what in ("save", "stats", "generation")
    }


def position(page: Page, game: str) -> tuple[str, list[str]]:
    """The screen shown and the person's cards or tiles (as codes, sorted)."""
    codes = page.locator(GAMES[game][3]).evaluate_all(
        "nodes => nodes.map(node => node.dataset.card || node.dataset.tile)"
    )
    return phase(page), sorted(codes)


def my_turn(page: Page, game: str) -> None:
    GAMES[game][2](page)
    settle(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_tab_left_on_an_older_position_never_saves_over_the_game_played_on_in_another(
    page: Page, site, game: str
):
    start, step = GAMES[game][0], GAMES[game][1]
    elsewhere = catalog("en")["save.elsewhere"]
    page.add_init_script(DEAF)
    open_page(page, site.url, seed=5)
    start(page)
    my_turn(page, game)
    newer = page.context.new_page()  # a second tab of the same browser: the same storage
    errors = watch_errors(newer)
    open_page(newer, site.url)
    assert position(newer, game) == position(page, game), "the second tab shows the saved game"
    before = kept(page, game)
    for _ in range(3):
        step(newer)
    my_turn(newer, game)
    played = kept(newer, game)
    assert played["save"] != before["save"] and played["generation"] != before["generation"]

    expect(page.locator("#notice")).to_be_hidden()  # it heard nothing
    step(page)  # the first tab acts on the older position it still shows
    assert kept(page, game) == played, "the older tab wrote over the newer game"
    expect(page.locator("#notice")).to_contain_text(elsewhere)
    expect(page.get_by_test_id("load-newer")).to_be_visible()
    page.reload()
    loaded(page)
    assert kept(page, game) == played
    assert position(page, game) == position(newer, game), "the reload shows the newer game"

    step(page)  # played on here now: the other tab hears it at once, and loads it
    my_turn(page, game)
    latest = kept(page, game)
    assert latest["generation"] != played["generation"]
    expect(newer.locator("#notice")).to_contain_text(elsewhere)
    press(newer.get_by_test_id("load-newer"))
    my_turn(newer, game)
    assert position(newer, game) == position(page, game)
    assert kept(newer, game) == latest
    expect(newer.locator("#notice")).to_be_hidden()
    assert not errors, errors
