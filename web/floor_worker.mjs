// The floor's worker (see floor.html): Pyodide started and one line of Python run, no more.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
pyodide.runPython("1 + 1");
postMessage("ready");
