"""The start-up benchmark's parts that need no browser: finding a cgroup cpu controller and
writing a quota's files (against a temporary folder standing for the cgroup mount, so nothing
is slowed), and its server, which serves npm's Pyodide beside dist/ and logs what it sends.
tests/e2e/test_engine_link.py runs the whole benchmark."""

import importlib
import os
import shutil
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
cpu_quota = importlib.import_module("cpu_quota")
bench_startup = importlib.import_module("bench_startup")


def mounts(*lines: str) -> str:
    return "".join(f"{line} 0 0\n" for line in lines)


def test_a_cgroup_v1_cpu_hierarchy_is_found(tmp_path):
    text = mounts(
        "tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755",
        f"cgroup {tmp_path} cgroup rw,nosuid,nodev,noexec,relatime,cpu,cpuacct",
        "cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory",
    )
    assert cpu_quota.find_controller(text) == cpu_quota.Controller(1, tmp_path)


def test_cpuacct_alone_is_not_the_cpu_controller(tmp_path):
    text = mounts(f"cgroup {tmp_path} cgroup rw,relatime,cpuacct")
    assert "no cgroup cpu controller" in cpu_quota.find_controller(text)


def test_cgroup_v2_counts_only_with_cpu_among_its_controllers(tmp_path):
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    text = mounts(f"cgroup2 {tmp_path} cgroup2 rw,nosuid,nodev,noexec,relatime")
    assert cpu_quota.find_controller(text) == cpu_quota.Controller(2, tmp_path)
    (tmp_path / "cgroup.controllers").write_text("hugetlb\n")
    assert isinstance(cpu_quota.find_controller(text), str)


def test_v1_wins_where_both_are_mounted(tmp_path):
    (tmp_path / "unified").mkdir()
    (tmp_path / "unified" / "cgroup.controllers").write_text("cpu\n")
    (tmp_path / "cpu").mkdir()
    text = mounts(
        f"cgroup2 {tmp_path / 'unified'} cgroup2 rw,relatime",
        f"cgroup {tmp_path / 'cpu'} cgroup rw,relatime,cpu",
    )
    assert cpu_quota.find_controller(text) == cpu_quota.Controller(1, tmp_path / "cpu")


def test_a_mount_path_with_a_space_is_unescaped(tmp_path):
    spaced = tmp_path / "cgroup cpu"
    spaced.mkdir()
    escaped = str(spaced).replace(" ", "\\040")
    assert cpu_quota.find_controller(mounts(f"cgroup {escaped} cgroup rw,cpu")).mount == spaced


def test_a_controller_that_cannot_be_written_is_refused_with_the_reason(tmp_path):
    missing = tmp_path / "gone"  # root may write anywhere, but not in a folder that is not there
    reason = cpu_quota.find_controller(mounts(f"cgroup {missing} cgroup rw,cpu"))
    assert isinstance(reason, str) and str(missing) in reason and "not writable" in reason


def test_quota_files_hold_the_share_of_a_100_ms_period_and_a_weight():
    assert cpu_quota.quota_files(1, 0.25) == {
        "cpu.cfs_period_us": "100000",
        "cpu.cfs_quota_us": "25000",
        "cpu.shares": "10240",  # ten times the default: the quota first on a busy machine
    }
    assert cpu_quota.quota_files(2, 0.5) == {"cpu.max": "50000 100000", "cpu.weight": "1000"}
    assert cpu_quota.quota_files(2, 1)["cpu.max"] == "100000 100000"


def test_a_v1_group_is_made_with_its_quota_joined_and_removed(tmp_path):
    (tmp_path / "cgroup.procs").write_text("")
    group = cpu_quota.create_group(cpu_quota.Controller(1, tmp_path), 0.5, "bench")
    assert group == tmp_path / "bench"
    assert (group / "cpu.cfs_period_us").read_text() == "100000"
    assert (group / "cpu.cfs_quota_us").read_text() == "50000"
    cpu_quota.join(group, 4242)
    assert cpu_quota.members(group) == [4242]
    # 4242 lingers (a stand-in group's procs file never empties): it goes back to the parent
    cpu_quota.remove_group(group, wait=0, rmdir=shutil.rmtree)
    assert (tmp_path / "cgroup.procs").read_text() == "4242"
    assert not group.exists()


def test_a_v2_group_has_the_cpu_controller_handed_down_first(tmp_path):
    (tmp_path / "cgroup.subtree_control").write_text("memory\n")
    group = cpu_quota.create_group(cpu_quota.Controller(2, tmp_path), 0.25, "bench")
    assert (tmp_path / "cgroup.subtree_control").read_text() == "+cpu"
    assert (group / "cpu.max").read_text() == "25000 100000"
    cpu_quota.join(group)
    assert cpu_quota.members(group) == [os.getpid()]


def test_a_group_whose_quota_the_kernel_refuses_is_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(cpu_quota, "quota_files", lambda version, cores: {"no/such": "1"})
    with pytest.raises(FileNotFoundError):
        cpu_quota.create_group(cpu_quota.Controller(1, tmp_path), 1, "bench")
    assert not (tmp_path / "bench").exists()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The bench's server for a stand-in dist/, its address and its build module."""
    build = bench_startup._build_module()
    build.ensure_node_modules()
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<!doctype html><title>game</title>\n")
    server = bench_startup.bench_server(build, dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", build
    server.shutdown()
    server.server_close()


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url) as answer:
        return answer.read()


def test_the_floor_is_npms_pyodide_beside_dist_and_every_byte_sent_is_logged(served):
    base, build = served
    network = bench_startup.Network(base)
    mark = network.mark()
    assert b"game" in fetch(base + "index.html")
    assert b"floor_worker.mjs" in fetch(base + "bench-floor/floor.html")
    lock = fetch(base + "bench-floor/pyodide/pyodide-lock.json")
    assert lock == (build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_bytes()
    # The server logs a response once its last byte is written, which may be just after this
    # side has read it: wait for the third entry (on a loaded machine it came late).
    for _ in range(500):
        if network.mark() >= mark + 3:
            break
        time.sleep(0.01)
    logged = network.since(mark)
    assert [path for path, _, _ in logged] == [
        "/index.html",
        "/bench-floor/floor.html",
        "/bench-floor/pyodide/pyodide-lock.json",
    ]
    assert logged[2][2] == len(lock) and bench_startup.sent(logged[2:]) == len(lock)
    assert bench_startup.sent(logged[2:], gzipped=True) < len(lock)  # JSON compresses
    assert network.mark() == mark + 3  # reading the log is not logged


def test_the_floor_pages_name_no_other_host():
    for page in (ROOT / "bench" / "floor").iterdir():
        assert "http" not in page.read_text(), page.name


def test_the_floor_is_not_shipped():
    assert not [p for p in (ROOT / "web").rglob("*") if p.name.startswith("floor")]


def test_quotas_are_read_and_checked():
    assert bench_startup.parse(["--cpu-quota", "1,0.5,0.25"]).cpu_quota == [1.0, 0.5, 0.25]
    options = bench_startup.parse(["--loads", "3", "--cpu-quota", "0.5"])
    assert options.quota_loads == 3 and options.quota_devices == options.devices
    plans = bench_startup.plans(options)
    assert list(plans) == ["all", "0.5"]
    for bad in ("0", "fast", "-1"):
        with pytest.raises(SystemExit):
            bench_startup.parse(["--cpu-quota", bad])


def row(mode: str, ready: float, cores: str = "all", floor: float = 1.0) -> object:
    figures = dict.fromkeys(bench_startup.Row.__dataclass_fields__, 1.0)
    return bench_startup.Row(
        **{
            **figures,
            **{"cores": cores, "device": "desktop", "mode": mode, "ready": ready, "floor": floor},
        }
    )


def test_the_snapshot_is_weighed_against_the_ordinary_start_of_a_return_visit(capsys):
    """warm-ordinary, a return visit with the snapshot taken out of the cache, is the start on
    the compiled standard library alone: the report says by how much the snapshot beats it, and
    whether by the 25% that keeps it in the build."""
    assert bench_startup.parse(["--modes", "warm,warm-ordinary"]).modes == ("warm", "warm-ordinary")
    with pytest.raises(SystemExit):
        bench_startup.parse(["--modes", "tepid"])
    bench_startup.print_targets([row("warm", 900), row("warm-ordinary", 1500)])
    bench_startup.print_targets([row("warm", 1300), row("warm-ordinary", 1500)])
    first, second = [
        line for line in capsys.readouterr().out.splitlines() if "the snapshot against" in line
    ]
    assert "900 ms against 1500 ms, 40% faster" in first and first.endswith(": met")
    assert "13% faster" in second and second.endswith("not met")


def test_the_compiled_stdlib_bench_asks_the_build_for_whole_specs():
    """Each variant bench_compiled.py measures is the build's own compile spec with only its
    levels and its pruning changed, so the build's compiler takes it as it takes its own."""
    bench_compiled = importlib.import_module("bench_compiled")
    build = bench_startup._build_module()
    for stdlib, engine, pruned in bench_compiled.COMPILED:
        spec = bench_compiled.variant_spec(build, stdlib, engine, pruned)
        assert spec.keys() == build.compile_spec().keys()
        assert (spec["stdlib_optimize"], spec["wheel_optimize"]) == (stdlib, engine)
        assert bool(spec["left_out"]) == pruned


def test_a_settled_return_visit_is_held_to_the_warm_bar_as_well(capsys):
    """settled, a return visit once Chrome's code caches are made and used, is where the floor
    is fastest: the report holds it to the warm bar on a line of its own."""
    assert bench_startup.parse(["--modes", "warm,settled"]).modes == ("warm", "settled")
    assert bench_startup.SETTLING >= 2  # the caches are made on the second visit, used after
    bench_startup.print_targets([row("warm", 700), row("settled", 700, floor=1400)])
    bench_startup.print_targets([row("settled", 500, floor=1400)])
    out = capsys.readouterr().out.splitlines()
    first, second = [line for line in out if "first hand / floor, settled" in line]
    assert "0.50 (desktop settled), not met" in first
    assert "0.36 (desktop settled), met" in second
