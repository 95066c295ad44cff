"""Reviewing a finished hand on the page: each of the person's decisions, what they saw, the
hard player's ranking and the cost the engine estimates, computed in the worker in slices and
kept with the hand."""

import pytest
from helpers import counted, face, loaded, open_page, phase, press, settle, stored
from players import (
    BASIC_OVER,
    GIN_OVER,
    RK_OVER,
    gin_turn,
    play_basic_hand,
    play_gin_hand,
    rk_turn,
    rk_until_my_turn,
    start_basic,
    start_gin,
    start_rummikub,
)
from playwright.sync_api import Page, expect
from rummy.basic.session import BasicSession
from rummy.gin import Knock
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession
from rummy.rummikub.tiles import sort_key

pytestmark = pytest.mark.e2e
WHOLE = "document.querySelector('[data-testid=review-summary]').dataset.whole === 'true'"


def saved_gin(page: Page) -> GinSession:
    """The gin session the page saved, as the engine restores it."""
    return GinSession.restore(stored(page, "rummy-table/gin/save"))


def engine_review(session_type, page: Page, game: str):
    """The engine's own review of the hand the page saved, and whether the person won it."""
    session = session_type.restore(stored(page, f"rummy-table/{game}/save"))
    hand = session.match.round
    return session.review_module.review(hand, 0), hand.result.winner == 0


def review_to_the_end(page: Page) -> list[float]:
    """Open the review, wait until it is whole, and step to its last decision: the costs shown."""
    press(page.get_by_test_id("review"))
    assert phase(page) == "review"
    page.wait_for_function(WHOLE)
    costs = []
    for _ in range(500):
        cost = page.get_by_test_id("review-cost")
        if cost.count():
            costs.append(float(cost.get_attribute("data-cost")))
        if page.get_by_test_id("review-next").get_attribute("aria-disabled") == "true":
            return costs
        press(page.get_by_test_id("review-next"))
    raise AssertionError("the review never ended")


def check_summary(page: Page, review, won: bool) -> None:
    summary = page.get_by_test_id("review-summary").inner_text()
    order = [d.index for d in review.decisions]
    if not review.decisions:
        assert "no choice" in summary
    elif not review.costliest():
        assert "nothing lost" in summary
    else:
        assert summary.startswith(
            "Where the hand could have gone better" if won else "Where the hand was lost"
        )
        for decision in review.costliest():
            assert f"decision {order.index(decision.index) + 1} " in summary


def test_a_gin_hand_is_reviewed_to_the_end_with_the_engines_costs_and_kept(page: Page, site):
    open_page(page, site.url, seed=5)
    start_gin(page)
    play_gin_hand(page)
    shown = phase(page)
    assert shown in GIN_OVER
    review, won = engine_review(GinSession, page, "gin")
    assert review_to_the_end(page) == [d.cost for d in review.decisions]
    check_summary(page, review, won)
    press(page.get_by_test_id("review-prev"))
    expect(page.locator("#review-body h3").first).to_contain_text(
        f"Decision {len(review.decisions) - 1} of"
    )
    page.keyboard.press("Escape")
    settle(page)
    assert phase(page) == shown and page.locator("#result").is_visible()
    kept = stored(page, "rummy-table/gin/review")
    assert [d["cost"] for d in kept["decisions"]] == [d.cost for d in review.decisions]
    page.reload()  # computed once: after a reload the kept review shows whole at once
    loaded(page)
    press(page.get_by_test_id("review"))
    assert page.evaluate(WHOLE)


def test_a_gin_knock_is_named_apart_from_playing_on_in_the_hint_and_in_the_review(page: Page, site):
    """Where the person may knock, the hint names discarding without knocking against
    discarding and knocking; the review of a knock the hard player would not make ranks it
    with its cost, and the hand the knock won is not called lost."""
    open_page(page, site.url, seed=39)  # easy, to 50: a knock is legal at the third discard
    start_gin(page)
    for _ in range(100):
        if phase(page) == "discard" and any(
            isinstance(action, Knock) for action in saved_gin(page).view.legal_actions
        ):
            break
        gin_turn(page)
    hints = [hint for hint in saved_gin(page).hints_model() if hint["shown"]]
    best, knock = hints[0], next(hint for hint in hints if hint["move"] == "Knock")
    assert best["name"] == "DiscardNoKnock" and knock["card"] == best["card"]
    press(page.get_by_test_id("hint"))
    text = page.get_by_test_id("hints").inner_text()
    assert f"Best: Discard {face(best['card'])} without knocking" in text
    assert f"Discard {face(knock['card'])} and knock" in text
    press(page.get_by_test_id("hint"))
    press(page.locator(f'#hand [data-card="{knock["card"]}"]'))  # knock against the hint
    press(page.get_by_test_id("knock"))
    assert phase(page) in GIN_OVER
    review, won = engine_review(GinSession, page, "gin")
    assert won and review.decisions[-1].cost > 0
    review_to_the_end(page)  # the last decision on screen: the knock
    ranking = page.locator("#review-body .ranking li")
    expect(ranking.first).to_have_text(f"Discard {face(best['card'])} without knocking")
    cost = f"{review.decisions[-1].cost:.1f}".removesuffix(".0")
    expect(page.locator("#review-body .ranking li.chosen")).to_have_text(
        f"Discard {face(knock['card'])} and knock · −{cost} points"
    )
    check_summary(page, review, won)


def test_a_basic_rummy_hand_is_reviewed_to_the_end(page: Page, site):
    open_page(page, site.url, seed=90)  # 15 moves of the person's (seed 7: 97), 3 of them costly
    start_basic(page, opponents=1, length="hands-1")
    play_basic_hand(page)
    assert phase(page) in BASIC_OVER
    review, won = engine_review(BasicSession, page, "basic")
    assert review_to_the_end(page) == [d.cost for d in review.decisions]
    check_summary(page, review, won)
    press(page.get_by_test_id("review-close"))
    assert phase(page) in BASIC_OVER


def test_a_rummikub_round_is_reviewed_to_the_end_with_what_the_person_saw(page: Page, site):
    open_page(page, site.url, seed=4)
    start_rummikub(page, opponents=2, meld=True)
    for turn in range(300):  # the hint's move at every other turn, else a draw: some turns cost
        if rk_until_my_turn(page) in RK_OVER:
            break
        if turn % 2:
            press(page.get_by_test_id("rk-draw"))
        else:
            rk_turn(page)
    assert phase(page) in RK_OVER
    session = RummikubSession.restore(stored(page, "rummy-table/rummikub/save"))
    round_ = session.match.round
    review = session.review_module.review(round_, 0)
    assert review.costliest()
    assert review_to_the_end(page) == [d.cost for d in review.decisions]
    check_summary(page, review, round_.result.winner == 0)
    # The last decision on screen: the rack the person held then, tile by tile, the other
    # players' counts, and the solver's play beside the person's.
    seen = session.review_module.view_at(round_, review.decisions[-1].index, 0)
    shown = page.locator("#review-body .review-rack [data-tile]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)"
    )
    assert shown == [tile.code for tile in sorted(seen.rack, key=sort_key)]
    body = page.locator("#review-body")
    expect(body).to_contain_text(
        f"Computer 1: {counted(seen.rack_counts[1], 'tile')}"
        f" · Computer 2: {counted(seen.rack_counts[2], 'tile')}"
    )
    expect(body).to_contain_text("The solver's play of the most points:")
    assert page.locator("#review-body .review-sets .tiles").count() == len(seen.table)
    press(page.get_by_test_id("review-close"))
    assert phase(page) in RK_OVER
