// Sending a link from the DOM layer, answering instead of throwing: the Web Share API and the
// clipboard both reject their promise when the person cancels or the browser refuses, and a
// rejection cannot be caught in MicroPython. Each function resolves to what happened.

// The system's share sheet where the browser has one, else the clipboard: "shared",
// "cancelled", "copied" or "failed".
export async function send(url, text, title) {
  if (navigator.share) {
    try {
      await navigator.share(text ? { title, text, url } : { title, url });
      return "shared";
    } catch (error) {
      if (error && error.name === "AbortError") return "cancelled";
      console.warn(`not shared: ${error}`);
    }
  }
  return copy(url, text);
}

// The link on the clipboard, after its line of text if it has one: "copied" or "failed" (no
// clipboard, or no permission).
export async function copy(url, text) {
  try {
    await navigator.clipboard.writeText(text ? `${text}\n${url}` : url);
    return "copied";
  } catch (error) {
    console.warn(`not copied: ${error}`);
    return "failed";
  }
}

// Whether the browser has a share sheet (the sheet then offers it as well as copying).
export function canShare() {
  return Boolean(navigator.share);
}
