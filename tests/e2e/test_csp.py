"""The page's Content-Security-Policy: as strict as PyScript, Pyodide and MicroPython allow, and
no violation while each game is played (docs/web.md, "Content-Security-Policy")."""

import urllib.request
from html.parser import HTMLParser

import pytest
from helpers import deal, loaded, open_page, phase, press, settle, wait_out
from players import gin_turn, gin_until, start_gin
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# Every violation the document sees, recorded from the first byte of the page on.
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(
  [e.effectiveDirective, e.blockedURI, e.sourceFile + ":" + e.lineNumber, e.sample].join(" | ")));
"""
KEYWORDS = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'"}


class _Head(HTMLParser):
    """The CSP meta's policy, and the tags of <head> that come before it."""

    def __init__(self) -> None:
        super().__init__()
        self.policy, self.before, self.metas = None, [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy":
            self.metas += 1
            self.policy = attrs.get("content")
        elif self.policy is None and tag not in ("html", "head"):
            self.before.append((tag, attrs))


def served_policy(url: str) -> tuple[dict[str, list[str]], list]:
    with urllib.request.urlopen(url + "index.html") as response:
        head = _Head()
        head.feed(response.read().decode("utf-8"))
    assert head.metas == 1, "index.html must carry exactly one CSP meta"
    directives = {}
    for part in head.policy.split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} given twice"
        directives[name] = sources
    return directives, head.before


def test_the_served_page_carries_a_strict_policy(site):
    policy, before = served_policy(site.url)
    # First in <head> (only the charset before it): a meta policy covers what follows it only.
    assert before == [("meta", {"charset": "utf-8"})]
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert "'unsafe-inline'" not in " ".join(s for v in policy.values() for s in v)
    assert policy["worker-src"] == ["'self'", "blob:"]  # sw.js; PyScript's worker is a blob:
    for name in ("style-src", "img-src", "connect-src", "manifest-src"):
        assert policy[name] == ["'self'"], name
    assert policy["base-uri"] == policy["form-action"] == ["'none'"]
    # No host, scheme (but the worker's blob:) or wildcard anywhere: only the page's own origin.
    sources = {s for name, v in policy.items() if name != "worker-src" for s in v}
    assert sources <= KEYWORDS, sources - KEYWORDS


def play_gin(page: Page) -> None:
    """A few of the person's moves: pass the upcard, draw, discard, until two discards."""
    start_gin(page, target=100, level="normal")
    for _ in range(2):
        gin_until(page, ("discard",))
        gin_turn(page)


def play_basic(page: Page) -> None:
    """One turn against one computer player: draw from the stock, discard the last card."""
    for testid in ("game-basic", "opponents-1", "length-hands-1", "basic-level-easy", "start"):
        press(page.get_by_test_id(testid))
    deal(page)
    while phase(page) == "opponent":
        wait_out(page, "opponent")
    assert phase(page) == "draw"
    press(page.get_by_test_id("basic-stock"))
    press(page.locator("#basic-hand [data-card]").last)
    press(page.get_by_test_id("basic-discard"))


def play_rummikub(page: Page) -> None:
    """A hint (the solver in the worker), a tile dragged by mouse across the rack (the page
    moves it with element.style.transform, which style-src does not govern), then a draw."""
    for testid in (
        "game-rummikub",
        "rk-opponents-1",
        "rk-level-easy",
        "rk-length-rounds-1",
        "rk-meld-off",
        "rk-timer-off",
        "start",
    ):
        press(page.get_by_test_id(testid))
    deal(page)
    while phase(page) == "opponent":
        wait_out(page, "opponent")
    assert phase(page) == "play"
    press(page.get_by_test_id("rk-hint"))
    tiles = page.locator("#rk-rack [data-tile]")
    first, last = tiles.first.bounding_box(), tiles.last.bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=8)
    assert "translate" in tiles.first.evaluate("t => t.style.transform"), (
        "the drag did not move the tile"
    )
    page.mouse.up()
    settle(page)
    press(page.get_by_test_id("rk-draw"))


def to_the_menu(page: Page) -> None:
    """Back to the start screen from wherever the game stands: the computer's turn waited out,
    then the result closed if the hand ended meanwhile (the person's knock, or the computer's)."""
    if phase(page) == "opponent":
        wait_out(page, "opponent")
    if page.locator("#result").is_visible():
        press(page.get_by_test_id("close-result"))
    press(page.get_by_test_id("home"))


@pytest.mark.service_worker  # its registration is checked
def test_no_violation_while_each_game_is_played(page: Page, site):
    reported = []

    def on_console(message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            reported.append(message.text)

    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", on_console)  # the document's and (forwarded) PyScript's worker's
    page.on("worker", lambda worker: worker.on("console", on_console))
    open_page(page, site.url)
    for play in (play_gin, play_basic, play_rummikub):
        play(page)
        to_the_menu(page)
        assert phase(page) == "start"
    # worker-src 'self': the service worker was registered (a blocked one only warns).
    # (A predicate's promise would count as true at once: each poll asks, the next one reads.)
    page.wait_for_function(
        """() => {
            navigator.serviceWorker.getRegistration().then((found) => {
                window.swRegistered = Boolean(found);
            });
            return window.swRegistered === true;
        }""",
        timeout=60_000,
    )

    assert page.evaluate("window.cspViolations") == []
    assert reported == []


def test_a_crafted_link_reaches_the_page_as_no_html(page: Page, site):
    """Links are untrusted input: what the address carries (query and fragment) is read as
    data only; markup in it is never inserted, and the page plays on."""
    bait = "<img src=x onerror=window.rummyHacked=1>"
    page.goto(site.url + f"?fast&seed={bait}&lang={bait}#{bait}")
    loaded(page)
    press(page.get_by_test_id("start"))
    assert phase(page) not in ("start", "loading")
    assert page.evaluate("window.rummyHacked") is None
    assert page.locator("img").count() == 0
    assert "onerror" not in page.content()
