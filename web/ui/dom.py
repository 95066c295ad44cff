"""What every game's page draws with: translations, card faces, DOM lookups, refusals, pacing,
and the parts of a table both games draw alike (piles, status line, hand, result overlay).

No rule lives here or in the game modules: legality, scoring and the computer's decisions come
from the engine. Only plain Pyodide APIs are used (`js`, `pyodide.ffi`).
"""

import json
import random
import time
from html import escape

import js
import pyodide.ffi

from rummy.cards import parse_card, parse_cards
from rummy.sessions import grouped, sorted_by

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}
QUERY = js.URLSearchParams.new(js.location.search)
# Seconds between the computer's moves: readable at play speed. For tests: `?fast` drops the
# pause, and `?seed=N` deals the first new game from seed N, so a test sees known cards.
PACE = 0.05 if QUERY.has("fast") else 0.7

boot = js.window.rummyBoot
document = js.document
JSNULL = getattr(pyodide.ffi, "jsnull", None)


class Screen:
    """Which table the page shows: "gin" or "basic", or None for the start screen."""

    game = None
    redraw = None  # set by app.py: draws the whole page (whichever game or screen it shows)


def render():
    """Redraw the whole page."""
    Screen.redraw()


class Seeds:
    """The seed of the next new game: `?seed=N` once, then random."""

    first = int(str(QUERY.get("seed"))) if str(QUERY.get("seed")).isdigit() else None

    @classmethod
    def next(cls):
        seed = cls.first if cls.first is not None else random.getrandbits(63)
        cls.first = None
        return seed


def t(key, **params):
    return str(boot.t(key, js.Object.fromEntries(js.JSON.parse(json.dumps(list(params.items()))))))


def known(key):
    return str(boot.t(key)) != key


def rank_face(card):
    return RANK_FACES.get(card.rank, str(card.rank))


def face(card):
    return f"{rank_face(card)}{SUIT_SYMBOLS[card.suit]}"


def faces(cards):
    return " ".join(face(card) for card in cards)


def card_inside(card):
    """The printed face of a card: its rank, then its suit symbol."""
    return f'<span class="rank">{rank_face(card)}</span><span class="suit">{SUIT_SYMBOLS[card.suit]}</span>'


def spoken(card):
    return t("card.name", rank=t(f"rank.{card.rank}"), suit=t(f"suit.{card.suit}"))


def card_html(card, *, extra="", label=None):
    classes = f"card suit-{card.suit} {extra}".strip()
    label = spoken(card) if label is None else label
    return (
        f'<span class="{classes}" data-code="{card.code}" role="img" aria-label="{escape(label)}">'
        f"{card_inside(card)}</span>"
    )


def found(node):
    """A DOM node, or None for JavaScript's null (which Pyodide keeps distinct from None)."""
    return None if node is None or node is JSNULL else node


def attr(node, name):
    """An attribute of a DOM node as a string, or None (Pyodide raises on missing properties)."""
    node = found(node)
    return str(node.getAttribute(name)) if node is not None and node.hasAttribute(name) else None


def focus(node):
    """Move the keyboard focus without scrolling (a dialog stays at its top)."""
    if node is not None and found(node) is not None:
        node.focus(pyodide.ffi.to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def el(testid):
    return found(document.querySelector(f'[data-testid="{testid}"]'))


def keeping_focus(draw, next_control):
    """Redraw with `draw()`, then give the keyboard focus back to the control that had it (found
    again by its card code or test id), or to `next_control()` when that control is gone."""
    focused = document.activeElement
    focus_key = attr(focused, "data-card") or attr(focused, "data-testid")
    draw()
    if focus_key:
        again = found(document.querySelector(f'[data-card="{focus_key}"]')) or el(focus_key)
        if again is not None:
            focus(again)
    active = found(document.activeElement)
    if active is None or found(active.offsetParent) is None:
        focus(next_control())


def describe_params(params):
    """The values of a refusal as the page shows them (cards as faces like 7♠)."""
    out = dict(params)
    if "card" in out:
        out["card"] = face(parse_card(out["card"]))
    if "cards" in out:
        out["cards"] = faces(parse_cards(out["cards"]))
    if "meld" in out:
        out["meld"] = faces(parse_cards(out["meld"].replace("-", " ")))
    return out


def refusal_text(refusal, prefix=""):
    """The engine's refusal in the person's language: the game's own wording of its reason
    (`prefix` + "error.<reason>") if it has one, else the shared one, else a plain "not allowed"."""
    for key in (f"{prefix}error.{refusal.reason}", f"error.{refusal.reason}"):
        if known(key):
            return t(key, **describe_params(refusal.params))
    return t("error.illegal")


def restart_animation(node, on):
    """Replay the pulse of an element the computer just used."""
    node.classList.remove("moved")
    if on:
        node.offsetWidth  # noqa: B018 - a reflow restarts the CSS animation
        node.classList.add("moved")


def sort_chips(container, sort_key, prefix=""):
    """The chips that arrange the hand (by melds, suit or rank)."""
    container.setAttribute("aria-label", t("table.sortLabel"))
    container.innerHTML = "".join(
        f'<button type="button" class="chip" data-action="sort" data-value="{key}" data-testid="{prefix}sort-{key}" '
        f'aria-pressed="{"true" if key == sort_key else "false"}">{escape(t(label))}</button>'
        for key, label in (("melds", "table.sortMelds"), ("suit", "table.sortSuit"), ("rank", "table.sortRank"))
    )


def timed(decide):
    """A computer decision, `decide()`, timed: bench/bench_startup.py reads how long each one
    held the page."""
    began = time.perf_counter()
    action = decide()
    js.window.rummyDecisionMs.push(1000 * (time.perf_counter() - began))
    return action


# ---- what both tables draw alike ------------------------------------------------------------


def draw_piles(stock, pile, view, *, pile_count=False):
    """The stock (its size) and the discard pile (its top card, and its size if `pile_count`)."""
    stock.innerHTML = f'<span class="card back"></span><span class="count">{view.stock_count}</span>'
    stock.setAttribute("aria-label", t("action.drawStock") + " · " + t("table.stockCount", count=view.stock_count))
    if view.pile:
        top = view.pile[-1]
        pile.innerHTML = card_html(top) + (f'<span class="count">{len(view.pile)}</span>' if pile_count else "")
        pile.setAttribute("aria-label", t("action.takePile", card=spoken(top)))
    else:
        pile.innerHTML = '<span class="card empty"></span>'
        pile.setAttribute("aria-label", t("table.discardEmpty"))


def show_status(node, message, error, now):
    """The status line: the last event or refusal (`message`), then what to do `now`."""
    node.textContent = " ".join(part for part in (message, now) if part)
    node.classList.toggle("error", error)


def hand_card_html(card, *, pressed, classes=(), label=None):
    """A card of the person's hand: a button that selects it (`pressed` when selected)."""
    names = " ".join(["card", f"suit-{card.suit}", *classes])
    label = spoken(card) if label is None else label
    return (
        f'<button type="button" class="{names}" data-card="{card.code}" '
        f'aria-pressed="{"true" if pressed else "false"}" aria-label="{escape(label)}">{card_inside(card)}</button>'
    )


def draw_hand(node, hand, card_button, sorts, prefix=""):
    """The person's hand in `node`, arranged as chosen (the engine's melds, or by suit or
    rank), each card drawn by `card_button(card)`; then the chips that choose, in `sorts`."""
    sort_key = str(boot.prefs.sort)
    groups = grouped(hand) if sort_key == "melds" else (sorted_by(hand, sort_key),)
    node.innerHTML = "".join(f'<div class="group">{"".join(card_button(card) for card in group)}</div>' for group in groups)
    node.setAttribute("aria-label", t("table.yourHand"))
    sort_chips(sorts, sort_key, prefix)


def hide_result():
    document.getElementById("result").hidden = True


def show_result(outcome, lines, totals, *, over=None):
    """The result overlay of a hand: the `outcome` as its title, the `lines` (HTML) and the
    `totals`, with Next hand. When the match is over, `over` is the title, the outcome becomes the
    first line, and Rematch replaces Next hand. Opening it scrolls it up and focuses its button."""
    final = over is not None
    if final:
        lines = [f'<p class="outcome">{escape(outcome)}</p>', *lines]
    lines = [*lines, f'<p class="totals" data-testid="totals">{escape(totals)}</p>']
    document.getElementById("result-title").textContent = over if final else outcome
    document.getElementById("result-body").innerHTML = "".join(lines)
    el("next-hand").hidden = final
    el("rematch").hidden = not final
    overlay = document.getElementById("result")
    was_hidden = overlay.hidden
    overlay.hidden = False
    if was_hidden:
        overlay.scrollTop = 0
        focus(el("rematch") if final else el("next-hand"))


def open_stats(title_key, rows):
    """The statistics sheet: `rows` of (translation key, count)."""
    body = document.createElement("dl")
    body.className = "stats"
    body.innerHTML = "".join(f"<dt>{escape(t(key))}</dt><dd>{value}</dd>" for key, value in rows)
    boot.openSheet(t(title_key), body)
