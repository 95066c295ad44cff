"""The Gin Rummy table: draws a `rummy.gin.session.Table` and sends the person's taps to it.

No rule lives here: legality, scoring and the computer's decisions come from `rummy.gin`; this
module turns the table into HTML, a click into an `Action`, and an `IllegalAction` into a
translated message. The table is saved after every action.
"""

import asyncio
import json
from html import escape

import js

from rummy.errors import IllegalAction
from rummy.gin import Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard
from rummy.gin.session import Settings, Stats, Table, deadwood_without, grouped, sorted_by
from rummy.melds import deadwood

from .dom import (
    PACE,
    Screen,
    Seeds,
    boot,
    card_html,
    card_inside,
    document,
    el,
    face,
    focus,
    found,
    keeping_focus,
    refusal_text,
    restart_animation,
    sort_chips,
    spoken,
    t,
    timed,
)

SAVE_KEY = "rummy-table/gin/save"
STATS_KEY = "rummy-table/gin/stats"


class Ui:
    """What the page shows beyond the table itself."""

    table: Table | None = None
    stats: Stats = Stats()
    selected = None  # a Card of the person's hand
    message = ""  # the last event or refusal, shown in the status line
    error = False
    hints = ()
    previous_hand = frozenset()
    fresh = None  # the card just drawn, marked "new"
    busy = False
    moved = ""  # the computer's last move, animated once: "stock", "pile" or "taken"


ui = Ui()
# Set by app.py: redraws the whole page (whichever game or screen it shows).
render_page = None


# ---- saving -------------------------------------------------------------------------------


def save():
    if ui.table is not None:
        js.localStorage.setItem(SAVE_KEY, json.dumps(ui.table.to_record()))
        ui.stats = ui.table.stats
    js.localStorage.setItem(STATS_KEY, json.dumps(ui.stats.as_dict()))


def restore():
    """The saved statistics and match, if any; a broken save is reported and set aside."""
    raw_stats = js.localStorage.getItem(STATS_KEY)
    if raw_stats:
        try:
            ui.stats = Stats.from_dict(json.loads(raw_stats))
        except ValueError as error:
            js.console.warn(f"statistics not restored: {error}")
            boot.notice(t("save.statsCorrupt"))
            js.localStorage.removeItem(STATS_KEY)
    raw = js.localStorage.getItem(SAVE_KEY)
    if not raw:
        return
    try:
        ui.table = Table.from_record(json.loads(raw), ui.stats)
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        ui.table = None
        js.localStorage.removeItem(SAVE_KEY)
        js.console.warn(f"saved match not restored: {error}")
        boot.notice(t("save.corrupt"))


# ---- actions ------------------------------------------------------------------------------


def play(action):
    """Send the person's action to the engine; a refusal becomes a message, nothing changes."""
    if ui.busy or ui.table is None or ui.table.screen == "opponent":
        return
    try:
        table = ui.table.play(action)
    except IllegalAction as refusal:
        if refusal.reason == "drawn_already" and isinstance(action, (DrawStock, DrawDiscard)):
            return  # a second tap on a pile just drawn from: nothing to say
        ui.message = refusal_text(refusal)
        ui.error = True
        render()
        return
    ui.table, ui.selected, ui.hints, ui.message, ui.error = table, None, (), "", False
    save()
    render()
    proceed()


def proceed():
    if ui.table is not None and ui.table.screen == "opponent":
        asyncio.ensure_future(computer_turns())


async def computer_turns():
    """The computer's moves, one at a time at a readable pace; each decision is short, so the
    page never freezes."""
    if ui.busy:
        return
    ui.busy = True
    try:
        while ui.table is not None and ui.table.screen == "opponent" and Screen.game == "gin":
            await asyncio.sleep(PACE)
            table = ui.table
            if table is None or table.screen != "opponent" or Screen.game != "gin":
                break  # a new match, or the start screen, while the computer waited
            action = timed(table.computer_action)
            card = getattr(action, "card", None)
            if isinstance(action, (TakeUpcard, DrawDiscard)):
                card = table.view.pile[-1]
            ui.table = table.play(action)
            ui.message = t(f"move.{type(action).__name__}", card=face(card) if card else "")
            ui.moved = {DrawStock: "stock", Discard: "pile", Knock: "pile"}.get(type(action), "taken")
            ui.error = False
            save()
            render()
            ui.moved = ""
    finally:
        ui.busy = False
    render()


def start(settings=None):
    prefs = boot.prefs
    settings = settings or Settings(int(prefs.target), str(prefs.level), str(prefs.rules))
    ui.table = Table.new(settings, Seeds.next(), ui.stats)
    Screen.game = "gin"
    ui.selected, ui.hints, ui.message, ui.error = None, (), "", False
    boot.notice("")
    save()
    render()
    proceed()


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
        play(Discard(0, card))
        return
    ui.selected, ui.message, ui.error = card, "", False
    render()


def play_selected(kind):
    """Discard or knock with the selected card; the engine says why when that is not allowed."""
    if ui.table is None:
        return
    if ui.selected is None:
        ui.message, ui.error = t("error.select_card"), True
        render()
        return
    play(kind(0, ui.selected))


def act(name, target):
    """A tap on a control of the gin table (`data-action` = name)."""
    seat = 0
    if name == "stock":
        play(DrawStock(seat))
    elif name == "pile":
        play(DrawDiscard(seat))
    elif name == "take-upcard":
        play(TakeUpcard(seat))
    elif name == "pass-upcard":
        play(PassUpcard(seat))
    elif name == "discard-selected":
        play_selected(Discard)
    elif name == "knock":
        play_selected(Knock)
    elif name == "hint":
        ui.hints = () if ui.hints else ui.table.hints()[:5]
        render()
    elif name == "next-hand":
        ui.table = ui.table.next_hand()
        ui.message, ui.error = "", False
        save()
        render()
        proceed()
    elif name == "rematch":
        start(ui.table.settings)
    elif name == "new-match":
        if ui.table is not None and not ui.table.match.is_over and not js.window.confirm(t("menu.confirmNew")):
            return
        ui.table = None
        Screen.game = None
        js.localStorage.removeItem(SAVE_KEY)
        render()
    elif name == "show-stats":
        show_stats()


# ---- drawing ------------------------------------------------------------------------------


def render():
    render_page()


def draw():
    """Draw the gin table (app.py shows it and hides the rest)."""
    table = ui.table
    document.body.dataset.phase = table.screen
    keeping_focus(lambda: render_table(table), lambda: next_control(table))


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

    stock = el("stock")
    stock.innerHTML = f'<span class="card back"></span><span class="count">{view.stock_count}</span>'
    stock.setAttribute("aria-label", t("action.drawStock") + " · " + t("table.stockCount", count=view.stock_count))
    pile = el("discard")
    if view.pile:
        top = view.pile[-1]
        pile.innerHTML = card_html(top)
        pile.setAttribute("aria-label", t("action.takePile", card=spoken(top)))
    else:
        pile.innerHTML = '<span class="card empty"></span>'
        pile.setAttribute("aria-label", t("table.discardEmpty"))
    screen = table.screen
    document.querySelector(".offer").hidden = screen != "upcard"
    active = screen in ("draw",)
    stock.classList.toggle("active", active)
    # Replay the animation of the element the computer just used.
    for node, name in ((stock, "stock"), (pile, "pile"), (el("taken-record"), "taken")):
        restart_animation(node, ui.moved == name)
    pile.classList.toggle("active", active and any(isinstance(a, DrawDiscard) for a in view.legal_actions))

    # The last event (a computer move or a refusal), then what to do now.
    el("status").textContent = " ".join(part for part in (ui.message, status_text(table)) if part)
    el("status").classList.toggle("error", ui.error)

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

    sort_key = str(boot.prefs.sort)
    if sort_key == "melds":
        groups = grouped(hand)
    else:
        groups = (sorted_by(hand, sort_key),)
    parts = []
    for group in groups:
        cards = "".join(hand_card_html(card, view) for card in group)
        parts.append(f'<div class="group">{cards}</div>')
    node = document.getElementById("hand")
    node.innerHTML = "".join(parts)
    node.setAttribute("aria-label", t("table.yourHand"))

    sort_chips(document.querySelector("#table .sorts"), sort_key)

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


def hand_card_html(card, view):
    classes = ["card", f"suit-{card.suit}"]
    if card == ui.fresh or card == view.drawn_from_pile:
        classes.append("fresh")
    pressed = "true" if card == ui.selected else "false"
    return (
        f'<button type="button" class="{" ".join(classes)}" data-card="{card.code}" '
        f'aria-pressed="{pressed}" aria-label="{escape(spoken(card))}">{card_inside(card)}</button>'
    )


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
    overlay = document.getElementById("result")
    screen = table.screen
    if screen not in ("settle", "match-over"):
        overlay.hidden = True
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
        lines.insert(0, f'<p class="outcome">{escape(outcome)}</p>')
        lines.append(f'<p class="totals" data-testid="totals">{escape(t("match.final", you=you, opponent=opponent))}</p>')
    else:
        title = outcome
        totals = t("settle.totals", you=you, opponent=opponent, target=match.rules.target)
        lines.append(f'<p class="totals" data-testid="totals">{escape(totals)}</p>')
    document.getElementById("result-title").textContent = title
    document.getElementById("result-body").innerHTML = "".join(lines)
    el("next-hand").hidden = screen != "settle"
    el("rematch").hidden = screen != "match-over"
    was_hidden = overlay.hidden
    overlay.hidden = False
    if was_hidden:
        overlay.scrollTop = 0
        focus(el("next-hand") if screen == "settle" else el("rematch"))


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
    rows = [
        ("stats.matches", s.matches),
        ("stats.matchesWon", s.matches_won),
        ("stats.hands", s.hands),
        ("stats.handsWon", s.hands_won),
        ("stats.gins", s.gins),
        ("stats.undercuts", s.undercuts),
        ("stats.bestHand", s.best_hand),
        ("stats.bestMatch", s.best_match),
    ]
    body = document.createElement("dl")
    body.className = "stats"
    body.innerHTML = "".join(f"<dt>{escape(t(key))}</dt><dd>{value}</dd>" for key, value in rows)
    boot.openSheet(t("stats.title"), body)


