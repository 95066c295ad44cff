"""Settings for the whole suite."""

import os

from hypothesis import settings

# Hypothesis draws the same examples on every run and keeps no database of failures: the suite
# checks the same cases on every machine, so its time does not wander, and a failure one person
# sees, everyone sees. Each property's max_examples says how many cases it is worth.
settings.register_profile("suite", derandomize=True, database=None)
settings.load_profile("suite")


def pytest_collection_modifyitems(config, items):
    """On several workers, the tests marked slow are dealt out first, one worker after another:
    pytest-xdist's worksteal gives each worker an equal run of the collection to start with,
    and another worker steals from the end of it, so a slow test at the front of each run
    starts at once instead of holding the last minutes of the suite (tests/README.md)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 0)
    if workers < 2:
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    rest = [item for item in items if not item.get_closest_marker("slow")]
    runs, left = [], len(items)
    for worker in range(workers):  # the runs worksteal starts each worker with, in order
        size = left // (workers - worker)
        runs.append(size)
        left -= size
    items[:] = []
    for worker, size in enumerate(runs):
        mine = slow[worker::workers][:size]
        items += mine + rest[: size - len(mine)]
        del rest[: size - len(mine)]
    items += rest + [item for item in slow if item not in items]
