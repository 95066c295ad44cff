"""The person's choices, kept in localStorage: the language, the start screen's settings for
each game (with its seats and the names typed: ui/seats.py), the hand's arrangement, and the
settings sheet's (game speed, theme, gin scoring, the four-colour deck, large print); and the
buttons that show them. The start screen is plain HTML; this makes its choices live, and builds
the settings sheet.
"""

import json

import js

from .dom import (
    QUERY,
    by_id,
    document,
    each,
    el,
    escape,
    open_sheet,
    recall,
    recall_text,
    store,
    t,
)

KEY = "rummy-table/prefs"
LANGS = ("zh-Hans", "zh-Hant", "en")
GAMES = ("gin", "basic", "rummikub")
LEVELS = ("easy", "normal", "hard")
BASIC_LENGTHS = ("hands-1", "hands-3", "hands-5", "target-100", "target-200")
RK_LENGTHS = ("rounds-1", "rounds-3", "rounds-5", "target-100", "target-200")
# Each choice: the values it may take (the first is the default, but for the language).
CHOICES = {
    "target": (100, 50),
    "level": ("normal", "easy", "hard"),
    "rules": ("house", "pagat"),
    "sort": ("melds", "suit", "rank"),
    "game": GAMES,
    "opponents": (3, 1, 2, 4, 5),
    "basicLength": ("target-100",) + BASIC_LENGTHS,
    "basicLevel": LEVELS,
    "rkOpponents": (3, 1, 2),
    "rkLevel": ("normal", "easy", "hard"),
    "rkLength": RK_LENGTHS,
    "rkMeld": ("on", "off"),
    "rkTimer": ("off", "30", "60", "120"),
    # House rules (the start screen's folded group): today's rules first.
    "ginOklahoma": ("off", "on", "spades"),
    "ginBigGin": ("0", "31", "50"),
    "ginBonuses": ("off", "25", "20"),
    "basicMelds": ("one", "any"),
    "basicLayOff": ("any", "after"),
    "basicAce": ("low", "both"),
    "basicFinal": ("optional", "required"),
    "basicStockOut": ("turn", "shuffle", "end"),
    "basicRummy": ("off", "double"),
    "rkMeldPoints": ("30", "20", "25", "35", "40", "45", "50"),
    "rkJoker": ("30", "face"),
    "speed": ("normal", "slow", "fast"),
    "theme": ("system", "light", "dark"),
}
NUMERIC = ("target", "opponents", "rkOpponents")
MAX_SEATS = 6  # Basic Rummy's most players: the names typed are kept by seat
LEVEL_CHOICES = {"gin": "level", "basic": "basicLevel", "rummikub": "rkLevel"}
# Seconds between the computer's moves at each game speed: "normal" is readable at play speed.
SPEEDS = {"slow": 1.1, "normal": 0.7, "fast": 0.3}
# The order the settings sheet shows a choice's values in, where it is not CHOICES' (whose first
# is the default): the speeds from slow to fast.
SHOWN = {"speed": ("slow", "normal", "fast")}
# The settings sheet: each choice's heading, then its values (named "<choice>.<value>"), and a
# note under it. Gin's scoring sits here, not on the start screen: a house rule, rarely changed.
SETTINGS = (
    ("speed", "settings.speed", "settings.speedNote"),
    ("theme", "settings.theme", None),
    ("rules", "settings.rules", "settings.rulesNote"),
)
# The settings sheet's checkboxes, off by default: each one's id (its test hook too), the choice
# it keeps, and its label.
TOGGLES = (
    ("four-color", "fourColor", "settings.fourColor"),
    ("settings-large-print", "largePrint", "settings.largePrint"),
)


def storage_key(game, what):
    """Where a game's `what` ("save", "stats", "broken": a save set aside) is kept."""
    return "rummy-table/" + game + "/" + what


class Matches:
    """Whether a game's match is in play on this page (main.py sets `in_play`, a function of
    the game, once the tables are open)."""

    in_play = None


def has_match(game):
    """Whether `game` has a match to continue: stored, or in play on this page (storage that
    keeps nothing keeps it only there)."""
    playing = Matches.in_play is not None and Matches.in_play(game)
    return playing or bool(recall_text(storage_key(game, "save")))


def default_language():
    """The browser's language if it is one of ours, else English: as first-paint.js chose it
    for the first paint, by its rule (so both always agree)."""
    return str(js.window.rummyBrowserLanguage())


def early():
    """What the person did on the start screen before the DOM layer was live: first-paint.js
    answered those taps, and keeps them here too, as storage may keep nothing. {"prefs": the
    choices tapped, as Prefs stores them; "action": the last Start, Continue or Today's deal
    tapped ("start", "resume", "daily"), or None}."""
    return json.loads(str(js.JSON.stringify(js.window.rummyEarly)))


class Prefs:
    values = {}

    @classmethod
    def load(cls):
        """The saved choices, and over them those tapped before the DOM layer was live (their
        presses stay as first-paint.js painted them)."""
        stored = recall(KEY)
        if not isinstance(stored, dict):
            stored = {}
        stored.update(early()["prefs"])
        values = {"lang": stored.get("lang") if stored.get("lang") in LANGS else default_language()}
        for name, allowed in CHOICES.items():
            values[name] = stored.get(name) if stored.get(name) in allowed else allowed[0]
        for _, name, _ in TOGGLES:
            values[name] = stored.get(name) is True
        values["tutorialOffered"] = stored.get("tutorialOffered") is True  # ui/tutorial.py
        seats = stored.get("seats")
        values["seats"] = {
            game: [str(kind) for kind in seats[game]]
            for game in GAMES
            if isinstance(seats, dict) and isinstance(seats.get(game), list)
        }
        typed = stored.get("names")
        values["names"] = (
            [name if isinstance(name, str) else "" for name in typed[:MAX_SEATS]]
            if isinstance(typed, list)
            else []
        )
        cls.values = values

    @classmethod
    def get(cls, name):
        return cls.values[name]

    @classmethod
    def set(cls, name, value):
        cls.values[name] = value
        store(KEY, json.dumps(cls.values))

    @classmethod
    def choose(cls, name, text):
        """A start-screen button's choice (its data-value, a number for some)."""
        cls.set(name, int(text) if name in NUMERIC else text)


def pace():
    """Seconds between the computer's moves: the game speed chosen in the settings, read at
    each move (a change applies from the next one); `?fast` in the URL (tests) almost none."""
    return 0.05 if QUERY.has("fast") else SPEEDS[Prefs.get("speed")]


def chosen_game():
    return Prefs.get("game")


def settings(game):
    """The start screen's settings for `game`, as the engine's session reads them."""
    if game == "gin":
        oklahoma, bonuses = Prefs.get("ginOklahoma"), Prefs.get("ginBonuses")
        return {
            "target": Prefs.get("target"),
            "level": Prefs.get("level"),
            "rules": Prefs.get("rules"),
            "oklahoma": oklahoma != "off",
            "oklahoma_spades_double": oklahoma == "spades",
            "big_gin_bonus": int(Prefs.get("ginBigGin")),
            "game_bonuses": bonuses != "off",
            "box_bonus": 25 if bonuses == "off" else int(bonuses),
        }
    if game == "rummikub":
        kind, _, value = Prefs.get("rkLength").partition("-")
        timer = Prefs.get("rkTimer")
        return {
            "opponents": Prefs.get("rkOpponents"),
            "level": Prefs.get("rkLevel"),
            # on: the house rule's points (30, today's, reads as true in the engine)
            "initial_meld": int(Prefs.get("rkMeldPoints")) if Prefs.get("rkMeld") == "on" else 0,
            "rounds": int(value) if kind == "rounds" else None,
            "target": int(value) if kind == "target" else None,
            "timer": None if timer == "off" else int(timer),
            "joker_penalty": "face" if Prefs.get("rkJoker") == "face" else 30,
        }
    kind, _, value = Prefs.get("basicLength").partition("-")
    return {
        "opponents": Prefs.get("opponents"),
        "hands": int(value) if kind == "hands" else None,
        "target": int(value) if kind == "target" else None,
        "level": Prefs.get("basicLevel"),
        "melds_per_turn": Prefs.get("basicMelds"),
        "lay_off_after_meld": Prefs.get("basicLayOff") == "after",
        "ace": Prefs.get("basicAce"),
        "final_discard": Prefs.get("basicFinal"),
        "stock_out": Prefs.get("basicStockOut"),
        "rummy_doubles": Prefs.get("basicRummy") == "double",
    }


def offer_levels(game, levels):
    """Show only the levels the engine has for `game`; keep a valid choice."""
    name = LEVEL_CHOICES[game]
    for button in each(document.querySelectorAll('[data-choice="' + name + '"]')):
        button.hidden = str(button.dataset.value) not in levels
    if levels and Prefs.get(name) not in levels:
        Prefs.set(name, levels[0])


def sync_choices():
    """The start screen's buttons pressed as chosen; the game's own settings shown, and
    「Continue」 when that game has a save."""
    for button in each(document.querySelectorAll("[data-choice]")):
        value = Prefs.values.get(button.dataset.choice)
        button.setAttribute(
            "aria-pressed", "true" if str(value) == str(button.dataset.value) else "false"
        )
    by_id("lang-select").value = Prefs.get("lang")
    for box, name, _ in TOGGLES:
        shown = by_id(box)  # in the settings sheet, while it is open
        if shown is not None:
            shown.checked = Prefs.get(name)
    document.body.classList.toggle("four-color", Prefs.get("fourColor"))
    # On <html>, as theme.js put it for the first paint: the root's font size grows with it.
    document.documentElement.classList.toggle("large-print", Prefs.get("largePrint"))
    js.window.rummyTheme(Prefs.get("theme"))
    if not by_id("start-screen").hidden:
        document.body.dataset.game = chosen_game()
        saved = has_match(chosen_game())
        by_id("resume").hidden = not saved
        el("start").classList.toggle(
            "primary", not saved
        )  # one primary button: Continue, else Start


def choice_html(name, value):
    """A button of the settings sheet that chooses `value` for `name` (Prefs.choose, on a tap)."""
    pressed = "true" if str(Prefs.values.get(name)) == value else "false"
    return (
        '<button type="button" class="choice" data-testid="'
        + name
        + "-"
        + value
        + '" data-choice="'
        + name
        + '" data-value="'
        + value
        + '" aria-pressed="'
        + pressed
        + '">'
        + escape(t(name + "." + value))
        + "</button>"
    )


def toggle_html(box, name, label):
    """A checkbox of the settings sheet, checked when `name` is on (main.on_toggle keeps it)."""
    checked = " checked" if Prefs.get(name) else ""
    return (
        '<label class="toggle"><input type="checkbox" id="'
        + box
        + '" data-testid="'
        + box
        + '"'
        + checked
        + "> <span>"
        + escape(t(label))
        + "</span></label>"
    )


def show_settings():
    """The settings sheet: game speed, theme, gin's scoring, the four-colour deck and large
    print. Each applies at once (the scoring from the next match)."""
    blocks = []
    for name, legend, note in SETTINGS:
        buttons = "".join(choice_html(name, value) for value in SHOWN.get(name, CHOICES[name]))
        note_html = '<p class="fineprint">' + escape(t(note)) + "</p>" if note else ""
        blocks.append(
            "<fieldset><legend>"
            + escape(t(legend))
            + '</legend><div class="choices">'
            + buttons
            + "</div>"
            + note_html
            + "</fieldset>"
        )
    blocks += [toggle_html(box, name, label) for box, name, label in TOGGLES]
    body = document.createElement("div")
    body.innerHTML = "".join(blocks)
    open_sheet(t("settings.title"), body)
