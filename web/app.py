"""The page's entry point: the start screen and the games' tables, routed.

No rule lives in the DOM layer. `ui/gin.py` draws a `rummy.gin.session.Table`, `ui/basic.py` a
`rummy.basic.session.Table`, `ui/dom.py` holds what both draw with and `ui/table.py` what both
do with their table (save, actions, the computer's turns); this file restores both
saves, shows the start screen or the table of the game being played, and sends each tap to that
game. Each game keeps its own save, so switching between them loses neither. Only plain Pyodide
APIs are used (`js`, `pyodide.ffi`), so the page does not depend on PyScript beyond its loading.
"""

import js

# When Python began running this file, for bench/bench_startup.py's breakdown.
js.window.rummyAppStartMs = js.performance.now()

import asyncio  # noqa: E402 - the mark above comes first
import importlib  # noqa: E402

from pyodide.ffi import create_proxy  # noqa: E402

from ui import gin  # noqa: E402
from ui.dom import Screen, attr, boot, document, el, found, t  # noqa: E402

GAMES = {"gin": gin}  # and "basic" once loaded
BASIC_SAVE = "rummy-table/basic/save"


def game(name):
    """The module of game `name`. Basic Rummy's is imported on first use (its save restored,
    its levels offered), so that a page opening on gin starts no later for it."""
    if name not in GAMES:
        module = importlib.import_module(f"ui.{name}")
        module.game.restore()
        module.offer_levels()
        GAMES[name] = module
    return GAMES[name]


async def load_the_rest():
    """Basic Rummy's module, a moment after the page is ready (its import takes about 50 ms in
    the browser, which would otherwise delay the first screen Python draws)."""
    await asyncio.sleep(1)
    game("basic")


def chosen():
    """The game picked on the start screen (gin unless Basic Rummy was picked)."""
    return "basic" if str(boot.prefs.game) == "basic" else "gin"


def render():
    shown = Screen.game
    body = document.body
    body.dataset.game = shown or chosen()
    body.classList.toggle("four-color", bool(boot.prefs.fourColor))
    document.getElementById("start-screen").hidden = shown is not None
    document.getElementById("table").hidden = shown != "gin"
    document.getElementById("basic-table").hidden = shown != "basic"
    for node in document.querySelectorAll(".in-game"):
        node.hidden = shown is None
    if shown is None:
        body.dataset.phase = "start"
        for testid in ("score-you", "score-opponent", "target"):
            el(testid).textContent = ""
        document.getElementById("result").hidden = True
        boot.syncChoices()
    else:
        GAMES[shown].game.draw()


def start(name):
    boot.prefs.game = name
    boot.savePrefs()
    game(name).game.start()


def resume(name):
    """Back to the saved table of game `name` (kept while the other game was played)."""
    module = game(name)
    if module.game.ui.table is None:
        start(name)
        return
    boot.prefs.game = name
    boot.savePrefs()
    Screen.game = name
    render()
    module.game.proceed()


def on_click(event):
    target = found(event.target.closest("[data-action],[data-card],[data-meld]"))
    if target is None:
        return
    current = GAMES.get(Screen.game)
    if attr(target, "data-card"):
        if current is not None:
            current.tap_card(attr(target, "data-card"))
        return
    if attr(target, "data-meld") is not None:
        if Screen.game == "basic":
            current.tap_meld(int(attr(target, "data-meld")))
        return
    name = attr(target, "data-action")
    if name == "start":
        start(chosen())
    elif name == "resume":
        resume(chosen())
    elif name == "home":
        Screen.game = None
        render()
    elif name == "sort":
        boot.prefs.sort = attr(target, "data-value")
        boot.savePrefs()
        render()
    elif name == "show-stats":
        game(Screen.game or chosen()).show_stats()
    elif current is not None:
        current.act(name, target)


class Bridge:
    """What boot.js may call once Python runs."""

    def start(self):
        start(chosen())

    def render(self):
        render()

    def languageChanged(self):  # the name JavaScript calls
        render()


def main():
    js.window.rummyDecisionMs = js.Array.new()
    boot.progress(0.95, t("loading.game"))
    Screen.redraw = render
    gin.game.restore()
    if chosen() == "basic" or js.localStorage.getItem(BASIC_SAVE):
        game("basic")
    if game(chosen()).game.ui.table is not None:
        Screen.game = chosen()
    document.addEventListener("click", create_proxy(on_click))
    boot.python = create_proxy(Bridge())
    boot.progress(1, t("loading.ready"))
    render()
    boot.registerWorker()
    pending, boot.pendingStart = boot.pendingStart, False
    if pending == "resume":
        resume(chosen())
    elif pending and Screen.game is None:
        start(chosen())
    elif Screen.game is not None:
        GAMES[Screen.game].game.proceed()
    asyncio.ensure_future(load_the_rest())


main()
