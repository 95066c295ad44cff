"""Sharing a hand, watching a shared one, and the daily deal.

A shared hand is a link whose fragment the engine writes ("#r1.…": the game, its settings, the
hand's seed and moves) and reads back (`share`, `replay` in the worker), so it needs no server
and opens offline on any copy of the site. Opening one shows the hand step by step from the
sharer's seat, over whatever the page showed; the person may review it or play the same deal.
Nothing of a link is stored: the person's saves and statistics change only if they choose to
play the deal, which starts a match like the start button does (asking first when a match is in
play).

The daily deal is a match the engine deals from the person's date (`daily` in the worker's
start). Its first hand is played once: when it ends, its outcome becomes a line to share, kept
with a link to the hand under the game's "daily" key; pressing Today's deal again that day shows
them instead of dealing again.
"""

import json

import js

from .dom import (
    by_id,
    document,
    el,
    escape,
    focus,
    known,
    open_sheet,
    page_module,
    recall,
    refusal_text,
    spawn,
    t,
)
from .link import Link
from .review import Review, move_words, open_review, seen_html
from .table import Screen, label, render


class Share:
    js = None  # web/share.js: the share sheet and the clipboard, answering instead of throwing
    link = ""  # the full link the share sheet offers
    text = ""  # the line it is shared with (a daily deal's), or ""


class Replay:
    """The shared hand on screen: its fragment, the engine's replay model, the step shown."""

    link = None
    model = None
    at = 0
    returning = None

    @classmethod
    def shown(cls):
        return not by_id("replay").hidden


# ---- the link in the address ------------------------------------------------------------------


def fragment():
    """The shared hand's fragment in the page's address (without "#"), or None."""
    text = str(js.location.hash or "")
    return text[1:] if len(text) > 1 else None


def site():
    """The address of this copy of the site, without a query or a fragment."""
    return str(js.location.origin) + str(js.location.pathname)


def full_link(fragment):
    """The address of this copy of the site with `fragment`: any copy opens it."""
    return site() + "#" + fragment


def forget_fragment():
    """The address without the shared hand, so that a reload shows the person's own games."""
    js.history.replaceState(None, "", str(js.location.href).split("#")[0])


# ---- sharing -----------------------------------------------------------------------------------


async def share_hand(table, text=""):
    """Offer the link of `table`'s hand: the browser's share sheet where it has one, else the
    clipboard; the page's sheet shows the link either way, to copy by hand. Only a finished
    hand: a link holds the hand's seed, which would reveal the stock of a hand in play."""
    if table.view is None or table.view.get("result") is None:
        return
    reply = await Link.call("share", {"game": table.game})
    if reply is None:
        return
    if not reply["ok"]:
        table.message, table.error = refusal_text(reply), True
        render()
        return
    await offer(full_link(reply["answer"]["link"]), text, table)


async def offer(link, text, table):
    """The share sheet of `link` (with `text`, or none), in the words of `table`'s game."""
    if Share.js is None:
        Share.js = await page_module("share.js")
    Share.link, Share.text = link, text
    body = document.createElement("div")
    body.innerHTML = (
        ("<p>" + escape(text) + "</p>" if text else "")
        + '<p><label for="share-link">'
        + escape(t(table.word("share.about")))
        + "</label></p>"
        + '<input id="share-link" class="share-link" data-testid="share-link" readonly value="'
        + escape(link)
        + '">'
        + '<p class="share-status" data-testid="share-status" aria-live="polite"></p>'
    )
    open_sheet(t(table.word("share.title")), body)
    buttons = (
        '<button type="button" class="primary" data-action="share-copy" data-testid="share-copy">'
        + escape(t("share.copy"))
        + "</button>"
    )
    if Share.js.canShare():
        buttons += (
            '<button type="button" data-action="share-send" data-testid="share-send">'
            + escape(t("share.send"))
            + "</button>"
        )
    by_id("sheet-actions").innerHTML = buttons
    await sent(await Share.js.send(Share.link, Share.text, t("app.title")))


async def sent(outcome):
    """Say in the sheet what became of the link: shared, copied, or to be copied by hand."""
    status = el("share-status")
    if status is not None and outcome != "cancelled":
        status.textContent = t("share." + str(outcome))


async def copy_link():
    await sent(await Share.js.copy(Share.link, Share.text))


async def send_link():
    await sent(await Share.js.send(Share.link, Share.text, t("app.title")))


# ---- watching a shared hand ---------------------------------------------------------------------


async def open_link(text):
    """Show the shared hand of fragment `text`, or say why the link is refused; either way the
    person's games are as they were."""
    reply = await Link.call("replay", {"link": text})
    if reply is None:
        return
    error = el("share-error")
    if not reply["ok"]:
        forget_fragment()
        Screen.game = None
        render()
        params = reply.get("params") or {}
        why = "link." + str(params.get("why"))
        error.textContent = t(why, **params) if known(why) else t("link.malformed")
        error.hidden = False
        focus(error)
        return
    error.hidden = True
    Replay.link, Replay.model, Replay.at = text, reply["answer"], 0
    Replay.returning = document.activeElement
    by_id("result").hidden = True
    by_id("replay").hidden = False
    render()
    focus(el("replay-next"))


def leave_replay():
    """The replay hidden and forgotten, and its link out of the address."""
    by_id("replay").hidden = True
    by_id("replay-body").innerHTML = ""  # its settlement's test ids gone with it
    Replay.link = Replay.model = None
    forget_fragment()
    render()


def close_replay():
    leave_replay()
    focus(Replay.returning)


def step(by):
    if Replay.model is not None:
        Replay.at = max(0, min(len(Replay.model["steps"]) - 1, Replay.at + by))
        render()


def reopen():
    """Back from the review of the shared hand to its replay."""
    by_id("replay").hidden = False
    render()
    focus(el("replay-review"))


async def review_link(tables):
    model = Replay.model
    if model is None:
        return
    by_id("replay").hidden = True
    await open_review(tables[model["game"]], link=Replay.link, back=reopen)


async def play_deal(tables):
    """Play the shared deal from its start against the same computer level: a new match (the
    table asks first when a match of that game is in play)."""
    model = Replay.model
    if model is None:
        return
    table = tables[model["game"]]
    if await table.start(extra={"deal": Replay.link}):
        leave_replay()


def step_words(model, at):
    """What step `at` of the replay shows: the deal, or a move by a seat, in words."""
    steps = model["steps"]
    if at == 0:
        return t("replay.dealt")
    move = steps[at]["move"]  # in words as the seat saw it just before: the pile's top it took
    return t(
        "replay.move",
        who=seat_words(model["game"], int(move.split()[0])),
        move=move_words(model["game"], move, steps[at - 1]["seen"]),
    )


def seat_words(game, seat):
    """A seat of the replay, named as its game's table names it; the sharer in the third person
    (gin's one computer is "the computer", the others' are numbered)."""
    if seat == 0:
        return t("replay.player")
    return t("move.computer") if game == "gin" else t("replay.computer", seat=seat)


def draw(tables):
    """Draw the replay shown (again, after a step or a redraw of the page under it); the last
    step says how the hand ended and who scored what, as its game's table words it (of the
    sharer in the third person), with gin's settlement."""
    if not Replay.shown() or Replay.model is None or Review.shown():
        return
    model, at = Replay.model, Replay.at
    document.body.dataset.phase = "replay"
    label(by_id("replay-title"), tables[model["game"]].word("replay.title"))
    steps = model["steps"]
    settings = model["settings"]
    el("replay-about").textContent = t(
        "replay.about", game=t("name." + model["game"]), level=t("level." + settings["level"])
    )
    words = t("replay.step", number=at + 1, count=len(steps)) + " · " + step_words(model, at)
    last = at == len(steps) - 1
    body = seen_html(model["game"], steps[at]["seen"], sharer=True)
    view = model["view"]
    if last and view["result"] is not None:  # a link may hold a hand not yet ended
        table = tables[model["game"]]
        words += " · " + table.outcome(view, sharer=True)
        body = table.settlement(view, sharer=True) + body
    el("replay-step").textContent = words
    by_id("replay-body").innerHTML = body
    el("replay-prev").setAttribute("aria-disabled", "true" if at == 0 else "false")
    el("replay-next").setAttribute("aria-disabled", "true" if last else "false")
    el("replay-next").dataset.last = "true" if last else "false"  # a state the tests wait on


# ---- the daily deal -----------------------------------------------------------------------------


def today():
    """The person's own date, "2026-12-01": the daily deal changes at their midnight."""
    now = js.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


def kept(table):
    """The daily deal's record of `table`'s game ({} for none): `date`, `seed`, `line`, `link`."""
    record = recall(table.key("daily"))
    return record if isinstance(record, dict) else {}


def daily_first_hand(table, record):
    """Whether `table` shows the daily deal's first hand (in play or ended): its match is
    `record`'s."""
    match = table.match_record()
    return (
        bool(record)
        and record.get("seed") == match.get("seed")
        and len(match.get("hands") or []) == 1
        and table.view is not None
    )


def daily_hand(table, record):
    """Whether `table` shows the daily deal's first hand, ended."""
    return daily_first_hand(table, record) and table.view["result"] is not None


async def daily(table, resume):
    """Today's deal of `table`'s game: its line and link once played; the match when it is
    being played; else dealt now."""
    await table.ready()
    record, day = kept(table), today()
    if record.get("date") == day and record.get("line"):
        link = full_link(record["link"]) if record.get("link") else site()
        await offer(link, record["line"], table)
        return
    if (
        record.get("date") == day
        and record.get("seed") == table.match_record().get("seed")
        and table.view is not None
    ):
        await resume(table.game)
        return
    if await table.start(extra={"daily": day}):
        table.keep("daily", json.dumps({"date": day, "seed": table.match_record().get("seed")}))
        render()


def draw_daily(table):
    """The daily deal marked on its table while its first hand is played (`daily-badge`, with
    its date), and its line in the result of that hand: made once, when the hand has ended,
    with a link to the hand (asked of the engine), and kept."""
    node, badge = el("daily-line"), el("daily-badge")
    record = kept(table) if table is not None else {}
    badge.hidden = table is None or not daily_first_hand(table, record)
    badge.textContent = t("daily.badge", date=record.get("date", ""))
    if badge.hidden or not daily_hand(table, record):
        node.hidden = True
        return
    if not record.get("line"):
        record["line"] = t(
            "daily.line",
            game=t("name." + table.game),
            date=record.get("date", ""),
            outcome=table.outcome(table.view),
            score=table.points(table.view) or t("daily.noScore"),
        )
        if table.keep("daily", json.dumps(record)):  # then its link, once
            spawn(keep_link(table))
    node.textContent = record["line"]
    node.hidden = False


async def keep_link(table):
    reply = await Link.call("share", {"game": table.game})
    record = kept(table)
    if reply is not None and reply["ok"] and record.get("line"):
        record["link"] = reply["answer"]["link"]
        table.keep("daily", json.dumps(record))


def daily_text(table):
    """The line a shared hand goes with: the daily deal's, when it is that hand."""
    record = kept(table)
    return record.get("line", "") if daily_hand(table, record) else ""
