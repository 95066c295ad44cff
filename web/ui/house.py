"""The house rules in force, in words: the line under a table's status and the list the rules
sheet ends with. From a view model's `house_rules` (the engine's names of the options that are
not at their defaults) and, in gin, the hand's own knock limit and multiplier, which Oklahoma
takes from the upcard. Nothing here decides a rule: it names what the engine plays."""

from .dom import t

# Basic Rummy's and Rummikub's options, each value other than the default in words.
WORDS = {
    ("melds_per_turn", "any"): "house.named.meldsAny",
    ("lay_off_after_meld", True): "house.named.layOffAfter",
    ("ace", "both"): "house.named.aceBoth",
    ("final_discard", "required"): "house.named.finalRequired",
    ("stock_out", "shuffle"): "house.named.stockShuffle",
    ("stock_out", "end"): "house.named.stockEnd",
    ("rummy_doubles", True): "house.named.rummyDoubles",
    ("joker_penalty", "face"): "house.named.jokerFace",
}


# The engine's options in the order the line names them (a dict from JSON keeps no order in
# MicroPython).
ORDER = (
    "oklahoma",
    "big_gin_bonus",
    "game_bonuses",
    "melds_per_turn",
    "lay_off_after_meld",
    "ace",
    "final_discard",
    "stock_out",
    "rummy_doubles",
    "initial_meld",
    "joker_penalty",
)


def named(view):
    """Each house rule the table of `view` plays, in words."""
    rules = view.get("house_rules") or {}
    words = []
    for name in ORDER:
        if name not in rules:
            continue
        value = rules[name]
        if name == "oklahoma":
            limit = view.get("knock_limit")
            key = "house.named.oklahomaGin" if limit == 0 else "house.named.oklahoma"
            words.append(t(key, limit=limit))
            if rules.get("oklahoma_spades_double"):
                doubled = view.get("multiplier") == 2
                words.append(t("house.named.spadesDoubled" if doubled else "house.named.spades"))
        elif name == "big_gin_bonus":
            words.append(t("house.named.bigGin", points=value))
        elif name == "game_bonuses":
            words.append(t("house.named.gameBonuses", box=rules.get("box_bonus", 25)))
        elif name == "initial_meld":
            words.append(t("house.named.initialMeld", points=value))
        elif (name, value) in WORDS:
            words.append(t(WORDS[(name, value)]))
    return words


def draw_line(node, view):
    """The table's line of house rules, hidden when it plays none."""
    words = named(view)
    node.hidden = not words
    text = t("house.line", rules=t("house.sep").join(words)) if words else ""
    if node.textContent != text:
        node.textContent = text
