"""The Rummikub solver is exact: it agrees with an exhaustive search on small positions and
with an independent integer program (tests/milp_reference.py) on 500 random and game-derived
positions, both objectives."""

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

import pytest

from rummy.rummikub import JOKER, Tile, is_set, parse_tiles, read_set
from rummy.rummikub.solver import solve


def key(tiles):
    return tuple(sorted(tiles, key=lambda t: (t.is_joker, t.colour or "", t.number or 0)))


@lru_cache(maxsize=None)
def partitionable(tiles):
    """Whether these tiles (a sorted tuple) split into legal sets: the first tile's set is
    tried with every combination of the others."""
    if not tiles:
        return True
    first, rest = tiles[0], tiles[1:]
    for size in range(2, min(len(rest), 12) + 1):
        for others in set(combinations(rest, size)):
            if is_set((first, *others)):
                left = list(rest)
                for tile in others:
                    left.remove(tile)
                if partitionable(tuple(left)):
                    return True
    return False


def brute_force(table, rack, value):
    """The best gain over every sub-multiset of the rack that fits with the whole table."""
    best = None
    for size in range(len(rack) + 1):
        for chosen in set(combinations(key(rack), size)):
            if partitionable(key(table + list(chosen))):
                gain = sum(30 if t.is_joker else t.number for t in chosen) if value else len(chosen)
                best = gain if best is None else max(best, gain)
    return best


def random_position(rng):
    """A small legal table and a rack of tiles near it."""
    colour, number = rng.choice("KBOR"), rng.randint(1, 9)
    sets = []
    if rng.random() < 0.7:
        sets.append([Tile(colour, n) for n in range(number, number + 3)])
    if rng.random() < 0.5:
        sets.append([Tile(c, number + 1) for c in rng.sample("KBOR", 3)])
    if sets and rng.random() < 0.25:
        chosen = rng.choice(sets)
        chosen[rng.randrange(len(chosen))] = JOKER
    table = [t for s in sets for t in s]
    near = [Tile(c, n) for c in "KBOR" for n in range(max(1, number - 1), min(13, number + 4) + 1)]
    rack = rng.sample(near, rng.randint(2, 5))
    if rng.random() < 0.3:
        rack.append(JOKER)
    pool = Counter(table) + Counter(rack)
    if any(count > 2 for count in pool.values()) or pool[JOKER] > 2:
        return random_position(rng)
    return sets, rack


def gain_of(placed, value):
    return sum(30 if t.is_joker else t.number for t in placed) if value else len(placed)


def check(sets, rack, objective):
    table = [t for s in sets for t in s]
    solution = solve(sets, rack, objective=objective)
    laid = Counter(t for s in solution.sets for t in s.tiles)
    assert all(is_set(s.tiles) for s in solution.sets)
    assert laid - Counter(solution.placed) == Counter(table)  # every table tile kept
    assert not Counter(solution.placed) - Counter(rack)
    value = objective == "value"
    assert gain_of(solution.placed, value) == brute_force(table, rack, value), (table, rack, solution)


@pytest.mark.parametrize("objective", ["tiles", "value"])
def test_the_solver_matches_exhaustive_search_on_small_random_positions(objective):
    rng = random.Random(11 if objective == "tiles" else 12)
    for _ in range(120):
        sets, rack = random_position(rng)
        check(sets, rack, objective)


def test_a_table_can_be_rearranged_to_place_more():
    table = parse_tiles("R4 R5 R6 R7")
    solution = solve([table], parse_tiles("R8 R5 K5 B5 O9"))
    assert sorted(map(str, solution.placed)) == ["B5", "K5", "R5", "R8"]


def test_a_joker_is_won_back_by_the_tile_it_stands_for():
    solution = solve([parse_tiles("R5 J R7")], parse_tiles("R6 K9 B9 O9"))
    assert len(solution.placed) == 4


def test_the_initial_meld_needs_30_from_the_rack_and_leaves_the_table():
    table = [parse_tiles("K5 B5 O5")]
    meld = solve(table, parse_tiles("R9 R10 J K1 K6 K7"), initial_meld=True)
    assert sum(s.value for s in meld.sets[1:]) >= 30 and meld.sets[0] == read_set(table[0])
    nothing = solve(table, parse_tiles("R7 R8 R9 K1 B1 O1"), initial_meld=True)  # 27 points
    assert nothing.placed == () and nothing.sets == (read_set(table[0]),)


def game_positions(count, seed):
    """Tables and racks from simulated rounds of 2-4 seats, taken at random moments."""
    from test_rummikub_game import simple_play

    from rummy.rummikub import Round, RummikubRules

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Round.deal(rng.randrange(1 << 30), RummikubRules(players=rng.choice((2, 3, 4)), initial_meld=0))
        stop = rng.randint(4, 60)
        while not game.is_over and len(game.actions) < stop:
            game = game.apply(simple_play(game))
        if not game.is_over:
            out.append(([s.tiles for s in game.table], game.racks[game.to_move]))
    return out


def test_the_solver_matches_the_integer_program_on_500_positions():
    from milp_reference import best_gain

    rng = random.Random(5)
    positions = [random_position(rng) for _ in range(250)]
    positions += game_positions(250, 6)
    for number, (sets, rack) in enumerate(positions):
        table = [t for s in sets for t in s]
        for value in (False, True):
            solution = solve(sets, rack, objective="value" if value else "tiles")
            assert gain_of(solution.placed, value) == best_gain(table, rack, value=value), (sets, rack)
        if number % 5 == 0:  # the initial meld: new sets from the rack alone, 30 or more
            value = bool(number % 2)
            meld = solve(sets, rack, objective="value" if value else "tiles", initial_meld=True)
            assert gain_of(meld.placed, value) == best_gain(table, rack, value=value, initial_meld=True), (sets, rack)
