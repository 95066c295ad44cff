"""Dragging with a pointer (mouse, pen or finger), shared by the Rummikub tiles and the cards of
the gin and Basic Rummy hands: a press that moves a few pixels becomes a drag, the pressed
element follows the pointer (a CSS transform), the place it would drop on is outlined, and the
click the browser sends after the drop is no tap.

A finger drags what is selected at once (its `touch-action` is none). A press that `holds`
(a finger on a card not selected) drags only once held still for LONG_PRESS: the element lifts
(`body.dataset.drag` is "held") and the page stops scrolling under the finger; a finger that
moves before then is a swipe, which scrolls, and a quick tap stays a tap.
"""

import asyncio

from .dom import document

DRAG_START = 8  # pixels a pointer moves before a press becomes a drag
LONG_PRESS = 0.4  # seconds a finger rests on a card before it lifts for a drag


class Drag:
    """The element pressed or dragged: its key (a tile id, a card code) and where it began."""

    key = None
    node = None
    places = ""  # the selector of the places it may drop on
    x = 0
    y = 0
    pointer = None
    waiting = False  # a press that holds, not yet held for LONG_PRESS: no drag, the page scrolls
    held = False  # a long press lifted the element: it drags, the page does not scroll
    active = False
    over = None  # the place it would drop on, marked
    dropped = False  # a drop just ended: the click the browser may send after it is no tap
    presses = 0  # counts the presses, so that a long press's timer knows its own


def press(event, node, key, places, holds=False):
    """A press on `node` (the thing `key`) that becomes a drag once the pointer moves (after a
    long press, if it `holds`)."""
    Drag.key, Drag.node, Drag.places, Drag.x, Drag.y = (
        key,
        node,
        places,
        event.clientX,
        event.clientY,
    )
    Drag.pointer, Drag.active, Drag.waiting, Drag.held = event.pointerId, False, holds, False
    Drag.presses += 1
    if holds:
        asyncio.create_task(lift_when_held(Drag.presses))


async def lift_when_held(press_number):
    """The element lifts for a drag if its press is still on, held still, after LONG_PRESS."""
    await asyncio.sleep(LONG_PRESS)
    if Drag.presses != press_number or Drag.key is None or not Drag.waiting:
        return
    Drag.waiting, Drag.held = False, True
    Drag.node.classList.add("dragging")
    document.body.dataset.drag = "held"


def pressed(event):
    """Forget a drop that ended earlier: this press starts afresh."""
    Drag.dropped = False


def follow(event):
    """The pressed element follows the pointer; the place below it is outlined."""
    if Drag.key is None or event.pointerId != Drag.pointer:
        return
    dx, dy = event.clientX - Drag.x, event.clientY - Drag.y
    moved = dx * dx + dy * dy > DRAG_START * DRAG_START
    if Drag.waiting:
        if moved:
            cancel()  # a swipe before the long press: the page scrolls
        return
    if not Drag.active and moved:
        Drag.active = True
        Drag.node.classList.add("dragging")
        document.body.classList.add("dragging-tile")
    if Drag.active:
        event.preventDefault()
        Drag.node.style.transform = "translate(" + str(dx) + "px, " + str(dy) + "px)"
        below = document.elementFromPoint(event.clientX, event.clientY)
        mark(below.closest(Drag.places) if below is not None else None)


def hold_still(event):
    """A finger's move while it drags (a touchmove, which a passive listener could not stop):
    the page does not scroll under it."""
    if (Drag.held or Drag.active) and event.cancelable:
        event.preventDefault()


def release(event):
    """The end of a press: (key, the element below the pointer) for a drop, else None. The
    element below is found while the dragged one still lets the pointer through (`.dragging`):
    back in its place, or on its way there, it would be in the way."""
    if Drag.key is None or event.pointerId != Drag.pointer:
        return None
    key, active, held = Drag.key, Drag.active, Drag.held
    below = document.elementFromPoint(event.clientX, event.clientY) if active else None
    cancel()
    if not active:
        Drag.dropped = held  # lifted by a long press and put back: the click after it is no tap
        return None
    Drag.dropped = True
    return key, below


def mark(place):
    """Outline where the dragged element would go."""
    if Drag.over is not None and Drag.over != place:
        Drag.over.classList.remove("drop-here")
    if place is not None:
        place.classList.add("drop-here")
    Drag.over = place


def cancel():
    mark(None)
    if Drag.node is not None:
        Drag.node.classList.remove("dragging")
        Drag.node.style.transform = ""
    document.body.classList.remove("dragging-tile")
    document.body.removeAttribute("data-drag")
    Drag.key, Drag.node, Drag.active, Drag.waiting, Drag.held = None, None, False, False, False


def swallow_click(event):
    """Whether a click is the one the browser sends at the end of a drag (a pointer's click
    right after a drop; a key's click has no pointer, `detail` 0)."""
    if not Drag.dropped or not event.detail:
        return False
    Drag.dropped = False
    return True
