"""The interface every game of the package implements: gin, Basic Rummy and Rummikub.

Declared once so that what is written for one game (records, arenas, sessions, the
conformance test) is written for all. Each game has:

- a `Round` (one deal played to its end, immutable): `to_move`, `legal_actions()`,
  `apply(action)` returning the next round or raising `IllegalAction` (the round it was called
  on is unchanged), `is_over`, `result` (a `Result` whose `winner` is a seat) and
  `view(seat)`;
- a `View` of a round: what one seat may see, and all an `Agent` is ever given;
- a `Match`: rounds in sequence with running scores, saved as a record;
- actions as frozen dataclasses with the seat that takes them; each game's `actions` module
  turns one into its short text code (`action_code`: records, links and the page use it) and
  back (`parse_action`).

Seats are numbered from 0. The classes are Protocols: a game implements them by shape, so the
games never import one another.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, TypeVar

Seat = int

# A round takes actions and gives them back; rounds and matches only give views; an agent takes
# a view and gives an action.
A = TypeVar("A", bound="Action")
A_co = TypeVar("A_co", bound="Action", covariant=True)
V_co = TypeVar("V_co", bound="View[Any]", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class Action(Protocol):
    """A move of one seat: a frozen dataclass of its game."""

    @property
    def seat(self) -> Seat: ...


class Result(Protocol):
    """How a round ended. `winner` is a seat, or None when nobody won (a dead gin hand, a
    Basic Rummy draw)."""

    @property
    def winner(self) -> Seat | None: ...


class View(Protocol[A_co]):
    """What one seat may see of a round: its own cards or tiles and the public ones."""

    @property
    def seat(self) -> Seat: ...
    @property
    def to_move(self) -> Seat: ...


class Round(Protocol[A, V_co]):
    """One deal, from the deal to its result. Immutable: `apply` returns the next round."""

    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> Seat: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def actions(self) -> tuple[A, ...]: ...  # every action so far, in order

    def legal_actions(self) -> tuple[A, ...]:
        """What the seat to move may do, in a fixed order; () once the round is over. Complete
        for gin and Basic Rummy. Rummikub's plays are whole tables, too many to list, so it lists
        the draw (and the timeout, with a turn timer) and the plays that add one set from the
        rack, or one rack tile to an end of a table set, that `apply` accepts (`apply` takes any
        legal table)."""
        ...

    def apply(self, action: A) -> Self: ...
    def view(self, seat: Seat) -> V_co: ...


class Match(Protocol[A, V_co]):
    """Rounds in sequence with running scores; what a saved game holds (`records`)."""

    @property
    def rules(self) -> Any: ...  # the game's frozen rules dataclass
    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> Seat: ...
    @property
    def first_deal(self) -> int | None: ...  # the first round's own seed, when given one
    @property
    def cuts(self) -> tuple[int, ...]: ...  # each round's cut (`rummy.fairdeal`; 0: uncut)
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def finished(self) -> tuple[Round[A, V_co], ...]: ...
    @property
    def round(self) -> Round[A, V_co]: ...  # the round in play, or just ended
    @property
    def rounds(self) -> tuple[Round[A, V_co], ...]: ...  # finished + (round,)
    @property
    def is_over(self) -> bool: ...

    def apply(self, action: A) -> Self: ...
    def next_round(self, cut: int = 0) -> Self: ...
    def view(self, seat: Seat) -> V_co: ...
    def to_record(self) -> dict[str, Any]: ...


class Agent(Protocol[V_contra, A_co]):
    """A player: given its seat's view, one of the view's legal actions. An agent is built
    from one integer seed, its only source of randomness, and never sees more than the view."""

    def act(self, view: V_contra) -> A_co: ...
