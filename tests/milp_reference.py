"""An independent reference for the Rummikub solver: the classic integer program.

Every possible set is listed once as a template (groups of 3-4, runs of 3-5 — a longer run is
runs of 3-5 laid end to end — each also with one or two of its tiles played by jokers);
x[s] counts how often template s is on the new table, y[t] how many tiles t come from the rack.
Each tile is on the table as often as it was before plus what the rack adds. SciPy's `milp`
finds the best; nothing here shares code with the dynamic program.
"""

from collections import Counter
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from rummy.rummikub import JOKER, Tile

TILES = [Tile(c, n) for c in "KBOR" for n in range(1, 14)] + [JOKER]
INDEX = {tile: i for i, tile in enumerate(TILES)}


def _templates():
    """(tile counts, points) of every set, jokers counting as the tiles they stand for."""
    base = []
    for n in range(1, 14):
        for size in (3, 4):
            for colours in combinations("KBOR", size):
                base.append([Tile(c, n) for c in colours])
    for c in "KBOR":
        for start in range(1, 12):
            for length in (3, 4, 5):
                if start + length - 1 <= 13:
                    base.append([Tile(c, n) for n in range(start, start + length)])
    out = {}
    for tiles in base:
        points = sum(t.number for t in tiles)
        for jokers in (0, 1, 2):
            for places in combinations(range(len(tiles)), jokers):
                laid = [JOKER if i in places else t for i, t in enumerate(tiles)]
                counts = Counter(laid)
                key = tuple(sorted((INDEX[t], k) for t, k in counts.items()))
                out[key] = max(out.get(key, 0), points)
    return list(out.items())


TEMPLATES = _templates()


def best_gain(table, rack, value=False, initial_meld=False):
    """The most rack tiles (or points, a joker 30) that fit; None when even the table alone
    cannot be laid out (never for a legal table)."""
    table_counts = Counter() if initial_meld else Counter(table)
    rack_counts = Counter(rack)
    n_sets, n_tiles = len(TEMPLATES), len(TILES)
    # variables: x (one per template), then y (one per tile)
    a = np.zeros((n_tiles, n_sets + n_tiles))
    for s, (counts, _) in enumerate(TEMPLATES):
        for i, k in counts:
            a[i, s] = k
    for i in range(n_tiles):
        a[i, n_sets + i] = -1
    need = np.array([table_counts[t] for t in TILES], dtype=float)
    constraints = [LinearConstraint(a, need, need)]
    if initial_meld:
        worth = np.array([points for _, points in TEMPLATES] + [0] * n_tiles, dtype=float)
        constraints.append(LinearConstraint(worth.reshape(1, -1), 30, np.inf))
    gains = [30 if t.is_joker else t.number for t in TILES] if value else [1] * n_tiles
    c = np.array([0.0] * n_sets + [-float(g) for g in gains])
    upper = np.array([2.0] * n_sets + [float(rack_counts[t]) for t in TILES])
    result = milp(c, constraints=constraints, integrality=np.ones_like(c), bounds=Bounds(0, upper))
    if result.status != 0:
        return 0 if initial_meld else None
    return round(-result.fun)
