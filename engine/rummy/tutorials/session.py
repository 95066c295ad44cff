"""A tutorial as the page plays it: a session beside the game's match, never in its place.

The worker keeps it apart from the person's match of that game (which goes on untouched) and
answers it like a match: the page sends the person's moves in the same words, and draws the
table from the same model, the game's own `view_model`, plus `tutorial` (`Lesson.model`: the
step, how many there are, the text, the highlight, whether it waits for a move). "go-on"
passes a sentence. A tutorial has no save and no statistics: it is not stored, it counts in
nothing, and leaving it loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..sessions import Refusal
from . import tutorial as rummy_tutorial
from .lesson import Lesson, TryAgain

GO_ON = "go-on"  # the code that passes a sentence (a step with nothing to tap)


@dataclass(frozen=True, slots=True)
class TutorialSession:
    lesson: Lesson
    table: Any  # the game's session at the lesson's round: what draws the table

    @classmethod
    def start(cls, session_type: Any) -> TutorialSession:
        """The tutorial of the game of `session_type` (a `rummy.sessions.MatchSession`) at its
        first step, its table drawn by that session under the tutorial's settings."""
        tutorial = rummy_tutorial(session_type.game)
        settings = session_type.settings_of(tutorial.settings)
        match = session_type.match_type.start(session_type.rules_for(settings), 0)
        table = session_type.seated(settings, replace(match, round=tutorial.deal), None)
        return cls(Lesson(tutorial, 0, tutorial.deal), table)._at(Lesson.begin(tutorial))

    def _at(self, lesson: Lesson) -> TutorialSession:
        """The session at `lesson`, its table's match played on by the lesson's moves since,
        so the table's scores are the hand's (nothing is counted: the table's statistics are
        never read)."""
        match = self.table.match
        for action in lesson.round.actions[len(match.round.actions) :]:
            match = match.apply(action)
        return TutorialSession(lesson, replace(self.table, match=match))

    def act(self, code: Any) -> TutorialSession | Refusal:
        """The session at the next step after the step's move (or "go-on" past a sentence); a
        `Refusal` "try_again" for anything else, its `params` the kind word's i18n key and the
        step again, and this session unchanged."""
        after = self.lesson.go_on() if code == GO_ON else self.lesson.attempt(code)
        if isinstance(after, TryAgain):
            return Refusal("try_again", after.as_dict(), "Not this move: try the step again.")
        return self._at(after)

    def shown_model(self) -> dict[str, Any]:
        """The game's table as its session draws it, without a deal to check (a tutorial's deck
        is fixed, not shuffled from a seed), and the step (`tutorial`)."""
        return {**self.table.view_model(), "deal": None, "tutorial": self.lesson.model()}
