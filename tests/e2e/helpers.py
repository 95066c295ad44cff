"""What the end-to-end tests share: reading the page's state and acting as a person would.

Every wait is on a state of the page, never on a time: `body.dataset.phase` (the screen shown),
and `body.dataset.busy`, set from a tap until its work is done (the move sent to the engine's
worker and its reply drawn). Timeouts are only the upper bound of a wait, generous for a
shared, busy machine.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Locator, Page, Playwright

LOAD_TIMEOUT = 180_000  # the engine's start on a busy machine
TURN_TIMEOUT = 120_000  # the computer players' turns, at the test pace (?fast)
IDLE = "!document.body.dataset.busy"
# A test's browser context runs no service worker unless the test is about one (marked
# `service_worker`, or its own context allows it): installing one precaches every file of the
# site again, about 1 s of CPU a first visit that the tests of anything else do not need.
NO_SERVICE_WORKER = {"service_workers": "block"}
CARDS_STILL = """document.getAnimations().every(
  a => a.playState !== "running"
    || !(a.effect && a.effect.target && a.effect.target.closest(".card")))"""


@contextmanager
def own_page(browser: Browser, locale: str = "en-US", **options) -> Iterator[Page]:
    """A page in a context of its own (English unless `locale` says otherwise; `options` are the
    context's, with no service worker unless they say service_workers="allow"), closed
    afterwards: for a test that expects errors or needs a browser of another language."""
    context = browser.new_context(locale=locale, **{**NO_SERVICE_WORKER, **options})
    try:
        yield context.new_page()
    finally:
        context.close()


@dataclass
class Watched:
    """A page, with every URL it requested and every error it reported."""

    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@contextmanager
def device_page(
    playwright: Playwright, browser: Browser, device: str | dict | None = None
) -> Iterator[Watched]:
    """A page in a context of its own (English) emulating `device`: a Playwright device name, or
    the context's options (a viewport, is_mobile, ...; None: a desktop); watched for requests and
    errors; closed afterwards."""
    if isinstance(device, str):
        descriptor = {
            k: v for k, v in playwright.devices[device].items() if k != "default_browser_type"
        }
    else:
        descriptor = device or {}
    context = browser.new_context(**descriptor, **NO_SERVICE_WORKER, locale="en-US")
    watched = Watched(context.new_page())
    watched.page.on("request", lambda request: watched.requests.append(request.url))
    watched.page.on("pageerror", lambda error: watched.errors.append(str(error)))
    watched.page.on("console", lambda m: m.type == "error" and watched.errors.append(m.text))
    try:
        yield watched
    finally:
        context.close()


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
        "the page scrolls sideways"
    )


def phase(page: Page) -> str:
    return page.evaluate("document.body.dataset.phase")


def settle(page: Page) -> None:
    """Wait until the work of the last tap is done, and the cards it moved are in place."""
    page.wait_for_function(f"{IDLE} && {CARDS_STILL}", timeout=TURN_TIMEOUT)


def loaded(page: Page) -> None:
    """Wait until the engine is ready and the page shows a screen."""
    page.wait_for_function(
        f"document.body.dataset.phase !== 'loading' && {IDLE}", timeout=LOAD_TIMEOUT
    )


def open_page(page: Page, url: str, seed: int | None = None) -> None:
    """The game at test pace (`?fast`), dealing the first new match from `seed` if given."""
    page.goto(url + "?fast" + (f"&seed={seed}" if seed is not None else ""))
    loaded(page)


def press(locator: Locator, how: str = "click") -> None:
    """A click, a tap, or (how="keys") the keyboard: focus the control, then Enter; then wait
    until the page has done what it started."""
    if how == "tap":
        locator.tap()
    elif how == "keys":
        locator.focus()
        locator.page.keyboard.press("Enter")
    else:
        locator.click()
    settle(locator.page)


def deal(page: Page, how: str = "click") -> None:
    """Deal the hand if it awaits the person's cut (a fair deal, docs/fair-deal.md: every match
    but one started from `?seed`, whose hands are the seed's): Deal, which cuts at the moment
    of the tap. A hand already dealt is left as it is."""
    if phase(page) == "cut":
        press(page.get_by_test_id("deal"), how)


def cards_still(page: Page) -> None:
    """Wait until no card is on its way (the page's motion moves cards with transforms, which
    a card's screen box includes)."""
    page.wait_for_function(CARDS_STILL, timeout=TURN_TIMEOUT)


def wait_out(page: Page, screen: str) -> None:
    """Wait until the page leaves `screen` (the computer players' turn, say)."""
    page.wait_for_function(f"document.body.dataset.phase !== '{screen}'", timeout=TURN_TIMEOUT)


class HeldRequests:
    """Requests to `pattern` held back while the test looks at the page (the engine's wheel:
    the worker cannot start; a request the test planted in the worker: it waits there), until
    `release()`. The page's context must not run a service worker (it would answer the
    request itself, unseen by the route)."""

    def __init__(self, page: Page, pattern: str = "**/*.whl") -> None:
        self.page, self.pattern, self.held = page, pattern, []
        page.route(pattern, lambda route: self.held.append(route))

    def wait(self) -> None:
        """Until a request is held (it reaches the list as Playwright dispatches events)."""
        for _ in range(100_000):
            if self.held:
                return
            self.page.evaluate("0")
        raise AssertionError(f"no request to {self.pattern} came")

    def release(self) -> None:
        self.wait()
        for route in self.held:
            route.continue_()
        self.page.unroute(self.pattern)


def from_site(url: str, site_url: str) -> bool:
    """Whether a request stays on the site: its own files, or a blob: of its origin (PyScript
    starts its worker from one)."""
    return url.startswith(site_url) or url.startswith("blob:" + site_url)


def counted(count: int, noun: str) -> str:
    """A count as the English page says it: "1 point", "2 points"."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def face(code: str) -> str:
    """A card code as the page writes it: "TD" is 10♦."""
    rank = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}.get(code[0], code[0])
    return rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]


# Storage blocked, as when a browser refuses all site data: reading `localStorage` itself
# throws (a page init script, before the page's own scripts run).
STORAGE_BLOCKED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("site data is blocked", "SecurityError"); },
});
"""


def stored(page: Page, key: str) -> dict | None:
    raw = page.evaluate(f"localStorage.getItem('{key}')")
    return json.loads(raw) if raw else None


LONG_TASKS = """
window.rummyLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.rummyLongTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


def watch_long_tasks(page: Page) -> None:
    """Record every main-thread task over 50 ms from the navigation on (read `long_tasks`)."""
    page.add_init_script(LONG_TASKS)


def long_tasks(page: Page) -> list[float]:
    return page.evaluate("window.rummyLongTasks")


def finger_drag(
    page: Page, source: Locator, target: Locator, steps: int = 8, hold: str | None = None
) -> None:
    """A finger pressed on `source`, moved onto `target` and lifted (touch events, which the
    browser turns into pointer events of type "touch"). With `hold` (a condition in the page),
    the finger rests on `source` until the page says `hold` (a long press), then moves."""
    cdp = page.context.new_cdp_session(page)
    start, end = source.bounding_box(), target.bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2

    def now() -> float:
        return page.evaluate("Date.now() / 1000")

    def touch(kind: str, points: list[dict], at: float) -> None:
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": points, "timestamp": clock + at},
        )

    clock = now()  # the events' own times: a slow, steady finger
    touch("touchStart", [{"x": x0, "y": y0}], 0)
    if hold is not None:
        page.wait_for_function(hold, timeout=TURN_TIMEOUT)
        clock = now()
    for step in range(1, steps + 1):
        touch(
            "touchMove",
            [{"x": x0 + (x1 - x0) * step / steps, "y": y0 + (y1 - y0) * step / steps}],
            0.05 * step,
        )
    touch("touchMove", [{"x": x1, "y": y1}], 0.05 * steps + 0.3)  # held still: no fling follows
    touch("touchEnd", [], 0.05 * steps + 0.35)
    cdp.detach()
