"""A CPU quota for a tree of processes, through a Linux cgroup: the honest way to slow a whole
browser down. CDP's CPU throttling slows a page's main thread but not its workers, where
Pyodide starts; a cgroup's quota slows every process and thread inside it, and the processes a
member starts (the Playwright driver, Chromium and its children) are members too.

Either hierarchy works: cgroup v1's `cpu` controller (cpu.cfs_period_us, cpu.cfs_quota_us) or
cgroup v2 with `cpu` among its controllers (cpu.max). Making a group needs the right to write
in the controller's mount (root, as a rule); where there is none, find_controller says why.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MOUNTS = Path("/proc/self/mounts")
# The scheduler's accounting period; a quota of `cores` lets the group run cores * PERIOD_US
# microseconds of CPU time in each period, summed over all its threads and processors.
PERIOD_US = 100_000
# A quota is a ceiling, not a promise: on a busy machine a group of default weight competes as
# one task and may get less than its quota. Ten times the default weight gets it its quota
# first; the rest of the machine keeps whatever the quota leaves.
WEIGHT = {1: ("cpu.shares", "10240"), 2: ("cpu.weight", "1000")}


@dataclass(frozen=True)
class Controller:
    """Where the cpu controller is mounted, and in which cgroup version (1 or 2)."""

    version: int
    mount: Path


def _unescape(field: str) -> str:
    """A path as /proc/self/mounts writes it: spaces, tabs, newlines and backslashes octal."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def _v2_controllers(mount: Path) -> list[str]:
    try:
        return (mount / "cgroup.controllers").read_text().split()
    except OSError:
        return []


def find_controller(mounts: str | None = None) -> Controller | str:
    """The machine's cpu controller, or a sentence saying why there is none to use.

    `mounts` is the text of /proc/self/mounts (read when None). A v1 `cpu` hierarchy wins: a
    controller is bound to one hierarchy at a time, so where v1 has it, v2 does not.
    """
    if mounts is None:
        try:
            mounts = MOUNTS.read_text()
        except OSError as error:
            return f"cannot read {MOUNTS}: {error}"
    found: list[Controller] = []
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        where, kind, options = Path(_unescape(fields[1])), fields[2], fields[3].split(",")
        if kind == "cgroup" and "cpu" in options:
            found.insert(0, Controller(1, where))
        elif kind == "cgroup2" and "cpu" in _v2_controllers(where):
            found.append(Controller(2, where))
    if not found:
        return (
            "no cgroup cpu controller is mounted (neither cgroup v1 `cpu` nor cgroup v2 with "
            "`cpu` in cgroup.controllers)"
        )
    controller = found[0]
    if not os.access(controller.mount, os.W_OK):
        return f"cgroup v{controller.version} cpu at {controller.mount} is not writable (not root)"
    return controller


def quota_files(version: int, cores: float) -> dict[str, str]:
    """What to write into a group's files for a quota of `cores` processors, and its weight."""
    quota = round(cores * PERIOD_US)
    if version == 1:
        # The period first: the quota is checked against it.
        limits = {"cpu.cfs_period_us": str(PERIOD_US), "cpu.cfs_quota_us": str(quota)}
    else:
        limits = {"cpu.max": f"{quota} {PERIOD_US}"}
    return {**limits, WEIGHT[version][0]: WEIGHT[version][1]}


def create_group(controller: Controller, cores: float, name: str) -> Path:
    """A new group `name` under the controller's root, holding no process yet, whose members
    share `cores` processors' worth of CPU time. Raises OSError when the kernel refuses."""
    if controller.version == 2:
        # A v2 group gets the cpu files only if its parent hands the controller down.
        control = controller.mount / "cgroup.subtree_control"
        if "cpu" not in control.read_text().split():
            control.write_text("+cpu")
    group = controller.mount / name
    group.mkdir()
    try:
        for file, value in quota_files(controller.version, cores).items():
            (group / file).write_text(value)
    except OSError:
        group.rmdir()
        raise
    return group


def join(group: Path, pid: int | None = None) -> None:
    """Move process `pid` (this one when None), all its threads, into `group`; the processes it
    starts from then on are born in it."""
    (group / "cgroup.procs").write_text(str(os.getpid() if pid is None else pid))


def members(group: Path) -> list[int]:
    return [int(line) for line in (group / "cgroup.procs").read_text().split()]


def remove_group(
    group: Path, wait: float = 10.0, rmdir: Callable[[Path], None] = Path.rmdir
) -> None:
    """Remove `group`, waiting up to `wait` seconds for its processes to exit and then moving
    any that linger (a closed browser's last children) to the parent group.

    `rmdir` is Path.rmdir for a real cgroup (cgroupfs removes the group's files with it); a
    stand-in directory in a test needs shutil.rmtree. Raises OSError if the kernel keeps it.
    """
    deadline = time.monotonic() + wait
    while members(group) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in members(group):
        try:
            join(group.parent, pid)
        except ProcessLookupError:  # it exited meanwhile
            pass
    for attempt in range(10):  # the kernel may call a just-emptied group busy for a moment
        try:
            rmdir(group)
            return
        except OSError:
            if attempt == 9:
                raise
            time.sleep(0.1)
