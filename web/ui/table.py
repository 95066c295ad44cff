"""What every game's table does alike: keep its save and the person's statistics, send the
person's actions to the session's `Table`, pace the computer's turns, and handle next hand,
rematch and new match.

A game module subclasses `Game` with its name, save key and wording, and the hooks only it
knows: how a table is made and restored, what its selection is, how a computer move is told and
marked, how the table is drawn. No rule lives here: the `Table` decides what is legal and what
the computer does. Only plain Pyodide APIs are used (`js`).
"""

import asyncio
import json

import js

from rummy.errors import IllegalAction

from .dom import PACE, Screen, boot, document, keeping_focus, refusal_text, render, t, timed


class Ui:
    """What the page shows beyond the table itself; each game's `Ui` adds its own."""

    table = None  # the session's Table, or None before a first start
    stats = None  # the person's statistics (the session's Stats), for a game that keeps them
    message = ""  # the last event or refusal, shown in the status line
    error = False
    busy = False  # the computer is playing


class Game:
    """One game's table on the page: its Ui object `ui`, drawn by `draw_table(table)` (the table's
    elements) and `next_control(table)` (where the keyboard goes when the focused control is gone:
    what the person does next, or None)."""

    name = ""  # Screen.game's value while this table is shown
    save_key = ""
    broken_key = None  # where a save that could not be restored is kept aside, if anywhere
    saved_thing = "match"  # what the console calls the save when it cannot be restored
    corrupt_notice = ""  # the translation key of the notice shown then
    confirm_new = ""  # the translation key asking before a match in progress is left
    refusals = ""  # the prefix of the game's own wording of refusals ("basic." for basic.error.*)
    draws = ()  # the draw actions: a second tap on a pile just drawn from says nothing
    stats_key = None  # where the person's statistics are kept, for a game that keeps them

    def __init__(self, ui, draw_table, next_control):
        self.ui = ui
        self.draw_table = draw_table
        self.next_control = next_control

    # ---- hooks ----------------------------------------------------------------------------

    def new_table(self, settings):
        """A new match's Table, with `settings` or (None) the ones chosen on the start screen."""
        raise NotImplementedError

    def load(self, record):
        """The Table of a saved record (raises ValueError, TypeError or KeyError if broken)."""
        raise NotImplementedError

    def clear_selection(self):
        """Forget the cards the person selected (after an action, or a new match)."""

    def show_move(self, before, action):
        """Put a computer move, `action` played on `before`, in words and mark it for the
        animation (`ui.table` is the table after it)."""

    def unmark(self):
        """Forget the marks of the last computer move, once drawn (it animates once)."""

    def counted_stats(self):
        """The person's statistics with `ui.table` counted in (games that keep statistics)."""
        return self.ui.stats.count(self.ui.table.match)

    # ---- saving ---------------------------------------------------------------------------

    def save(self):
        ui = self.ui
        if ui.table is not None:
            js.localStorage.setItem(self.save_key, json.dumps(ui.table.to_record()))
        if self.stats_key:
            if ui.table is not None:
                ui.stats = self.counted_stats()
            js.localStorage.setItem(self.stats_key, json.dumps(ui.stats.as_dict()))

    def restore(self):
        """The saved statistics and match, if any. Broken statistics start again from zero;
        a broken save is reported and removed (kept aside at `broken_key` if the game has one),
        so a fresh start is offered, the statistics kept."""
        if self.stats_key:
            self.restore_stats()
        raw = js.localStorage.getItem(self.save_key)
        if not raw:
            return
        try:
            self.ui.table = self.load(json.loads(raw))
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            self.ui.table = None
            if self.broken_key is not None:
                js.localStorage.setItem(self.broken_key, raw)
            js.localStorage.removeItem(self.save_key)
            js.console.warn(f"saved {self.saved_thing} not restored: {error}")
            boot.notice(t(self.corrupt_notice))

    def restore_stats(self):
        raw = js.localStorage.getItem(self.stats_key)
        if not raw:
            return
        try:
            self.ui.stats = type(self.ui.stats).from_dict(json.loads(raw))
        except ValueError as error:
            js.console.warn(f"statistics not restored: {error}")
            boot.notice(t("save.statsCorrupt"))
            js.localStorage.removeItem(self.stats_key)

    # ---- actions --------------------------------------------------------------------------

    def start(self, settings=None):
        ui = self.ui
        ui.table = self.new_table(settings)
        Screen.game = self.name
        self.clear_selection()
        ui.message, ui.error = "", False
        boot.notice("")
        self.save()
        render()
        self.proceed()

    def play(self, action):
        """Send the person's action to the engine; a refusal becomes a message, nothing changes."""
        ui = self.ui
        if ui.busy or ui.table is None or ui.table.screen == "opponent":
            return
        try:
            table = ui.table.play(action)
        except IllegalAction as refusal:
            if refusal.reason == "drawn_already" and isinstance(action, self.draws):
                return  # a second tap on a pile just drawn from: nothing to say
            ui.message, ui.error = refusal_text(refusal, self.refusals), True
            render()
            return
        ui.table, ui.message, ui.error = table, "", False
        self.clear_selection()
        self.save()
        render()
        self.proceed()

    def complain(self, key):
        """Say in the status line why a control does nothing now (translation `key`)."""
        self.ui.message, self.ui.error = t(key), True
        render()

    def proceed(self):
        if self.ui.table is not None and self.ui.table.screen == "opponent":
            asyncio.ensure_future(self.computer_turns())

    async def computer_turns(self):
        """The computer's moves, one at a time at a readable pace; each decision is short, so
        the page never freezes."""
        ui = self.ui
        if ui.busy:
            return
        ui.busy = True
        try:
            while ui.table is not None and ui.table.screen == "opponent" and Screen.game == self.name:
                await asyncio.sleep(PACE)
                table = ui.table
                if table is None or table.screen != "opponent" or Screen.game != self.name:
                    break  # a new match, or the start screen, while the computer waited
                action = timed(table.computer_action)
                ui.table = table.play(action)
                self.show_move(table, action)
                ui.error = False
                self.save()
                render()
                self.unmark()
        finally:
            ui.busy = False
        render()

    def next_hand(self):
        ui = self.ui
        ui.table = ui.table.next_hand()
        ui.message, ui.error = "", False
        self.save()
        render()
        self.proceed()

    def new_match(self):
        """Back to the start screen, the save dropped (after asking, if the match is not over)."""
        ui = self.ui
        if ui.table is not None and not ui.table.match.is_over and not js.window.confirm(t(self.confirm_new)):
            return
        ui.table = None
        Screen.game = None
        js.localStorage.removeItem(self.save_key)
        render()

    def act(self, name):
        """The controls every table has: next hand, rematch and new match."""
        if name == "next-hand":
            self.next_hand()
        elif name == "rematch":
            self.start(self.ui.table.settings)
        elif name == "new-match":
            self.new_match()

    # ---- drawing --------------------------------------------------------------------------

    def draw(self):
        """Draw the table (app.py shows it and hides the rest), the keyboard focus kept."""
        table = self.ui.table
        document.body.dataset.phase = table.screen
        keeping_focus(lambda: self.draw_table(table), lambda: self.next_control(table))
