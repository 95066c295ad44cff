"""The page's layout and settings in real Chromium: cards that grow with the screen, a gin table
that fills it and does not move as a hand is played, one primary button on the start screen,
and the settings sheet (game speed, theme, gin's scoring) kept across a reload."""

import re

import pytest
from helpers import (
    cards_still,
    device_page,
    loaded,
    no_sideways_scroll,
    open_page,
    phase,
    press,
    stored,
    wait_out,
)
from players import start_gin
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SAVE = "rummy-table/gin/save"
PREFS = "rummy-table/prefs"
OVER = ("settle", "match-over")
DESKTOPS = [
    {"viewport": {"width": 1280, "height": 800}},
    {"viewport": {"width": 1920, "height": 1080}},
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
TODAYS_CARD = 68  # the card's width on a desktop before cards grew with the screen
SEED = 3  # the person is offered the upcard first, and the hand lasts past their first discard

# Where the parts of the gin table are on the page (not the viewport: a tap may scroll it).
BOXES = """() => Object.fromEntries(["stock", "discard", "status", "hand"].map((id) => {
  const box = document.querySelector(`#gin-table [data-testid="${id}"]`).getBoundingClientRect();
  return [id, [box.x + scrollX, box.y + scrollY, box.width, box.height]];
}))"""


def boxes(page: Page) -> dict[str, list[float]]:
    return page.evaluate(BOXES)


def hand(page: Page):
    return page.locator("#hand [data-card]")


def open_settings(page: Page) -> None:
    press(page.get_by_test_id("settings"))
    expect(page.locator("#sheet")).to_be_visible()


def close_settings(page: Page) -> None:
    press(page.get_by_test_id("close-sheet"))
    expect(page.locator("#sheet")).to_be_hidden()


def choose(page: Page, testid: str) -> None:
    press(page.get_by_test_id(testid))
    expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")


def play_past_the_first_discard(page: Page) -> dict[str, dict]:
    """The table's boxes at each step of the person's first turn: the upcard offered, the draw,
    the discard (11 cards), and after the discard. Pass, draw from the stock, discard the last
    card; the computer's turns are waited out."""
    seen = {}
    for _ in range(12):
        now = phase(page)
        if now == "upcard":
            seen.setdefault("upcard", boxes(page))
            press(page.get_by_test_id("pass-upcard"))
        elif now == "draw":
            seen.setdefault("draw", boxes(page))
            press(page.get_by_test_id("stock"))
        elif now == "discard":
            assert hand(page).count() == 11
            seen["discard"] = boxes(page)
            card = hand(page).last
            press(card)
            press(card)
            seen["after the discard"] = boxes(page)
            return seen
        elif now == "opponent":
            wait_out(page, "opponent")
        else:
            raise AssertionError(f"the hand ended at {now} before the person discarded")
    raise AssertionError("the person never discarded")


@pytest.mark.parametrize(
    "screen", DESKTOPS, ids=lambda s: "{width}x{height}".format(**s["viewport"])
)
def test_on_a_desktop_the_cards_grow_and_the_hand_sits_at_the_bottom(
    playwright, browser, site, screen
):
    height = screen["viewport"]["height"]
    with device_page(playwright, browser, screen) as watched:
        page = watched.page
        open_page(page, site.url, seed=SEED)
        start_gin(page, target=100, level="normal")
        card = hand(page).first.bounding_box()
        assert card["width"] > TODAYS_CARD, card
        table = page.get_by_test_id("hand").bounding_box()
        assert table["y"] + table["height"] > 0.7 * height, (
            "the hand is in the bottom part of the screen"
        )
        actions = page.locator("#gin-table .actions").bounding_box()
        assert actions["y"] + actions["height"] <= height, "the buttons are on screen"
        no_sideways_scroll(page)
        while phase(page) != "discard":
            assert phase(page) not in OVER
            press(page.get_by_test_id("pass-upcard" if phase(page) == "upcard" else "stock"))
            wait_out(page, "opponent")
        cards_still(page)
        tops = hand(page).evaluate_all(
            "cards => cards.map(c => Math.round(c.getBoundingClientRect().top))"
        )
        assert len(tops) == 11 and len(set(tops)) == 1, f"eleven cards in one row: {tops}"
        no_sideways_scroll(page)
        assert not watched.errors, watched.errors


@pytest.mark.parametrize("screen", [DESKTOPS[0], PHONE], ids=["desktop", "phone"])
def test_the_table_does_not_move_from_the_upcard_offer_to_after_the_discard(
    playwright, browser, site, screen
):
    """Take/Pass coming and going, the Discard and Knock buttons, the card the computer took, and
    the eleventh card in the hand move nothing: the piles, the status line and the hand stay put."""
    with device_page(playwright, browser, screen) as watched:
        page = watched.page
        open_page(page, site.url, seed=SEED)
        start_gin(page, target=100, level="normal")
        seen = play_past_the_first_discard(page)
        assert list(seen) == ["upcard", "draw", "discard", "after the discard"], list(seen)
        first = seen["upcard"]
        for step, where in seen.items():
            for part, box in where.items():
                assert all(abs(a - b) <= 1 for a, b in zip(box, first[part], strict=True)), (
                    f"{part} moved at {step}: {first[part]} -> {box}"
                )
        no_sideways_scroll(page)
        assert not watched.errors, watched.errors


# What the hints must never cover: the status line, the piles, the hand and its buttons.
COVERED = """() => {
  const hints = document.getElementById("hints").getBoundingClientRect();
  return ["status", "stock", "discard", "take-upcard", "pass-upcard", "hand", "discard-button",
          "knock", "hint"].filter((id) => {
    const r = document.querySelector(`#gin-table [data-testid="${id}"]`).getBoundingClientRect();
    return r.left < hints.right && hints.left < r.right && r.top < hints.bottom
      && hints.top < r.bottom;
  });
}"""


@pytest.mark.parametrize(
    "screen",
    [DESKTOPS[0], "Pixel 7 landscape", PHONE],
    ids=["desktop", "pixel-7-landscape", "phone"],
)
def test_the_hints_never_cover_the_status_line_the_piles_or_the_hand(
    playwright, browser, site, screen
):
    """The hints open beside the piles on a desktop and a phone on its side, over the
    opponent's cards on a phone held upright: at the upcard offer, the draw and the discard."""
    with device_page(playwright, browser, screen) as watched:
        page = watched.page
        open_page(page, site.url, seed=SEED)
        start_gin(page, target=100, level="normal")
        seen = []
        while phase(page) != "discard":
            assert phase(page) not in OVER
            if phase(page) == "opponent":
                wait_out(page, "opponent")
                continue
            now = phase(page)
            press(page.get_by_test_id("hint"))
            expect(page.get_by_test_id("hint-best")).to_be_visible()
            assert page.evaluate(COVERED) == [], f"the hints cover these at {now}"
            seen.append(now)
            press(page.get_by_test_id("pass-upcard" if now == "upcard" else "stock"))
        press(page.get_by_test_id("hint"))
        expect(page.get_by_test_id("hint-best")).to_be_visible()
        assert page.evaluate(COVERED) == [], "the hints cover these at the discard"
        assert seen == ["upcard", "draw"], seen
        assert not watched.errors, watched.errors


def primaries(page: Page):
    return page.locator(".primary:visible")


def test_the_start_screen_has_one_primary_button_with_or_without_a_save(page: Page, site):
    open_page(page, site.url, seed=SEED)
    expect(primaries(page)).to_have_count(1)
    expect(primaries(page)).to_have_attribute("data-testid", "start")
    start_gin(page, target=100, level="normal")
    press(page.get_by_test_id("home"))  # the match is saved: Continue is the primary, Start is not
    expect(page.get_by_test_id("resume")).to_be_visible()
    expect(page.get_by_test_id("start")).to_be_visible()
    expect(primaries(page)).to_have_count(1)
    expect(primaries(page)).to_have_attribute("data-testid", "resume")
    press(page.get_by_test_id("game-basic"))  # no Basic Rummy save: Start is the primary again
    expect(page.get_by_test_id("resume")).to_be_hidden()
    expect(primaries(page)).to_have_count(1)
    expect(primaries(page)).to_have_attribute("data-testid", "start")


def test_the_settings_change_speed_theme_and_scoring_and_are_kept(page: Page, site):
    open_page(page, site.url)
    expect(page.locator("[data-testid=rules-pagat]")).to_have_count(0)  # not on the start screen
    open_settings(page)
    speeds = page.locator("[data-choice=speed]").evaluate_all("bs => bs.map(b => b.dataset.value)")
    assert speeds == ["slow", "normal", "fast"]
    for testid in ("speed-normal", "theme-system", "rules-house"):  # the defaults
        expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")
    for testid in ("speed-slow", "theme-light", "rules-pagat"):
        choose(page, testid)
    assert page.evaluate("document.body.classList.contains('theme-light')"), (
        "the theme applies at once"
    )
    close_settings(page)
    assert {k: stored(page, PREFS)[k] for k in ("speed", "theme", "rules")} == {
        "speed": "slow",
        "theme": "light",
        "rules": "pagat",
    }
    page.reload()
    loaded(page)
    assert page.evaluate("document.body.classList.contains('theme-light')")
    open_settings(page)
    for testid in ("speed-slow", "theme-light", "rules-pagat"):
        expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "true")
    for testid in ("speed-normal", "speed-fast", "theme-system", "theme-dark", "rules-house"):
        expect(page.get_by_test_id(testid)).to_have_attribute("aria-pressed", "false")
    choose(page, "speed-fast")
    choose(page, "theme-dark")
    assert page.evaluate("document.body.classList.contains('theme-dark')")
    assert stored(page, PREFS)["speed"] == "fast"


HEX = re.compile(r"#([0-9a-f]{6})")


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def theme_colours(page: Page) -> dict[str, str]:
    names = ["--felt", "--felt-dark", "--ink", "--sheet", "--error-ink", "--accent-ink"]
    values = page.evaluate(
        "(names) => names.map((n) => getComputedStyle(document.body).getPropertyValue(n))", names
    )
    return {
        name: HEX.search(value.lower()).group(1) for name, value in zip(names, values, strict=True)
    }


def readable(page: Page) -> None:
    """The ink, an error and the accent's text read at 4.5:1 on the felt, its edge and a sheet."""
    colours = theme_colours(page)
    for ink in ("--ink", "--error-ink", "--accent-ink"):
        for ground in ("--felt", "--felt-dark", "--sheet"):
            assert contrast(colours[ink], colours[ground]) >= 4.5, (ink, ground, colours)


def test_the_system_theme_follows_the_browser_until_one_is_chosen(playwright, browser, site):
    with device_page(playwright, browser, {"color_scheme": "dark"}) as watched:
        page = watched.page
        open_page(page, site.url)
        theme = "document.body.classList.contains('theme-{}')"
        assert page.evaluate(theme.format("dark")) and not page.evaluate(theme.format("light"))
        dark = theme_colours(page)
        readable(page)
        page.emulate_media(color_scheme="light")
        page.wait_for_function(theme.format("light"))
        assert not page.evaluate(theme.format("dark"))
        light = theme_colours(page)
        readable(page)
        assert luminance(light["--felt"]) > 0.5 > luminance(dark["--felt"]), (
            "a pale felt, then a dark one"
        )
        assert (
            page.evaluate("document.querySelector('meta[name=theme-color]').content")
            == "#" + light["--felt"]
        )
        open_settings(page)
        choose(page, "theme-dark")  # chosen: the browser's scheme no longer decides
        assert page.evaluate(theme.format("dark"))
        choose(page, "theme-system")
        assert page.evaluate(theme.format("light"))
        assert not watched.errors, watched.errors


def test_pagat_chosen_in_the_settings_scores_the_next_match(page: Page, site):
    open_page(page, site.url, seed=SEED)
    start_gin(page, target=100, level="normal")
    assert stored(page, SAVE)["settings"]["rules"] == "house"  # the default
    open_settings(page)
    expect(page.locator("#sheet")).to_contain_text("Applies to the next new match.")
    choose(page, "rules-pagat")
    close_settings(page)
    assert stored(page, SAVE)["match"]["rules"]["name"] == "house", (
        "the match in play keeps its rules"
    )
    page.get_by_role("button", name="New match").click()  # its work waits for the answer
    press(page.get_by_test_id("answer-yes"))
    assert phase(page) == "start"
    press(page.get_by_test_id("start"))
    save = stored(page, SAVE)
    assert save["settings"]["rules"] == "pagat" and save["match"]["rules"]["name"] == "pagat"
    assert (
        save["match"]["rules"]["gin_bonus"] == 20 and save["match"]["rules"]["undercut_bonus"] == 10
    )
