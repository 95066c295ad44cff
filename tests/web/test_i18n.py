"""The UI string catalogs in web/i18n: every language has the keys and placeholders of en.json,
English has plural forms where a count can be 1 (Chinese has none), Chinese text is parted by
its own commas, every key the web code names literally exists in en.json, and every refusal the
engine raises has its words; and the page's `t()` picks the plural form by its count, and its
`refusal_text` words a refusal as the rules in force make it."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from pathlib import Path
from unittest import mock

import pytest
from rummy import errors
from rummy.basic.rules import CHOICES
from support.session_play import basic_at_play

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
ENGINE = ROOT / "engine" / "rummy"
I18N = WEB / "i18n"
CATALOGS = sorted(I18N.glob("*.json"))

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Literal keys in web code: data-i18n="key" (and data-i18n-aria="key", any data-i18n-*),
# t("key") / t('key') (and voiced("key", ...)), and both keys of t("a" if x else "b") /
# t(x ? "a" : "b").
# A key built at run time (t(f"error.{reason}"), t("move." + kind)) is not matched, or only up to
# its trailing dot, which `used_keys` drops.
KEY = r"""["']([\w.-]+)["']"""
KEY_USES = (
    re.compile(r"""data-i18n(?:-[\w-]+)?\s*=\s*["']([^"'{}$]+)["']"""),
    re.compile(rf"\b(?:t|voiced)\(\s*{KEY}"),
    re.compile(rf"\bt\(\s*{KEY}\s+if\b[^()\n]*?\belse\s+{KEY}"),
    re.compile(rf"\bt\([^()\n]*?\?\s*{KEY}\s*:\s*{KEY}"),
)


def load(path: Path) -> dict:
    """The catalog at `path`; a key given twice is an error, not silently the last value."""

    def no_duplicates(pairs: list[tuple[str, object]]) -> dict:
        keys = [key for key, _ in pairs]
        duplicates = sorted({key for key in keys if keys.count(key) > 1})
        assert not duplicates, f"{path.name}: keys given twice: {duplicates}"
        return dict(pairs)

    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_duplicates)


EN = load(I18N / "en.json")
RULES_PAGES = (
    "rules.body",
    "basic.rules.body",
    "rk.rules.body",
)  # the in-app rules of each game: lists of paragraphs


# A text with plural forms (English): {"by": placeholder, "one": ..., "other": ...}, its form
# chosen by whether the placeholder `by` names is 1 (web/ui/dom.py, t).
PLURAL_KEYS = {"by", "one", "other"}
# A number followed by a noun in the plural: "{count} cards", which reads "1 cards" at 1.
COUNTED_NOUN = re.compile(
    r"\{(\w+)\} (cards|points|tiles|hands|rounds|turns|seconds|decisions|times|players|steps)\b"
)


def strings(value: object) -> list[str]:
    """The texts of a value: a rules page's paragraphs, a plural's forms, or the string."""
    if isinstance(value, dict):
        return [value["one"], value["other"]]
    return value if isinstance(value, list) else [value]


def placeholders(value: object) -> set[str]:
    return {name for text in strings(value) for name in PLACEHOLDER.findall(text)}


def shape(body: list[str]) -> list[str]:
    """Headings and bullets of a rules page, so translations keep the English structure."""
    return [
        "heading" if p.startswith("## ") else "bullet" if p.startswith("- ") else "text"
        for p in body
    ]


def used_keys() -> dict[str, set[str]]:
    """Literal i18n keys in web/**/*.py, *.js and *.html, mapped to the files using them."""
    uses: dict[str, set[str]] = {}
    for path in sorted(p for pattern in ("*.py", "*.js", "*.html") for p in WEB.rglob(pattern)):
        text = path.read_text(encoding="utf-8")
        for pattern in KEY_USES:
            for match in pattern.finditer(text):
                for key in filter(None, match.groups()):
                    if not key.endswith("."):
                        uses.setdefault(key, set()).add(path.name)
    return uses


def test_catalogs_exist():
    assert {path.stem for path in CATALOGS} >= {"en", "zh-Hans", "zh-Hant"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.stem)
def test_catalog(path: Path):
    catalog = load(path)
    assert isinstance(catalog, dict)
    missing, extra = sorted(set(EN) - set(catalog)), sorted(set(catalog) - set(EN))
    assert not missing and not extra, f"missing {missing}, not in en.json {extra}"

    for name in RULES_PAGES:
        body = catalog[name]
        assert isinstance(body, list) and body, f"{name} must be a non-empty list of paragraphs"
        assert shape(body) == shape(EN[name]), f"{name} headings/bullets differ from en.json"

    for key, value in catalog.items():
        if isinstance(value, dict) and path.stem == "en":
            assert_plural_forms(key, value)
        elif key not in RULES_PAGES:
            assert isinstance(value, str), f"{key} must be a string (plural forms: English only)"
        for text in strings(value):
            assert isinstance(text, str) and text.strip(), f"{key} has an empty or non-string entry"
        assert placeholders(value) == placeholders(EN[key]), (
            f"{key}: placeholders differ from en.json"
        )


def test_the_dom_layer_is_scanned():
    assert {"main.py", "gin.py", "basic.py", "index.html"} <= {
        f for files in used_keys().values() for f in files
    }


def test_keys_used_in_web_code_exist():
    missing = {key: sorted(files) for key, files in used_keys().items() if key not in EN}
    assert not missing, f"keys used in web code but missing from en.json: {missing}"


# ---- refusals: the engine's reason codes, each worded by the page (web/ui/dom.py, refusal_text)

REFUSALS = {
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.IllegalAction)
}  # IllegalAction and its kinds (IllegalPlay)
# Refusals only a fault of the page meets, never a person's move: a move while the table is
# covered, "reveal" with nothing covered, "pass-on" at a table nobody shares, a review of a game
# without one, a request the worker cannot read. The page says "not allowed" (error.illegal).
PAGE_FAULTS = {"covered", "not_covered", "not_shared", "no_review", "bad_request"}


def raised_reasons() -> dict[str, set[str]]:
    """Each reason code the engine raises (an IllegalAction, or a session's Refusal, or a helper
    taking a `reason` that it passes on), mapped to where: the game's folder (its page is
    web/ui/<folder>.py), or "" for the modules every game shares."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {
            node.name: [arg.arg for arg in node.args.args].index("reason")
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and "reason" in [arg.arg for arg in node.args.args]
        }
        folders = path.relative_to(ENGINE).parts[:-1]
        where = folders[0] if folders else ""
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            # The reason's place: Refusal(reason, ...), IllegalAction(message, reason, ...).
            at = 0 if name == "Refusal" else 1 if name in REFUSALS else helpers.get(name)
            if at is None:
                continue
            given = {keyword.arg: keyword.value for keyword in node.keywords}
            reason = node.args[at] if len(node.args) > at else given.get("reason")
            if isinstance(reason, ast.Name) and reason.id == "reason":
                continue  # a helper passing its own `reason` on: its callers are read
            assert isinstance(reason, ast.Constant), (
                f"{path.name}:{node.lineno}: a reason this test cannot read: {ast.unparse(node)}"
            )
            found.setdefault(reason.value, set()).add(where)
    return found


def refusal_prefix(game: str) -> str:
    """The prefix of a game's own wording of its refusals (its table's `refusals`); a folder
    with no page of its own (the tutorials) words them with the shared ones."""
    page = WEB / "ui" / f"{game}.py"
    text = page.read_text(encoding="utf-8") if game and page.exists() else ""
    match = re.search(r"""^\s+refusals = ["']([\w.]*)["']""", text, re.MULTILINE)
    return match.group(1) if match else ""


def test_the_engines_refusals_are_found():
    reasons = raised_reasons()
    assert {"not_your_turn", "meld_first", "final_discard", "knock_too_high"} <= set(reasons)
    assert "group_too_long" in reasons  # through Rummikub's helper `_refuse`
    assert reasons["not_a_meld"] == {"basic"} and refusal_prefix("rummikub") == "rk."
    assert PAGE_FAULTS <= set(reasons)  # each still raised, so none is left out for nothing


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.stem)
def test_every_refusal_the_engine_raises_has_its_words(path: Path):
    """The page words a refusal by its reason, in the game's own words (basic.error.<reason>)
    or the shared ones (error.<reason>), else only as "not allowed": each a person's move can
    meet needs a text, the house rules' refusals included."""
    catalog = load(path)
    unworded = {
        reason: sorted(places)
        for reason, places in raised_reasons().items()
        if reason not in PAGE_FAULTS
        for place in places
        if not {f"{refusal_prefix(place)}error.{reason}", f"error.{reason}"} & set(catalog)
    }
    assert not unworded, f"refusals without words: {unworded}"


def test_every_ace_rule_has_the_words_a_meld_refused_names():
    assert {f"error.ace.{ace}" for ace in CHOICES["ace"]} <= set(EN)


def assert_plural_forms(key: str, value: dict) -> None:
    assert set(value) == PLURAL_KEYS, f"{key}: plural forms are exactly {sorted(PLURAL_KEYS)}"
    one, other = value["one"], value["other"]
    assert isinstance(one, str) and isinstance(other, str), f"{key}: forms are strings"
    assert set(PLACEHOLDER.findall(one)) == set(PLACEHOLDER.findall(other)), (
        f"{key}: its forms' placeholders differ"
    )
    assert value["by"] in PLACEHOLDER.findall(other), f"{key}: counted by a placeholder it lacks"
    assert one != other, f"{key}: one and other are the same: no plural forms needed"


def test_english_counts_have_plural_forms():
    """ "{count} cards" reads "1 cards" at 1: such a text needs its one form."""
    plain = {
        key: value
        for key, value in EN.items()
        if isinstance(value, str) and COUNTED_NOUN.search(value)
    }
    assert not plain, f"counted nouns without plural forms: {plain}"
    plurals = [value for value in EN.values() if isinstance(value, dict)]
    assert plurals and all(COUNTED_NOUN.search(value["other"]) for value in plurals)


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_chinese_text_has_no_ascii_commas(lang: str):
    catalog = load(I18N / f"{lang}.json")
    ascii_commas = [key for key, value in catalog.items() if any("," in s for s in strings(value))]
    assert not ascii_commas, f"use 、 or ， in Chinese text: {ascii_commas}"


def test_web_code_parts_lists_by_the_language():
    """A list joined with ", " in code reads "蓝7, 蓝11" in Chinese: `listed` parts it by the
    catalog's `list.sep`."""
    joins = [
        path.name
        for path in sorted(WEB.rglob("*.py"))
        if re.search(r"""["'], ["']\.join""", path.read_text(encoding="utf-8"))
    ]
    assert not joins, f'", ".join in {joins}: use dom.listed'


@pytest.fixture
def dom(monkeypatch: pytest.MonkeyPatch):
    """web/ui/dom.py on CPython, the browser's modules (js, pyscript) stubbed: its translation
    functions touch neither."""
    for name in ("js", "pyscript", "pyscript.ffi"):
        monkeypatch.setitem(sys.modules, name, mock.MagicMock())
    spec = importlib.util.spec_from_file_location("page_dom", WEB / "ui" / "dom.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_t_picks_the_plural_form_by_its_count(dom):
    dom.Catalog.strings = EN
    assert dom.t("table.pileCount", count=1) == "1 card in the pile"
    assert dom.t("table.pileCount", count=0) == "0 cards in the pile"
    assert dom.t("table.pileCount", count=21) == "21 cards in the pile"
    assert dom.t("basic.result.left", points=1) == "1 point left in hand"
    assert dom.t("basic.result.left", points=12) == "12 points left in hand"
    assert dom.t("review.points", points="1") == "1 point"  # a figure shown as text
    assert dom.t("review.points", points="1.5") == "1.5 points"
    assert dom.known("table.pileCount")
    dom.Catalog.strings = load(I18N / "zh-Hans.json")
    assert dom.t("basic.result.left", points=1) == "手里剩 1 分"


def test_lists_part_by_the_language(dom):
    dom.Catalog.strings = EN
    assert dom.listed(["red 7", "blue 8"]) == "red 7, blue 8"
    dom.Catalog.strings = load(I18N / "zh-Hans.json")
    assert dom.listed(["红7", "蓝8"]) == "红7、蓝8"


def test_a_replay_words_the_sharer_where_the_table_says_you(dom):
    dom.Catalog.strings = EN
    assert dom.voiced("settle.knock.you") == "You knocked"
    assert dom.voiced("settle.knock.you", True) == "The sharer knocked"
    assert dom.voiced("settle.knock.opponent", True) == "The computer knocked"  # no twin needed
    dom.Catalog.strings = load(I18N / "zh-Hans.json")
    assert dom.voiced("basic.result.out.you", True) == "分享者出完了牌！"


def page_refusal(dom, session, code: str, lang: str) -> str:
    """The refusal of the person's move `code`, as the Basic Rummy table words it in `lang`."""
    refusal = session.act(code)
    assert refusal.reason != "bad_code", refusal
    dom.Catalog.strings = load(I18N / f"{lang}.json")
    return dom.refusal_text(refusal.as_dict(), "basic.")


LANGS = [path.stem for path in CATALOGS]


@pytest.mark.parametrize("lang", LANGS)
def test_the_house_rules_refusals_say_which_rule_refuses(dom, lang: str):
    catalog = load(I18N / f"{lang}.json")
    before_meld = basic_at_play("9S 4C 4D 4H KD", ["6S 7S 8S"], lay_off_after_meld=True)
    without_discard = basic_at_play("4C 5C 6C", final_discard="required")
    for session, code, reason in (
        (before_meld, "layoff 9S 0", "meld_first"),
        (without_discard, "meld 4C 5C 6C", "final_discard"),
    ):
        text = page_refusal(dom, session, code, lang)
        assert text == catalog[f"error.{reason}"] != catalog["error.illegal"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_meld_refused_names_the_ace_rule_in_force(dom, lang: str):
    catalog = load(I18N / f"{lang}.json")
    low = page_refusal(dom, basic_at_play("QH KH AH 5C"), "meld QH KH AH", lang)
    both = page_refusal(dom, basic_at_play("KH AH 2H 5C", ace="both"), "meld KH AH 2H", lang)
    assert catalog["error.ace.low"] in low and catalog["error.ace.both"] not in low
    assert catalog["error.ace.both"] in both and catalog["error.ace.low"] not in both
    assert both.startswith("A♥ 2♥ K♥ ") and "{" not in both  # its cards as faces
    if lang == "en":
        assert low.endswith("in sequence (ace low).")
        assert both.endswith("in sequence (ace high or low, never K-A-2).")
