"""The Gin Rummy table: draws the engine's view model of the person's gin session and turns taps
into move codes.

No rule lives here: what each discard leaves, whether a knock is legal or gin, the card just
drawn, the settlement with its bonus and lay-offs come in the view model; `ui/table.py` sends
the codes, shows refusals, paces the computer and stores the save and statistics.
"""

from . import house, seats
from . import table as shared
from .dom import (
    by_id,
    card_html,
    conceal,
    document,
    draw_hand,
    draw_piles,
    el,
    escape,
    face,
    faces,
    hand_card_html,
    hide_result,
    known,
    listed,
    open_sheet,
    put_html,
    show_result,
    show_status,
    spawn,
    spoken,
    t,
    turn_text,
    voiced,
)
from .link import Link
from .prefs import Prefs
from .table import render


class Gin(shared.Table):
    """The gin table: the selected card and the hints shown."""

    game = "gin"
    corrupt_notice = "save.corrupt"
    confirm_new = "menu.confirmNew"
    stats_title = "stats.title"
    hand_cards = "#hand [data-card]"
    element = "gin-table"
    private = ("#hand", "#hints", "#opponent-hand", "[data-testid=status]")
    computer_word = "move.computer"

    def __init__(self):
        super().__init__()
        self.selected = None  # a card code of the person's hand
        self.hints = ()

    def clear_selection(self):
        self.selected, self.hints = None, ()

    def show_move(self, view):
        move = view["last_move"]
        drew = move["drew"]
        if drew is None:
            self.message = move_line(view, move)
            return
        self.message = turn_text(
            mover(view, move),
            drew["move"],
            drew["card"],
            {"you": "you", "opponent": opponent_name(view)}.get(drew["from"]),
            t("move.then." + move["move"], card=face(move["card"])),
        )

    def computer_moved_last(self, view):
        return view["last_move"] is not None and view["last_move"]["by"] == "opponent"

    def log_line(self, entry):
        return move_line(self.view, entry)

    # ---- taps -----------------------------------------------------------------------------

    def tap_card(self, code):
        view = self.view
        if view is None or not any(code in group for group in view["hand"]["melds"]):
            return
        if view["screen"] == "discard" and self.selected == code:
            spawn(self.play("discard " + code))
            return
        self.selected = None if self.selected == code else code
        self.message, self.error = "", False
        render()

    def play_selected(self, verb):
        """Discard or knock with the selected card; the engine says why when that is not allowed."""
        if self.selected is None:
            self.complain("error.select_card")
            return
        spawn(self.play(verb + " " + self.selected))

    def tap(self, name, target):
        """A tap on a control of the gin table (`data-action` = name)."""
        codes = {"stock": "stock", "pile": "pile", "take-upcard": "take", "pass-upcard": "pass"}
        if name in codes:
            spawn(self.play(codes[name]))
        elif name == "discard-selected":
            self.play_selected("discard")
        elif name == "knock":
            self.play_selected("knock")
        elif name == "big-gin":
            spawn(self.play("biggin"))
        elif name == "hint":
            spawn(self.toggle_hints())
        elif name == "pile-list":
            show_pile(self.view)
        else:
            spawn(self.act(name))

    async def toggle_hints(self):
        if self.hints:
            self.hints = ()
        else:
            reply = await Link.call("hints", {"game": self.game})
            if reply is None or not reply["ok"]:
                return
            self.hints = [hint for hint in reply["answer"] if hint["shown"]]
        render()

    # ---- drawing --------------------------------------------------------------------------

    def next_control(self, view):
        screen = view["screen"]
        if screen == "upcard":
            return el("take-upcard")
        if screen == "draw":
            return el("stock")
        if screen == "discard":
            code = view["drawn"] or view["hand"]["melds"][0][0]
            return document.querySelector('#hand [data-card="' + code + '"]')
        return None

    def draw_table(self, view):
        el("score-you").textContent = t(
            "table.score", name=seats.own_name(view), score=view["scores"]["you"]
        )
        el("score-opponent").textContent = t(
            "table.score", name=opponent_name(view), score=view["scores"]["opponent"]
        )
        el("target").textContent = t("table.target", target=view["target"])

        opponent = view["opponent"]
        hand = by_id("opponent-hand")
        put_html(hand, '<span class="card back" aria-hidden="true"></span>' * opponent["cards"])
        hand.setAttribute("aria-label", about(view, "table.opponentCards", count=opponent["cards"]))
        hand.setAttribute("role", "img")
        last = self.last_computer_move(view)
        took = last in ("TakeUpcard", "DrawDiscard")
        marked = len(opponent["taken"]) - 1 if took else -1
        taken = "".join(
            card_html(code, "last-move", about(view, "card.lastMove", card=spoken(code)))
            if i == marked
            else card_html(code)
            for i, code in enumerate(opponent["taken"])
        )
        taken = taken or '<span class="none">' + escape(t("table.takenNone")) + "</span>"
        put_html(
            el("taken-record"),
            '<span class="label">' + escape(t("table.taken")) + "</span>" + taken,
        )

        stock, pile = el("stock"), el("discard")
        draw_piles(
            stock,
            pile,
            view,
            top_mark="last-move" if last in ("Discard", "Knock", "PassUpcard") else "",
        )
        stock.classList.toggle("last-move", last == "DrawStock")
        el("pile-list").textContent = t("pile.button", count=len(view["pile"]))
        screen = view["screen"]
        conceal(document.querySelector("#gin-table .offer"), screen != "upcard")
        stock.classList.toggle("active", screen == "draw")
        pile.classList.toggle("active", screen == "draw" and view["can_take_pile"])

        best = self.hints[0] if self.hints else None
        for node, moves in (
            (stock, ("DrawStock",)),
            (pile, ("DrawDiscard", "TakeUpcard")),
            (el("take-upcard"), ("TakeUpcard",)),
            (el("pass-upcard"), ("PassUpcard",)),
        ):
            node.classList.toggle("hinted", best is not None and best["move"] in moves)
        show_status(el("status"), self.message, self.error, self.status_text(view))
        house.draw_line(el("house-line"), view)
        self.draw_hand(view)
        self.draw_result(view)

    def last_computer_move(self, view):
        """The computer's last move while it stays marked: until the person's next action."""
        move = view["last_move"]
        return (
            move["move"]
            if move is not None and move["by"] == "opponent" and view["result"] is None
            else ""
        )

    def status_text(self, view):
        screen = view["screen"]
        top = face(view["pile_top"]) if view["pile_top"] else ""
        if screen == "upcard":
            if view["upcard_passed"]:
                return about(view, "status.upcardDealer", card=top)
            return t("status.upcard", card=top)
        if screen == "draw":
            return (
                t("status.draw", card=top) if view["can_take_pile"] else t("status.drawStockOnly")
            )
        if screen == "discard":
            return (
                t("status.selected", card=face(self.selected))
                if self.selected
                else t("status.discard")
            )
        if screen == "opponent":
            return t("status.opponent")
        return ""

    def draw_hand(self, view):
        options = view["discards"]
        if self.selected is not None and not any(
            self.selected in group for group in view["hand"]["melds"]
        ):
            self.selected = None
        selected = self.selected
        best = self.hints[0] if self.hints else None
        hinted = best["card"] if best is not None and best["move"] in ("Discard", "Knock") else None

        def button(code):
            classes, label = [], spoken(code)
            if code == view["drawn"]:
                classes.append("fresh")
            if code == view["taken_from_pile"]:
                classes.append("from-pile")
                label = t("card.fromPile", card=label)
            if code == hinted:
                classes.append("hinted")
                label = t("card.hinted", card=label)
            return hand_card_html(code, code == selected, classes, label)

        hand, order = self.arranged(view)
        draw_hand(
            by_id("hand"),
            hand,
            order or Prefs.get("sort"),
            button,
            document.querySelector("#gin-table .sorts"),
        )

        option = options.get(selected) if selected else None
        if selected and option:
            el("deadwood").textContent = t(
                "table.deadwoodAfter", card=face(selected), points=option["deadwood"]
            )
        else:
            el("deadwood").textContent = t("table.deadwood", points=view["deadwood"])

        screen = view["screen"]
        can_knock = bool(option and option["knock"])
        knock = el("knock")
        knock.textContent = t("action.gin" if option and option["gin"] else "action.knock")
        knock.setAttribute("aria-disabled", "false" if can_knock else "true")
        conceal(knock, screen != "discard")
        big_gin = el("big-gin")
        conceal(big_gin, not view["can_big_gin"])
        big_gin.classList.toggle("hinted", best is not None and best["move"] == "BigGin")
        discard = el("discard-button")
        conceal(discard, screen != "discard")
        discard.setAttribute("aria-disabled", "false" if selected else "true")
        conceal(el("hint"), screen not in ("upcard", "draw", "discard"))

        hints = by_id("hints")
        hints.hidden = not self.hints
        hints.setAttribute("aria-label", t("hint.title"))
        put_html(hints, hints_html(view, self.hints))

    def outcome(self, view, sharer=False):
        result = view["result"]
        if result["kind"] == "dead":
            return t("settle.deadTitle")
        if result["kind"] == "undercut":
            return voiced(
                said(view, "settle.undercut.", result["winner"]), sharer, name=other(view)
            )
        kinds = {"gin": "settle.gin.", "big_gin": "settle.bigGin."}
        kind = kinds.get(result["kind"], "settle.knock.")
        return voiced(said(view, kind, result["knocker"]), sharer, name=other(view))

    def points(self, view, sharer=False):
        result = view["result"]
        if result["kind"] == "dead":
            return ""
        key = said(view, "settle.points.", result["winner"])
        return voiced(key, sharer, points=result["points"], name=other(view))

    def settlement(self, view, sharer=False):
        """The points with their bonus, and both hands as laid down (HTML)."""
        result = view["result"]
        if result["kind"] == "dead":
            return "<p>" + escape(t("settle.dead")) + "</p>"
        points = self.points(view, sharer)
        doubled = view.get("multiplier", 1) == 2  # Oklahoma's spade upcard
        if result["bonus"] or doubled:
            scored = result["points"] // (2 if doubled else 1)
            key = "settle.breakdownBigGin" if result["kind"] == "big_gin" else "settle.breakdown"
            parts = [
                t(key, difference=scored - result["bonus"], bonus=result["bonus"])
                if result["bonus"]
                else str(scored)
            ]
            if doubled:
                parts.append(t("settle.doubled"))
            points += " (" + " ".join(parts) + ")"
        you = t("replay.player") if sharer else t("table.you")
        return (
            '<p class="points" data-testid="hand-points">'
            + escape(points)
            + "</p>"
            + settlement_html(result, opponent_name(view), you)
        )

    def draw_result(self, view):
        screen = view["screen"]
        if screen not in ("settle", "match-over"):
            hide_result()
            return
        scores = view["scores"]
        outcome = self.outcome(view)
        lines = [self.settlement(view)]
        if seats.shared(view):  # the other person by name, not "the computer"
            both = " · ".join(
                t("table.score", name=name, score=scores[role])
                for role, name in (("you", t("table.you")), ("opponent", opponent_name(view)))
            )
            final = totals = t("basic.result.totals", scores=both)
        else:
            ended = view["match"]["totals"]  # with the end-of-game bonuses, once it is over
            final = t("match.final", you=ended["you"], opponent=ended["opponent"])
            totals = t(
                "settle.totals",
                you=scores["you"],
                opponent=scores["opponent"],
                target=view["target"],
            )
        if screen == "match-over":
            lines += bonus_lines(view)
            title = t("match.won") if view["match"]["won"] else about(view, "match.lost")
            show_result(outcome, lines, final, over=title, review=True)
        else:
            show_result(outcome, lines, totals, review=True)


def mover(view, move):
    """Who made `move`: "You", the computer, or at a table people share the other person."""
    if move["by"] == "you":
        return t("move.you")
    return seats.seat_name(view, move["seat"], "move.computer")


def move_line(view, move):
    """A move of the hand in words: the status line's last move, and a line of the move log."""
    card = move["card"]
    return t("move." + move["move"], name=mover(view, move), card=face(card) if card else "")


def about(view, key, **params):
    """`key`'s text about the other player: the computer, or at a table people share the other
    person by name (its twin `key.person`)."""
    if seats.shared(view):
        return t(key + ".person", name=other(view), **params)
    return t(key, **params)


def said(view, key, role):
    """The translation key of what `role` ("you" or "opponent") did: at a table people share,
    the other person's own words ("person", which take their `name`), not the computer's."""
    return key + ("person" if role == "opponent" and seats.shared(view) else role)


def other(view):
    """The other person's name at a table people share (else unused)."""
    return opponent_name(view) if seats.shared(view) else ""


def opponent_name(view):
    """The other seat as the scores and the settlement name it: the computer at its level, or
    the other person at a table people share."""
    seat = 1 - view.get("seat", 0)
    if seats.shared(view):
        return seats.seat_name(view, seat, "move.computer")
    kinds = [each["kind"] for each in view.get("seats") or ()]
    level = kinds[seat] if len(kinds) == 2 else view["settings"]["level"]
    return t("table.opponent", level=t("level." + level))


def hint_move(advice):
    """An option by the engine's name for it (a discard where a knock is legal says so)."""
    return t("hint." + advice["name"], card=face(advice["card"]) if advice["card"] else "")


def reason_text(view, reason):
    """Why the hard player prefers an option; a reason about the other player names them."""
    params = dict(reason)
    if params.get("card"):
        params["card"] = face(params["card"])
    if params.get("cards"):
        params["cards"] = faces(params["cards"])
    key = "hint.why." + reason["why"]
    return about(view, key, **params) if known(key + ".person") else t(key, **params)


def hints_html(view, hints):
    """The best option in words with why the hard player prefers it, then the others the
    engine names (with knocking or not, where a knock is legal), by name: short enough for a
    phone, and never the ranking's raw figures."""
    if not hints:
        return ""
    best = hints[0]
    why = " ".join(reason_text(view, reason) for reason in best["why"])
    lines = [
        '<p data-testid="hint-best"><strong>'
        + escape(t("hint.best"))
        + ": "
        + escape(hint_move(best))
        + "</strong> "
        + escape(why)
        + "</p>"
    ]
    if len(hints) > 1:
        others = listed(hint_move(advice) for advice in hints[1:])
        lines.append('<p class="others">' + escape(t("hint.others", moves=others)) + "</p>")
    return "".join(lines)


def show_pile(view):
    """The whole discard pile, bottom to top: it is public in gin."""
    if view is None:
        return
    box = document.createElement("div")
    box.className = "pile-list"
    box.dataset.testid = "pile-cards"
    cards = view["pile"]
    top = len(cards) - 1
    box.innerHTML = (
        "".join(
            card_html(code, "top", spoken(code) + " · " + t("pile.top"))
            if i == top
            else card_html(code)
            for i, code in enumerate(cards)
        )
        or "<p>" + escape(t("pile.empty")) + "</p>"
    )
    open_sheet(t("pile.title"), box)


def bonus_lines(view):
    """Each player's end-of-game bonuses by name ("Box ×3 +75"), a paragraph each (HTML)."""
    names = {"you": seats.own_name(view), "opponent": opponent_name(view)}
    lines = []
    for role in ("you", "opponent"):
        found = view["match"]["bonuses"][role]
        if found:
            each = " · ".join(
                t("bonus." + bonus["name"], times=bonus["times"], points=bonus["points"])
                for bonus in found
            )
            text = t("bonus.line", name=names[role], bonuses=each)
            lines.append('<p class="bonuses" data-testid="match-bonuses">' + escape(text) + "</p>")
    return lines


def settlement_html(result, opponent, you):
    """Both hands as laid down, the person's named `you` and the other `opponent`."""
    names = {"you": you, "opponent": opponent}
    knocker = result["knocker"]
    defender = "opponent" if knocker == "you" else "you"

    def group_html(codes, caption, kind, laid=()):
        """A group of the settlement with its caption on screen: a meld, or the deadwood (set
        apart, so on a phone it never looks like another meld)."""
        cards = "".join(
            card_html(code, extra="layoff", label=t("card.laidOff", card=spoken(code)))
            if code in laid
            else card_html(code)
            for code in codes
        )
        return (
            '<div class="group '
            + kind
            + '" role="group" aria-label="'
            + escape(caption)
            + '"><span class="caption">'
            + escape(caption)
            + '</span><span class="cards">'
            + cards
            + "</span></div>"
        )

    def hand_html(shown):
        blocks = [
            group_html(meld["cards"], t("settle.meld"), "meld", meld.get("laid_off", ()))
            for meld in shown["melds"]
        ]
        if shown["deadwood_cards"]:
            blocks.append(
                group_html(
                    shown["deadwood_cards"], t("settle.deadwood", points=shown["deadwood"]), "loose"
                )
            )
        else:
            blocks.append('<p class="group loose none">' + escape(t("settle.noDeadwood")) + "</p>")
        return '<div class="shown">' + "".join(blocks) + "</div>"

    def heading(role, who, points):
        text = t(
            "settle.role",
            role=t("settle." + role),
            name=names[who],
            deadwood=t("settle.deadwood", points=points),
        )
        return "<h3>" + escape(text) + "</h3>"

    laid_any = any(meld["laid_off"] for meld in result["knocker_hand"]["melds"])
    legend = (
        '<p class="legend"><span class="card-mark layoff"></span> '
        + escape(t("settle.layoff"))
        + "</p>"
        if laid_any
        else ""
    )
    return (
        '<div class="hands" data-testid="settlement">'
        + heading("knocker", knocker, result["knocker_hand"]["deadwood"])
        + hand_html(result["knocker_hand"])
        + heading("defender", defender, result["defender_hand"]["deadwood"])
        + hand_html(result["defender_hand"])
        + legend
        + "</div>"
    )
