"""The exact Rummikub move: the most tiles (or points) a rack can add to a freely rearranged table.

Dynamic programming over the numbers 1 to 13, one colour at a time. Every tile of a number
goes into a group of that number or into a run of its colour, and a run only needs to know how
long it already is (1, 2, or 3 and more, when it may stop). So the state is, per colour, how
many open runs have each of those lengths, plus the jokers in use, plus what the groups of the
current number hold so far. Table tiles must be placed, rack tiles may be, a joker fills any
place. Each state's best completion is memoised, so the answer is exact.

The joker rule (see `game.unreplaced_joker`): a table joker's role at number n is kept when a
tile it stood for is on the new table, or when a joker still stands where it can be one of
those tiles; both are read off the places of number n. Among the best moves, the table sets
that need not change are kept as they are: see `solve`.

A move due within a budget (a computer turn, a hint) passes `budget=` search states (see
DECISION_BUDGET): past them `solve` returns the best legal move it found, marked not `exact`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .sets import RUN, TileSet, read_set
from .tiles import COLOURS, JOKER, JOKER_PENALTY, Tile, sort_key

INITIAL_MELD = 30
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


class _OverBudget(Exception):
    """A search spent the states it was allowed."""


@dataclass(frozen=True, slots=True)
class Solution:
    placed: tuple[Tile, ...]  # the rack tiles played
    sets: tuple[TileSet, ...]  # the whole new table: the sets kept as they were first
    exact: bool = True  # proven the best; False: a search budget ran out first (see `solve`)


@dataclass(frozen=True, slots=True)
class _Placing:
    """How the tiles of one colour and number are placed."""

    going_on: int  # runs of 3+ that take this number (the shorter ones always do)
    started: int  # new runs starting here
    grouped: int  # places in this number's groups
    real: int  # real tiles used (table and rack)
    jokers: int
    runs: tuple[int, int, int]  # open runs of length 1, 2 and 3+ afterwards


@cache
def _placings(runs: tuple[int, int, int], table: int, rack: int, jokers_left: int) -> tuple[tuple, ...]:
    """Every way to place one colour's tiles of one number, the most tiles first (so the best
    is met early), each with what the search needs of it precomputed: (placing, runs after,
    jokers, real tiles, group places, real tiles in groups, two group places, places).
    Runs shorter than 3 must go on."""
    short1, short2, long = runs
    found = []
    for going_on in range(long + 1):
        # Stopping a run of 3+ and starting one here is never needed: the run could go on.
        for started in range(3 + jokers_left if going_on == long else 1):
            in_runs = short1 + short2 + going_on + started
            for grouped in range(3):
                places = in_runs + grouped
                for real in range(table, min(table + rack, 2) + 1):
                    jokers = places - real
                    if 0 <= jokers <= jokers_left:
                        after = (started, short1, short2 + going_on)
                        placing = _Placing(going_on, started, grouped, real, jokers, after)
                        found.append((placing, after, jokers, real, grouped, min(grouped, real), grouped == 2, places))
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
    open_roles = [role for role in roles if not any(marks[c] < 0 for c in range(4) if role >> c & 1)]
    capacity = [sum(marks[c] for c in range(4) if role >> c & 1) for role in open_roles]
    if any(room < 1 for room in capacity):
        return False
    if len(open_roles) == 2:
        union = open_roles[0] | open_roles[1]
        return sum(marks[c] for c in range(4) if union >> c & 1) >= 2
    return True


class _Search:
    """The memoised search over (number, colour) for one table and rack."""

    def __init__(self, table: Counter, rack: Counter, roles: dict[int, tuple[int, ...]], by_value: bool, min_worth: int) -> None:
        self.by_value, self.min_worth = by_value, min_worth
        self.table_at = [[table[tile] for tile in row] for row in _GRID]
        self.rack_at = [[rack[tile] for tile in row] for row in _GRID]
        # The most real tiles each colour can have at each number (0 past 13).
        self.most_at = [[min(t + r, 2) for t, r in zip(*rows, strict=True)] for rows in zip(self.table_at, self.rack_at, strict=True)]
        self.most_at += [[0] * 4, [0] * 4]
        # The most real tiles the colours after each one can have at its number.
        self.later_at = [[sum(row[c + 1 :]) for c in range(4)] for row in self.most_at]
        self.roles = roles
        self.table_jokers = table[JOKER]
        self.jokers = table[JOKER] + min(rack[JOKER], 2)
        # The most a search from each (number, colour) can still gain: all the rack tiles left.
        each = [[(n if by_value else 1) * (self.most_at[n][c] - self.table_at[n][c]) for c in range(4)] if n else [] for n in range(14)]
        jokers = (self.jokers - self.table_jokers) * (JOKER_PENALTY if by_value else 1)
        self.ceiling = [0] * 57
        self.ceiling[56] = jokers  # past 13: the rack jokers
        for at in range(55, 3, -1):
            self.ceiling[at] = each[at // 4][at % 4] + self.ceiling[at + 1]
        self.memo: dict = {}
        self.budget: int | None = None  # the most states this search may hold (None: no limit)

    def best(self, number: int, colour: int, runs: tuple, jokers_used: int, worth: int, groups: tuple, marks: tuple):
        """(gain, placing) of the best way to finish from this number and colour; gain None if
        there is none. `groups` is (places, a colour with two, real tiles counted up to the two
        a group needs) of this number's groups so far, `marks` what the role check needs of the colours done (see _roles_kept),
        `worth` the points laid so far, counted up to the minimum asked (initial meld)."""
        key = (number, colour, runs, jokers_used, worth, groups, marks)
        found = self.memo.get(key)
        if found is not None:
            return found
        table, rack = self.table_at[number][colour], self.rack_at[number][colour]
        places, two, real_grouped = groups
        tracked = number in self.roles
        gain_each = number if self.by_value else 1
        jokers_left = self.jokers - jokers_used
        ceiling = self.ceiling[number * 4 + colour]
        next1, next2 = self.most_at[number + 1][colour], self.most_at[number + 2][colour]
        go_on = self.best if colour < 3 else self._next_number
        min_worth = self.min_worth
        head, tail = runs[:colour], runs[colour + 1 :]
        best_gain, best_placing, best_after = None, None, None
        after_ceiling = self.ceiling[number * 4 + colour + 1]
        later, later_room = self.later_at[number][colour], 2 * (3 - colour)
        # The jokers the other colours' short runs will need at least, where tiles are missing:
        # those done at this number at the next two numbers, the others at this one and the next.
        others = 0
        most_at = self.most_at
        for c in range(4):
            if c != colour:
                short1, short2, _ = runs[c]
                if short1 or short2:
                    at = number + (c < colour)
                    need = short1 + short2 - most_at[at][c]
                    others += (need if need > 0 else 0) + (short1 - most_at[at + 1][c] if short1 > most_at[at + 1][c] else 0)
        for placing, after, jokers, real, grouped, in_groups, two_here, laid in _placings(runs[colour], table, rack, jokers_left):
            if best_gain is not None and after_ceiling + (real - table) * gain_each <= best_gain:
                break  # the placings left place no more real tiles: none can do better
            in_group = places + grouped
            if in_group > 8:
                continue
            # Groups need 3 places (6 for two): the colours after this one must be able to fill them.
            if in_group:
                fill = later + jokers_left - jokers
                if in_group + (fill if fill < later_room else later_room) < (6 if two or two_here else 3):
                    continue
            # Runs shorter than 3 need this colour's next numbers: jokers must fill what is missing.
            started = after[0]
            missing = started + after[1] - next1
            if started > next2:
                missing = (missing if missing > 0 else 0) + started - next2
            spare = jokers_left - jokers - others
            if missing > spare:
                continue
            spare += others
            # Runs of 3+ beyond the places the next number can have left for them must stop:
            # counting them is the same state as counting fewer.
            room = next1 + spare - started - after[1]
            if after[2] > room:
                after = (after[0], after[1], room if room > 0 else 0)
            found = go_on(
                number,
                colour + 1,
                head + (after,) + tail,
                jokers_used + jokers,
                min(worth + number * laid, min_worth) if min_worth else 0,
                (in_group, two or two_here, 2 if real_grouped + in_groups > 2 else real_grouped + in_groups),
                marks + ((-1 if real else jokers),) if tracked else marks,
            )[0]
            if found is None:
                continue
            total = found + (real - table) * gain_each
            if best_gain is None or total > best_gain:
                best_gain, best_placing, best_after = total, placing, after
                if total == ceiling:  # every rack tile from here on is placed: nothing beats it
                    break
        result = self.memo[key] = (best_gain, best_placing, best_after)
        if self.budget is not None and len(self.memo) > self.budget:
            raise _OverBudget
        return result

    def _next_number(self, number, _colour, runs, jokers_used, worth, groups, marks):
        """Close a number: its groups and the table jokers' roles there must work out."""
        if not _groups_fit(*groups):
            return (None, None, None)
        roles = self.roles.get(number)
        if roles and not _roles_kept(roles, marks):
            return (None, None, None)
        if number < 13:
            return self.best(number + 1, 0, runs, jokers_used, worth, (0, False, 0), ())
        if any(s1 or s2 for s1, s2, _ in runs) or jokers_used < self.table_jokers or worth < self.min_worth:
            return (None, None, None)
        return ((jokers_used - self.table_jokers) * (JOKER_PENALTY if self.by_value else 1), None, None)

    def gain(self) -> int | None:
        """The best gain, None when the table tiles cannot all be laid."""
        return self.best(1, 0, ((0, 0, 0),) * 4, 0, 0, (0, False, 0), ())[0]

    def layout(self) -> list[list[Tile]]:
        """Replay the best placings into sets of tiles (runs in order)."""
        if self.gain() is None:
            raise ValueError("no layout: the table tiles cannot all be laid")
        runs, jokers_used, worth = ((0, 0, 0),) * 4, 0, 0
        done: list[list[Tile]] = []
        open_runs: list[list[list[Tile]]] = [[] for _ in COLOURS]  # per colour: runs, tiles in order
        for number in range(1, 14):
            groups, marks = (0, False, 0), ()
            group_places: list[tuple[list[Tile], list[Tile]]] = []  # per colour: (real, jokers)
            for colour in range(4):
                _, p, after = self.best(number, colour, runs, jokers_used, worth, groups, marks)
                in_order = sorted(open_runs[colour], key=len)  # shortest first: they must go on
                must = sum(1 for run in in_order if len(run) < 3)
                going, stopping = in_order[: must + p.going_on], in_order[must + p.going_on :]
                done += stopping
                fresh: list[list[Tile]] = [[] for _ in range(p.started)]
                real_grouped = min(p.grouped, p.real)  # real tiles to the groups first
                tile = Tile(COLOURS[colour], number)
                for_runs = [tile] * (p.real - real_grouped) + [JOKER] * (p.jokers - (p.grouped - real_grouped))
                for run, placed in zip(going + fresh, for_runs, strict=True):
                    run.append(placed)
                group_places.append(([tile] * real_grouped, [JOKER] * (p.grouped - real_grouped)))
                open_runs[colour] = going + fresh
                runs = runs[:colour] + (after,) + runs[colour + 1 :]  # p.runs, the long runs counted as the search did
                jokers_used += p.jokers
                worth = min(worth + number * (p.real + p.jokers), self.min_worth)
                groups = (groups[0] + p.grouped, groups[1] or p.grouped == 2, min(groups[2] + real_grouped, 2))
                if number in self.roles:
                    marks += ((-1 if p.real else p.jokers),)
            done += _make_groups(group_places)
        for runs_left in open_runs:
            done += runs_left
        return done


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


def _could_fit(tile: Tile, have: Counter, jokers: int) -> bool:
    """Whether some set could hold `tile`, given the tiles `have` and so many jokers."""
    if tile.is_joker:
        return True
    c, n = _COLOUR_INDEX[tile.colour], tile.number
    for start in range(max(1, n - 2), min(n, 11) + 1):  # runs of three through n
        if sum(not have[_GRID[m][c]] for m in range(start, start + 3) if m != n) <= jokers:
            return True
    others = sum(1 for o in range(4) if o != c and have[_GRID[n][o]])
    return others >= 1 and others + jokers >= 2


def _useful(table: Counter, rack: Counter) -> Counter:
    """The rack tiles that could be in some set with the table, the rest of the rack and the
    jokers; the others can never be placed, and leaving them out keeps the search small."""
    jokers = table[JOKER] + rack[JOKER]
    rack = +rack
    while True:
        have = table + rack
        kept = Counter({tile: count for tile, count in rack.items() if _could_fit(tile, have, jokers)})
        if kept == rack:
            return rack
        rack = kept


def _roles_by_number(sets: Iterable[TileSet], elsewhere: Counter) -> dict[int, tuple[int, ...]]:
    """The table jokers' roles, per number: masks of the colours each may stand for; a role
    with a tile in the sets kept `elsewhere` on the table is kept already."""
    roles: dict[int, list[int]] = {}
    for tile_set in sets:
        for i, tile in enumerate(tile_set.tiles):
            if tile.is_joker:
                stands = tile_set.stands_for(i)
                if not any(elsewhere[t] for t in stands):
                    mask = sum(1 << _COLOUR_INDEX[t.colour] for t in stands)
                    roles.setdefault(stands[0].number, []).append(mask)
    return {number: tuple(masks) for number, masks in roles.items()}


def _search(
    sets: list[TileSet],
    rack: Counter,
    by_value: bool = False,
    min_worth: int = 0,
    placed: Counter | None = None,
    elsewhere: Counter | None = None,
) -> _Search:
    """The search laying all the tiles of `sets`, and the rack tiles `placed`, with any more
    rack tiles, next to sets kept as they are (`elsewhere`: their tiles)."""
    table = Counter(t for s in sets for t in s.tiles) + (placed or Counter())
    return _Search(table, _useful(table, rack), _roles_by_number(sets, elsewhere or Counter()), by_value, min_worth)


def _keep_unchanged(sets: list[TileSet], placed: Counter, laid: list[TileSet], budget: int) -> tuple[list[int], list[TileSet]]:
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
        search = None
        if _useful(free, placed) == placed:  # else a placed tile has no set left to go in
            search = _around(sets, keep, placed)
            search.budget = min(left[0], KEEP_TRY_BUDGET)
            try:
                if search.gain() is not None:
                    rest = [read_set(s) for s in search.layout()]
                    return True
            except _OverBudget:
                pass
            finally:
                left[0] -= len(search.memo)
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


def _around(sets: list[TileSet], keep: list[int], placed: Counter) -> _Search:
    """The search laying out the sets not kept with the placed tiles."""
    free = [s for i, s in enumerate(sets) if i not in keep]
    elsewhere = Counter(t for i, s in enumerate(sets) if i in keep for t in s.tiles)
    return _search(free, Counter(), placed=placed, elsewhere=elsewhere)


def _near_rack(sets: list[TileSet], rack: Counter) -> list[int]:
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
    initial_meld: bool = False,
    budget: int | None = None,
) -> Solution:
    """The play adding the most rack tiles ("tiles") or points ("value", a joker 30) to the
    table, every table tile kept, the table freely rearranged under the joker rule, and among
    those plays one keeping table sets unchanged wherever the gain allows (within KEEP_BUDGET
    search states). With `initial_meld`, only new sets from the rack worth 30 or more, the
    table untouched; no tile placed when none exists.

    With a `budget` (search states, not time, so a game stays the same given its seed: see
    DECISION_BUDGET), the exact search may hold that many states; past them the move is the
    best found by `_nearby` in half as many more (at worst no tile placed), with `exact`
    False unless it places every rack tile that could fit. The move is always legal."""
    if objective not in ("tiles", "value"):
        raise ValueError(f"objective is 'tiles' or 'value', not {objective!r}")
    if budget is not None and budget < 1:
        raise ValueError(f"a budget is at least 1 search state, not {budget!r}")
    old_sets = [_as_set(s) for s in table]
    rack_counts = Counter(rack)
    by_value = objective == "value"
    if initial_meld:
        meld = _search([], rack_counts, by_value, INITIAL_MELD)
        meld.budget = budget
        try:
            found = meld.gain()
        except _OverBudget:  # a meld may be missed: wait for the next turn
            return Solution((), tuple(old_sets), exact=False)
        if not found:
            return Solution((), tuple(old_sets))
        new_sets = [read_set(s) for s in meld.layout()]
        placed = Counter(t for s in new_sets for t in s.tiles)
        return Solution(tuple(sorted(placed.elements(), key=sort_key)), tuple(old_sets) + tuple(new_sets))
    search = _search(old_sets, rack_counts, by_value)
    search.budget = budget
    try:
        found = search.gain()
    except _OverBudget:
        return _nearby(old_sets, rack_counts, by_value, budget // 2 + 1, search.ceiling[4])
    if not found:  # nothing to add (or a table not playable as given)
        return Solution((), tuple(old_sets))
    layout = [read_set(s) for s in search.layout()]
    placed = Counter(t for s in layout for t in s.tiles) - Counter(t for s in old_sets for t in s.tiles)
    keep_budget = KEEP_BUDGET if budget is None else min(KEEP_BUDGET, max(budget - len(search.memo), budget // 4))
    kept, new_sets = _keep_unchanged(old_sets, placed, layout, keep_budget)
    return Solution(
        tuple(sorted(placed.elements(), key=sort_key)),
        tuple(old_sets[i] for i in kept) + tuple(new_sets),
    )


def _nearby(sets: list[TileSet], rack: Counter, by_value: bool, budget: int, ceiling: int) -> Solution:
    """The best move found, within `budget` states, by exact searches that keep the table sets
    far from the rack as they are and lay out anew only the nearest 0, 1, 2, ... of them with
    the rack (see _near_rack), until one runs out of states; no tile placed when none fits.
    Exact when it reaches `ceiling`, the most the whole table could take."""
    near = _near_rack(sets, rack)
    order = sorted(range(len(sets)), key=lambda i: -near[i])
    best, best_gain = Solution((), tuple(sets), exact=False), 0
    for free_count in range(len(sets)):  # all of them free is the exact search, over budget
        free = order[:free_count]
        kept = [s for i, s in enumerate(sets) if i not in free]
        search = _search([sets[i] for i in free], rack, by_value, elsewhere=Counter(t for s in kept for t in s.tiles))
        search.budget = budget
        try:
            found = search.gain()
        except _OverBudget:
            break
        budget -= len(search.memo)
        if found and found > best_gain:
            new_sets = [read_set(s) for s in search.layout()]
            placed = Counter(t for s in new_sets for t in s.tiles) - Counter(t for i in free for t in sets[i].tiles)
            best_gain = found
            best = Solution(tuple(sorted(placed.elements(), key=sort_key)), tuple(kept) + tuple(new_sets), exact=found == ceiling)
            if best.exact or budget < 1:
                break
    return best
