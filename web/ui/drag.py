"""Dragging with a pointer (mouse, pen or finger), shared by the Rummikub tiles and the cards of
the gin and Basic Rummy hands: a press that moves a few pixels becomes a drag, the pressed
element follows the pointer (a CSS transform), the place it would drop on is outlined, and the
click the browser sends after the drop is no tap.

A finger drags only what is already selected (its `touch-action` is none), so a swipe anywhere
else still scrolls the page.
"""

from .dom import document

DRAG_START = 8  # pixels a pointer moves before a press becomes a drag


class Drag:
    """The element pressed or dragged: its key (a tile id, a card code) and where it began."""

    key = None
    node = None
    places = ""  # the selector of the places it may drop on
    x = 0
    y = 0
    pointer = None
    active = False
    over = None  # the place it would drop on, marked
    dropped = False  # a drop just ended: the click the browser may send after it is no tap


def press(event, node, key, places):
    """A press on `node` (the thing `key`) that becomes a drag once the pointer moves."""
    Drag.key, Drag.node, Drag.places, Drag.x, Drag.y = (
        key,
        node,
        places,
        event.clientX,
        event.clientY,
    )
    Drag.pointer, Drag.active = event.pointerId, False


def pressed(event):
    """Forget a drop that ended earlier: this press starts afresh."""
    Drag.dropped = False


def follow(event):
    """The pressed element follows the pointer; the place below it is outlined."""
    if Drag.key is None or event.pointerId != Drag.pointer:
        return
    dx, dy = event.clientX - Drag.x, event.clientY - Drag.y
    if not Drag.active and dx * dx + dy * dy > DRAG_START * DRAG_START:
        Drag.active = True
        Drag.node.classList.add("dragging")
        document.body.classList.add("dragging-tile")
    if Drag.active:
        event.preventDefault()
        Drag.node.style.transform = "translate(" + str(dx) + "px, " + str(dy) + "px)"
        below = document.elementFromPoint(event.clientX, event.clientY)
        mark(below.closest(Drag.places) if below is not None else None)


def release(event):
    """The end of a press: (key, the element below the pointer) for a drop, else None. The
    element below is found while the dragged one still lets the pointer through (`.dragging`):
    back in its place, or on its way there, it would be in the way."""
    if Drag.key is None or event.pointerId != Drag.pointer:
        return None
    key, active = Drag.key, Drag.active
    below = document.elementFromPoint(event.clientX, event.clientY) if active else None
    cancel()
    if not active:
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
    Drag.key, Drag.node, Drag.active = None, None, False


def swallow_click(event):
    """Whether a click is the one the browser sends at the end of a drag (a pointer's click
    right after a drop; a key's click has no pointer, `detail` 0)."""
    if not Drag.dropped or not event.detail:
        return False
    Drag.dropped = False
    return True
