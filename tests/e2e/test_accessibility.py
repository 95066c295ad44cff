"""Accessibility, checked in real Chromium on every screen of the three games.

Each screen a person sees (the start screen for each game, every phase of each table, the
result dialogs, the sheets) is scanned with axe-core (npm, pinned, test-only: never in dist/)
in each of the page's three languages: no serious or critical violation, and every visible
control has a name that is a translation, not a catalog key. Then the keyboard focus: a sheet
takes it and gives it back, a result dialog gives it to its button, and after the computer's
turn it waits on the control for the person's next move.

A new screen is one line in a tour: `tour.scan("its name")` once the page shows it
(`assert_accessible(page, "its name")` outside a tour).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import STORAGE_BLOCKED, loaded, open_page, phase, press, settle, wait_out
from players import (
    basic_turn,
    gin_turn,
    gin_until_my_turn,
    rk_turn,
    rk_until_my_turn,
    start_basic,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ("zh-Hans", "zh-Hant", "en")  # English last: the tours read English labels
BLOCKING = ("serious", "critical")
# A catalog key shown as it is ("action.hint", "rk.log.button"): a string the page never
# translated. Translations never join two lower-case words with a dot.
RAW_KEY = re.compile(r"\b[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+\b")
CONTROLS = (
    "button, select, input, textarea, a[href], summary, [role=button], [role=link], "
    "[tabindex]:not([tabindex='-1'])"
)


@pytest.fixture
def browser_context_args(browser_context_args):
    """The page's CSP forbids inline scripts; axe is injected as one, so this context bypasses
    it (the CSP itself is tested in test_csp.py)."""
    return {**browser_context_args, "bypass_csp": True}


# ---- scanning -----------------------------------------------------------------------------


# axe cannot measure contrast over a gradient (it reports it as "incomplete"): the felt is
# painted in its lightest colour, the centre of the gradient, the worst case for light text.
FLAT_FELT = "body { background: var(--felt) !important; }"


def inject_axe(page: Page) -> None:
    """axe-core, from node_modules (the test's copy: the site never ships it)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
        page.add_style_tag(content=FLAT_FELT)


def blocking_violations(page: Page) -> list[str]:
    """axe's serious and critical violations of the page as shown, one line per element."""
    inject_axe(page)
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {node['target']} - {v['help']}"
        for v in violations
        if v["impact"] in BLOCKING
        for node in v["nodes"]
    ]


NAMES = """(selector) => {
  axe.setup(document);
  try {
    return [...document.querySelectorAll(selector)]
      .filter(
        (node) => node.checkVisibility({ visibilityProperty: true }) && node.getClientRects().length
      )
      .map((node) => ({
        control: node.outerHTML.slice(0, 160),
        name: axe.commons.text.accessibleText(node).trim(),
      }));
  } finally {
    axe.teardown();
  }
}"""


def unnamed_controls(page: Page) -> list[str]:
    """Every visible control without a name, or whose name holds an untranslated key."""
    inject_axe(page)
    controls = page.evaluate(NAMES, CONTROLS)
    assert controls, "no control is visible"
    return [
        f"{c['control']} is named {c['name']!r}"
        for c in controls
        if not c["name"] or RAW_KEY.search(c["name"])
    ]


def asking(page: Page) -> bool:
    """Whether the page waits for the answer to its question (it stays busy until then)."""
    return page.get_by_test_id("answer-yes").is_visible()


def choose_language(page: Page, lang: str) -> None:
    """The page in `lang`: the catalog loaded, then the page translated and drawn at once."""
    page.get_by_test_id("lang-select").select_option(lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    if not asking(page):
        settle(page)


def assert_accessible(page: Page, screen: str) -> None:
    """The screen shown, in each language: no serious or critical axe violation, every visible
    control named in words. The screen must not change meanwhile (the person's turn, a sheet,
    a result): a language switch only redraws it."""
    shown = phase(page)
    problems = []
    for lang in LANGUAGES:
        choose_language(page, lang)
        assert phase(page) == shown, (
            f"{screen}: the page moved on from {shown} while it was scanned"
        )
        problems += [f"[{lang}] {p}" for p in blocking_violations(page) + unnamed_controls(page)]
    assert not problems, f"{screen}:\n" + "\n".join(problems)


class Tour:
    """The screens a test has scanned on its page, so that each is scanned once and the test
    can check at the end that it saw them all."""

    def __init__(self, page: Page) -> None:
        self.page, self.screens = page, []

    def scan(self, screen: str) -> None:
        assert_accessible(self.page, screen)
        self.screens.append(screen)

    def scan_once(self, screen: str) -> None:
        if screen not in self.screens:
            self.scan(screen)

    def saw(self, *screens: str) -> None:
        assert not set(screens) - set(self.screens), (
            f"not reached: {set(screens) - set(self.screens)}"
        )


def close_sheet(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("#sheet")).to_be_hidden()


def scan_sheets(tour: Tour, game: str) -> None:
    """The rules and statistics sheets of the game chosen."""
    for action in ("show-rules", "show-stats"):
        press(tour.page.locator(f"[data-action={action}]"))
        expect(tour.page.locator("#sheet")).to_be_visible()
        tour.scan(f"{game} {action}")
        close_sheet(tour.page)


def scan_new_match_question(tour: Tour, game: str) -> None:
    """New match while a match is in play: the page asks first."""
    tour.page.locator("[data-action=new-match]").click()  # its work waits for the answer
    expect(tour.page.get_by_test_id("answer-yes")).to_be_visible()
    tour.scan(f"{game} confirm new match")
    close_sheet(tour.page)
    settle(tour.page)


# ---- the tours ------------------------------------------------------------------------------


def test_the_start_screen_and_sheets_of_each_game_are_accessible(page: Page, site):
    open_page(page, site.url)
    tour = Tour(page)
    page.get_by_test_id("house-rules").locator("summary").click()  # each game's, open
    for game in ("gin", "basic", "rummikub"):
        press(page.get_by_test_id(f"game-{game}"))
        tour.scan(f"start screen, {game} chosen, its house rules open")
        scan_sheets(tour, game)
    press(page.get_by_test_id("settings"))
    expect(page.locator("#sheet")).to_be_visible()
    tour.scan("the settings sheet")
    page.get_by_test_id("settings-large-print").check()
    settle(page)
    tour.scan("the settings sheet, large print on")
    close_sheet(page)


def test_the_cut_screen_is_accessible(page: Page, site):
    """A fair deal awaiting its cut: the fingerprint, Deal and Cut, then the number typed and
    refused, in each language."""
    open_page(page, site.url)
    start_gin(page, dealt=False)
    tour = Tour(page)
    tour.scan("the cut screen")
    press(page.get_by_test_id("cut"))
    page.get_by_test_id("cut-value").fill("1000")
    press(page.get_by_test_id("cut-confirm"))
    expect(page.get_by_test_id("cut-status")).not_to_be_empty()
    tour.scan("the cut screen, a cut refused")
    assert phase(page) == "cut"


# The cover between two people's turns, waiting for the person it names.
PASS_DEVICE = "[data-testid=pass-device]:not([hidden])[data-seat]"


def seat_people(page: Page) -> None:
    """Seats 0 and 1 of the game chosen are people, named (their name inputs shown)."""
    for seat, name in ((0, "Ann"), (1, "Bo")):
        page.get_by_test_id(f"seat-{seat}").select_option("person")
        page.get_by_test_id(f"seat-{seat}-name").fill(name)
    expect(page.get_by_test_id("seat-1-name")).to_be_visible()


def test_the_pass_and_play_screens_are_accessible(page: Page, site):
    """The start screen with people in the seats, and the cover that hands the device to the
    next person (at the deal, then with the moves since that person's turn), in each language:
    the scan leaves the cover up."""
    open_page(page, site.url, seed=11)
    tour = Tour(page)
    for testid in ("game-basic", "opponents-2"):
        press(page.get_by_test_id(testid))
    seat_people(page)
    tour.scan("start screen, seats with people")
    press(page.get_by_test_id("game-gin"))
    seat_people(page)
    press(page.get_by_test_id("start"))
    for screen in ("the pass-device cover", "the pass-device cover, the moves since"):
        for _ in range(40):  # a person's turn first, maybe: play on to the cover
            if phase(page) == "pass-device":
                break
            gin_turn(page)
        page.wait_for_selector(PASS_DEVICE)
        if screen.endswith("since"):
            expect(page.get_by_test_id("pass-device-since").locator("li").first).to_be_visible()
        tour.scan(screen)
        expect(page.locator(PASS_DEVICE)).to_be_visible()  # the scan left it waiting
        press(page.get_by_test_id("pass-device-reveal"))
        assert phase(page) != "pass-device"
    tour.saw(
        "start screen, seats with people",
        "the pass-device cover",
        "the pass-device cover, the moves since",
    )


def test_the_storage_notices_are_accessible(page: Page, site):
    """The notice that another tab played the game on (with its button that loads the newer
    game), and the notice that storage keeps nothing, in each language."""
    open_page(page, site.url, seed=3)
    start_gin(page)
    gin_until_my_turn(page)
    other = page.context.new_page()  # a second tab: it plays the saved game on
    open_page(other, site.url)
    gin_turn(other)
    expect(page.get_by_test_id("load-newer")).to_be_visible()
    assert_accessible(page, "gin, played on in another tab")
    other.add_init_script(STORAGE_BLOCKED)
    other.reload()
    loaded(other)
    expect(other.locator("#notice")).to_be_visible()
    assert_accessible(other, "the start screen, storage blocked")


def gin_step(tour: Tour) -> None:
    """Scan the gin screen shown, the first time it shows, then play on (gin_turn)."""
    page = tour.page
    now = phase(page)
    if now == "upcard":
        tour.scan_once("gin upcard")
    elif now == "draw" and "gin draw" not in tour.screens:
        tour.scan("gin draw")
        press(page.get_by_test_id("hint"))
        expect(page.locator("#hints")).to_be_visible()
        tour.scan("gin draw, hints open")
        press(page.get_by_test_id("hint"))
        for testid in ("log", "pile-list"):
            press(page.get_by_test_id(testid))
            expect(page.locator("#sheet")).to_be_visible()
            tour.scan(f"gin {testid} sheet")
            close_sheet(page)
        scan_new_match_question(tour, "gin")
    elif now == "discard" and "gin discard, a card selected" not in tour.screens:
        press(page.locator("#hand [data-card]").first)
        tour.scan("gin discard, a card selected")
    elif now == "settle":
        tour.scan_once("gin settlement")
        if "gin deal check" not in tour.screens:
            press(page.get_by_test_id("check-deal"))
            expect(page.get_by_test_id("deal-check")).to_be_visible()
            tour.scan("gin deal check")
            close_sheet(page)
        if "gin review" not in tour.screens:
            press(page.get_by_test_id("review"))
            page.wait_for_function(
                "document.querySelector('[data-testid=review-summary]').dataset.whole === 'true'"
            )
            tour.scan("gin review")
            press(page.get_by_test_id("review-close"))
        if "gin table after the hand" not in tour.screens:
            press(page.get_by_test_id("close-result"))  # the table's own way on shows
            tour.scan("gin table after the hand")
            press(page.get_by_test_id("table-next-hand"))
            return
        press(page.get_by_test_id("next-hand"))
        return
    elif now == "match-over":
        tour.scan("gin match over")
        return
    gin_turn(page)


def test_every_gin_screen_is_accessible(page: Page, site):
    open_page(page, site.url, seed=3)
    start_gin(page, target=50)
    tour = Tour(page)
    for _ in range(3000):
        gin_step(tour)
        if "gin match over" in tour.screens:
            break
    tour.saw(
        "gin upcard",
        "gin draw",
        "gin draw, hints open",
        "gin log sheet",
        "gin pile-list sheet",
        "gin discard, a card selected",
        "gin settlement",
        "gin deal check",
        "gin review",
        "gin table after the hand",
        "gin match over",
    )


def test_every_basic_rummy_screen_is_accessible(page: Page, site):
    open_page(page, site.url, seed=17)
    start_basic(page, opponents=1, length="hands-1")
    tour = Tour(page)
    for _ in range(600):
        now = phase(page)
        if now == "draw":
            tour.scan_once("basic draw")
        elif now == "play" and "basic play, a card selected" not in tour.screens:
            press(page.locator("#basic-hand [data-card]").last)
            tour.scan("basic play, a card selected")
            press(page.locator("#basic-hand [data-card]").last)  # unselected again
            press(page.get_by_test_id("basic-log"))
            expect(page.locator("#sheet")).to_be_visible()
            tour.scan("basic move log")
            close_sheet(page)
            scan_new_match_question(tour, "basic")
        elif now == "play" and page.get_by_test_id("meld-offer").count():
            tour.scan_once("basic play, meld offers")
        elif now == "game-over":
            tour.scan("basic game over")
            break
        basic_turn(page)
    tour.saw(
        "basic draw",
        "basic play, a card selected",
        "basic move log",
        "basic play, meld offers",
        "basic game over",
    )


@pytest.mark.slow
def test_every_rummikub_screen_is_accessible(page: Page, site):
    open_page(page, site.url, seed=92)  # a round of 15 turns each (41 for seed 4)
    start_rummikub(page, opponents=1)
    tour = Tour(page)
    for _ in range(300):
        now = rk_until_my_turn(page)
        if now == "play" and "rummikub play, a tile selected" not in tour.screens:
            press(page.locator("#rk-rack [data-tile-id]").first)
            tour.scan("rummikub play, a tile selected")
            press(page.get_by_test_id("rk-hint"))
            expect(page.get_by_test_id("rk-hint-box")).to_be_visible()
            tour.scan("rummikub play, the hint shown")
            press(page.get_by_test_id("rk-log"))
            expect(page.locator("#sheet")).to_be_visible()
            tour.scan("rummikub move log")
            close_sheet(page)
            scan_new_match_question(tour, "rummikub")
        elif now in ("round-over", "game-over"):
            tour.scan("rummikub round result")
            press(page.get_by_test_id("review"))
            page.wait_for_function(
                "document.querySelector('[data-testid=review-summary]').dataset.whole === 'true'"
            )
            tour.scan("rummikub review")
            press(page.get_by_test_id("review-close"))
            scan_sharing(tour, site.url, "rummikub")
            break
        rk_turn(page)
    tour.saw(
        "rummikub play, a tile selected",
        "rummikub play, the hint shown",
        "rummikub move log",
        "rummikub confirm new match",
        "rummikub round result",
        "rummikub review",
        "rummikub share sheet",
        "rummikub shared hand",
        "a refused link",
    )


def scan_sharing(tour: Tour, url: str, game: str) -> None:
    """The share sheet of the hand just ended, its link opened (the replay), a refused link."""
    page = tour.page
    press(page.get_by_test_id("share"))
    expect(page.get_by_test_id("share-status")).not_to_be_empty()
    tour.scan(f"{game} share sheet")
    fragment = page.get_by_test_id("share-link").input_value().split("#", 1)[1]
    close_sheet(page)
    page.goto(url + "?fast#" + fragment)
    page.wait_for_function("document.body.dataset.phase === 'replay'")
    press(page.get_by_test_id("replay-next"))
    tour.scan(f"{game} shared hand")
    page.goto(url + "?fast#r1.not-a-hand")
    expect(page.get_by_test_id("share-error")).to_be_visible()
    tour.scan("a refused link")


# ---- focus ----------------------------------------------------------------------------------


def focused(page: Page, selector: str) -> bool:
    return page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector)


def focus_is_inside(page: Page, selector: str) -> bool:
    return page.evaluate(
        "(s) => document.querySelector(s).contains(document.activeElement)", selector
    )


def test_a_sheet_takes_the_focus_and_gives_it_back_to_the_control_that_opened_it(page: Page, site):
    open_page(page, site.url, seed=3)
    for action in ("show-rules", "show-stats"):
        press(page.locator(f"[data-action={action}]"), "keys")
        expect(page.locator("#sheet")).to_be_visible()
        assert focus_is_inside(page, "#sheet"), f"{action}: the sheet does not have the focus"
        close_sheet(page)
        assert focused(page, f"[data-action={action}]"), f"{action}: the focus did not come back"
    start_gin(page)
    page.locator("[data-action=new-match]").focus()
    page.keyboard.press("Enter")  # its work waits for the answer
    expect(page.get_by_test_id("answer-yes")).to_be_visible()
    assert focused(page, "[data-testid=answer-yes]"), (
        "the question's answer does not have the focus"
    )
    press(page.get_by_test_id("close-sheet"), "keys")
    assert focused(page, "[data-action=new-match]"), "the focus did not come back to New match"


RESULT_BUTTON = {
    "settle": "next-hand",
    "hand-over": "next-hand",
    "match-over": "rematch",
    "game-over": "rematch",
}


def assert_focus_on(page: Page, testid: str, when: str) -> None:
    assert focused(page, f"[data-testid={testid}]"), (
        f"{when}: the focus is not on {testid} but on "
        + page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    )


def discards_by_keyboard(
    page: Page, discard, next_control: dict[str, str], turn, times: int = 3
) -> None:
    """The person discards `times` times by keyboard (`discard(page)`, False when it is not
    their discard); once the computer has moved, the focus is on the control of the person's
    next move (`next_control` by screen), or on the result dialog's button when the hand ended.
    Any other step is `turn(page, "keys")`."""
    checked = 0
    for _ in range(400):
        now = phase(page)
        if now in RESULT_BUTTON:
            assert_focus_on(page, RESULT_BUTTON[now], f"{now}, the result dialog open")
            if checked >= times or now in ("match-over", "game-over"):
                break
            press(page.get_by_test_id("next-hand"), "keys")
        elif discard(page):
            if phase(page) == "opponent":
                wait_out(page, "opponent")
            after = phase(page)
            assert_focus_on(
                page,
                {**next_control, **RESULT_BUTTON}[after],
                f"after the computer's turn ({after})",
            )
            checked += 1
        else:
            turn(page, "keys")
    assert checked >= times, "the person discarded too few times"


def gin_discard(page: Page) -> bool:
    if phase(page) != "discard":
        return False
    press(page.locator("#hand [data-card]").last, "keys")
    press(page.get_by_test_id("discard-button"), "keys")
    return True


def basic_discard(page: Page) -> bool:
    if phase(page) != "play":
        return False
    press(page.locator("#basic-hand [data-card]").last, "keys")
    press(page.get_by_test_id("basic-discard"), "keys")
    return True


def test_after_the_persons_gin_discard_and_the_computers_turn_the_focus_is_on_the_next_move(
    page: Page, site
):
    open_page(page, site.url, seed=3)
    start_gin(page, target=100, how="keys")
    discards_by_keyboard(page, gin_discard, {"upcard": "take-upcard", "draw": "stock"}, gin_turn)


@pytest.mark.slow
def test_after_a_basic_rummy_discard_and_the_computers_turn_the_focus_is_on_the_stock(
    page: Page, site
):
    open_page(page, site.url, seed=4)  # the computer goes out soon (seed 5's hand ran 40 s)
    start_basic(page, opponents=1, length="hands-3", how="keys")
    discards_by_keyboard(page, basic_discard, {"draw": "basic-stock"}, basic_turn)


def test_the_tutorial_and_its_offer_are_accessible(page: Page, site):
    """The first visit's offer, and a tutorial's panel over its table: a step to read, a step
    to play with the kind word after a move that is not the step's, and the end."""
    open_page(page, site.url)
    tour = Tour(page)
    expect(page.get_by_test_id("tutorial-offer")).to_be_visible()
    tour.scan("start screen, the tutorial offered")
    press(page.get_by_test_id("rules"))
    press(page.get_by_test_id("tutorial-gin"))
    expect(page.get_by_test_id("tutorial-go-on")).to_be_visible()
    tour.scan("gin tutorial, a step to read")
    while page.get_by_test_id("tutorial-go-on").is_visible():
        press(page.get_by_test_id("tutorial-go-on"))
    press(page.get_by_test_id("pass-upcard"))  # not the step's move
    expect(page.get_by_test_id("tutorial-try-again")).to_be_visible()
    tour.scan("gin tutorial, a step to play, after a move that is not the step's")
    for _ in range(40):
        if page.get_by_test_id("tutorial-done").is_visible():
            break
        go_on = page.get_by_test_id("tutorial-go-on")
        press(go_on if go_on.is_visible() else page.locator("main.table .hinted").first)
    tour.scan("gin tutorial, done")
    tour.saw(
        "start screen, the tutorial offered",
        "gin tutorial, a step to read",
        "gin tutorial, a step to play, after a move that is not the step's",
        "gin tutorial, done",
    )
