"""Pass-and-play: people sharing one device, mixed with computer players, in every game.

Between two people's turns a cover shows whose turn it is, and at every cover nothing of the
next person's hidden hand is anywhere in the page: not in an element, not in an attribute, not
hidden. A reload at the cover and again mid-turn loses nothing and shows no hand before the
tap. Each game is played to its end and its result checked against the engine's replay of the
save.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import NO_SERVICE_WORKER, face, open_page, phase, press, settle, stored
from players import BASIC_OVER, GIN_OVER, RK_OVER, basic_turn, gin_turn, rk_turn
from playwright.sync_api import Page
from rummy.basic.session import BasicSession
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession

pytestmark = pytest.mark.e2e

COVER = "[data-testid=pass-device]:not([hidden])"
WAITING = "[data-testid=pass-device]:not([hidden])[data-seat]"
SESSIONS = {"gin": GinSession, "basic": BasicSession, "rummikub": RummikubSession}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
COLOURS = {"K": "black", "B": "blue", "O": "orange", "R": "red"}
RANKS = {"A": "A (ace)", "T": "10", "J": "J (jack)", "Q": "Q (queen)", "K": "K (king)"}


def seat_up(page: Page, kinds: list[str], names: list[str]) -> None:
    """The start screen's seats: each seat's kind, and each person's name."""
    for seat, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{seat}").select_option(kind)
        if kind == "person":
            page.get_by_test_id(f"seat-{seat}-name").fill(names[seat])


def session(page: Page, game: str):
    """The game as the engine restores it from the page's save: covered, as after a reload."""
    return SESSIONS[game].restore(stored(page, f"rummy-table/{game}/save"))


def words(game: str, code: str) -> list[str]:
    """Every way the page writes a card or tile: its code in an attribute, and in English words."""
    if game == "rummikub":
        named = "joker" if code == "J" else f"{COLOURS[code[0]]} {code[1:]}"
        return [f'"{code}"', named]
    rank = RANKS.get(code[0], code[0])
    return [f'"{code}"', face(code), f"{rank} of {SUITS[code[1]]}"]


def hidden_hand(page: Page, game: str, seat: int) -> list[str]:
    """The cards or tiles of `seat` nobody else has seen: its hand, but for those the table's
    public facts show (a card taken from the pile, a tile with its twin on the table)."""
    covered = session(page, game)
    public = json.dumps(covered.public_model())
    hand = covered.match.round
    held = hand.racks[seat] if game == "rummikub" else hand.hands[seat]
    return [item.code for item in held if f'"{item.code}"' not in public]


def check_cover(page: Page, game: str) -> int:
    """At a cover: the person it waits for, with nothing of their hidden hand in the page."""
    page.wait_for_selector(WAITING)
    seat = int(page.locator(WAITING).get_attribute("data-seat"))
    html = page.content()
    for code in hidden_hand(page, game, seat):
        for text in words(game, code):
            pattern = re.escape(text) + (r"(?!\d)" if text[-1].isdigit() else "")
            assert not re.search(pattern, html), f"{text} of seat {seat}'s hand is in the page"
    assert page.locator("#hand [data-card], #basic-hand [data-card], #rk-rack *").count() == 0
    assert phase(page) == "pass-device"
    return seat


def reveal(page: Page) -> None:
    press(page.get_by_test_id("pass-device-reveal"))
    assert phase(page) != "pass-device"


def play_shared(page: Page, game: str, turn, over: tuple[str, ...], reloads: bool = False) -> int:
    """Play the hand or round to its end, a cover between every two people's turns (checked
    at each). With `reloads`, the page is reloaded at the first cover and in the turn after it:
    it comes back covered for the same person. Returns the number of covers passed."""
    covers = 0
    for _ in range(800):
        now = phase(page)
        if now in over:
            return covers
        if now != "pass-device":
            turn(page)
            continue
        seat = check_cover(page, game)
        covers += 1
        if reloads and covers == 1:
            page.reload()
            settle_on(page, "pass-device")
            assert check_cover(page, game) == seat  # a reload at the cover: the same cover
            reveal(page)
            page.reload()
            settle_on(page, "pass-device")
            assert check_cover(page, game) == seat  # mid-turn: covered again, nothing lost
        reveal(page)
    raise AssertionError("the hand did not end")


def settle_on(page: Page, screen: str) -> None:
    page.wait_for_function(f"document.body.dataset.phase === '{screen}'", timeout=180_000)
    settle(page)


def check_result(page: Page, game: str, names: list[str], viewer: int | None = None) -> None:
    """The ended hand's scores as the page shows them, against the engine's replay of the save:
    seen by `viewer`, by default the person who ended it (or, when a computer player did, the
    next person), who is "You"; the others by their names, the computer players by number."""
    ended = session(page, game)
    hand = ended.match.round
    assert hand.result is not None
    if viewer is None:
        last = hand.actions[-1].seat
        viewer = last if ended.seating.is_person(last) else ended.next_person
    shown = page.locator("#result").inner_text()
    for seat, score in enumerate(ended.match.scores):
        name = "You" if seat == viewer else names[seat] or f"Computer {seat}"
        assert f"{name}: {score}" in shown, (name, score, shown)


# What the page says to a person: its visible text and the names of what shows.
SAID = """() => [document.body.innerText, ...[...document.querySelectorAll("[aria-label]")]
  .filter((node) => node.getClientRects().length).map((node) => node.getAttribute("aria-label"))]
  .join("\\n")"""


def never_the_computer(page: Page) -> None:
    """Between two people, nothing the page says names a computer (the hints' reasons too)."""
    if phase(page) == "discard" and page.get_by_test_id("hint").is_visible():
        press(page.get_by_test_id("hint"))
    said = page.evaluate(SAID)
    assert "computer" not in said.lower(), said


def test_a_gin_hand_between_two_people_covers_every_turn_and_survives_reloads(
    page: Page, site
) -> None:
    open_page(page, site.url, seed=11)
    press(page.get_by_test_id("game-gin"))
    press(page.get_by_test_id("target-50"))
    seat_up(page, ["person", "person"], ["Ann", "Bo"])
    press(page.get_by_test_id("start"))
    assert page.locator(COVER).inner_text().startswith(("Ann", "Bo"))
    covers = play_shared(
        page, "gin", lambda p: (never_the_computer(p), gin_turn(p)), GIN_OVER, reloads=True
    )
    assert covers >= 3  # the first turn, after the reloads, and at least one more
    check_result(page, "gin", ["Ann", "Bo"])
    never_the_computer(page)


def test_a_basic_rummy_hand_with_three_people(page: Page, site) -> None:
    open_page(page, site.url, seed=79)  # a hand of 26 moves (seed 4: 70)
    press(page.get_by_test_id("game-basic"))
    press(page.get_by_test_id("opponents-2"))
    press(page.get_by_test_id("length-hands-1"))
    kinds, names = ["person", "person", "person"], ["Ann", "Bo", "<b>Cy</b>"]
    seat_up(page, kinds, names)
    press(page.get_by_test_id("start"))
    play_shared(page, "basic", basic_turn, BASIC_OVER)
    check_result(page, "basic", names)
    assert "<b>" not in page.locator("#result").inner_html()  # a name with markup is text
    press(page.get_by_test_id("pass-on"))  # the next person sees how it ended, from their seat
    seat = check_cover(page, "basic")
    reveal(page)
    check_result(page, "basic", names, viewer=seat)
    press(page.get_by_test_id("close-result"))
    press(page.locator("[data-action=show-stats]"))  # their own statistics, by name
    assert page.locator("#sheet-title").inner_text().endswith(" · " + names[seat])
    others = page.get_by_test_id("stats-of")
    assert sorted(others.all_inner_texts()) == sorted(
        [name for number, name in enumerate(names) if number != seat] + ["Without a name"]
    )
    press(others.filter(has_text="Ann"))
    assert page.locator("#sheet-title").inner_text().endswith(" · Ann")
    assert page.locator("#sheet-body dd").first.inner_text() == "1"  # the games Ann played


def test_a_rummikub_round_with_two_people_and_a_computer_on_a_tablet(
    playwright, browser, site
) -> None:
    device = {
        k: v for k, v in playwright.devices["iPad (gen 7)"].items() if k != "default_browser_type"
    }
    context = browser.new_context(**device, **NO_SERVICE_WORKER, locale="en-US")
    page = context.new_page()
    try:
        open_page(page, site.url, seed=13)  # a round of 17 moves (seed 8: 46)
        for testid in ("game-rummikub", "rk-opponents-2", "rk-length-rounds-1", "rk-meld-off"):
            press(page.get_by_test_id(testid), "tap")
        kinds, names = ["person", "easy", "person"], ["Ann", "", "Bo"]
        seat_up(page, kinds, names)
        press(page.get_by_test_id("start"), "tap")
        play_shared(page, "rummikub", lambda p: rk_turn(p, "tap"), RK_OVER)
        check_result(page, "rummikub", names)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


def test_the_rummikub_turn_timer_starts_at_the_tap_not_at_the_cover(page: Page, site) -> None:
    """Two people with a 30-second turn: while the cover waits nothing counts down; the tap
    starts the person's 30 seconds, kept (so a reload gives no more time)."""
    open_page(page, site.url, seed=5)
    for testid in ("game-rummikub", "rk-opponents-1", "rk-length-rounds-1", "rk-timer-30"):
        press(page.get_by_test_id(testid))
    seat_up(page, ["person", "person"], ["Ann", "Bo"])
    press(page.get_by_test_id("start"))
    check_cover(page, "rummikub")
    assert page.evaluate("localStorage.getItem('rummy-table/rummikub/deadline')") is None
    assert not page.get_by_test_id("rk-timer").is_visible()
    reveal(page)
    left = page.evaluate(
        "JSON.parse(localStorage.getItem('rummy-table/rummikub/deadline')).ends - Date.now() / 1000"
    )
    assert 25 < left <= 30
    assert page.get_by_test_id("rk-timer").is_visible()


# ---- the table on a tablet and a phone ------------------------------------------------------

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
LANDSCAPE = {"viewport": {"width": 1024, "height": 768}}
# Every other player's panel: where it is, whether its name shows whole, and at what size.
SEATS = """() => [...document.querySelectorAll('.opponents:not([hidden]) .seat')]
  .filter((seat) => seat.getClientRects().length)
  .map((seat) => {
    const box = seat.getBoundingClientRect();
    const name = seat.querySelector('.name');
    return {
      name: name.textContent,
      left: box.left, right: box.right,
      whole: name.scrollWidth <= name.clientWidth + 1,
      size: parseFloat(getComputedStyle(name).fontSize),
      moving: seat.getAttribute('aria-current') === 'true',
      mark: getComputedStyle(name, '::before').content,
    };
  })"""


def table_page(playwright, browser, device: str, options: dict | None) -> Page:
    descriptor = {
        k: v for k, v in playwright.devices[device].items() if k != "default_browser_type"
    }
    options = {**descriptor, **NO_SERVICE_WORKER, **(options or {})}
    return browser.new_context(**options, locale="en-US").new_page()


def check_seats(page: Page, players: int, names: list[str]) -> list[dict]:
    """Every other player's panel on screen, readable (its name whole, at 13 px or more) and
    within the screen's width, and the page no wider than the screen."""
    seats = page.evaluate(SEATS)
    width = page.evaluate("window.innerWidth")
    assert len(seats) == players - 1
    for seat in seats:
        assert seat["whole"] and seat["size"] >= 13, seat
        assert 0 <= seat["left"] and seat["right"] <= width, seat
    assert {seat["name"] for seat in seats} >= {name for name in names[1:] if name}
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    return seats


@pytest.mark.parametrize(
    ("device", "options", "game", "kinds"),
    [
        ("iPad (gen 7)", None, "rummikub", ["person", "easy", "person", "hard"]),
        ("iPad (gen 7)", LANDSCAPE, "basic", ["person", "person", "normal", "person"]),
        ("iPad (gen 7)", LANDSCAPE, "rummikub", ["person", "person"]),
        ("Pixel 7", PHONE, "basic", ["person", "person", "easy", "person", "easy", "person"]),
    ],
    ids=[
        "ipad-portrait-rummikub-4",
        "ipad-landscape-basic-4",
        "ipad-landscape-rummikub-2",
        "phone-basic-6",
    ],
)
def test_a_shared_table_fits_a_tablet_or_a_phone_its_seats_readable_and_the_mover_named(
    playwright, browser, site, device, options, game, kinds
) -> None:
    """2-4 players on a tablet either way up, 6 on a phone: the other players' panels readable,
    inside the screen, no sideways scroll; whoever holds the device sees their own name on top
    of their cards, at the cover and on the table."""
    page = table_page(playwright, browser, device, options)
    try:
        open_page(page, site.url, seed=6)
        prefix = "rk-" if game == "rummikub" else ""
        for testid in (f"game-{game}", f"{prefix}opponents-{len(kinds) - 1}"):
            press(page.get_by_test_id(testid), "tap")
        names = [
            ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][seat] if kind == "person" else ""
            for seat, kind in enumerate(kinds)
        ]
        seat_up(page, kinds, names)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        press(page.get_by_test_id("start"), "tap")
        seat = check_cover(page, game)
        assert names[seat] in page.get_by_test_id("pass-device").inner_text()
        reveal(page)
        assert page.get_by_test_id("score-you").inner_text().startswith(names[seat] + ":")
        others = [name for number, name in enumerate(names) if number != seat]
        check_seats(page, len(kinds), [names[seat], *others])
    finally:
        page.context.close()


def test_the_computer_player_to_move_is_marked_on_a_phone_of_six(playwright, browser, site) -> None:
    """One person against five computer players on a phone: the one to move is marked (a
    border, a ▶ before its name, aria-current), every panel readable and on screen."""
    page = table_page(playwright, browser, "Pixel 7", PHONE)
    try:
        open_page(page, site.url, seed=6)
        for testid in ("game-basic", "opponents-5", "basic-level-easy"):
            press(page.get_by_test_id(testid), "tap")
        press(page.get_by_test_id("start"), "tap")
        for _ in range(20):
            seats = check_seats(page, 6, [])
            if phase(page) == "opponent" and any(seat["moving"] for seat in seats):
                break
            assert phase(page) not in BASIC_OVER, "the hand ended before a computer moved"
            if phase(page) in ("draw", "play"):
                basic_turn(page, "tap")
        else:
            raise AssertionError("no computer player was seen to move")
        moving = [seat for seat in seats if seat["moving"]]
        assert len(moving) == 1 and "▶" in moving[0]["mark"]
        assert all(seat["mark"] in ("none", "normal") for seat in seats if not seat["moving"])
    finally:
        page.context.close()
