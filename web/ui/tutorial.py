"""Learn by playing: a first hand of each game, guided step by step on the game's own table.

The engine's worker plays the tutorial beside the person's match, which it leaves as it is
(`start`, `act` and `close` with `tutorial: true`); its replies carry the game's own view model
and the step (`tutorial`). The page draws it with the game's own table class (`lesson_of`),
less what a tutorial has no use for: it stores nothing, counts nothing, has no computer turns
to pace (the engine plays them at once) and no hints (the step points at the move itself, with
the hints' mark: ui/coach.py). Over the table a panel says the step's sentence, with a button
to go on where there is nothing to tap, the kind word after a move that is not the step's, and
at the end how the hand went; leaving goes back to whatever the page showed before.

A first visit offers it once on the start screen (`tutorial-offer`, painted by first-paint.js
too), until the person answers or leaves the start screen; the prefs remember that it was.
"""

from . import coach
from .dom import (
    after_hand,
    attr,
    by_id,
    conceal,
    concealed,
    document,
    el,
    focus,
    notice,
    refusal_text,
    spawn,
    t,
)
from .link import Link
from .prefs import Prefs
from .table import Screen, render

GAMES = ("gin", "basic", "rummikub")
HINTS = {"gin": "hint", "rummikub": "rk-hint"}  # the hint buttons a tutorial has no use for
GO_ON = "go-on"


class Running:
    """What the page showed before the tutorial (the game shown, None: the start screen)."""

    back = None
    focused = None  # the step and the control the keyboard was last put on


def lesson_of(base):
    """The table class `base` (Gin, Basic, Rummikub) as a tutorial's table: drawn the same,
    with its moves sent to the tutorial and nothing stored."""

    class Lesson(base):
        def __init__(self, view):
            base.__init__(self)
            self.view = view
            self.refused = None  # the engine's refusal of a move that is not the step's

        def question(self, fields):
            fields["tutorial"] = True
            return base.question(self, fields)

        def current(self):
            return True  # no generation to follow: a tutorial is never stored

        def keep(self, what, text):
            return False

        def unkeep(self, what):
            pass

        def store_save(self):
            pass

        def rack_order(self):
            return []  # the person's own order is their match's, not the tutorial's

        def proceed(self):
            pass  # the engine plays the computer's scripted moves with the person's

        async def act(self, name):
            if name == "log":
                self.show_log()

        async def play(self, code):
            """The person's move (or "go-on"), sent to the tutorial: the next step, or the kind
            word and the same step."""
            if self.busy:
                return
            self.busy = True
            try:
                reply = await Link.call("act", {"game": self.game, "code": code, "tutorial": True})
            finally:
                self.busy = False
            if reply is None or Screen.lesson is not self:
                return
            if not reply["ok"]:
                self.refused = reply
                render()
                return
            self.view, self.refused = reply["view"], None
            self.message, self.error = "", False
            self.clear_selection()
            if self.view["result"] is None and self.computer_moved_last(self.view):
                self.show_move(self.view)
            render()

        def draw_result(self, view):
            """The hand's end shows in the tutorial's panel, not as a result to deal on from
            (the match's result, closed or not, is left as it was)."""
            by_id("result").hidden = True
            after_hand().hidden = True

        def draw(self):
            base.draw(self)
            document.body.dataset.phase = "tutorial"
            if self.game in HINTS:
                conceal(el(HINTS[self.game]), True)
            coach.mark(self, self.view)
            draw_panel(self)
            keep_on()

    return Lesson


def panel():
    """The tutorial's panel, made once from its template (index.html, `tutorial-parts`)."""
    box = by_id("tutorial")
    if not box.firstElementChild:
        box.appendChild(by_id("tutorial-parts").content.cloneNode(True))
    return box


def draw_panel(table):
    """The step's sentence and what goes with it, in the panel over the table."""
    view = table.view
    step = view["tutorial"]
    box = panel()
    box.hidden = False
    shown = box.querySelector("[data-testid=tutorial-step]")
    done = box.querySelector("[data-testid=tutorial-done]")
    shown.hidden, done.hidden = step["done"], not step["done"]
    shown.dataset.step = str(step["step"])
    box.querySelector(".tutorial-count").textContent = t(
        "tutorial.step", step=step["place"], of=step["places"]
    )
    box.querySelector(".tutorial-text").textContent = t(step["text"])
    kind = box.querySelector(".tutorial-kind")
    kind.textContent = kind_word(table.refused) if table.refused else ""
    kind.hidden = not table.refused
    go_on = el("tutorial-go-on")
    go_on.hidden = step["waiting_for_tap"] or step["done"]
    go_on.textContent = t("tutorial.goOn")
    el("tutorial-leave").textContent = t("tutorial.leave")
    box.querySelector(".tutorial-done-title").textContent = t("tutorial.title")
    box.querySelector(".tutorial-done-text").textContent = t("tutorial.done")
    el("tutorial-back").textContent = t("tutorial.back")
    ended = view["result"] is not None
    result = box.querySelector(".tutorial-result")
    result.hidden = not ended
    if ended:
        box.querySelector(".tutorial-outcome").textContent = table.outcome(view)
        # the game's own account of the hand, as its result shows it
        box.querySelector(".tutorial-settlement").innerHTML = table.settlement(view)


def keep_on():
    """The keyboard follows the step: on Go on at a step to read, else on what it marks next,
    else on Back at the end; moved only when that changes (or the focused control is gone)."""
    marked = document.querySelector("." + coach.MARK)
    for node in (el("tutorial-go-on"), marked, el("tutorial-back")):
        if node is not None and node.offsetParent is not None:
            key = (
                str(Screen.lesson.view["tutorial"]["step"])
                + ":"
                + (
                    attr(node, "data-testid")
                    or attr(node, "data-card")
                    or attr(node, "data-tile-id")
                )
            )
            active = document.activeElement
            gone = active is None or active.offsetParent is None or concealed(active)
            if key != Running.focused or gone:
                Running.focused = key
                focus(node)
            return


def kind_word(refusal):
    """A move that is not the step's in words: the kind word the engine names (`text`)."""
    params = refusal.get("params") or {}
    return t(params["text"]) if "text" in params else refusal_text(refusal)


async def begin(game, tables):
    """The tutorial of `game`, from its first step, over whatever the page shows (a tutorial
    already running is left for it)."""
    reply = await Link.call("start", {"game": game, "tutorial": True})
    if reply is None:
        return
    if not reply["ok"]:
        notice(refusal_text(reply))
        return
    if Screen.lesson is None:
        Running.back = Screen.game
    close_offer()
    Screen.lesson = lesson_of(type(tables[game]))(reply["view"])
    Screen.game = game
    render()
    by_id("tutorial").scrollIntoView()


def leave(tables):
    """Back to what the page showed before the tutorial, as it was; the worker drops it."""
    lesson = Screen.lesson
    if lesson is None:
        return
    Screen.lesson = None
    Screen.game = Running.back if Running.back and tables[Running.back].view else None
    render()
    if Screen.game is not None:
        tables[Screen.game].proceed()
    spawn(Link.call("close", {"game": lesson.game, "tutorial": True}))


def put_away():
    """No tutorial runs: its panel hidden and its marks gone."""
    by_id("tutorial").hidden = True
    coach.unmark()


# ---- the rules sheet's buttons and the first visit's offer -------------------------------------


def add_to_rules():
    """The rules sheet's way in: a button for each game's tutorial, above the rules."""
    choices = by_id("tutorial-choices").content.cloneNode(True)
    choices.querySelector("h3").textContent = t("tutorial.title")
    for game in GAMES:
        button = choices.querySelector("[data-game=" + game + "]")
        button.textContent = t("tutorial.of", game=t("name." + game))
    by_id("sheet-body").prepend(choices)


class Offer:
    """Whether the start screen offers the tutorial: on a first visit, until answered."""

    open = False


def load_offer():
    Offer.open = not Prefs.get("tutorialOffered")


def close_offer():
    """The offer answered (or the start screen left): never made again."""
    if Offer.open:
        Offer.open = False
        Prefs.set("tutorialOffered", True)
    by_id("tutorial-offer").hidden = True


def draw_offer(start_shown):
    """The offer on the start screen, while it stands; leaving the start screen closes it."""
    if Offer.open and not start_shown:
        close_offer()
    by_id("tutorial-offer").hidden = not Offer.open
