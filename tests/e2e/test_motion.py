"""Cards move (issue 16): dealt into the hands, drawn from the stock or the pile, discarded, laid
off, melded; by transforms only, and not at all for a person who asks for reduced motion.

The page counts every card it moves (`window.rummyMotions`) and logs each move
(`window.rummyMotionLog`: the card, where it came from, the properties its keyframes animate),
so these tests check what moved, never how long it took.
"""

import pytest
from helpers import open_page, phase, press, settle, wait_out
from players import BASIC_OVER, gin_step, gin_until, start_basic, start_gin
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def forget_moves(page: Page) -> None:
    page.evaluate("window.rummyMotionLog = []")


def moves(page: Page) -> list[dict]:
    return page.evaluate("window.rummyMotionLog")


def moved(page: Page, code: str, kind: str) -> bool:
    """Whether `code` ("back": a face-down card) moved, from `kind` ("stock", "place": where it
    was on screen, "mover": the hand of the player who moved, "deal")."""
    return any(m["code"] == code and m["kind"] == kind for m in moves(page))


def transforms_only(page: Page) -> None:
    logged = moves(page)
    assert logged, "nothing moved"
    assert all(m["properties"] == ["transform"] for m in logged), logged


def codes(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => n.dataset.code || n.dataset.card)"
    )


# ---- gin ----------------------------------------------------------------------------------


def pile_offered(page: Page) -> str | None:
    """The test id of the control that takes the pile's top, when the person may."""
    now = phase(page)
    if now == "upcard":
        return "take-upcard"
    if now == "draw" and "active" in page.get_by_test_id("discard").get_attribute("class").split():
        return "discard"
    return None


def test_a_new_gin_hand_is_dealt_card_by_card_from_the_stock(page: Page, site):
    open_page(page, site.url, seed=5)
    start_gin(page, target=100)
    dealt = [m for m in moves(page) if m["kind"] == "deal"]
    faces = [m["code"] for m in dealt if m["code"] != "back"]
    assert len(faces) == 11, "the person's ten cards and the upcard"
    assert set(codes(page, "#hand [data-card]")) < set(faces)
    assert len(dealt) - len(faces) == 10, "the opponent's ten, face down"
    transforms_only(page)


def test_gin_cards_fly_from_the_stock_into_the_hand_and_from_the_opponent_onto_the_pile(
    page: Page, site
):
    open_page(page, site.url, seed=5)
    start_gin(page, target=100)
    for _ in range(20):
        gin_until(page, ("draw",))
        before = set(codes(page, "#hand [data-card]"))
        forget_moves(page)
        press(page.get_by_test_id("stock"))
        if phase(page) != "discard":
            continue  # the stock ran out: a dead hand
        (drawn,) = set(codes(page, "#hand [data-card]")) - before
        assert moved(page, drawn, "stock"), moves(page)
        transforms_only(page)

        discard = page.locator("#hand [data-card]").last
        code = discard.get_attribute("data-card")
        press(discard)
        forget_moves(page)
        press(discard)
        assert moved(page, code, "place"), "the discard flies from the hand onto the pile"
        wait_out(page, "opponent")
        if phase(page) != "draw":
            continue  # the opponent knocked, or the hand is dead
        top = page.get_by_test_id("discard").locator("[data-code]").get_attribute("data-code")
        assert moved(page, top, "mover"), "the opponent's discard flies from its hand onto the pile"
        took = codes(page, "[data-testid=taken-record] [data-code]")
        assert moved(page, "back", "stock") or moved(page, took[-1], "place"), "the opponent drew"
        transforms_only(page)
        return
    raise AssertionError("no turn of the opponent's ended with a discard")


def test_a_card_taken_from_the_pile_flies_from_there_into_the_hand(page: Page, site):
    open_page(page, site.url, seed=7)
    start_gin(page, target=100)
    for _ in range(400):
        take = pile_offered(page)
        if take is None:
            gin_step(page)
            continue
        top = page.get_by_test_id("discard").locator("[data-code]").get_attribute("data-code")
        forget_moves(page)
        press(page.get_by_test_id(take))
        assert top in codes(page, "#hand [data-card]")
        assert moved(page, top, "place"), moves(page)
        transforms_only(page)
        return
    raise AssertionError("the pile was never offered")


def test_with_reduced_motion_a_whole_gin_turn_moves_nothing(page: Page, site):
    page.emulate_media(reduced_motion="reduce")
    open_page(page, site.url, seed=5)
    start_gin(page, target=100)
    gin_until(page, ("draw",))
    before = codes(page, "#hand [data-card]")
    press(page.get_by_test_id("stock"))
    if phase(page) == "discard":
        card = page.locator("#hand [data-card]").last
        press(card)
        press(card)
        wait_out(page, "opponent")
    settle(page)
    assert codes(page, "#hand [data-card]") != before, "a turn was played"
    assert page.evaluate("window.rummyMotions") == 0
    assert page.evaluate("document.getAnimations().length") == 0


# ---- Basic Rummy ----------------------------------------------------------------------------


def test_basic_rummy_melds_and_lay_offs_fly_from_the_hand_to_the_table(page: Page, site):
    """The person's meld and lay-off fly from the hand; a computer player's meld flies from its
    panel."""
    open_page(page, site.url, seed=51)  # all three seen within the first hand (seed 11: later)
    start_basic(page, opponents=2, length="hands-5")
    seen = set()
    for _ in range(600):
        now = phase(page)
        if now == "draw":
            press(page.get_by_test_id("basic-stock"))
        elif now == "play":
            offers = page.get_by_test_id("meld-offer")
            layable = page.locator("#basic-hand .can-lay")
            if offers.count():
                meld = offers.first.get_attribute("data-cards").split()
                forget_moves(page)
                press(offers.first)  # one tap puts the meld down
                assert all(moved(page, code, "place") for code in meld), moves(page)
                assert set(codes(page, "#my-melds [data-code]")) >= set(meld)
                transforms_only(page)
                seen.add("meld")
            elif layable.count():
                code = layable.first.get_attribute("data-card")
                press(layable.first)
                forget_moves(page)
                press(page.locator("button.meld.fits").first)
                assert moved(page, code, "place"), moves(page)
                transforms_only(page)
                seen.add("lay-off")
            else:
                press(page.locator("#basic-hand [data-card]").last)
                press(page.get_by_test_id("basic-discard"))
        elif now == "opponent":
            forget_moves(page)  # first: a meld put down meanwhile is in `table`, or in the log
            table = set(codes(page, "#opponents [data-code]"))
            wait_out(page, "opponent")
            settle(page)
            theirs = set(codes(page, "#opponents [data-code]")) - table
            if theirs:
                assert any(moved(page, code, "mover") for code in theirs), moves(page)
                seen.add("computer")
        elif now in BASIC_OVER:
            press(page.get_by_test_id("next-hand" if now == "hand-over" else "rematch"))
        if seen == {"meld", "lay-off", "computer"}:
            return
    raise AssertionError(f"only saw {seen}")
