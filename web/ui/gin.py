"""The Gin Rummy table: draws a `rummy.gin.session.Table` and sends the person's taps to it.

No rule lives here: legality, scoring and the computer's decisions come from `rummy.gin`; this
module turns the table into HTML and a click into an `Action`; `ui/table.py` plays it, turns an
`IllegalAction` into a translated message, paces the computer and saves the table and the
statistics after every action.
"""

from html import escape

from rummy.gin import Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard
from rummy.gin.session import Settings, Stats, Table, deadwood_without
from rummy.melds import deadwood

from . import table as shared
from .dom import (
    Seeds,
    boot,
    card_html,
    document,
    draw_hand,
    draw_piles,
    el,
    face,
    found,
    hand_card_html,
    hide_result,
    open_stats,
    render,
    restart_animation,
    show_result,
    show_status,
    spoken,
    t,
)

SAVE_KEY = "rummy-table/gin/save"
STATS_KEY = "rummy-table/gin/stats"


class Ui(shared.Ui):
    """The gin page's state: the statistics, the selected card, hints, the card just drawn."""

    stats: Stats = Stats()
    selected = None  # a Card of the person's hand
    hints = ()
    previous_hand = frozenset()
    fresh = None  # the card just drawn, marked "new"
    moved = ""  # the computer's last move, animated once: "stock", "pile" or "taken"


ui = Ui()


class Gin(shared.Game):
    """The gin table's save (with the statistics), new matches and computer moves."""

    name = "gin"
    save_key = SAVE_KEY
    corrupt_notice = "save.corrupt"
    confirm_new = "menu.confirmNew"
    draws = (DrawStock, DrawDiscard)
    stats_key = STATS_KEY

    def new_table(self, settings):
        prefs = boot.prefs
        settings = settings or Settings(int(prefs.target), str(prefs.level), str(prefs.rules))
        return Table.new(settings, Seeds.next(), ui.stats)

    def load(self, record):
        return Table.from_record(record, ui.stats)

    def counted_stats(self):
        return ui.table.stats  # the gin Table counts its own

    def clear_selection(self):
        ui.selected, ui.hints = None, ()

    def show_move(self, before, action):
        card = getattr(action, "card", None)
        if isinstance(action, (TakeUpcard, DrawDiscard)):
            card = before.view.pile[-1]
        ui.message = t(f"move.{type(action).__name__}", card=face(card) if card else "")
        ui.moved = {DrawStock: "stock", Discard: "pile", Knock: "pile"}.get(type(action), "taken")

    def unmark(self):
        ui.moved = ""


# ---- actions ------------------------------------------------------------------------------


def tap_card(code):
    if ui.table is None:
        return
    card = next((c for c in ui.table.view.hand if c.code == code), None)
    if card is None:
        return
    if ui.table.screen != "discard":
        ui.selected = None if ui.selected == card else card
        render()
        return
    if ui.selected == card:
        game.play(Discard(0, card))
        return
    ui.selected, ui.message, ui.error = card, "", False
    render()


def play_selected(kind):
    """Discard or knock with the selected card; the engine says why when that is not allowed."""
    if ui.table is None:
        return
    if ui.selected is None:
        game.complain("error.select_card")
        return
    game.play(kind(0, ui.selected))


def act(name, target):
    """A tap on a control of the gin table (`data-action` = name)."""
    seat = 0
    if name == "stock":
        game.play(DrawStock(seat))
    elif name == "pile":
        game.play(DrawDiscard(seat))
    elif name == "take-upcard":
        game.play(TakeUpcard(seat))
    elif name == "pass-upcard":
        game.play(PassUpcard(seat))
    elif name == "discard-selected":
        play_selected(Discard)
    elif name == "knock":
        play_selected(Knock)
    elif name == "hint":
        ui.hints = () if ui.hints else ui.table.hints()[:5]
        render()
    else:
        game.act(name)


# ---- drawing ------------------------------------------------------------------------------


def next_control(table):
    """Where the keyboard goes when the focused control is gone: what the person does next."""
    screen = table.screen
    if screen == "upcard":
        return el("take-upcard")
    if screen == "draw":
        return el("stock")
    if screen == "discard":
        code = (ui.fresh or table.view.drawn_from_pile or table.view.hand[0]).code
        return found(document.querySelector(f'#hand [data-card="{code}"]'))
    return None


def render_table(table):
    view = table.view
    you, opponent = view.scores
    el("score-you").textContent = t("table.score", name=t("table.you"), score=you)
    el("score-opponent").textContent = t("table.score", name=t("table.opponent", level=t(f"level.{table.settings.level}")), score=opponent)
    el("target").textContent = t("table.target", target=view.rules.target)

    backs = "".join('<span class="card back" aria-hidden="true"></span>' for _ in range(view.opponent_card_count))
    opponent_hand = document.getElementById("opponent-hand")
    opponent_hand.innerHTML = backs
    opponent_hand.setAttribute("aria-label", t("table.opponentCards", count=view.opponent_card_count))
    opponent_hand.setAttribute("role", "img")
    taken = "".join(card_html(c) for c in view.opponent_taken) or f'<span class="none">{escape(t("table.takenNone"))}</span>'
    el("taken-record").innerHTML = f'<span class="label">{escape(t("table.taken"))}</span>{taken}'

    stock, pile = el("stock"), el("discard")
    draw_piles(stock, pile, view)
    screen = table.screen
    document.querySelector(".offer").hidden = screen != "upcard"
    active = screen in ("draw",)
    stock.classList.toggle("active", active)
    # Replay the animation of the element the computer just used.
    for node, name in ((stock, "stock"), (pile, "pile"), (el("taken-record"), "taken")):
        restart_animation(node, ui.moved == name)
    pile.classList.toggle("active", active and any(isinstance(a, DrawDiscard) for a in view.legal_actions))

    # The last event (a computer move or a refusal), then what to do now.
    show_status(el("status"), ui.message, ui.error, status_text(table))

    render_hand(table)
    render_result(table)


def status_text(table):
    view, screen = table.view, table.screen
    top = face(view.pile[-1]) if view.pile else ""
    if screen == "upcard":
        return t("status.upcardDealer" if view.upcard_passes else "status.upcard", card=top)
    if screen == "draw":
        if any(isinstance(a, DrawDiscard) for a in view.legal_actions):
            return t("status.draw", card=top)
        return t("status.drawStockOnly")
    if screen == "discard":
        return t("status.selected", card=face(ui.selected)) if ui.selected else t("status.discard")
    if screen == "opponent":
        return t("status.opponent")
    return ""


def render_hand(table):
    view = table.view
    hand = view.hand
    if ui.selected not in hand:
        ui.selected = None
    now = frozenset(hand)
    if len(hand) == 11 and ui.previous_hand and len(ui.previous_hand) == 10:
        new = now - ui.previous_hand
        ui.fresh = next(iter(new)) if len(new) == 1 else None
    elif len(hand) != 11:
        ui.fresh = None
    ui.previous_hand = now

    draw_hand(document.getElementById("hand"), hand, lambda card: hand_card(card, view), document.querySelector("#table .sorts"))

    if ui.selected is not None:
        left = deadwood_without(hand, ui.selected)
        el("deadwood").textContent = t("table.deadwoodAfter", card=face(ui.selected), points=left)
    else:
        left = None
        el("deadwood").textContent = t("table.deadwood", points=deadwood(hand))

    screen = table.screen
    can_knock = ui.selected is not None and Knock(0, ui.selected) in view.legal_actions
    gin = can_knock and left == 0
    knock_button = el("knock")
    knock_button.textContent = t("action.gin" if gin else "action.knock")
    knock_button.setAttribute("aria-disabled", "false" if can_knock else "true")
    knock_button.hidden = screen != "discard"
    el("discard-button").hidden = screen != "discard"
    el("discard-button").setAttribute("aria-disabled", "false" if ui.selected else "true")
    el("hint").hidden = screen not in ("upcard", "draw", "discard")

    hints = document.getElementById("hints")
    hints.hidden = not ui.hints
    hints.setAttribute("aria-label", t("hint.title"))
    hints.innerHTML = "".join(hint_html(advice, i) for i, advice in enumerate(ui.hints))


def hand_card(card, view):
    fresh = card == ui.fresh or card == view.drawn_from_pile
    return hand_card_html(card, pressed=card == ui.selected, classes=("fresh",) if fresh else ())


def hint_html(advice, index):
    action = advice.action
    name = type(action).__name__
    card = getattr(action, "card", None)
    if isinstance(action, DrawDiscard) and ui.table.view.pile:
        card = ui.table.view.pile[-1]
    parts = [t(f"hint.{name}", card=face(card) if card else "")]
    if advice.expected_points is not None:
        parts.append(t("hint.points", value=f"{advice.expected_points:+.0f}"))
    elif advice.expected_deadwood is not None:
        parts.append(t("hint.prospect", value=f"{advice.expected_deadwood:.1f}"))
    if advice.feeds_opponent:
        parts.append(t("hint.feeds", percent=round(100 * advice.feeds_opponent)))
    best = f'<strong>{escape(t("hint.best"))}</strong> ' if index == 0 else ""
    return f"<li>{best}{escape(' · '.join(parts))}</li>"


def render_result(table):
    screen = table.screen
    if screen not in ("settle", "match-over"):
        hide_result()
        return
    match = table.match
    result = match.hand.result
    you, opponent = match.scores
    lines = []
    if result.kind == "dead":
        outcome = t("settle.deadTitle")
        lines.append(f"<p>{escape(t('settle.dead'))}</p>")
    else:
        who = "you" if result.winner == 0 else "opponent"
        knocker = "you" if result.knocker == 0 else "opponent"
        if result.kind == "gin":
            outcome = t(f"settle.gin.{knocker}")
        elif result.kind == "undercut":
            outcome = t(f"settle.undercut.{who}")
        else:
            outcome = t(f"settle.knock.{knocker}")
        points = t(f"settle.points.{who}", points=result.points)
        bonus = {"gin": match.rules.gin_bonus, "undercut": match.rules.undercut_bonus}.get(result.kind)
        if bonus:
            points += f" ({t('settle.breakdown', difference=result.points - bonus, bonus=bonus)})"
        lines.append(f'<p class="points" data-testid="hand-points">{escape(points)}</p>')
        lines.append(settlement_html(result, knocker))
    if screen == "match-over":
        title = t("match.won" if match.winner == 0 else "match.lost")
        show_result(outcome, lines, t("match.final", you=you, opponent=opponent), over=title)
    else:
        show_result(outcome, lines, t("settle.totals", you=you, opponent=opponent, target=match.rules.target))


def settlement_html(result, knocker):
    s = result.settlement
    names = {"you": t("table.you"), "opponent": t("table.opponent", level=t(f"level.{ui.table.settings.level}"))}
    defender = "opponent" if knocker == "you" else "you"
    laid_on = {}
    for card, meld in s.layoffs:
        laid_on.setdefault(meld, []).append(card)

    def group_html(cards, label, laid=()):
        faces = "".join(
            card_html(c, extra="layoff", label=t("card.laidOff", card=spoken(c))) if c in laid else card_html(c)
            for c in cards
        )
        return f'<div class="group" role="group" aria-label="{escape(label)}">{faces}</div>'

    def hand_html(melds, loose, with_layoffs):
        blocks = []
        for meld in melds:
            laid = laid_on.get(meld, []) if with_layoffs else []
            # Lay-offs stand where they extend the meld: a run in rank order, a set's fourth last.
            cards = sorted(meld.cards + tuple(laid), key=lambda c: c.rank) if meld.kind == "run" else meld.cards + tuple(laid)
            blocks.append(group_html(cards, t("settle.meld"), laid))
        if loose:
            blocks.append(group_html(loose, t("settle.loose")))
        return "".join(blocks)

    def heading(role, who, points):
        text = t("settle.role", role=t(f"settle.{role}"), name=names[who], deadwood=t("settle.deadwood", points=points))
        return f"<h3>{escape(text)}</h3>"

    legend = f'<p class="legend"><span class="card-mark layoff"></span> {escape(t("settle.layoff"))}</p>' if s.layoffs else ""
    return (
        '<div class="hands" data-testid="settlement">'
        + heading("knocker", knocker, s.knocker_deadwood)
        + hand_html(s.knocker_melds, s.knocker_deadwood_cards, True)
        + heading("defender", defender, s.defender_deadwood)
        + hand_html(s.defender_melds, s.defender_deadwood_cards, False)
        + legend
        + "</div>"
    )


def show_stats():
    s = ui.stats
    open_stats(
        "stats.title",
        (
            ("stats.matches", s.matches),
            ("stats.matchesWon", s.matches_won),
            ("stats.hands", s.hands),
            ("stats.handsWon", s.hands_won),
            ("stats.gins", s.gins),
            ("stats.undercuts", s.undercuts),
            ("stats.bestHand", s.best_hand),
            ("stats.bestMatch", s.best_match),
        ),
    )


# Saves, plays and paces this table (ui/table.py), drawn by the functions above.
game = Gin(ui, render_table, next_control)
