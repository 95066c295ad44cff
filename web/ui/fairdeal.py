"""A fair deal, the page's half (docs/fair-deal.md): before a hand, the fingerprint of the deck
the engine is about to deal and the person's cut; once the hand is over, the check of the deal,
with the whole deck in order.

The engine fixed the hand's seed before the page showed its fingerprint (the commitment), and
deals only once the person has cut ("cut N"), so nobody, the computer included, chose the
person's cards. The page keeps the fingerprint it showed (`SHOWN`, tied to the match and the
hand) and checks the deal against that, not against what the engine says later. No rule lives
here: the cuts' range is the view model's (`deal.cuts`), the engine refuses any other cut
(`bad_cut`), and it alone says whether a deal matches.
"""

import json

from .cover import hide_table
from .dom import by_id, el, focus, notice, open_sheet, recall, spawn, t
from .link import Link
from .seats import seat_name

CUT = "cut"  # the code of a cut: "cut 417"
SHOWN = "shown-deal"  # where the fingerprint shown before a hand is kept (the game's key)
TAPS = ("deal", "cut", "cut-confirm", "check-deal")  # the data-actions this module answers


class Cut:
    screen = None  # the cut screen, cloned once from its template
    choosing = False  # the person opened the number to type
    focused = None  # the deal whose screen took the keyboard focus (its commitment)
    shown = {}  # by game, the fingerprint shown and its hand: storage may keep nothing


def cutting(view):
    """Whether `view` is a deal awaiting the person's cut (no card of it is dealt yet)."""
    return view is not None and view["screen"] == CUT


def cut_screen():
    if Cut.screen is None:
        Cut.screen = by_id("cut-screen").content.firstElementChild.cloneNode(True)
        by_id("pass-device").before(Cut.screen)
        Cut.screen.querySelector("#cut-value").addEventListener("keydown", on_key)
    return Cut.screen


def part(node, name):
    return node.querySelector("." + name)


def draw_cut(table, view):
    """The cut screen of `table` for the deal `view` awaits: its fingerprint, Deal (cut at the
    moment of the tap) and Cut (a number typed), and the engine's refusal of a cut. Whatever a
    table drew of an earlier hand is emptied first, as under the cover: a deal not yet cut
    shows nothing of anyone's hand."""
    hide_table(table)
    screen = cut_screen()
    screen.hidden = False
    deal = view["deal"]
    low, high = deal["cuts"]
    by_id("cut-title").textContent = t(table.word("cut.title"), number=view["hand"] + 1)
    part(screen, "cut-about").textContent = t("cut.about")
    el("deal-commitment").textContent = deal["commitment"]
    part(screen, "cut-promise").textContent = t("cut.promise")
    el("deal").textContent = t("cut.deal")
    el("cut").textContent = t("cut.choose")
    show_choosing()
    part(screen, "cut-label").textContent = t("cut.label", low=low, high=high)
    value = el("cut-value")
    value.min, value.max = str(low), str(high)
    el("cut-confirm").textContent = t("cut.confirm")
    el("cut-status").textContent = table.message if table.error else ""
    keep_shown(table, deal["commitment"])
    if Cut.focused != deal["commitment"]:  # a new deal to cut: the keyboard starts on Deal
        Cut.focused = deal["commitment"]
        focus(el("deal"))


def show_choosing():
    """The number to type shown while the person chooses one, and Cut saying so."""
    el("cut").setAttribute("aria-expanded", "true" if Cut.choosing else "false")
    by_id("cut-choose").hidden = not Cut.choosing


def hide_cut():
    """No deal to cut on screen (another screen, or the deal cut): the number typed forgotten."""
    if Cut.screen is not None and not Cut.screen.hidden:
        Cut.screen.hidden = True
        Cut.choosing = False
        el("cut-value").value = ""
        el("cut-value").removeAttribute("aria-invalid")


def tap(table, name, event):
    """A tap on the cut screen, or on the result's Check this deal."""
    view = table.view
    if name == "check-deal":
        spawn(check_deal(table))
    elif not cutting(view):
        return
    elif name == "deal":
        spawn(table.play(CUT + " " + str(timed_cut(view["deal"]["cuts"], event.timeStamp))))
    elif name == "cut":
        Cut.choosing = not Cut.choosing
        show_choosing()
        if Cut.choosing:
            focus(el("cut-value"))
    elif name == "cut-confirm":
        confirm(table)


def timed_cut(cuts, ms):
    """The cut a tap at `ms` (its time stamp, in milliseconds) picks from the range `cuts`:
    the person chose the moment, so the person chose the cut."""
    low, high = cuts
    return low + int(ms) % (high - low + 1)


def confirm(table):
    """The number typed, sent as the cut. The input's own range marks it invalid at once, but
    the engine is the judge: whatever is typed is sent, and its refusal shown."""
    node = el("cut-value")
    typed = str(node.value).strip()
    node.setAttribute("aria-invalid", "false" if typed and node.checkValidity() else "true")
    spawn(table.play(CUT + " " + typed))


def on_key(event):
    """Enter in the number typed cuts, as the button next to it does."""
    if event.key == "Enter":
        event.preventDefault()
        el("cut-confirm").click()


# ---- the fingerprint shown ----------------------------------------------------------------


def hand_of(table):
    """Which hand of which match `table` plays: its match's seed and its number of hands."""
    match = table.match_record()
    return [match.get("seed"), len(match.get("hands") or [])]


def keep_shown(table, commitment):
    """Keep the fingerprint shown before this hand, to check the deal against once it is over."""
    record = {"hand": hand_of(table), "commitment": commitment}
    if Cut.shown.get(table.game) != record:
        Cut.shown[table.game] = record
        table.keep(SHOWN, json.dumps(record))


def shown(table):
    """The fingerprint the page showed before the hand on `table` (None: none was, as before a
    deal whose cut is fixed); the kept one first, since storage outlives a reload."""
    for record in (recall(table.key(SHOWN)), Cut.shown.get(table.game)):
        if isinstance(record, dict) and record.get("hand") == hand_of(table):
            return record.get("commitment")
    return None


# ---- the check ------------------------------------------------------------------------------


async def check_deal(table):
    """The engine's check of the hand just finished against the fingerprint shown before it,
    in the sheet. Only a finished hand is checked: before, its seed deals every hidden card."""
    view = table.view
    if view is None or view.get("result") is None:
        return
    before = shown(table)
    reply = await Link.call("check_deal", {"game": table.game, "commitment": before})
    if reply is None:
        return
    if not reply["ok"]:
        notice(table.refusal(reply))
        return
    open_sheet(t("deal.check"), checked(table, view, reply["answer"], before is not None))


def checked(table, view, answer, was_shown):
    """The check drawn from its template: the verdict (`data-match`), the proof, the whole
    deck in order, and the command that checks it without this site."""
    node = by_id("deal-check").content.firstElementChild.cloneNode(True)
    matches = answer["matches"] is True  # anything else is no pass
    node.dataset.match = "true" if matches else "false"
    deal = view["deal"]
    texts = {
        "deal-verdict": t("deal.matches" if matches else "deal.differs"),
        "deal-fixed": t("deal.fixed", cut=answer["cut"]),
        "deal-shown-name": t("deal.shown"),
        "deal-shown": answer["shown"] if was_shown else t("deal.notShown"),
        "deal-computed-name": t("deal.computed"),
        "deal-computed": answer["commitment"],
        "deal-seed-name": t("deal.seed"),
        "deal-seed": str(answer["seed"]),
        "deal-cut-name": t("deal.cut"),
        "deal-cut": str(answer["cut"]),
        "deal-deck-name": t("deal.deck"),
        "deal-verify-name": t("deal.verify"),
        "deal-verify": deal["verify"] or "",
    }
    for name, text in texts.items():
        part(node, name).textContent = text
    part(node, "deal-verdict").classList.toggle("error", not matches)
    part(node, "deal-fixed").hidden = not deal["fixed"]
    rows = part(node, "deal-deck")
    for kind, name, codes, words in deck_parts(table, view, answer["deck"]):
        row = by_id("deal-part").content.firstElementChild.cloneNode(True)
        row.dataset.part = kind
        row.dataset.codes = " ".join(codes)
        part(row, "deal-part-name").textContent = t("deal.part", name=name)
        part(row, "deal-part-items").textContent = words
        rows.appendChild(row)
    return node


def deck_parts(table, view, deck):
    """The deck as the engine dealt it, part by part: (kind, its name, its codes in order, in
    words): each seat's hand as dealt, then a card game's upcard and stock, or Rummikub's pool
    and who played first; the cards or tiles nobody drew included."""
    who = table.computer_word
    named = [
        ("hand-" + str(seat), seat_name(view, seat, who), codes)
        for seat, codes in enumerate(deck["hands"])
    ]
    if "upcard" in deck:
        named.append(("upcard", t("deal.upcard"), [deck["upcard"]]))
    named += [(kind, t("deal." + kind), deck[kind]) for kind in ("stock", "pool") if kind in deck]
    parts = [(kind, name, codes, table.pieces_text(codes)) for kind, name, codes in named]
    if "first" in deck:
        parts.append(("first", t("deal.first"), [], seat_name(view, deck["first"], who)))
    return parts
