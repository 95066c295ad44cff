"""The pass-the-device cover of a table people share: whose turn it is, and what happened since
that person last played, in the public words of the move log. It is drawn from the engine's
public model, which holds no hidden card of anyone; and as it shows, the page empties every
place that drew a hand, so nothing of one person's hand stays in the page (not even hidden)
while another's turn is covered. The person taps to see their own table.
"""

from .dom import by_id, clear, document, each, el, t
from .seats import seat_name


def since_last_played(view, seat):
    """The log's entries after `seat`'s last move in the hand (all of them if it has not moved)."""
    log = view["log"]
    moved = [at for at, entry in enumerate(log) if entry_seat(entry) == seat]
    return log[moved[-1] + 1 :] if moved else log


def entry_seat(entry):
    """The seat of a log entry (gin's entries name a role in `by`, and the seat in `seat`)."""
    return entry["seat"] if "seat" in entry else entry["by"]


def hide_table(table):
    """Empty every place of `table` that drew a hand, and hide it with its result and review:
    a screen over it (the cover, a deal awaiting its cut) leaves nothing of anyone's hand in
    the page, not even hidden."""
    for selector in table.private:
        for node in each(document.querySelectorAll(selector)):
            clear(node)
    for testid in ("score-you", "score-opponent", "target"):
        el(testid).textContent = ""
    by_id(table.element).hidden = True
    for overlay in ("result", "review"):
        by_id(overlay).hidden = True


def draw_cover(table, view):
    """Cover the table for the person to play next (`view` is the public model): the hands
    drawn so far are emptied first."""
    hide_table(table)
    cover = by_id("pass-device")
    cover.hidden = False
    person = view["next_person"]
    button = el("pass-device-reveal")
    wait = by_id("pass-device-wait")
    since = by_id("pass-device-since")
    since.innerHTML = ""
    if person is None:
        cover.removeAttribute("data-seat")
        by_id("pass-device-title").textContent = t("cover.computers")
        wait.textContent = t("cover.wait")
        wait.hidden = False
        button.hidden = True
        people = [seat["seat"] for seat in view["seats"] if seat["kind"] == "person"]
        moved = [at for at, entry in enumerate(view["log"]) if entry_seat(entry) in people]
        entries = view["log"][moved[-1] + 1 :] if moved else view["log"]
    else:
        cover.dataset.seat = str(person)
        name = seat_name(view, person, table.computer_word)
        by_id("pass-device-title").textContent = t("cover.turn", name=name)
        over = view["result"] is not None
        wait.textContent = t(table.word("cover.over")) if over else ""
        wait.hidden = not over
        button.hidden = False
        button.textContent = t("cover.reveal", name=name)
        entries = since_last_played(view, person)
    by_id("pass-device-since-title").textContent = t("cover.since") if entries else ""
    for entry in entries:
        item = document.createElement("li")
        item.textContent = table.log_line(entry)
        since.appendChild(item)


def uncover():
    """The cover gone: the table of the person on screen is drawn over it."""
    cover = by_id("pass-device")
    cover.hidden = True
    cover.removeAttribute("data-seat")


def covered(view):
    return view is not None and view["screen"] == "pass-device"


def computers_to_move(view):
    """Whether a computer player is to move: on a person's own table, or behind the cover."""
    if view is None:
        return False
    screen = view["screen"]
    return screen == "opponent" or (
        screen == "pass-device" and view["next_person"] is None and view["result"] is None
    )
