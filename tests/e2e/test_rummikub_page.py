"""The Rummikub page in real Chromium, played by clicks, taps and drags, as a person would.

Positions that a test needs (a run on the table to split, a joker to take back) are found with
the engine before the page is opened: the page deals the first game from `?seed=N` exactly as
the engine's session does, and the computer players decide from the position alone, so the
engine's game and the page's are the same game. Every end of round is checked against the
engine's replay of the save.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import (
    NO_SERVICE_WORKER,
    counted,
    device_page,
    finger_drag,
    from_site,
    no_sideways_scroll,
    open_page,
    phase,
    press,
    settle,
    stored,
)
from players import enabled, play_rk_round, rk_until_my_turn, start_rummikub, validity
from playwright.sync_api import Locator, Page, expect
from rummy.rummikub.match import Match
from rummy.rummikub.round import Draw, Play, Timeout
from rummy.rummikub.session import RummikubSession, Settings
from rummy.rummikub.solver import solve
from rummy.rummikub.tiles import JOKER, Tile, sort_key

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
SAVE = "rummy-table/rummikub/save"
COLOURS = {"K": "black", "B": "blue", "O": "orange", "R": "red"}  # as the English page says

# ---- the engine's side: settings and positions --------------------------------------------


def settings(opponents: int, meld: bool) -> dict:
    return {
        "opponents": opponents,
        "level": "easy",
        "initial_meld": meld,
        "rounds": 1,
        "target": None,
        "timer": None,
    }


def at_person(session: RummikubSession) -> RummikubSession:
    while session.screen == "opponent":
        session = session.act("computer")
    return session


def first_turn(seed: int, opponents: int = 1, meld: bool = False) -> RummikubSession:
    """The engine's game at the person's first turn, as the page deals it from `?seed=`."""
    return at_person(RummikubSession.create(settings(opponents, meld), seed))


def rack(session: RummikubSession) -> Counter:
    return Counter(session.match.round.racks[0])


def play(session: RummikubSession, *new_sets: list[Tile]) -> RummikubSession:
    """The person lays `new_sets` beside the table's sets, then the computer players move."""
    table = [tile_set.tiles for tile_set in session.match.round.table] + [list(s) for s in new_sets]
    code = "play " + " | ".join(" ".join(tile.code for tile in s) for s in table)
    after = session.act(code)
    assert isinstance(after, RummikubSession), after
    return at_person(after)


def split_position() -> tuple[int, list[Tile], list[Tile]]:
    """A seed at whose first turn the person lays a run of 4 (x to x+3) and, at their second,
    still holds two tiles of number x+3 in the other colours, the run still on the table."""
    for seed in range(2000):
        session = first_turn(seed)
        held = rack(session)
        for colour in "KBOR":
            for low in range(1, 11):
                run = [Tile(colour, low + i) for i in range(4)]
                others = [
                    Tile(c, low + 3) for c in "KBOR" if c != colour and held[Tile(c, low + 3)]
                ][:2]
                if session.screen != "play" or not all(held[t] for t in run) or len(others) < 2:
                    continue
                later = play(session, run)
                still = any(list(s.tiles) == run for s in later.match.round.table)
                if later.screen == "play" and still and not Counter(others) - rack(later):
                    return seed, run, others
    raise AssertionError("no seed gives the position")


def joker_position() -> tuple[int, list[Tile], list[Tile]]:
    """A seed at whose first turn the person holds the joker, a run of 3 (x, x+1, x+2) and two
    tiles of another number in two colours: they lay x J x+2 and keep x+1 for their second
    turn, when the joker can be taken back by putting x+1 in its place."""
    for seed in range(2000):
        session = first_turn(seed)
        held = rack(session)
        if session.screen != "play" or not held[JOKER]:
            continue
        for colour in "KBOR":
            for low in range(1, 12):
                run = [Tile(colour, low + i) for i in range(3)]
                left = held - Counter(run)
                if not all(held[t] for t in run):
                    continue
                for number in range(1, 14):
                    pair = [Tile(c, number) for c in "KBOR" if left[Tile(c, number)]][:2]
                    if len(pair) < 2:
                        continue
                    later = play(session, [run[0], JOKER, run[2]])
                    if later.screen == "play" and not Counter([run[1], *pair]) - rack(later):
                        return seed, run, pair
    raise AssertionError("no seed gives the position")


def low_meld_position() -> tuple[int, list[Tile]]:
    """A seed at whose first turn (initial meld on) the person holds a run of 3 worth less
    than 30."""
    for seed in range(2000):
        session = first_turn(seed, meld=True)
        held = rack(session)
        for colour in "KBOR":
            for low in range(1, 8):
                run = [Tile(colour, low + i) for i in range(3)]
                if session.screen == "play" and all(held[t] for t in run):
                    return seed, run
    raise AssertionError("no seed gives the position")


def touch_position() -> tuple[int, int, Tile]:
    """A seed at whose first turn (initial meld on) the computer has laid a group of three down
    that a tile of the person's rack would make a group of four worth 30 or more: (the seed,
    the group's place on the table, the tile)."""
    for seed in range(2000):
        session = first_turn(seed, meld=True)
        if session.screen != "play":
            continue
        for number, tile_set in enumerate(session.match.round.table):
            colours = {t.colour for t in tile_set.tiles}
            if tile_set.kind != "group" or len(tile_set.tiles) != 3 or JOKER in tile_set.tiles:
                continue
            value = tile_set.tiles[0].number
            fits = [t for t in rack(session) if t.number == value and t.colour not in colours]
            if fits and value * 4 >= 30:
                return seed, number, fits[0]
    raise AssertionError("no seed gives the position")


def finished_round_save(seed: int) -> dict:
    """A save of a game of 3 rounds against one computer player, its first round just over:
    the person plays the hint's move, or draws."""
    session = RummikubSession.create({**settings(1, False), "rounds": 3}, seed)
    while session.screen in ("play", "opponent"):
        if session.screen == "opponent":
            session = session.act("computer")
            continue
        hint = session.hints_model()["table"]
        table = " | ".join(" ".join(entry["tiles"]) for entry in hint)
        session = session.act("play " + table if hint else "draw")
    assert session.screen == "round-over"
    return session.save()


def crowded_save(seed: int, table_tiles: int = 0, rack_tiles: int = 0) -> dict:
    """A save of a game against one computer player, at the person's turn once the table holds
    `table_tiles` or their rack `rack_tiles`: each seat plays the solver's move for its rack
    less its highest tile (nobody goes out), or draws; the person only draws when a big rack
    is wanted. The save is replayed by the page like any other."""
    settings = Settings(opponents=1, level="easy", initial_meld=False)
    match = Match.start(settings.rules(), seed)
    while not match.round.is_over:
        game, seat = match.round, match.round.to_move
        if seat == 0 and (
            sum(len(s.tiles) for s in game.table) >= table_tiles
            if table_tiles
            else len(game.racks[0]) >= rack_tiles
        ):
            return RummikubSession(settings, match).save()
        kept = sorted(game.racks[seat], key=sort_key)[:-1]
        move = solve(game.table, kept) if kept and (seat or table_tiles) else None
        action = Play.of(seat, [s.tiles for s in move.sets]) if move and move.placed else Draw(seat)
        match = match.apply(action)
    raise AssertionError("the round ended first")


# ---- the page's side ----------------------------------------------------------------------


def rack_tile(page: Page, tile: Tile) -> Locator:
    return page.locator(f'#rk-rack [data-tile="{tile.code}"]').first


def table_tile(page: Page, tile: Tile) -> Locator:
    return page.locator(f'#rk-sets [data-tile="{tile.code}"]').first


def table_sets(page: Page) -> list[list[str]]:
    return page.locator("#rk-sets [data-set]").evaluate_all(
        "sets => sets.map(s => [...s.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))"
    )


def rack_codes(page: Page) -> list[str]:
    return page.locator("#rk-rack [data-tile]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)"
    )


def open_save(page: Page, url: str, save: dict, lang: str = "en") -> None:
    """The page opened on `save` (stored before the page starts, once), in `lang`."""
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("{SAVE}", {json.dumps(json.dumps(save))});
        localStorage.setItem(
            "rummy-table/prefs", JSON.stringify({{game: "rummikub", lang: "{lang}"}})
        );
    }}""")
    page.goto(url + "?fast")
    page.wait_for_function(
        "!['loading', 'opponent'].includes(document.body.dataset.phase) && "
        "!document.body.dataset.busy",
        timeout=180_000,
    )


def press_anyway(page: Page, testid: str) -> None:
    """A tap on a control marked disabled: the page still answers it (with a refusal)."""
    page.get_by_test_id(testid).click(force=True)
    settle(page)


def new_set(page: Page, tiles: list[Locator], how: str = "click") -> None:
    for tile in tiles:
        press(tile, how)
    press(page.get_by_test_id("rk-new-set"), how)


def saved_match(page: Page) -> Match:
    return Match.from_record(stored(page, SAVE)["match"])


def check_end_of_round(page: Page) -> None:
    """The end-of-round screen says what the engine's replay of the save says."""
    match = saved_match(page)
    game = match.round
    assert game.result is not None and sum(game.result.scores) == 0
    expect(page.locator("#result")).to_be_visible()
    for seat, tiles in enumerate(game.racks):
        row = page.get_by_test_id(f"rk-summary-{seat}")
        text = row.inner_text()
        assert f"{counted(sum(t.number or 30 for t in tiles), 'point')} left" in text  # joker 30
        assert f"round {game.result.scores[seat]}" in text and f"total {match.scores[seat]}" in text
        assert row.locator("[data-tile]").evaluate_all("n => n.map(t => t.dataset.tile)") == [
            t.code for t in tiles
        ]


# ---- the tests ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "device, opponents, seed",
    # seeds whose rounds are short: 21 turns each (seed 21: 41), 7 and 20 (seed 21: 12 and 36)
    [(None, 1, 99), ("Pixel 7", 3, 27)],
    ids=["desktop-1-computer", "pixel-7-3-computers"],
)
def test_a_whole_round_by_clicks_taps_and_a_drag(
    playwright, browser, site, device, opponents, seed
):
    how = "tap" if device else "click"
    with device_page(playwright, browser, device) as watched:
        page = watched.page
        open_page(page, site.url, seed=seed)
        start_rummikub(page, opponents=opponents, meld=True, how=how)
        expect(page.locator("#rk-opponents .seat")).to_have_count(opponents)
        if rk_until_my_turn(page) == "play":
            # A drag (by mouse; on the phone by a finger, on a tile selected first): a rack tile
            # dropped on "new set" starts a set (too short: invalid), and Undo takes it back.
            before = rack_codes(page)
            tile, place = (
                page.locator("#rk-rack [data-tile]").first,
                page.get_by_test_id("rk-new-set"),
            )
            if device:
                press(tile, how)
                finger_drag(page, tile, place)
            else:
                tile.drag_to(place)
            settle(page)
            assert len(rack_codes(page)) == len(before) - 1
            assert validity(page)[-1] == "false"
            press(page.get_by_test_id("rk-undo"), how)
            assert rack_codes(page) == before
        play_rk_round(page, how=how, check=no_sideways_scroll if device else None)
        check_end_of_round(page)
        assert phase(page) == "game-over"  # a game of one round
        expect(page.get_by_test_id("rematch")).to_be_visible()
        assert all(from_site(url, site.url) for url in watched.requests), (
            "every byte comes from dist/"
        )
        assert not watched.errors, watched.errors


def test_a_turn_splits_a_table_run_and_joins_a_piece_with_rack_tiles(page: Page, site):
    seed, run, others = split_position()
    open_page(page, site.url, seed=seed)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    new_set(page, [rack_tile(page, tile) for tile in run])
    press(page.get_by_test_id("rk-done"))
    assert rk_until_my_turn(page) == "play"
    assert [t.code for t in run] in table_sets(page)

    # The run's last tile leaves it, with two rack tiles of its number: a group.
    new_set(page, [table_tile(page, run[3])] + [rack_tile(page, tile) for tile in others])
    sets = table_sets(page)
    assert [t.code for t in run[:3]] in sets
    assert sorted(sets[-1]) == sorted([run[3].code] + [t.code for t in others])
    assert all(v == "true" for v in validity(page))
    assert enabled(page, "rk-done")
    press(page.get_by_test_id("rk-done"))
    game = saved_match(page).round
    laid = [sorted(t.code for t in s.tiles) for s in game.table]
    assert sorted(t.code for t in run[:3]) in laid
    assert sorted([run[3].code] + [t.code for t in others]) in laid


def test_a_joker_is_taken_back_by_putting_the_tile_it_stands_for_in_its_place(page: Page, site):
    seed, run, pair = joker_position()
    open_page(page, site.url, seed=seed)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    new_set(page, [rack_tile(page, run[0]), rack_tile(page, JOKER), rack_tile(page, run[2])])
    press(page.get_by_test_id("rk-done"))
    assert rk_until_my_turn(page) == "play"

    # The joker out of the run, with the pair: the run is short of its middle tile.
    new_set(page, [table_tile(page, JOKER)] + [rack_tile(page, tile) for tile in pair])
    assert validity(page).count("false") == 1
    expect(page.get_by_test_id("rk-why")).to_be_visible()
    assert not enabled(page, "rk-done")
    # The tile the joker stood for goes in its place: every set is valid, and Done is taken.
    number = next(i for i, s in enumerate(table_sets(page)) if run[0].code in s and "J" not in s)
    press(rack_tile(page, run[1]))
    press(page.locator(f'[data-set-add="{number}"]'))
    assert all(v == "true" for v in validity(page))
    press(page.get_by_test_id("rk-done"))
    game = saved_match(page).round
    laid = [sorted(t.code for t in s.tiles) for s in game.table]
    assert any(
        not Counter(t.code for t in run) - Counter(s) and "J" not in s for s in laid
    )  # a computer may have added to it
    assert sorted(["J"] + [t.code for t in pair]) in laid


def test_an_illegal_table_is_refused_with_its_reason_and_undo_and_reset_restore_the_turn(
    page: Page, site
):
    seed, run, others = split_position()
    open_page(page, site.url, seed=seed)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    before_rack, before_table, before_save = rack_codes(page), table_sets(page), stored(page, SAVE)

    # A run with a gap (x, x+1, x+3): the set is outlined with the engine's reason, and Done
    # refused with it.
    bad = [run[0], run[1], run[3]]
    new_set(page, [rack_tile(page, tile) for tile in bad])
    assert validity(page)[-1] == "false"
    why = "A run's numbers follow one another, with no gap."
    expect(page.get_by_test_id("rk-why")).to_have_text(why)
    assert not enabled(page, "rk-done")
    press_anyway(page, "rk-done")
    expect(page.get_by_test_id("rk-status")).to_have_text(why)
    assert sorted(table_sets(page)[-1]) == sorted(t.code for t in bad), (
        "the tiles stay where they were put"
    )
    assert stored(page, SAVE) == before_save

    # Undo takes the last move back; after two more moves, Reset turn takes all back.
    press(page.get_by_test_id("rk-undo"))
    assert rack_codes(page) == before_rack and table_sets(page) == before_table
    new_set(page, [rack_tile(page, run[0]), rack_tile(page, run[1])])
    press(rack_tile(page, run[2]))
    press(page.locator(f'[data-set-add="{len(before_table)}"]'))
    assert validity(page)[-1] == "true"
    press(page.get_by_test_id("rk-reset"))
    assert sorted(rack_codes(page)) == sorted(before_rack) and table_sets(page) == before_table
    assert not enabled(page, "rk-undo") or rack_codes(page) == before_rack


def test_an_initial_meld_below_30_is_refused_with_the_tally(page: Page, site):
    seed, run = low_meld_position()
    open_page(page, site.url, seed=seed)
    start_rummikub(page, meld=True)
    assert rk_until_my_turn(page) == "play"
    value = sum(t.number for t in run)
    expect(page.get_by_test_id("rk-tally")).to_have_text("Initial meld 0/30")
    new_set(page, [rack_tile(page, tile) for tile in run])
    assert validity(page)[-1] == "true"
    expect(page.get_by_test_id("rk-tally")).to_have_text(f"Initial meld {value}/30")
    assert not enabled(page, "rk-done")
    press_anyway(page, "rk-done")
    expect(page.get_by_test_id("rk-status")).to_have_text(
        f"Your first play must be worth at least 30 points; these sets make {value}."
    )
    assert saved_match(page).round.table == ()


def test_before_the_initial_meld_a_tile_added_to_a_table_set_counts_nothing_as_the_engine_says(
    page: Page, site
):
    """Until the initial meld a player may not touch the table's sets: a rack tile dragged onto
    a table group (a group of four worth 30 or more) adds nothing to the tally, which never
    shows the meld made, and Done is refused with the engine's reason."""
    seed, number, tile = touch_position()
    session = first_turn(seed, meld=True)
    open_page(page, site.url, seed=seed)
    start_rummikub(page, meld=True)
    assert rk_until_my_turn(page) == "play"
    before = stored(page, SAVE)
    tally = page.get_by_test_id("rk-tally")
    expect(tally).to_have_text("Initial meld 0/30")
    rack_tile(page, tile).drag_to(page.locator(f'#rk-sets [data-set="{number}"]'))
    settle(page)
    assert tile.code in table_sets(page)[number] and validity(page)[number] == "true"
    check = session.check_model(table_sets(page))  # what the engine says of this table
    assert (check["tally"], check["playable"]) == (0, False)
    expect(tally).to_have_text(f"Initial meld {check['tally']}/30")
    expect(tally).not_to_have_class(re.compile(r"\breached\b"))  # not the meld made
    assert not enabled(page, "rk-done")
    press_anyway(page, "rk-done")
    expect(page.get_by_test_id("rk-status")).to_have_text(check["refusal"]["message"])
    assert stored(page, SAVE) == before


def test_a_reload_mid_turn_restores_the_start_of_that_turn(page: Page, site):
    seed, run, _ = split_position()
    open_page(page, site.url, seed=seed)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    before_rack, before_table = sorted(rack_codes(page)), table_sets(page)
    new_set(page, [rack_tile(page, tile) for tile in run])
    assert sorted(rack_codes(page)) != before_rack
    page.reload()
    page.wait_for_function(
        "document.body.dataset.phase === 'play' && !document.body.dataset.busy", timeout=180_000
    )
    assert sorted(rack_codes(page)) == before_rack and table_sets(page) == before_table
    assert page.evaluate("document.body.dataset.game") == "rummikub"


@pytest.mark.parametrize("crowd", ["table", "rack"])
@pytest.mark.parametrize("width, height", [(360, 740), (740, 360)], ids=["portrait", "landscape"])
def test_a_crowded_table_and_rack_stay_usable_on_a_360_px_phone(
    browser, site, crowd, width, height
):
    """A 95-tile table, or a 30-tile rack: the page never scrolls sideways, every tile and
    control is a 44 px target with a readable number, and a tile still moves by taps."""
    save = crowded_save(4, table_tiles=95) if crowd == "table" else crowded_save(4, rack_tiles=30)
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        locale="en-US",
        **NO_SERVICE_WORKER,
    )
    try:
        page = context.new_page()
        open_save(page, site.url, save)
        assert phase(page) == "play"
        if crowd == "table":
            assert sum(len(s) for s in table_sets(page)) >= 95
        else:
            assert len(rack_codes(page)) >= 30
        no_sideways_scroll(page)
        sizes = page.locator(
            "#rummikub-table [data-tile], #rummikub-table button:visible"
        ).evaluate_all(
            "nodes => nodes.map(n => n.getBoundingClientRect()).map(r => [r.width, r.height])"
        )
        assert min(min(w, h) for w, h in sizes) >= 44, "every tap target is 44 px or more"
        numbers = page.locator("#rummikub-table [data-tile] .num").evaluate_all(
            "nodes => nodes.map(n => parseFloat(getComputedStyle(n).fontSize))"
        )
        assert min(numbers) >= 16, "tile numbers stay readable"
        rack = page.locator("#rk-rack").bounding_box()
        assert rack["x"] >= 0 and rack["x"] + rack["width"] <= width, "the rack stays in its strip"
        moved = rack_codes(page)[0]
        new_set(page, [page.locator("#rk-rack [data-tile]").first], how="tap")
        assert table_sets(page)[-1] == [moved]
        no_sideways_scroll(page)
    finally:
        context.close()


def spoken(code: str) -> str:
    """A tile as the English page names it: "red 7", "joker"."""
    return "joker" if code == "J" else f"{COLOURS[code[0]]} {code[1:]}"


def test_the_hint_names_the_table_tiles_it_moves_and_leaves_the_rack_and_done_in_place(
    browser, site
):
    """On a 95-tile table on a desktop, the hint says which rack tiles it plays and which table
    tiles it moves from which set; its preview takes the table's room, so the rack and
    Done/Draw stay where they were, on screen."""
    save, hint = next(
        (save, hint)
        for seed in range(1, 50)
        for save in [crowded_save(seed, table_tiles=95)]
        for hint in [RummikubSession.restore(save).hints_model()]
        if hint["moved"]
    )
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="en-US", **NO_SERVICE_WORKER
    )
    try:
        page = context.new_page()
        open_save(page, site.url, save)
        controls = [page.get_by_test_id(i) for i in ("rk-rack", "rk-done", "rk-draw")]
        before = [box.bounding_box() for box in controls]
        assert all(b["y"] + b["height"] <= 800 for b in before), "on screen without the hint"
        press(page.get_by_test_id("rk-hint"))
        text = page.get_by_test_id("rk-hint-text")
        expect(text).to_be_visible()
        moved = hint["moved"][0]
        where = (
            f"the group of {moved['low']}s"
            if moved["kind"] == "group"
            else f"the {COLOURS[moved['colour']]} {moved['low']}-{moved['high']} run"
        )
        expect(text).to_contain_text(f"move {', '.join(map(spoken, moved['tiles']))} from {where}")
        expect(text).to_contain_text(f"play {', '.join(map(spoken, hint['placed']))}")
        after = [box.bounding_box() for box in controls]
        for was, now in zip(before, after, strict=True):
            assert abs(was["y"] - now["y"]) <= 1, "the hint pushes nothing down"
        expect(page.get_by_test_id("rk-hint-apply")).to_be_in_viewport()
    finally:
        context.close()


def test_a_rummikub_game_is_told_in_rounds_on_its_result_share_sheet_and_start_button(
    page: Page, site
):
    """A Rummikub game is made of rounds (轮), each of turns: the shared buttons say so, in
    every language, and the other games keep their hands."""
    catalogs = {
        lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "zh-Hans", "zh-Hant")
    }
    open_save(page, site.url, finished_round_save(6))
    assert phase(page) == "round-over"
    for lang, strings in catalogs.items():
        page.get_by_test_id("lang-select").select_option(lang)
        settle(page)
        expect(page.get_by_test_id("next-hand")).to_have_text(strings["rk.action.nextRound"])
        expect(page.get_by_test_id("review")).to_have_text(strings["rk.review.button"])
        expect(page.get_by_test_id("share")).to_have_text(strings["rk.share.button"])
    press(page.get_by_test_id("share"))
    expect(page.locator("#sheet-title")).to_have_text("分享這一輪")
    assert "手" not in page.locator("#sheet").inner_text()
    page.keyboard.press("Escape")
    press(page.get_by_test_id("close-result"))
    press(page.get_by_test_id("home"))
    expect(page.get_by_test_id("start")).to_have_text("開始第一輪")
    press(page.get_by_test_id("game-gin"))
    expect(page.get_by_test_id("start")).to_have_text(catalogs["zh-Hant"]["start.button"])


def log_seed() -> int:
    """A seed at whose first turn the computer player has already laid a set down."""
    return next(
        seed
        for seed in range(2000)
        if [t["kind"] for t in first_turn(seed).view_model()["log"][:1]] == ["play"]
    )


def test_the_computers_play_is_highlighted_and_the_move_log_tells_every_turn(page: Page, site):
    seed = log_seed()
    expected = first_turn(seed).view_model()
    open_page(page, site.url, seed=seed)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    last = expected["last_play"]
    assert last["by"] == 1
    for number, change in enumerate(last["table"]):
        node = page.locator(f'#rk-sets [data-set="{number}"]')
        classes = node.get_attribute("class").split()
        assert ("changed" in classes) == (change["state"] != "kept")
        marked = node.locator("[data-tile]").evaluate_all(
            "n => n.map(t => t.classList.contains('from-rack'))"
        )
        assert [i for i, m in enumerate(marked) if m] == change["from_rack"]
    played = expected["log"][0]["played"][0]
    expect(page.get_by_test_id("rk-status")).to_contain_text("Computer 1 played")
    press(page.get_by_test_id("rk-log"))
    lines = page.get_by_test_id("log-list").locator("li")
    expect(lines).to_have_count(len(expected["log"]))
    expect(lines.first).to_have_text(f"Computer 1 played {', '.join(map(spoken, played))}.")
    page.keyboard.press("Escape")
    # Once the person moves a tile, their own turn is shown (the marks go).
    press(page.locator("#rk-rack [data-tile]").first)
    press(page.get_by_test_id("rk-new-set"))
    assert page.locator("#rk-sets .changed").count() == 0


def test_statistics_count_a_finished_round_and_a_corrupted_save_is_set_aside(page: Page, site):
    open_page(page, site.url, seed=75)  # a round of 17 turns each (49 for seed 41)
    start_rummikub(page, meld=True)
    play_rk_round(page)
    match = saved_match(page)
    result = match.round.result
    press(page.get_by_test_id("rematch"))
    press(page.get_by_role("button", name="Statistics"))
    sheet = page.locator("#sheet")
    expect(sheet).to_contain_text("Rummikub statistics")
    figures = dict(
        zip(
            sheet.locator("dt").all_inner_texts(),
            sheet.locator("dd").all_inner_texts(),
            strict=True,
        )
    )
    assert figures["Rounds played"] == "1" and figures["Games played"] == "1"
    assert figures["Rounds won"] == ("1" if result.winner == 0 else "0")
    page.keyboard.press("Escape")

    corrupted = '{"format": "rummy-table/rummikub", "version": 1, "match": 7}'
    page.evaluate(f"localStorage.setItem('{SAVE}', '{corrupted}')")
    page.reload()
    page.wait_for_function(
        "document.body.dataset.phase === 'start' && !document.body.dataset.busy", timeout=180_000
    )
    expect(page.locator("#notice")).to_contain_text("could not be restored")
    assert "match" in page.evaluate(
        "localStorage.getItem('rummy-table/rummikub/broken')"
    )  # kept aside
    assert stored(page, "rummy-table/rummikub/stats")["rounds"] == 1  # the statistics survive it


def test_the_language_switch_covers_the_rummikub_table(page: Page, site):
    catalogs = {
        lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("zh-Hans", "zh-Hant", "en")
    }
    open_page(page, site.url, seed=5)
    start_rummikub(page)
    assert rk_until_my_turn(page) == "play"
    for lang, strings in catalogs.items():
        page.get_by_test_id("lang-select").select_option(lang)
        settle(page)
        expect(page.get_by_test_id("rk-done")).to_have_text(strings["rk.action.done"])
        expect(page.get_by_test_id("rk-status")).to_contain_text(strings["rk.status.play"][:6])
        expect(page.get_by_test_id("rk-draw")).to_have_text(strings["rk.action.draw"])
        press(page.locator("[data-action=show-rules]"))  # the rules sheet is Rummikub's
        expect(page.locator("#sheet-title")).to_have_text(strings["rk.rules.title"])
        rules = page.locator("#sheet-body > div > h3").first  # under the tutorials' buttons
        expect(rules).to_have_text(strings["rk.rules.body"][0][3:])
        page.keyboard.press("Escape")


def test_a_turn_that_runs_out_of_time_restores_the_table_and_draws_three(page: Page, site):
    page.clock.install()  # time runs as it does, until the test moves it on
    open_page(page, site.url, seed=5)
    start_rummikub(page, timer="30")
    assert rk_until_my_turn(page) == "play"
    expect(page.get_by_test_id("rk-timer")).to_be_visible()
    table, count = table_sets(page), len(rack_codes(page))
    new_set(page, [page.locator("#rk-rack [data-tile]").first])  # laid out, never played
    ends = "JSON.parse(localStorage.getItem('rummy-table/rummikub/deadline')).ends"
    kept = page.evaluate(ends)
    page.reload()  # a reload gives the turn no more time: its end is kept
    page.wait_for_function(
        "document.body.dataset.phase === 'play' && !document.body.dataset.busy", timeout=180_000
    )
    assert page.evaluate(ends) == kept
    shown = int(page.get_by_test_id("rk-timer").inner_text().split()[1])
    assert shown <= page.evaluate(ends + " - Date.now() / 1000") + 2  # counted to the kept end
    page.clock.fast_forward("00:31")  # the timer's 30 s, at once
    # Waited on in the save: the screen leaves "play" only while the computer moves, a moment.
    page.wait_for_function(
        f"(localStorage.getItem('{SAVE}') || '').includes('\"0 timeout\"')", timeout=90_000
    )
    game = saved_match(page).round
    timeout = max(i for i, action in enumerate(game.actions) if action.seat == 0)
    assert isinstance(game.actions[timeout], Timeout)
    assert len(game.racks[0]) == count + 3
    # The table stood as the turn began: the last play before the timeout laid it down.
    plays = [a for a in game.actions[:timeout] if isinstance(a, Play)]
    assert sorted(sorted(t.code for t in s) for s in (plays[-1].table if plays else ())) == sorted(
        map(sorted, table)
    )
    # The move log tells it (the status line said it, until the computer players moved).
    if rk_until_my_turn(page) == "play":
        press(page.get_by_test_id("rk-log"))
        expect(page.get_by_test_id("log-list")).to_contain_text(
            "You ran out of time and drew 3 tiles."
        )


def test_a_round_plays_offline_with_the_server_stopped(browser, new_site):
    site = new_site()
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        open_page(page, site.url, seed=16)  # a short round: 10 and 18 turns (seed 33: 21 and 41)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        site.stop()
        context.set_offline(True)
        start_rummikub(page, opponents=2, meld=True)
        play_rk_round(page)
        check_end_of_round(page)
    finally:
        context.close()
