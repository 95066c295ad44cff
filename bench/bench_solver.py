"""Rummikub solver speed on positions from simulated 4-player games and on random ones, against
the integer program.

    python bench/bench_solver.py [--games 12] [--random 150] [--seed 3]

Four seats play whole rounds, playing the solver's most-tiles move (the initial meld first)
or drawing: three of them play only half the time (EAGERNESS) and nobody goes out (a seat
keeps a tile back), so that racks and the table grow as in the longest rounds. Every position
met on the way (table and the rack of the seat to move) is timed with `solve` and with the
reference integer program (SciPy's milp, tests/support/milp_reference.py), side by side in this
run. Prints median, 95th percentile and maximum per solver and the ratio of medians; the two must
agree on every position. Target for `solve` in CPython: p95 <= 50 ms, max <= 500 ms.

Positions from played games are easy for the solver; the hard ones are random: tables of 2-16
random legal sets and racks of 6-28 of the tiles left (`--random` of them; 0 leaves them out),
timed the same way and reported apart.

Each position is also solved within the computer players' budget (`solve(..., budget=N)`,
N = `--budget`, by default DECISION_BUDGET search states), the budgeted search that returns
the best move found when the exact search would take more: the last lines give its median, 95th
percentile and maximum on both kinds of positions, how many of its moves were not the best (fewer
tiles placed than the exact solver, and how many fewer in all), and how many it did not prove best.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from rummy.rng import Rng, derive_seed  # noqa: E402
from rummy.rummikub import (  # noqa: E402
    FULL_POOL,
    JOKER,
    Draw,
    IllegalPlay,
    Play,
    Round,
    Rules,
    Tile,
    is_set,
    solve,
)
from rummy.rummikub.solver import DECISION_BUDGET  # noqa: E402
from support.milp_reference import best_gain  # noqa: E402 - the reference lives with the tests

# How often each seat plays when it can: one every time, three half the time.
EAGERNESS = (1.0, 0.5, 0.5, 0.5)


def _without(rack, tile):
    rest = list(rack)
    rest.remove(tile)
    return rest


def positions(games: int, seed: int):
    """(table sets, rack) of every turn of `games` four-player rounds in which seats play the
    solver's most-tiles move (the initial meld first) with the chances in EAGERNESS and draw
    otherwise, never going out (they keep a tile back), so the round ends when nobody can
    play; and how many of the solver's moves the game refused (it must be none)."""
    found, refused = [], 0
    for game_number in range(games):
        game = Round.deal(derive_seed(seed, game_number), Rules(players=4))
        rng = Rng(derive_seed(seed, game_number, 1))
        while not game.is_over and len(game.actions) < 600:
            seat = game.to_move
            table = [s.tiles for s in game.table]
            rack = game.racks[seat]
            found.append((table, rack))
            if rng.random() >= EAGERNESS[seat]:
                game = game.apply(Draw(seat))
                continue
            meld = 0 if game.melded[seat] else game.rules.initial_meld
            move = solve(table, rack, initial_meld=meld)
            if len(move.placed) == len(rack):  # never go out: keep a tile back
                move = max(
                    (solve(table, _without(rack, keep), initial_meld=meld) for keep in set(rack)),
                    key=lambda m: len(m.placed),
                )
            try:
                game = game.apply(
                    Play.of(seat, [s.tiles for s in move.sets]) if move.placed else Draw(seat)
                )
            except IllegalPlay:
                refused += 1
                game = game.apply(Draw(seat))
    return found, refused


def _take(pool, wanted):
    """Remove `wanted` from `pool` and return them, or None (pool unchanged) if one is missing."""
    rest = list(pool)
    for tile in wanted:
        if tile not in rest:
            return None
        rest.remove(tile)
    pool[:] = rest
    return tuple(wanted)


def _random_set(rng, pool):
    """A random legal group or run taken from `pool` (a joker in it one time in five), or None."""
    if rng.random() < 0.5:
        number = 1 + rng.below(13)
        colours = rng.shuffled("KBOR")[: 3 + rng.below(2)]
        tiles = [Tile(colour, number) for colour in colours]
    else:
        length = 3 + rng.below(4)
        start = 1 + rng.below(14 - length)
        colour = rng.choice("KBOR")
        tiles = [Tile(colour, number) for number in range(start, start + length)]
    if JOKER in pool and rng.random() < 0.2:
        tiles[rng.below(len(tiles))] = JOKER
    return _take(pool, tiles) if is_set(tiles) else None


def random_positions(count: int, seed: int):
    """(table sets, rack) of `count` random positions: 2-16 legal sets drawn from one shuffled
    pool, and a rack of 6-28 of the tiles left."""
    found = []
    for number in range(count):
        rng = Rng(derive_seed(seed, number, 2))
        pool = list(rng.shuffled(FULL_POOL))
        wanted, table = 2 + rng.below(15), []
        for _ in range(50 * wanted):  # a set whose tiles are gone is drawn again
            if len(table) == wanted:
                break
            made = _random_set(rng, pool)
            if made is not None:
                table.append(made)
        found.append((table, tuple(pool[: 6 + rng.below(23)])))
    return found


def timed(found, budget):
    """Times of `solve` and of the reference on each position, and how often they disagree;
    and of `solve` within `budget` states: its times, and per position how many tiles fewer
    than the best it placed and whether it proved its move the best."""
    ours, reference, mismatches, budgeted = [], [], 0, ([], [], [])
    for table, rack in found:
        start = time.perf_counter()
        solution = solve(table, rack)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        gain = best_gain(table, rack)
        reference.append(time.perf_counter() - start)
        mismatches += gain != len(solution.placed)
        start = time.perf_counter()
        quick = solve(table, rack, budget=budget)
        budgeted[0].append(time.perf_counter() - start)
        budgeted[1].append(len(solution.placed) - len(quick.placed))
        budgeted[2].append(quick.exact)
    return (ours, reference, mismatches), budgeted


def figures(times):
    times = sorted(times)
    return (
        f"median {1000 * median(times):7.1f} ms, "
        f"p95 {1000 * percentile(times, 0.95):7.1f} ms, max {1000 * times[-1]:7.1f} ms"
    )


def report(label, found, ours, reference, mismatches):
    largest_table = max(sum(len(s) for s in table) for table, _ in found)
    largest_rack = max(len(rack) for _, rack in found)
    print(
        f"{len(found)} positions {label} "
        f"(tables up to {largest_table} tiles, racks up to {largest_rack})"
    )
    for name, times in (("solve", ours), ("milp ", reference)):
        print(f"  {name}: {figures(times)}")
    print(
        f"  ratio of medians solve/milp {median(ours) / median(reference):.2f}; "
        f"mismatches {mismatches}"
    )


def report_budgeted(label, times, short, proven):
    worse = [s for s in short if s]
    print(
        f"  {label}: {figures(times)}; not the best {len(worse)} of {len(times)} "
        f"({sum(worse)} tiles short, at most {max(worse, default=0)}); "
        f"not proven best {proven.count(False)}"
    )


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--random", type=int, default=150, help="random positions (0: none)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument(
        "--budget", type=int, default=DECISION_BUDGET, help="search states of the budgeted solve"
    )
    options = parser.parse_args(argv)
    if options.games < 1 or options.random < 0 or options.budget < 1:
        parser.error("--games and --budget must be at least 1 and --random at least 0")
    found, refused = positions(options.games, options.seed)
    (ours, reference, mismatches), budgeted = timed(found, options.budget)
    report(f"from {options.games} four-player rounds", found, ours, reference, mismatches)
    print(f"  solver moves the game refused {refused}")
    budgeted_by_kind = [("played", budgeted)]
    if options.random:
        shuffled = random_positions(options.random, options.seed)
        more, budgeted = timed(shuffled, options.budget)
        report("of random legal sets", shuffled, *more)
        mismatches += more[2]
        budgeted_by_kind.append(("random", budgeted))
    print(
        f"solve within {options.budget} search states (budget=...), against the exact solve above:"
    )
    for label, (times, short, proven) in budgeted_by_kind:
        report_budgeted(label, times, short, proven)
    return 0 if mismatches == 0 and refused == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
