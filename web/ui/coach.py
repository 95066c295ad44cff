"""Where a tutorial's step points: the next thing to tap for the step's move, marked with the
hints' `.hinted` class.

The engine names the step's move in the page's words (`tutorial.move`: "knock QS", "meld 7D 7H
7S", "play R10 R11 R12 | K10 B10 O10"); a move may take several taps here (select a card, then
Knock; select tiles, then New set, then Done), and this follows the table's own selection to
point at the next one. It knows the page's controls, not the rules: which move is right is the
engine's word. A step with nothing to tap (`move` null) points at what its sentence is about,
the cards of the hand and the place on the table it names.
"""

from .dom import document, each, el

MARK = "coached"  # the nodes this marked (as well as `.hinted`), unmarked at the next draw

# Each game's places, by the engine's names for them: the hand's cards or tiles (by code), the
# stock, the pile and a table meld or set (by number).
PLACES = {
    "gin": {"hand": '#hand [data-card="{}"]', "stock": "stock", "pile": "discard"},
    "basic": {
        "hand": '#basic-hand [data-card="{}"]',
        "stock": "basic-stock",
        "pile": "basic-pile",
        "table": '#basic-table [data-meld="{}"]',
    },
    "rummikub": {
        "hand": '#rk-rack [data-tile="{}"]',
        "stock": "rk-pool",
        "table": '#rk-sets [data-set="{}"]',
    },
}
# The controls that make a move of one tap, or end one after its cards are selected.
GIN_CONTROLS = {
    "take": "take-upcard",
    "pass": "pass-upcard",
    "stock": "stock",
    "pile": "discard",
    "discard": "discard-button",
    "knock": "knock",
}
BASIC_CONTROLS = {
    "stock": "basic-stock",
    "pile": "basic-pile",
    "meld": "basic-meld",
    "discard": "basic-discard",
}


def mark(table, view):
    """Mark what the tutorial's step of `view` points at on `table` (a game's table, drawn)."""
    unmark()
    step = view["tutorial"]
    move = step["move"]
    if step["done"]:
        nodes = []
    elif move is None:
        nodes = pointed(table.game, step)
    else:
        nodes = TAPS[table.game](table, move)
    for node in nodes:
        if node is not None:
            node.classList.add("hinted", MARK)


def unmark():
    for node in each(document.querySelectorAll("." + MARK)):
        node.classList.remove("hinted", MARK)


def pointed(game, step):
    """The cards or tiles of the hand a sentence is about, and the place it names."""
    places = PLACES[game]
    nodes = hand_nodes(game, step["highlight"])
    target = step["target"]
    if target in ("stock", "pile"):
        nodes.append(el(places[target]))
    elif target:
        nodes.append(document.querySelector(places["table"].format(target.split()[1])))
    return nodes


def hand_nodes(game, codes):
    """The hand's cards or tiles of `codes`, one node for each code (a tile held twice is
    marked twice only when it is named twice)."""
    found, used = [], []
    for code in codes:
        for node in each(document.querySelectorAll(PLACES[game]["hand"].format(code))):
            if not any(node is seen for seen in used):
                used.append(node)
                found.append(node)
                break
    return found


def toggles(selected, wanted):
    """What to tap so that exactly `wanted` is selected: each wanted one not yet selected, and
    each selected one not wanted (a tap unselects it)."""
    return [one for one in wanted if one not in selected] + [
        one for one in selected if one not in wanted
    ]


def gin_taps(table, move):
    verb, _, card = move.partition(" ")
    if card and table.selected != card:  # a discard or a knock: the card first
        return [document.querySelector(PLACES["gin"]["hand"].format(card))]
    return [el(GIN_CONTROLS[verb])]


def basic_taps(table, move):
    words = move.split()
    verb = words[0]
    if verb in ("stock", "pile"):
        return [el(BASIC_CONTROLS[verb])]
    cards = words[1:2] if verb == "layoff" else words[1:]
    taps = toggles(table.selected, cards)
    if taps:
        return [document.querySelector(PLACES["basic"]["hand"].format(code)) for code in taps]
    if verb == "layoff":
        return [document.querySelector(PLACES["basic"]["table"].format(words[2]))]
    return [el(BASIC_CONTROLS[verb])]


def rummikub_taps(table, move):
    """The next tap that builds the step's table from the turn as laid out: a set of the
    table that holds another set and more gives its other tiles to a new set; a set that
    holds part of one takes the rest from the rack (its +); a set of rack tiles alone is a new
    set. Once the table is the step's, Done; laid out otherwise, Reset."""
    turn = table.turn
    if turn is None:
        return []
    if move == "draw":
        return [el("rk-draw")]
    wanted = [tiles.split() for tiles in move[len("play ") :].split(" | ")]
    left = list(turn.sets)  # the sets laid out that are none of the step's
    todo = []
    for tiles in wanted:
        same = [ids for ids in left if sorted(turn.tiles[i] for i in ids) == sorted(tiles)]
        if same:
            left.remove(same[0])
        else:
            todo.append(tiles)
    if not todo:
        return [el("rk-reset" if left else "rk-done")]
    tiles = todo[0]
    for ids in left:
        rest = beyond(turn, ids, tiles)
        if rest:
            return select_then(table, rest, el("rk-new-set"))
    for number, ids in enumerate(turn.sets):
        missing = short(turn, ids, tiles) if ids in left else None
        if missing:
            found = rack_ids(turn, missing, table.selected)
            if found is not None:
                place = document.querySelector('[data-set-add="' + str(number) + '"]')
                return select_then(table, found, place)
    found = rack_ids(turn, tiles, table.selected)
    if found is None:
        return [el("rk-reset")]
    return select_then(table, found, el("rk-new-set"))


def beyond(turn, ids, tiles):
    """The ids of set `ids` beyond the codes `tiles` when it holds them all, else None."""
    wanted, rest = list(tiles), []
    for tile_id in ids:
        if turn.tiles[tile_id] in wanted:
            wanted.remove(turn.tiles[tile_id])
        else:
            rest.append(tile_id)
    return None if wanted else rest


def short(turn, ids, tiles):
    """The codes `tiles` lacks of set `ids` when the set holds nothing else, else None."""
    missing = list(tiles)
    for tile_id in ids:
        if turn.tiles[tile_id] not in missing:
            return None
        missing.remove(turn.tiles[tile_id])
    return missing


def rack_ids(turn, codes, selected):
    """Rack tiles of `codes`, the selected first; None when the rack lacks one."""
    order = [i for i in turn.rack if i in selected] + [i for i in turn.rack if i not in selected]
    found = []
    for code in codes:
        match = [i for i in order if turn.tiles[i] == code and i not in found]
        if not match:
            return None
        found.append(match[0])
    return found


def select_then(table, ids, control):
    """The tiles to tap until exactly `ids` is selected, then `control`."""
    taps = toggles(table.selected, ids)
    if taps:
        return [document.querySelector('[data-tile-id="' + i + '"]') for i in taps]
    return [control]


TAPS = {"gin": gin_taps, "basic": basic_taps, "rummikub": rummikub_taps}
