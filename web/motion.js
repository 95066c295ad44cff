// Cards that move, the FLIP way: before a table is redrawn, `snapshot` keeps where each card is
// on screen (by its code); after the redraw, `play` moves every card that changed place from
// where it was to where it is now, with a transform animation (the Web Animations API: allowed
// under the page's CSP, run by the compositor). A card that was not on screen comes from where
// it plausibly did: into the person's hand from the stock, onto the pile or a meld from the
// hand of the player who moved. No rule lives here, only motion: the DOM layer (ui/motion.py)
// says what the view model changed. Nothing waits on an animation (taps stay live), and nothing
// throws: an exception thrown by a JavaScript call cannot be caught in MicroPython.

const TABLE = "main.table:not([hidden])";
const CARDS = "[data-code],[data-card]"; // the faces drawn by card_html and the person's hand
const BACKS = ".opponent-hand .card.back"; // a computer player's face-down hand
const HAND = ".hand"; // the person's
const STOCK = ".pile.stock .card";
const PILE = ".pile.discard";
const NEAR = 1; // pixels: a card that moved less stays still
const LOG = 200; // moves kept in the test hook's log

// Test hooks: the cards moved since the page loaded, and the last moves (what moved, from where,
// and the properties its keyframes animate), so a test checks state rather than time.
window.rummyMotions = 0;
window.rummyMotionLog = [];

function codeOf(node) {
  return node.dataset.code || node.dataset.card;
}

function reduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Where every card of the table shown is: {table, cards: code -> [rects], backs: count}, or null.
export function snapshot() {
  try {
    const table = document.querySelector(TABLE);
    if (!table || reduced()) return null;
    const cards = new Map();
    for (const node of table.querySelectorAll(CARDS)) {
      const code = codeOf(node);
      if (!cards.has(code)) cards.set(code, []);
      cards.get(code).push(node.getBoundingClientRect());
    }
    return { table, cards, backs: table.querySelectorAll(BACKS).length };
  } catch (error) {
    console.warn(`no motion: ${error}`);
    return null;
  }
}

// Move the cards of the table redrawn since `before` (a snapshot). `deal`: a hand was just
// dealt, every card comes from the stock in turn; `stockDrawn`: the stock gave a card (a
// computer player's new face-down card comes from it); `tookPile`: the pile's top was taken
// (the card under it shows, it does not move); `mover`: a selector of the hand of the player
// who moved; `duration` in ms. Returns how many cards move.
export function play(before, deal, stockDrawn, tookPile, mover, duration) {
  try {
    const table = document.querySelector(TABLE);
    if (!before || table !== before.table || !(duration > 0) || reduced()) return 0;
    const stock = table.querySelector(STOCK);
    const from = stock ? stock.getBoundingClientRect() : null;
    if (deal) return dealt(table, from, duration);
    const place = mover ? table.querySelector(mover) : null;
    const origins = { stock: from, mover: place ? place.getBoundingClientRect() : from, tookPile };
    const flights = moved(table, before, origins);
    if (stockDrawn && from) {
      const backs = table.querySelectorAll(BACKS);
      for (let i = before.backs; i < backs.length; i++) flights.push([backs[i], from, "stock"]);
    }
    const places = flights.map(([node]) => measured(node)); // every read before any flight
    flights.forEach(([, origin, kind], i) => fly(places[i], origin, kind, duration, 0));
    return flights.length;
  } catch (error) {
    console.warn(`no motion: ${error}`);
    return 0;
  }
}

// A new hand: every card (faces and backs) flies from the stock, one a little after the other,
// all within twice the duration.
function dealt(table, stock, duration) {
  if (!stock) return 0;
  const places = Array.from(table.querySelectorAll(`${CARDS},${BACKS}`), measured);
  const step = Math.min(25, duration / Math.max(1, places.length));
  places.forEach((place, i) => fly(place, stock, "deal", duration, i * step));
  return places.length;
}

// [node, from rect, kind] for each card whose place changed: from its old place if it was on
// screen, else from its plausible origin. A code shown twice (a card the opponent took, then
// discarded) keeps the copy that stayed put.
function moved(table, before, origins) {
  const groups = new Map();
  for (const node of table.querySelectorAll(CARDS)) {
    const code = codeOf(node);
    if (!groups.has(code)) groups.set(code, []);
    groups.get(code).push(node);
  }
  const flights = [];
  for (const [code, nodes] of groups) {
    const was = (before.cards.get(code) || []).slice();
    const rects = nodes.map((node) => node.getBoundingClientRect());
    const left = [];
    rects.forEach((rect, i) => {
      const still = was.findIndex((old) => near(old, rect));
      if (still >= 0) was.splice(still, 1);
      else left.push(i);
    });
    for (const i of left) {
      if (was.length) flights.push([nodes[i], was.shift(), "place"]);
      else {
        const [origin, kind] = arrival(nodes[i], origins);
        if (origin) flights.push([nodes[i], origin, kind]);
      }
    }
  }
  return flights;
}

// Where a card that was not on screen comes from: [rect, kind], or [null] when it just shows.
function arrival(node, origins) {
  if (node.closest(HAND)) return [origins.stock, "stock"];
  if (node.closest(PILE) && origins.tookPile) return [null];
  return [origins.mover, "mover"];
}

function near(a, b) {
  return Math.abs(a.left - b.left) < NEAR && Math.abs(a.top - b.top) < NEAR;
}

// Where `node` is, and the transform it keeps (a selected card's lift). Read for every card
// before any flies: a flight's writes would make the next card's reads lay the page out again,
// once a card (a deal moves twenty).
function measured(node) {
  return { node, to: node.getBoundingClientRect(), base: getComputedStyle(node).transform };
}

// Move a card (`measured`) from the rect `from` to its place: centre to centre, scaled from the
// size it had (a card of the hand becoming a small card of a meld), after `delay` ms.
function fly({ node, to, base }, from, kind, duration, delay) {
  if (!to.width || !to.height) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const card = kind !== "mover"; // from a card's rect; a hand's area gives no size to keep
  const sx = card ? clamp(from.width / to.width) : 1;
  const sy = card ? clamp(from.height / to.height) : 1;
  const rest = base === "none" ? "" : ` ${base}`;
  const animation = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})${rest}` }, { transform: base }],
    { duration, delay, easing: "ease-out", fill: "backwards" },
  );
  node.classList.add("flying");
  const landed = () => node.classList.remove("flying");
  animation.onfinish = landed;
  animation.oncancel = landed;
  count(node, kind, animation);
}

function clamp(ratio) {
  return Math.min(3, Math.max(0.3, ratio || 1));
}

function count(node, kind, animation) {
  window.rummyMotions += 1;
  const properties = new Set();
  for (const frame of animation.effect.getKeyframes()) {
    for (const key of Object.keys(frame)) {
      if (!["offset", "computedOffset", "easing", "composite"].includes(key)) properties.add(key);
    }
  }
  const log = window.rummyMotionLog;
  log.push({ code: codeOf(node) || "back", kind, properties: [...properties] });
  if (log.length > LOG) log.splice(0, log.length - LOG);
}
