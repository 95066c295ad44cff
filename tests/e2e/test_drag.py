"""Dragging the cards of the hand into the person's own order (gin and Basic Rummy): a mouse
that rests over the place before letting go, and a finger that picks up a card it has not
selected by holding it still (a long press), while a quick swipe stays a swipe."""

import pytest
from helpers import cards_still, device_page, finger_drag, open_page, phase, press, settle
from players import basic_until_my_turn, gin_until_my_turn, start_basic, start_gin
from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.e2e
HELD = "document.body.dataset.drag === 'held'"
MENU = "c => c.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))"


def codes(cards: Locator) -> list[str]:
    return cards.evaluate_all("cards => cards.map(c => c.dataset.card)")


def drag_and_rest(page: Page, source: Locator, target: Locator) -> None:
    """A mouse pressed on `source`, moved onto the right half of `target`, resting there until
    the dragged card has caught up with it (no transition running), then let go."""
    start, end = source.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + 10, start["y"] + 20)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] * 0.75, end["y"] + 20, steps=8)
    cards_still(page)
    page.mouse.up()
    settle(page)


def test_a_mouse_that_rests_over_the_place_drops_the_card_there_in_gin_and_basic(page: Page, site):
    open_page(page, site.url, seed=5)
    start_gin(page)
    gin_until_my_turn(page)
    cards = page.locator("#hand [data-card]")
    before = codes(cards)
    drag_and_rest(page, cards.nth(0), cards.nth(4))
    assert codes(cards) == before[1:5] + before[:1] + before[5:]

    press(page.get_by_test_id("home"))
    start_basic(page, opponents=1)
    basic_until_my_turn(page)
    cards = page.locator("#basic-hand [data-card]")
    before = codes(cards)
    drag_and_rest(page, cards.nth(1), cards.nth(3))
    assert codes(cards) == before[:1] + before[2:4] + before[1:2] + before[4:]


def test_on_a_phone_a_long_press_drags_a_card_not_selected_and_a_swipe_does_not(
    playwright, browser, site
):
    with device_page(playwright, browser, "Pixel 7") as watched:
        page = watched.page
        open_page(page, site.url, seed=5)
        start_gin(page, how="tap")
        gin_until_my_turn(page, how="tap")
        if phase(page) == "draw":
            press(page.get_by_test_id("stock"), "tap")
        assert phase(page) == "discard"  # where selecting a card arms its discard
        cards = page.locator("#hand [data-card]")
        before = codes(cards)
        finger_drag(page, cards.first, cards.last, hold=HELD)  # held still until it lifts
        settle(page)
        after = codes(cards)
        assert after[:-2] == before[1:-1] and before[0] in after[-2:]  # beside the last card
        assert phase(page) == "discard", "the long press discarded the card"
        assert page.locator("#hand [aria-pressed=true]").count() == 0
        assert page.evaluate("document.body.dataset.drag") is None
        assert not cards.first.evaluate(MENU), "a long press opens the browser's menu on a card"

        finger_drag(page, cards.first, cards.last)  # a quick swipe: no drag
        settle(page)
        assert codes(cards) == after
        assert page.locator("#hand [aria-pressed=true]").count() == 0
