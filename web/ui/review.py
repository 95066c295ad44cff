"""The review of the hand just finished: each of the person's decisions with what they saw then,
what they did, the hard player's ranking of their options and what the choice cost, and a
summary of where the hand was lost.

The engine computes it in the worker, a few decisions a request (`review`), so the page stays
live and the person may leave at any time; a whole review is kept in localStorage beside the
save, tied to its hand, so it is computed once. The words come from the move codes the engine
gives ("0 discard 9D"); no rule lives here.
"""

import json

from . import seats as seats_module
from .dom import (
    by_id,
    card_html,
    document,
    el,
    escape,
    face,
    faces,
    focus,
    listed,
    recall,
    t,
    voiced,
)
from .link import Link
from .rummikub import WORDS, seat_name, tile_html, tiles_text
from .seats import shared
from .table import render

GIN_MOVES = {
    "take": "hint.TakeUpcard",
    "pass": "hint.PassUpcard",
    "stock": "hint.DrawStock",
    "pile": "hint.DrawDiscard",
    "discard": "hint.Discard",
    "knock": "hint.Knock",
}


class Review:
    """The review shown: its table (a game's), the decisions so far, the one on screen, and
    whether the engine has given all of them."""

    table = None
    link = None  # the shared hand reviewed (its link's fragment), or None: the table's own hand
    back = None  # what closing it shows again (a shared hand's replay), or None: the table
    hand = ""  # which hand it reviews: its seed and length
    decisions = []
    at = 0
    whole = False
    won = False  # whether the person won the hand: then the summary says it was not lost
    seat = 0  # whose decisions: the seat reviewed
    returning = None  # the control that opened it, focused again when it closes

    @classmethod
    def seats(cls):
        """Who sat where, as the reviewed seat names them (a shared link names nobody)."""
        view = cls.table.view if cls.table is not None and cls.link is None else None
        return {"seat": cls.seat, "seats": (view or {}).get("seats")}

    @classmethod
    def shown(cls):
        return not by_id("review").hidden


def hand_key(table):
    """What identifies the finished hand: the save's match seed and its actions so far, and at
    a table people share, whose review it is (the person on screen)."""
    match = table.match_record()
    hands = match.get("hands") or []
    key = [match.get("seed"), len(hands), len(hands[-1]) if hands else 0]
    if table.view is not None and shared(table.view):
        key.append(table.view.get("seat"))
    return json.dumps(key)


async def open_review(table, link=None, back=None):
    """Show the review of `table`'s finished hand: kept from before, or asked of the engine
    slice by slice (each slice drawn as it comes; closing stops the asking). With `link`, the
    review of that shared hand of `table`'s game, kept nowhere; closing it calls `back`."""
    Review.table, Review.link, Review.back, Review.at = table, link, back, 0
    Review.hand = hand_key(table) if link is None else link
    Review.returning = document.activeElement
    kept = recall(table.key("review")) if link is None else None
    if (
        isinstance(kept, dict)
        and kept.get("hand") == Review.hand
        and isinstance(kept.get("decisions"), list)
    ):
        Review.decisions, Review.whole = kept["decisions"], True
        Review.won = kept.get("won") is True
        Review.seat = kept.get("seat", 0)
    else:
        Review.decisions, Review.whole, Review.won = [], False, False
    by_id("result").hidden = True
    by_id("review").hidden = False
    document.body.dataset.phase = "review"
    draw()
    focus(el("review-next"))
    first = 0 if not Review.decisions else None
    while first is not None and Review.shown() and Review.table is table and Review.link == link:
        request = {"game": table.game, "first": first}
        if link is not None:
            request["link"] = link
        reply = await Link.call("review", request)
        if reply is None or not reply["ok"]:
            el("review-summary").textContent = t(said(table.game, "review.refused"))
            return
        Review.decisions = Review.decisions + reply["answer"]["decisions"]
        Review.won = reply["answer"]["won"]
        Review.seat = reply["answer"].get("seat", 0)
        first = reply["answer"]["next"]
        Review.whole = first is None
        draw()
    if Review.whole and Review.table is table and link is None and Review.link is None:
        kept = {
            "hand": Review.hand,
            "decisions": Review.decisions,
            "won": Review.won,
            "seat": Review.seat,
        }
        table.keep("review", json.dumps(kept))


def close_review():
    """Back to the hand's result (the table draws its phase again), or to what opened it."""
    if not Review.shown():
        return
    by_id("review").hidden = True
    back, Review.table, Review.link, Review.back = Review.back, None, None, None
    if back is not None:
        back()
        return
    render()
    focus(Review.returning)


def step(by):
    if Review.decisions:
        Review.at = max(0, min(len(Review.decisions) - 1, Review.at + by))
        draw()


# ---- drawing --------------------------------------------------------------------------------


def move_words(game, code, seen, name=None):
    """A move code of the person's ("0 discard 9D") in words; with `name`, the engine's name
    of that option in a gin ranking (a discard where a knock was legal says it did not knock)."""
    if name:
        return gin_move_words(code, seen, "hint." + name)
    return MOVE_WORDS[game](code, seen)


def option_words(game, decision, code):
    """A move of a reviewed decision in words, by the name its ranking gives it, if any."""
    names = [option.get("name") for option in decision["options"] if option["move"] == code]
    return move_words(game, code, decision["seen"], names[0] if names else None)


def gin_move_words(code, seen, key=None):
    verb, *rest = code.split()[1:]
    card = rest[0] if rest else (seen.get("pile") or [None])[-1]
    return t(key or GIN_MOVES[verb], card=face(card) if card else "")


def basic_move_words(code, seen):
    verb, *rest = code.split()[1:]
    cards = [c for c in rest if not c.isdigit()]
    top = seen.get("pile_top")
    card = cards[0] if cards else top
    return t("move.basic." + verb, card=face(card) if card else "", cards=faces(cards))


def rk_move_words(code, seen):
    """ "0 play R7 R8 R9 | K5 B5 O5" lays down the whole table: in words, the tiles it places
    (those not on the table the person saw)."""
    words = code.split(" ", 2)  # MicroPython's split takes no keywords
    verb, table = words[1], words[2] if len(words) > 2 else ""
    if verb == "draw":
        return t("review.rk.draw")
    if verb == "timeout":
        return t("review.rk.timeout")
    left = [tile for tile_set in seen["table"] for tile in tile_set["tiles"]]
    placed = []
    for tile in table.replace("|", " ").split():
        if tile in left:
            left.remove(tile)
        else:
            placed.append(tile)
    return t("review.rk.play", tiles=tiles_text(placed))


MOVE_WORDS = {"gin": gin_move_words, "basic": basic_move_words, "rummikub": rk_move_words}


def said(game, key):
    """The key of a review phrase for `game`: Rummikub's turns are judged by the solver, not
    by the hard player, and make up a round, not a hand, so a few phrases say so."""
    return WORDS.get(key, key) if game == "rummikub" else key


def number_text(points):
    """Points to a tenth, without a trailing ".0"."""
    shown = f"{points:.1f}"
    return shown[:-2] if shown.endswith(".0") else shown


def points_text(points):
    return t("review.points", points=number_text(points))


def summary_text(game):
    decisions = Review.decisions
    if not Review.whole:
        return t("review.working", count=len(decisions))
    if not decisions:
        return t(said(game, "review.none"))
    costly = sorted(
        (d for d in decisions if d["cost"] > 0), key=lambda d: (-d["cost"], d["index"])
    )[:3]
    if not costly:
        return t(said(game, "review.clean"))
    items = [
        t(
            "review.lostItem",
            number=decisions.index(d) + 1,
            move=option_words(game, d, d["move"]),
            cost=points_text(d["cost"]),
        )
        for d in costly
    ]
    total = sum(d["cost"] for d in decisions)
    headline = "review.better" if Review.won else "review.lost"  # a hand won was not lost
    return t(headline, decisions=listed(items), total=number_text(total))


def seen_html(game, seen, sharer=False):
    """What the person saw at a step: in a replay (`sharer`), what the sharer saw."""
    return (
        "<h3>"
        + escape(voiced("review.saw", sharer))
        + "</h3>"
        + (
            rk_seen_html(seen, sharer)
            if game == "rummikub"
            else cards_seen_html(game, seen, sharer)
        )
    )


def taken_text(cards):
    """The cards gin's other player took from the pile: the computer, or at a table people
    share the other person, by name."""
    seats = Review.seats()
    if not shared(seats):
        return t("review.taken", cards=faces(cards))
    other = seats_module.seat_name(seats, 1 - seats["seat"], "move.computer")
    return t("review.taken.person", name=other, cards=faces(cards))


def cards_seen_html(game, seen, sharer=False):
    """What the person saw in a card game: their hand, the pile's top, the table's melds."""
    hand = seen["hand"]["melds"]
    cards = "".join(
        '<span class="cards">' + "".join(card_html(code) for code in group) + "</span>"
        for group in hand
    )
    lines = [
        '<div class="review-hand" role="group" aria-label="'
        + escape(voiced("review.yourHand", sharer))
        + '">'
        + cards
        + "</div>"
    ]
    top = (seen.get("pile") or [None])[-1] if game == "gin" else seen.get("pile_top")
    lines.append(
        "<p>" + escape(t("review.pile", card=face(top)) if top else t("review.pileEmpty")) + "</p>"
    )
    if game == "gin" and seen.get("opponent_taken"):
        lines.append("<p>" + escape(taken_text(seen["opponent_taken"])) + "</p>")
    if game == "basic" and seen.get("table"):
        lines.append(
            "<p>"
            + escape(t("review.table", melds=" · ".join(faces(m) for m in seen["table"])))
            + "</p>"
        )
    return "".join(lines)


def tiles_group(codes, label):
    return (
        '<div class="tiles" role="group" aria-label="'
        + escape(label)
        + '">'
        + "".join(tile_html(code, classes=["mini"]) for code in codes)
        + "</div>"
    )


def rk_seen_html(seen, sharer=False):
    """What the person saw at a Rummikub turn: their rack, the table's sets, every other
    player's tile count and the pool, and the initial meld still owed."""
    lines = [
        '<div class="review-rack">'
        + tiles_group(seen["rack"], voiced("review.rk.rack", sharer))
        + "</div>"
    ]
    sets = [tiles_group(s["tiles"], tiles_text(s["tiles"])) for s in seen["table"]]
    if sets:
        lines.append(
            "<p>"
            + escape(t("review.rk.table"))
            + '</p><div class="review-sets">'
            + "".join(sets)
            + "</div>"
        )
    else:
        lines.append("<p>" + escape(t("review.rk.tableEmpty")) + "</p>")
    counts = [
        t("review.rk.count", name=seat_name(Review.seats(), o["seat"]), count=o["tiles"])
        for o in seen["opponents"]
    ]
    lines.append(
        "<p>"
        + escape(t("review.rk.counts", players=" · ".join(counts), pool=seen["pool"]))
        + "</p>"
    )
    if seen["initial_meld"]:
        owed = voiced("review.rk.meldOwed", sharer, points=seen["initial_meld"])
        lines.append("<p>" + escape(owed) + "</p>")
    return "".join(lines)


def decision_html(game, decision):
    seen = decision["seen"]
    did = option_words(game, decision, decision["move"])
    best = option_words(game, decision, decision["options"][0]["move"])
    cost = decision["cost"]
    # The options the engine marks shown (the best few and the move made), each at its place;
    # a review kept from before it marked them shows the first five.
    ranking = "".join(
        '<li value="'
        + str(place + 1)
        + '"'
        + (' class="chosen"' if option["move"] == decision["move"] else "")
        + ">"
        + escape(option_words(game, decision, option["move"]))
        + (" · −" + escape(points_text(option["cost"])) if option["cost"] > 0 else "")
        + "</li>"
        for place, option in enumerate(decision["options"])
        if option.get("shown", place < 5)
    )
    return (
        "<h3>"
        + escape(t("review.step", number=Review.at + 1, count=len(Review.decisions)))
        + "</h3>"
        + seen_html(game, seen, sharer=Review.link is not None)  # a shared hand: the sharer's
        + '<p class="did">'
        + escape(voiced("review.did", Review.link is not None, move=did))
        + "</p>"
        + "<p>"
        + escape(t(said(game, "review.best"), move=best))
        + "</p>"
        + '<p class="cost" data-testid="review-cost" data-cost="'
        + str(cost)
        + '">'
        + escape(
            t("review.cost", cost=points_text(cost))
            if cost > 0
            else t(said(game, "review.costNone"))
        )
        + "</p>"
        + "<h3>"
        + escape(t(said(game, "review.ranking")))
        + '</h3><ol class="ranking">'
        + ranking
        + "</ol>"
    )


def draw():
    """Draw the review shown (again, after a slice came or a step)."""
    if not Review.shown() or Review.table is None:
        return
    game = Review.table.game
    by_id("result").hidden = True  # the table's redraw shows it again: the review is above it
    document.body.dataset.phase = "review"
    summary = el("review-summary")
    summary.textContent = summary_text(game)
    summary.dataset.whole = "true" if Review.whole else "false"  # a state the tests wait on
    decisions = Review.decisions
    body = by_id("review-body")
    body.innerHTML = decision_html(game, decisions[Review.at]) if decisions else ""
    el("review-prev").setAttribute("aria-disabled", "true" if Review.at == 0 else "false")
    last = Review.at >= len(decisions) - 1 and Review.whole
    el("review-next").setAttribute("aria-disabled", "true" if last or not decisions else "false")
