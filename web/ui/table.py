"""What every game's table does alike: open, start and play the person's session in the engine,
store what each reply says (the save and the statistics), pace the computer's turns, and handle
next hand, rematch and new match.

A game's table subclasses `Table` with its name and wording and the hooks only it knows: how
its view model is drawn, where the keyboard goes next, what its selection is, how a computer
move is told and marked. No rule lives here: the engine says what is legal, plays the computer
and scores; the page sends the person's moves as codes ("stock", "discard 7S").
"""

import asyncio
import json

import js

from . import drag
from .cover import computers_to_move, covered, draw_cover, uncover
from .dom import (
    Seeds,
    ask,
    attr,
    by_id,
    document,
    each,
    el,
    escape,
    faces,
    keeping_focus,
    known,
    notice,
    open_log,
    open_stats,
    parsed,
    recall,
    recall_text,
    refusal_text,
    say,
    store,
    t,
    unstore,
)
from .fairdeal import cutting, draw_cut, hide_cut
from .link import Link
from .motion import play, snapshot
from .prefs import offer_levels, pace, settings, storage_key
from .seats import seats_settings, shared


class Screen:
    """Which table the page shows: "gin", "basic" or "rummikub", or None for the start screen."""

    game = None
    # A tutorial's table while one runs (ui/tutorial.py): it is drawn in place of the game's own,
    # whose computer players wait meanwhile.
    lesson = None
    redraw = None  # set by main.py: draws the whole page (whichever game or screen it shows)


def render():
    """Redraw the whole page."""
    Screen.redraw()


# The result's controls every table shares, and the words they say unless a game has its own.
RESULT_WORDS = {"next-hand": "action.nextHand", "review": "review.button", "share": "share.button"}


def label(node, key):
    """Word `node` by translation `key`, kept on it so that loading a language words it again
    (until the first is loaded, it keeps the words it has)."""
    node.dataset.i18n = key
    if known(key):
        node.textContent = t(key)


def timed(code, reply):
    """Keep a move's times in the worker for the benches (bench/bench_pass_device.py): the
    code, the engine's ms, the whole reply's, and the screen it led to."""
    times = [code, reply["ms"], reply["reply_ms"], reply["view"]["screen"]]
    js.window.rummyActs.push(json.dumps(times))


REVEAL = "reveal"  # the cover's button: the person to play next is on screen
PASS_ON = "pass-on"  # the hand over at a table people share: the next person sees it
SOLO = "solo"  # the one person's order, at a table nobody shares


def order_key(view):
    """Whose kept order of the hand a view shows: at a table people share, the seat's."""
    return str(view["seat"]) if shared(view) else SOLO


def kept_orders(saved):
    """The kept orders of the hands a save holds, by `order_key`: "hand_order" of the one
    person, "hand_orders" of each person at a table people share."""
    orders = {}
    one = saved.get("hand_order")
    if isinstance(one, list):
        orders[SOLO] = [str(code) for code in one]
    people = saved.get("hand_orders")
    if isinstance(people, dict):
        for seat, order in people.items():
            if isinstance(order, list):
                orders[str(seat)] = [str(code) for code in order]
    return orders


class Table:
    """One game's table: the engine's view model of the person's session (None before a first
    start), the last event or refusal shown in the status line, and whether a request is out."""

    game = ""  # Screen.game's value while this table is shown
    refusals = ""  # the prefix of the game's own wording of refusals ("basic." for basic.error.*)
    corrupt_notice = ""  # the translation key of the notice for a save that could not be restored
    confirm_new = ""  # the translation key asking before a match in progress is left
    stats_title = ""  # the translation key of the statistics sheet's title
    words = {}  # the game's own translation keys for shared phrases ("review.button": ...)
    hand_cards = ""  # the selector of the person's hand's cards, which drag into a new order
    element = ""  # the id of the table's <main>
    private = ()  # the selectors of what draws a hand or hints at it: emptied under the cover
    computer_word = ""  # the translation key naming a computer player (it takes its number)

    def __init__(self):
        self.view = None
        self.message = ""
        self.error = False
        self.busy = False
        self.saved = None  # the engine's save of the session, as last stored
        self.orders = {}  # each person's own order of their hand (dragged), by seat, in the save
        self.opened = asyncio.Event()  # set once the engine has restored this game's save
        self.generation = None  # the stored game's generation this page last read or wrote
        self.stale = False  # another tab played this game on since: this page writes nothing

    # ---- hooks ----------------------------------------------------------------------------

    def draw_table(self, view):
        """Draw the table's elements from the view model."""

    def next_control(self, view):
        """Where the keyboard goes when the focused control is gone (what to do next), or None."""

    def clear_selection(self):
        """Forget the cards the person selected (after an action, or a new match)."""

    def forget_position(self):
        """Forget what the page keeps of the position shown (a selection, a turn being built):
        a newer one, played in another tab, replaces it."""
        self.clear_selection()

    def show_move(self, view):
        """Put the computer's move (`view["last_move"]`) in words."""

    def computer_moved_last(self, view):
        """Whether the hand's last move was a computer player's (said again after a reload)."""
        return False

    def log_line(self, entry):
        """One entry of the view model's move log (`view["log"]`) in words."""
        return ""

    def log_title(self, view):
        return t("log.title")

    def outcome(self, view, sharer=False):
        """The hand's outcome in words, once it is over: the result's title, a daily deal's line
        and the end of a replay say it alike (a replay in the third person: `sharer`)."""
        return ""

    def points(self, view, sharer=False):
        """Who scores the ended hand's points, in words ("" when nobody does): the result, a
        daily deal's line and the end of a replay say it alike."""
        return ""

    def settlement(self, view, sharer=False):
        """The ended hand's account, as its result and the end of a replay show it (HTML): its
        points."""
        points = self.points(view, sharer)
        return (
            '<p class="points" data-testid="hand-points">' + escape(points) + "</p>"
            if points
            else ""
        )

    def pieces_text(self, codes):
        """Cards (or tiles) by their codes, in words, as a deal's check lists them."""
        return faces(codes)

    def word(self, key):
        """The translation key of a shared phrase as this game says it ("hand" or "round")."""
        return self.words.get(key, key)

    def refusal(self, reply):
        """The engine's refusal in the person's words."""
        return refusal_text(reply, self.refusals)

    def question(self, fields):
        """A question to the engine about this table (Rummikub's `check`): `fields` and the
        game (a tutorial's table asks its tutorial's)."""
        fields["game"] = self.game
        return fields

    # ---- storage --------------------------------------------------------------------------

    def key(self, what):
        return storage_key(self.game, what)

    def match_record(self):
        """The save's match record (its `seed`, its `hands` of action codes), {} before a start."""
        return (self.saved or {}).get("match") or {}

    def current(self):
        """Whether this page may write the game: the stored game is the one it last read or
        wrote. Another tab of the same game that played on since has counted the generation on
        (`accept`), and this page is stale: it writes nothing of the game (save, statistics,
        review, daily deal, rack) until it has loaded the newer game (`reopen`)."""
        if not self.stale and recall(self.key("generation")) != self.generation:
            self.stale = True
        return not self.stale

    def accept(self, reply):
        """Take the engine's reply: its view model, and its save and statistics stored, then the
        game's generation counted on (last: a tab that reads the new generation reads the new
        save). A stale page takes nothing, says so, and returns False."""
        if not self.current():
            self.played_elsewhere()
            return False
        self.view = reply["view"]
        self.saved = reply["save"]
        self.store_save()
        store(self.key("stats"), json.dumps(reply["stats"]))
        counted = (self.generation or 0) + 1
        if store(self.key("generation"), str(counted)):
            self.generation = counted
        return True

    def store_save(self):
        """Store the engine's save, with the hand's own order when the person dragged one (the
        engine reads its own fields and leaves these to the page): `hand_order` of the one
        person, and at a table people share `hand_orders`, each person's by seat."""
        if self.saved is None:
            self.unkeep("save")
            return
        saved = dict(self.saved)
        if self.orders.get(SOLO):
            saved["hand_order"] = self.orders[SOLO]
        people = {seat: order for seat, order in self.orders.items() if seat != SOLO and order}
        if people:
            saved["hand_orders"] = people
        self.keep("save", json.dumps(saved))

    def keep(self, what, text):
        """Store the game's `what` ("save", "review", "daily", ...), unless another tab played
        the game on: a stale page never writes over the newer game."""
        return self.current() and store(self.key(what), text)

    def unkeep(self, what):
        if self.current():
            unstore(self.key(what))

    def played_elsewhere(self):
        """Say that another tab played this game on, when its table is shown: this page keeps
        the older position on screen, and offers to load the newer game."""
        if Screen.game == self.game:
            say("save.elsewhere", ("load-newer", "save.loadNewer", "load-newer"), game=self.game)

    async def reopen(self):
        """Open the stored game again in the engine (the newer one another tab played on)."""
        self.forget_position()  # while stale: it writes nothing
        notice("")
        self.stale = False
        await self.open()

    async def ready(self):
        """Wait until the engine has opened the game; when another tab has played it on since,
        open the newer game first (so a match is started, resumed or counted from it)."""
        await self.opened.wait()
        if not self.current():
            await self.reopen()
            if Screen.game == self.game:
                self.show_newer()

    async def load_newer(self):
        """The notice's button: the newer game, played in another tab, shown and played on."""
        await self.reopen()
        self.show_newer()

    def show_newer(self):
        """The game opened again on screen: its table (or the start screen, if it has no match
        now), and the computer's turn played if it is theirs."""
        Screen.game = self.game if self.view is not None else None
        self.message, self.error = "", False
        render()
        self.proceed()

    def check_elsewhere(self):
        """Another tab wrote some of this game (a `storage` event): if it played the game on,
        this page says so at once, before the person acts on the older position."""
        if not self.stale and not self.current():
            self.played_elsewhere()

    # ---- the hand's own order ----------------------------------------------------------------

    def arranged(self, view):
        """The person's hand as the page shows it: the engine's arrangements, plus "custom" (one
        group in the order the person dragged, new cards last) when there is one."""
        hand, kept = view["hand"], self.orders.get(order_key(view))
        if not kept:
            return hand, None
        cards = [code for group in hand["melds"] for code in group]
        order = [code for code in kept if code in cards] + [
            code for code in cards if code not in kept
        ]
        shown = dict(hand)
        shown["custom"] = [order]
        return shown, "custom"

    def forget_order(self):
        """A sort chip chosen: the engine's arrangement replaces the dragged order."""
        if self.view is not None and self.orders.pop(order_key(self.view), None):
            self.store_save()

    def pointer_down(self, event):
        """A press on a card of the hand may drag it to a new place. A finger drags a selected
        card at once; another only after a long press, so that a swipe scrolls the page and
        the card need not be selected first (in gin's discard, a selected card's tap discards)."""
        node = self.hand_card(event)
        if node is None or self.view is None or event.button != 0:
            return
        holds = str(event.pointerType) != "mouse" and attr(node, "aria-pressed") != "true"
        drag.press(event, node, attr(node, "data-card"), self.hand_cards, holds)

    def hand_card(self, event):
        """The card of the person's hand the event happened on, or None."""
        if not self.hand_cards or not event.target.closest:
            return None
        return event.target.closest(self.hand_cards)

    def pointer_up(self, event):
        """A card dropped on another card of the hand goes before it (after it, past its middle)."""
        dropped = drag.release(event)
        if dropped is None:
            return
        code, below = dropped
        target = below.closest(self.hand_cards) if below is not None else None
        shown = [
            attr(node, "data-card") for node in each(document.querySelectorAll(self.hand_cards))
        ]
        if target is None or attr(target, "data-card") == code or code not in shown:
            render()
            return
        box = target.getBoundingClientRect()
        shown.remove(code)
        at = shown.index(attr(target, "data-card")) + (
            1 if event.clientX > box.left + box.width / 2 else 0
        )
        shown.insert(at, code)
        self.orders[order_key(self.view)] = shown
        self.store_save()
        render()

    async def open(self):
        """The stored session and statistics, restored by the engine. A save it cannot restore
        is reported and kept aside (the statistics stay); broken statistics start from zero."""
        self.generation = recall(self.key("generation"))  # first: see accept
        save = recall_text(self.key("save"))
        kept = parsed(save)
        self.orders = kept_orders(kept if isinstance(kept, dict) else {})
        reply = await Link.call(
            "open",
            {"game": self.game, "save": save, "stats": recall_text(self.key("stats"))},
        )
        if reply is None:
            return
        said = []
        if "save_corrupt" in reply["notices"]:
            store(self.key("broken"), save)
            unstore(self.key("save"))
            said.append(t(self.corrupt_notice))
        if "stats_corrupt" in reply["notices"]:
            unstore(self.key("stats"))
            said.append(t("save.statsCorrupt"))
        for problem in reply["problems"]:
            js.console.warn("not restored: " + problem)
        if said:
            notice(" ".join(said))
        self.view, self.saved = reply["view"], reply["save"]
        if (
            self.view is not None
            and not covered(self.view)
            and not cutting(self.view)
            and self.view["result"] is None
            and self.computer_moved_last(self.view)
        ):
            self.show_move(self.view)  # the status line says it again after a reload
        offer_levels(self.game, reply["levels"])
        self.opened.set()

    # ---- actions --------------------------------------------------------------------------

    async def start(self, chosen=None, extra=None):
        """A new match with the start screen's settings (or `chosen` ones), after asking when
        a match of this game is in play (its save would be lost); `extra` asks the engine for
        a given deal ({"daily": date} or {"deal": link}). Whether it started. Each hand awaits
        the person's cut (a fair deal: ui/fairdeal.py), but a first hand whose cut is fixed
        (the daily deal's, a link's: the engine's choice) and a match dealt from `?seed`, whose
        hands are exactly the seed's, for tests."""
        await self.ready()
        if not await self.may_leave():
            return False
        seed = None if extra else Seeds.first()
        request = {
            "game": self.game,
            "settings": chosen or dict(settings(self.game), **seats_settings(self.game)),
            "seed": seed,
            "fair_deal": seed is None,
        }
        request.update(extra or {})
        reply = await Link.call("start", request)
        if reply is None:
            return False
        if not reply["ok"]:
            notice(refusal_text(reply))
            return False
        notice("")  # before the save is stored: a notice that it could not be stays
        self.orders = {}
        if not self.accept(reply):
            return False
        Screen.game, Screen.lesson = self.game, None  # a tutorial running is left for the match
        self.clear_selection()
        self.message, self.error = "", False
        render()
        self.proceed()
        return True

    async def play(self, code):
        """Send the person's move; a refusal becomes a message, nothing changes."""
        if self.busy or self.view is None or self.view["screen"] == "opponent":
            return
        if covered(self.view) and code != REVEAL:
            return  # the cover's one control is its button
        if not self.current():  # the older position: the engine would play on from it
            self.played_elsewhere()
            self.complain("save.elsewhereFirst")
            return
        self.busy = True
        try:
            reply = await Link.call("act", {"game": self.game, "code": code})
        finally:
            self.busy = False
        if reply is None:
            return
        if not reply["ok"]:
            if reply["reason"] == "drawn_already" and code in ("stock", "pile"):
                return  # a second tap on a pile just drawn from: nothing to say
            self.message, self.error = self.refusal(reply), True
            render()
            return
        timed(code, reply)
        if code in ("next-hand", "rematch"):
            self.orders = {}  # a new deal: the engine's arrangement again
        if not self.accept(reply):  # another tab played on while the move was out
            self.complain("save.elsewhereFirst")
            return
        self.message, self.error = "", False
        self.clear_selection()
        if code == REVEAL and self.view["result"] is None and self.computer_moved_last(self.view):
            self.show_move(self.view)  # what the last player did, said as on a person's own table
        render()
        self.proceed()

    def complain(self, key):
        """Say in the status line why a control does nothing now (translation `key`)."""
        self.message, self.error = t(key), True
        render()

    def proceed(self):
        """Let the computer players move, if it is their turn: in a task of its own, so the tap
        that led here is done (the page shows their turn, and stays live)."""
        if computers_to_move(self.view):
            asyncio.create_task(self.computer_turns())

    async def computer_turns(self):
        """The computer's moves, one at a time at a readable pace. Each is decided in the
        engine's worker while the page waits out the pace, so the page never freezes; a
        decision that takes longer shows the thinking indicator."""
        if self.busy:
            return
        self.busy = True
        try:
            while computers_to_move(self.view) and Screen.game == self.game and not Screen.lesson:
                if not self.current():
                    self.played_elsewhere()
                    break
                request = {"game": self.game, "code": "computer"}
                pending = asyncio.create_task(
                    Link.call_showing_thinking("act", request, by_id("thinking"))
                )
                await asyncio.sleep(pace())
                reply = await pending
                if reply is None or not reply["ok"]:
                    break
                js.window.rummyDecisionMs.push(reply["ms"])
                timed("computer", reply)
                if not self.accept(reply):
                    break
                if not covered(self.view):
                    self.show_move(self.view)
                self.error = False
                render()
        finally:
            self.busy = False
        render()

    async def act(self, name):
        """The controls every table has: next hand, rematch, new match, the move log and the
        cover's button."""
        if name == "next-hand":
            await self.play("next-hand")
        elif name == "rematch":
            await self.play("rematch")
        elif name == "new-match":
            await self.new_match()
        elif name == "log":
            self.show_log()
        elif name == "pass-device-reveal":
            await self.play(REVEAL)
        elif name == "pass-on":
            await self.play(PASS_ON)

    async def new_match(self):
        """Back to the start screen, the save dropped (after asking, if the match is not over)."""
        await self.ready()
        if not await self.may_leave():
            return
        reply = await Link.call("close", {"game": self.game})
        if reply is None or not self.accept(reply):
            return
        Screen.game = None
        render()

    async def may_leave(self):
        """Whether the match in play (if any) may be left: the person is asked first."""
        view = self.view
        if view is None or view["match"]["over"]:
            return True
        return await ask(t(self.confirm_new), t("menu.newMatch"))

    def show_log(self):
        if self.view is not None:
            open_log(
                self.log_title(self.view), [self.log_line(entry) for entry in self.view["log"]]
            )

    async def show_stats(self, name=None):
        """The statistics sheet of the person called `name`, by default the person on screen."""
        await self.ready()
        if name is None:
            name = self.person_name()
        reply = await Link.call("statistics", {"game": self.game, "name": name})
        if reply is not None:
            open_stats(self.stats_title, reply["figures"], reply["name"], reply["names"])

    def person_name(self):
        """The name of the person on screen at a table people share ("" otherwise)."""
        view = self.view
        if view is None or covered(view) or not shared(view):
            return ""
        return view["seats"][view["seat"]]["name"]

    # ---- drawing --------------------------------------------------------------------------

    def draw(self):
        """Draw the table (main.py shows it and hides the rest), the keyboard focus kept."""
        view = self.view
        document.body.dataset.phase = view["screen"]
        if not cutting(view):
            hide_cut()
        if covered(view):
            self.clear_selection()
            draw_cover(self, view)
            return
        uncover()
        if cutting(view):
            self.clear_selection()
            draw_cut(self, view)
            return
        by_id(self.element).hidden = False
        for testid, key in RESULT_WORDS.items():
            label(el(testid), self.word(key))
        cards = snapshot(self.game, view)  # where they were: they move from there (ui/motion.py)
        keeping_focus(lambda: self.draw_table(view), lambda: self.next_control(view))
        el("pass-on").hidden = view["result"] is None or not shared(view)
        play(cards)
