"""The Basic Rummy table: draws a `rummy.basic.session.Table` and sends the person's taps to it.

No rule lives here: which melds and lay-offs are legal, scoring and the computer players'
decisions come from `rummy.basic`; this module turns the table into HTML, taps into actions
(select cards, then Meld, Discard, or tap a table meld to lay the selected card off), and an
`IllegalAction` into a translated message. The table is saved after every action.
"""

import asyncio
import json
from html import escape

import js

from rummy.basic import Discard, DrawDiscard, DrawStock, LayOff, NewMeld
from rummy.basic.session import PERSON, Settings, Table, levels
from rummy.cards import parse_cards
from rummy.errors import IllegalAction
from rummy.sessions import grouped, sorted_by

from .dom import (
    PACE,
    Screen,
    Seeds,
    attr,
    boot,
    card_html,
    card_inside,
    document,
    el,
    face,
    faces,
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

SAVE_KEY = "rummy-table/basic/save"
BROKEN_KEY = "rummy-table/basic/broken"  # a save that could not be restored, kept aside


class Ui:
    """What the page shows beyond the table itself."""

    table: Table | None = None
    selected = ()  # Cards of the person's hand, in the order tapped
    message = ""  # the last event or refusal, shown in the status line
    error = False
    busy = False
    moved = ""  # the computer's last move, animated once: "stock" or "pile"
    moved_meld = None  # the table meld a computer player just put down or extended
    previous_hand = frozenset()
    fresh = None  # the card just drawn


ui = Ui()
# Set by app.py: redraws the whole page (whichever game or screen it shows).
render_page = None


def render():
    render_page()


def seat_name(seat):
    return t("table.you") if seat == PERSON else t("basic.computer", number=seat)


# ---- saving -------------------------------------------------------------------------------


def save():
    if ui.table is not None:
        js.localStorage.setItem(SAVE_KEY, json.dumps(ui.table.to_record()))


def restore():
    """The saved game, if any; a broken one is reported and kept aside, and a fresh start is
    offered (the gin save is another key, untouched)."""
    raw = js.localStorage.getItem(SAVE_KEY)
    if not raw:
        return
    try:
        ui.table = Table.from_record(json.loads(raw))
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        ui.table = None
        js.localStorage.setItem(BROKEN_KEY, raw)
        js.localStorage.removeItem(SAVE_KEY)
        js.console.warn(f"saved Basic Rummy game not restored: {error}")
        boot.notice(t("basic.saveCorrupt"))


def offer_levels():
    """Show only the levels the engine has (more are being added); keep a valid choice."""
    available = levels()
    for button in document.querySelectorAll('[data-choice="basicLevel"]'):
        button.hidden = attr(button, "data-value") not in available
    if str(boot.prefs.basicLevel) not in available:
        boot.prefs.basicLevel = available[0]
    boot.syncChoices()


def settings_from_prefs():
    prefs = boot.prefs
    kind, _, value = str(prefs.basicLength).partition("-")
    length = {"hands": int(value), "target": None} if kind == "hands" else {"hands": None, "target": int(value)}
    level = str(prefs.basicLevel)
    return Settings(opponents=int(prefs.opponents), level=level if level in levels() else levels()[0], **length)


# ---- actions ------------------------------------------------------------------------------


def start(settings=None):
    ui.table = Table.new(settings or settings_from_prefs(), Seeds.next())
    Screen.game = "basic"
    ui.selected, ui.message, ui.error = (), "", False
    boot.notice("")
    save()
    render()
    proceed()


def play(action):
    """Send the person's action to the engine; a refusal becomes a message, nothing changes."""
    if ui.busy or ui.table is None or ui.table.screen == "opponent":
        return
    try:
        table = ui.table.play(action)
    except IllegalAction as refusal:
        if refusal.reason == "drawn_already" and isinstance(action, (DrawStock, DrawDiscard)):
            return  # a second tap on a pile just drawn from: nothing to say
        ui.message, ui.error = refusal_text(refusal, "basic."), True
        render()
        return
    ui.table, ui.selected, ui.message, ui.error = table, (), "", False
    save()
    render()
    proceed()


def proceed():
    if ui.table is not None and ui.table.screen == "opponent":
        asyncio.ensure_future(computer_turns())


async def computer_turns():
    """The computer players' actions one at a time (draw, meld, lay-offs, discard), at a
    readable pace; each decision is short, so the page never freezes."""
    if ui.busy:
        return
    ui.busy = True
    try:
        while ui.table is not None and ui.table.screen == "opponent" and Screen.game == "basic":
            await asyncio.sleep(PACE)
            table = ui.table
            if table is None or table.screen != "opponent" or Screen.game != "basic":
                break
            action = timed(table.computer_action)
            ui.table = table.play(action)
            ui.message, ui.error = move_text(table, ui.table, action), False
            ui.moved = {DrawStock: "stock", Discard: "pile", DrawDiscard: "pile"}.get(type(action), "")
            ui.moved_meld = action.target if isinstance(action, LayOff) else None
            if isinstance(action, NewMeld):
                ui.moved_meld = len(ui.table.view.table) - 1
            save()
            render()
            ui.moved, ui.moved_meld = "", None
    finally:
        ui.busy = False
    render()


def move_text(before, after, action):
    """A computer player's action in words, e.g. "Computer 2 laid 9♠ off on 6♠ 7♠ 8♠"."""
    name = seat_name(action.seat)
    kind = type(action).__name__
    if isinstance(action, DrawStock):
        text = t("basic.move.DrawStock", name=name)
        if after.view.turnovers > before.view.turnovers:
            text = t("basic.move.turnover") + " " + text
        return text
    if isinstance(action, DrawDiscard):
        return t("basic.move.DrawDiscard", name=name, card=face(before.view.pile[-1]))
    if isinstance(action, NewMeld):
        return t("basic.move.NewMeld", name=name, cards=faces(action.cards))
    if isinstance(action, LayOff):
        meld = before.view.table[action.target].meld
        return t("basic.move.LayOff", name=name, card=face(action.card), meld=faces(meld.cards))
    return t(f"basic.move.{kind}", name=name, card=face(action.card))


def tap_card(code):
    """Select or unselect a card of the hand (several make a meld)."""
    if ui.table is None or ui.table.match.hand.is_over:
        return
    card = next((c for c in ui.table.view.hand if c.code == code), None)
    if card is None:
        return
    ui.selected = tuple(c for c in ui.selected if c != card) if card in ui.selected else ui.selected + (card,)
    ui.message, ui.error = "", False
    render()


def tap_meld(number):
    """Lay the selected card off onto table meld `number`."""
    if ui.table is None:
        return
    if len(ui.selected) != 1:
        ui.message, ui.error = t("basic.selectLayoff"), True
        render()
        return
    play(LayOff(PERSON, ui.selected[0], number))


def complain(key):
    ui.message, ui.error = t(key), True
    render()


def act(name, target):
    """A tap on a control of the Basic Rummy table (`data-action` = name)."""
    if name == "basic-stock":
        play(DrawStock(PERSON))
    elif name == "basic-pile":
        play(DrawDiscard(PERSON))
    elif name == "basic-meld":
        if not ui.selected:
            complain("basic.selectMeld")
        else:
            play(NewMeld(PERSON, tuple(ui.selected)))
    elif name == "basic-discard":
        if len(ui.selected) != 1:
            complain("error.select_card" if not ui.selected else "basic.selectOne")
        else:
            play(Discard(PERSON, ui.selected[0]))
    elif name == "basic-offer":
        ui.selected = parse_cards(attr(target, "data-cards"))
        ui.message, ui.error = "", False
        render()
    elif name == "basic-clear":
        ui.selected, ui.message, ui.error = (), "", False
        render()
    elif name == "next-hand":
        ui.table = ui.table.next_hand()
        ui.selected, ui.message, ui.error = (), "", False
        save()
        render()
        proceed()
    elif name == "rematch":
        start(ui.table.settings)
    elif name == "new-match":
        if ui.table is not None and not ui.table.match.is_over and not js.window.confirm(t("basic.confirmNew")):
            return
        ui.table = None
        Screen.game = None
        js.localStorage.removeItem(SAVE_KEY)
        render()


# ---- drawing ------------------------------------------------------------------------------


def draw():
    """Draw the Basic Rummy table (app.py shows it and hides the rest)."""
    table = ui.table
    document.body.dataset.phase = table.screen
    keeping_focus(lambda: render_table(table), lambda: next_control(table))


def next_control(table):
    """Where the keyboard goes when the focused control is gone: what the person does next."""
    if table.screen == "draw":
        return el("basic-stock")
    if table.screen == "play":
        return found(document.querySelector("#basic-hand [data-card]"))
    return None


def render_table(table):
    view = table.view
    rules = view.rules
    el("score-you").textContent = t("table.score", name=t("table.you"), score=view.scores[PERSON])
    el("score-opponent").textContent = ""
    if rules.target is not None:
        el("target").textContent = t("table.target", target=rules.target)
    else:
        el("target").textContent = t("basic.handOf", number=len(table.match.hands), hands=rules.hands)

    selected_one = ui.selected[0] if len(ui.selected) == 1 else None
    fits = set(table.layoff_targets(selected_one)) if selected_one is not None else set()

    seats = document.getElementById("opponents")
    seats.innerHTML = "".join(seat_html(table, seat, fits) for seat in range(1, view.players))

    stock, pile = el("basic-stock"), el("basic-pile")
    stock.innerHTML = f'<span class="card back"></span><span class="count">{view.stock_count}</span>'
    stock.setAttribute("aria-label", t("action.drawStock") + " · " + t("table.stockCount", count=view.stock_count))
    if view.pile:
        top = view.pile[-1]
        pile.innerHTML = card_html(top) + f'<span class="count">{len(view.pile)}</span>'
        pile.setAttribute("aria-label", t("action.takePile", card=spoken(top)))
    else:
        pile.innerHTML = '<span class="card empty"></span>'
        pile.setAttribute("aria-label", t("table.discardEmpty"))
    screen = table.screen
    stock.classList.toggle("active", screen == "draw")
    pile.classList.toggle("active", screen == "draw" and any(isinstance(a, DrawDiscard) for a in view.legal_actions))
    restart_animation(stock, ui.moved == "stock")
    restart_animation(pile, ui.moved == "pile")
    el("basic-turnovers").textContent = t("basic.turnovers", count=view.turnovers, limit=rules.turnovers) if view.turnovers else ""

    status = el("basic-status")
    status.textContent = " ".join(part for part in (ui.message, status_text(table, fits)) if part)
    status.classList.toggle("error", ui.error)

    mine = melds_html(table, PERSON, fits)
    own = document.getElementById("my-melds")
    own.hidden = not mine
    own.innerHTML = f'<h2 class="label">{escape(t("basic.yourMelds"))}</h2><div class="melds">{mine}</div>' if mine else ""

    render_hand(table, fits)
    render_result(table)


def seat_html(table, seat, fits):
    view = table.view
    count = view.hand_counts[seat]
    name = seat_name(seat)
    moving = " to-move" if table.to_move == seat else ""
    melds = melds_html(table, seat, fits)
    return (
        f'<section class="seat{moving}" data-testid="opponent-{seat}" aria-label="{escape(name)}">'
        f'<div class="seat-head"><span class="name">{escape(name)}</span>'
        f'<span class="count" data-testid="count-{seat}">{escape(t("basic.cards", count=count))}</span>'
        f'<span class="score">{escape(t("basic.points", points=view.scores[seat]))}</span></div>'
        + (f'<div class="melds">{melds}</div>' if melds else "")
        + "</section>"
    )


def melds_html(table, owner, fits):
    """The table melds `owner` put down, each a button that lays the selected card off on it."""
    parts = []
    for number, laid in enumerate(table.view.table):
        if laid.owner != owner:
            continue
        classes = ["meld"] + (["fits"] if number in fits else []) + (["moved"] if ui.moved_meld == number else [])
        cards = "".join(card_html(card, extra="mini") for card in laid.meld.cards)
        label = t("basic.meldLabel", cards=faces(laid.meld.cards))
        parts.append(
            f'<button type="button" class="{" ".join(classes)}" data-meld="{number}" data-testid="meld-{number}" '
            f'aria-label="{escape(label)}">{cards}</button>'
        )
    return "".join(parts)


def status_text(table, fits):
    view, screen = table.view, table.screen
    if screen == "draw":
        if view.pile:
            return t("basic.status.draw", card=face(view.pile[-1]))
        return t("basic.status.drawStock")
    if screen == "play":
        if not ui.selected:
            return t("basic.status.play")
        text = t("basic.status.selected", cards=faces(ui.selected))
        return text + (" " + t("basic.status.fits") if fits else "")
    if screen == "opponent":
        return t("basic.status.opponent", name=seat_name(table.to_move))
    return ""


def render_hand(table, fits):
    view = table.view
    hand = view.hand
    ui.selected = tuple(c for c in ui.selected if c in hand)
    now = frozenset(hand)
    new = now - ui.previous_hand
    if table.screen == "play" and len(new) == 1 and len(now) == len(ui.previous_hand) + 1:
        ui.fresh = next(iter(new))
    elif table.screen != "play":
        ui.fresh = None
    ui.previous_hand = now

    sort_key = str(boot.prefs.sort)
    groups = grouped(hand) if sort_key == "melds" else (sorted_by(hand, sort_key),)
    playing = table.screen == "play"
    layable = {a.card for a in view.legal_actions if isinstance(a, LayOff)} if playing else set()
    parts = []
    for group in groups:
        cards = "".join(hand_card_html(card, layable) for card in group)
        parts.append(f'<div class="group">{cards}</div>')
    node = document.getElementById("basic-hand")
    node.innerHTML = "".join(parts)
    node.setAttribute("aria-label", t("table.yourHand"))
    sort_chips(document.querySelector("#basic-table .sorts"), sort_key, "basic-")
    el("basic-hand-value").textContent = t("basic.handValue", points=sum(c.value for c in hand))

    offers = table.meld_offers() if playing else ()
    box = document.getElementById("meld-offers")
    box.hidden = not offers
    box.innerHTML = (
        f'<span class="label">{escape(t("basic.offers"))}</span>'
        + "".join(
            f'<button type="button" class="chip" data-action="basic-offer" data-testid="meld-offer" '
            f'data-cards="{" ".join(c.code for c in offer.cards)}">{escape(faces(offer.cards))}</button>'
            for offer in offers
        )
        if offers
        else ""
    )

    can_meld = bool(ui.selected) and NewMeld(PERSON, tuple(ui.selected)) in view.legal_actions
    can_discard = len(ui.selected) == 1 and Discard(PERSON, ui.selected[0]) in view.legal_actions
    for testid, live in (("basic-meld", can_meld), ("basic-discard", can_discard), ("basic-clear", bool(ui.selected))):
        button = el(testid)
        button.hidden = not playing
        button.setAttribute("aria-disabled", "false" if live else "true")


def hand_card_html(card, layable):
    classes = ["card", f"suit-{card.suit}"]
    if card == ui.fresh or card == ui.table.view.drawn_from_pile:
        classes.append("fresh")
    if card in layable:
        classes.append("can-lay")
    pressed = "true" if card in ui.selected else "false"
    label = spoken(card) + (" · " + t("basic.canLay") if card in layable else "")
    return (
        f'<button type="button" class="{" ".join(classes)}" data-card="{card.code}" '
        f'aria-pressed="{pressed}" aria-label="{escape(label)}">{card_inside(card)}</button>'
    )


def render_result(table):
    overlay = document.getElementById("result")
    screen = table.screen
    if screen not in ("hand-over", "game-over"):
        overlay.hidden = True
        return
    match = table.match
    result = match.hand.result
    lines = []
    if result.winner is None:
        outcome = t("basic.result.draw")
        lines.append(f"<p>{escape(t('basic.result.drawText', limit=match.rules.turnovers))}</p>")
    else:
        winner = seat_name(result.winner)
        key = "basic.result.rummy" if result.kind == "rummy" else "basic.result.out"
        outcome = t(key + (".you" if result.winner == PERSON else ""), name=winner)
        points = t("basic.result.pointsYou" if result.winner == PERSON else "basic.result.points", name=winner, points=result.points)
        lines.append(f'<p class="points" data-testid="hand-points">{escape(points)}</p>')
    lines.append(summary_html(table))
    scores = " · ".join(t("table.score", name=seat_name(seat), score=score) for seat, score in enumerate(match.scores))
    if screen == "game-over":
        winners = match.winners
        if winners == (PERSON,):
            title = t("basic.game.won")
        elif PERSON in winners:
            title = t("basic.game.shared")
        else:
            title = t("basic.game.lost", names=", ".join(seat_name(s) for s in winners))
        lines.insert(0, f'<p class="outcome">{escape(outcome)}</p>')
        lines.append(f'<p class="totals" data-testid="totals">{escape(t("basic.game.final", scores=scores))}</p>')
    else:
        title = outcome
        lines.append(f'<p class="totals" data-testid="totals">{escape(t("basic.result.totals", scores=scores))}</p>')
    document.getElementById("result-title").textContent = title
    document.getElementById("result-body").innerHTML = "".join(lines)
    el("next-hand").hidden = screen != "hand-over"
    el("rematch").hidden = screen != "game-over"
    was_hidden = overlay.hidden
    overlay.hidden = False
    if was_hidden:
        overlay.scrollTop = 0
        focus(el("next-hand") if screen == "hand-over" else el("rematch"))


def summary_html(table):
    """Every player's cards left in hand, what they count, and the game score."""
    rows = []
    for s in table.summary():
        name = seat_name(s.seat)
        cards = "".join(card_html(card, extra="mini") for card in s.cards)
        if s.went_out:
            left = t("basic.result.wentOut")
        else:
            left = t("basic.result.left", points=s.value)
        head = t("basic.result.row", name=name, left=left, score=s.score)
        rows.append(
            f'<div class="summary-row{" winner" if s.went_out else ""}" data-testid="summary-{s.seat}">'
            f"<h3>{escape(head)}</h3>" + (f'<div class="group">{cards}</div>' if cards else "") + "</div>"
        )
    return f'<div class="hands" data-testid="hand-summary">{"".join(rows)}</div>'
