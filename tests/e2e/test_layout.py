"""The page's layout and settings in real Chromium: cards that grow with the screen, a gin table
that fills it and does not move as a hand is played, one primary button on the start screen,
the settings sheet (game speed, theme, gin's scoring) kept across a reload, and large print on a
360 px phone in each game and language."""

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
    settle,
    stored,
    wait_out,
)
from players import (
    basic_until_my_turn,
    gin_until,
    rk_until_my_turn,
    start_basic,
    start_gin,
    start_rummikub,
)
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
LARGE = "document.documentElement.classList.contains('large-print')"

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


@pytest.mark.parametrize(
    "screen, large",
    [(DESKTOPS[0], False), (PHONE, False), (PHONE, True)],
    ids=["desktop", "phone", "phone-large-print"],
)
def test_the_table_does_not_move_from_the_upcard_offer_to_after_the_discard(
    playwright, browser, site, screen, large
):
    """Take/Pass coming and going, the Discard and Knock buttons, the card the computer took, and
    the eleventh card in the hand move nothing: the piles, the status line and the hand stay put,
    in large print too (the hand's value longer once a card is selected)."""
    with device_page(playwright, browser, screen) as watched:
        page = watched.page
        if large:
            page.add_init_script(f"localStorage.setItem('{PREFS}', '{{\"largePrint\": true}}')")
        open_page(page, site.url, seed=SEED)
        assert page.evaluate(LARGE) == large
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


# ---- large print ----------------------------------------------------------------------------

LANGUAGES = ("zh-Hans", "zh-Hant", "en")  # English last, as the page was
# Each table's hand (gin and Basic Rummy) or rack (Rummikub), what it holds, and its status line,
# whose text grows with large print.
HANDS = {
    "gin": ("#hand", "[data-card]", "status"),
    "basic": ("#basic-hand", "[data-card]", "basic-status"),
    "rummikub": ("#rk-rack", "[data-tile]", "rk-status"),
}
# Where each card or tile of a hand lies (its left, right and top), the page's width, and how
# far the hand itself scrolls sideways.
SPREAD = """([hand, held]) => {
  const box = document.querySelector(hand);
  return {
    boxes: [...box.querySelectorAll(held)].map((n) => n.getBoundingClientRect())
      .map((r) => [r.left, r.right, Math.round(r.top + scrollY)]),
    width: innerWidth,
    inside: box.scrollWidth - box.clientWidth,
  };
}"""


def large_print(page: Page, on: bool) -> None:
    """Large print turned on or off in the settings sheet: it applies at once."""
    open_settings(page)
    page.get_by_test_id("settings-large-print").set_checked(on)
    settle(page)
    assert page.evaluate(LARGE) == on
    close_settings(page)


def held(page: Page, game: str):
    """The cards (tiles) in the hand of `game`'s table."""
    hand, what, _ = HANDS[game]
    return page.locator(f"{hand} {what}")


def sizes(page: Page, game: str) -> tuple[float, float]:
    """The first card's (tile's) width, and the status line's font size, on `game`'s table."""
    status = HANDS[game][2]
    width = held(page, game).first.bounding_box()["width"]
    text = page.get_by_test_id(status).evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    return width, text


def speak(page: Page, lang: str) -> None:
    """The page in `lang` (the table drawn again in its words)."""
    page.get_by_test_id("lang-select").select_option(lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    settle(page)


def large_print_fits(page: Page, game: str) -> float:
    """On `game`'s table: large print makes its cards (tiles) 1.25 times as wide and its text
    1.2 times as large as without; in each language the page does not scroll sideways and every
    card of the hand lies on the screen, in three rows at most; a tap on the last selects it.
    The width of a card (tile) in large print."""
    large_print(page, False)
    card, text = sizes(page, game)
    large_print(page, True)
    large_card, large_text = sizes(page, game)
    assert large_card >= 1.25 * card and large_text >= 1.2 * text, (card, large_card, text)
    cards = held(page, game)
    for lang in LANGUAGES:
        speak(page, lang)
        no_sideways_scroll(page)
        spread = page.evaluate(SPREAD, HANDS[game][:2])
        assert spread["inside"] <= 0, f"{game} in {lang}: the hand scrolls sideways"
        for left, right, _ in spread["boxes"]:
            assert 0 <= left and right <= spread["width"], f"{game} in {lang}: off the screen"
        assert len({top for _, _, top in spread["boxes"]}) <= 3, f"{game} in {lang}: rows"
    press(cards.last, "tap")  # scrolled to, if below the screen
    expect(cards.last).to_have_attribute("aria-pressed", "true")
    return large_card


def test_large_print_fits_a_360_px_phone_in_each_game_and_language(playwright, browser, site):
    """Large print, chosen in the settings, on a 360 px phone: the start screen, gin's hand of
    11 cards, Basic Rummy's (one computer player: the most cards) and a Rummikub rack of 14
    tiles, in the three languages; kept across a reload. Six cards fit a row, and a meld is not
    split, so a hand may take three rows (gin's keeps room for three)."""
    with device_page(playwright, browser, PHONE) as watched:
        page = watched.page
        open_page(page, site.url, seed=SEED)
        large_print(page, True)
        for lang in LANGUAGES:  # the start screen
            speak(page, lang)
            no_sideways_scroll(page)
        start_gin(page, target=100, level="normal")
        gin_until(page, ("discard",))
        assert held(page, "gin").count() == 11
        large_print_fits(page, "gin")
        press(page.get_by_test_id("home"))
        start_basic(page, opponents=1, length="hands-1")
        basic_until_my_turn(page)
        if phase(page) == "draw":
            press(page.get_by_test_id("basic-stock"))
        assert held(page, "basic").count() == 11
        large_print_fits(page, "basic")
        press(page.get_by_test_id("home"))
        start_rummikub(page)
        assert rk_until_my_turn(page) == "play"
        assert held(page, "rummikub").count() >= 14
        tile = large_print_fits(page, "rummikub")
        page.reload()
        loaded(page)
        assert page.evaluate(LARGE) and stored(page, PREFS)["largePrint"] is True
        assert sizes(page, "rummikub")[0] == tile
        open_settings(page)
        expect(page.get_by_test_id("settings-large-print")).to_be_checked()
        assert not watched.errors, watched.errors
