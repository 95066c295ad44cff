"""The Rummikub solver is exact: it agrees with an exhaustive search on small positions and
with an independent integer program (tests/milp_reference.py) on 500 random and game-derived
positions, both objectives."""

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from rummy.rummikub import JOKER, IllegalPlay, Tile, is_set, parse_tiles, read_set
from rummy.rummikub.round import unreplaced_joker
from rummy.rummikub.solver import solve
from support.random_play import simple_rummikub_play


def key(tiles):
    return tuple(sorted(tiles, key=lambda t: (t.is_joker, t.colour or "", t.number or 0)))


@cache
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


def layouts(tiles):
    """Every legal way to lay these tiles out as one set (where a run's jokers stand matters):
    the real tiles in order, the jokers filling the gaps and the rest split between the ends."""
    naturals = sorted((t for t in tiles if not t.is_joker), key=lambda t: t.number or 0)
    jokers = [t for t in tiles if t.is_joker]
    found = set()
    if is_set(tiles) and len({t.number for t in naturals}) == 1 and len(naturals) > 1:
        found.add(read_set(tiles))  # a group: where its jokers stand is the same
    for below in range(len(jokers) + 1):
        laid, spare = [JOKER] * below, len(jokers) - below
        for previous, tile in zip([None, *naturals], naturals, strict=False):
            gap = 0 if previous is None else tile.number - previous.number - 1
            laid += [JOKER] * max(0, gap)
            spare -= max(0, gap)
            laid.append(tile)
        if spare >= 0:
            laid += [JOKER] * spare
            try:
                run = read_set(laid)
            except IllegalPlay:
                continue
            if run.kind == "run" and run.tiles == tuple(laid):
                found.add(run)
    return found


def partitions(tiles):
    """Every way to lay these tiles (a sorted tuple) out as legal sets."""
    if not tiles:
        yield ()
        return
    first, rest = tiles[0], tiles[1:]
    for size in range(2, min(len(rest), 12) + 1):
        for others in set(combinations(rest, size)):
            left = list(rest)
            for tile in others:
                left.remove(tile)
            left = tuple(left)
            if not partitionable(left):
                continue
            for laid in layouts((first, *others)):
                for more in partitions(left):
                    yield (laid, *more)


def fits(sets, tiles):
    """Whether these tiles make a table from the old `sets` under the joker rule."""
    if not any(t.is_joker for s in sets for t in s):
        return partitionable(tiles)
    old = [read_set(s) for s in sets]
    return any(unreplaced_joker(old, new) is None for new in partitions(tiles))


def brute_force(sets, rack, value):
    """The best gain over every sub-multiset of the rack that fits with the whole table."""
    table = [t for s in sets for t in s]
    best = None
    for size in range(len(rack) + 1):
        for chosen in set(combinations(key(rack), size)):
            if fits(sets, key(table + list(chosen))):
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


def check_move(sets, rack, solution):
    """The move is one the game accepts: legal sets, every table tile kept, the placed tiles
    from the rack, the joker rule kept."""
    table = [t for s in sets for t in s]
    laid = Counter(t for s in solution.sets for t in s.tiles)
    assert all(is_set(s.tiles) for s in solution.sets)
    assert laid - Counter(solution.placed) == Counter(table)  # every table tile kept
    assert not Counter(solution.placed) - Counter(rack)
    assert unreplaced_joker([read_set(s) for s in sets], solution.sets) is None


def check(sets, rack, objective):
    solution = solve(sets, rack, objective=objective)
    check_move(sets, rack, solution)
    value = objective == "value"
    assert gain_of(solution.placed, value) == brute_force(sets, rack, value), (sets, rack, solution)


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
    meld = solve(table, parse_tiles("R9 R10 J K1 K6 K7"), initial_meld=30)
    assert sum(s.value for s in meld.sets[1:]) >= 30 and meld.sets[0] == read_set(table[0])
    nothing = solve(table, parse_tiles("R7 R8 R9 K1 B1 O1"), initial_meld=30)  # 27 points
    assert nothing.placed == () and nothing.sets == (read_set(table[0]),)


@pytest.mark.parametrize("need, placed", [(20, 6), (27, 6), (28, 0), (50, 0)])
def test_a_house_rules_initial_meld_needs_its_own_points(need, placed):
    """R7-8-9 and the 1s are 27 points: enough for an initial meld of 20 or 27, not of 28."""
    meld = solve([], parse_tiles("R7 R8 R9 K1 B1 O1"), initial_meld=need)
    assert len(meld.placed) == placed


def test_the_initial_meld_owed_is_a_number_of_points():
    with pytest.raises(ValueError, match="initial_meld is the points owed"):
        solve([], parse_tiles("R7 R8 R9"), initial_meld=True)


@pytest.mark.parametrize("joker_points, placed", [(30, "J"), (10, "J"), (5, "K9")])
def test_by_value_a_rack_joker_gains_the_points_it_is_given(joker_points, placed):
    """The group takes one more tile: the joker, or K9 (9 points)."""
    move = solve([parse_tiles("B9 O9 R9")], parse_tiles("J K9"), "value", joker_points=joker_points)
    assert move.placed == parse_tiles(placed)


@pytest.mark.parametrize("bad", [0, -30, 7.5, "face", None])
def test_a_jokers_points_are_a_whole_number_from_1(bad):
    with pytest.raises(ValueError, match="joker_points is a joker's points"):
        solve([], parse_tiles("R7 R8 J"), "value", joker_points=bad)


def game_positions(count, seed):
    """Tables and racks from simulated rounds of 2-4 seats, taken at random moments."""
    from rummy.rummikub import Round, Rules

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Round.deal(
            rng.randrange(1 << 30), Rules(players=rng.choice((2, 3, 4)), initial_meld=0)
        )
        stop = rng.randint(4, 60)
        while not game.is_over and len(game.actions) < stop:
            game = game.apply(simple_rummikub_play(game))
        if not game.is_over:
            out.append(([s.tiles for s in game.table], game.racks[game.to_move]))
    return out


def hardest(positions, count):
    """The `count` positions that ask most of a solver: the most jokers first (a joker fits
    anywhere, and the joker rule may cost a tile), then the most tiles."""

    def weight(position):
        sets, rack = position
        tiles = [t for s in sets for t in s] + list(rack)
        return sum(t.is_joker for t in tiles), len(tiles)

    return sorted(positions, key=weight, reverse=True)[:count]


def test_the_solver_matches_the_integer_program_on_the_hardest_of_500_positions():
    """Cheap to make, dear to check (an integer program each): of 250 small random positions
    and 250 taken from played rounds, the 40 hardest of each."""
    from support.milp_reference import best_gain

    rng = random.Random(5)
    positions = hardest([random_position(rng) for _ in range(250)], 40)
    positions += hardest(game_positions(250, 6), 40)
    bound = False  # whether the joker rule ever costs a tile: then these positions test it
    for number, (sets, rack) in enumerate(positions):
        for value in (False, True):
            solution = solve(sets, rack, objective="value" if value else "tiles")
            check_move(sets, rack, solution)
            assert gain_of(solution.placed, value) == best_gain(sets, rack, value=value), (
                sets,
                rack,
            )
        bound |= best_gain(sets, rack, joker_rule=False) > best_gain(sets, rack)
        if number % 2 == 0:  # the initial meld: new sets from the rack alone, 30 or more
            value = bool(number % 2)
            meld = solve(sets, rack, objective="value" if value else "tiles", initial_meld=30)
            assert gain_of(meld.placed, value) == best_gain(
                sets, rack, value=value, initial_meld=30
            ), (sets, rack)
    assert bound


def changed_sets(sets, solution):
    """The old sets not found, tile for tile, on the new table, and the ones that are."""
    new = Counter(tuple(s.tiles) for s in solution.sets)
    changed, kept = [], []
    for s in sets:
        laid = tuple(read_set(s).tiles)
        if new[laid]:
            new[laid] -= 1
            kept.append(s)
        else:
            changed.append(s)
    return changed, kept


def test_a_move_changes_only_the_table_sets_it_needs():
    table = [parse_tiles(s) for s in ("B1 B2 B3", "R4 R5 R6", "K9 B9 O9", "K4 K5 K6 K7")]
    solution = solve(table, parse_tiles("R7 O2"))
    changed, kept = changed_sets(table, solution)
    assert changed == [table[1]] and solution.sets[:3] == tuple(read_set(s) for s in kept)
    solution = solve(table, parse_tiles("K8 B4 R9 O1"))  # three extensions; O1 fits nowhere
    changed, kept = changed_sets(table, solution)
    assert (
        len(solution.placed) == 3 and kept == [table[1]] and solution.sets[0] == read_set(table[1])
    )


def test_no_changed_table_set_could_have_been_kept():
    """Checked with the integer program: keeping one more old set as it was, the other sets and
    the placed tiles no longer make a table."""
    from support.milp_reference import best_gain

    checked = 0
    for sets, rack in game_positions(120, 8):
        solution = solve(sets, rack)
        changed, _ = changed_sets(sets, solution)
        for one in changed:
            free = [s for s in changed if s is not one]
            assert best_gain(free, solution.placed) < len(solution.placed), (sets, rack, one)
            checked += 1
    assert checked > 20


def test_past_the_keeping_budget_the_move_is_still_the_best_and_legal(monkeypatch):
    """Keeping old sets as they were is worth only a budget of search states: with none left,
    the sets are laid out anew, but the gain and the move's legality do not change."""
    from rummy.rummikub import solver

    positions = game_positions(40, 5)
    full = [solve(sets, rack) for sets, rack in positions]
    monkeypatch.setattr(solver, "KEEP_BUDGET", 1)
    fewer_kept = 0
    for (sets, rack), best in zip(positions, full, strict=True):
        budgeted = solve(sets, rack)
        check_move(sets, rack, budgeted)
        assert len(budgeted.placed) == len(best.placed), (sets, rack)
        fewer_kept += len(changed_sets(sets, budgeted)[1]) < len(changed_sets(sets, best)[1])
    assert fewer_kept > 0  # the budget was reached: fewer sets stayed as they were


def crowded_positions(count, seed):
    """Large random positions, the hard ones for the solver: 6-14 legal sets taken from a
    shuffled pool and a rack of 12-26 of the tiles left."""
    from rummy.rummikub import FULL_POOL

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pool, sets, wanted = Counter(FULL_POOL), [], rng.randint(6, 14)
        for _ in range(60):
            if len(sets) == wanted:
                break
            if rng.random() < 0.5:
                number = rng.randint(1, 13)
                tiles = [Tile(c, number) for c in rng.sample("KBOR", rng.choice((3, 4)))]
            else:
                length, colour = rng.randint(3, 6), rng.choice("KBOR")
                start = rng.randint(1, 14 - length)
                tiles = [Tile(colour, n) for n in range(start, start + length)]
            if pool[JOKER] and rng.random() < 0.2:
                tiles[rng.randrange(len(tiles))] = JOKER
            if is_set(tiles) and not Counter(tiles) - pool:
                pool -= Counter(tiles)
                sets.append(tiles)
        rest = list(pool.elements())
        rng.shuffle(rest)
        out.append((sets, rest[: rng.randint(12, 26)]))
    return out


@pytest.mark.parametrize("objective", ["tiles", "value"])
def test_a_budgeted_move_is_always_legal_and_exact_only_when_proven(objective):
    """With a tiny budget the search runs out on most positions: the move is still one the game
    accepts (the rack-only fallback), and `exact` says whether it is the best."""
    value = objective == "value"
    ran_out = fallen_back = 0
    for sets, rack in crowded_positions(30, 21 if value else 22):
        best = solve(sets, rack, objective)
        assert best.exact
        for budget in (1, 300, 3000):
            move = solve(sets, rack, objective, budget=budget)
            check_move(sets, rack, move)
            assert gain_of(move.placed, value) <= gain_of(best.placed, value)
            if move.exact:
                assert gain_of(move.placed, value) == gain_of(best.placed, value), (
                    sets,
                    rack,
                    budget,
                )
            ran_out += not move.exact
            fallen_back += not move.exact and bool(move.placed)
    assert (
        ran_out > 30 and fallen_back > 20
    )  # the budgets did run out, and moves were found past them


def test_a_budgeted_initial_meld_is_legal_or_a_draw():
    for sets, rack in crowded_positions(15, 23):
        best = solve(sets, rack, initial_meld=30)
        for budget in (1, 100, 1_000_000):
            meld = solve(sets, rack, initial_meld=30, budget=budget)
            check_move(sets, rack, meld)
            assert meld.sets[: len(sets)] == tuple(read_set(s) for s in sets)  # the table untouched
            if meld.placed:
                assert sum(s.value for s in meld.sets[len(sets) :]) >= 30
            if meld.exact:
                assert len(meld.placed) == len(best.placed)
            else:
                assert not meld.placed and budget < 1_000_000


def test_a_large_budget_is_the_exact_move():
    from rummy.rummikub.solver import DECISION_BUDGET

    positions = crowded_positions(20, 24) + game_positions(20, 25)
    for sets, rack in positions:
        best = solve(sets, rack)
        move = solve(sets, rack, budget=10_000_000)
        assert move == best and move.exact
        decided = solve(sets, rack, budget=DECISION_BUDGET)
        check_move(sets, rack, decided)
        assert len(decided.placed) == len(best.placed) or not decided.exact


def test_a_budget_is_at_least_one_state():
    with pytest.raises(ValueError):
        solve([], parse_tiles("R1 R2 R3"), budget=0)
