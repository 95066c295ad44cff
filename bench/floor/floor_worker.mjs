// The floor's worker (see floor.html): Pyodide started and one line of Python run, no more.
// ./pyodide/ is npm's package as installed in node_modules/, which the bench serves unchanged.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
pyodide.runPython("1 + 1");
postMessage("ready");
