"""The exact Rummikub move: the most tiles (or points) a rack can add to a freely rearranged table.

Dynamic programming over the numbers 1 to 13, one colour at a time. Every tile of a number
goes into a group of that number or into a run of its colour, and a run only needs to know how
long it already is (1, 2, or 3 and more, when it may stop). So the state is, per colour, how
many open runs have each of those lengths, plus the jokers in use, plus what the groups of the
current number hold so far. Table tiles must be placed, rack tiles may be, a joker fills any
place, though away from table-joker roles only where it cannot be left out: a joker that
could is added at the end to a set with room (see _placings). Each state's best completion is
memoised, or, when a better gain is known elsewhere, a bound on it (branch and bound), so the
answer is exact. The exact search runs from both ends (1 up, 13 down: see _either_way).

The joker rule (see `game.unreplaced_joker`): a table joker's role at number n is kept when a
tile it stood for is on the new table, or when a joker still stands where it can be one of
those tiles; both are read off the places of number n. Among the best moves, the table sets
that need not change are kept as they are: see `solve`.

A move due within a budget (a computer turn, a hint) passes `budget=` search states (see
DECISION_BUDGET): past them `solve` returns the best legal move it found, marked not `exact`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol, TypeVar, overload

from .sets import RUN, TileSet, read_set
from .tiles import COLOURS, JOKER, JOKER_PENALTY, Tile, numbered, sort_key

# How many search states `solve` may spend on keeping table sets as they were, once the best
# gain is known. Proving that a set cannot be kept means an exhaustive search, and on large
# random tables those proofs were most of the time `solve` took (up to 0.5 s of 0.66 s). The
# gain stays exact; past the budget, the sets not yet tried are laid out anew.
KEEP_BUDGET = 40_000
# ... and at most this many on one try: a set whose keeping takes longer to prove or disprove
# is tried again in a smaller block (on the random positions of bench_solver, as many sets kept
# as with no such limit, the slowest tenth of positions about a quarter fewer states).
KEEP_TRY_BUDGET = 2_000
# The search states a computer turn or a hint may spend on one `solve` (its `budget`): about
# 0.1 s at worst in CPython, past which the move is the best found near the rack (see `solve`).
DECISION_BUDGET = 20_000
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
_GRID = [[Tile(c, n) for c in COLOURS] if n else [] for n in range(14)]  # [number][colour]


_NONE = -(1 << 30)  # the gain of a search that finds no way to lay the table tiles
T = TypeVar("T")

# The search's state at a number and colour (see _Search.best): number, colour, per colour
# its open runs, jokers used, worth, this number's groups so far, marks, room.
_Runs = tuple[int, int, int, int]  # open runs of length 1, 2, 3+, and ending with the next number
_Groups = tuple[int, bool, int, bool]  # places, a colour with two, real tiles, a joker left out
_State = tuple[int, int, tuple[_Runs, ...], int, int, _Groups, tuple[int, ...], int]


class _OverBudget(Exception):
    """A search spent the states it was allowed."""


@dataclass(frozen=True, slots=True)
class Solution:
    placed: tuple[Tile, ...]  # the rack tiles played
    sets: tuple[TileSet, ...]  # the whole new table: the sets kept as they were first
    exact: bool = True  # proven the best; False: a search budget ran out first (see `solve`)


@dataclass(frozen=True, slots=True)
class _Placing:
    """How the tiles of one colour and number are placed: per kind of place (runs ending
    here, groups, new runs, runs of 3+ going on, runs shorter than 3), how many real tiles."""

    going_on: int  # runs of 3+ that take this number (the shorter ones always do)
    started: int  # new runs starting here
    grouped: int  # places in this number's groups
    real: int  # real tiles used (table and rack)
    jokers: int
    runs: _Runs  # the open runs afterwards
    real_at: tuple[int, int, int, int, int]  # real tiles: runs ending, groups, new, going on, short
    ending: int  # runs of 3+ taking a joker here that end with a real tile at the next number


# What a search from a state finds: (gain, placing, the state after it, exact).
_Found = tuple[int, _Placing | None, _State | None, bool]
# A placing and what the search needs of it precomputed (see _placings).
_Step = tuple[_Placing, _Runs, int, int, int, int, bool, int, bool]
_DEAD: _Found = (_NONE, None, None, True)


@cache
def _placings(
    runs: _Runs, table: int, rack: int, jokers_left: int, free: bool
) -> tuple[_Step, ...]:
    """Every way to place one colour's tiles of one number, the most tiles first (so the best
    is met early), each with what the search needs of it precomputed: (placing, runs after,
    jokers, real tiles, group places, real tiles in groups, two group places, places, group
    jokers). Runs shorter than 3, and runs ending here, must go on.

    Where the number is not `free` (see _Search.free_at), a joker only goes where it cannot
    be left out: a run's second or third place, a group of three, or a run of 3+ that then
    ends with one real tile (x y z J w). Any other joker could be taken out of its set, so
    it is left out of the search and added at the end if some set has room (see _close);
    with that, the search tries one place for such a joker instead of every equivalent one.
    Real tiles go first to the runs ending here (they must), then to the groups, new runs
    (they must), runs of 3+, and runs shorter than 3; the jokers fill the rest."""
    short1, short2, long, ending = runs
    found: list[_Step] = []
    for going_on in range(long + 1):
        # Stopping a run of 3+ and starting one here is never needed: the run could go on.
        for started in range(3 + jokers_left if going_on == long else 1):
            in_runs = short1 + short2 + ending + going_on + started
            for grouped in range(3):
                places = in_runs + grouped
                for real in range(table, min(table + rack, 2) + 1):
                    jokers = places - real
                    if not 0 <= jokers <= jokers_left:
                        continue
                    if free:
                        in_groups = min(grouped, real)
                        left = real - in_groups
                        at_end = min(ending, left)
                        left -= at_end
                        at_new = min(started, left)
                        left -= at_new
                        at_long = min(going_on, left)
                        real_at = (at_end, in_groups, at_new, at_long, left - at_long)
                        new_ending, group_jokers = 0, False
                    else:
                        if real < ending:
                            continue
                        left = real - ending
                        in_groups = min(grouped, left)
                        left -= in_groups
                        if left < started:
                            continue
                        left -= started
                        at_long = min(going_on, left)
                        real_at = (ending, in_groups, started, at_long, left - at_long)
                        new_ending, group_jokers = going_on - at_long, in_groups < grouped
                    after = (started, short1, short2 + going_on - new_ending, new_ending)
                    placing = _Placing(
                        going_on, started, grouped, real, jokers, after, real_at, new_ending
                    )
                    found.append(
                        (
                            placing,
                            after,
                            jokers,
                            real,
                            grouped,
                            in_groups,
                            grouped == 2,
                            places,
                            group_jokers,
                        )
                    )
    found.sort(key=lambda step: (-step[3], step[2]))
    return tuple(found)


def _groups_fit(places: int, two: bool, real: int) -> bool:
    """Whether a number's group places make groups: one group of 3-4 colours holding at least
    two real tiles (one real tile and two jokers is a run), or two groups, when a colour has
    two places (with at most two jokers, each group then holds two real tiles)."""
    if places == 0:
        return True
    if two:
        return 6 <= places <= 8
    return places in (3, 4) and real >= 2


def _roles_kept(roles: tuple[int, ...], marks: tuple[int, ...]) -> bool:
    """Whether every table-joker role of a number (a mask of colours) is kept: a colour of it
    has a real tile (mark -1), or distinct jokers stand in its colours (marks count jokers)."""
    open_roles = [
        role for role in roles if not any(marks[c] < 0 for c in range(4) if role >> c & 1)
    ]
    capacity = [sum(marks[c] for c in range(4) if role >> c & 1) for role in open_roles]
    if any(room < 1 for room in capacity):
        return False
    if len(open_roles) == 2:
        union = open_roles[0] | open_roles[1]
        return sum(marks[c] for c in range(4) if union >> c & 1) >= 2
    return True


class _Search:
    """The memoised search over (number, colour) for one table and rack."""

    def __init__(
        self,
        table: Counter[Tile],
        rack: Counter[Tile],
        roles: dict[int, tuple[int, ...]],
        by_value: bool,
        min_worth: int,
        flipped: bool = False,
        joker_points: int = JOKER_PENALTY,
    ) -> None:
        self.min_worth = min_worth
        # What a tile of each number gains (its points, by value: 14 - n on a `_flip`ped table),
        # and what a rack joker gains.
        self.points = [(14 - n if flipped else n) if by_value else 1 for n in range(15)]
        self.joker_gain = joker_points if by_value else 1
        self.table_at = [[table[tile] for tile in row] for row in _GRID]
        self.rack_at = [[rack[tile] for tile in row] for row in _GRID]
        # The most real tiles each colour can have at each number (0 past 13).
        self.most_at = [
            [min(t + r, 2) for t, r in zip(*rows, strict=True)]
            for rows in zip(self.table_at, self.rack_at, strict=True)
        ]
        self.most_at += [[0] * 4, [0] * 4]
        # The most real tiles the colours after each one can have at its number.
        self.later_at = [[sum(row[c + 1 :]) for c in range(4)] for row in self.most_at]
        self.roles = roles
        self.table_jokers = table[JOKER]
        self.jokers = table[JOKER] + min(rack[JOKER], 2)
        # The most a search from each (number, colour) can still gain: all the rack tiles left.
        each = [
            [self.points[n] * (self.most_at[n][c] - self.table_at[n][c]) for c in range(4)]
            if n
            else []
            for n in range(14)
        ]
        jokers = (self.jokers - self.table_jokers) * self.joker_gain
        self.ceiling = [0] * 57
        self.ceiling[56] = jokers  # past 13: the rack jokers
        for at in range(55, 3, -1):
            self.ceiling[at] = each[at // 4][at % 4] + self.ceiling[at + 1]
        # Where a joker may go anywhere (see _placings): the numbers with table-joker roles,
        # 11 (J 12 13 needs it), and every number for an initial meld (its worth counts jokers).
        self.free_at = [bool(min_worth) or n in roles or n == 11 for n in range(15)]
        self.absorb = (
            not min_worth and self.jokers > 0
        )  # whether jokers left out may be added at the end
        self.memo: dict[_State, _Found] = {}
        self.states = 0  # the states searched (one searched again, past a bound, counts again)
        self.budget: int | None = None  # the most states this search may search (None: no limit)
        self.start: _State = (1, 0, ((0, 0, 0, 0),) * 4, 0, 0, (0, False, 0, False), (), 0)

    def best(
        self,
        number: int,
        colour: int,
        runs: tuple[_Runs, ...],
        jokers_used: int,
        worth: int,
        groups: _Groups,
        marks: tuple[int, ...],
        room: int,
        alpha: int = _NONE,
    ) -> _Found:
        """(gain, placing, the state after it, exact) of the best way to finish from this number and
        colour; gain _NONE if there is none. Only a gain above `alpha` is asked for: when there is
        none, the answer may be an upper bound at most `alpha`, not exact (branch and bound: what is
        found elsewhere prunes here). `runs` is per colour (length 1, 2, 3+, ending with the next
        number), `groups` (places, a colour with two, real tiles counted up to the two a group
        needs, a joker left-out-able) of this number's groups so far, `marks` what the role check
        needs of the colours done (see _roles_kept), `worth` the points laid so far, counted up to
        the minimum asked (initial meld), `room` how many jokers left out the sets finished so far
        could take (counted up to the jokers not used)."""
        key: _State = (number, colour, runs, jokers_used, worth, groups, marks, room)
        known = self.memo.get(key)
        if known is not None and (known[3] or known[0] <= alpha):
            return known
        self.states += 1
        if self.budget is not None and self.states > self.budget:
            raise _OverBudget
        table, rack = self.table_at[number][colour], self.rack_at[number][colour]
        places, two, real_grouped, group_jokers = groups
        tracked = number in self.roles
        gain_each = self.points[number]
        jokers_left = self.jokers - jokers_used
        ceiling = self.ceiling[number * 4 + colour]
        next1, next2 = self.most_at[number + 1][colour], self.most_at[number + 2][colour]
        go_on = self.best if colour < 3 else self._next_number
        min_worth = self.min_worth
        head, tail = runs[:colour], runs[colour + 1 :]
        short1, short2, long, ending = runs[colour]
        best_placing: _Placing | None = None
        best_next: _State | None = None
        best_gain = _NONE
        bound = _NONE  # the most the placings not known exactly could gain
        after_ceiling = self.ceiling[number * 4 + colour + 1]
        later, later_room = self.later_at[number][colour], 2 * (3 - colour)
        free, free_next = self.free_at[number], self.free_at[number + 1]
        absorb = self.absorb
        if (
            absorb
        ):  # the room the sets ending here make: each run ending can take jokers at its ends
            up_before, up_here, down = min(14 - number, 2), min(13 - number, 2), min(number - 1, 2)
            room_here = room + ending * up_here
        # The jokers the other colours' short runs will need at least, where tiles are missing:
        # those done at this number at the next two numbers, the others at this one and the next.
        others = 0
        most_at = self.most_at
        for c in range(4):
            if c != colour:
                o_short1, o_short2, _, o_ending = runs[c]
                if o_short1 or o_short2 or o_ending:
                    at = number + (c < colour)
                    need = o_short1 + o_short2 + o_ending - most_at[at][c]
                    others += (need if need > 0 else 0) + (
                        o_short1 - most_at[at + 1][c] if o_short1 > most_at[at + 1][c] else 0
                    )
        for (
            placing,
            after,
            jokers,
            real,
            grouped,
            in_groups,
            two_here,
            laid,
            jokers_grouped,
        ) in _placings(runs[colour], table, rack, jokers_left, free):
            here = (real - table) * gain_each
            floor = alpha if alpha > best_gain else best_gain
            if after_ceiling + here <= floor:
                if after_ceiling + here > bound:
                    bound = after_ceiling + here
                break  # the placings left place no more real tiles: none can do better
            in_group = places + grouped
            if in_group > 8:
                continue
            # Groups need 3 places (6 for two): the colours after this one must be able to fill
            # them.
            if in_group:
                fill = later + jokers_left - jokers
                if in_group + (fill if fill < later_room else later_room) < (
                    6 if two or two_here else 3
                ):
                    continue
            # Runs shorter than 3 need this colour's next numbers: jokers must fill what is missing.
            started = after[0]
            if after[3] > next1 and not free_next:
                continue  # a run ending with the next number takes a real tile there
            missing = started + after[1] + after[3] - next1
            if started > next2:
                missing = (missing if missing > 0 else 0) + started - next2
            spare = jokers_left - jokers - others
            if missing > spare:
                continue
            spare += others
            # Runs of 3+ beyond the places the next number can have left for them must stop:
            # counting them is the same state as counting fewer.
            cut = after[2] - (next1 + spare - started - after[1] - after[3])
            if cut > 0:
                cut = after[2] if cut > after[2] else cut
                after = (after[0], after[1], after[2] - cut, after[3])
            else:
                cut = 0
            if absorb:
                made = (
                    room_here
                    + (long - placing.going_on) * up_before
                    + started * down
                    + cut * up_here
                )
                most = jokers_left - jokers
                made = made if made < most else most
            else:
                made = 0
            state: _State = (
                number,
                colour + 1,
                head + (after,) + tail,
                jokers_used + jokers,
                min(worth + number * laid, min_worth) if min_worth else 0,
                (
                    in_group,
                    two or two_here,
                    2 if real_grouped + in_groups > 2 else real_grouped + in_groups,
                    group_jokers or jokers_grouped,
                ),
                marks + ((-1 if real else jokers),) if tracked else marks,
                made,
            )
            found, _, _, exact = go_on(*state, floor - here)
            if found == _NONE:
                continue
            total = found + here
            if not exact:
                if total > bound:
                    bound = total
            elif total > best_gain:
                best_gain, best_placing, best_next = total, placing, state
                if total == ceiling:  # every rack tile from here on is placed: nothing beats it
                    break
        exact = best_gain >= bound
        result = self.memo[key] = (best_gain if exact else bound, best_placing, best_next, exact)
        return result

    def _close(
        self,
        number: int,
        runs: tuple[_Runs, ...],
        jokers_used: int,
        worth: int,
        groups: _Groups,
        marks: tuple[int, ...],
        room: int,
    ) -> _State | None:
        """Close a number: None if its groups or the table jokers' roles there do not work out;
        else the state at the next number (past 13, at 14: see _end_gain)."""
        places, two, real, group_jokers = groups
        if not _groups_fit(places, two, real):
            return None
        if group_jokers and places not in (3, 6):
            return None  # a joker in a group of four could be left out
        roles = self.roles.get(number)
        if roles and not _roles_kept(roles, marks):
            return None
        if self.absorb and places:  # a group of three can take a joker
            room += 8 - places if two else places == 3
            most = self.jokers - jokers_used
            room = room if room < most else most
        return (number + 1, 0, runs, jokers_used, worth, (0, False, 0, False), (), room)

    def _end_gain(self, state: _State) -> int | None:
        """Past 13 (`state` at 14): the gain of the jokers left out and added at the end (its
        `room`), or None when a run is left short, the table jokers are not all used or the
        worth asked for is not reached."""
        _, _, runs, jokers_used, worth, _, _, room = state
        if (
            any(s1 or s2 or ending for s1, s2, _, ending in runs)
            or jokers_used + room < self.table_jokers
            or worth < self.min_worth
        ):
            return None
        return (jokers_used + room - self.table_jokers) * self.joker_gain

    def _next_number(
        self,
        number: int,
        _colour: int,
        runs: tuple[_Runs, ...],
        jokers_used: int,
        worth: int,
        groups: _Groups,
        marks: tuple[int, ...],
        room: int,
        alpha: int,
    ) -> _Found:
        state = self._close(number, runs, jokers_used, worth, groups, marks, room)
        if state is None:
            return _DEAD
        if number < 13:
            return self.best(*state, alpha)
        gain = self._end_gain(state)
        return _DEAD if gain is None else (gain, None, None, True)

    def gain(self) -> int | None:
        """The best gain, None when the table tiles cannot all be laid."""
        found = self.best(*self.start)[0]
        return None if found == _NONE else found

    def layout(self) -> list[list[Tile]]:
        """Replay the best placings into sets of tiles (runs in order), then add the jokers
        left out where there is room."""
        if self.gain() is None:
            raise ValueError("no layout: the table tiles cannot all be laid")
        state = self.start
        done: list[list[Tile]] = []
        open_runs: list[list[tuple[list[Tile], bool]]] = [
            [] for _ in COLOURS
        ]  # per colour: (tiles in order, ending next)
        for number in range(1, 14):
            group_places: list[tuple[list[Tile], list[Tile]]] = []  # per colour: (real, jokers)
            for colour in range(4):
                _, p, after, _ = self.best(*state)
                assert p is not None and after is not None, "the best placings reach 13"
                state = after
                tile = Tile(COLOURS[colour], number)
                ending = [run for run, end in open_runs[colour] if end]
                short = [run for run, end in open_runs[colour] if not end and len(run) < 3]
                long = [run for run, end in open_runs[colour] if not end and len(run) >= 3]
                going = long[: p.going_on]
                done += long[p.going_on :]
                fresh: list[list[Tile]] = [[] for _ in range(p.started)]
                at_end, in_groups, at_new, at_long, at_short = p.real_at
                for runs, real in (
                    (ending, at_end),
                    (fresh, at_new),
                    (going, at_long),
                    (short, at_short),
                ):
                    for i, run in enumerate(runs):
                        run.append(tile if i < real else JOKER)
                done += ending
                group_places.append(([tile] * in_groups, [JOKER] * (p.grouped - in_groups)))
                now_ending = set(map(id, going[at_long:])) if p.ending else set()
                open_runs[colour] = [(run, id(run) in now_ending) for run in fresh + going + short]
            done += _make_groups(group_places)
            at, _, runs_now, used, worth, groups, marks, room = state
            closed = self._close(at, runs_now, used, worth, groups, marks, room)
            assert closed is not None, "the best placings close every number"
            state = closed
        for runs_left in open_runs:
            done += [run for run, _ in runs_left]
        return _add_jokers(done, state[-1])  # the room at the end: the jokers left out


def _add_jokers(sets: list[list[Tile]], count: int) -> list[list[Tile]]:
    """Add `count` jokers to sets with room: a run not from 1 to 13 at an end, a group of three."""
    for _ in range(count):
        for tiles in sets:
            laid = read_set(tiles)
            if laid.kind == RUN and laid.numbers[0] > 1:
                tiles.insert(0, JOKER)
            elif laid.kind == RUN and laid.numbers[-1] < 13 or laid.kind != RUN and len(tiles) == 3:
                tiles.append(JOKER)
            else:
                continue
            break
        else:
            raise AssertionError("the search counted room for every joker it left out")
    return sets


def _make_groups(places: list[tuple[list[Tile], list[Tile]]]) -> list[list[Tile]]:
    """One number's group places, per colour (real tiles, jokers), dealt into one or two groups
    of distinct colours. With two groups a colour with two places is in both, and the jokers
    (two at most) go one to each group, so each keeps two real tiles."""
    total = sum(len(real) + len(jokers) for real, jokers in places)
    if total == 0:
        return []
    if total <= 4:
        return [[tile for real, jokers in places for tile in real + jokers]]
    groups: tuple[list[Tile], list[Tile]] = ([], [])

    def fewer_jokers() -> int:
        counts = [sum(t.is_joker for t in g) for g in groups]
        return 0 if (counts[0], len(groups[0])) <= (counts[1], len(groups[1])) else 1

    singles = []
    for real, jokers in places:
        tiles = real + jokers
        if len(tiles) == 2:
            first = fewer_jokers() if tiles[1].is_joker else 0
            groups[1 - first].append(tiles[0])
            groups[first].append(tiles[1])
        elif tiles:
            singles.append(tiles[0])
    for tile in sorted(singles, key=lambda t: not t.is_joker):
        shorter = 0 if len(groups[0]) <= len(groups[1]) else 1
        groups[fewer_jokers() if tile.is_joker else shorter].append(tile)
    return [groups[0], groups[1]]


def _could_fit(tile: Tile, have: Counter[Tile], jokers: int) -> bool:
    """Whether some set could hold `tile`, given the tiles `have` and so many jokers."""
    if not numbered(tile):
        return True
    c, n = _COLOUR_INDEX[tile.colour], tile.number
    for start in range(max(1, n - 2), min(n, 11) + 1):  # runs of three through n
        if sum(not have[_GRID[m][c]] for m in range(start, start + 3) if m != n) <= jokers:
            return True
    others = sum(1 for o in range(4) if o != c and have[_GRID[n][o]])
    return others >= 1 and others + jokers >= 2


def _useful(table: Counter[Tile], rack: Counter[Tile]) -> Counter[Tile]:
    """The rack tiles that could be in some set with the table, the rest of the rack and the
    jokers; the others can never be placed, and leaving them out keeps the search small."""
    jokers = table[JOKER] + rack[JOKER]
    rack = +rack
    while True:
        have = table + rack
        kept = Counter(
            {tile: count for tile, count in rack.items() if _could_fit(tile, have, jokers)}
        )
        if kept == rack:
            return rack
        rack = kept


def _roles_by_number(
    sets: Iterable[TileSet], elsewhere: Counter[Tile]
) -> dict[int, tuple[int, ...]]:
    """The table jokers' roles, per number: masks of the colours each may stand for; a role
    with a tile in the sets kept `elsewhere` on the table is kept already."""
    roles: dict[int, list[int]] = {}
    for tile_set in sets:
        for i, tile in enumerate(tile_set.tiles):
            if tile.is_joker:
                stands = tile_set.stands_for(i)
                if not any(elsewhere[t] for t in stands):
                    mask = sum(1 << _COLOUR_INDEX[t.colour] for t in stands if numbered(t))
                    roles.setdefault(tile_set.numbers[i], []).append(mask)
    return {number: tuple(masks) for number, masks in roles.items()}


def _search(
    sets: list[TileSet],
    rack: Counter[Tile],
    by_value: bool = False,
    min_worth: int = 0,
    placed: Counter[Tile] | None = None,
    elsewhere: Counter[Tile] | None = None,
    flipped: bool = False,
    joker_points: int = JOKER_PENALTY,
) -> _Search:
    """The search laying all the tiles of `sets`, and the rack tiles `placed`, with any more
    rack tiles, next to sets kept as they are (`elsewhere`: their tiles); `flipped`: the tiles
    are `_flip`ped (the points by value are those of the tiles before); by value, a rack
    joker gains `joker_points`."""
    table = Counter(t for s in sets for t in s.tiles) + (placed or Counter())
    return _Search(
        table,
        _useful(table, rack),
        _roles_by_number(sets, elsewhere or Counter()),
        by_value,
        min_worth,
        flipped,
        joker_points,
    )


def _keep_unchanged(
    sets: list[TileSet], placed: Counter[Tile], laid: list[TileSet], budget: int
) -> tuple[list[int], list[TileSet]]:
    """Indexes of table sets that can stay as they are while the other sets and the `placed`
    rack tiles are laid out anew, given one such layout `laid` of the whole table; and that
    layout of the others.

    The sets `laid` already has, tile for tile, are kept at no cost (`laid` shows the rest can
    be laid out around them). The others are tried in
    blocks, those far from the placed tiles first: a block is kept when the rest can still be
    laid out, else it is split in halves, so the few sets a move needs cost a few searches
    each. Keeping more sets never makes a table that failed possible, so a choice holding one
    that failed is not searched again. The result is maximal (no further set could be kept),
    not always the largest, unless a try takes more than KEEP_TRY_BUDGET states (it counts as
    failed) or the searches spend more than `budget` states: the sets not tried by then change."""
    in_layout = Counter(s.tiles for s in laid)
    kept: list[int] = []
    for i, tile_set in enumerate(sets):
        # (A set with a joker is tried below: in `laid` its joker may be keeping a changed
        # set's joker role, which a search around the kept sets does not count on.)
        if in_layout[tile_set.tiles] and JOKER not in tile_set.tiles:
            in_layout[tile_set.tiles] -= 1
            kept.append(i)
    rest = list((Counter(laid) - Counter(sets[i] for i in kept)).elements())  # laid out already
    left = [budget]  # the states the searches below may still spend
    failed: list[frozenset[int]] = []

    def fits(keep: list[int]) -> bool:
        nonlocal rest
        chosen = frozenset(keep)
        if any(f <= chosen for f in failed):
            return False
        free = Counter(t for i, s in enumerate(sets) if i not in chosen for t in s.tiles)
        if _useful(free, placed) == placed:  # else a placed tile has no set left to go in
            laid = _either_way(
                lambda flip: _around(flip(sets), keep, flip(placed)),
                min(left[0], KEEP_TRY_BUDGET),
                left,
            )
            if laid is not None:
                rest = laid
                return True
        failed.append(chosen)
        return False

    def try_block(block: list[int]) -> None:
        if not block or left[0] <= 0:
            return
        if fits(kept + block):
            kept.extend(block)
        elif len(block) > 1:
            half = len(block) // 2
            try_block(block[:half])
            try_block(block[half:])

    near = _near_rack(sets, placed)
    try_block(sorted((i for i in range(len(sets)) if i not in kept), key=lambda i: near[i]))
    return sorted(kept), rest


def _mirrored(tile: Tile) -> Tile:
    return _GRID[14 - tile.number][_COLOUR_INDEX[tile.colour]] if numbered(tile) else tile


@overload
def _flip(tiles: Counter[Tile]) -> Counter[Tile]: ...
@overload
def _flip(tiles: list[TileSet]) -> list[TileSet]: ...
def _flip(tiles: Counter[Tile] | list[TileSet]) -> Counter[Tile] | list[TileSet]:
    """Sets (or a Counter of tiles) with every number n made 14 - n (runs read the other way):
    the same problem, searched from 13 down to 1."""
    if isinstance(tiles, Counter):
        return Counter({_mirrored(tile): count for tile, count in tiles.items()})
    return [read_set([_mirrored(tile) for tile in reversed(s.tiles)]) for s in tiles]


def _unflipped(tiles: T) -> T:
    """Sets or tiles as they are: the search from 1 up."""
    return tiles


class _Flip(Protocol):
    """`_flip` or `_unflipped`, what a search of `_either_way` is made with."""

    @overload
    def __call__(self, tiles: Counter[Tile]) -> Counter[Tile]: ...
    @overload
    def __call__(self, tiles: list[TileSet]) -> list[TileSet]: ...


def _either_way(
    make: Callable[[_Flip], _Search], budget: int, left: list[int], over: bool = False
) -> list[TileSet] | None:
    """A layout of the table by the search `make(flip)` makes (flip: `_flip`, or not) or None
    when there is none or it takes more than `budget` states in all (taken off left[0]; with
    `over`, _OverBudget is raised then).

    Whether a table can be laid out is often found much sooner from one end than from the
    other (the crowded numbers first), so the search runs both ways, each in turn given
    twice the states, until one finishes."""
    searches: list[_Search | None] = [None, None]  # made when first needed: most end at once
    spent, limit = 0, 500
    try:
        while True:
            for flipped in (False, True):
                search = searches[flipped]
                if search is None:
                    search = searches[flipped] = make(_flip if flipped else _unflipped)
                before = search.states
                search.budget = min(before + limit, before + budget - spent)
                try:
                    found = search.gain()
                except _OverBudget:
                    continue
                finally:
                    spent += search.states - before
                if found is None:
                    return None
                laid = [read_set(s) for s in search.layout()]
                return _flip(laid) if flipped else laid
            if spent >= budget:
                if over:
                    raise _OverBudget
                return None
            limit *= 2
    finally:
        left[0] -= spent


def _around(sets: list[TileSet], keep: list[int], placed: Counter[Tile]) -> _Search:
    """The search laying out the sets not kept with the placed tiles."""
    free = [s for i, s in enumerate(sets) if i not in keep]
    elsewhere = Counter(t for i, s in enumerate(sets) if i in keep for t in s.tiles)
    return _search(free, Counter(), placed=placed, elsewhere=elsewhere)


def _near_rack(sets: list[TileSet], rack: Counter[Tile]) -> list[int]:
    """Per set, how many rack tiles share a number with it or could extend one of its runs."""
    numbers = Counter(t.number for t in rack.elements() if not t.is_joker)
    near = []
    for s in sets:
        close = {n for n in s.numbers}
        if s.kind == RUN:
            close |= {s.numbers[0] - 1, s.numbers[-1] + 1}
        near.append(sum(numbers[n] for n in close) + 2 * rack[JOKER])
    return near


def _as_set(tiles: Iterable[Tile] | TileSet) -> TileSet:
    return tiles if isinstance(tiles, TileSet) else read_set(tiles)


def solve(
    table: Iterable[Iterable[Tile] | TileSet],
    rack: Iterable[Tile],
    objective: str = "tiles",
    initial_meld: int = 0,
    budget: int | None = None,
    joker_points: int = JOKER_PENALTY,
) -> Solution:
    """The play adding the most rack tiles ("tiles") or points ("value", a joker
    `joker_points`: what one left on the rack would cost, see `round.joker_cost`) to the
    table, every table tile kept, the table freely rearranged under the joker rule, and among
    those plays one keeping table sets unchanged wherever the gain allows (within KEEP_BUDGET
    search states). With `initial_meld` points owed (the rules' initial meld, 20-50, for a seat
    that has not melded), only new sets from the rack worth that much or more, the table
    untouched; no tile placed when none exists.

    With a `budget` (search states, not time, so a game stays the same given its seed: see
    DECISION_BUDGET), the exact search may hold that many states; past them the move is the
    best found by `_nearby` in half as many more (at worst no tile placed), with `exact`
    False unless it places every rack tile that could fit. The move is always legal."""
    if objective not in ("tiles", "value"):
        raise ValueError(f"objective is 'tiles' or 'value', not {objective!r}")
    if budget is not None and budget < 1:
        raise ValueError(f"a budget is at least 1 search state, not {budget!r}")
    if type(initial_meld) is not int or initial_meld < 0:
        raise ValueError(f"initial_meld is the points owed (0: none), not {initial_meld!r}")
    if type(joker_points) is not int or joker_points < 1:
        raise ValueError(f"joker_points is a joker's points (1 or more), not {joker_points!r}")
    old_sets = [_as_set(s) for s in table]
    rack_counts = Counter(rack)
    by_value = objective == "value"
    if initial_meld:
        meld = _search([], rack_counts, by_value, initial_meld, joker_points=joker_points)
        meld.budget = budget
        try:
            found = meld.gain()
        except _OverBudget:  # a meld may be missed: wait for the next turn
            return Solution((), tuple(old_sets), exact=False)
        if not found:
            return Solution((), tuple(old_sets))
        new_sets = [read_set(s) for s in meld.layout()]
        placed = Counter(t for s in new_sets for t in s.tiles)
        return Solution(
            tuple(sorted(placed.elements(), key=sort_key)), tuple(old_sets) + tuple(new_sets)
        )

    def make(flip: _Flip) -> _Search:
        return _search(
            flip(old_sets),
            flip(rack_counts),
            by_value,
            flipped=flip is _flip,
            joker_points=joker_points,
        )

    limit = 1 << 60 if budget is None else budget  # no budget: more states than a search takes
    left = [0]  # less the states spent
    try:  # from both ends (see _either_way)
        layout = _either_way(make, limit, left, over=True)
    except _OverBudget:
        return _nearby(
            old_sets,
            rack_counts,
            by_value,
            limit // 2 + 1,
            _search(old_sets, rack_counts, by_value, joker_points=joker_points).ceiling[4],
            joker_points,
        )
    spent = -left[0]
    placed = Counter(t for s in layout or () for t in s.tiles) - Counter(
        t for s in old_sets for t in s.tiles
    )
    if layout is None or not placed:  # nothing to add (or a table not playable as given)
        return Solution((), tuple(old_sets))
    keep_budget = (
        KEEP_BUDGET if budget is None else min(KEEP_BUDGET, max(budget - spent, budget // 4))
    )
    kept, new_sets = _keep_unchanged(old_sets, placed, layout, keep_budget)
    return Solution(
        tuple(sorted(placed.elements(), key=sort_key)),
        tuple(old_sets[i] for i in kept) + tuple(new_sets),
    )


def _nearby(
    sets: list[TileSet],
    rack: Counter[Tile],
    by_value: bool,
    budget: int,
    ceiling: int,
    joker_points: int,
) -> Solution:
    """The best move found, within `budget` states, by exact searches that keep the table sets
    far from the rack as they are and lay out anew only the nearest 0, 1, 2, ... of them with
    the rack (see _near_rack), until one runs out of states; no tile placed when none fits.
    Exact when it reaches `ceiling`, the most the whole table could take (by value, a rack
    joker gaining `joker_points`)."""
    near = _near_rack(sets, rack)
    order = sorted(range(len(sets)), key=lambda i: -near[i])
    best, best_gain = Solution((), tuple(sets), exact=False), 0
    for free_count in range(len(sets)):  # all of them free is the exact search, over budget
        free = order[:free_count]
        kept = [s for i, s in enumerate(sets) if i not in free]
        search = _search(
            [sets[i] for i in free],
            rack,
            by_value,
            elsewhere=Counter(t for s in kept for t in s.tiles),
            joker_points=joker_points,
        )
        search.budget = budget
        try:
            found = search.gain()
        except _OverBudget:
            break
        budget -= search.states
        if found and found > best_gain:
            new_sets = [read_set(s) for s in search.layout()]
            placed = Counter(t for s in new_sets for t in s.tiles) - Counter(
                t for i in free for t in sets[i].tiles
            )
            best_gain = found
            best = Solution(
                tuple(sorted(placed.elements(), key=sort_key)),
                tuple(kept) + tuple(new_sets),
                exact=found == ceiling,
            )
            if best.exact or budget < 1:
                break
    return best
