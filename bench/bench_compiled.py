"""The compiled standard library and wheel (build.py's "compiled Python"): size and start time
of each variant, in a worker in headless Chromium.

    python bench/bench_compiled.py [--loads 5]

Each variant is a stdlib zip and a wheel: npm's and pip's as they are (source), or compiled by
build.py's compiler at an optimize level, with or without build.py's STDLIB_LEFT_OUT (full or
pruned). A load is a new browser context whose module worker starts Pyodide on that stdlib
(`stdLibURL`), unpacks the wheel, and imports the engine as the page's worker does; the
variants take turns, load after load, so that all see the same machine.

Printed, per variant: the two files' sizes and the medians of `loadPyodide()` (load), the
wheel's fetch, unpack and imports (imports) and both (total), in seconds. The imports of the
source variant look fast only because its long load leaves V8 time to optimise the wasm
interpreter first: compare totals.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from statistics import median

from bench_startup import TIMEOUT, _build_module, served_browser

# (stdlib optimize level, wheel optimize level, left out?) of each compiled variant.
COMPILED = ((0, 0, False), (2, 2, False), (0, 0, True), (2, 1, True), (2, 2, True))
WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const asked = new URLSearchParams(location.search);
const began = performance.now();
const pyodide = await loadPyodide({ indexURL: "./pyodide/", stdLibURL: "./" + asked.get("zip") });
const loaded = performance.now();
pyodide.unpackArchive(await (await fetch("./" + asked.get("whl"))).arrayBuffer(), "zip");
pyodide.runPython("import rummy.sessions, rummy.gin.session");
const imported = performance.now();
postMessage({ load: loaded - began, imports: imported - loaded, total: imported - began });
"""
PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title><script>
new Worker("./worker.mjs" + location.search, { type: "module" }).onmessage =
  (event) => { window.benchResult = event.data; };
</script>"""


def variant_spec(build, stdlib: int, engine: int, pruned: bool) -> dict:
    """The build's compile spec with this variant's levels, and its stdlib pruned or full."""
    return {
        **build.compile_spec(),
        "stdlib_optimize": stdlib,
        "wheel_optimize": engine,
        "left_out": sorted(build.STDLIB_LEFT_OUT) if pruned else [],
        "kept": sorted(build.STDLIB_KEPT) if pruned else [],
    }


def make_site(build, site: Path) -> dict[str, tuple[str, str]]:
    """Pyodide, the bench's page and every variant's two files in `site`: {name: (zip, wheel)}."""
    (site / "pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, site / "pyodide" / name)
    (site / "worker.mjs").write_text(WORKER)
    (site / "index.html").write_text(PAGE)
    wheel = build.build_wheel(site / "pip")
    shutil.copyfile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip", site / "source.zip")
    shutil.copyfile(wheel, site / "source.whl")
    variants = {"source": ("source.zip", "source.whl")}
    for stdlib, engine, pruned in COMPILED:
        made = build.compiled_archives(wheel, spec=variant_spec(build, stdlib, engine, pruned))
        name = f"stdlib O{stdlib} {'pruned' if pruned else 'full'}, wheel O{engine}"
        stem = f"s{stdlib}{'p' if pruned else 'f'}w{engine}"
        shutil.copyfile(made / "python_stdlib.zip", site / f"{stem}.zip")
        shutil.copyfile(made / wheel.name, site / f"{stem}.whl")
        variants[name] = (f"{stem}.zip", f"{stem}.whl")
    return variants


def measure(browser, url: str, variants: dict[str, tuple[str, str]], loads: int) -> dict[str, list]:
    results: dict[str, list] = {name: [] for name in variants}
    for _ in range(loads):
        for name, (stdlib, wheel) in variants.items():
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{url}?zip={stdlib}&whl={wheel}")
            page.wait_for_function("window.benchResult !== undefined", timeout=TIMEOUT)
            results[name].append(page.evaluate("window.benchResult"))
            context.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="loads of each variant (>= 1)")
    args = parser.parse_args(argv)
    if args.loads < 1:
        parser.error("--loads must be at least 1")
    with tempfile.TemporaryDirectory(prefix="bench-compiled-") as scratch:
        site = Path(scratch)
        variants = make_site(_build_module(), site)
        with served_browser(site, "bench-compiled-") as (browser, url):
            results = measure(browser, url, variants, args.loads)
        print(f"medians of {args.loads} loads, s")
        for name, (stdlib, wheel) in variants.items():
            times = {k: median(r[k] for r in results[name]) / 1000 for k in results[name][0]}
            print(
                f"{name:32} stdlib {(site / stdlib).stat().st_size / 1e6:4.2f} MB"
                f"  wheel {(site / wheel).stat().st_size / 1e3:3.0f} KB"
                f"  load {times['load']:.2f}  imports {times['imports']:.2f}"
                f"  total {times['total']:.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
