"""dev.sh's set-up, run in a copy of the project with a stand-in for the venv's python that
records how it is called: Playwright's Chromium is installed once when Debian's is missing and
never when it is there, and `bench NAME` runs that bench. Nothing is downloaded."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Records its arguments, one call a line; runs the real interpreter only for `-c` (dev.sh reads
# the build backend from pyproject.toml that way).
FAKE_PYTHON = f"""#!/bin/sh
printf '%s\\n' "$*" >> "$DEV_SH_CALLS"
if [ "$1" = "-c" ]; then exec {sys.executable} "$@"; fi
"""

# dev.sh test runs a worker per core and one more (pytest-xdist)
WORKERS = f"-n {(os.cpu_count() or 1) + 1}"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="dev.sh is a bash script")


@pytest.fixture
def project(tmp_path) -> Path:
    """dev.sh beside a pyproject.toml, an installed node_modules, two benches and the fake
    python as .venv/bin/python; npm is a no-op on PATH."""
    root = tmp_path / "project"
    (root / "bench").mkdir(parents=True)
    shutil.copy2(ROOT / "dev.sh", root / "dev.sh")
    shutil.copyfile(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "package-lock.json").write_text("{}\n")
    (root / "node_modules").mkdir()
    (root / "node_modules" / ".package-lock.json").write_text("{}\n")
    os.utime(root / "package-lock.json", (1_000_000_000, 1_000_000_000))
    for name in ("bench_melds.py", "bench_startup.py"):
        (root / "bench" / name).write_text("")
    for path, text in (
        (root / ".venv" / "bin" / "python", FAKE_PYTHON),
        (tmp_path / "bin" / "npm", "#!/bin/sh\n"),
    ):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        path.chmod(0o755)
    return root


def dev_sh(
    project: Path, *args: str, chromium: Path
) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Run dev.sh; the result and the fake python's calls during this run."""
    calls = project.parent / "calls"
    calls.write_text("")
    env = {
        **os.environ,
        "PATH": f"{project.parent / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "RUMMY_CHROMIUM": str(chromium),
        "DEV_SH_CALLS": str(calls),
    }
    done = subprocess.run(
        ["bash", str(project / "dev.sh"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done, calls.read_text().splitlines()


def installs_chromium(calls: list[str]) -> bool:
    return "-m playwright install chromium" in calls


def test_without_chromium_test_installs_playwrights_once_per_install(project):
    missing = project / "no-chromium"
    done, calls = dev_sh(project, "test", "-q", chromium=missing)
    assert done.returncode == 0, done.stderr
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert (
        f"-m pip install --quiet -e .[site,test] {' '.join(backend)}" in calls
    )  # build.py's own tools and the backend too
    assert installs_chromium(calls)
    assert calls[-1] == f"-m pytest {WORKERS} -q"

    done, calls = dev_sh(project, "test", "-q", chromium=missing)
    # installed already: straight to the tests (after counting the cores)
    assert [c for c in calls if not c.startswith("-c ")] == [f"-m pytest {WORKERS} -q"]

    with (project / "pyproject.toml").open("a") as f:
        f.write("# a new pin, perhaps a new Playwright\n")
    done, calls = dev_sh(project, "test", chromium=missing)
    assert installs_chromium(calls)


def test_with_chromium_nothing_is_downloaded(project):
    chromium = project / "chromium"
    chromium.write_text("")
    done, calls = dev_sh(project, "test", "tests/test_melds.py", chromium=chromium)
    assert done.returncode == 0, done.stderr
    assert not installs_chromium(calls)
    assert calls[-1] == f"-m pytest {WORKERS} tests/test_melds.py"


@pytest.mark.parametrize("name", ["melds", "bench_melds", "bench/bench_melds.py"])
def test_bench_runs_the_named_bench_with_its_arguments(project, name):
    done, calls = dev_sh(project, "bench", name, "--hands", "3", chromium=project / "no-chromium")
    assert done.returncode == 0, done.stderr
    assert installs_chromium(calls)  # the page benches need a browser too
    assert calls[-1] == "bench/bench_melds.py --hands 3"


@pytest.mark.parametrize("args", [("bench", "nope"), ("bench",)])
def test_unknown_bench_lists_the_benches(project, args):
    done, calls = dev_sh(project, *args, chromium=project / "no-chromium")
    assert done.returncode == 2
    assert "melds startup" in done.stderr
    assert calls == []  # refused before any set-up
