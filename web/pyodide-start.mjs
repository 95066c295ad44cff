// How the engine's worker starts Pyodide: PyScript's `interpreter` points here (build.py writes
// dist/pyodide/rummy-start.mjs from this template), and PyScript calls loadPyodide() as it would
// Pyodide's own, with an indexURL of this folder.
//
// Why: a memory snapshot, taken by the build in Node after the worker's imports, skips CPython's
// initialisation and those imports (see docs/web.md, "Start-up"). It is fetched on the first
// visit too (3.4 MB: the heap less what Pyodide's wasm already holds), and from the service
// worker's cache on later ones. Any doubt falls back to Pyodide's ordinary start: the player
// notices nothing but time.
//
// SNAPSHOT is this build's: its file ("url", named by its hash, so an older build's cache never
// answers for it) and the SHA-256 of its gzipped bytes; the build key it carries in
// `sys._rummy_snapshot` ("key", a hash of the Pyodide files, the standard library, the wheel and
// the worker's adapter it was made from); the standard library to restore with ("stdlib": the
// modules the snapshot has not imported); the heap's size ("size"); how many bytes at the start
// of a fresh instance's memory its difference covers ("initialized"). Unbuilt, it is a string
// and nothing is restored.
import { loadPyodide as ordinaryStart, version } from "./pyodide.mjs";

export { version }; // polyscript reads it

const SNAPSHOT = "__SNAPSHOT__";

// After a restore, the heap is the build machine's: the random module's state would deal every
// player the same "random" matches, and the import system's caches describe the build's files
// (the standard library's among them, now a smaller zip). The path finders' caches are what
// importlib.invalidate_caches() clears that matters here; it also imports importlib.metadata
// (for its own cache), which needs modules dist/'s stdlib leaves out (email, csv), so the
// finders are cleared one by one instead.
const AFTER_RESTORE = `
import random, sys
random.seed()
for finder in sys.path_importer_cache.values():
    if finder is not None:
        finder.invalidate_caches()
`;

export async function loadPyodide(options) {
  let how = "ordinary";
  if (typeof SNAPSHOT === "object") {
    const file = snapshotFile();
    try {
      return started(await restored(options, file), "snapshot");
    } catch (error) {
      console.warn("rummy: the memory snapshot was not used:", String(error));
      const found = await file;
      if (found?.cached) await forget(found.url); // never tried again; the next build brings another
      if (found) how = "fallback"; // a snapshot was there and refused (damaged, or of another build)
    }
  }
  return started(await ordinaryStart(options), how);
}

/** Pyodide restored from the snapshot `file` (a promise of snapshotFile's answer); throws when
 * there is none or it is refused. The heap's difference is undone from the fresh instance's
 * memory before Pyodide copies the heap in. (Starting Pyodide's module before the heap is
 * filled was slower: its 130 ms of set-up hold up the worker's thread, which then reads the
 * snapshot later.)
 *
 * Pyodide's own module (pyodide.asm.mjs, 1.25 MB of JavaScript) is imported while a fetched
 * snapshot downloads, but only just before its factory runs when the snapshot was cached.
 * Chrome keeps a module's code cache as it stands soon after the module is evaluated (on the
 * second visit; later visits use it): evaluated while the snapshot was read, the module's cache
 * held its top level alone (20 kB), and every visit compiled the factory's functions again;
 * evaluated just before its factory runs, the cache holds them (714 kB): docs/web.md has the
 * figures. */
async function restored(options, file) {
  const early = file.then((found) => (found?.cached ? null : import("./pyodide.asm.mjs")));
  early.catch(() => {}); // told by the factory below, which awaits it
  const memory = new Uint8Array(SNAPSHOT.size);
  const filled = file.then(async (found) => {
    if (!found?.bytes) throw new Error(found ? "a damaged snapshot" : "no snapshot");
    await fill(memory, found.bytes);
    return memory;
  });
  filled.catch(() => {}); // told by loadPyodide, which awaits it
  const pyodide = await ordinaryStart({
    ...options,
    stdLibURL: new URL(SNAPSHOT.stdlib, import.meta.url).href,
    _loadSnapshot: filled,
    createPyodideModule: async (settings) => {
      const instantiate = settings.instantiateWasm;
      if (!instantiate) throw new Error("no wasm instantiation to take the memory from");
      settings.instantiateWasm = (imports, done) =>
        instantiate(imports, (instance, module) => {
          undoDifference(memory, instance.exports.memory);
          done(instance, module);
        });
      const factory = (await early) ?? (await import("./pyodide.asm.mjs"));
      return factory.default(settings);
    },
  });
  const key = pyodide.runPython("import sys; getattr(sys, '_rummy_snapshot', None)");
  if (key !== SNAPSHOT.key) throw new Error(`a snapshot of another build (${key})`);
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}

/** `pyodide`, told how it started (the worker reports it to the page, for tests and benches). */
function started(pyodide, how) {
  pyodide.runPython(`import os; os.environ["RUMMY_PYODIDE_START"] = "${how}"`);
  return pyodide;
}

/** This build's snapshot: {bytes, url, cached} when whole (`cached`: from Cache Storage, else
 * fetched), "damaged" when its digest is wrong (a cached copy is then deleted), null when there
 * is none to be had (or storage refuses reads and the network fails). */
async function snapshotFile() {
  const url = new URL(SNAPSHOT.url, import.meta.url).href;
  try {
    let hit = null;
    try {
      hit = await caches.match(url); // in the service worker's cache, whatever its version
    } catch (error) {
      console.warn("rummy: no cached memory snapshot:", String(error));
    }
    const cached = !!hit;
    if (!hit) hit = await fetch(url); // a first visit: the service worker caches it later
    if (!hit.ok) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256(bytes)) === SNAPSHOT.sha256) return { bytes, url, cached };
    console.warn("rummy: the memory snapshot is damaged");
    if (cached) await forget(url);
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

/** Fill `memory` (zeros, SNAPSHOT.size long) with the heap the snapshot file `bytes` holds:
 * gunzipped, then its runs of bytes put in place among the zeros the build left out (build.py,
 * `packed_heap`: the heap's size and the number of runs, each run's offset and size, as uint32
 * little-endian, then the runs' bytes). Throws on a file that is not one, or whose heap is
 * another size or whose header leaves no room for the difference to undo. */
async function fill(memory, bytes) {
  const packed = await gunzipped(bytes);
  const word = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const size = packed.length >= 8 ? word.getUint32(0, true) : 0;
  const runs = packed.length >= 8 ? word.getUint32(4, true) : 0;
  let at = 8 + 8 * runs;
  if (size === 0 || runs === 0 || at > packed.length) throw new Error("not a packed heap");
  if (size !== memory.length) throw new Error(`a heap of ${size} bytes, not ${memory.length}`);
  for (let run = 0; run < runs; run++) {
    const offset = word.getUint32(8 + 8 * run, true);
    const length = word.getUint32(12 + 8 * run, true);
    if (offset + length > size || at + length > packed.length) throw new Error("a run too long");
    memory.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.length) throw new Error("bytes after the last run");
  const header = new DataView(memory.buffer).getUint32(4, true); // Pyodide's header's size
  if (header % 4 || header + SNAPSHOT.initialized > size) throw new Error("not a heap Pyodide wrote");
}

/** Undo the build's difference (build.py, `heap_difference`): the first SNAPSHOT.initialized
 * bytes of the heap in `snapshot` (after Pyodide's header, whose size is its second word) were
 * XORed with the memory a fresh instance starts with, which `wasmMemory` holds now. Must not
 * throw: Pyodide's instantiation only logs an error here, and would wait for ever. */
function undoDifference(snapshot, wasmMemory) {
  const header = new DataView(snapshot.buffer).getUint32(4, true); // checked by fill()
  const words = SNAPSHOT.initialized / 4;
  const heapWords = new Uint32Array(snapshot.buffer, header, words);
  const fresh = new Uint32Array(wasmMemory.buffer, 0, words);
  for (let i = 0; i < words; i++) heapWords[i] ^= fresh[i];
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
