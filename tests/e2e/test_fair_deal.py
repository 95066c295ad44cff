"""Fair deals on the page (docs/fair-deal.md): before each hand the page shows the fingerprint
of the deck and waits for the person's cut, a number typed or the moment of a tap; once the hand
is over, Check this deal shows whether the seed revealed has that fingerprint, and the whole
deck, which the test deals again with the Python engine from the seed and cut the page shows."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest
from helpers import loaded, open_page, phase, press, settle, stored
from players import (
    play_basic_hand,
    play_gin_hand,
    play_rk_round,
    start_basic,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Page, expect
from rummy.basic.session import BasicSession
from rummy.fairdeal import commitment, cut_seed
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession

pytestmark = pytest.mark.e2e
FINGERPRINT = re.compile(r"^[0-9a-f]{4}( [0-9a-f]{4}){7}$")


def start_short_basic(page: Page) -> None:
    """Basic Rummy against one computer player, whose hand ends when the stock runs out: a
    hand of a few dozen moves at most, whatever the deal."""
    press(page.get_by_test_id("game-basic"))
    page.get_by_test_id("house-rules").locator("summary").click()
    press(page.get_by_test_id("basicStockOut-end"))
    start_basic(page, opponents=1, length="hands-1", dealt=False)


GAMES = {
    "gin": (GinSession, lambda page: start_gin(page, dealt=False), play_gin_hand),
    "basic": (BasicSession, start_short_basic, play_basic_hand),
    "rummikub": (RummikubSession, lambda page: start_rummikub(page, dealt=False), play_rk_round),
}


def cut_by_number(page: Page, number: str) -> None:
    """Open the cut, type `number` and confirm it (by Enter in the field)."""
    if not page.get_by_test_id("cut-value").is_visible():
        press(page.get_by_test_id("cut"))
    page.get_by_test_id("cut-value").fill(number)
    page.get_by_test_id("cut-value").press("Enter")
    settle(page)


def parts(page: Page) -> dict[str, list[str]]:
    """The deck the deal check shows, by part (hand-0, upcard, stock, pool, ...): card codes."""
    rows = page.get_by_test_id("deal-check").locator("[data-part]")
    return {
        row.get_attribute("data-part"): (row.get_attribute("data-codes") or "").split()
        for row in rows.all()
    }


def check_deal(page: Page) -> None:
    press(page.get_by_test_id("check-deal"))
    expect(page.get_by_test_id("deal-check")).to_be_visible()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_hand_cut_by_number_is_checked_against_the_engines_deal(page: Page, site, game: str):
    """Cut 417, play the hand to its end, check the deal: it matches the fingerprint shown
    before the deal, and its whole deck (the stock or pool nobody drew included) is the one the
    engine deals from the seed and cut revealed, as the command shown says too. A fingerprint
    changed in the page's keeping is shown as not matching."""
    session, start, play = GAMES[game]
    open_page(page, site.url)
    start(page)
    assert phase(page) == "cut"
    shown = page.get_by_test_id("deal-commitment").inner_text()
    assert FINGERPRINT.match(shown), shown
    expect(page.get_by_test_id("check-deal")).to_be_hidden()
    cut_by_number(page, "417")
    assert phase(page) != "cut"
    expect(page.get_by_test_id("share")).to_be_hidden()  # a hand in play is never shared
    play(page)

    check_deal(page)
    check = page.get_by_test_id("deal-check")
    expect(check).to_have_attribute("data-match", "true")
    expect(check).to_contain_text("It matches")
    seed = int(page.get_by_test_id("deal-seed").inner_text())
    assert page.get_by_test_id("deal-cut").inner_text() == "417"
    assert commitment(seed) == shown
    played = session.restore(stored(page, f"rummy-table/{game}/save"))
    hand = played.match.rounds[0]
    deck = session.deck_model(hand.rules, getattr(hand, "dealer", 0), cut_seed(seed, 417))
    found = parts(page)
    for seat, codes in enumerate(deck["hands"]):
        assert found[f"hand-{seat}"] == codes
    rest = "pool" if game == "rummikub" else "stock"
    assert found[rest] == deck[rest] and found[rest]
    if game != "rummikub":
        assert found["upcard"] == [deck["upcard"]]

    command = shlex.split(page.get_by_test_id("deal-verify").inner_text())
    assert command[:4] == ["python", "-m", "rummy", "verify"]
    said = subprocess.run(
        [sys.executable, *command[1:], "--commitment", shown],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "the commitment given matches this seed" in said
    assert " ".join(deck[rest][:10]) in said

    page.keyboard.press("Escape")  # the sheet closed: the result again
    key = f"rummy-table/{game}/shown-deal"
    kept = stored(page, key)
    assert kept["commitment"] == shown
    kept["commitment"] = commitment(seed ^ 1)  # what the page showed, changed
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(kept)])
    check_deal(page)
    expect(check).to_have_attribute("data-match", "false")
    expect(check).to_contain_text("does NOT match")


def test_a_cut_out_of_range_is_refused_and_nothing_is_dealt(page: Page, site):
    """The engine refuses a cut outside 1-999 in its own words; the field is marked invalid, and
    the deal still waits, with no card on the page, across a reload too. Then a cut in range
    deals."""
    open_page(page, site.url)
    start_gin(page, dealt=False)
    expect(page.get_by_test_id("deal-commitment")).to_be_visible()
    expect(page.locator(".cut-screen")).to_contain_text("fixed before your cut")
    for number in ("1000", "0"):
        cut_by_number(page, number)
        expect(page.get_by_test_id("cut-status")).to_have_text(
            "A cut is a whole number from 1 to 999."
        )
        expect(page.get_by_test_id("cut-value")).to_have_attribute("aria-invalid", "true")
        assert phase(page) == "cut"
        assert page.locator("[data-card], [data-code]").count() == 0
    shown = page.get_by_test_id("deal-commitment").inner_text()
    page.reload()  # the deal still waits for its cut, with the same fingerprint
    loaded(page)
    assert phase(page) == "cut"
    expect(page.get_by_test_id("deal-commitment")).to_have_text(shown)
    cut_by_number(page, "999")
    assert phase(page) != "cut"
    assert stored(page, "rummy-table/gin/save")["match"]["cuts"] == [999]


def test_deal_cuts_at_the_moment_of_the_tap(page: Page, site):
    """Deal sends the cut its tap's time picks: the time stamp in ms, modulo 999, plus 1."""
    open_page(page, site.url)
    start_gin(page, dealt=False)
    page.evaluate(
        """document.addEventListener("click", (event) => {
          if (event.target.closest("[data-testid=deal]")) window.tapAt = event.timeStamp;
        }, true)"""
    )
    press(page.get_by_test_id("deal"))
    assert phase(page) != "cut"
    tapped = page.evaluate("window.tapAt")
    assert stored(page, "rummy-table/gin/save")["match"]["cuts"] == [int(tapped) % 999 + 1]


def test_the_cut_screen_of_a_table_people_share_shows_no_hand(page: Page, site):
    """At a table two people share, the deal awaiting its cut shows nothing of anyone's hand;
    once dealt, the cover waits for the person to play first."""
    open_page(page, site.url)
    for seat, name in ((0, "Ann"), (1, "Bo")):
        page.get_by_test_id(f"seat-{seat}").select_option("person")
        page.get_by_test_id(f"seat-{seat}-name").fill(name)
    press(page.get_by_test_id("start"))
    assert phase(page) == "cut"
    expect(page.get_by_test_id("pass-device")).to_be_hidden()
    assert page.locator("[data-card], [data-code]").count() == 0
    press(page.get_by_test_id("deal"))
    assert phase(page) in ("pass-device", "opponent")
