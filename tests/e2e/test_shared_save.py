"""A shared table's save whose seats no longer match its settings, in real Chromium: set aside
with a notice, the other games' saves untouched, and a fresh start ready."""

from __future__ import annotations

import json

import pytest
from helpers import deal, loaded, open_page, phase, press, settle, wait_out
from players import start_rummikub
from playwright.sync_api import Page, expect
from rummy.basic.session import BasicSession

pytestmark = pytest.mark.e2e

BASIC_SAVE = "rummy-table/basic/save"
BROKEN = "rummy-table/basic/broken"
GIN_SAVE = "rummy-table/gin/save"
RK_SAVE = "rummy-table/rummikub/save"
NOTICE = "The saved Basic Rummy game could not be restored. A fresh start is ready."  # en.json


def raw(page: Page, key: str) -> str | None:
    """A stored value exactly as kept: its text, byte for byte."""
    return page.evaluate("key => localStorage.getItem(key)", key)


def test_a_shared_save_whose_seats_do_not_match_its_settings_is_set_aside(page: Page, site) -> None:
    open_page(page, site.url, seed=21)
    press(page.get_by_test_id("start"))  # a gin match, one person against the computer
    wait_out(page, "opponent")
    assert raw(page, GIN_SAVE)
    press(page.get_by_test_id("home"))
    start_rummikub(page)  # a Rummikub round too
    settle(page)
    assert raw(page, RK_SAVE)
    press(page.get_by_test_id("home"))

    press(page.get_by_test_id("game-basic"))  # a Basic Rummy game of three people
    press(page.get_by_test_id("opponents-2"))
    press(page.get_by_test_id("length-hands-1"))
    names = ["Ann", "Bo", "Cy"]
    for seat, name in enumerate(names):
        page.get_by_test_id(f"seat-{seat}").select_option("person")
        page.get_by_test_id(f"seat-{seat}-name").fill(name)
    press(page.get_by_test_id("start"))
    deal(page)
    assert phase(page) == "pass-device"
    save = json.loads(raw(page, BASIC_SAVE))
    assert save["settings"]["seats"] == ["person"] * 3 and save["settings"]["names"] == names
    BasicSession.restore(save)  # the save as the page keeps it restores

    # The last seat and its name dropped: two seats for a game of three players.
    damaged = {
        **save,
        "settings": {
            **save["settings"],
            "seats": save["settings"]["seats"][:-1],
            "names": save["settings"]["names"][:-1],
        },
    }
    with pytest.raises(ValueError, match="2 seats for a game of 3 players"):
        BasicSession.restore(damaged)  # refused for its seats, not for some other damage
    damaged_text = json.dumps(damaged)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [BASIC_SAVE, damaged_text])
    gin_before, rk_before = raw(page, GIN_SAVE), raw(page, RK_SAVE)

    page.reload()
    loaded(page)
    assert phase(page) == "start"
    expect(page.locator("#notice")).to_contain_text(NOTICE)
    assert raw(page, BROKEN) == damaged_text  # set aside, as it was
    assert raw(page, BASIC_SAVE) is None
    assert raw(page, GIN_SAVE) == gin_before  # the other games' saves untouched
    assert raw(page, RK_SAVE) == rk_before

    press(page.get_by_test_id("game-basic"))  # a fresh start works
    press(page.get_by_test_id("start"))
    assert phase(page) != "start"
    fresh = json.loads(raw(page, BASIC_SAVE))
    assert fresh["format"] == "rummy-table/basic"
    BasicSession.restore(fresh)
