"""The gin page in real Chromium, played by clicks only, as a person would."""

import json
import re
import shutil
from pathlib import Path

import pytest
from helpers import (
    device_page,
    face,
    finger_drag,
    from_site,
    loaded,
    no_sideways_scroll,
    open_page,
    phase,
    press,
    settle,
    stored,
)
from players import GIN_OVER, gin_turn, gin_until_my_turn, play_gin_hand, start_gin
from playwright.sync_api import Page, expect
from rummy.gin import Match
from rummy.gin.session import GinSession

pytestmark = pytest.mark.e2e
SAVE = "rummy-table/gin/save"
open_game = open_page


def saved(page: Page) -> dict:
    return stored(page, SAVE)


def hand_codes(page: Page) -> list[str]:
    return page.locator("#hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def number(text: str) -> int:
    return int(re.findall(r"-?\d+", text)[-1])


def test_a_full_hand_by_clicks_scores_what_the_engine_settles(page: Page, site):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    open_game(page, site.url, seed=5)
    start_gin(page)
    play_gin_hand(page)
    match = Match.from_record(saved(page)["match"])
    result = match.round.result
    assert result is not None
    you, opponent = match.scores
    assert number(page.get_by_test_id("score-you").inner_text()) == you
    assert number(page.get_by_test_id("score-opponent").inner_text()) == opponent
    if result.kind != "dead":
        assert number(page.get_by_test_id("hand-points").inner_text()) == result.points
        settlement = page.get_by_test_id("settlement")
        expect(settlement).to_be_visible()
        s = result.settlement
        assert f"{s.knocker_deadwood}" in settlement.inner_text()
        assert f"{s.defender_deadwood}" in settlement.inner_text()
    expect(
        page.locator("[data-testid=next-hand]:visible, [data-testid=rematch]:visible")
    ).to_have_count(1)
    assert all(from_site(url, site.url) for url in requests), "every byte comes from dist/"


def test_a_whole_match_to_50_reaches_the_match_end(page: Page, site):
    open_game(page, site.url, seed=6)
    start_gin(page, target=50)
    for _ in range(40):
        play_gin_hand(page)
        if phase(page) == "match-over":
            break
        press(page.get_by_test_id("next-hand"))
    assert phase(page) == "match-over"
    match = Match.from_record(saved(page)["match"])
    assert match.is_over and max(match.scores) >= 50
    expect(page.get_by_test_id("rematch")).to_be_visible()
    press(page.get_by_test_id("rematch"))
    assert phase(page) in ("upcard", "opponent")
    assert Match.from_record(saved(page)["match"]).seed != match.seed
    page.get_by_test_id("score-you").filter(has_text=re.compile(r"\b0$"))


def test_illegal_taps_are_refused_with_a_message_and_change_nothing(page: Page, site):
    open_game(page, site.url, seed=21)
    start_gin(page, target=100)
    if phase(page) == "opponent":
        gin_turn(page)
    assert phase(page) in ("upcard", "draw")  # seed 21: the computer does not knock at once
    upcard = page.get_by_test_id("discard").locator("[data-code]").get_attribute("data-code")
    if phase(page) == "upcard":
        press(page.get_by_test_id("take-upcard"))
    else:
        press(page.get_by_test_id("discard"))
    assert phase(page) == "discard"
    before = saved(page)
    hand = hand_codes(page)
    taken = page.locator(f'#hand [data-card="{upcard}"]')
    press(taken)
    press(taken)  # the card just taken from the pile
    status = page.get_by_test_id("status")
    expect(status).to_have_class(re.compile("error"))
    assert "discard pile" in status.inner_text()
    assert "tap it again" not in status.inner_text(), "the refusal alone, not contradicted"
    assert saved(page) == before and hand_codes(page) == hand and phase(page) == "discard"

    # Knocking with more than 10 points of deadwood: select a card, read the preview, knock.
    press(page.locator(f'#hand [data-card="{hand[0] if hand[0] != upcard else hand[1]}"]'))
    left = number(page.get_by_test_id("deadwood").inner_text())
    assert left > 10  # seed 21's first hand
    knock = page.get_by_test_id("knock")
    assert knock.get_attribute("aria-disabled") == "true"
    knock.click(force=True)  # it looks disabled (aria-disabled) but a tap still reaches it
    settle(page)
    expect(status).to_contain_text(f"deadwood is {left}")
    assert "selected" not in status.inner_text()
    assert saved(page) == before and hand_codes(page) == hand and phase(page) == "discard"


def test_reload_mid_hand_restores_the_identical_position(page: Page, site):
    open_game(page, site.url)
    start_gin(page)
    for _ in range(6):
        if phase(page) in ("settle", "match-over"):
            break
        gin_turn(page)
    for _ in range(50):  # to the person's draw: the computer moved last
        gin_until_my_turn(page)
        if phase(page) == "draw":
            break
        gin_turn(page)
    status = page.get_by_test_id("status")
    before = (
        phase(page),
        hand_codes(page),
        saved(page),
        page.get_by_test_id("stock").inner_text(),
        status.inner_text(),
    )
    assert before[-1].startswith("The computer")  # its last move, then what to do
    page.reload()
    loaded(page)
    after = (
        phase(page),
        hand_codes(page),
        saved(page),
        page.get_by_test_id("stock").inner_text(),
        status.inner_text(),
    )
    assert after == before
    play_gin_hand(page)  # and it plays on to the end of the hand


def test_starting_over_a_match_in_play_asks_first_in_the_pages_own_dialog(page: Page, site):
    open_game(page, site.url)
    start_gin(page)
    gin_until_my_turn(page)
    before = saved(page)
    press(page.get_by_test_id("home"))
    page.get_by_test_id("start").click()  # its work waits for the answer
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.get_by_test_id("answer-yes")).to_have_text("New match")
    page.keyboard.press("Escape")  # no: the match stays, and so does its save
    settle(page)
    expect(page.locator("#sheet")).to_be_hidden()
    assert phase(page) == "start" and saved(page) == before
    expect(page.get_by_test_id("resume")).to_be_visible()
    page.get_by_test_id("start").click()
    press(page.get_by_test_id("answer-yes"))  # yes: a new match
    assert phase(page) != "start" and saved(page)["match"]["seed"] != before["match"]["seed"]


def test_a_browser_that_cannot_store_plays_on_and_says_it_will_not_be_kept(page: Page, site):
    """Storage disabled or full: every setItem throws. The game plays; the notice says so."""
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    open_game(page, site.url)
    start_gin(page)
    expect(page.locator("#notice")).to_contain_text("will not be kept")
    gin_until_my_turn(page)
    gin_turn(page)
    gin_turn(page)
    assert phase(page) in ("upcard", "draw", "discard", "opponent", *GIN_OVER)
    assert page.evaluate("localStorage.length") == 0


def test_a_corrupted_save_gets_a_message_and_a_fresh_start(page: Page, site):
    open_game(page, site.url)
    start_gin(page)
    gin_until_my_turn(page)  # the computer is not moving, so nothing writes the save meanwhile
    broken = '{"format": "rummy-table/gin", "version": 1, "match": 7'
    page.evaluate("save => localStorage.setItem('rummy-table/gin/save', save)", broken)
    page.reload()
    loaded(page)
    assert phase(page) == "start"
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("could not be restored")
    assert page.evaluate("localStorage.getItem('rummy-table/gin/broken')") == broken  # kept aside
    start_gin(page)
    assert phase(page) in ("upcard", "opponent")
    assert saved(page)["format"] == "rummy-table/gin"


def test_the_page_plays_offline_after_the_first_load(browser, new_site):
    site = new_site()
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_game(page, site.url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        site.stop()  # the server is gone: only the service worker's cache is left
        context.set_offline(True)
        page.reload()
        loaded(page)
        assert phase(page) == "start"
        # The service worker cached the memory snapshot too: the fast start, offline
        assert page.evaluate("document.body.dataset.pyodide") == "snapshot"
        start_gin(page)
        play_gin_hand(page)
        assert phase(page) in ("settle", "match-over")
    finally:
        context.close()


@pytest.mark.parametrize("device", ["Pixel 7", "iPhone 13"])
def test_a_phone_screen_fits_without_horizontal_scrolling_and_taps_are_large(
    playwright, browser, site, device
):
    with device_page(playwright, browser, device) as watched:
        page = watched.page
        for size in ({"width": 360, "height": 640}, {"width": 640, "height": 360}):
            page.set_viewport_size(size)
            open_game(page, site.url)
            if phase(page) == "start":
                start_gin(page, how="tap")
            gin_until_my_turn(page, how="tap")
            if phase(page) == "draw":
                press(page.get_by_test_id("stock"), "tap")
            assert len(hand_codes(page)) == 11
            no_sideways_scroll(page)
            controls = "#hand [data-card], .table button:visible, .topbar button:visible"
            for width, height, inside in page.locator(controls).evaluate_all(
                """nodes => nodes.map(n => n.getBoundingClientRect())
                    .map(r => [r.width, r.height, r.left >= 0 && r.right <= window.innerWidth])"""
            ):
                assert width >= 44 and height >= 44 and inside
            play_gin_hand(page, how="tap")
            no_sideways_scroll(page)
            page.evaluate("localStorage.clear()")


def test_the_whole_game_is_playable_by_keyboard(page: Page, site):
    open_game(page, site.url)
    start_gin(page, how="keys")
    play_gin_hand(page, how="keys")
    assert phase(page) in GIN_OVER
    page.keyboard.press("Enter")  # the focus is on 「next hand」 or rematch
    settle(page)
    assert phase(page) == "cut"  # a fair deal awaits its cut, the focus on Deal
    assert page.evaluate("document.activeElement.dataset.testid") == "deal"
    page.keyboard.press("Enter")
    settle(page)
    assert phase(page) in ("upcard", "opponent", "draw")


def test_languages_switch_and_are_remembered(page: Page, site):
    open_game(page, site.url)
    tagline = page.locator(".tagline")  # the three games, in every language
    expect(tagline).to_have_text("Gin Rummy, Basic Rummy and Rummikub against the computer")
    press(page.get_by_test_id("lang-zh-Hans"))
    expect(tagline).to_have_text("和电脑对战金拉米、基本拉米与拉密")
    expect(page.get_by_test_id("start")).to_have_text("开始这一手")
    start_gin(page)
    if phase(page) == "upcard":
        expect(page.get_by_test_id("take-upcard")).to_have_text("要")
    page.reload()
    loaded(page)
    expect(page.get_by_test_id("taken-record")).to_contain_text("对手取走")
    card = page.locator("#hand [data-card]").first
    assert re.match(r"^(梅花|方块|红心|黑桃)", card.get_attribute("aria-label"))


def test_statistics_rules_and_four_colour_deck(page: Page, site):
    open_game(page, site.url, seed=5)
    sheet = page.locator("#sheet")
    press(page.get_by_test_id("settings"))  # the four-colour deck is in the settings
    page.get_by_test_id("four-color").check()
    assert page.evaluate("document.body.classList.contains('four-color')")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    page.get_by_role("button", name="Rules").click()
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("How to play Gin Rummy")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    start_gin(page)
    play_gin_hand(page)
    result = Match.from_record(saved(page)["match"]).round.result
    press(page.get_by_test_id("next-hand"))
    press(page.get_by_role("button", name="Statistics"))
    expect(sheet).to_contain_text("Your Gin Rummy statistics")
    played = sheet.locator("dt", has_text="Hands played").locator("xpath=following-sibling::dd[1]")
    expect(played).to_have_text("0" if result.kind == "dead" else "1")
    page.reload()  # the four-colour choice and the statistics are remembered
    loaded(page)
    assert page.evaluate("document.body.classList.contains('four-color')")
    press(page.get_by_test_id("settings"))
    expect(page.get_by_test_id("four-color")).to_be_checked()
    page.keyboard.press("Escape")
    press(page.get_by_role("button", name="Statistics"))
    expect(played).to_have_text("0" if result.kind == "dead" else "1")


# Cache Storage answers asynchronously: each poll asks again and compares the last answer.
CACHE_NAMES_ARE = """expected => {
  caches.keys().then((names) => { window.rummyCacheNames = JSON.stringify(names); });
  return window.rummyCacheNames === expected;
}"""


def wait_for_caches(page: Page, names: list[str], seconds: float = 60) -> None:
    """Wait until the page's Cache Storage holds exactly `names`."""
    expected = json.dumps(names, separators=(",", ":"))
    page.wait_for_function(CACHE_NAMES_ARE, arg=expected, timeout=seconds * 1000, polling=250)


def test_a_new_build_replaces_the_cache_cleanly(browser, new_site, build_module, tmp_path):
    web = tmp_path / "web"
    shutil.copytree(Path(__file__).resolve().parents[2] / "web", web)
    dist = build_module.build(tmp_path / "dist", web, npm=False)
    first = json.loads((dist / "precache.json").read_text())["version"]
    site = new_site(dist)
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_game(page, site.url)
        wait_for_caches(page, [f"rummy-table-{first}"])

        catalog = web / "i18n" / "en.json"
        strings = json.loads(catalog.read_text())
        strings["app.tagline"] = "Gin Rummy, new build"
        catalog.write_text(json.dumps(strings, ensure_ascii=False))
        build_module.build(tmp_path / "dist", web, npm=False)
        second = json.loads((dist / "precache.json").read_text())["version"]
        assert second != first

        # the browser finds the new worker; it installs, takes over, drops the old cache
        page.reload()
        wait_for_caches(
            page, [f"rummy-table-{second}"], seconds=180
        )  # 14 MB to fetch, on a busy CI
        page.reload()
        loaded(page)
        expect(page.locator(".tagline")).to_have_text("Gin Rummy, new build")
    finally:
        context.close()


# ---- following the play: the move log, the last move, the pile, the hint, the settlement ----


def session_of(page: Page) -> GinSession:
    """The person's session as the engine restores it from the page's save."""
    return GinSession.restore(saved(page))


def until_the_computer_discarded(page: Page) -> None:
    """Play on until the person is to draw right after a discard of the computer's."""
    for _ in range(400):
        gin_until_my_turn(page)
        last = session_of(page).view_model()["last_move"]
        if phase(page) == "draw" and last["by"] == "opponent" and last["move"] == "Discard":
            return
        gin_turn(page)
    raise AssertionError("the computer never discarded before the person's draw")


def test_the_move_log_tells_every_move_and_the_last_one_stays_marked_until_the_persons_action(
    page: Page, site
):
    """The status line tells the computer's whole turn, the card it took from the pile too
    (seed 5: it takes the person's first discard, then draws from the stock)."""
    open_game(page, site.url, seed=5)
    start_gin(page)
    until_the_computer_discarded(page)
    session = session_of(page)
    move = session.view_model()["last_move"]
    assert move["drew"]["move"] == "DrawDiscard"
    took, threw = face(move["drew"]["card"]), face(move["card"])
    top = session.view.pile[-1].code
    marked = page.locator(".last-move")
    expect(marked).to_have_count(1)
    assert (
        marked.get_attribute("data-code") == top
        and marked.locator("xpath=..").get_attribute("data-testid") == "discard"
    )
    assert face(top) == threw
    status = page.get_by_test_id("status")
    expect(status).to_contain_text(f"The computer took your discard {took} and discarded {threw}.")
    press(page.locator("#hand [data-card]").first)  # selecting is no action: the mark stays
    expect(marked).to_have_count(1)
    press(page.get_by_test_id("log"))
    lines = page.get_by_test_id("log-list").locator("li")
    expect(lines).to_have_count(len(session.match.round.actions))
    assert lines.all_inner_texts()[-2:] == [
        f"The computer took {took} from the discard pile.",
        f"The computer discarded {threw}.",
    ]
    mine = [a for a in session.match.round.actions if a.seat == 0 and type(a).__name__ == "Discard"]
    texts = lines.all_inner_texts()
    assert all(f"You discarded {c}" in " ".join(texts) for c in [face(a.card.code) for a in mine])
    press(page.get_by_test_id("close-sheet"))
    press(
        page.get_by_test_id("stock")
    )  # the person's action: the computer's move is no longer marked
    expect(marked).to_have_count(0)
    until_the_computer_discarded(page)  # its next turn: from the stock
    move = session_of(page).view_model()["last_move"]
    assert move["drew"]["move"] == "DrawStock"
    expect(status).to_contain_text(
        f"The computer drew from the stock and discarded {face(move['card'])}."
    )


def test_the_discard_pile_can_be_looked_through_bottom_to_top(page: Page, site):
    open_game(page, site.url, seed=5)
    start_gin(page)
    until_the_computer_discarded(page)
    pile = [card.code for card in session_of(page).view.pile]
    button = page.get_by_test_id("pile-list")
    expect(button).to_have_text(f"Pile ({len(pile)})")
    press(button)
    cards = page.get_by_test_id("pile-cards").locator("[data-code]")
    assert cards.evaluate_all("cards => cards.map(c => c.dataset.code)") == pile
    assert cards.last.get_attribute("aria-label").endswith("top")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pile-cards")).to_be_hidden()


def test_a_hint_marks_its_card_and_says_why_in_words(page: Page, site):
    open_game(page, site.url, seed=5)
    start_gin(page)
    gin_until_my_turn(page)
    if phase(page) == "draw":
        press(page.get_by_test_id("stock"))
    best = session_of(page).hints_model()[0]  # the hard player's ranking, as the worker gives it
    press(page.get_by_test_id("hint"))
    hint = page.get_by_test_id("hint-best")
    expect(hint).to_be_visible()
    text = hint.inner_text()
    assert not re.search(r"\d\.\d", text), "no raw figures such as 48.0"
    if best["move"] in ("Discard", "Knock"):
        hinted = page.locator("#hand .hinted")
        expect(hinted).to_have_count(1)
        assert hinted.get_attribute("data-card") == best["card"]
        assert face(best["card"]) in text
        leaves = [r for r in best["why"] if r["why"] == "leaves"]
        assert not leaves or f"You keep {leaves[0]['points']} deadwood." in text
    press(page.get_by_test_id("hint"))  # a second tap hides it, and the mark
    expect(page.locator(".hinted")).to_have_count(0)


def test_the_card_taken_from_the_pile_is_marked_as_not_discardable(page: Page, site):
    open_game(page, site.url, seed=5)
    start_gin(page)
    for _ in range(400):
        if phase(page) == "upcard" and page.get_by_test_id("take-upcard").is_visible():
            break
        if phase(page) in GIN_OVER:
            press(page.get_by_test_id("next-hand" if phase(page) == "settle" else "rematch"))
        else:
            gin_turn(page)
    taken = session_of(page).view.pile[-1].code
    press(page.get_by_test_id("take-upcard"))
    card = page.locator(f'#hand [data-card="{taken}"]')
    expect(card).to_have_class(re.compile(r"\bfrom-pile\b"))
    assert "cannot be discarded this turn" in card.get_attribute("aria-label")
    expect(page.locator("#hand .from-pile")).to_have_count(1)


def test_the_hand_drags_into_an_order_kept_in_the_save(page: Page, site):
    open_game(page, site.url, seed=5)
    start_gin(page)
    gin_until_my_turn(page)
    before = hand_codes(page)
    cards = page.locator("#hand [data-card]")
    first, fifth = cards.nth(0).bounding_box(), cards.nth(4).bounding_box()
    page.mouse.move(first["x"] + 10, first["y"] + 20)
    page.mouse.down()
    page.mouse.move(fifth["x"] + fifth["width"] * 0.75, fifth["y"] + 20, steps=8)
    page.mouse.up()
    settle(page)
    moved = before[1:5] + before[:1] + before[5:]
    assert hand_codes(page) == moved
    assert saved(page)["hand_order"] == moved
    expect(page.locator("#gin-table .sorts [aria-pressed=true]")).to_have_count(0)
    page.reload()
    loaded(page)
    assert hand_codes(page) == moved
    session_of(page)  # the engine still restores the save that carries the order
    press(page.get_by_test_id("sort-rank"))  # a sort chip replaces the person's order
    assert "hand_order" not in saved(page) and hand_codes(page) != moved


def test_on_a_phone_the_hint_fits_and_a_finger_drags_a_selected_card_to_a_new_place(
    playwright, browser, site
):
    with device_page(playwright, browser, "Pixel 7") as watched:
        page = watched.page
        open_game(page, site.url, seed=5)
        start_gin(page, how="tap")
        gin_until_my_turn(page, how="tap")
        if phase(page) == "draw":
            press(page.get_by_test_id("stock"), "tap")
        press(page.get_by_test_id("hint"), "tap")
        box = page.get_by_test_id("hints").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
        no_sideways_scroll(page)
        press(page.get_by_test_id("hint"), "tap")
        before = hand_codes(page)
        last = page.locator("#hand [data-card]").last
        press(page.locator("#hand [data-card]").first, "tap")  # selected: a finger now drags it
        finger_drag(page, page.locator("#hand [data-card]").first, last)
        settle(page)
        after = hand_codes(page)
        assert sorted(after) == sorted(before) and after[0] != before[0]
        assert saved(page)["hand_order"] == after


def test_the_settlement_labels_melds_and_deadwood_on_screen_apart_on_a_phone(
    playwright, browser, site
):
    with device_page(playwright, browser, "Pixel 7") as watched:
        page = watched.page
        for seed in range(5, 40):
            open_game(page, site.url, seed=seed)
            if phase(page) != "start":
                press(page.get_by_test_id("new-match"))
            start_gin(page, how="tap")
            play_gin_hand(page, how="tap")
            result = session_of(page).view_model()["result"]
            if result["kind"] == "knock":
                break
            page.evaluate("localStorage.clear()")
        else:
            raise AssertionError("no hand ended with a knock")
        settlement = page.get_by_test_id("settlement")
        hands = (result["knocker_hand"], result["defender_hand"])
        expected = [f"Deadwood {hand['deadwood']}" for hand in hands if hand["deadwood_cards"]]
        assert settlement.locator(".group.loose .caption").all_inner_texts() == expected
        melds = settlement.locator(".group.meld")
        assert melds.count() == sum(len(hand["melds"]) for hand in hands)
        assert set(melds.locator(".caption").all_inner_texts()) == {"Meld"}
        for loose in settlement.locator(".group.loose").all():  # a line of its own, its own frame
            box, parent = loose.bounding_box(), loose.locator("xpath=..").bounding_box()
            assert abs(box["x"] - parent["x"]) < 1 and abs(box["width"] - parent["width"]) < 1
            assert loose.evaluate("n => getComputedStyle(n).borderStyle") == "dashed"
        no_sideways_scroll(page)
