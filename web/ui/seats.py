"""Who sits where: the start screen's seats (a person, with a name typed once and kept, or a
computer player at its level), the settings they send the engine, and how the page names a seat.

One person against computer players is the default and sends no seats, so it plays and saves
exactly as before tables could be shared. The engine checks the seats (rummy.seats); the page
only keeps the choices.
"""

from .dom import by_id, document, each, t
from .prefs import LEVEL_CHOICES, Prefs

KINDS = ("person", "easy", "normal", "hard")
PERSON = "person"
NAME_LENGTH = 20  # as rummy.seats cuts a name


def seat_count(game):
    """How many seats the start screen's choices give `game`: gin's two, or the person and the
    other players chosen."""
    if game == "gin":
        return 2
    return 1 + Prefs.get("rkOpponents" if game == "rummikub" else "opponents")


def kinds(game):
    """Each seat's kind: as chosen, else the person first and the computer players at the level
    chosen for the game."""
    chosen = Prefs.get("seats").get(game) or []
    level = Prefs.get(LEVEL_CHOICES[game])
    return [
        chosen[seat] if seat < len(chosen) and chosen[seat] in KINDS else default_kind(seat, level)
        for seat in range(seat_count(game))
    ]


def default_kind(seat, level):
    return PERSON if seat == 0 else level


def names():
    """The names typed, by seat (kept for every game)."""
    return Prefs.get("names")


def seats_settings(game):
    """The seats as the engine's settings take them: none for one person against computer
    players all at the chosen level (the default); else `seats`, and at a table people share
    each person's `names`."""
    chosen = kinds(game)
    level = Prefs.get(LEVEL_CHOICES[game])
    if chosen == [default_kind(seat, level) for seat in range(len(chosen))]:
        return {}
    typed = names()
    shared = chosen.count(PERSON) > 1
    return {
        "seats": chosen,
        "names": [
            (typed[seat] if seat < len(typed) else "") if shared and kind == PERSON else ""
            for seat, kind in enumerate(chosen)
        ],
    }


def choose_kind(game, seat, kind):
    """A seat's select changed."""
    if kind not in KINDS:
        return
    chosen = kinds(game)
    chosen[seat] = kind
    every = dict(Prefs.get("seats"))
    every[game] = chosen
    Prefs.set("seats", every)


def choose_level(game):
    """The game's level chosen on its buttons: every computer seat plays at it (seats never
    chosen follow the level already)."""
    if game not in Prefs.get("seats"):
        return
    level = Prefs.get(LEVEL_CHOICES[game])
    every = dict(Prefs.get("seats"))
    every[game] = [kind if kind == PERSON else level for kind in kinds(game)]
    Prefs.set("seats", every)


def type_name(seat, text):
    """A person's name typed (cut as the engine cuts it)."""
    typed = list(names())
    typed += [""] * (seat + 1 - len(typed))
    typed[seat] = str(text)[:NAME_LENGTH]
    Prefs.set("names", typed)


def draw_seats(game):
    """The start screen's rows, one a seat, from the template: its kind, and a person's name.
    A row being typed in keeps its text (it is the same node)."""
    rows = by_id("seat-rows")
    count, chosen, typed = seat_count(game), kinds(game), names()
    while rows.children.length > count:
        rows.lastElementChild.remove()
    while rows.children.length < count:
        rows.appendChild(by_id("seat-row").content.cloneNode(True))
    for seat, row in enumerate(each(rows.children)):
        number = str(seat)
        row.querySelector(".seat-number").textContent = t("seats.seat", number=seat + 1)
        select = row.querySelector("select")
        select.dataset.testid = "seat-" + number
        select.dataset.seat = number
        select.setAttribute("aria-label", t("seats.seat", number=seat + 1))
        for option in each(select.options):
            option.textContent = t(
                "seats.person" if option.value == PERSON else "level." + option.value
            )
        select.value = chosen[seat]
        name = row.querySelector("input")
        name.dataset.testid = "seat-" + number + "-name"
        name.dataset.seat = number
        name.setAttribute("aria-label", t("seats.name", number=seat + 1))
        name.placeholder = t("seats.player", number=seat + 1)
        name.hidden = chosen[seat] != PERSON
        if document.activeElement != name:
            name.value = typed[seat] if seat < len(typed) else ""


def seat_name(view, seat, computer):
    """How the page names `seat` of a view model: "You" for the person on screen, a person at a
    table people share by name (else "Player N"), a computer player by the game's word (the
    translation key `computer`, which takes its number)."""
    if seat == view.get("seat", 0 if "seats" not in view else None):
        return t("table.you")
    seats = view.get("seats") or ()
    if seat < len(seats) and seats[seat]["kind"] == PERSON:
        return seats[seat]["name"] or t("seats.player", number=seat + 1)
    return t(computer, number=seat)


def own_name(view):
    """How the top bar names the person on screen: "You", or at a table people share their
    name, so that whoever holds the device sees whose cards these are."""
    seat = view.get("seat")
    if not shared(view) or seat is None:
        return t("table.you")
    return view["seats"][seat]["name"] or t("seats.player", number=seat + 1)


def shared(view):
    """Whether the view is of a table several people share."""
    return sum(seat["kind"] == PERSON for seat in view.get("seats") or ()) > 1
