"""The Basic Rummy table: draws the engine's view model of the person's Basic Rummy session and
turns taps into move codes (select cards, then Meld, Discard, or tap a table meld to lay the
selected card off on it).

No rule lives here: the melds the person may put down, where each card fits, what may be
discarded, the hand's value, the card just drawn, the last move and the end-of-hand summary come
in the view model; `ui/table.py` sends the codes, shows refusals, paces the computer players and
stores the save and statistics.
"""

from . import house, seats
from . import table as shared
from .dom import (
    by_id,
    card_html,
    document,
    draw_hand,
    draw_piles,
    el,
    escape,
    face,
    faces,
    hand_card_html,
    hide_result,
    listed,
    put_html,
    show_result,
    show_status,
    spawn,
    spoken,
    t,
    turn_text,
    voiced,
)
from .prefs import Prefs
from .table import render


def seat_name(view, seat):
    return seats.seat_name(view, seat, "basic.computer")


def same_cards(first, second):
    return sorted(first) == sorted(second)


class Basic(shared.Table):
    """The Basic Rummy table: the selected cards (in the order tapped)."""

    game = "basic"
    refusals = "basic."
    corrupt_notice = "basic.saveCorrupt"
    confirm_new = "basic.confirmNew"
    stats_title = "stats.basicTitle"
    hand_cards = "#basic-hand [data-card]"
    element = "basic-table"
    private = (
        "#basic-hand",
        "#meld-offers",
        "#my-melds",
        "#opponents",
        "[data-testid=basic-status]",
    )
    computer_word = "basic.computer"

    def __init__(self):
        super().__init__()
        self.selected = []  # card codes of the person's hand
        self.last_meld = None  # the table meld of the computer players' last move, marked

    def clear_selection(self):
        self.selected = []

    def show_move(self, view):
        """The status line tells the mover's turn so far: its draw, then its last move."""
        move, drew = view["last_move"], view["last_move"]["drew"]
        if drew is None:
            self.message = self.log_line(move)
            return
        kind, cards = move["move"], move["cards"]
        if kind == "NewMeld":
            then = t("basic.move.then.NewMeld", cards=faces(cards))
        elif kind == "LayOff":
            then = t("basic.move.then.LayOff", card=face(cards[0]), meld=faces(move["onto"]))
        else:
            then = t("move.then." + kind, card=face(cards[0]))
        source = drew["from"]
        if source is None:
            discarder = None
        else:
            discarder = "you" if view["players"][source]["you"] else seat_name(view, source)
        text = turn_text(
            seat_name(view, move["by"]), drew["move"], (drew["cards"] or [None])[0], discarder, then
        )
        self.message = t("basic.move.turnover") + " " + text if drew["turnover"] else text

    def log_line(self, entry):
        """A move of the hand in words: the status line's last move, and a line of the log."""
        name = seat_name(self.view, entry["by"])
        kind, cards = entry["move"], entry["cards"]
        if kind == "DrawStock":
            text = t("basic.move.DrawStock", name=name)
            return t("basic.move.turnover") + " " + text if entry["turnover"] else text
        if kind == "NewMeld":
            return t("basic.move.NewMeld", name=name, cards=faces(cards))
        if kind == "LayOff":
            return t("basic.move.LayOff", name=name, card=face(cards[0]), meld=faces(entry["onto"]))
        return t("basic.move." + kind, name=name, card=face(cards[0]))

    def last_computer_move(self, view):
        """The computer players' last move while it stays marked: until the person's next action."""
        move = view["last_move"]
        if move is None or view["players"][move["by"]]["you"] or view["result"] is not None:
            return None
        return move

    def computer_moved_last(self, view):
        move = view["last_move"]
        return move is not None and not view["players"][move["by"]]["you"]

    # ---- taps -----------------------------------------------------------------------------

    def tap_card(self, code):
        """Select or unselect a card of the hand (several make a meld)."""
        view = self.view
        if view is None or view["result"] is not None or not in_hand(view, code):
            return
        if code in self.selected:
            self.selected = [c for c in self.selected if c != code]
        else:
            self.selected = self.selected + [code]
        self.message, self.error = "", False
        render()

    def tap_meld(self, number):
        """Lay the selected card off onto table meld `number`."""
        if self.view is None:
            return
        if len(self.selected) != 1:
            self.complain("basic.selectLayoff")
            return
        spawn(self.play("layoff " + self.selected[0] + " " + str(number)))

    def tap(self, name, target):
        """A tap on a control of the Basic Rummy table (`data-action` = name)."""
        if name == "basic-stock":
            spawn(self.play("stock"))
        elif name == "basic-pile":
            spawn(self.play("pile"))
        elif name == "basic-meld":
            if not self.selected:
                self.complain("basic.selectMeld")
            else:
                spawn(self.play("meld " + " ".join(self.selected)))
        elif name == "basic-discard":
            if len(self.selected) != 1:
                self.complain("error.select_card" if not self.selected else "basic.selectOne")
            else:
                spawn(self.play("discard " + self.selected[0]))
        elif name == "basic-offer":  # a meld the hand holds, put down in one tap
            spawn(self.play("meld " + str(target.dataset.cards)))
        elif name == "basic-clear":
            self.selected, self.message, self.error = [], "", False
            render()
        else:
            spawn(self.act(name))

    # ---- drawing --------------------------------------------------------------------------

    def next_control(self, view):
        if view["screen"] == "draw":
            return el("basic-stock")
        if view["screen"] == "play":
            return document.querySelector("#basic-hand [data-card]")
        return None

    def draw_table(self, view):
        you = [p for p in view["players"] if p["you"]][0]
        el("score-you").textContent = t(
            "table.score", name=seats.own_name(view), score=you["score"]
        )
        el("score-opponent").textContent = ""
        if view["target"] is not None:
            el("target").textContent = t("table.target", target=view["target"])
        else:
            el("target").textContent = t(
                "basic.handOf", number=view["hand_number"], hands=view["hands"]
            )

        self.selected = [code for code in self.selected if in_hand(view, code)]
        options = view["options"]
        fits = options["layoffs"].get(self.selected[0], []) if len(self.selected) == 1 else []

        last = self.last_computer_move(view)
        self.last_meld = last["meld"] if last is not None else None
        around = by_id("opponents")
        put_html(
            around, "".join(self.seat_html(view, p, fits) for p in view["players"] if not p["you"])
        )

        stock, pile = el("basic-stock"), el("basic-pile")
        kind = last["move"] if last is not None else ""
        draw_piles(
            stock, pile, view, pile_count=True, top_mark="last-move" if kind == "Discard" else ""
        )
        stock.classList.toggle("last-move", kind == "DrawStock")
        screen = view["screen"]
        stock.classList.toggle("active", screen == "draw")
        pile.classList.toggle("active", screen == "draw" and view["can_take_pile"])
        turnovers = view["turnovers"]
        el("basic-turnovers").textContent = (
            t("basic.turnovers", count=turnovers, limit=view["turnover_limit"]) if turnovers else ""
        )

        show_status(el("basic-status"), self.message, self.error, self.status_text(view, fits))
        house.draw_line(el("basic-house-line"), view)

        mine = self.melds_html(view, you["seat"], fits)
        own = by_id("my-melds")
        own.hidden = not mine
        put_html(
            own,
            '<h2 class="label">'
            + escape(t("basic.yourMelds"))
            + '</h2><div class="melds">'
            + mine
            + "</div>"
            if mine
            else "",
        )
        self.draw_hand(view)
        self.draw_result(view)

    def seat_html(self, view, player, fits):
        seat = player["seat"]
        name = seat_name(view, seat)
        moving = " to-move" if player["to_move"] else ""
        melds = self.melds_html(view, seat, fits)
        return (
            '<section class="seat'
            + moving
            + ('" aria-current="true' if moving else "")
            + '" data-testid="opponent-'
            + str(seat)
            + '" aria-label="'
            + escape(name)
            + '">'
            + '<div class="seat-head"><span class="name">'
            + escape(name)
            + "</span>"
            + '<span class="count" data-testid="count-'
            + str(seat)
            + '">'
            + escape(t("basic.cards", count=player["cards"]))
            + "</span>"
            + '<span class="score">'
            + escape(t("basic.points", points=player["score"]))
            + "</span></div>"
            + ('<div class="melds">' + melds + "</div>" if melds else "")
            + "</section>"
        )

    def melds_html(self, view, owner, fits):
        """The table melds `owner` put down, each a button that lays the selected card off on it."""
        parts = []
        for meld in view["melds"]:
            if meld["owner"] != owner:
                continue
            number = meld["number"]
            classes = (
                ["meld"]
                + (["fits"] if number in fits else [])
                + (["last-move"] if self.last_meld == number else [])
            )
            cards = "".join(card_html(code, extra="mini") for code in meld["cards"])
            label = t("basic.meldLabel", cards=faces(meld["cards"]))
            parts.append(
                '<button type="button" class="'
                + " ".join(classes)
                + '" data-meld="'
                + str(number)
                + '" data-testid="meld-'
                + str(number)
                + '" aria-label="'
                + escape(label)
                + '">'
                + cards
                + "</button>"
            )
        return "".join(parts)

    def status_text(self, view, fits):
        screen = view["screen"]
        if screen == "draw":
            if view["pile_top"]:
                return t("basic.status.draw", card=face(view["pile_top"]))
            return t("basic.status.drawStock")
        if screen == "play":
            if not self.selected:
                return t("basic.status.play")
            text = t("basic.status.selected", cards=faces(self.selected))
            return text + (" " + t("basic.status.fits") if fits else "")
        if screen == "opponent":
            mover = [p for p in view["players"] if p["to_move"]]
            return (
                t("basic.status.opponent", name=seat_name(view, mover[0]["seat"])) if mover else ""
            )
        return ""

    def draw_hand(self, view):
        playing = view["screen"] == "play"
        options = view["options"]
        layable = options["layoffs"] if playing else {}
        selected = self.selected

        def button(code):
            classes = []
            if code == view["drawn"]:
                classes.append("fresh")
            if code in layable:
                classes.append("can-lay")
            label = spoken(code) + (" · " + t("basic.canLay") if code in layable else "")
            if code == view["taken_from_pile"]:
                classes.append("from-pile")
                label = t("card.fromPile", card=label)
            return hand_card_html(code, code in selected, classes, label)

        hand, order = self.arranged(view)
        draw_hand(
            by_id("basic-hand"),
            hand,
            order or Prefs.get("sort"),
            button,
            document.querySelector("#basic-table .sorts"),
            "basic-",
        )
        el("basic-hand-value").textContent = t("basic.handValue", points=view["hand_value"])

        offers = options["offers"] if playing else []
        box = by_id("meld-offers")
        box.hidden = not offers
        put_html(
            box,
            '<span class="label">'
            + escape(t("basic.offers"))
            + "</span>"
            + "".join(
                '<button type="button" class="chip" data-action="basic-offer" '
                + 'data-testid="meld-offer" data-cards="'
                + " ".join(offer)
                + '">'
                + escape(t("basic.offer", cards=faces(offer)))
                + "</button>"
                for offer in offers
            )
            if offers
            else "",
        )

        can_meld = bool(selected) and any(same_cards(selected, meld) for meld in options["melds"])
        can_discard = len(selected) == 1 and selected[0] in options["discards"]
        for testid, live in (
            ("basic-meld", can_meld),
            ("basic-discard", can_discard),
            ("basic-clear", bool(selected)),
        ):
            button_node = el(testid)
            button_node.hidden = not playing
            button_node.setAttribute("aria-disabled", "false" if live else "true")

    def outcome(self, view, sharer=False):
        result = view["result"]
        winner = result["winner"]
        if winner is None:
            return t("basic.result.draw")
        key = "basic.result.rummy" if result["kind"] == "rummy" else "basic.result.out"
        yours = view["players"][winner]["you"]
        return voiced(key + (".you" if yours else ""), sharer, name=seat_name(view, winner))

    def points(self, view, sharer=False):
        result = view["result"]
        winner = result["winner"]
        if winner is None:
            return ""
        return voiced(
            "basic.result.pointsYou" if view["players"][winner]["you"] else "basic.result.points",
            sharer,
            name=seat_name(view, winner),
            points=result["points"],
        )

    def draw_result(self, view):
        screen = view["screen"]
        if screen not in ("hand-over", "game-over"):
            hide_result()
            return
        result = view["result"]
        outcome = self.outcome(view)
        lines = []
        if result["winner"] is None:
            lines.append(
                "<p>" + escape(t("basic.result.drawText", limit=view["turnover_limit"])) + "</p>"
            )
        else:
            lines.append(self.settlement(view))
        lines.append(summary_html(view))
        scores = " · ".join(
            t("table.score", name=seat_name(view, p["seat"]), score=p["score"])
            for p in view["players"]
        )
        if screen == "game-over":
            winners = view["match"]["winners"]
            mine = [seat for seat in winners if view["players"][seat]["you"]]
            if mine and len(winners) == 1:
                title = t("basic.game.won")
            elif mine:
                title = t("basic.game.shared")
            else:
                title = t(
                    "basic.game.lost", names=listed(seat_name(view, seat) for seat in winners)
                )
            show_result(
                outcome,
                lines,
                t("basic.game.final", scores=scores),
                over=title,
                again="basic.action.rematch",
                review=True,
            )
        else:
            show_result(outcome, lines, t("basic.result.totals", scores=scores), review=True)


def in_hand(view, code):
    return any(code in group for group in view["hand"]["melds"])


def summary_html(view):
    """Every player's cards left in hand, what they count, and the game score."""
    rows = []
    for row in view["result"]["summary"]:
        name = seat_name(view, row["seat"])
        cards = "".join(card_html(code, extra="mini") for code in row["cards"])
        left = (
            t("basic.result.wentOut")
            if row["went_out"]
            else t("basic.result.left", points=row["value"])
        )
        head = t("basic.result.row", name=name, left=left, score=row["score"])
        rows.append(
            '<div class="summary-row'
            + (" winner" if row["went_out"] else "")
            + '" data-testid="summary-'
            + str(row["seat"])
            + '"><h3>'
            + escape(head)
            + "</h3>"
            + ('<div class="group">' + cards + "</div>" if cards else "")
            + "</div>"
        )
    return '<div class="hands" data-testid="hand-summary">' + "".join(rows) + "</div>"
