"""What every table of the page draws with: translations, card faces, DOM lookups, refusals,
the notice and the sheets, and the parts both tables draw alike (piles, status line, hand,
result overlay).

The DOM layer runs on MicroPython on the main thread. It draws the view models the engine
sends (plain dicts and lists) and holds no rule: a card is a code like "7S", drawn as 7♠.
"""

import asyncio
import json

import js
from pyscript.ffi import to_js

document = js.document
# For tests: `?fast` drops the pause between the computer's moves (prefs.pace), and `?seed=N`
# deals the first new match from seed N, so a test sees known cards: that match is started
# without fair deals (no cut screen; table.Table.start), so each of its hands is the seed's.
QUERY = js.URLSearchParams.new(js.location.search)
# A computer decision that takes longer than this shows the thinking indicator.
THINKING_AFTER = 0.3

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_NUMBERS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
RANK_FACES = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}


class Catalog:
    """The strings of the page's language (i18n/<lang>.json)."""

    strings = {}


class Seeds:
    """The seed `?seed=N` asks for the first new match of the page; None for the others (the
    engine then picks one)."""

    used = False

    @classmethod
    def first(cls):
        text = QUERY.get("seed")
        if cls.used or text is None or not str(text).isdigit():
            return None
        cls.used = True
        return int(str(text))


class Busy:
    count = 0  # taps whose work is not done yet


def spawn(work):
    """Run the coroutine `work` that a tap started (a move sent to the engine, a hint, a new
    match). From the tap until it is done, `body.dataset.busy` is set: the tables stay live
    meanwhile, and a test can wait for the page to settle rather than for a time. Returns the
    task, for a caller that must wait for the work."""
    Busy.count += 1
    document.body.dataset.busy = "true"

    async def run():
        try:
            await work
        finally:
            Busy.count -= 1
            if not Busy.count:
                document.body.removeAttribute("data-busy")

    return asyncio.create_task(run())


# ---- translations -----------------------------------------------------------------------


def fill(text, params):
    """`text` with each {name} replaced by params[name] (an unknown name by nothing)."""
    out = []
    at = 0
    while True:
        start = text.find("{", at)
        end = text.find("}", start) if start >= 0 else -1
        if end < 0:
            out.append(text[at:])
            return "".join(out)
        out.append(text[at:start])
        out.append(str(params.get(text[start + 1 : end], "")))
        at = end + 1


def t(key, **params):
    """The catalog's text of `key` filled with `params`. A text with plural forms is an object
    {"by": name, "one": ..., "other": ...}: "one" when params[name] is 1, else "other"
    (English; Chinese has none, its texts are plain strings)."""
    text = Catalog.strings.get(key)
    if isinstance(text, dict):
        text = text["one" if str(params.get(text["by"])) == "1" else "other"]
    return fill(text if isinstance(text, str) else key, params)


def known(key):
    return isinstance(Catalog.strings.get(key), (str, dict))


def voiced(key, sharer=False, **params):
    """`key`'s text; in a replay (`sharer`), its twin `replay.<key>` where the catalog has one,
    which names the sharer where the table says "you"."""
    return t("replay." + key if sharer and known("replay." + key) else key, **params)


def listed(items):
    """Items in a line, parted by the language's separator (", " or "、")."""
    return t("list.sep").join(items)


async def load_language(lang):
    """Fetch the catalog of `lang` and translate every marked element of the page (a notice
    by key too); the lasting notice that storage keeps nothing shows from the first catalog."""
    response = await js.fetch("./i18n/" + lang + ".json")
    Catalog.strings = json.loads(await response.text())
    document.documentElement.lang = lang
    document.title = t("app.title")
    for node in each(document.querySelectorAll("[data-i18n]")):
        node.textContent = t(node.dataset.i18n)
    for node in each(document.querySelectorAll("[data-i18n-aria]")):
        node.setAttribute("aria-label", t(node.dataset.i18nAria))
    if Notice.lasting and by_id("notice").hidden:
        notice("")


# ---- DOM lookups --------------------------------------------------------------------------


def each(nodes):
    """The nodes of a NodeList, as a Python list."""
    return [nodes.item(i) for i in range(nodes.length)]


def el(testid):
    return document.querySelector('[data-testid="' + testid + '"]')


def by_id(name):
    return document.getElementById(name)


def attr(node, name):
    """An attribute of a DOM node as a string, or None."""
    if node is None or not node.hasAttribute(name):
        return None
    return str(node.getAttribute(name))


def escape(text):
    text = str(text)
    for raw, safe in (
        ("&", "&amp;"),
        ("<", "&lt;"),
        (">", "&gt;"),
        ('"', "&quot;"),
        ("'", "&#x27;"),
    ):
        text = text.replace(raw, safe)
    return text


def focus(node):
    """Move the keyboard focus without scrolling (a dialog stays at its top)."""
    if node is not None:
        node.focus(to_js({"preventScroll": True}))


def keeping_focus(draw, next_control):
    """Redraw with `draw()`, then give the keyboard focus back to the control that had it (found
    again by its card code, its tile's id, a set's + or its test id), or to `next_control()`
    when that control is gone."""
    focused = document.activeElement
    found = None
    for name in ("data-card", "data-tile-id", "data-set-add", "data-testid"):
        value = attr(focused, name)
        if value:
            found = "[" + name + '="' + value + '"]'
            break
    draw()
    if found:
        again = document.querySelector(found)
        if again is not None:
            focus(again)
    active = document.activeElement
    if active is None or active.offsetParent is None or concealed(active):
        focus(next_control())


def put_html(node, html):
    """Write `html` into `node`, unless it is what put_html last wrote there: after a computer
    player's move most of a table is as it was, and those nodes then stay as they are (nothing
    parsed, laid out or painted again; the focus and the cards' places kept). Only for nodes
    that nothing else writes into; `clear` empties one whatever it holds."""
    if getattr(node, "rummyHtml", None) != html:
        node.innerHTML = html
        node.rummyHtml = html


def clear(node):
    """Empty `node` (and let put_html know it is empty)."""
    node.innerHTML = ""
    node.rummyHtml = ""


def conceal(node, hidden):
    """Hide `node` but keep its place, so that nothing around it moves when it comes and goes
    (visibility: hidden, which also takes it out of the tab order and the accessibility tree)."""
    node.classList.toggle("concealed", hidden)


def concealed(node):
    return node.closest(".concealed") is not None


# ---- cards ----------------------------------------------------------------------------------


def rank_face(code):
    token = code[:-1]
    return RANK_FACES.get(token, token)


def face(code):
    """7S -> 7♠, TD -> 10♦."""
    return rank_face(code) + SUIT_SYMBOLS[code[-1]]


def faces(codes):
    return " ".join(face(code) for code in codes)


def spoken(code):
    token = code[:-1]
    rank = RANK_NUMBERS[token] if token in RANK_NUMBERS else int(token)
    return t("card.name", rank=t("rank." + str(rank)), suit=t("suit." + code[-1]))


def card_inside(code):
    """The printed face of a card: its rank, then its suit symbol."""
    return (
        '<span class="rank">'
        + rank_face(code)
        + '</span><span class="suit">'
        + SUIT_SYMBOLS[code[-1]]
        + "</span>"
    )


def card_html(code, extra="", label=None):
    classes = ("card suit-" + code[-1] + " " + extra).strip()
    label = spoken(code) if label is None else label
    return (
        '<span class="'
        + classes
        + '" data-code="'
        + code
        + '" role="img" aria-label="'
        + escape(label)
        + '">'
        + card_inside(code)
        + "</span>"
    )


def hand_card_html(code, pressed, classes=(), label=None):
    """A card of the person's hand: a button that selects it (`pressed` when selected)."""
    names = " ".join(["card", "suit-" + code[-1]] + list(classes))
    label = spoken(code) if label is None else label
    return (
        '<button type="button" class="'
        + names
        + '" data-card="'
        + code
        + '" aria-pressed="'
        + ("true" if pressed else "false")
        + '" aria-label="'
        + escape(label)
        + '">'
        + card_inside(code)
        + "</button>"
    )


# ---- refusals -------------------------------------------------------------------------------


def described(params):
    """The values of a refusal as the page shows them (cards as faces like 7♠, the ace rule
    in force in words)."""
    out = dict(params)
    if "card" in out:
        out["card"] = face(out["card"])
    if "cards" in out:
        out["cards"] = faces(str(out["cards"]).split())
    if "meld" in out:
        out["meld"] = faces(str(out["meld"]).replace("-", " ").split())
    if "ace" in out:
        out["ace"] = t("error.ace." + str(out["ace"]))
    return out


def refusal_text(reply, prefix=""):
    """The engine's refusal in the person's language: the game's own wording of its reason
    (`prefix` + "error.<reason>") if it has one, else the shared one, else "not allowed"."""
    reason = reply.get("reason", "illegal")
    for key in (prefix + "error." + reason, "error." + reason):
        if known(key):
            return t(key, **described(reply.get("params") or {}))
    return t("error.illegal")


# ---- storage ----------------------------------------------------------------------------------


class Storage:
    js = None  # web/storage.js, loaded by `load_storage` before anything is read or stored


async def page_module(name):
    """The page's JavaScript module `name` (beside index.html, not PyScript's files)."""
    from pyscript import js_import

    (module,) = await js_import(js.URL.new("./" + name, document.baseURI).href)
    return module


async def load_storage():
    Storage.js = await page_module("storage.js")


# Every read and write of localStorage is one of these four (through web/storage.js, which
# never throws): storage blocked, disabled or full never stops the page, it plays unsaved.


def store(key, text):
    """Keep `text` under `key`. Storage may be disabled (some private modes) or full: the game
    still plays, and the notice says (once) that it will not be kept."""
    if Storage.js.store(key, text):
        return True
    unkept("save.unavailable")
    return False


def now():
    """The time in seconds since the epoch (through web/storage.js: js.Date.now() would arrive
    wrapped to 32 bits)."""
    return Storage.js.now()


def unstore(key):
    Storage.js.unstore(key)


def recall_text(key):
    """The text kept under `key`; None when nothing is, or when there is no storage at all (all
    site data blocked: the notice says so, once)."""
    text = Storage.js.recall(key)
    if Storage.js.isBlocked():
        unkept("save.blocked")
    return str(text) if text else None


def recall(key):
    """What is kept under `key`, read as JSON; None when nothing is, or it is not JSON."""
    return parsed(recall_text(key))


def parsed(text):
    """A stored text read as JSON; None for no text, or a text that is not JSON."""
    try:
        return json.loads(text or "null")
    except ValueError:
        return None


def unkept(key):
    """Say once, by the translation `key` of why, that nothing the person plays is kept: the
    lasting notice, shown whenever no other notice is (before the catalog is loaded, as soon as
    it is: load_language)."""
    if Notice.lasting is None:
        Notice.lasting = key
        if Catalog.strings:
            notice("")


# ---- the notice, the progress line and the sheets ---------------------------------------------


class Notice:
    lasting = None  # the translation key of the notice that storage keeps nothing, once known
    shown = ""  # what the notice shows (its words, button and data), "" when hidden


RETRY = ("reload", "loading.retry", "retry")  # a button that reloads the page


def notice(text, retry=False):
    """The notice under the top bar: `text`, or when it is empty the lasting notice (storage
    that keeps nothing) or none (hidden); `retry` adds a button that reloads the page, which
    restarts the engine and restores the saved game."""
    if not text and Notice.lasting:
        say(Notice.lasting)
    else:
        show_notice(text, None, RETRY if retry else None, {})


def say(key, button=None, **data):
    """A notice in the catalog's words (`key`), which a change of language translates again;
    `button` is (its data-action, its label's key, its data-testid), with `data` on it."""
    show_notice(t(key), key, button, data)


def show_notice(text, key, button, data):
    """The notice filled from its template (index.html, `notice-parts`); the same notice again
    changes nothing (a screen reader hears an alert once)."""
    node = by_id("notice")
    shown = json.dumps([text, button, data])
    if not text:
        node.hidden = True
        node.replaceChildren()
        shown = ""
    elif shown != Notice.shown or node.hidden:
        parts = by_id("notice-parts").content.cloneNode(True)
        words, control = parts.querySelector("span"), parts.querySelector("button")
        words.textContent = text
        if key:
            words.dataset.i18n = key
        if button is None:
            control.remove()
        else:
            action, label, testid = button
            control.dataset.action, control.dataset.testid = action, testid
            control.dataset.i18n, control.textContent = label, t(label)
            for name, value in data.items():
                control.setAttribute("data-" + name, value)
        node.replaceChildren(parts)
        node.hidden = False
    Notice.shown = shown


def progress(text):
    """The line that shows while the engine starts (its bar moves on its own: honest, as the
    engine's start cannot be counted from here)."""
    by_id("progress-text").textContent = text


def open_sheet(title, content):
    by_id("sheet-title").textContent = title
    body = by_id("sheet-body")
    body.replaceChildren(content)
    sheet = by_id("sheet")
    Sheet.return_focus = document.activeElement
    sheet.hidden = False
    sheet.scrollTop = 0
    focus(sheet.querySelector("[data-action=close-sheet]"))


def close_sheet(answer=False):
    """Close the sheet; a question it asked (`ask`) gets `answer` (closing it says no)."""
    by_id("sheet").hidden = True
    by_id("sheet-actions").innerHTML = ""
    if Sheet.return_focus is not None:
        focus(Sheet.return_focus)
        Sheet.return_focus = None
    question, Sheet.question = Sheet.question, None
    if question is not None:
        question["yes"] = answer
        question["answered"].set()


class Sheet:
    return_focus = None
    question = None  # the question the sheet asks: its answer and when it came


async def ask(question, yes):
    """The person's answer to `question`, in the page's own dialog: True when they press the
    button labelled `yes`, False when they close it (its button, Esc)."""
    if Sheet.question is not None:
        close_sheet()
    text = document.createElement("p")
    text.textContent = question
    open_sheet(t("menu.confirm"), text)
    by_id("sheet-actions").innerHTML = (
        '<button type="button" class="primary" data-action="answer-yes" data-testid="answer-yes">'
        + escape(yes)
        + "</button>"
    )
    asked = {"yes": False, "answered": asyncio.Event()}
    Sheet.question = asked
    focus(el("answer-yes"))
    await asked["answered"].wait()
    return asked["yes"]


def show_rules(game, house=()):
    """The rules page of `game` from the catalog: paragraphs, "## " headings, "- " lists; then
    the `house` rules the game in play follows, in words, under a heading of their own."""
    prefix = {"basic": "basic.", "rummikub": "rk."}.get(game, "")
    body = list(Catalog.strings.get(prefix + "rules.body") or [])
    if house:
        body += ["## " + t("house.inForce")] + ["- " + words for words in house]
    container = document.createElement("div")
    listing = None
    for paragraph in body:
        if paragraph.startswith("- "):
            if listing is None:
                listing = document.createElement("ul")
                container.appendChild(listing)
            item = document.createElement("li")
            item.textContent = paragraph[2:]
            listing.appendChild(item)
            continue
        listing = None
        node = document.createElement("h3" if paragraph.startswith("## ") else "p")
        node.textContent = paragraph[3:] if paragraph.startswith("## ") else paragraph
        container.appendChild(node)
    open_sheet(t(prefix + "rules.title"), container)


def open_log(title, lines):
    """The move log: every move of the hand or round so far, in words, oldest first."""
    box = document.createElement("ol")
    box.className = "log"
    box.dataset.testid = "log-list"
    box.innerHTML = (
        "".join("<li>" + escape(line) + "</li>" for line in lines)
        or "<li>" + escape(t("log.empty")) + "</li>"
    )
    open_sheet(title, box)


def open_stats(title_key, figures, person="", people=()):
    """The statistics sheet: the engine's [name, count] pairs, each named by `stats.<name>`, of
    the person called `person`; with a button for each of the other `people` kept on this
    device (those who played at a shared table), which shows theirs."""
    body = document.createElement("dl")
    body.className = "stats"
    body.innerHTML = "".join(
        "<dt>" + escape(t("stats." + name)) + "</dt><dd>" + str(value) + "</dd>"
        for name, value in figures
    )
    title = t(title_key)
    open_sheet(title + " · " + person if person else title, body)
    actions = by_id("sheet-actions")
    actions.innerHTML = ""
    if any(people):
        for name in ("",) + tuple(people):
            if name == person:
                continue
            button = document.createElement("button")
            button.type = "button"
            button.className = "chip"
            button.dataset.action = "stats-of"
            button.dataset.name = name
            button.dataset.testid = "stats-of"
            button.textContent = name or t("stats.unnamed")
            actions.appendChild(button)


# ---- what both tables draw alike ------------------------------------------------------------


def draw_piles(stock, pile, view, pile_count=False, top_mark=""):
    """The stock (its size) and the discard pile (its top card, with the class `top_mark`, and
    its size if `pile_count`)."""
    put_html(
        stock,
        '<span class="card back"></span><span class="count">' + str(view["stock"]) + "</span>",
    )
    stock.setAttribute(
        "aria-label", t("action.drawStock") + " · " + t("table.stockCount", count=view["stock"])
    )
    top = view["pile_top"]
    if top:
        # The pile's size is drawn by CSS (attr) so that the card's face alone is the button's
        # visible text, which its name starts from; the name says the size in words.
        count = (
            '<span class="count" data-count="' + str(view["pile_count"]) + '"></span>'
            if pile_count
            else ""
        )
        put_html(pile, card_html(top, top_mark) + count)
        counted = " · " + t("table.pileCount", count=view["pile_count"]) if pile_count else ""
        pile.setAttribute("aria-label", t("action.takePile", card=spoken(top)) + counted)
    else:
        put_html(pile, '<span class="card empty"></span>')
        pile.setAttribute("aria-label", t("table.discardEmpty"))


def show_status(node, message, error, now):
    """The status line: the last event (`message`), then what to do `now`; a refusal alone,
    so that it is never contradicted by what follows."""
    node.textContent = (
        message if error and message else " ".join(part for part in (message, now) if part)
    )
    node.classList.toggle("error", bool(error))


def turn_text(name, drew, card, discarder, then):
    """A player's turn so far in one line, for the status line: the draw that began it (`drew`,
    its move; `card`, the code of the card it took, None from the stock; `discarder`, whose
    discard that was: "you", a name, or None for the upcard as dealt), then the move after it
    (`then`, in words), so that a card taken from the pile is never missed ("The computer took
    your discard 9♦ and discarded 8♠")."""
    shown = face(card) if card else ""
    if drew in ("DrawStock", "TakeUpcard"):
        began = t("move.drew." + drew, card=shown)
    elif discarder == "you":
        began = t("move.drew.yours", card=shown)
    elif discarder:
        began = t("move.drew.theirs", card=shown, name=discarder)
    else:
        began = t("move.drew.pile", card=shown)
    return t("move.turn", name=name, drew=began, then=then)


def sort_chips(container, sort_key, prefix=""):
    """The chips that arrange the hand (by melds, suit or rank)."""
    container.setAttribute("aria-label", t("table.sortLabel"))
    chips = []
    for key, label in (
        ("melds", "table.sortMelds"),
        ("suit", "table.sortSuit"),
        ("rank", "table.sortRank"),
    ):
        chips.append(
            '<button type="button" class="chip" data-action="sort" data-value="'
            + key
            + '" data-testid="'
            + prefix
            + "sort-"
            + key
            + '" aria-pressed="'
            + ("true" if key == sort_key else "false")
            + '">'
            + escape(t(label))
            + "</button>"
        )
    put_html(container, "".join(chips))


def draw_hand(node, hand, sort_key, card_button, sorts, prefix=""):
    """The person's hand in `node`, in the engine's arrangement chosen (`hand[sort_key]`: groups
    of codes), each card drawn by `card_button(code)`; then the chips that choose, in `sorts`."""
    groups = hand.get(sort_key) or hand["melds"]
    put_html(
        node,
        "".join(
            '<div class="group">' + "".join(card_button(code) for code in group) + "</div>"
            for group in groups
        ),
    )
    node.setAttribute("aria-label", t("table.yourHand"))
    sort_chips(sorts, sort_key, prefix)


class Result:
    """Which game's result the person closed (None: none): its table and the menu show, and the
    bar under its status line to deal on or open the result again (`after_hand`)."""

    closed = None
    bar = None  # the bar, cloned once from its template


def after_hand():
    """The bar of the table shown once its hand is over and the result closed: Next hand (or
    Rematch) and Result. One bar, moved into the player area of the table shown, in the flow:
    it covers nothing, and it is never shown without its table."""
    if Result.bar is None:
        Result.bar = by_id("after-hand").content.firstElementChild.cloneNode(True)
    return Result.bar


def close_result():
    if not by_id("result").hidden:
        Result.closed = document.body.dataset.game
        by_id("result").hidden = True
        after_hand().hidden = False
        focus(after_hand().querySelector(".deal-on"))


def reopen_result():
    Result.closed = None


def hide_result():
    """No result to show (a hand in play): the overlay and the bar hidden."""
    if Result.closed == document.body.dataset.game:
        Result.closed = None
    by_id("result").hidden = True
    after_hand().hidden = True


def show_result(outcome, lines, totals, over=None, again="action.rematch", review=False):
    """The result overlay of a hand: the `outcome` as its title, the `lines` (HTML) and the
    `totals`, with Next hand. When the match is over, `over` is the title, the outcome becomes
    the first line, and Rematch (its label `again`) replaces Next hand. Opening it scrolls it up
    and focuses its button; once the person closed it, the table's bar shows instead.
    `review`: the hand can be reviewed, shared and its deal checked (their buttons show)."""
    final = over is not None
    closed = Result.closed == document.body.dataset.game
    draw_after_hand(final, again, closed)
    el("review").hidden = not review
    el("share").hidden = not review
    el("check-deal").hidden = not review
    if closed:
        by_id("result").hidden = True
        return
    if final:
        lines = ['<p class="outcome">' + escape(outcome) + "</p>"] + lines
    lines = lines + ['<p class="totals" data-testid="totals">' + escape(totals) + "</p>"]
    by_id("result-title").textContent = over if final else outcome
    by_id("result-body").innerHTML = "".join(lines)
    el("next-hand").hidden = final
    el("rematch").hidden = not final
    el("rematch").textContent = t(again)
    overlay = by_id("result")
    was_hidden = overlay.hidden
    overlay.hidden = False
    if was_hidden:
        overlay.scrollTop = 0
        focus(el("rematch") if final else el("next-hand"))


def draw_after_hand(final, again, shown):
    """The bar under the status line of the table shown (`after_hand`): Next hand, or Rematch
    (its label `again`) once the match is over, then Result; `shown` once the result is closed."""
    bar = after_hand()
    area = document.querySelector("main.table:not([hidden]) .player-area")
    if not area.contains(bar):
        area.prepend(bar)
    deal = bar.querySelector(".deal-on")
    deal.dataset.action = "rematch" if final else "next-hand"
    deal.dataset.testid = "table-rematch" if final else "table-next-hand"
    # Next hand as the result's own button says it (its game's words: Next round in Rummikub)
    deal.textContent = t(again) if final else el("next-hand").textContent
    bar.querySelector(".reopen").textContent = t("action.showResult")
    bar.hidden = not shown
