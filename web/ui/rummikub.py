"""The Rummikub table: draws the engine's view model of the person's Rummikub session, and the
turn the person is building: tiles moved by tap (select, then a set, "new set" or the rack) or
by drag and drop, with undo and reset.

The turn being built is the page's own state, not a rule: every tile has an id for this turn
("t3" was on the table at the turn's start, "r5" on the rack), so the page knows which tiles
may go back to the rack. After every move the engine checks the table as laid out (`check`):
each set valid or why not, the initial meld's tally, and whether "Done" would be taken. "Done"
sends the whole table as one play; the engine accepts it or says why not, and the tiles stay
where the person put them. No rule lives here.
"""

import asyncio
import json

import js

from . import drag, house, seats
from . import table as shared
from .dom import (
    by_id,
    clear,
    document,
    el,
    escape,
    hide_result,
    listed,
    now,
    put_html,
    recall,
    refusal_text,
    show_result,
    show_status,
    spawn,
    t,
    voiced,
)
from .link import Link
from .prefs import storage_key
from .table import render

COLOUR_MARKS = {"K": "■", "B": "◆", "O": "▲", "R": "●"}  # colour is never the only sign
DROP_PLACES = "[data-set],[data-testid=rk-new-set],#rk-rack"
DEADLINE = "deadline"  # where the turn timer's end is kept, so a reload does not reset it
# Rummikub's own words for phrases the games share: a game of rounds (not hands), each round of
# turns; and a review judged by the solver, not by the hard player.
WORDS = {
    "cover.over": "rk.cover.over",
    "start.button": "rk.start.button",
    "action.nextHand": "rk.action.nextRound",
    "review.button": "rk.review.button",
    "share.button": "rk.share.button",
    "cut.title": "rk.cut.title",
    "share.title": "rk.share.title",
    "share.about": "rk.share.about",
    "replay.title": "rk.replay.title",
    "review.none": "review.rk.none",
    "review.refused": "review.rk.refused",
    "review.best": "review.rk.best",
    "review.ranking": "review.rk.ranking",
    "review.costNone": "review.rk.costNone",
    "review.clean": "review.rk.clean",
}


def tile_name(code):
    """R7 -> "red 7" in the page's language; J -> "joker"."""
    if code == "J":
        return t("rk.joker")
    return t("rk.tile", colour=t("rk.colour." + code[0]), number=code[1:])


def tiles_text(codes):
    return t("rk.list", items=listed(tile_name(code) for code in codes))


def set_name(entry):
    """The set a hint takes tiles from, by what it holds: "the group of 12s", "the blue 9-12
    run" (the engine's `kind`, `colour`, `low` and `high`)."""
    if entry["kind"] == "group":
        return t("rk.setName.group", number=entry["low"])
    return t(
        "rk.setName.run",
        colour=t("rk.colour." + entry["colour"]),
        low=entry["low"],
        high=entry["high"],
    )


def hint_text(hint):
    """The hinted play in words: the rack tiles it places, then each table tile it moves and
    the set it leaves."""
    parts = [t("rk.hint.play", tiles=tiles_text(hint["placed"]))] + [
        t("rk.hint.move", tiles=tiles_text(moved["tiles"]), set=set_name(moved))
        for moved in hint["moved"]
    ]
    key = "rk.hintText" if hint["exact"] else "rk.hintTextFound"
    return t(key, what=t("rk.hint.sep").join(parts))


def tile_html(code, tile_id=None, classes=(), selected=False):
    """One tile: its number (or ☺) and its colour's mark, named in words. With a `tile_id`, a
    button that selects it; without, a picture (a hint's preview, a rack at the round's end)."""
    colour = "J" if code == "J" else code[0]
    face = "☺" if code == "J" else code[1:]
    mark = "" if code == "J" else COLOUR_MARKS[colour]
    names = " ".join(["tile", "colour-" + colour] + list(classes))
    inside = (
        '<span class="num">'
        + face
        + '</span><span class="mark" aria-hidden="true">'
        + mark
        + "</span>"
    )
    label = escape(tile_name(code))
    if tile_id is None:
        return (
            '<span class="'
            + names
            + '" data-tile="'
            + code
            + '" role="img" aria-label="'
            + label
            + '">'
            + inside
            + "</span>"
        )
    return (
        '<button type="button" class="'
        + names
        + '" data-tile="'
        + code
        + '" data-tile-id="'
        + tile_id
        + '" aria-pressed="'
        + ("true" if selected else "false")
        + '" aria-label="'
        + label
        + '">'
        + inside
        + "</button>"
    )


def seat_name(view, seat):
    return seats.seat_name(view, seat, "rk.computer")


def viewer(view):
    """The seat of the person whose table `view` is (the first seat in a replay of old)."""
    return view.get("seat", 0)


class Turn:
    """The turn the person is building: `tiles` (id -> code), `sets` (lists of ids, the table
    as laid out now) and `rack` (ids, in the person's order); `history` holds earlier
    (sets, rack) for Undo, `start` the turn's first."""

    def __init__(self, view, order):
        self.tiles = {}
        self.sets = []
        for number, tile_set in enumerate(view["table"]):
            ids = []
            for place, code in enumerate(tile_set["tiles"]):
                tile_id = "t" + str(number) + "-" + str(place)
                self.tiles[tile_id] = code
                ids.append(tile_id)
            self.sets.append(ids)
        rack = []
        for place, code in enumerate(view["rack"]):
            tile_id = "r" + str(place)
            self.tiles[tile_id] = code
            rack.append(tile_id)
        self.rack = ordered(rack, self.tiles, order)
        self.start = self.snapshot()
        self.history = []

    def snapshot(self):
        return ([list(ids) for ids in self.sets], list(self.rack))

    def restore(self, state):
        self.sets, self.rack = [list(ids) for ids in state[0]], list(state[1])

    def codes(self):
        """The table as the engine reads it: sets of tile codes."""
        return [[self.tiles[i] for i in ids] for ids in self.sets]

    def touched(self):
        return bool(self.history)

    def move(self, ids, where, before=None, target=None):
        """Move tiles `ids` to the rack, a set (`target`, a list of this turn's `sets`) or a new
        set (`where` "rack", "set" or "new"), before the tile `before` if given."""
        self.history.append(self.snapshot())
        moving = set(ids)
        for tile_set in self.sets:
            tile_set[:] = [i for i in tile_set if i not in moving]
        self.rack = [i for i in self.rack if i not in moving]
        if where == "new":
            self.sets.append(list(ids))
        else:
            line = self.rack if where == "rack" else target
            at = line.index(before) if before in line else len(line)
            line[at:at] = list(ids)
        self.sets = [ids for ids in self.sets if ids]

    def lay_out(self, check):
        """Each valid set in the order the engine lays it out (a run low to high, its jokers in
        place), by the codes of its checked `tiles`."""
        for ids, answer in zip(self.sets, check["sets"]):
            laid = answer.get("tiles")
            if (
                not answer["valid"]
                or not laid
                or sorted(laid) != sorted(self.tiles[i] for i in ids)
            ):
                continue
            left = list(ids)
            again = []
            for code in laid:
                tile_id = next(i for i in left if self.tiles[i] == code)
                left.remove(tile_id)
                again.append(tile_id)
            ids[:] = again


def ordered(ids, tiles, order):
    """Rack ids in the person's own `order` (tile codes, kept between turns): the tiles in it
    first, as ordered, then the others (tiles just drawn) as the engine sends them."""
    left = list(ids)
    placed = []
    for code in order:
        match = next((i for i in left if tiles[i] == code), None)
        if match is not None:
            left.remove(match)
            placed.append(match)
    return placed + left


class Rummikub(shared.Table):
    """The Rummikub table: the turn being built, the selected tiles, the engine's check of the
    table, a hint being previewed."""

    game = "rummikub"
    refusals = "rk."
    corrupt_notice = "rk.saveCorrupt"
    confirm_new = "rk.confirmNew"
    stats_title = "stats.rummikubTitle"
    element = "rummikub-table"
    private = ("#rk-rack", "#rk-hint-box", "#rk-sets", "#rk-opponents", "[data-testid=rk-status]")
    computer_word = "rk.computer"
    words = WORDS

    def __init__(self):
        super().__init__()
        self.turn = None
        self.turn_key = None
        self.selected = []
        self.check = None
        self.checking = 0  # the number of the last check asked for: older answers are dropped
        self.checked = 0  # the number of the check shown: the table as laid out, when current
        self.hint = None
        self.timer_left = None  # seconds left of the person's turn (None: no timer)
        self.deadline = 0  # when the turn ends (seconds since the epoch)
        self.timer_run = 0

    # ---- the turn -------------------------------------------------------------------------

    def key_of(self, view):
        return (view["round_number"], view["turn"])

    def rack_key(self):
        """Where the rack's order is kept: the one person's, or at a table people share the
        seat's on screen."""
        view = self.view
        return "rack-" + str(view["seat"]) if view is not None and seats.shared(view) else "rack"

    def rack_order(self):
        order = recall(storage_key(self.game, self.rack_key()))
        return [code for code in order if isinstance(code, str)] if isinstance(order, list) else []

    def keep_order(self):
        if self.turn is not None:
            self.keep(self.rack_key(), json.dumps([self.turn.tiles[i] for i in self.turn.rack]))

    def fresh_turn(self, view):
        """Start the person's turn from the view, when it is a new one."""
        key = self.key_of(view)
        if self.turn is not None and self.turn_key == key:
            return False
        self.turn_key = key
        self.turn = Turn(view, self.rack_order())
        self.selected, self.check, self.hint = [], None, None
        return True

    def clear_selection(self):
        """After a move of the person's, or a new game or round: no tile selected, and no turn's
        end from before applies."""
        self.selected = []
        self.forget_deadline()

    def forget_position(self):
        """A newer position from another tab: the turn is built again from it (its end kept)."""
        self.selected, self.turn, self.turn_key, self.check, self.hint = [], None, None, None, None

    def computer_moved_last(self, view):
        return bool(view["log"]) and view["log"][-1]["by"] != viewer(view)

    def show_move(self, view):
        entry = view["log"][-1] if view["log"] else None
        self.message = log_line(view, entry) if entry else ""

    # ---- taps -----------------------------------------------------------------------------

    def playing(self):
        return (
            self.view is not None
            and self.view["screen"] == "play"
            and self.turn is not None
            and not self.busy
        )

    def tap_tile(self, tile_id):
        """Select or unselect a tile of the rack or the table."""
        if not self.playing() or tile_id not in self.turn.tiles:
            return
        if tile_id in self.selected:
            self.selected = [i for i in self.selected if i != tile_id]
        else:
            self.selected = self.selected + [tile_id]
        self.message, self.error = "", False
        render()

    def tap_set(self, number):
        """Add the selected tiles to table set `number`."""
        if not self.playing():
            return
        if not self.selected:
            self.complain("rk.selectFirst")
            return
        if 0 <= number < len(self.turn.sets):
            self.put(list(self.selected), "set", target=self.turn.sets[number])

    def tap(self, name, target):
        """A tap on a control of the Rummikub table (`data-action` = name)."""
        if name == "rk-hint-dismiss":
            self.hint = None
            render()
            return
        if name in ("next-hand", "rematch", "new-match", "log", "pass-device-reveal", "pass-on"):
            spawn(self.act(name))
            return
        if not self.playing():
            return
        turn = self.turn
        if name == "rk-new-set":
            if not self.selected:
                self.complain("rk.selectFirst")
            else:
                self.put(list(self.selected), "new")
        elif name == "rk-to-rack":
            if not self.selected:
                self.complain("rk.selectFirst")
            else:
                self.put(list(self.selected), "rack")
        elif name == "rk-undo":
            if turn.history:
                turn.restore(turn.history.pop())
                self.after_move()
        elif name == "rk-reset":
            if turn.history:
                turn.history.append(turn.snapshot())
                turn.restore(turn.start)
                self.after_move()
        elif name in ("rk-sort-groups", "rk-sort-runs"):
            codes = self.view["rack_orders"]["groups" if name == "rk-sort-groups" else "runs"]
            turn.rack = ordered(turn.rack, turn.tiles, codes)
            self.keep_order()
            render()
        elif name == "rk-done":
            spawn(self.play("play " + " | ".join(" ".join(codes) for codes in turn.codes())))
        elif name == "rk-draw":
            spawn(self.play("draw"))
        elif name == "rk-hint":
            spawn(self.ask_hint())
        elif name == "rk-hint-apply":
            self.apply_hint()

    def put(self, ids, where, before=None, target=None):
        """Move tiles, unless a tile from the table would go to the rack (it must stay)."""
        turn = self.turn
        if where == "rack":
            foreign = [i for i in ids if not i.startswith("r")]
            if foreign:
                self.message = t(
                    "rk.notFromRack", tiles=tiles_text([turn.tiles[i] for i in foreign])
                )
                self.error = True
                render()
                return
        turn.move(ids, where, before, target)
        self.after_move()

    def after_move(self):
        """A move made: the selection cleared, the order kept, the table checked by the engine."""
        self.selected, self.hint = [], None
        self.message, self.error = "", False
        self.keep_order()
        render()
        spawn(self.ask_check())

    async def ask_check(self):
        if self.turn is None:
            return
        self.checking += 1
        number = self.checking
        reply = await Link.call("check", self.question({"table": self.turn.codes()}))
        if reply is None or number != self.checking or self.turn is None:
            return
        if reply["ok"]:
            self.check, self.checked = reply["answer"], number
            self.turn.lay_out(self.check)
        render()

    async def ask_hint(self):
        reply = await Link.call("hints", {"game": self.game})
        if reply is None:
            return
        if not reply["ok"]:
            self.message, self.error = refusal_text(reply, self.refusals), True
        else:
            self.hint = reply["answer"]
            js.window.rummyHintMs.push(reply["ms"])
        render()

    def apply_hint(self):
        """Lay out the hinted table: its table tiles are this turn's table tiles, its placed
        tiles come from the rack (Undo goes back to the table before)."""
        hint, turn = self.hint, self.turn
        if not hint or not hint["table"]:
            return
        turn.history.append(turn.snapshot())
        turn.restore(turn.start)
        table_ids = [i for ids in turn.sets for i in ids]
        rack_ids = list(turn.rack)
        sets = []
        for entry in hint["table"]:
            ids = []
            for place, code in enumerate(entry["tiles"]):
                pool = rack_ids if place in entry["from_rack"] else table_ids
                tile_id = next(i for i in pool if turn.tiles[i] == code)
                pool.remove(tile_id)
                ids.append(tile_id)
            sets.append(ids)
        turn.sets = sets
        turn.rack = [i for i in turn.rack if i in rack_ids]
        self.after_move()

    # ---- drag and drop (pointer events: mouse, pen and touch) ------------------------------

    def pointer_down(self, event):
        node = event.target.closest("[data-tile-id]") if event.target.closest else None
        if node is None or not self.playing() or event.button != 0:
            return
        tile_id = str(node.dataset.tileId)
        if str(event.pointerType) != "mouse" and tile_id not in self.selected:
            return  # a finger on a tile not selected scrolls the page; a selected one drags
        drag.press(event, node, tile_id, DROP_PLACES)

    def pointer_up(self, event):
        dropped = drag.release(event)
        if dropped is None:
            return
        tile_id, below = dropped
        if below is None or self.turn is None:
            render()
            return
        ids = list(self.selected) if tile_id in self.selected else [tile_id]
        self.drop(ids, below)

    def drop(self, ids, below):
        """Tiles dropped on `below`: a tile (go before it, in its set or on the rack), a set,
        the "new set" place or the rack."""
        turn = self.turn
        tile = below.closest("[data-tile-id]")
        before = str(tile.dataset.tileId) if tile is not None else None
        if before in ids:
            before = None
        zone = below.closest(DROP_PLACES)
        if zone is None:
            render()
            return
        if zone.id == "rk-rack":
            if all(i in turn.rack for i in ids):  # a new order of the person's own
                turn.rack = [i for i in turn.rack if i not in ids]
                at = turn.rack.index(before) if before in turn.rack else len(turn.rack)
                turn.rack[at:at] = ids
                self.keep_order()
                render()
                return
            self.put(ids, "rack", before)
        elif zone.hasAttribute("data-set"):
            number = int(str(zone.dataset.set))
            if number < len(turn.sets):
                self.put(ids, "set", before, turn.sets[number])
        else:
            self.put(ids, "new")

    def run_timer(self, view):
        """Count the person's turn down (when the game has a timer); at zero, the turn is lost:
        the table goes back as it was and the engine draws the penalty tiles. The turn's end is
        kept in storage, so a reload mid-turn does not give the turn more time."""
        seconds = view["timer"]
        if not seconds or view["screen"] != "play":
            self.timer_left = None
            return
        self.timer_run += 1
        key = list(self.key_of(view))
        at = now()
        kept = recall(storage_key(self.game, DEADLINE))
        end = kept.get("ends") if isinstance(kept, dict) and kept.get("key") == key else None
        if not isinstance(end, (int, float)) or end - at > seconds:
            end = at + seconds
            self.keep(DEADLINE, json.dumps({"key": key, "ends": end}))
        self.deadline = end
        self.tick()
        asyncio.create_task(self.count_down(self.timer_run, self.key_of(view)))

    def tick(self):
        """The seconds left, shown."""
        self.timer_left = max(0, int((self.deadline - now() + 0.999) // 1))
        node = el("rk-timer")
        if node is not None:
            node.textContent = t("rk.timer", seconds=self.timer_left)

    def forget_deadline(self):
        """A turn ended: its end kept for a reload no longer applies."""
        self.unkeep(DEADLINE)

    async def count_down(self, run, key):
        def current():
            return run == self.timer_run and self.view is not None and self.key_of(self.view) == key

        while current():
            await asyncio.sleep(0.25)
            if not current():
                return
            self.tick()
            if self.timer_left <= 0:
                while self.busy:
                    await asyncio.sleep(0.05)
                if current() and self.view["screen"] == "play":
                    await self.play("timeout")
                    self.message, self.error = t("rk.timedOut"), True
                    render()
                return

    # ---- drawing --------------------------------------------------------------------------

    def next_control(self, view):
        if view["screen"] == "play":
            return document.querySelector("#rk-rack [data-tile-id]") or el("rk-draw")
        return None

    def draw_table(self, view):
        you = view["players"][viewer(view)]
        el("score-you").textContent = t(
            "table.score", name=seats.own_name(view), score=you["score"]
        )
        el("score-opponent").textContent = ""
        if view["target"] is not None:
            el("target").textContent = t("table.target", target=view["target"])
        else:
            el("target").textContent = t(
                "rk.roundOf", number=view["round_number"], rounds=view["rounds"]
            )
        playing = view["screen"] == "play"
        if playing and self.fresh_turn(view):
            self.run_timer(view)
            spawn(self.ask_check())
        if not playing:
            self.turn, self.turn_key, self.check, self.hint = None, None, None, None
            self.timer_run += 1
            self.timer_left = None
        put_html(
            by_id("rk-opponents"),
            "".join(seat_html(view, p) for p in view["players"] if not p["you"]),
        )
        el("rk-pool").textContent = t("rk.pool", count=view["pool"])
        self.draw_sets(view)
        self.draw_rack(view)
        self.draw_controls(view)
        show_status(el("rk-status"), self.message, self.error, self.status_text(view))
        house.draw_line(el("rk-house-line"), view)
        self.draw_result(view)

    def draw_sets(self, view):
        """The table: the turn being built, or the engine's table with the last play marked."""
        turn = self.turn
        marks = (
            view["last_play"]
            if view["last_play"] and (turn is None or not turn.touched())
            else None
        )
        if marks is not None and marks["by"] == viewer(view):
            marks = None
        answers = (
            self.check["sets"]
            if self.check and turn and len(self.check["sets"]) == len(turn.sets)
            else None
        )
        parts = []
        sets = turn.sets if turn is not None else None
        count = len(sets) if sets is not None else len(view["table"])
        for number in range(count):
            if sets is not None:
                ids = sets[number]
                codes = [turn.tiles[i] for i in ids]
            else:
                codes = view["table"][number]["tiles"]
                ids = ["v" + str(number) + "-" + str(p) for p in range(len(codes))]
            answer = answers[number] if answers else None
            change = marks["table"][number] if marks and number < len(marks["table"]) else None
            parts.append(self.set_html(number, ids, codes, answer, change))
        new_set = (
            (
                '<button type="button" class="new-set" data-action="rk-new-set" '
                + 'data-testid="rk-new-set">'
                + escape(t("rk.newSet"))
                + "</button>"
            )
            if view["screen"] == "play"
            else ""
        )
        if not count and view["screen"] != "play":
            parts.append('<p class="empty-table">' + escape(t("rk.emptyTable")) + "</p>")
        put_html(by_id("rk-sets"), "".join(parts) + new_set)
        self.draw_hint(view)

    def set_html(self, number, ids, codes, answer, change):
        valid = answer is None or answer["valid"]
        classes = ["rk-set", "valid" if valid else "invalid"]
        rack_places = []
        if change is not None and change["state"] != "kept":
            classes.append("changed " + change["state"])
            rack_places = change["from_rack"]
        tiles = []
        for place, (tile_id, code) in enumerate(zip(ids, codes)):
            marks = []
            if place in rack_places:
                marks.append("from-rack")
            if tile_id.startswith("r"):
                marks.append("mine")
            tiles.append(tile_html(code, tile_id, marks, tile_id in self.selected))
        why = ""
        if not valid:
            why = '<p class="why" data-testid="rk-why">' + escape(set_reason(answer)) + "</p>"
        add = ""
        if (
            self.turn is not None and self.selected
        ):  # a place to put them (only then: a phone fits two sets a row)
            add = (
                '<button type="button" class="add" data-set-add="'
                + str(number)
                + '" aria-label="'
                + escape(t("rk.addTo", number=number + 1))
                + '">+</button>'
            )
        return (
            '<div class="'
            + " ".join(classes)
            + '" data-set="'
            + str(number)
            + '" data-valid="'
            + ("true" if valid else "false")
            + '" role="group" aria-label="'
            + escape(t("rk.setLabel", number=number + 1))
            + '">'
            + '<div class="tiles">'
            + "".join(tiles)
            + add
            + "</div>"
            + why
            + "</div>"
        )

    def draw_hint(self, view):
        box = by_id("rk-hint-box")
        hint = self.hint
        if hint is None or view["screen"] != "play":
            box.hidden = True
            clear(box)
            return
        box.hidden = False
        if not hint["table"]:
            put_html(
                box,
                '<p data-testid="rk-hint-text">'
                + escape(t("rk.hintDraw"))
                + "</p>"
                + '<button type="button" data-action="rk-hint-dismiss" '
                + 'data-testid="rk-hint-dismiss">'
                + escape(t("rk.hintDismiss"))
                + "</button>",
            )
            return
        sets = []
        for entry in hint["table"]:
            tiles = "".join(
                tile_html(code, classes=["from-rack"] if place in entry["from_rack"] else [])
                for place, code in enumerate(entry["tiles"])
            )
            sets.append(
                '<div class="rk-set preview '
                + entry["state"]
                + '">'
                + '<div class="tiles">'
                + tiles
                + "</div></div>"
            )
        put_html(
            box,
            '<p data-testid="rk-hint-text">'
            + escape(hint_text(hint))
            + "</p>"
            + '<div class="preview-sets">'
            + "".join(sets)
            + "</div>"
            + '<div class="actions"><button type="button" class="primary" '
            + 'data-action="rk-hint-apply" data-testid="rk-hint-apply">'
            + escape(t("rk.hintApply"))
            + '</button><button type="button" data-action="rk-hint-dismiss" '
            + 'data-testid="rk-hint-dismiss">'
            + escape(t("rk.hintDismiss"))
            + "</button></div>",
        )

    def draw_rack(self, view):
        turn = self.turn
        drawn = list(view["drawn"])
        parts = []
        if turn is not None:
            for tile_id in turn.rack:
                code = turn.tiles[tile_id]
                fresh = code in drawn
                if fresh:
                    drawn.remove(code)
                parts.append(
                    tile_html(code, tile_id, ["fresh"] if fresh else [], tile_id in self.selected)
                )
        else:
            order = ordered(
                list(range(len(view["rack"]))), dict(enumerate(view["rack"])), self.rack_order()
            )
            parts = [tile_html(view["rack"][i], "w" + str(i)) for i in order]
        rack = by_id("rk-rack")
        put_html(rack, "".join(parts))
        rack.setAttribute(
            "aria-label", t("rk.rackLabel", count=len(parts), points=view["rack_points"])
        )
        if turn is not None and turn.touched():
            el("rk-rack-points").textContent = t("rk.tiles", count=len(parts))
        else:
            el("rk-rack-points").textContent = t(
                "rk.rackPoints", count=len(view["rack"]), points=view["rack_points"]
            )

    def draw_controls(self, view):
        playing = view["screen"] == "play"
        turn = self.turn
        check = self.check
        # Only the engine's verdict on the table as laid out now says it would be taken.
        taken = bool(playing and check and check["playable"] and self.checked == self.checking)
        can_done = taken and turn is not None
        live = {
            "rk-done": can_done,
            "rk-draw": playing,
            "rk-undo": bool(playing and turn and turn.history),
            "rk-reset": bool(playing and turn and turn.history),
            "rk-hint": playing,
            "rk-to-rack": bool(playing and self.selected),
            "rk-sort-groups": playing,
            "rk-sort-runs": playing,
        }
        for testid, on in live.items():
            node = el(testid)
            node.setAttribute("aria-disabled", "false" if on else "true")
        by_id("rk-controls").hidden = not playing
        tally = el("rk-tally")
        need = check["need"] if check and playing else view["initial_meld"]
        if need:
            value = check["tally"] if check and playing and check["tally"] is not None else 0
            tally.hidden = False
            tally.textContent = t("rk.tally", value=value, need=need)
            tally.classList.toggle("reached", taken)
        else:
            tally.hidden = True
        timer = el("rk-timer")
        timer.hidden = self.timer_left is None
        if self.timer_left is not None:
            timer.textContent = t("rk.timer", seconds=self.timer_left)

    def status_text(self, view):
        screen = view["screen"]
        if screen == "play":
            if self.selected:
                return t(
                    "rk.status.selected",
                    tiles=tiles_text([self.turn.tiles[i] for i in self.selected]),
                )
            check = self.check
            if self.error:
                return ""  # the refusal alone
            if (
                check
                and not check["playable"]
                and self.turn is not None
                and self.turn.touched()
                and check["refusal"]
            ):
                return t(
                    "rk.status.notYet",
                    why=refusal_text(rk_refusal(check["refusal"]), self.refusals),
                )
            return t("rk.status.play")
        if screen == "opponent":
            mover = [p for p in view["players"] if p["to_move"]]
            return t("rk.status.opponent", name=seat_name(view, mover[0]["seat"])) if mover else ""
        return ""

    def refusal(self, reply):
        return refusal_text(rk_refusal(reply), self.refusals)

    def pieces_text(self, codes):
        return listed(tile_name(code) for code in codes)

    def log_line(self, entry):
        return log_line(self.view, entry)

    def log_title(self, view):
        return t("rk.logTitle", number=view["round_number"])

    def outcome(self, view, sharer=False):
        result = view["result"]
        winner = result["winner"]
        key = "rk.result.lowest" if result["pool_exhausted"] else "rk.result.out"
        return voiced(
            key + (".you" if winner == viewer(view) else ""), sharer, name=seat_name(view, winner)
        )

    def points(self, view, sharer=False):
        """The winner's points: the sum of everyone else's racks."""
        result = view["result"]
        winner = result["winner"]
        key = "basic.result.pointsYou" if winner == viewer(view) else "basic.result.points"
        score = result["racks"][winner]["score"]  # a rack per seat, in seat order
        return voiced(key, sharer, name=seat_name(view, winner), points=score)

    def draw_result(self, view):
        screen = view["screen"]
        if screen not in ("round-over", "game-over"):
            hide_result()
            return
        result = view["result"]
        winner = result["winner"]
        outcome = self.outcome(view)
        rows = []
        for row in result["racks"]:
            tiles = "".join(tile_html(code, classes=["mini"]) for code in row["tiles"])
            head = t(
                "rk.result.row",
                name=seat_name(view, row["seat"]),
                points=row["points"],
                score=row["score"],
                total=row["total"],
            )
            if row["joker_points"] is not None:  # what the engine charged each joker left
                head += " · " + t("rk.result.joker", points=row["joker_points"])
            rows.append(
                '<div class="summary-row'
                + (" winner" if row["seat"] == winner else "")
                + '" data-testid="rk-summary-'
                + str(row["seat"])
                + '"><h3>'
                + escape(head)
                + "</h3>"
                + ('<div class="tiles">' + tiles + "</div>" if tiles else "")
                + "</div>"
            )
        lines = ['<div class="hands" data-testid="rk-round-summary">' + "".join(rows) + "</div>"]
        totals = " · ".join(
            t("table.score", name=seat_name(view, p["seat"]), score=p["score"])
            for p in view["players"]
        )
        if screen == "game-over":
            winners = view["match"]["winners"]
            me = viewer(view)
            if me in winners and len(winners) == 1:
                title = t("rk.game.won")
            elif me in winners:
                title = t("rk.game.shared")
            else:
                title = t("rk.game.lost", names=listed(seat_name(view, seat) for seat in winners))
            show_result(
                outcome,
                lines,
                t("rk.game.final", scores=totals),
                over=title,
                again="rk.action.rematch",
                review=True,
            )
        else:
            show_result(outcome, lines, t("rk.result.totals", scores=totals), review=True)


def seat_html(view, player):
    seat = player["seat"]
    name = seat_name(view, seat)
    moving = " to-move" if player["to_move"] else ""
    melded = (
        "" if player["melded"] else '<span class="badge">' + escape(t("rk.notMelded")) + "</span>"
    )
    return (
        '<section class="seat'
        + moving
        + ('" aria-current="true' if moving else "")
        + '" data-testid="rk-opponent-'
        + str(seat)
        + '" aria-label="'
        + escape(name)
        + '">'
        + '<div class="seat-head"><span class="name">'
        + escape(name)
        + "</span>"
        + '<span class="count" data-testid="rk-count-'
        + str(seat)
        + '">'
        + escape(t("rk.tiles", count=player["tiles"]))
        + "</span>"
        + melded
        + '<span class="score">'
        + escape(t("basic.points", points=player["score"]))
        + "</span></div></section>"
    )


def rk_refusal(reply):
    """A refusal with its tile codes named in words, for the message."""
    params = dict(reply.get("params") or {})
    for name in ("tiles", "set"):
        if name in params:
            params[name] = tiles_text(str(params[name]).split())
    if "colour" in params:
        params["colour"] = t("rk.colour." + str(params["colour"]))
    return {"reason": reply.get("reason"), "params": params}


def set_reason(answer):
    """Why a set is not valid, in words (the engine's reason)."""
    return refusal_text(rk_refusal(answer), "rk.")


def log_line(view, entry):
    """One turn of the move log in words."""
    name = seat_name(view, entry["by"])
    kind = entry["kind"]
    if kind != "play":
        return t("rk.log." + kind, name=name, count=entry["count"])
    parts = [t("rk.log.played", tiles=tiles_text(tiles)) for tiles in entry["played"]]
    parts += [
        t("rk.log.added", tiles=tiles_text(added["tiles"]), kind=t("rk.kind." + added["kind"]))
        for added in entry["added"]
    ]
    if entry["rearranged"]:
        parts.append(t("rk.log.rearranged"))
    return t("rk.log.play", name=name, what=t("rk.log.and").join(parts))
