"""The person's choices, kept in localStorage: the language, the start screen's settings for
each game, the hand's arrangement and the four-colour deck; and the start screen's buttons that
show them. The start screen is plain HTML; this makes its choices live.
"""

import json

import js

from .dom import by_id, document, each, recall, store

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
}
NUMERIC = ("target", "opponents", "rkOpponents")
LEVEL_CHOICES = {"gin": "level", "basic": "basicLevel", "rummikub": "rkLevel"}


def storage_key(game, what):
    """Where a game's `what` ("save", "stats", "broken": a save set aside) is kept."""
    return "rummy-table/" + game + "/" + what


def default_language():
    """The browser's language if it is one of ours (any Chinese but Traditional's regions is
    Simplified), else English."""
    languages = js.navigator.languages
    tags = [languages[i] for i in range(languages.length)] if languages else [js.navigator.language or "en"]
    for tag in tags:
        lower = str(tag).lower()
        if lower.startswith("zh"):
            traditional = any(mark in lower for mark in ("hant", "tw", "hk", "mo"))
            return "zh-Hant" if traditional else "zh-Hans"
        if lower.startswith("en"):
            return "en"
    return "en"


class Prefs:
    values = {}

    @classmethod
    def load(cls):
        stored = recall(KEY)
        if not isinstance(stored, dict):
            stored = {}
        values = {"lang": stored.get("lang") if stored.get("lang") in LANGS else default_language()}
        for name, allowed in CHOICES.items():
            values[name] = stored.get(name) if stored.get(name) in allowed else allowed[0]
        values["fourColor"] = stored.get("fourColor") is True
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


def chosen_game():
    return Prefs.get("game")


def settings(game):
    """The start screen's settings for `game`, as the engine's session reads them."""
    if game == "gin":
        return {"target": Prefs.get("target"), "level": Prefs.get("level"), "rules": Prefs.get("rules")}
    if game == "rummikub":
        kind, _, value = Prefs.get("rkLength").partition("-")
        timer = Prefs.get("rkTimer")
        return {
            "opponents": Prefs.get("rkOpponents"),
            "level": Prefs.get("rkLevel"),
            "initial_meld": Prefs.get("rkMeld") == "on",
            "rounds": int(value) if kind == "rounds" else None,
            "target": int(value) if kind == "target" else None,
            "timer": None if timer == "off" else int(timer),
        }
    kind, _, value = Prefs.get("basicLength").partition("-")
    return {
        "opponents": Prefs.get("opponents"),
        "hands": int(value) if kind == "hands" else None,
        "target": int(value) if kind == "target" else None,
        "level": Prefs.get("basicLevel"),
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
        button.setAttribute("aria-pressed", "true" if str(value) == str(button.dataset.value) else "false")
    by_id("lang-select").value = Prefs.get("lang")
    by_id("four-color").checked = Prefs.get("fourColor")
    document.body.classList.toggle("four-color", Prefs.get("fourColor"))
    if not by_id("start-screen").hidden:
        document.body.dataset.game = chosen_game()
        by_id("resume").hidden = not js.localStorage.getItem(storage_key(chosen_game(), "save"))
