"""The page's entry point: the start screen and the games' tables, routed.

No rule lives in the DOM layer. `ui/gin.py` draws a `rummy.gin.session.Table`, `ui/basic.py` a
`rummy.basic.session.Table`, `ui/dom.py` holds what both draw with; this file restores both
saves, shows the start screen or the table of the game being played, and sends each tap to that
game. Each game keeps its own save, so switching between them loses neither. Only plain Pyodide
APIs are used (`js`, `pyodide.ffi`), so the page does not depend on PyScript beyond its loading.
"""

import js

# When Python began running this file, for bench/bench_startup.py's breakdown.
js.window.rummyAppStartMs = js.performance.now()

from pyodide.ffi import create_proxy  # noqa: E402 - the mark above comes first

from ui import basic, gin  # noqa: E402
from ui.dom import Screen, attr, boot, document, el, found, t  # noqa: E402

GAMES = {"gin": gin, "basic": basic}


def chosen():
    """The game picked on the start screen (gin unless Basic Rummy was picked)."""
    return "basic" if str(boot.prefs.game) == "basic" else "gin"


def render():
    game = Screen.game
    body = document.body
    body.dataset.game = game or chosen()
    body.classList.toggle("four-color", bool(boot.prefs.fourColor))
    document.getElementById("start-screen").hidden = game is not None
    document.getElementById("table").hidden = game != "gin"
    document.getElementById("basic-table").hidden = game != "basic"
    for node in document.querySelectorAll(".in-game"):
        node.hidden = game is None
    if game is None:
        body.dataset.phase = "start"
        for testid in ("score-you", "score-opponent", "target"):
            el(testid).textContent = ""
        document.getElementById("result").hidden = True
        boot.syncChoices()
    else:
        GAMES[game].draw()


def start(game):
    boot.prefs.game = game
    boot.savePrefs()
    GAMES[game].start()


def resume(game):
    """Back to the saved table of `game` (kept while the other game was played)."""
    module = GAMES[game]
    if module.ui.table is None:
        start(game)
        return
    boot.prefs.game = game
    boot.savePrefs()
    Screen.game = game
    render()
    module.proceed()


def on_click(event):
    target = found(event.target.closest("[data-action],[data-card],[data-meld]"))
    if target is None:
        return
    game = GAMES.get(Screen.game)
    if attr(target, "data-card"):
        if game is not None:
            game.tap_card(attr(target, "data-card"))
        return
    if attr(target, "data-meld") is not None:
        if game is basic:
            basic.tap_meld(int(attr(target, "data-meld")))
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
        gin.show_stats()
    elif game is not None:
        game.act(name, target)


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
    gin.render_page = basic.render_page = render
    gin.restore()
    basic.restore()
    basic.offer_levels()
    if GAMES[chosen()].ui.table is not None:
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
        GAMES[Screen.game].proceed()


main()
