"""The simple persons the end-to-end tests play as, one per game: each starts a game from the
start screen and plays a step at a time by the page's own controls (clicks, taps or keys),
coping with a hand or round ending at any step."""

from __future__ import annotations

from helpers import deal, phase, press, wait_out
from playwright.sync_api import Page

GIN_OVER = ("settle", "match-over")
BASIC_OVER = ("hand-over", "game-over")
RK_OVER = ("round-over", "game-over")


# ---- gin ------------------------------------------------------------------------------------


def start_gin(
    page: Page, target: int = 50, level: str = "easy", how: str = "click", dealt: bool = True
) -> None:
    """Start a gin match; unless `dealt` is false, deal its first hand if it awaits a cut."""
    press(page.get_by_test_id(f"target-{target}"), how)
    press(page.get_by_test_id(f"level-{level}"), how)
    press(page.get_by_test_id("start"), how)
    if dealt:
        deal(page, how)
    assert phase(page) != "start"


def gin_turn(page: Page, how: str = "click") -> None:
    """One step of a simple person: deal a hand that awaits its cut, pass the upcard, draw from
    the stock, knock when the page offers it, else discard the last card shown (the highest
    deadwood card). By clicks, taps on a touch screen, or keys. The hand may end at any step
    (the computer knocks)."""
    now = phase(page)
    if now == "upcard":
        press(page.get_by_test_id("pass-upcard"), how)
    elif now == "draw":
        press(page.get_by_test_id("stock"), how)
    elif now == "discard":
        card = page.locator("#hand [data-card]").last
        press(card, how)  # selected: the knock button is live if knocking with it is legal
        knock = page.get_by_test_id("knock")
        if knock.get_attribute("aria-disabled") == "false":
            press(knock, how)
        elif how == "keys":
            press(page.get_by_test_id("discard-button"), how)
        else:
            press(card, how)
    elif now == "opponent":
        wait_out(page, "opponent")
    elif now == "cut":
        deal(page, how)
    elif now not in GIN_OVER:
        raise AssertionError(f"unexpected phase {now}")


def gin_step(page: Page, how: str = "click") -> None:
    """A step of the simple person, dealing again after a hand."""
    now = phase(page)
    if now in GIN_OVER:
        press(page.get_by_test_id("next-hand" if now == "settle" else "rematch"), how)
    else:
        gin_turn(page, how)


def gin_until(page: Page, screens: tuple[str, ...], how: str = "click") -> None:
    """Play on, dealing again if a hand ends first, until the page shows one of `screens`. The
    computer's turn is waited out here, not in a step: a step reads the phase again, and the
    computer may have finished in between (the person's draw would be taken for them)."""
    for _ in range(400):
        now = phase(page)
        if now in screens:
            return
        if now == "opponent":
            wait_out(page, "opponent")
        else:
            gin_step(page, how)
    raise AssertionError(f"the page never showed {screens}")


def gin_until_my_turn(page: Page, how: str = "click") -> None:
    """Play on until the person is to draw or discard."""
    gin_until(page, ("draw", "discard"), how)


def play_gin_hand(page: Page, how: str = "click") -> None:
    for _ in range(400):
        if phase(page) in GIN_OVER:
            return
        gin_turn(page, how)
    raise AssertionError("the hand did not end")


# ---- Basic Rummy ------------------------------------------------------------------------------


def start_basic(
    page: Page, opponents: int = 3, length: str = "hands-3", how: str = "click", dealt: bool = True
) -> None:
    for testid in ("game-basic", f"opponents-{opponents}", f"length-{length}", "basic-level-easy"):
        press(page.get_by_test_id(testid), how)
    press(page.get_by_test_id("start"), how)
    if dealt:
        deal(page, how)
    assert phase(page) != "start"


def basic_turn(page: Page, how: str = "click") -> None:
    """One step of a simple person: deal a hand that awaits its cut; draw from the stock; put
    down the meld the page offers (one tap on it); lay off a card the page marks as fitting
    onto the highlighted meld; else discard the last card shown (the highest loose card)."""
    now = phase(page)
    if now == "draw":
        press(page.get_by_test_id("basic-stock"), how)
    elif now == "play":
        offers = page.get_by_test_id("meld-offer")
        if offers.count():
            press(offers.first, how)
            return
        layable = page.locator("#basic-hand .can-lay")
        if layable.count():
            press(layable.first, how)
            press(page.locator("button.meld.fits").first, how)
            return
        press(page.locator("#basic-hand [data-card]").last, how)
        press(page.get_by_test_id("basic-discard"), how)
    elif now == "opponent":
        wait_out(page, "opponent")
    elif now == "cut":
        deal(page, how)
    elif now not in BASIC_OVER:
        raise AssertionError(f"unexpected phase {now}")


def play_basic_hand(page: Page, how: str = "click", check=None) -> None:
    for _ in range(600):
        if phase(page) in BASIC_OVER:
            return
        if check is not None:
            check(page)
        basic_turn(page, how)
    raise AssertionError("the hand did not end")


def basic_until_my_turn(page: Page) -> None:
    """Play on, dealing again if a hand ends first (it may end at any turn), until the person
    is to draw or play."""
    for _ in range(400):
        now = phase(page)
        if now in ("draw", "play"):
            return
        if now in BASIC_OVER:
            press(page.get_by_test_id("next-hand" if now == "hand-over" else "rematch"))
        elif now == "opponent":  # waited out here, as in gin_until
            wait_out(page, "opponent")
        else:
            basic_turn(page)
    raise AssertionError("the person never got a turn")


# ---- Rummikub -------------------------------------------------------------------------------


def start_rummikub(
    page: Page,
    opponents: int = 1,
    meld: bool = False,
    how: str = "click",
    timer: str = "off",
    dealt: bool = True,
) -> None:
    choices = (
        "game-rummikub",
        f"rk-opponents-{opponents}",
        "rk-level-easy",
        "rk-length-rounds-1",
        "rk-meld-on" if meld else "rk-meld-off",
        f"rk-timer-{timer}",
    )
    for testid in choices:
        press(page.get_by_test_id(testid), how)
    press(page.get_by_test_id("start"), how)
    if dealt:
        deal(page, how)
    assert page.evaluate("document.body.dataset.game") == "rummikub"


def rk_until_my_turn(page: Page) -> str:
    for _ in range(400):
        now = phase(page)
        if now != "opponent":
            return now
        wait_out(page, "opponent")
    raise AssertionError("the person never got a turn")


def validity(page: Page) -> list[str]:
    return page.locator("#rk-sets [data-set]").evaluate_all(
        "sets => sets.map(s => s.dataset.valid)"
    )


def enabled(page: Page, testid: str) -> bool:
    return page.get_by_test_id(testid).get_attribute("aria-disabled") == "false"


def rk_turn(page: Page, how: str = "click") -> None:
    """The person plays the hint's move when there is one, else draws."""
    press(page.get_by_test_id("rk-hint"), how)
    apply = page.get_by_test_id("rk-hint-apply")
    if apply.count():
        press(apply, how)
        assert all(v == "true" for v in validity(page))
        if enabled(page, "rk-done"):
            press(page.get_by_test_id("rk-done"), how)
            return
    press(page.get_by_test_id("rk-draw"), how)


def play_rk_round(page: Page, how: str = "click", check=None) -> None:
    for _ in range(300):
        now = rk_until_my_turn(page)
        if now in RK_OVER:
            return
        if check is not None:
            check(page)
        rk_turn(page, how)
    raise AssertionError("the round did not end")
