// localStorage for the DOM layer, answering instead of throwing: storage may be disabled (some
// private modes) or full, and an exception thrown by a JavaScript call cannot be caught in
// MicroPython. Each function says whether it worked; the page then plays on without saving.
export function store(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn(`not saved: ${error}`);
    return false;
  }
}

export function unstore(key) {
  try {
    localStorage.removeItem(key);
    return true;
  } catch (error) {
    console.warn(`not removed: ${error}`);
    return false;
  }
}
