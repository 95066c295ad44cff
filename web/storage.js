// The page's only way to localStorage: every read, write and removal answers instead of
// throwing. Storage may be blocked (all site data refused: even reading it throws SecurityError),
// disabled (some private modes) or full, and an exception thrown by a JavaScript call cannot be
// caught reliably in MicroPython. The page then plays on without saving, and says so once
// (ui/dom.py). theme.js, which runs before this module can load, reads the theme in its own try.
let blocked = false; // a read threw: there is no storage at all
const warned = new Set(); // each kind of failure is logged once, not at every save

function warn(what, error) {
  if (!warned.has(what)) console.warn(`${what}: ${error}`);
  warned.add(what);
}

// The text kept under `key`, or null: nothing kept, or no storage (then `isBlocked()`).
export function recall(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    blocked = true;
    warn("storage unreadable", error);
    return null;
  }
}

export function isBlocked() {
  return blocked;
}

// Whether `value` was kept under `key`.
export function store(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (error) {
    warn("not saved", error);
    return false;
  }
}

export function unstore(key) {
  try {
    localStorage.removeItem(key);
    return true;
  } catch (error) {
    warn("not removed", error);
    return false;
  }
}

// The time now, in seconds since the epoch with their fraction. Date.now()'s milliseconds cannot
// cross to MicroPython: its FFI takes a whole JS number as a 32-bit integer, so they would
// arrive wrapped round (and jump by 2^32 ms every 50 days).
export function now() {
  return Date.now() / 1000;
}
