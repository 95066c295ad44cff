"""How the benches and the browser tests launch Chromium: one list of switches, so that a bench
measures the browser the tests drive.

Debian's Chromium is used, or the one RUMMY_CHROMIUM names; when it is missing, Playwright's
own (dev.sh installs it).
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = Path(os.environ.get("RUMMY_CHROMIUM") or "/usr/bin/chromium")
QUIET = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
] + (["--no-sandbox"] if os.geteuid() == 0 else [])
# Every new context opens a window, and Chromium 156 loads two WebUI pages into it for the
# address bar's pop-ups (chrome://omnibox-popup.top-chrome): 0.8 s of CPU a context, a third of
# a page's start, for pop-ups no page can open. A real browser spends it once, before any
# navigation; a bench's cold start or a test would spend it during every one (tests/README.md,
# "Speed"; docs/web.md, "Chromium's own address-bar pages").
UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]


def disabled_features(browser_type, options: dict) -> list[str]:
    """The features a launch with `options` disables, Playwright's own among them, read from a
    browser so launched: a later `--disable-features` replaces that list, it does not add to it."""
    probe = browser_type.launch(**{**options, "args": [*options["args"], "--enable-automation"]})
    try:
        line = probe.new_browser_cdp_session().send("Browser.getBrowserCommandLine")
    finally:
        probe.close()
    found = [a.split("=", 1)[1] for a in line["arguments"] if a.startswith("--disable-features=")]
    return found[-1].split(",") if found else []


def launch_options(browser_type, options: dict | None = None) -> dict:
    """`options` (Playwright's launch arguments) with the quiet switches, the Chromium to use
    and the unused features turned off beside Playwright's own."""
    launch = dict(options or {})
    launch["args"] = [*launch.get("args", []), *QUIET]
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    features = disabled_features(browser_type, launch) + UNUSED_FEATURES
    launch["args"].append("--disable-features=" + ",".join(features))
    return launch
