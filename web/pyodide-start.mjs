// How the engine's worker starts Pyodide: PyScript's `interpreter` points here (build.py writes
// dist/pyodide/rummy-start.mjs from this template), and PyScript calls loadPyodide() as it would
// Pyodide's own, with an indexURL of this folder.
//
// Why: a memory snapshot, taken by the build in Node after the worker's imports, skips CPython's
// initialisation and those imports (see docs/web.md, "Start-up"). It is 5 MB, too much for a
// first visit, so the service worker fetches it with the other files after the first hand, and
// a later start restores it from that cache. Any doubt falls back to Pyodide's ordinary start:
// the player notices nothing but time.
//
// SNAPSHOT is {"url", "sha256", "key"} for this build: the snapshot's file (named by its hash, so
// an older build's cache never answers for it), the SHA-256 of its gzipped bytes, and the build
// key it carries in `sys._rummy_snapshot` (a hash of the Pyodide files, the standard library, the
// wheel and the worker's adapter it was made from). Unbuilt, it is a string and nothing is
// restored.
import { loadPyodide as ordinaryStart, version } from "./pyodide.mjs";

export { version }; // polyscript reads it

const SNAPSHOT = "__SNAPSHOT__";

// After a restore, the heap is the build machine's: the random module's state would deal every
// player the same "random" matches, and the import system's caches describe the build's files.
// The path finders' caches are what importlib.invalidate_caches() clears that matters here; it
// also imports importlib.metadata (for its own cache), which needs modules dist/'s stdlib leaves
// out (email, csv), so the finders are cleared one by one instead.
const AFTER_RESTORE = `
import random, sys
random.seed()
for finder in sys.path_importer_cache.values():
    if finder is not None:
        finder.invalidate_caches()
`;

export async function loadPyodide(options) {
  const found = await cachedSnapshot();
  if (found?.bytes) {
    try {
      const pyodide = await ordinaryStart({ ...options, _loadSnapshot: await heap(found.bytes) });
      const key = pyodide.runPython("import sys; getattr(sys, '_rummy_snapshot', None)");
      if (key !== SNAPSHOT.key) throw new Error(`a snapshot of another build (${key})`);
      pyodide.runPython(AFTER_RESTORE);
      return started(pyodide, "snapshot");
    } catch (error) {
      console.warn("rummy: the memory snapshot was not used:", String(error));
      await forget(found.url); // never tried again; the next build brings another
    }
  }
  // "fallback": a snapshot was there and refused (damaged, or of another build)
  return started(await ordinaryStart(options), found ? "fallback" : "ordinary");
}

/** `pyodide`, told how it started (the worker reports it to the page, for tests and benches). */
function started(pyodide, how) {
  pyodide.runPython(`import os; os.environ["RUMMY_PYODIDE_START"] = "${how}"`);
  return pyodide;
}

/** This build's snapshot from Cache Storage: {bytes, url} when whole, "damaged" when a damaged
 * copy was there (now deleted), null when none is cached (or storage refuses reads). */
async function cachedSnapshot() {
  if (typeof SNAPSHOT !== "object" || !globalThis.caches) return null;
  const url = new URL(SNAPSHOT.url, import.meta.url).href;
  try {
    const hit = await caches.match(url); // in the service worker's cache, whatever its version
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256(bytes)) === SNAPSHOT.sha256) return { bytes, url };
    console.warn("rummy: the cached memory snapshot is damaged");
    await forget(url);
    return "damaged";
  } catch (error) {
    console.warn("rummy: no memory snapshot:", String(error));
    return null;
  }
}

/** Delete `url` from every cache, so that a refused snapshot is never tried again. */
async function forget(url) {
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  } catch (error) {
    console.warn("rummy: the refused snapshot stays cached:", String(error));
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The heap a snapshot file holds: gunzipped, then its runs of bytes put back in place among
 * the zeros the build left out (build.py, `packed_heap`: the heap's size and the number of
 * runs, each run's offset and size, as uint32 little-endian, then the runs' bytes). Throws on
 * a file that is not one. */
async function heap(bytes) {
  const packed = await gunzipped(bytes);
  const word = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const size = packed.length >= 8 ? word.getUint32(0, true) : 0;
  const runs = packed.length >= 8 ? word.getUint32(4, true) : 0;
  let at = 8 + 8 * runs;
  if (size === 0 || runs === 0 || at > packed.length) throw new Error("not a packed heap");
  const memory = new Uint8Array(size);
  for (let run = 0; run < runs; run++) {
    const offset = word.getUint32(8 + 8 * run, true);
    const length = word.getUint32(12 + 8 * run, true);
    if (offset + length > size || at + length > packed.length) throw new Error("a run too long");
    memory.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.length) throw new Error("bytes after the last run");
  return memory;
}

/** `bytes` gunzipped: written whole to the stream, its output read chunk by chunk (about a third
 * faster in Chromium than piping a Blob's stream into a Response). */
async function gunzipped(bytes) {
  const stream = new DecompressionStream("gzip");
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {}); // a damaged file fails the reads below
  writer.close().catch(() => {});
  const chunks = [];
  let size = 0;
  for (const reader = stream.readable.getReader(); ; ) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
