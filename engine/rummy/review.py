"""The review of a finished hand, the same shape for every game: each decision a seat made,
the hard player's ranking of its options, and what the choice cost in points.

A game supplies a `judge`: given the state just before one of the seat's actions, it returns
that `Decision` (or None when the seat had no choice). `decisions` replays the hand through
the game's own `apply` and asks the judge at each of the seat's actions, one at a time, so a
worker can compute a review in slices and stop whenever it is told to. A review is computed
once and saved with the hand: `Review.to_dict` is its JSON form, `Review.from_dict` reads it
back and refuses anything malformed with a ValueError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import isfinite
from typing import Any, TypeVar

VERSION = 1
J = TypeVar("J")
COSTLIEST = 3  # the summary names at most this many decisions: "where the hand was lost"
SHOWN = 5  # a ranking on the page names at most this many options (more only to keep some)


def points(value: float) -> float:
    """A cost in points as the review keeps it: never negative, to the hundredth (so the saved
    review reads the same on every interpreter and small noise is no cost)."""
    return max(0.0, round(value, 2))


@dataclass(frozen=True, slots=True)
class Option:
    """One legal option as the hard player ranks it: its action code, what it costs against
    the best option, and the agent's own figures for it (name -> number)."""

    move: str
    cost: float
    figures: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """One action of the reviewed seat that had an alternative."""

    index: int  # of the action in the hand's action log
    move: str  # the action code of the move made
    cost: float  # points the move gave away against the hard player's best, >= 0
    options: tuple[Option, ...]  # the hard player's ranking, best first

    @property
    def best(self) -> str:
        return self.options[0].move


@dataclass(frozen=True, slots=True)
class Review:
    game: str
    seat: int
    decisions: tuple[Decision, ...]  # in the order they were made

    @property
    def total(self) -> float:
        return points(sum(decision.cost for decision in self.decisions))

    def costliest(self, limit: int = COSTLIEST) -> tuple[Decision, ...]:
        """The decisions that cost most, at most `limit`, dearest first (ties: the earlier
        first); a decision that cost nothing is never named."""
        costly = [decision for decision in self.decisions if decision.cost > 0]
        return tuple(sorted(costly, key=lambda d: (-d.cost, d.index))[:limit])

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "game": self.game,
            "seat": self.seat,
            "decisions": [decision_dict(decision) for decision in self.decisions],
            "total": self.total,
            "costliest": [decision.index for decision in self.costliest()],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """The review `to_dict` wrote; ValueError saying what is wrong otherwise."""
        if not isinstance(data, Mapping) or data.get("version") != VERSION:
            raise ValueError(f"a review is an object of version {VERSION}")
        game, seat, decisions = data.get("game"), data.get("seat"), data.get("decisions")
        if not isinstance(game, str) or type(seat) is not int or seat < 0:
            raise ValueError("a review names its game and the seat reviewed")
        if not isinstance(decisions, list):
            raise ValueError("a review's decisions are a list")
        parsed = tuple(_decision_of(item) for item in decisions)
        indexes = [decision.index for decision in parsed]
        if indexes != sorted(set(indexes)):
            raise ValueError("a review's decisions are in the order of the hand, one per action")
        return cls(game, seat, parsed)


def decisions(
    start: Any,
    actions: Sequence[Any],
    judge: Callable[[Any, int, Any], J | None],
    first: int = 0,
) -> Iterator[J]:
    """The decisions of the hand that begins at state `start` (whose own log already holds
    actions[:len(start.actions)]) and continues with the rest of `actions`, from action index
    `first` on, one at a time. `judge(state, index, action)` rates the action taken at
    `state` (a `Decision`, or the decision with the view it was judged on); it returns None
    for another seat's action or a forced one."""
    state = start
    for index in range(len(start.actions), len(actions)):
        action = actions[index]
        if index >= first:
            decision = judge(state, index, action)
            if decision is not None:
                yield decision
        state = state.apply(action)


def ranked(
    moves: Iterable[tuple[str, float, tuple[tuple[str, float], ...]]], made: str, index: int
) -> Decision:
    """A decision from the options best first as (move, value in points, figures): each
    option costs the best one's value less its own, never less than nothing."""
    moves = list(moves)
    top = moves[0][1]
    options = tuple(Option(move, points(top - value), figures) for move, value, figures in moves)
    cost = next(option.cost for option in options if option.move == made)
    return Decision(index, made, cost, options)


def shown(count: int, keep: Iterable[int] = (), limit: int = SHOWN) -> tuple[int, ...]:
    """The places (0 for the best) of the options a ranking of `count` options names, in its
    order: the best, those of `keep` wherever they rank (the move made, so that a choice far
    down still reads with its cost), and the next best, `limit` in all where `keep` allows."""
    wanted = {0, *keep}
    rest = [place for place in range(count) if place not in wanted]
    return tuple(sorted(wanted.union(rest[: max(0, limit - len(wanted))])))


def _number(value: Any, what: str) -> float:
    if type(value) not in (int, float) or not isfinite(value):
        raise ValueError(f"{what} must be a number")
    return float(value)


def decision_dict(decision: Decision) -> dict[str, Any]:
    return {
        "index": decision.index,
        "move": decision.move,
        "cost": decision.cost,
        "options": [
            {"move": option.move, "cost": option.cost, "figures": dict(option.figures)}
            for option in decision.options
        ],
    }


def _option_of(item: Any) -> Option:
    if not isinstance(item, Mapping) or not isinstance(item.get("move"), str):
        raise ValueError("an option is an object with its move")
    figures = item.get("figures", {})
    if not isinstance(figures, Mapping) or not all(isinstance(name, str) for name in figures):
        raise ValueError("an option's figures map names to numbers")
    cost = _number(item.get("cost"), "an option's cost")
    if cost < 0:
        raise ValueError("an option's cost is never negative")
    return Option(
        item["move"], cost, tuple((name, _number(v, name)) for name, v in figures.items())
    )


def _decision_of(item: Any) -> Decision:
    if not isinstance(item, Mapping):
        raise ValueError("a decision is an object")
    index, move, options = item.get("index"), item.get("move"), item.get("options")
    if type(index) is not int or index < 0 or not isinstance(move, str):
        raise ValueError("a decision names its action's index and the move made")
    if not isinstance(options, list) or not options:
        raise ValueError("a decision ranks at least one option")
    parsed = tuple(_option_of(option) for option in options)
    cost = _number(item.get("cost"), "a decision's cost")
    if move not in {option.move for option in parsed} or cost < 0:
        raise ValueError("a decision's move is one of its options and costs nothing negative")
    return Decision(index, move, cost, parsed)
