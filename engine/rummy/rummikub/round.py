"""A Rummikub round: 2-4 seats, 14 tiles each, plays that lay down a whole new table.

A play is the complete table after the move. The engine checks that every set is legal, that
every tile of the old table is still there, that the tiles added came from the mover's rack,
the initial meld (30 from the rack alone, table untouched) and the joker rule. Drawing ends the
turn, so a tile drawn this turn can never be played in it. Immutable like gin's hand: `apply`
returns a new round and leaves the old one valid when it raises `IllegalPlay`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any

from ..errors import IllegalPlay
from ..records import HOUSE_RULE
from ..rng import Rng, derive_seed
from .moves import end_tiles, extended, new_sets
from .sets import TileSet, read_set
from .tiles import FULL_POOL, JOKER_PENALTY, Tile, format_tiles, numbered, sort_key

RACK_SIZE = 14
PENALTY_TILES = 3  # drawn when the turn timer runs out
TURN_TIMERS = (30, 60, 120)  # seconds a turn may last, when the timer is on
INITIAL_MELDS = range(20, 51)  # the initial meld's points, when it is on (house rules)
FACE = "face"  # the joker penalty that counts a joker as the highest tile beside it (house rule)
JOKER_PENALTIES = (JOKER_PENALTY, FACE)  # what a joker left on a rack may cost: see joker_cost


@dataclass(frozen=True, slots=True)
class Rules:
    """Players 2-4; the initial meld's points (0: off, the beginners' setting); a game of
    `rounds` rounds or to a `target` total (exactly one of the two; the arena plays single
    rounds); an optional turn timer in seconds, at whose end the turn is lost and
    PENALTY_TILES drawn (`Timeout`); what a joker left on a rack costs (`joker_cost`), a house
    rule a record names only when it is not today's 30."""

    players: int = 4
    initial_meld: int = 30  # points the first play must reach from the rack alone; 0: off
    rounds: int | None = 1
    target: int | None = None
    turn_timer: int | None = None
    joker_penalty: int | str = field(default=JOKER_PENALTY, metadata=HOUSE_RULE)

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2-4, not {self.players!r}")
        if type(self.initial_meld) is not int or not (
            self.initial_meld == 0 or self.initial_meld in INITIAL_MELDS
        ):
            raise ValueError(
                f"initial_meld must be 0 (off) or 20-50 points, not {self.initial_meld!r}"
            )
        if (self.rounds is None) == (self.target is None):
            raise ValueError("play either a number of rounds or to a target, not both or neither")
        for name in ("rounds", "target"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or not 1 <= value <= 1000):
                raise ValueError(f"{name} must be a whole number from 1 to 1000, not {value!r}")
        if self.turn_timer is not None and (
            type(self.turn_timer) is not int or self.turn_timer not in TURN_TIMERS
        ):
            raise ValueError(
                f"the turn timer is off or one of {TURN_TIMERS} seconds, not {self.turn_timer!r}"
            )
        if (type(self.joker_penalty), self.joker_penalty) not in (
            (type(p), p) for p in JOKER_PENALTIES
        ):
            raise ValueError(
                f'joker_penalty is {JOKER_PENALTY} or "{FACE}" (the highest number beside it on '
                f"the rack), not {self.joker_penalty!r}"
            )


@dataclass(frozen=True, slots=True)
class Play:
    """Lay down `table`, the whole table as it stands after the move (sets of tiles)."""

    seat: int
    table: tuple[tuple[Tile, ...], ...]

    @classmethod
    def of(cls, seat: int, sets: Iterable[Iterable[Tile]]) -> Play:
        return cls(seat, tuple(tuple(s) for s in sets))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile, which ends the turn (with the pool empty: pass)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Timeout:
    """The turn timer ran out: the turn is lost (whatever the seat had laid out is not played,
    so the table stands as it was) and PENALTY_TILES are drawn, or what the pool still has."""

    seat: int


Action = Play | Draw | Timeout


@dataclass(frozen=True, slots=True)
class Result:
    winner: int
    scores: tuple[int, ...]  # per seat, summing to zero
    pool_exhausted: bool


def joker_cost(rack: Iterable[Tile], joker_penalty: int | str) -> int:
    """What each joker left on `rack` costs under the rules' `joker_penalty`: JOKER_PENALTY,
    or under FACE the highest number among the rack's other tiles. A joker on a rack stands
    for no tile, so FACE counts the most it could stand for beside them; a rack of jokers alone
    has nothing beside them, and each counts JOKER_PENALTY, as in the standard rules."""
    numbers = [tile.number for tile in rack if numbered(tile)]
    return max(numbers) if joker_penalty == FACE and numbers else JOKER_PENALTY


def rack_total(rack: Iterable[Tile], joker_penalty: int | str) -> int:
    """What a rack left at the round's end costs under the rules' `joker_penalty`: its numbers,
    and each joker at `joker_cost`. Every count of a rack goes through here: the scores, the
    lowest rack once the pool is empty, the page's totals and the review's points."""
    tiles = tuple(rack)
    jokers = sum(tile.is_joker for tile in tiles)
    numbers = sum(tile.number for tile in tiles if numbered(tile))
    return numbers + jokers * joker_cost(tiles, joker_penalty)


def _sorted(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=sort_key))


def starting_seat(seed: int, players: int) -> int:
    """Each seat draws a tile from a shuffled pool; the highest number starts (a joker counts
    as nothing; seats that tie draw again)."""
    pool = Rng(derive_seed(seed, 1)).shuffled(list(FULL_POOL))
    contenders = list(range(players))
    drawn = 0
    while len(contenders) > 1:
        numbers = {seat: pool[drawn + i].number or 0 for i, seat in enumerate(contenders)}
        drawn += len(contenders)
        best = max(numbers.values())
        contenders = [seat for seat in contenders if numbers[seat] == best]
    return contenders[0]


def table_kept(old: Sequence[TileSet], new: Sequence[TileSet]) -> bool:
    """Whether every set of the `old` table is still a set of the `new` one, untouched (what
    an initial meld must leave)."""
    return not Counter(_sorted(s.tiles) for s in old) - Counter(_sorted(s.tiles) for s in new)


def new_sets_value(old: Sequence[TileSet], new: Sequence[TileSet]) -> int:
    """Points of the sets of `new` that are not sets of `old`, each worth what its jokers stand
    for as laid out: the initial meld's tally."""
    kept = Counter(_sorted(s.tiles) for s in old)
    value = 0
    for tile_set in new:
        key = _sorted(tile_set.tiles)
        if kept[key]:
            kept[key] -= 1
        else:
            value += tile_set.value
    return value


def _roles(table: Sequence[TileSet]) -> list[frozenset[Tile]]:
    """For each joker on the table, the tiles it stands for."""
    return [
        frozenset(tile_set.stands_for(i))
        for tile_set in table
        for i, tile in enumerate(tile_set.tiles)
        if tile.is_joker
    ]


def unreplaced_joker(old: Sequence[TileSet], new: Sequence[TileSet]) -> frozenset[Tile] | None:
    """The joker rule: a table joker leaves only when a tile it stood for is put on the table
    in its place. So each old joker's role (the tiles it stood for) is either kept (one of its
    tiles is on the new table) or taken on by a joker of the new table, one each, that can
    still be one of those tiles. Returns a role left uncovered, or None when the move keeps
    the rule. (Where a freed joker goes needs no check: every table tile stays in a set.)"""
    roles = _roles(old)
    if not roles:
        return None
    on_table = Counter(tile for tile_set in new for tile in tile_set.tiles)
    waiting = [role for role in roles if not any(on_table[tile] for tile in role)]
    jokers = _roles(new)
    for order in permutations(range(len(jokers)), len(waiting)):  # two jokers at most
        if all(role & jokers[j] for role, j in zip(waiting, order, strict=True)):
            return None
    lone = [role for role in waiting if not any(role & joker for joker in jokers)]
    return (lone or waiting)[0]


@dataclass(frozen=True, slots=True)
class Round:
    rules: Rules
    seed: int
    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]  # pool[0] is drawn next
    table: tuple[TileSet, ...]
    to_move: int
    melded: tuple[bool, ...]  # whether each seat has made its initial meld
    passes: int  # turns in a row without a play once the pool is empty
    actions: tuple[Action, ...]
    result: Result | None

    @classmethod
    def deal(cls, seed: int, rules: Rules = Rules()) -> Round:
        """Deal from `seed`: the pool it shuffles, dealt by `from_pool`, the seat that draws
        the highest tile starting (`starting_seat`)."""
        pool = Rng(derive_seed(seed, 2)).shuffled(list(FULL_POOL))
        return cls.from_pool(pool, rules, starting_seat(seed, rules.players), seed)

    @classmethod
    def from_pool(
        cls, pool: Sequence[Tile], rules: Rules = Rules(), first: int = 0, seed: int = 0
    ) -> Round:
        """Deal `pool` (all 106 tiles, first drawn first): 14 tiles to each seat in turn, the
        rest is the pool; seat `first` starts. The one deal of every round, so a fixed pool (a
        tutorial's, `seed` 0) deals as a shuffled one; ValueError for a pool that is not the
        106 tiles or a seat that is none."""
        if Counter(pool) != Counter(FULL_POOL):
            raise ValueError(f"a pool holds the {len(FULL_POOL)} tiles, each number twice")
        if type(first) is not int or not 0 <= first < rules.players:
            raise ValueError(f"the first seat is 0-{rules.players - 1}, not {first!r}")
        racks = tuple(
            _sorted(pool[seat * RACK_SIZE : (seat + 1) * RACK_SIZE])
            for seat in range(rules.players)
        )
        return cls(
            rules=rules,
            seed=seed,
            racks=racks,
            pool=tuple(pool[rules.players * RACK_SIZE :]),
            table=(),
            to_move=first,
            melded=(not rules.initial_meld,) * rules.players,
            passes=0,
            actions=(),
            result=None,
        )

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def players(self) -> int:
        return self.rules.players

    def legal_actions(self) -> tuple[Action, ...]:
        """The draw, the timeout when there is a turn timer, then the plays that lay one new set
        from the rack beside the table as it stands (`moves.new_sets`), then those that add one
        rack tile to an end of a table run or to a group of three; each only if `apply` takes
        it (an initial meld reaches its points). Not every legal play: one may also lay several
        sets at once, or rearrange the table."""
        if self.result is not None:
            return ()
        seat = self.to_move
        rack = self.racks[seat]
        table = tuple(tile_set.tiles for tile_set in self.table)
        plays = [Play(seat, table + (tile_set.tiles,)) for tile_set in new_sets(rack)]
        held = set(rack)
        for index, tile_set in enumerate(self.table):
            for tile in end_tiles(tile_set):
                grown = extended(tile_set, tile) if tile in held else None
                if grown is not None:
                    plays.append(Play(seat, table[:index] + (grown.tiles,) + table[index + 1 :]))
        timeout = (Timeout(seat),) if self.rules.turn_timer is not None else ()
        return (Draw(seat),) + timeout + tuple(p for p in plays if self._accepts(p))

    def _accepts(self, play: Play) -> bool:
        try:
            self.check_play(play)
        except IllegalPlay:
            return False
        return True

    def apply(self, action: Action) -> Round:
        if self.result is not None:
            raise IllegalPlay("The round is over.", "round_over")
        if not isinstance(action, (Play, Draw, Timeout)):
            raise IllegalPlay(f"{action!r} is not a Rummikub action.", "not_an_action")
        if action.seat != self.to_move:
            raise IllegalPlay(
                f"It is not your turn: seat {self.to_move} is to play.", "not_your_turn"
            )
        if isinstance(action, Draw):
            return self._draw(action, 1)
        if isinstance(action, Timeout):
            if self.rules.turn_timer is None:
                raise IllegalPlay("This game has no turn timer.", "no_turn_timer")
            return self._draw(action, PENALTY_TILES)
        return self._play(action)

    def _next(self, **changes: Any) -> Round:
        return replace(self, to_move=(self.to_move + 1) % self.rules.players, **changes)

    def _draw(self, action: Draw | Timeout, count: int) -> Round:
        """Draw `count` tiles (as many as the pool has) and end the turn; with the pool empty,
        the turn is a pass, and when every seat has passed in a row the round ends."""
        seat = action.seat
        actions = self.actions + (action,)
        if self.pool:
            racks = list(self.racks)
            racks[seat] = _sorted(racks[seat] + self.pool[:count])
            return self._next(racks=tuple(racks), pool=self.pool[count:], passes=0, actions=actions)
        passes = self.passes + 1
        if passes < self.rules.players:
            return self._next(passes=passes, actions=actions)
        # Nobody could play with the pool empty: the lowest rack wins.
        totals = [rack_total(rack, self.rules.joker_penalty) for rack in self.racks]
        winner = min(range(self.rules.players), key=lambda s: (totals[s], len(self.racks[s]), s))
        return replace(self, passes=passes, actions=actions, result=self._score(winner, True))

    def _score(self, winner: int, pool_exhausted: bool) -> Result:
        scores = [-rack_total(rack, self.rules.joker_penalty) for rack in self.racks]
        scores[winner] = -sum(score for seat, score in enumerate(scores) if seat != winner)
        return Result(winner, tuple(scores), pool_exhausted)

    def check_play(self, action: Play) -> tuple[tuple[TileSet, ...], Counter[Tile]]:
        """(the new table, the rack tiles it adds) of a play, or IllegalPlay saying what is
        wrong with it."""
        seat = action.seat
        table, old, new = self._read_table(action.table)
        missing = old - new
        if missing:
            gone = format_tiles(_sorted(missing.elements()))
            raise IllegalPlay(
                f"{gone} left the table: every table tile must stay on it.",
                "table_tile_missing",
                tiles=gone,
            )
        added = new - old
        not_yours = added - Counter(self.racks[seat])
        if not_yours:
            extra = format_tiles(_sorted(not_yours.elements()))
            raise IllegalPlay(f"{extra} is not on your rack.", "not_on_rack", tiles=extra)
        if not added:
            raise IllegalPlay("Play at least one tile from your rack, or draw.", "nothing_played")
        if not self.melded[seat]:
            self._check_initial_meld(table)
        self._check_jokers(table)
        return table, added

    def _read_table(
        self, sets: Iterable[Sequence[Tile]]
    ) -> tuple[tuple[TileSet, ...], Counter[Tile], Counter[Tile]]:
        """The sets of a new table read, and the tiles of the old table and of the new one, both
        less the sets passed back as the very tuples the table holds: those are unchanged, so
        they are not read again, and leaving them out of both counts changes no difference of
        the two. (The plays `legal_actions` lists pass the table's tuples back, so checking
        each does not read or count the whole table again.)"""
        unchanged = Counter(id(tile_set.tiles) for tile_set in self.table)
        known = {id(tile_set.tiles): tile_set for tile_set in self.table}
        table: list[TileSet] = []
        new: Counter[Tile] = Counter()
        for tiles in sets:
            if unchanged[id(tiles)]:
                unchanged[id(tiles)] -= 1
                table.append(known[id(tiles)])
            else:
                table.append(read_set(tiles))
                new.update(table[-1].tiles)
        old: Counter[Tile] = Counter()
        for tile_set in self.table:
            if unchanged[id(tile_set.tiles)]:  # not in the new table as it was
                unchanged[id(tile_set.tiles)] -= 1
                old.update(tile_set.tiles)
        return tuple(table), old, new

    def _check_initial_meld(self, table: tuple[TileSet, ...]) -> None:
        if not table_kept(self.table, table):
            raise IllegalPlay(
                "Your first play adds new sets from your rack only: leave the table's sets as "
                "they are.",
                "initial_meld_touches_table",
            )
        value = new_sets_value(self.table, table)
        need = self.rules.initial_meld
        if value < need:
            raise IllegalPlay(
                f"Your first play must be worth at least {need} points; these sets make {value}.",
                "initial_meld_too_low",
                value=value,
                need=need,
            )

    def _check_jokers(self, table: tuple[TileSet, ...]) -> None:
        role = unreplaced_joker(self.table, table)
        if role is not None:
            wanted = _sorted(role)
            either = " or ".join(tile.code for tile in wanted)
            raise IllegalPlay(
                f"To take a joker from the table, put {either} in its place.",
                "joker_not_replaced",
                tiles=format_tiles(wanted),
            )

    def _play(self, action: Play) -> Round:
        table, added = self.check_play(action)
        seat = action.seat
        rack = Counter(self.racks[seat]) - added
        racks = list(self.racks)
        racks[seat] = _sorted(rack.elements())
        melded = tuple(m or s == seat for s, m in enumerate(self.melded))
        after = replace(
            self,
            racks=tuple(racks),
            table=table,
            melded=melded,
            passes=0,
            actions=self.actions + (action,),
        )
        if not racks[seat]:
            return replace(after, result=after._score(seat, False))
        return after._next()

    def view(self, seat: int) -> View:
        return View.of(self, seat)


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see: its own rack, the table, and how many tiles everyone holds."""

    seat: int
    rules: Rules
    rack: tuple[Tile, ...]
    table: tuple[TileSet, ...]
    rack_counts: tuple[int, ...]
    pool_count: int
    melded: tuple[bool, ...]
    to_move: int
    result: Result | None

    @classmethod
    def of(cls, game: Round, seat: int) -> View:
        return cls(
            seat=seat,
            rules=game.rules,
            rack=game.racks[seat],
            table=game.table,
            rack_counts=tuple(len(rack) for rack in game.racks),
            pool_count=len(game.pool),
            melded=game.melded,
            to_move=game.to_move,
            result=game.result,
        )


def replay(seed: int, actions: Iterable[Action], rules: Rules = Rules()) -> Round:
    game = Round.deal(seed, rules)
    for action in actions:
        game = game.apply(action)
    return game
