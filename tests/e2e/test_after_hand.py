"""After a hand, the way on: the result closed with ✕ leaves a bar on the table, under its
status line (Next hand, or Rematch once the match is over, and Result to open the result
again), in the flow of the table, so that it covers nothing; it is never shown without its
table. Each game opens on a hand just ended: a save the engine played, put in localStorage."""

from __future__ import annotations

import json

import pytest
from helpers import device_page, loaded, phase, press
from playwright.sync_api import Page, expect
from rummy.basic.actions import action_code
from rummy.basic.agents import make_agent
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession

pytestmark = pytest.mark.e2e


def gin_person(session: GinSession) -> str:
    """Pass the upcard, draw from the stock, knock when allowed, else discard the last card."""
    view = session.view_model()
    if view["screen"] in ("upcard", "draw"):
        return "pass" if view["screen"] == "upcard" else "stock"
    card = view["hand"]["melds"][-1][-1]
    return ("knock " if view["discards"][card]["knock"] else "discard ") + card


def basic_person(session: BasicSession) -> str:
    action = make_agent("easy", len(session.match.round.actions)).act(session.view)
    return action_code(action).split(" ", 1)[1]


# Each game: its session, settings whose match goes on after one hand, the person's moves, and
# the screens of a hand just ended (then the one of a new hand in play).
GAMES = {
    "gin": (GinSession, {"target": 100, "level": "easy"}, gin_person, ("settle",)),
    "basic": (
        BasicSession,
        {"opponents": 1, "hands": 3, "target": None, "level": "easy"},
        basic_person,
        ("hand-over",),
    ),
    "rummikub": (
        RummikubSession,
        {
            "opponents": 1,
            "level": "easy",
            "initial_meld": False,
            "rounds": 3,
            "target": None,
            "timer": None,
        },
        lambda session: "draw",
        ("round-over",),
    ),
}
TABLES = {"gin": "#gin-table", "basic": "#basic-table", "rummikub": "#rummikub-table"}


def finished_save(game: str) -> dict:
    """The save of a match whose first hand has just ended, played by the engine."""
    session_type, settings, person, ended = GAMES[game]
    session = session_type.create(settings, 1)
    for _ in range(3000):
        if session.screen in ended:
            return session.save()
        session = session.act("computer" if session.screen == "opponent" else person(session))
    raise AssertionError("the hand did not end")


def open_saved(page: Page, url: str, game: str) -> None:
    """The page opened on `game`'s save of a hand just ended (stored once, before the load)."""
    save = json.dumps(finished_save(game))
    prefs = json.dumps({"game": game, "lang": "en"})
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("rummy-table/{game}/save", {json.dumps(save)});
        localStorage.setItem("rummy-table/prefs", {json.dumps(prefs)});
    }}""")
    page.goto(url + "?fast")
    loaded(page)


OVERLAPS = """([bar, table]) => {
    const box = document.querySelector(bar).getBoundingClientRect();
    const others = [...document.querySelectorAll(table + " button, " + table + " [data-card], "
        + table + " [data-tile], " + table + " .status")]
        .filter(n => !n.closest(bar) && n.offsetParent !== null)
        .map(n => [n.dataset.testid || n.dataset.card || n.dataset.tile || n.className,
                   n.getBoundingClientRect()]);
    return others.filter(([, r]) => r.width && r.height && r.left < box.right
        && box.left < r.right && r.top < box.bottom && box.top < r.bottom).map(([name]) => name);
}"""


def uncovered(page: Page, testid: str) -> bool:
    """Whether the control is what a tap at its middle reaches (nothing lies over it)."""
    return page.get_by_test_id(testid).evaluate("""node => {
        const r = node.getBoundingClientRect();
        return node.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    }""")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_closed_result_leaves_the_way_on_on_its_table_and_nowhere_else(
    playwright, browser, site, game
):
    with device_page(playwright, browser, "Pixel 7") as watched:
        page = watched.page
        open_saved(page, site.url, game)
        result, bar = page.locator("#result"), page.get_by_test_id("after-hand")
        expect(result).to_be_visible()
        expect(bar).to_be_hidden()  # the result's own buttons deal on while it is open
        press(page.get_by_test_id("close-result"), "tap")
        expect(result).to_be_hidden()
        expect(bar).to_be_visible()
        deal_on = "Next round" if game == "rummikub" else "Next hand"  # the result's own words
        expect(page.get_by_test_id("table-next-hand")).to_have_text(deal_on)
        assert page.evaluate("document.activeElement.dataset.testid") == "table-next-hand"
        bar.scroll_into_view_if_needed()
        assert page.evaluate(OVERLAPS, ["[data-testid=after-hand]", TABLES[game]]) == []
        assert uncovered(page, "table-next-hand") and uncovered(page, "show-result")

        press(page.get_by_test_id("show-result"), "tap")  # it opens the result again
        expect(result).to_be_visible()
        press(page.get_by_test_id("close-result"), "tap")

        press(page.get_by_test_id("home"), "tap")  # the start screen: no bar, nothing covered
        assert phase(page) == "start"
        expect(page.get_by_test_id("show-result")).to_be_hidden()
        expect(page.get_by_test_id("table-next-hand")).to_be_hidden()
        page.get_by_test_id("daily").scroll_into_view_if_needed()
        assert uncovered(page, "daily")

        press(page.get_by_test_id("resume"), "tap")  # back at the table: the way on again
        expect(bar).to_be_visible()
        expect(result).to_be_hidden()
        press(page.get_by_test_id("table-next-hand"), "keys")  # by the keyboard: a new hand
        assert phase(page) not in GAMES[game][3]
        expect(bar).to_be_hidden()
        assert not watched.errors, watched.errors
