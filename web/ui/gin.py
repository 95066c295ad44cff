"""The Gin Rummy table: draws the engine's view model of the person's gin session and turns taps
into move codes.

No rule lives here: what each discard leaves, whether a knock is legal or gin, the card just
drawn, the settlement with its bonus and lay-offs come in the view model; `ui/table.py` sends
the codes, shows refusals, paces the computer and stores the save and statistics.
"""

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
    hand_card_html,
    hide_result,
    restart_animation,
    show_result,
    show_status,
    spawn,
    spoken,
    t,
)
from .link import Link
from .prefs import Prefs
from .table import render


class Gin(shared.Table):
    """The gin table: the selected card, the hints shown, the computer's last move marked."""

    game = "gin"
    corrupt_notice = "save.corrupt"
    confirm_new = "menu.confirmNew"
    stats_title = "stats.title"

    def __init__(self):
        super().__init__()
        self.selected = None  # a card code of the person's hand
        self.hints = ()
        self.moved = ""  # the computer's last move, animated once: "stock", "pile" or "taken"

    def clear_selection(self):
        self.selected, self.hints = None, ()

    def show_move(self, view):
        move = view["last_move"]
        card = move["card"]
        self.message = t("move." + move["move"], card=face(card) if card else "")
        self.moved = {"DrawStock": "stock", "Discard": "pile", "Knock": "pile"}.get(move["move"], "taken")

    def unmark(self):
        self.moved = ""

    def computer_moved_last(self, view):
        return view["last_move"] is not None and view["last_move"]["by"] == "opponent"

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
        elif name == "hint":
            spawn(self.toggle_hints())
        else:
            spawn(self.act(name))

    async def toggle_hints(self):
        if self.hints:
            self.hints = ()
        else:
            reply = await Link.call("hints", {"game": self.game})
            if reply is None or not reply["ok"]:
                return
            self.hints = reply["answer"][:5]
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
        level = t("level." + view["settings"]["level"])
        el("score-you").textContent = t("table.score", name=t("table.you"), score=view["scores"]["you"])
        el("score-opponent").textContent = t("table.score", name=t("table.opponent", level=level), score=view["scores"]["opponent"])
        el("target").textContent = t("table.target", target=view["target"])

        opponent = view["opponent"]
        hand = by_id("opponent-hand")
        hand.innerHTML = '<span class="card back" aria-hidden="true"></span>' * opponent["cards"]
        hand.setAttribute("aria-label", t("table.opponentCards", count=opponent["cards"]))
        hand.setAttribute("role", "img")
        taken = "".join(card_html(code) for code in opponent["taken"])
        taken = taken or '<span class="none">' + escape(t("table.takenNone")) + "</span>"
        el("taken-record").innerHTML = '<span class="label">' + escape(t("table.taken")) + "</span>" + taken

        stock, pile = el("stock"), el("discard")
        draw_piles(stock, pile, view)
        screen = view["screen"]
        conceal(document.querySelector("#gin-table .offer"), screen != "upcard")
        stock.classList.toggle("active", screen == "draw")
        pile.classList.toggle("active", screen == "draw" and view["can_take_pile"])
        for node, name in ((stock, "stock"), (pile, "pile"), (el("taken-record"), "taken")):
            restart_animation(node, self.moved == name)

        show_status(el("status"), self.message, self.error, self.status_text(view))
        self.draw_hand(view)
        self.draw_result(view)

    def status_text(self, view):
        screen = view["screen"]
        top = face(view["pile_top"]) if view["pile_top"] else ""
        if screen == "upcard":
            return t("status.upcardDealer" if view["upcard_passed"] else "status.upcard", card=top)
        if screen == "draw":
            return t("status.draw", card=top) if view["can_take_pile"] else t("status.drawStockOnly")
        if screen == "discard":
            return t("status.selected", card=face(self.selected)) if self.selected else t("status.discard")
        if screen == "opponent":
            return t("status.opponent")
        return ""

    def draw_hand(self, view):
        options = view["discards"]
        if self.selected is not None and not any(self.selected in group for group in view["hand"]["melds"]):
            self.selected = None
        selected = self.selected

        def button(code):
            fresh = ("fresh",) if code == view["drawn"] else ()
            return hand_card_html(code, code == selected, fresh)

        draw_hand(by_id("hand"), view["hand"], Prefs.get("sort"), button, document.querySelector("#gin-table .sorts"))

        option = options.get(selected) if selected else None
        if selected and option:
            el("deadwood").textContent = t("table.deadwoodAfter", card=face(selected), points=option["deadwood"])
        else:
            el("deadwood").textContent = t("table.deadwood", points=view["deadwood"])

        screen = view["screen"]
        can_knock = bool(option and option["knock"])
        knock = el("knock")
        knock.textContent = t("action.gin" if option and option["gin"] else "action.knock")
        knock.setAttribute("aria-disabled", "false" if can_knock else "true")
        conceal(knock, screen != "discard")
        discard = el("discard-button")
        conceal(discard, screen != "discard")
        discard.setAttribute("aria-disabled", "false" if selected else "true")
        conceal(el("hint"), screen not in ("upcard", "draw", "discard"))

        hints = by_id("hints")
        hints.hidden = not self.hints
        hints.setAttribute("aria-label", t("hint.title"))
        hints.innerHTML = "".join(hint_html(advice, i) for i, advice in enumerate(self.hints))

    def draw_result(self, view):
        screen = view["screen"]
        if screen not in ("settle", "match-over"):
            hide_result()
            return
        result = view["result"]
        scores = view["scores"]
        lines = []
        if result["kind"] == "dead":
            outcome = t("settle.deadTitle")
            lines.append("<p>" + escape(t("settle.dead")) + "</p>")
        else:
            who, knocker = result["winner"], result["knocker"]
            if result["kind"] == "gin":
                outcome = t("settle.gin." + knocker)
            elif result["kind"] == "undercut":
                outcome = t("settle.undercut." + who)
            else:
                outcome = t("settle.knock." + knocker)
            points = t("settle.points." + who, points=result["points"])
            if result["bonus"]:
                breakdown = t("settle.breakdown", difference=result["points"] - result["bonus"], bonus=result["bonus"])
                points += " (" + breakdown + ")"
            lines.append('<p class="points" data-testid="hand-points">' + escape(points) + "</p>")
            lines.append(settlement_html(result, view["settings"]["level"]))
        if screen == "match-over":
            title = t("match.won" if view["match"]["won"] else "match.lost")
            show_result(outcome, lines, t("match.final", you=scores["you"], opponent=scores["opponent"]), over=title)
        else:
            totals = t("settle.totals", you=scores["you"], opponent=scores["opponent"], target=view["target"])
            show_result(outcome, lines, totals)


def hint_html(advice, index):
    parts = [t("hint." + advice["move"], card=face(advice["card"]) if advice["card"] else "")]
    if advice["expected_points"] is not None:
        parts.append(t("hint.points", value="{:+.0f}".format(advice["expected_points"])))
    elif advice["expected_deadwood"] is not None:
        parts.append(t("hint.prospect", value="{:.1f}".format(advice["expected_deadwood"])))
    if advice["feeds"]:
        parts.append(t("hint.feeds", percent=round(100 * advice["feeds"])))
    best = "<strong>" + escape(t("hint.best")) + "</strong> " if index == 0 else ""
    return "<li>" + best + escape(" · ".join(parts)) + "</li>"


def settlement_html(result, level):
    names = {"you": t("table.you"), "opponent": t("table.opponent", level=t("level." + level))}
    knocker = result["knocker"]
    defender = "opponent" if knocker == "you" else "you"

    def group_html(codes, label, laid=()):
        cards = "".join(
            card_html(code, extra="layoff", label=t("card.laidOff", card=spoken(code))) if code in laid else card_html(code)
            for code in codes
        )
        return '<div class="group" role="group" aria-label="' + escape(label) + '">' + cards + "</div>"

    def hand_html(shown):
        blocks = [group_html(meld["cards"], t("settle.meld"), meld.get("laid_off", ())) for meld in shown["melds"]]
        if shown["deadwood_cards"]:
            blocks.append(group_html(shown["deadwood_cards"], t("settle.loose")))
        return "".join(blocks)

    def heading(role, who, points):
        text = t("settle.role", role=t("settle." + role), name=names[who], deadwood=t("settle.deadwood", points=points))
        return "<h3>" + escape(text) + "</h3>"

    laid_any = any(meld["laid_off"] for meld in result["knocker_hand"]["melds"])
    legend = '<p class="legend"><span class="card-mark layoff"></span> ' + escape(t("settle.layoff")) + "</p>" if laid_any else ""
    return (
        '<div class="hands" data-testid="settlement">'
        + heading("knocker", knocker, result["knocker_hand"]["deadwood"])
        + hand_html(result["knocker_hand"])
        + heading("defender", defender, result["defender_hand"]["deadwood"])
        + hand_html(result["defender_hand"])
        + legend
        + "</div>"
    )
