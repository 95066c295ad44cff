"""Rummikub solver speed on positions from simulated 4-player games and on random ones, against
the integer program.

    python bench/bench_solver.py [--games 12] [--random 150] [--seed 3]

Four seats play whole rounds, playing the solver's most-tiles move (the initial meld first)
or drawing: three of them play only half the time (EAGERNESS) and nobody goes out (a seat
keeps a tile back), so that racks and the table grow as in the longest rounds. Every position met on the way
(table and the rack of the seat to move) is timed with `solve` and with the reference integer program
(SciPy's milp, tests/milp_reference.py), side by side in this run. Prints median, 95th
percentile and maximum per solver and the ratio of medians; the two must agree on every
position. Target for `solve` in CPython: p95 <= 50 ms, max <= 500 ms.

Positions from played games are easy for the solver; the hard ones are random: tables of 2-16
random legal sets and racks of 6-28 of the tiles left (`--random` of them; 0 leaves them out),
timed the same way and reported apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from milp_reference import best_gain  # noqa: E402 - the reference lives with the tests

from rummy.rng import Rng, derive_seed  # noqa: E402
from rummy.rummikub import (  # noqa: E402
    FULL_POOL, JOKER, Draw, IllegalPlay, Play, Round, RummikubRules, Tile, is_set, solve)


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
        game = Round.deal(derive_seed(seed, game_number), RummikubRules(players=4))
        rng = Rng(derive_seed(seed, game_number, 1))
        while not game.is_over and len(game.actions) < 600:
            seat = game.to_move
            table = [s.tiles for s in game.table]
            rack = game.racks[seat]
            found.append((table, rack))
            if rng.random() >= EAGERNESS[seat]:
                game = game.apply(Draw(seat))
                continue
            meld = not game.melded[seat]
            move = solve(table, rack, initial_meld=meld)
            if len(move.placed) == len(rack):  # never go out: keep a tile back
                move = max((solve(table, _without(rack, keep), initial_meld=meld) for keep in set(rack)), key=lambda m: len(m.placed))
            try:
                game = game.apply(Play.of(seat, [s.tiles for s in move.sets]) if move.placed else Draw(seat))
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


def timed(found):
    """Times of `solve` and of the reference on each position, and how often they disagree."""
    ours, reference, mismatches = [], [], 0
    for table, rack in found:
        start = time.perf_counter()
        solution = solve(table, rack)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        gain = best_gain(table, rack)
        reference.append(time.perf_counter() - start)
        mismatches += gain != len(solution.placed)
    return ours, reference, mismatches


def report(label, found, ours, reference, mismatches):
    largest_table = max(sum(len(s) for s in table) for table, _ in found)
    largest_rack = max(len(rack) for _, rack in found)
    print(f"{len(found)} positions {label} (tables up to {largest_table} tiles, racks up to {largest_rack})")
    for name, times in (("solve", ours), ("milp ", reference)):
        times = sorted(times)
        print(f"  {name}: median {1000 * median(times):7.1f} ms, p95 {1000 * percentile(times, 0.95):7.1f} ms, "
              f"max {1000 * times[-1]:7.1f} ms")
    print(f"  ratio of medians solve/milp {median(ours) / median(reference):.2f}; mismatches {mismatches}")


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--random", type=int, default=150, help="random positions (0: none)")
    parser.add_argument("--seed", type=int, default=3)
    options = parser.parse_args(argv)
    if options.games < 1 or options.random < 0:
        parser.error("--games must be at least 1 and --random at least 0")
    found, refused = positions(options.games, options.seed)
    ours, reference, mismatches = timed(found)
    report(f"from {options.games} four-player rounds", found, ours, reference, mismatches)
    print(f"  solver moves the game refused {refused}")
    if options.random:
        shuffled = random_positions(options.random, options.seed)
        more = timed(shuffled)
        report("of random legal sets", shuffled, *more)
        mismatches += more[2]
    return 0 if mismatches == 0 and refused == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
