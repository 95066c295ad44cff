"""The engine worker's script: PyScript runs it as __main__ in the worker (index.html's
<script type="py" worker>). It is this small because PyScript compiles it from source at every
start, and Pyodide compiles slowly; engine_worker, the adapter itself, is shipped compiled by
the build (build.py, "compiled Python")."""

import engine_worker
from pyscript import sync

engine_worker.serve(sync)
