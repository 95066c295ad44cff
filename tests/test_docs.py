"""The docs hold: every `>>>` example in them runs as written, and every relative link leads
to a file that exists."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
WITH_EXAMPLES = [path for path in DOCS if ">>> " in path.read_text(encoding="utf-8")]
FENCE = re.compile(r"^\s*```.*$", re.MULTILINE)
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_BLOCK = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def examples(path: Path) -> doctest.DocTest:
    """The file's examples as one doctest, its code fences read as blank lines (so a fence
    closing an example is not taken for expected output; line numbers stay the file's)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)


def test_the_engine_api_has_examples():
    assert ROOT / "docs" / "engine.md" in WITH_EXAMPLES
    assert len(examples(ROOT / "docs" / "engine.md").examples) >= 40


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=lambda path: path.name)
def test_examples_run_as_written(path):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    result = runner.run(examples(path), out=report.append)
    assert result.failed == 0, "".join(report)
    assert result.attempted > 0


def test_a_fence_closing_an_example_is_not_expected_output():
    assert FENCE.sub("", "```python\n>>> 1 + 1\n2\n```\n") == "\n>>> 1 + 1\n2\n\n"


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_relative_links_lead_to_files(path):
    text = path.read_text(encoding="utf-8")
    targets = [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]
    missing = [
        target
        for target in targets
        if target.split("#")[0] and not (path.parent / target.split("#")[0]).exists()
    ]
    assert missing == []


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (outside code blocks): lower case,
    punctuation dropped, spaces as hyphens, a repeated heading numbered -1, -2, ..."""
    text = CODE_BLOCK.sub("", path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchor, number = slug, 0
        while anchor in found:
            number += 1
            anchor = f"{slug}-{number}"
        found.add(anchor)
    return found


def test_anchors_are_githubs():
    assert {"figures", "start-up", "start-up-1", "gin--rummygin"} <= anchors(
        ROOT / "docs" / "web.md"
    ) | anchors(ROOT / "docs" / "engine.md")


@pytest.mark.parametrize("path", DOCS, ids=lambda path: path.name)
def test_links_to_headings_lead_to_headings(path):
    text = path.read_text(encoding="utf-8")
    wrong = []
    for target in LINK.findall(text):
        file, _, anchor = target.partition("#")
        if anchor and not re.match(r"[a-z]+:", target):
            if anchor not in anchors(path.parent / file if file else path):
                wrong.append(target)
    assert wrong == []


def test_the_docs_are_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("docs/engine.md", "docs/web.md", "docs/figures.md", "docs/screenshot.png"):
        assert f"]({name}" in readme


MODULES = sorted(p for p in (ROOT / "engine" / "rummy").rglob("*.py") if ">>> " in p.read_text())


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.stem)
def test_the_examples_in_the_engines_docstrings_run_as_written(path):
    module = ".".join(path.relative_to(ROOT / "engine").with_suffix("").parts)
    tests = doctest.DocTestFinder().find(__import__(module, fromlist=["_"]))
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0
