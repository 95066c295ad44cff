"""The page's storage: every access to localStorage goes through web/storage.js, whose functions
answer instead of throwing, when storage works, is full, or is blocked altogether (reading it
throws SecurityError). Run in Node: the module is plain JavaScript with no page around it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
STORAGE = WEB / "storage.js"
# Code that touches a Storage object: `localStorage.getItem`, `js.localStorage[...]` (prose
# that names it, as a docstring does, is not matched).
ACCESS = re.compile(r"\b(?:local|session)Storage\s*[.\[]")
NODE = shutil.which("node")

# Each case: a Storage that works, one that is full, one that is blocked; then what the module
# answers to every call, printed as JSON.
SCRIPT = """
const kept = new Map();
const storages = {
  working: {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  },
  full: {
    getItem: () => null,
    setItem: () => { throw new Error("QuotaExceededError"); },
    removeItem: () => {},
  },
};
const which = process.argv[1];
Object.defineProperty(globalThis, "localStorage", {
  get() {
    if (which === "blocked") throw new Error("SecurityError: site data is blocked");
    return storages[which];
  },
});
console.warn = () => {};
const storage = await import(process.argv[2]);
const answers = {
  stored: storage.store("k", "v"),
  recalled: storage.recall("k"),
  missing: storage.recall("nothing"),
  unstored: storage.unstore("k"),
  gone: storage.recall("k"),
  blocked: storage.isBlocked(),
};
console.log(JSON.stringify(answers));
"""


def storage_answers(which: str) -> dict:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, which, STORAGE.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def test_only_storage_js_touches_the_storage():
    """theme.js and first-paint.js, which run before any module can load, each read the saved
    choices once, in a try of their own; first-paint.js also writes a choice tapped before the
    DOM layer is live, in a try of its own."""
    touching = {
        path.relative_to(WEB).as_posix()
        for pattern in ("*.py", "*.js", "*.html", "*.mjs")
        for path in WEB.rglob(pattern)
        if ACCESS.search(path.read_text(encoding="utf-8"))
    }
    assert touching == {"storage.js", "theme.js", "first-paint.js"}
    for early, uses in (("theme.js", 1), ("first-paint.js", 2)):
        text = (WEB / early).read_text(encoding="utf-8")
        assert ACCESS.findall(text) == ["localStorage."] * uses, early
        assert text.count("try {") >= uses, early


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
@pytest.mark.parametrize(
    ("which", "answers"),
    [
        (
            "working",
            {
                "stored": True,
                "recalled": "v",
                "missing": None,
                "unstored": True,
                "gone": None,
                "blocked": False,
            },
        ),
        (
            "full",
            {
                "stored": False,
                "recalled": None,
                "missing": None,
                "unstored": True,
                "gone": None,
                "blocked": False,
            },
        ),
        (
            "blocked",
            {
                "stored": False,
                "recalled": None,
                "missing": None,
                "unstored": False,
                "gone": None,
                "blocked": True,
            },
        ),
    ],
)
def test_storage_js_answers_and_never_throws(which: str, answers: dict):
    assert storage_answers(which) == answers
