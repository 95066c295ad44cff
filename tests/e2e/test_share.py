"""Sharing a hand and the daily deal on the page: a link replays the hand in any browser, offline
too, and can be reviewed or played again; a bad link is refused and changes nothing; today's
deal is the same for everyone and is played once."""

import re

import pytest
from helpers import loaded, open_page, own_page, phase, press, settle, stored
from players import (
    GIN_OVER,
    RK_OVER,
    gin_turn,
    gin_until_my_turn,
    play_gin_hand,
    play_rk_round,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Browser, Page, expect
from rummy.gin.agents import make_agent
from rummy.gin.session import GinSession
from rummy.links import decode, encode, share, states

pytestmark = pytest.mark.e2e
ALL_STORED = (
    "JSON.stringify(Object.fromEntries("
    "Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)])))"
)
LAST_STEP = "document.querySelector('[data-testid=replay-next]').dataset.last === 'true'"
WHOLE = "document.querySelector('[data-testid=review-summary]').dataset.whole === 'true'"


def shared_link(page: Page) -> str:
    """Share the hand just ended: the link the share sheet offers."""
    press(page.get_by_test_id("share"))
    link = page.get_by_test_id("share-link")
    expect(link).to_be_visible()
    expect(page.get_by_test_id("share-status")).not_to_be_empty()
    return link.input_value()


def step_to_the_end(page: Page) -> int:
    """Step the replay shown to its last step: how many steps it has."""
    for steps in range(1, 2000):
        if page.evaluate(LAST_STEP):
            return steps
        expect(page.get_by_test_id("replay-step")).to_contain_text(f"{steps} of")
        press(page.get_by_test_id("replay-next"))
    raise AssertionError("the replay never ended")


def open_link(page: Page, url: str, fragment: str) -> None:
    page.goto(url + "?fast#" + fragment)
    loaded(page)


@pytest.mark.slow
def test_a_shared_hand_replays_in_a_fresh_browser_is_reviewed_and_its_deal_played_again(
    page: Page, site, browser: Browser
):
    open_page(page, site.url, seed=5)
    start_gin(page, level="normal")
    play_gin_hand(page)
    assert phase(page) in GIN_OVER
    link = shared_link(page)
    assert link.startswith(site.url + "#r1."), "a link to this copy of the site, without its query"
    fragment = link.split("#", 1)[1]
    shared = decode(fragment)
    sharer = GinSession.restore(stored(page, "rummy-table/gin/save"))
    assert shared.actions == tuple(
        a for a in stored(page, "rummy-table/gin/save")["match"]["hands"][-1]
    )

    with own_page(browser) as fresh:
        open_link(fresh, site.url, fragment)
        fresh.wait_for_function("document.body.dataset.phase === 'replay'")
        opened = fresh.evaluate(ALL_STORED)
        expect(fresh.get_by_test_id("replay-about")).to_contain_text("Normal")
        steps = step_to_the_end(fresh)
        assert steps == len(shared.actions) + 1, "the deal, then every move"
        expect(fresh.get_by_test_id("replay-step")).to_contain_text(f"{steps} of {steps}")
        assert not stored(fresh, "rummy-table/gin/save")

        press(fresh.get_by_test_id("replay-review"))
        assert phase(fresh) == "review"
        fresh.wait_for_function(WHOLE)
        review = sharer.review_module.review(sharer.match.round, 0)
        assert (
            float(fresh.get_by_test_id("review-cost").get_attribute("data-cost"))
            == review.decisions[0].cost
        )
        press(fresh.get_by_test_id("review-close"))
        assert phase(fresh) == "replay"
        assert fresh.evaluate(ALL_STORED) == opened, "watching and reviewing a link store nothing"

        press(fresh.get_by_test_id("replay-play"))
        assert phase(fresh) not in ("replay", "start")
        assert "#" not in fresh.url, "a reload shows the person's own game, not the link again"
        played = GinSession.restore(stored(fresh, "rummy-table/gin/save"))
        assert played.match.first_deal == shared.seed and played.settings == shared.settings
        play_gin_hand(fresh)
        assert phase(fresh) in GIN_OVER


def hand_the_sharer_knocks() -> GinSession:
    """The session at the end of a short gin hand in which the person (played by the engine's
    easy player) knocks or goes gin: the first such hand of the first seeds."""
    for seed in range(1, 200):
        session, person = GinSession.create({"level": "easy"}, seed), make_agent("easy", seed)
        while not session.match.round.is_over:
            session = (
                session.act("computer")
                if session.screen == "opponent"
                else session.played(person.act(session.view))
            )
        result = session.view_model()["result"]
        if result["knocker"] == "you" and result["kind"] != "undercut":
            if len(session.match.round.actions) <= 16:
                return session
    raise AssertionError("no short hand in which the person knocks")


def test_a_replay_names_the_sharer_and_ends_with_the_settlement(page: Page, site):
    """A shared hand is the sharer's, not the viewer's: its steps name the sharer and the gin
    computer as the table does, and its last step shows the settlement and the points."""
    session = hand_the_sharer_knocks()
    actions = share(session).actions
    result = session.view_model()["result"]
    open_link(page, site.url, encode(share(session)))
    page.wait_for_function("document.body.dataset.phase === 'replay'")
    words, body = page.get_by_test_id("replay-step"), page.locator("#replay-body")
    expect(body).to_contain_text("What the sharer saw")
    for number, code in enumerate(actions, start=2):
        press(page.get_by_test_id("replay-next"))
        who = "The sharer" if code.startswith("0 ") else "The computer"
        expect(words).to_contain_text(f"Step {number} of {len(actions) + 1} · {who}: ")
    assert page.evaluate(LAST_STEP)
    kind = "The sharer knocked" if result["kind"] == "knock" else "Gin! The sharer melded"
    expect(words).to_contain_text(kind)
    points = body.get_by_test_id("hand-points")
    expect(points).to_contain_text(f"The sharer scores {result['points']}")
    expect(body.get_by_test_id("settlement")).to_contain_text("Knocker: The sharer")
    page.get_by_test_id("lang-select").select_option("zh-Hans")
    settle(page)
    expect(words).to_contain_text("分享者")
    expect(points).to_contain_text(f"分享者得 {result['points']} 分")
    assert "你" not in body.inner_text() + words.inner_text()


def tampered(fragment: str) -> str:
    """The fragment with one character of its body changed."""
    at = len(fragment) // 2
    return fragment[:at] + ("A" if fragment[at] != "A" else "B") + fragment[at + 1 :]


def test_a_tampered_or_crafted_link_is_refused_and_the_saves_are_unchanged(page: Page, site):
    session = GinSession.create({}, 8)
    while session.match.round.to_move != 0:
        session = session.act("computer")
    fragment = encode(
        share(session.act("pass") if session.screen == "upcard" else session.act("stock"))
    )
    open_page(page, site.url, seed=5)
    start_gin(page)
    gin_turn(page)
    gin_until_my_turn(page)  # the saved game waits for the person: nothing moves on its own
    before = page.evaluate(ALL_STORED)
    crafted = [
        "r1." + "A" * 5000,
        "r7.AAAA",
        tampered(fragment),
        fragment[:-6],
        "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    ]
    for bad in crafted:
        open_link(page, site.url, bad)
        error = page.get_by_test_id("share-error")
        expect(error).to_be_visible()
        assert phase(page) not in ("replay", "loading") and page.locator("#replay").is_hidden()
        assert page.locator("img").count() == 0, "nothing in a link becomes markup"
        assert page.evaluate(ALL_STORED) == before, bad
    expect(page.get_by_test_id("share-error")).to_contain_text("shared hand")
    # A link opened on the live page (its fragment changed) is read the same way.
    page.evaluate(f"location.hash = '{tampered(fragment)}'")
    expect(page.get_by_test_id("share-error")).to_be_visible()
    press(page.get_by_test_id("resume"))
    assert phase(page) not in ("start", "replay", "loading") and page.evaluate(ALL_STORED) == before


def hand_shown(page: Page) -> list[str]:
    return sorted(
        page.locator("[data-testid=hand] [data-card]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.card)"
        )
    )


def test_todays_deal_is_the_same_in_two_browsers_and_is_played_once(site, browser: Browser):
    with own_page(browser) as first, own_page(browser) as second:
        for page in (first, second):
            open_page(page, site.url)
            press(page.get_by_test_id("daily"))
            assert phase(page) not in ("start", "loading")
        assert stored(first, "rummy-table/gin/save") == stored(second, "rummy-table/gin/save")
        assert hand_shown(first) == hand_shown(second) and len(hand_shown(first)) >= 10
        daily = stored(first, "rummy-table/gin/daily")
        assert daily["seed"] == stored(first, "rummy-table/gin/save")["match"]["seed"]
        badge = first.get_by_test_id("daily-badge")
        expect(badge).to_have_text(f"Today's deal {daily['date']}")  # marked on the table

        play_gin_hand(first)
        expect(badge).to_be_visible()
        line = first.get_by_test_id("daily-line")
        expect(line).to_contain_text("today's deal")
        expect(line).to_contain_text(daily["date"])
        expect(line).to_contain_text(re.compile(r"scores? \d+$|nobody scores$"))  # the score
        first.wait_for_function(
            "JSON.parse(localStorage.getItem('rummy-table/gin/daily')).link !== undefined"
        )
        kept = stored(first, "rummy-table/gin/daily")
        assert (
            decode(kept["link"]).seed
            == GinSession.restore(stored(first, "rummy-table/gin/save")).match.round.seed
        )
        press(first.get_by_test_id("check-deal"))  # no cut screen came: its cut is fixed
        check = first.get_by_test_id("deal-check")
        expect(check).to_have_attribute("data-match", "true")
        expect(check).to_contain_text("This deal's cut is fixed (0)")
        first.keyboard.press("Escape")
        press(first.get_by_test_id("close-result"))
        press(first.get_by_test_id("home"))
        expect(badge).to_be_hidden()
        press(
            first.get_by_test_id("daily")
        )  # played once: the line and its link again, no new deal
        expect(first.locator("#sheet-body")).to_contain_text(kept["line"])
        assert first.get_by_test_id("share-link").input_value().endswith("#" + kept["link"])
        assert stored(first, "rummy-table/gin/daily") == kept


def test_a_rummikub_round_is_shared_and_replayed_to_its_end_in_a_fresh_browser(
    page: Page, site, browser: Browser
):
    open_page(page, site.url, seed=92)  # a round of 15 turns each (41 for seed 4)
    start_rummikub(page, opponents=1)
    play_rk_round(page)
    assert phase(page) in RK_OVER
    expect(page.get_by_test_id("share")).to_have_text("Share this round")  # rounds, not hands
    fragment = shared_link(page).split("#", 1)[1]
    expect(page.locator("#sheet-title")).to_have_text("Share this round")
    shared = decode(fragment)
    dealt, end = states(shared)[0], states(shared)[-1].result
    with own_page(browser) as fresh:
        open_link(fresh, site.url, fragment)
        fresh.wait_for_function("document.body.dataset.phase === 'replay'")
        rack = fresh.locator("#replay-body [data-tile]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.tile)"
        )
        assert sorted(rack) == sorted(tile.code for tile in dealt.racks[0]), (
            "the deal: the sharer's rack"
        )
        expect(fresh.locator("#replay-title")).to_have_text("A shared round")
        steps = step_to_the_end(fresh)
        assert steps == len(shared.actions) + 1
        # The end names its winner as the steps name the players: the sharer, "Computer 1".
        if end.winner == 0:
            outcome = (
                "The pool is empty: the sharer has the lowest rack"
                if end.pool_exhausted
                else "The sharer went out!"
            )
        else:
            winner = f"Computer {end.winner}"
            outcome = (
                f"The pool is empty: {winner} has the lowest rack"
                if end.pool_exhausted
                else f"{winner} went out"
            )
        expect(fresh.get_by_test_id("replay-step")).to_contain_text(outcome)
        press(fresh.get_by_test_id("replay-close"))
        assert phase(fresh) == "start" and "#" not in fresh.url


def test_a_link_and_todays_deal_open_offline_after_a_first_load(browser: Browser, new_site):
    """With the server gone, only the service worker's cache left, a link still replays its hand
    and today's deal is still dealt: both are computed by the engine in the page."""
    session = GinSession.create({"level": "hard"}, 12)
    for _ in range(6):
        session = (
            session.act("computer")
            if session.match.round.to_move != 0
            else session.act(
                "pass"
                if session.screen == "upcard"
                else "stock"
                if session.screen == "draw"
                else "discard " + session.match.round.hands[0][0].code
            )
        )
    fragment = encode(share(session))
    site = new_site()
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    try:
        open_page(page, site.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        site.stop()
        context.set_offline(True)
        page.goto(site.url + "?fast#" + fragment)
        page.reload()
        loaded(page)
        page.wait_for_function("document.body.dataset.phase === 'replay'")
        steps = step_to_the_end(page)
        assert steps == len(session.match.round.actions) + 1
        press(page.get_by_test_id("replay-close"))
        press(page.get_by_test_id("daily"))
        assert phase(page) in ("upcard", "opponent", "draw")
        assert (
            stored(page, "rummy-table/gin/daily")["seed"]
            == stored(page, "rummy-table/gin/save")["match"]["seed"]
        )
    finally:
        context.close()
