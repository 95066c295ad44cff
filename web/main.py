"""The page's entry point, on the main thread (MicroPython): the start screen made live, the
language, the link to the engine worker, and the routing between the start screen and the
games' tables.

The start screen is plain HTML; this script makes it live as soon as MicroPython runs, long
before the engine (Pyodide, in a worker) is ready, and takes over the taps first-paint.js
answered until then. Until the engine is ready `body.dataset.phase` stays "loading": a saved
game shows its table's skeleton, and a start pressed early is kept and played once the engine
is up. No rule lives in the DOM layer: the tables draw the engine's view
models and send the person's moves as codes (ui/table.py).
"""

import asyncio

import js
from pyscript.ffi import to_js
from ui import drag, fairdeal, house, tutorial
from ui.basic import Basic
from ui.dom import (
    attr,
    by_id,
    close_result,
    close_sheet,
    document,
    each,
    el,
    load_language,
    load_storage,
    notice,
    progress,
    reopen_result,
    show_rules,
    spawn,
    t,
)
from ui.gin import Gin
from ui.link import Link
from ui.motion import load_motion
from ui.prefs import (
    LEVEL_CHOICES,
    TOGGLES,
    Matches,
    Prefs,
    chosen_game,
    early,
    has_match,
    show_settings,
    storage_key,
    sync_choices,
)
from ui.review import Review, close_review, open_review, step
from ui.review import draw as draw_review
from ui.rummikub import Rummikub
from ui.seats import choose_kind, choose_level, draw_seats, type_name
from ui.share import (
    Replay,
    close_replay,
    copy_link,
    daily,
    daily_text,
    draw_daily,
    fragment,
    open_link,
    play_deal,
    review_link,
    send_link,
    share_hand,
)
from ui.share import draw as draw_replay
from ui.share import step as replay_step
from ui.table import Screen, label

TABLES = {"gin": Gin(), "basic": Basic(), "rummikub": Rummikub()}
LEVEL_GAMES = {name: game for game, name in LEVEL_CHOICES.items()}  # a level button's game
ELEMENTS = {"gin": "gin-table", "basic": "basic-table", "rummikub": "rummikub-table"}


class Page:
    ready = False  # the engine is up and the saved games are open
    pending = None  # "start", "resume" or "daily", pressed before the engine was ready
    # The start screen stays once the engine is ready, the saved game behind Continue: a shared
    # hand opens over it, or the person chose a game there while the page loaded.
    stays = False


def show(shown):
    """Show the start screen (None) or a game's table, the rest hidden."""
    by_id("start-screen").hidden = shown is not None
    if shown is None:
        fairdeal.hide_cut()
    tutorial.draw_offer(shown is None)
    for game, name in ELEMENTS.items():
        by_id(name).hidden = shown != game
    for node in each(document.querySelectorAll(".in-game")):
        node.hidden = shown is None


def sync_start():
    """The start screen's choices as chosen, with the chosen game's seats."""
    sync_choices()
    if not by_id("start-screen").hidden:
        draw_seats(chosen_game())


def word_start():
    """The start button in the chosen game's words: its first hand, or its first round."""
    label(el("start"), TABLES[chosen_game()].word("start.button"))


def on_screen():
    """The table shown: a tutorial's while one runs, else the game's (None: the start screen)."""
    return Screen.lesson or TABLES.get(Screen.game)


def render():
    if Screen.lesson is not None and Screen.lesson.game != Screen.game:
        Screen.lesson = None  # the page went elsewhere (a shared hand opened, say)
    if Screen.lesson is None:
        tutorial.put_away()
    shown = Screen.game
    body = document.body
    body.dataset.game = shown or chosen_game()
    body.classList.toggle("four-color", Prefs.get("fourColor"))
    word_start()
    show(shown)
    if not Page.ready:
        return
    if shown is None:
        body.dataset.phase = "start"
        for testid in ("score-you", "score-opponent", "target"):
            el(testid).textContent = ""
        by_id("result").hidden = True
        sync_start()
    else:
        on_screen().draw()
        draw_review()  # over the table, if it is shown
    draw_daily(None if Screen.lesson else TABLES.get(shown))
    draw_replay(TABLES)  # over the page, if a shared hand is shown


Screen.redraw = render


async def start(game):
    Prefs.set("game", game)
    await TABLES[game].start()


async def resume(game):
    """Back to the saved table of `game` (kept while the other game was played; the newer
    game, if another tab played it on meanwhile)."""
    table = TABLES[game]
    await table.ready()
    if table.view is None:
        await start(game)
        return
    Prefs.set("game", game)
    Screen.game = game
    render()
    table.proceed()


def begin(name):
    """Start or resume the chosen game, or deal today's: now (returning the task), or once the
    engine is ready (said at once)."""
    if not Page.ready:
        Page.pending = name
        notice(t("loading.queued"))
        return None
    game = chosen_game()
    el("share-error").hidden = True
    if name == "daily":
        Prefs.set("game", game)
        return spawn(daily(TABLES[game], resume))
    return spawn(start(game) if name == "start" else resume(game))


def open_shared():
    """The shared hand in the page's address, if there is one (opened, or its link refused)."""
    if fragment() is not None:
        spawn(open_link(fragment()))


async def set_language(lang):
    Prefs.set("lang", lang)
    await load_language(lang)
    sync_start()
    if Page.ready:
        render()
    else:
        progress(t("loading.engine"))


def on_click(event):
    if event.target == by_id("result"):  # a tap outside the result dialog closes it
        close_result()
        return
    target = event.target.closest(
        "[data-choice],[data-action],[data-card],[data-meld],[data-tile-id],[data-set-add],[data-set]"
    )
    if target is None:
        return
    if drag.swallow_click(event):
        return  # the click that ends a drag
    rummikub = on_screen()
    tile, add = (
        attr(target, "data-tile-id"),
        attr(target, "data-set-add") or attr(target, "data-set"),
    )
    if tile or add is not None:
        if Screen.game == "rummikub":
            if tile:
                rummikub.tap_tile(tile)
            else:
                rummikub.tap_set(int(add))
        return
    choice = attr(target, "data-choice")
    if choice == "lang":
        spawn(set_language(attr(target, "data-value")))
        return
    if choice:
        Prefs.choose(choice, attr(target, "data-value"))
        if choice in LEVEL_GAMES:
            choose_level(LEVEL_GAMES[choice])
        Page.stays = Page.stays or (choice == "game" and not Page.ready)
        sync_start()
        word_start()
        return
    current = on_screen()
    card, meld = attr(target, "data-card"), attr(target, "data-meld")
    if card:
        if current is not None:
            current.tap_card(card)
        return
    if meld is not None:
        if Screen.game == "basic":
            current.tap_meld(int(meld))
        return
    name = attr(target, "data-action")
    if name == "show-rules":
        in_play = current.view if current is not None and Screen.game else None
        show_rules(document.body.dataset.game, house.named(in_play) if in_play else ())
        tutorial.add_to_rules()
    elif name == "show-settings":
        show_settings()
    elif name == "close-sheet":
        close_sheet()
    elif name == "answer-yes":
        close_sheet(answer=True)
    elif name == "close-result":
        close_result()
    elif name == "review-close":
        close_review()
    elif name in ("review-next", "review-prev"):
        step(1 if name == "review-next" else -1)
    elif name == "replay-close":
        close_replay()
    elif name in ("replay-next", "replay-prev"):
        replay_step(1 if name == "replay-next" else -1)
    elif name == "replay-review":
        spawn(review_link(TABLES))
    elif name == "replay-play":
        spawn(play_deal(TABLES))
    elif name == "share-copy":
        spawn(copy_link())
    elif name == "share-send":
        spawn(send_link())
    elif name == "show-result":
        reopen_result()
        render()
    elif name == "reload":
        js.location.reload()
    elif name == "load-newer":
        spawn(TABLES[attr(target, "data-game")].load_newer())
    elif name in ("start", "resume", "daily"):
        begin(name)
    elif name == "tutorial-skip":
        tutorial.close_offer()
    elif not Page.ready:
        return
    elif name == "tutorial":
        close_sheet()
        spawn(tutorial.begin(attr(target, "data-game"), TABLES))
    elif name == "tutorial-offer":
        spawn(tutorial.begin(chosen_game(), TABLES))
    elif name == "tutorial-go-on" and Screen.lesson is not None:
        spawn(Screen.lesson.play(tutorial.GO_ON))
    elif name == "tutorial-leave":
        tutorial.leave(TABLES)
    elif name == "home":
        tutorial.leave(TABLES)
        Screen.game = None
        render()
    elif name == "sort":
        Prefs.set("sort", attr(target, "data-value"))
        if current is not None:
            current.forget_order()
        render()
    elif name == "review" and current is not None:
        spawn(open_review(current))
    elif name == "share" and current is not None:
        spawn(share_hand(current, daily_text(current)))
    elif name in fairdeal.TAPS and current is not None:
        fairdeal.tap(current, name, event)
    elif name == "show-stats":
        spawn(TABLES[Screen.game or chosen_game()].show_stats())
    elif name == "stats-of":
        spawn(TABLES[Screen.game or chosen_game()].show_stats(attr(target, "data-name")))
    elif current is not None:
        current.tap(name, target)


def on_pointer_down(event):
    """A press that may become a drag: of a tile (Rummikub) or of a card of the hand."""
    drag.pressed(event)
    if Page.ready and Screen.game is not None:
        on_screen().pointer_down(event)


def on_pointer_up(event):
    if Screen.game is not None:
        on_screen().pointer_up(event)


def on_context_menu(event):
    """No menu over a card of the hand: a finger's long press there lifts the card to drag."""
    if Screen.game is not None and on_screen().hand_card(event) is not None:
        event.preventDefault()


def on_key(event):
    if event.key != "Escape":
        return
    if not by_id("sheet").hidden:
        close_sheet()
    elif Review.shown():
        close_review()
    elif Replay.shown():
        close_replay()
    else:
        close_result()


def on_storage(event):
    """Another tab of the page wrote the storage (`event.key`; none: it cleared it all): a game
    it played on is said at once on its table, and the start screen offers what is stored."""
    key = str(event.key) if event.key else ""
    for game, table in TABLES.items():
        if table.opened.is_set() and (not key or key.startswith(storage_key(game, ""))):
            table.check_elsewhere()
    if Page.ready and Screen.game is None:
        sync_start()


def on_language(event):
    spawn(set_language(str(event.target.value)))


def on_seat_change(event):
    """A seat's select on the start screen: a person, or a computer player's level."""
    target = event.target
    if target.classList.contains("seat-kind"):
        choose_kind(chosen_game(), int(attr(target, "data-seat")), str(target.value))
        sync_start()


def on_seat_input(event):
    """A person's name typed on the start screen (kept as typed)."""
    target = event.target
    if target.classList.contains("seat-name"):
        type_name(int(attr(target, "data-seat")), str(target.value))


def on_toggle(event):
    """A checkbox of the settings sheet: the four-colour deck or large print (the sheet is built
    when it opens)."""
    name = {box: name for box, name, _ in TOGGLES}.get(event.target.id)
    if name is None:
        return
    Prefs.set(name, bool(event.target.checked))
    sync_start()
    if Page.ready:
        render()


async def register_service_worker():
    """Offline play after the first visit. Registered once the engine runs: the worker's
    precaching downloads every file again, which must not compete with the engine's start."""
    try:
        await js.navigator.serviceWorker.register("./sw.js")
    except Exception as error:  # no service worker (a private window, an old browser): online only
        js.console.warn("no offline play: " + str(error))


async def main():
    await load_storage()
    asyncio.create_task(load_motion())  # wanted once a table is drawn, not by the start screen
    Prefs.load()  # with the choices tapped before now (first-paint.js answered them)
    tutorial.load_offer()
    before = early()
    Page.pending = before["action"]  # a Start tapped before now: kept the same way
    js.window.rummyDecisionMs = js.Array.new()  # each computer decision's time in the worker
    js.window.rummyHintMs = js.Array.new()  # each hint's
    js.window.rummyActs = js.Array.new()  # each move sent: table.timed
    document.addEventListener("click", on_click)
    document.addEventListener("keydown", on_key)
    document.addEventListener("pointerdown", on_pointer_down)
    document.addEventListener("pointermove", drag.follow)
    document.addEventListener("pointerup", on_pointer_up)
    document.addEventListener("pointercancel", lambda event: drag.cancel())
    document.addEventListener("touchmove", drag.hold_still, to_js({"passive": False}))
    document.addEventListener("contextmenu", on_context_menu)
    by_id("lang-select").addEventListener("change", on_language)
    document.addEventListener("change", on_toggle)
    document.addEventListener("change", on_seat_change)
    document.addEventListener("input", on_seat_input)
    Page.stays = fragment() is not None or "game" in before["prefs"]
    if has_match(chosen_game()) and not Page.stays:
        show(chosen_game())  # the saved game's table, as a skeleton until the engine restores it
    # From here on the DOM layer answers every tap (first-paint.js stops): nothing above awaits,
    # so no tap falls between the two.
    document.body.dataset.ui = "live"
    await load_language(Prefs.get("lang"))
    sync_start()
    if Page.pending is not None:
        notice(t("loading.queued"))  # in the catalog's words, as first-paint.js said it
    progress(t("loading.engine"))
    if not await Link.connect():
        return
    shown = chosen_game()
    await TABLES[shown].open()  # the game on screen first; the other is opened right after
    Page.ready = True
    Matches.in_play = lambda game: TABLES[game].view is not None
    js.window.addEventListener("storage", on_storage)
    if TABLES[chosen_game()].view is not None:
        Screen.game = None if Page.stays else chosen_game()
    pending, Page.pending = Page.pending, None
    first = None
    if pending is not None:
        notice("")
        first = begin(pending)  # marks the page busy before it first shows a phase
    render()
    if pending is None and Screen.game is not None:
        TABLES[Screen.game].proceed()
    if first is not None and chosen_game() == shown:
        # The engine answers in turn: the hand asked for before the other game's opening (a
        # hand of the other game waits for that opening, so it cannot be waited for here).
        await asyncio.gather(first, return_exceptions=True)
    open_shared()
    for game, table in TABLES.items():
        if game != shown:
            await table.open()
    js.window.addEventListener("hashchange", lambda event: open_shared())
    asyncio.create_task(register_service_worker())


await main()  # noqa: F704 - PyScript runs the page's script with top-level await
