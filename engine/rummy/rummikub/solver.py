"""The exact Rummikub move: the most tiles (or points) a rack can add to a freely rearranged table.

Dynamic programming over the numbers 1 to 13. At each number, every tile of that number goes
into a group of that number or into a run of its colour, and a run only needs to know how long
it already is (1, 2, or 3 and more, when it may stop). So the state after a number is, for each
colour, how many open runs have each of those lengths, plus how many jokers are in use. Every
table tile must be placed, rack tiles may be, a joker fills any place. Each state's best
completion is memoised, so the answer is exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .sets import TileSet, read_set
from .tiles import COLOURS, JOKER, JOKER_PENALTY, Tile, sort_key

INITIAL_MELD = 30


@dataclass(frozen=True, slots=True)
class Solution:
    placed: tuple[Tile, ...]  # the rack tiles played
    sets: tuple[TileSet, ...]  # the whole new table


@dataclass(frozen=True, slots=True)
class _Placing:
    """How the tiles of one colour and number are placed."""

    going_on: int  # runs of 3+ that take this number (the shorter ones always do)
    started: int  # new runs starting here
    grouped: int  # places in this number's groups
    real: int  # real tiles used (table and rack)
    jokers: int
    runs: tuple[int, int, int]  # open runs of length 1, 2 and 3+ afterwards


def _groups_possible(places: Iterable[int]) -> bool:
    """Whether group places of one number, so many per colour, make groups of 3-4 colours."""
    places = tuple(places)
    total = sum(places)
    if total == 0:
        return True
    if max(places) == 1:
        return total in (3, 4)
    return 6 <= total <= 8  # two groups: a colour with two places is in both


@lru_cache(maxsize=None)
def _placings(runs: tuple[int, int, int], table: int, rack: int, jokers_left: int) -> tuple[_Placing, ...]:
    """Every way to place one colour's tiles of one number. Runs shorter than 3 must go on."""
    return tuple(_each_placing(runs, table, rack, jokers_left))


def _each_placing(runs: tuple[int, int, int], table: int, rack: int, jokers_left: int):
    short1, short2, long = runs
    for going_on in range(long + 1):
        for started in range(3 + jokers_left):
            in_runs = short1 + short2 + going_on + started
            for grouped in range(3):
                places = in_runs + grouped
                for real in range(table, min(table + rack, 2) + 1):
                    jokers = places - real
                    if 0 <= jokers <= jokers_left:
                        yield _Placing(going_on, started, grouped, real, jokers, (started, short1, short2 + going_on))


class _Search:
    def __init__(self, table: Counter, rack: Counter, by_value: bool, min_worth: int) -> None:
        self.by_value, self.min_worth = by_value, min_worth
        # Tile counts by number, then colour: the inner loops index these, not the Counters.
        self.table_at = [[table[Tile(c, n)] for c in COLOURS] if n else [] for n in range(14)]
        self.rack_at = [[rack[Tile(c, n)] for c in COLOURS] if n else [] for n in range(14)]
        self.table_jokers = table[JOKER]
        self.jokers = table[JOKER] + min(rack[JOKER], 2)
        self.memo: dict = {}

    def best(self, number: int, state: tuple, jokers_used: int, worth: int):
        """(gain, placings) of the best way to finish from `number`; gain None if there is none.
        `worth` is the points laid so far, counted up to the minimum asked (initial meld)."""
        key = (number, state, jokers_used, worth)
        found = self.memo.get(key)
        if found is not None:
            return found
        if number == 14:
            done = all(s1 == s2 == 0 for s1, s2, _ in state)
            if not done or jokers_used < self.table_jokers or worth < self.min_worth:
                result = (None, None)
            else:
                result = ((jokers_used - self.table_jokers) * (JOKER_PENALTY if self.by_value else 1), None)
            self.memo[key] = result
            return result
        best_gain, best_choice = None, None
        for choice in self._choices(number, state, jokers_used):
            if not _groups_possible(p.grouped for p in choice):
                continue
            played = sum(p.real for p in choice) - sum(self.table_at[number])
            used = sum(p.jokers for p in choice)
            laid = sum(p.real + p.jokers for p in choice)
            next_state = tuple(p.runs for p in choice)
            after, _ = self.best(
                number + 1, next_state, jokers_used + used, min(worth + number * laid, self.min_worth)
            )
            if after is None:
                continue
            total = after + played * (number if self.by_value else 1)
            if best_gain is None or total > best_gain:
                best_gain, best_choice = total, choice
        self.memo[key] = (best_gain, best_choice)
        return best_gain, best_choice

    def _choices(self, number: int, state: tuple, jokers_used: int):
        table, rack = self.table_at[number], self.rack_at[number]

        def combine(colour: int, jokers_left: int, chosen: tuple):
            if colour == len(COLOURS):
                yield chosen
                return
            for placing in _placings(state[colour], table[colour], rack[colour], jokers_left):
                yield from combine(colour + 1, jokers_left - placing.jokers, chosen + (placing,))

        yield from combine(0, self.jokers - jokers_used, ())


def _build(search: _Search) -> list[list[Tile]] | None:
    """Replay the best placings number by number into sets of tiles (runs in order)."""
    gain, _ = search.best(1, ((0, 0, 0),) * 4, 0, 0)
    if gain is None:
        return None
    done: list[list[Tile]] = []
    open_runs: list[list[list[Tile]]] = [[] for _ in COLOURS]  # per colour: runs, tiles in order
    state, jokers_used, worth = ((0, 0, 0),) * 4, 0, 0
    for number in range(1, 14):
        _, choice = search.best(number, state, jokers_used, worth)
        groups: list[list[Tile]] = []
        for colour, placing in enumerate(choice):
            runs = sorted(open_runs[colour], key=len)  # shortest first: they must go on
            must = sum(1 for run in runs if len(run) < 3)
            going, stopping = runs[: must + placing.going_on], runs[must + placing.going_on :]
            done += stopping
            fresh = [[] for _ in range(placing.started)]
            tiles = [Tile(COLOURS[colour], number)] * placing.real + [JOKER] * placing.jokers
            for run in going + fresh:
                run.append(tiles.pop())
            groups.append(tiles)  # what is left goes to the groups
            open_runs[colour] = going + fresh
        done += _make_groups(groups)
        laid = sum(p.real + p.jokers for p in choice)
        state = tuple(p.runs for p in choice)
        jokers_used += sum(p.jokers for p in choice)
        worth = min(worth + number * laid, search.min_worth)
    for runs in open_runs:
        done += runs
    return done


def _make_groups(places: list[list[Tile]]) -> list[list[Tile]]:
    """One number's group places, per colour, dealt into one or two groups of distinct colours."""
    total = sum(len(p) for p in places)
    if total == 0:
        return []
    if total <= 4:
        return [[tile for p in places for tile in p]]
    first: list[Tile] = []
    second: list[Tile] = []
    for p in sorted(places, key=len, reverse=True):  # a colour with two places is in both groups
        if len(p) == 2:
            first.append(p[0])
            second.append(p[1])
        elif p:
            (first if len(first) <= len(second) else second).append(p[0])
    return [first, second]


def solve(
    table: Iterable[Iterable[Tile]],
    rack: Iterable[Tile],
    objective: str = "tiles",
    initial_meld: bool = False,
) -> Solution:
    """The play adding the most rack tiles ("tiles") or points ("value", a joker 30) to the
    table, every table tile kept, the table freely rearranged. With `initial_meld`, only new sets
    from the rack worth 30 or more, the table untouched; no tile placed when none exists."""
    if objective not in ("tiles", "value"):
        raise ValueError(f"objective is 'tiles' or 'value', not {objective!r}")
    old_sets = [tuple(s) for s in table]
    rack = tuple(rack)
    old = Counter(t for s in old_sets for t in s)
    search = _Search(
        Counter() if initial_meld else old,
        Counter(rack),
        objective == "value",
        INITIAL_MELD if initial_meld else 0,
    )
    built = _build(search)
    if built is None:  # nothing fits (a table that is not playable as given, or no meld)
        kept = tuple(read_set(s) for s in old_sets)
        return Solution((), kept)
    new_sets = [read_set(s) for s in built if s]
    laid = Counter(t for s in new_sets for t in s.tiles)
    placed = laid if initial_meld else laid - old
    sets = tuple(read_set(s) for s in old_sets) + tuple(new_sets) if initial_meld else tuple(new_sets)
    return Solution(tuple(sorted(placed.elements(), key=sort_key)), sets)
