"""The engine worker's script: PyScript runs it as __main__ in the worker (index.html's
<script type="py" worker>). It is this small because PyScript compiles it from source at every
start, and Pyodide compiles slowly; engine_worker, the adapter itself, is shipped compiled by
the build (build.py, "compiled Python").

The engine's wheel is not unpacked: PyScript writes it whole at ENGINE (build.py's worker config
reads the path here) and Python imports from it as from any zip on sys.path. Unpacking its 77
files took 45-65 ms of every start, and a restored memory snapshot has the engine imported
already."""

import sys

ENGINE = "/home/pyodide/rummy.whl"
if ENGINE not in sys.path:  # a restored snapshot, made with it there, has it already
    sys.path.insert(0, ENGINE)

import engine_worker  # noqa: E402 (from ENGINE, on the path above)
from pyscript import sync  # noqa: E402

engine_worker.serve(sync)
