"""The Basic Rummy page in real Chromium, played by clicks, taps and keys only, as a person
would."""

import re

import pytest
from helpers import (
    LOAD_TIMEOUT,
    NO_SERVICE_WORKER,
    HeldRequests,
    counted,
    deal,
    device_page,
    face,
    from_site,
    loaded,
    no_sideways_scroll,
    open_page,
    phase,
    press,
    settle,
    stored,
    wait_out,
)
from players import BASIC_OVER, basic_turn, basic_until_my_turn, play_basic_hand, start_basic
from playwright.sync_api import Page, expect
from rummy.basic import Match
from rummy.basic.session import BasicSession
from rummy.cards import parse_card
from rummy.melds import meld_kind

pytestmark = pytest.mark.e2e
SAVE = "rummy-table/basic/save"
GIN_SAVE = "rummy-table/gin/save"
open_game = open_page


def saved(page: Page, key: str = SAVE) -> dict | None:
    return stored(page, key)


def hand_codes(page: Page) -> list[str]:
    return page.locator("#basic-hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )


def check_end_of_hand(page: Page) -> None:
    """The end-of-hand screen says what the engine's replay of the save says."""
    match = Match.from_record(saved(page)["match"])
    result = match.round.result
    assert result is not None
    expect(page.locator("#result")).to_be_visible()
    for seat, cards in enumerate(match.round.hands):
        row = page.get_by_test_id(f"summary-{seat}")
        text = row.inner_text()
        assert f"total {match.scores[seat]}" in text
        if cards:
            assert f"{counted(sum(c.value for c in cards), 'point')} left" in text
            assert row.locator("[data-code]").evaluate_all("n => n.map(c => c.dataset.code)") == [
                str(c) for c in cards
            ]
    if result.winner is not None:
        assert (
            int(re.findall(r"\d+", page.get_by_test_id("hand-points").inner_text())[-1])
            == result.points
        )
    button = "next-hand" if not match.is_over else "rematch"
    expect(page.get_by_test_id(button)).to_be_visible()


@pytest.mark.parametrize("device", [None, "Pixel 7"], ids=["desktop", "pixel-7"])
def test_a_whole_hand_by_taps_against_three_computer_players(playwright, browser, site, device):
    how = "tap" if device else "click"
    with device_page(playwright, browser, device) as watched:
        page = watched.page
        open_game(page, site.url, seed=11)
        start_basic(page, opponents=3, how=how)
        expect(page.locator("#opponents .seat")).to_have_count(3)
        expect(page.get_by_test_id("opponent-1")).to_contain_text("Computer 1")
        # What no move changes is not drawn again: the sort chips stay the same nodes
        chip = "document.querySelector('[data-testid=basic-sort-suit]')"
        page.evaluate(chip + ".tagged = true")
        play_basic_hand(page, how=how, check=no_sideways_scroll if device else None)
        assert page.evaluate(chip + ".tagged === true")
        check_end_of_hand(page)
        press(page.get_by_test_id("next-hand"), how)  # hands-3: the next hand is dealt
        assert phase(page) in ("draw", "opponent")
        expect(page.get_by_test_id("target")).to_have_text("Hand 2 of 3")
        assert all(from_site(url, site.url) for url in watched.requests), (
            "every byte comes from dist/"
        )
        assert not watched.errors, watched.errors


def test_an_illegal_meld_and_lay_off_are_explained_and_change_nothing(page: Page, site):
    open_game(page, site.url, seed=12)
    start_basic(page, opponents=2)
    basic_until_my_turn(page)
    if phase(page) == "draw":
        press(page.get_by_test_id("basic-stock"))
    assert phase(page) == "play"
    before, hand = saved(page), hand_codes(page)
    # Three cards that are no meld, chosen with the engine's own test of a meld.
    triple = next(
        codes
        for i in range(len(hand) - 2)
        for codes in [hand[i : i + 3]]
        if meld_kind(parse_card(c) for c in codes) is None
    )
    for code in triple:
        press(page.locator(f'#basic-hand [data-card="{code}"]'))
    meld = page.get_by_test_id("basic-meld")
    assert meld.get_attribute("aria-disabled") == "true"
    meld.click(force=True)  # it looks disabled (aria-disabled), but a tap still reaches the engine
    settle(page)
    status = page.get_by_test_id("basic-status")
    expect(status).to_have_class(re.compile("error"))
    expect(status).to_contain_text("is not a meld")
    expect(status).to_contain_text("(ace low).")  # the rules' ace, worded by the page
    assert saved(page) == before and hand_codes(page) == hand and phase(page) == "play"

    press(page.get_by_test_id("basic-clear"))
    page.get_by_test_id("basic-discard").click(force=True)
    settle(page)
    expect(status).to_contain_text("Select the card to discard first")
    assert saved(page) == before

    # A lay-off that does not fit: play on until a meld is on the table and a card of the hand
    # fits none, then tap that card and a meld.
    for _ in range(300):
        if phase(page) in BASIC_OVER:
            press(page.get_by_test_id("next-hand" if phase(page) == "hand-over" else "rematch"))
        if phase(page) == "play" and page.locator("button.meld").count():
            misfit = page.locator("#basic-hand [data-card]:not(.can-lay)")
            if misfit.count():
                break
        basic_turn(page)
    else:
        raise AssertionError("no table meld appeared")
    before = saved(page)
    card = misfit.first.get_attribute("data-card")
    press(misfit.first)
    press(page.locator("button.meld").first)
    expect(status).to_contain_text("does not fit on")
    assert saved(page) == before and card in hand_codes(page)


def test_reload_mid_hand_resumes_and_switching_games_loses_neither_save(page: Page, site):
    open_game(page, site.url)
    # A gin match first, left in the middle (once the computer is done, so its save stays put).
    press(page.get_by_test_id("game-gin"))
    press(page.get_by_test_id("start"))
    deal(page)
    wait_out(page, "opponent")
    gin_save = saved(page, GIN_SAVE)
    assert gin_save is not None
    press(page.get_by_test_id("home"))
    assert phase(page) == "start"

    # `?seed=` deals a page's first new match: opened again, the page deals Basic Rummy from
    # seed 84, a hand of 86 moves (dealt at random before, the gin match having taken the seed:
    # the test took 14-35 s).
    open_game(page, site.url, seed=84)  # back at the gin match, as a reload would be
    assert saved(page, GIN_SAVE) == gin_save
    press(page.get_by_test_id("home"))
    start_basic(page, opponents=4)
    for _ in range(8):
        if phase(page) in BASIC_OVER:
            break
        basic_turn(page)
    basic_until_my_turn(page)

    def position():
        return (
            phase(page),
            hand_codes(page),
            saved(page),
            page.get_by_test_id("basic-stock").inner_text(),
            page.locator("#opponents").inner_text(),
            page.locator("#my-melds").inner_text(),
        )

    before = position()
    page.reload()
    loaded(page)
    assert position() == before
    assert saved(page, GIN_SAVE) == gin_save

    # Back to gin: its match is waiting; then back to Basic Rummy, and it plays on.
    press(page.get_by_test_id("home"))
    press(page.get_by_test_id("game-gin"))
    expect(page.get_by_test_id("resume")).to_be_visible()
    press(page.get_by_test_id("resume"))
    expect(page.locator("#gin-table")).to_be_visible()
    assert phase(page) in ("upcard", "draw", "discard", "settle", "match-over")
    assert saved(page, GIN_SAVE) == gin_save
    press(page.get_by_test_id("home"))
    press(page.get_by_test_id("game-basic"))
    press(page.get_by_test_id("resume"))
    assert position() == before
    play_basic_hand(page)
    check_end_of_hand(page)


def stat(page: Page, label: str) -> str:
    return (
        page.locator("#sheet dt", has_text=label)
        .locator("xpath=following-sibling::dd[1]")
        .inner_text()
    )


def test_statistics_count_a_finished_game_apart_from_gin_and_survive_a_reload(page: Page, site):
    open_game(page, site.url, seed=17)
    start_basic(page, opponents=1, length="hands-1")
    play_basic_hand(page)
    match = Match.from_record(saved(page)["match"])
    assert match.is_over
    result = match.round.result
    expected = {
        "Games played": "1",
        "Games won (or shared)": "1" if 0 in match.winners else "0",
        "Hands played": "0" if result.winner is None else "1",
        "Hands won": "1" if result.winner == 0 else "0",
        "Best hand": str(result.points if result.winner == 0 else 0),
    }
    press(page.get_by_test_id("rematch"))  # the finished game stays counted
    assert phase(page) in ("draw", "opponent")
    sheet = page.locator("#sheet")
    for reload in (False, True):
        if reload:
            page.reload()
            loaded(page)
        press(page.get_by_role("button", name="Statistics"))
        expect(sheet).to_contain_text("Your Basic Rummy statistics")
        assert {label: stat(page, label) for label in expected} == expected
        page.keyboard.press("Escape")
        expect(sheet).to_be_hidden()
    # Gin keeps its own statistics: no match counted there.
    press(page.get_by_test_id("home"))
    press(page.get_by_test_id("game-gin"))
    press(page.get_by_role("button", name="Statistics"))
    expect(sheet).to_contain_text("Your Gin Rummy statistics")
    assert stat(page, "Matches played") == "0"


def test_the_end_of_game_dialog_closes_reopens_and_says_game_on_its_button(page: Page, site):
    open_game(page, site.url, seed=17)
    start_basic(page, opponents=1, length="hands-1")
    assert phase(page) == "draw"  # the deal: the upcard alone on the pile, said in the singular
    expect(page.get_by_test_id("basic-pile")).to_have_attribute(
        "aria-label", re.compile(r"· 1 card in the pile$")
    )
    play_basic_hand(page)
    assert phase(page) == "game-over"
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_have_text("New game")  # a game, as its title says
    page.keyboard.press("Escape")
    expect(result).to_be_hidden()
    press(page.get_by_role("button", name="Statistics"))  # the menu is reachable again
    expect(page.locator("#sheet")).to_be_visible()
    page.keyboard.press("Escape")
    press(page.get_by_test_id("show-result"))
    expect(result).to_be_visible()
    page.mouse.click(5, 400)  # a tap outside the dialog
    expect(result).to_be_hidden()
    page.reload()
    loaded(page)
    expect(result).to_be_visible()  # still over after a reload, and it closes the same way
    press(page.get_by_test_id("close-result"))
    expect(result).to_be_hidden()
    expect(page.get_by_test_id("show-result")).to_be_visible()


def test_one_tap_on_a_meld_offer_puts_the_meld_down_and_the_persons_melds_are_readable(
    playwright, browser, site
):
    """The chip says what it does ("Meld 7♠ 8♠ 9♠") and does it in one tap; the person's melds
    are drawn at most of a hand card's size, on a phone too."""
    with device_page(playwright, browser, "Pixel 7") as watched:
        page = watched.page
        open_game(page, site.url, seed=11)
        start_basic(page, opponents=1, how="tap")
        offers = page.get_by_test_id("meld-offer")
        for _ in range(400):  # play on (without the offers) until the page offers a meld
            now = phase(page)
            if now == "play" and offers.count():
                break
            if now in BASIC_OVER:
                press(page.get_by_test_id("next-hand"), "tap")
            elif now == "play":
                press(page.locator("#basic-hand [data-card]").last, "tap")
                press(page.get_by_test_id("basic-discard"), "tap")
            else:
                basic_turn(page, "tap")
        else:
            raise AssertionError("the page never offered a meld")
        chip = offers.first
        cards = chip.get_attribute("data-cards").split()
        expect(chip).to_have_text("Meld " + " ".join(face(code) for code in cards))
        card = page.locator("#basic-hand [data-card]").first.bounding_box()
        press(chip, "tap")
        last = Match.from_record(saved(page)["match"]).round.actions[-1]
        assert type(last).__name__ == "NewMeld" and sorted(map(str, last.cards)) == sorted(cards)
        melded = page.locator("#my-melds [data-code]")
        assert set(melded.evaluate_all("cards => cards.map(c => c.dataset.code)")) >= set(cards)
        for box in melded.evaluate_all(
            "cards => cards.map(c => [c.getBoundingClientRect().width, "
            "c.getBoundingClientRect().height])"
        ):
            assert box[0] >= 0.75 * card["width"] and box[1] >= 0.75 * card["height"], box
        assert not watched.errors, watched.errors


def test_five_computer_players_fit_a_360_px_phone(browser, site):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-US",
        **NO_SERVICE_WORKER,
    )
    page = context.new_page()
    try:
        open_game(page, site.url, seed=14)
        start_basic(page, opponents=5, how="tap")
        expect(page.locator("#opponents .seat")).to_have_count(5)

        def fits(page):
            no_sideways_scroll(page)
            if phase(page) in ("draw", "play"):
                boxes = page.locator("#basic-table button:visible").evaluate_all(
                    "nodes => nodes.map(n => n.getBoundingClientRect())"
                    ".map(r => [r.left, r.right, r.height])"
                )
                for left, right, height in boxes:
                    assert left >= 0 and right <= 360 and height >= 44

        play_basic_hand(page, how="tap", check=fits)
        fits(page)
        press(page.get_by_test_id("next-hand" if phase(page) == "hand-over" else "rematch"), "tap")
        basic_until_my_turn(page)
        page.set_viewport_size({"width": 740, "height": 360})  # the phone on its side
        no_sideways_scroll(page)
    finally:
        context.close()


def test_the_language_switch_covers_the_basic_rummy_screens(page: Page, site):
    open_game(page, site.url, seed=15)
    press(page.get_by_test_id("game-basic"))
    press(page.get_by_test_id("lang-zh-Hans"))
    expect(page.get_by_test_id("length-hands-1")).to_have_text("1 手")
    start_basic(page, opponents=2, length="hands-1")
    expect(page.get_by_test_id("opponent-1")).to_contain_text("电脑 1")
    expect(page.get_by_test_id("basic-meld")).to_have_text("出组合")
    page.get_by_test_id("lang-select").select_option("zh-Hant")
    settle(page)
    expect(page.get_by_test_id("opponent-2")).to_contain_text("電腦 2")
    basic_until_my_turn(page)
    expect(page.get_by_test_id("basic-status")).to_contain_text("輪到你")
    page.get_by_test_id("lang-select").select_option("en")
    settle(page)
    expect(page.get_by_test_id("opponent-2")).to_contain_text("Computer 2")
    page.get_by_test_id("lang-select").select_option("zh-Hans")
    settle(page)
    play_basic_hand(page)
    expect(page.get_by_test_id("hand-summary")).to_contain_text("总分")
    expect(page.get_by_test_id("rematch")).to_have_text(re.compile(r"\S"))


def test_a_corrupted_basic_save_gets_a_notice_and_a_fresh_start_keeping_the_gin_save(
    page: Page, site
):
    open_game(page, site.url, seed=16)
    press(page.get_by_test_id("start"))  # a gin match, then Basic Rummy chosen
    wait_out(page, "opponent")
    gin_save = saved(page, GIN_SAVE)
    press(page.get_by_test_id("home"))
    press(page.get_by_test_id("game-basic"))
    corrupted = '{"format": "rummy-table/basic", "version": 1, "match": 7}'
    page.evaluate(f"localStorage.setItem('{SAVE}', '{corrupted}')")
    page.reload()
    loaded(page)
    assert phase(page) == "start"
    expect(page.locator("#notice")).to_contain_text("could not be restored")
    assert saved(page, GIN_SAVE) == gin_save
    assert "match" in page.evaluate(
        "localStorage.getItem('rummy-table/basic/broken')"
    )  # kept aside
    start_basic(page, opponents=1)
    assert phase(page) in ("draw", "opponent", "play")
    assert saved(page)["format"] == "rummy-table/basic"


def test_basic_rummy_chosen_before_the_engine_is_ready_starts_once_it_is(page: Page, site):
    """The start screen answers taps while the engine is held back; the start pressed then is
    played once the engine is up."""
    engine = HeldRequests(page)
    with page.expect_request("**/*.whl", timeout=LOAD_TIMEOUT):
        page.goto(site.url + "?fast&seed=17")
        page.wait_for_function("document.body.dataset.ui === 'live'")  # the DOM layer runs
        for testid in ("game-basic", "opponents-2", "length-hands-1"):
            button = page.get_by_test_id(testid)
            button.click()
            expect(button).to_have_attribute("aria-pressed", "true")  # a tap answered at once
        page.get_by_test_id("start").click()
        expect(page.locator("#notice")).to_contain_text("as soon as loading finishes")
        assert phase(page) == "loading"
    engine.release()
    page.wait_for_function(
        "['draw', 'play', 'opponent'].includes(document.body.dataset.phase)", timeout=LOAD_TIMEOUT
    )
    expect(page.locator("#opponents .seat")).to_have_count(2)
    assert saved(page)["settings"] == {"opponents": 2, "hands": 1, "target": None, "level": "easy"}


@pytest.mark.slow
def test_basic_rummy_plays_offline_after_a_first_load_that_never_opened_it(browser, new_site):
    """The first visit only shows the start screen; offline, with the server gone, Basic Rummy
    still starts and plays a whole hand."""
    site = new_site()
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_game(page, site.url, seed=12)  # a short hand (seed 5's took four times as long)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        site.stop()  # only the service worker's cache is left
        context.set_offline(True)
        page.reload()
        loaded(page)
        start_basic(page, opponents=2)
        play_basic_hand(page)
        check_end_of_hand(page)
    finally:
        context.close()


@pytest.mark.slow
def test_a_whole_hand_by_keyboard_alone(page: Page, site):
    """Every choice and move is a focusable control: Enter on each plays a hand to its end."""
    open_game(page, site.url, seed=12)  # a short hand (seed 8's took three times as long)
    start_basic(page, opponents=2, how="keys")
    play_basic_hand(page, how="keys")
    check_end_of_hand(page)
    page.keyboard.press("Enter")  # the focus is on the next hand
    settle(page)
    assert phase(page) in ("draw", "opponent")


def told_turn(move: dict) -> str:
    """The status line's words for a computer player's turn: its draw, then its discard."""
    drew = move["drew"]
    if drew["move"] == "DrawStock":
        began = "drew from the stock"
    elif drew["from"] is None:
        began = f"took {face(drew['cards'][0])} from the discard pile"
    else:
        whose = "your" if drew["from"] == 0 else f"Computer {drew['from']}'s"
        began = f"took {whose} discard {face(drew['cards'][0])}"
    return f"Computer {move['by']} {began} and discarded {face(move['cards'][0])}."


def test_the_move_log_tells_every_players_moves_and_the_last_one_stays_marked(page: Page, site):
    """The status line tells the last computer player's whole turn, the card it took from the
    pile and whose discard that was (seed 7: a computer player takes one before long)."""
    open_game(page, site.url, seed=7)
    start_basic(page, opponents=3)
    told = set()
    for _ in range(200):
        basic_until_my_turn(page)
        match = Match.from_record(saved(page)["match"])
        last = match.round.actions[-1]
        move = BasicSession.restore(saved(page)).view_model()["last_move"]
        if phase(page) == "draw" and last.seat != 0 and type(last).__name__ == "Discard":
            expect(page.get_by_test_id("basic-status")).to_contain_text(told_turn(move))
            told.add(move["drew"]["move"])
            if "DrawDiscard" in told:
                break
        basic_turn(page)
    else:
        raise AssertionError("no computer took from the pile before the person's draw")
    marked = page.locator(".last-move")
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-code") == str(last.card)
    press(page.get_by_test_id("basic-log"))
    lines = page.get_by_test_id("log-list").locator("li")
    expect(lines).to_have_count(len(match.round.actions))
    texts = lines.all_inner_texts()
    assert texts[-1] == f"Computer {last.seat} discarded {face(str(last.card))}."
    assert sum(text.startswith("You ") for text in texts) == sum(
        a.seat == 0 for a in match.round.actions
    )
    page.keyboard.press("Escape")
    press(page.get_by_test_id("basic-stock"))
    expect(marked).to_have_count(0)


def test_the_basic_hand_drags_into_an_order_kept_across_a_reload(page: Page, site):
    open_game(page, site.url, seed=7)
    start_basic(page, opponents=1)
    basic_until_my_turn(page)
    before = hand_codes(page)
    cards = page.locator("#basic-hand [data-card]")
    last, first = cards.last.bounding_box(), cards.first.bounding_box()
    page.mouse.move(last["x"] + 10, last["y"] + 20)
    page.mouse.down()
    page.mouse.move(first["x"] + 5, first["y"] + 20, steps=8)
    page.mouse.up()
    settle(page)
    moved = before[-1:] + before[:-1]
    assert hand_codes(page) == moved
    page.reload()
    loaded(page)
    assert hand_codes(page) == moved
