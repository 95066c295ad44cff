"""The Basic Rummy table: draws a `rummy.basic.session.Table` and sends the person's taps to it.

No rule lives here: which melds and lay-offs are legal, scoring and the computer players'
decisions come from `rummy.basic`; this module turns the table into HTML, taps into actions
(select cards, then Meld, Discard, or tap a table meld to lay the selected card off);
`ui/table.py` plays them, turns an `IllegalAction` into a translated message, paces the computer
players and saves the table and the person's statistics after every action.
"""

from html import escape

from rummy.basic import Discard, DrawDiscard, DrawStock, LayOff, NewMeld
from rummy.basic.session import PERSON, Settings, Stats, Table, levels
from rummy.cards import parse_cards

from . import table as shared
from .dom import (
    Seeds,
    attr,
    boot,
    card_html,
    document,
    draw_hand,
    draw_piles,
    el,
    face,
    faces,
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

SAVE_KEY = "rummy-table/basic/save"
BROKEN_KEY = "rummy-table/basic/broken"  # a save that could not be restored, kept aside
STATS_KEY = "rummy-table/basic/stats"


class Ui(shared.Ui):
    """The Basic Rummy page's state: the statistics, the selected cards, the card just drawn,
    the last move."""

    stats: Stats = Stats()
    selected = ()  # Cards of the person's hand, in the order tapped
    moved = ""  # the computer's last move, animated once: "stock" or "pile"
    moved_meld = None  # the table meld a computer player just put down or extended
    previous_hand = frozenset()
    fresh = None  # the card just drawn


ui = Ui()


class Basic(shared.Game):
    """The Basic Rummy table's save, new games and the computer players' moves (draw, meld,
    lay-offs, discard). A broken save is kept aside; the gin save is another key, untouched."""

    name = "basic"
    save_key = SAVE_KEY
    broken_key = BROKEN_KEY
    saved_thing = "Basic Rummy game"
    corrupt_notice = "basic.saveCorrupt"
    confirm_new = "basic.confirmNew"
    refusals = "basic."
    draws = (DrawStock, DrawDiscard)
    stats_key = STATS_KEY

    def new_table(self, settings):
        return Table.new(settings or settings_from_prefs(), Seeds.next())

    def load(self, record):
        return Table.from_record(record)

    def clear_selection(self):
        ui.selected = ()

    def show_move(self, before, action):
        ui.message = move_text(before, ui.table, action)
        ui.moved = {DrawStock: "stock", Discard: "pile", DrawDiscard: "pile"}.get(type(action), "")
        ui.moved_meld = action.target if isinstance(action, LayOff) else None
        if isinstance(action, NewMeld):
            ui.moved_meld = len(ui.table.view.table) - 1

    def unmark(self):
        ui.moved, ui.moved_meld = "", None

    def next_hand(self):
        ui.selected = ()
        super().next_hand()


def seat_name(seat):
    return t("table.you") if seat == PERSON else t("basic.computer", number=seat)


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
        game.complain("basic.selectLayoff")
        return
    game.play(LayOff(PERSON, ui.selected[0], number))


def act(name, target):
    """A tap on a control of the Basic Rummy table (`data-action` = name)."""
    if name == "basic-stock":
        game.play(DrawStock(PERSON))
    elif name == "basic-pile":
        game.play(DrawDiscard(PERSON))
    elif name == "basic-meld":
        if not ui.selected:
            game.complain("basic.selectMeld")
        else:
            game.play(NewMeld(PERSON, tuple(ui.selected)))
    elif name == "basic-discard":
        if len(ui.selected) != 1:
            game.complain("error.select_card" if not ui.selected else "basic.selectOne")
        else:
            game.play(Discard(PERSON, ui.selected[0]))
    elif name == "basic-offer":
        ui.selected = parse_cards(attr(target, "data-cards"))
        ui.message, ui.error = "", False
        render()
    elif name == "basic-clear":
        ui.selected, ui.message, ui.error = (), "", False
        render()
    else:
        game.act(name)


# ---- drawing ------------------------------------------------------------------------------


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
    draw_piles(stock, pile, view, pile_count=True)
    screen = table.screen
    stock.classList.toggle("active", screen == "draw")
    pile.classList.toggle("active", screen == "draw" and any(isinstance(a, DrawDiscard) for a in view.legal_actions))
    restart_animation(stock, ui.moved == "stock")
    restart_animation(pile, ui.moved == "pile")
    el("basic-turnovers").textContent = t("basic.turnovers", count=view.turnovers, limit=rules.turnovers) if view.turnovers else ""

    show_status(el("basic-status"), ui.message, ui.error, status_text(table, fits))

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

    playing = table.screen == "play"
    layable = {a.card for a in view.legal_actions if isinstance(a, LayOff)} if playing else set()
    draw_hand(
        document.getElementById("basic-hand"),
        hand,
        lambda card: hand_card(card, layable),
        document.querySelector("#basic-table .sorts"),
        "basic-",
    )
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


def hand_card(card, layable):
    classes = []
    if card == ui.fresh or card == ui.table.view.drawn_from_pile:
        classes.append("fresh")
    if card in layable:
        classes.append("can-lay")
    label = spoken(card) + (" · " + t("basic.canLay") if card in layable else "")
    return hand_card_html(card, pressed=card in ui.selected, classes=classes, label=label)


def render_result(table):
    screen = table.screen
    if screen not in ("hand-over", "game-over"):
        hide_result()
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
        show_result(outcome, lines, t("basic.game.final", scores=scores), over=title)
    else:
        show_result(outcome, lines, t("basic.result.totals", scores=scores))


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


def show_stats():
    s = ui.stats
    open_stats(
        "stats.basicTitle",
        (
            ("stats.games", s.games),
            ("stats.gamesWon", s.games_won),
            ("stats.hands", s.hands),
            ("stats.handsWon", s.hands_won),
            ("stats.rummies", s.rummies),
            ("stats.bestHand", s.best_hand),
            ("stats.bestGame", s.best_game),
        ),
    )


# Saves, plays and paces this table (ui/table.py), drawn by the functions above.
game = Basic(ui, render_table, next_control)
