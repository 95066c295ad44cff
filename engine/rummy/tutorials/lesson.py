"""A tutorial as it is played: the runner the page's tutorial session drives, pure.

A `Lesson` is a tutorial at one step, with the round as it stands there. It never rests on a
computer player's step: `begin` and every move taken play the scripted computer moves that
follow at once, up to the next step for the person. The person's move is `attempt(code)`, in
the page's words ("discard KD"): the step's move gives the lesson at the next step; any other
code, a legal move that is not the step's as much as an illegal one or no code at all, gives a
`TryAgain` naming the same step, and nothing changes. A `Say` step goes on with `go_on()`.
Past the last step the lesson is done.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..sessions import person_code
from .steps import PERSON, Computer, Play, Say, Step, Tutorial

# The kind word for a move that is not the step's: the words of the session's refusal.
TRY_AGAIN = "error.try_again"
DONE = "tutorial.done"  # the text once every step is played


@dataclass(frozen=True, slots=True)
class TryAgain:
    """A move the step does not take: the kind word, and the step to play again."""

    step: int
    text: str = TRY_AGAIN

    def as_dict(self) -> dict[str, Any]:
        return {"step": self.step, "text": self.text}


class ScriptError(ValueError):
    """A tutorial whose own script does not play: a move of it that the round refuses."""


@dataclass(frozen=True, slots=True)
class Lesson:
    tutorial: Tutorial
    step: int  # the step shown, len(steps) once done
    round: Any  # the round as it stands at this step

    @classmethod
    def begin(cls, tutorial: Tutorial) -> Lesson:
        """The tutorial at its first step for the person."""
        return cls(tutorial, 0, tutorial.deal).played_on()

    @property
    def done(self) -> bool:
        return self.step >= len(self.tutorial.steps)

    @property
    def current(self) -> Step | None:
        """The step shown (None once done)."""
        return None if self.done else self.tutorial.steps[self.step]

    def played_on(self) -> Lesson:
        """This lesson with the computer moves at its step played, up to the person's next."""
        lesson = self
        while isinstance(step := lesson.current, Computer):
            lesson = lesson._next(step.move)
        return lesson

    def _next(self, move: str) -> Lesson:
        """The lesson at the next step, once the step's `move` (a full code) is played:
        ScriptError if the round refuses it, as only a broken script can make it."""
        try:
            hand = self.round.apply(self.tutorial.parse(move))
        except ValueError as error:  # IllegalAction is one
            raise ScriptError(f"step {self.step} ({move!r}): {error}") from None
        return Lesson(self.tutorial, self.step + 1, hand)

    def attempt(self, code: Any) -> Lesson | TryAgain:
        """The lesson after the person's move `code` (the page's words, without the seat) when
        it is the step's, else `TryAgain` with this lesson unchanged."""
        step, move = self.current, person_code(code, PERSON)
        if not isinstance(step, Play) or move is None:
            return TryAgain(self.step)
        key = self._key(move)
        if key is None or key not in {self._key(f"{PERSON} {m}") for m in step.moves}:
            return TryAgain(self.step)
        return self._next(move).played_on()

    def go_on(self) -> Lesson | TryAgain:
        """The lesson past a `Say` step; `TryAgain` at a step that waits for a move."""
        if not isinstance(self.current, Say):
            return TryAgain(self.step)
        return Lesson(self.tutorial, self.step + 1, self.round).played_on()

    def _key(self, move: str) -> Hashable | None:
        """The key of the move of full code `move` (`Tutorial.same`), None for no move."""
        try:
            return self.tutorial.same(self.tutorial.parse(move))
        except ValueError:  # a code that does not parse, or a Rummikub set that is none
            return None

    def model(self) -> dict[str, Any]:
        """What the page shows of the step, JSON-ready: its number and how many there are (`step`
        of `of`, the script's), its place among the steps a person sees and how many those are
        (`place` of `places`: the computer's scripted moves are played at once, so a count of
        them would jump), the text's i18n key, the cards or tiles to highlight and the table
        place to point at, whether it waits for a move (`waiting_for_tap`; else a button goes
        on, or it is done), and that move in the page's words (`move`, the step's first; None at
        a sentence), so the page can point at each tap that makes it (a card, then Knock rather
        than Discard)."""
        step = self.current
        shown = step if isinstance(step, (Play, Say)) else None
        seen = [isinstance(s, (Play, Say)) for s in self.tutorial.steps]
        return {
            "step": self.step,
            "of": len(self.tutorial.steps),
            "place": sum(seen[: self.step + 1]),
            "places": sum(seen),
            "text": DONE if shown is None else shown.text,
            "highlight": [] if shown is None else list(shown.highlight),
            "target": None if shown is None else shown.target,
            "waiting_for_tap": isinstance(step, Play),
            "move": step.moves[0] if isinstance(step, Play) else None,
            "done": self.done,
        }
