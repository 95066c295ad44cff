"""Learn by playing, in the page: each game's tutorial played to its end by following what the
page points at (its Go on button, else the first thing marked `.hinted`: the test knows no
step), on a 360 px phone in large print without sideways scroll; a move that is not the step's
gets the kind word and the same step; the first visit's offer, answered once; and a tutorial
opened over a match in play stores nothing and leaves the match as it was."""

from __future__ import annotations

import pytest
from helpers import no_sideways_scroll, open_page, phase, press, settle, stored
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
GAMES = ("gin", "basic", "rummikub")
MARKED = "main.table:not([hidden]) .hinted"
LARGE_PRINT = 'localStorage.setItem("rummy-table/prefs", JSON.stringify({largePrint: true}))'


def open_tutorial(page: Page, game: str) -> None:
    """The game's tutorial, from the rules sheet."""
    press(page.get_by_test_id("rules"))
    press(page.get_by_test_id(f"tutorial-{game}"))
    expect(page.locator("body")).to_have_attribute("data-phase", "tutorial")


def step_of(page: Page) -> int:
    return int(page.get_by_test_id("tutorial-step").get_attribute("data-step"))


def follow(page: Page) -> None:
    """One tap where the step points: its Go on, else the first thing it marks."""
    go_on = page.get_by_test_id("tutorial-go-on")
    if go_on.is_visible():
        press(go_on)
        return
    marked = page.locator(MARKED)
    expect(marked.first).to_be_visible()
    press(marked.first)


def play_through(page: Page, each_tap=lambda: None) -> list[int]:
    """The tutorial followed to its end: the steps it showed, in order."""
    steps: list[int] = []
    for _ in range(100):
        if page.get_by_test_id("tutorial-done").is_visible():
            return steps
        assert phase(page) == "tutorial"
        if not steps or steps[-1] != step_of(page):
            steps.append(step_of(page))
        expect(page.get_by_test_id("tutorial-try-again")).to_be_hidden()  # never a wrong tap
        follow(page)
        each_tap()
    raise AssertionError(f"the tutorial did not end: steps {steps}")


@pytest.mark.parametrize("game", GAMES)
def test_each_tutorial_is_played_to_its_end_by_its_own_marks_on_a_phone_in_large_print(
    browser, site, game
):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="en-US", service_workers="block"
    )
    page = context.new_page()
    try:
        page.add_init_script(LARGE_PRINT)
        open_page(page, site.url)
        assert page.evaluate("document.documentElement.classList.contains('large-print')")
        open_tutorial(page, game)
        steps = play_through(page, lambda: no_sideways_scroll(page))
        assert steps == sorted(steps) and steps[0] == 0 and len(steps) > 4
        expect(page.get_by_test_id("tutorial-step")).to_be_hidden()
        expect(page.locator(".tutorial-outcome")).to_be_visible()  # how the hand went
        no_sideways_scroll(page)
        assert stored(page, f"rummy-table/{game}/save") is None  # nothing kept, nothing counted
        assert stored(page, f"rummy-table/{game}/stats") is None
        press(page.get_by_test_id("tutorial-back"))
        assert phase(page) == "start"
        expect(page.locator("#tutorial")).to_be_hidden()
    finally:
        context.close()


def test_a_move_that_is_not_the_steps_gets_the_kind_word_and_the_step_again(page: Page, site):
    open_page(page, site.url)
    open_tutorial(page, "gin")
    while page.get_by_test_id("tutorial-go-on").is_visible():  # to the first move to make
        follow(page)
    step = step_of(page)
    marked = page.locator(MARKED)
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-testid") == "take-upcard"
    press(page.get_by_test_id("pass-upcard"))  # legal, but not the step's
    expect(page.get_by_test_id("tutorial-try-again")).to_have_text(
        "Nearly! Try the highlighted move."
    )
    assert step_of(page) == step and phase(page) == "tutorial"
    expect(marked).to_have_count(1)
    press(marked.first)
    assert step_of(page) > step
    expect(page.get_by_test_id("tutorial-try-again")).to_be_hidden()
    play_through(page)
    expect(page.get_by_test_id("tutorial-done")).to_be_visible()


def test_the_first_visit_offers_a_tutorial_once(page: Page, site):
    open_page(page, site.url)
    offer = page.get_by_test_id("tutorial-offer")
    expect(offer).to_be_visible()
    press(page.get_by_test_id("game-basic"))  # the offer is for the game chosen
    press(page.get_by_test_id("tutorial-offer-play"))
    assert phase(page) == "tutorial" and page.evaluate("document.body.dataset.game") == "basic"
    press(page.get_by_test_id("tutorial-leave"))
    assert phase(page) == "start"
    expect(offer).to_be_hidden()
    open_page(page, site.url)
    expect(offer).to_be_hidden()
    assert stored(page, "rummy-table/prefs")["tutorialOffered"] is True


def test_skipping_the_offer_keeps_it_away(page: Page, site):
    open_page(page, site.url)
    press(page.get_by_test_id("tutorial-offer-skip"))
    expect(page.get_by_test_id("tutorial-offer")).to_be_hidden()
    open_page(page, site.url)
    expect(page.get_by_test_id("tutorial-offer")).to_be_hidden()
    expect(page.get_by_test_id("start")).to_be_visible()


def test_a_tutorial_over_a_match_leaves_the_match_as_it_was(page: Page, site):
    open_page(page, site.url, seed=4)
    press(page.get_by_test_id("start"))
    page.wait_for_function(
        "['upcard', 'draw'].includes(document.body.dataset.phase)", timeout=120_000
    )
    before = phase(page)
    save = stored(page, "rummy-table/gin/save")
    stats = stored(page, "rummy-table/gin/stats")
    open_tutorial(page, "rummikub")
    follow(page)
    follow(page)
    assert step_of(page) > 0
    press(page.get_by_test_id("tutorial-leave"))
    assert phase(page) == before and page.evaluate("document.body.dataset.game") == "gin"
    assert stored(page, "rummy-table/gin/save") == save
    assert stored(page, "rummy-table/gin/stats") == stats
    assert stored(page, "rummy-table/rummikub/save") is None
    expect(page.locator(".hinted")).to_have_count(0)


def test_a_tutorial_over_a_deal_awaiting_its_cut_leaves_the_cut_as_it_was(page: Page, site):
    """The fair deal's cut screen comes back with the same fingerprint, and Deal deals."""
    open_page(page, site.url)
    press(page.get_by_test_id("start"))
    expect(page.locator("body")).to_have_attribute("data-phase", "cut", timeout=120_000)
    shown = page.get_by_test_id("deal-commitment").text_content()
    open_tutorial(page, "gin")
    follow(page)
    press(page.get_by_test_id("tutorial-leave"))
    assert phase(page) == "cut"
    expect(page.get_by_test_id("deal-commitment")).to_have_text(shown)
    press(page.get_by_test_id("deal"))
    page.wait_for_function("['upcard', 'draw'].includes(document.body.dataset.phase)")


def test_the_keyboard_follows_the_steps_to_the_end(page: Page, site):
    """Enter alone plays the gin tutorial: the focus is put on each next tap the step marks."""
    open_page(page, site.url)
    open_tutorial(page, "gin")
    expect(page.get_by_test_id("tutorial-go-on")).to_be_focused()
    for _ in range(40):
        if page.get_by_test_id("tutorial-done").is_visible():
            break
        page.keyboard.press("Enter")
        settle(page)
        expect(page.get_by_test_id("tutorial-try-again")).to_be_hidden()
    expect(page.get_by_test_id("tutorial-back")).to_be_focused()
