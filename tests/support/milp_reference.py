"""An independent reference for the Rummikub solver: the classic integer program.

Every possible set is listed once as a template (groups of 3-4 holding at least two real
tiles, runs of 3-5 — a longer run is runs of 3-5 laid end to end — each also with one or two
of its tiles played by jokers, and what each joker then stands for); x[s] counts how often
template s is on the new table, y[t] how many tiles t come from the rack. Each tile is on the
table as often as it was before plus what the rack adds. The joker rule: each table joker's
role (the tiles it stood for) is kept by one of those tiles on the new table (z[r]) or by a
joker place of some template that can be one of them, each place serving one role at most
(w[r, s, j]). SciPy's `milp` finds the best; nothing here shares code with the solver.
"""

from collections import Counter
from itertools import combinations

import numpy as np
from rummy.rummikub import JOKER, Tile, read_set
from scipy.optimize import Bounds, LinearConstraint, milp

COLOURS = "KBOR"
TILES = [Tile(c, n) for c in COLOURS for n in range(1, 14)] + [JOKER]
INDEX = {tile: i for i, tile in enumerate(TILES)}


def _templates():
    """(tile counts, points, what each joker stands for) of every set; a joker counts as the
    tile it stands for."""
    out = {}

    def add(laid, points, roles):
        counts = Counter(laid)
        key = (
            tuple(sorted((INDEX[t], k) for t, k in counts.items())),
            tuple(sorted(roles, key=lambda role: sorted(INDEX[t] for t in role))),
        )
        out[key] = max(out.get(key, 0), points)

    for n in range(1, 14):
        for size in (3, 4):
            for colours in combinations(COLOURS, size):
                for jokers in (0, 1, 2):
                    if size - jokers < 2:  # one real tile and two jokers reads as a run
                        continue
                    for places in combinations(range(size), jokers):
                        real = [c for i, c in enumerate(colours) if i not in places]
                        lacking = frozenset(Tile(c, n) for c in COLOURS if c not in real)
                        add(
                            [Tile(c, n) for c in real] + [JOKER] * jokers,
                            n * size,
                            [lacking] * jokers,
                        )
    for c in COLOURS:
        for start in range(1, 12):
            for length in (3, 4, 5):
                if start + length - 1 > 13:
                    continue
                tiles = [Tile(c, n) for n in range(start, start + length)]
                for jokers in (0, 1, 2):
                    for places in combinations(range(length), jokers):
                        laid = [JOKER if i in places else t for i, t in enumerate(tiles)]
                        add(
                            laid,
                            sum(t.number for t in tiles),
                            [frozenset([tiles[i]]) for i in places],
                        )
    return [(counts, points, roles) for (counts, roles), points in out.items()]


TEMPLATES = _templates()


def _roles(sets):
    return [
        frozenset(tile_set.stands_for(i))
        for tile_set in (read_set(s) for s in sets)
        for i, tile in enumerate(tile_set.tiles)
        if tile.is_joker
    ]


def best_gain(sets, rack, value=False, initial_meld=0, joker_rule=True):
    """The most rack tiles (or points, a joker 30) that fit with the table `sets` (lists of
    tiles); None when even the table alone cannot be laid out (never for a legal table)."""
    table_counts = Counter() if initial_meld else Counter(t for s in sets for t in s)
    roles = _roles(sets) if joker_rule and not initial_meld else []
    rack_counts = Counter(rack)
    n_sets, n_tiles, n_roles = len(TEMPLATES), len(TILES), len(roles)
    serving = [  # (role, template, joker place) where the place can keep the role
        (r, s, j)
        for r, role in enumerate(roles)
        for s, (_, _, stands) in enumerate(TEMPLATES)
        for j, joker in enumerate(stands)
        if joker & role
    ]
    # variables: x (templates), y (tiles), z (roles), w (serving)
    y0, z0, w0 = n_sets, n_sets + n_tiles, n_sets + n_tiles + n_roles
    width = w0 + len(serving)
    rows, low, high = [], [], []

    def row(entries, lo, hi):
        line = np.zeros(width)
        for column, coefficient in entries:
            line[column] += coefficient
        rows.append(line)
        low.append(lo)
        high.append(hi)

    tile_entries = [[] for _ in range(n_tiles)]
    for s, (counts, _, _) in enumerate(TEMPLATES):
        for i, k in counts:
            tile_entries[i].append((s, k))
    for i, tile in enumerate(TILES):
        row(tile_entries[i] + [(y0 + i, -1)], table_counts[tile], table_counts[tile])
    for r, role in enumerate(roles):
        row(
            [(z0 + r, 1)] + [(y0 + INDEX[t], -1) for t in role],
            -np.inf,
            sum(table_counts[t] for t in role),
        )
        row(
            [(z0 + r, 1)] + [(w0 + k, 1) for k, (rr, _, _) in enumerate(serving) if rr == r],
            1,
            np.inf,
        )
    places = {}
    for k, (_, s, j) in enumerate(serving):
        places.setdefault((s, j), []).append(k)
    for (s, _), ks in places.items():
        row([(s, -1)] + [(w0 + k, 1) for k in ks], -np.inf, 0)
    if initial_meld:
        row([(s, points) for s, (_, points, _) in enumerate(TEMPLATES)], initial_meld, np.inf)
    gains = [30 if t.is_joker else t.number for t in TILES] if value else [1] * n_tiles
    c = np.zeros(width)
    c[y0 : y0 + n_tiles] = [-float(g) for g in gains]
    upper = np.array(
        [2.0] * n_sets
        + [float(rack_counts[t]) for t in TILES]
        + [1.0] * n_roles
        + [2.0] * len(serving)
    )
    result = milp(
        c,
        constraints=[LinearConstraint(np.array(rows), np.array(low), np.array(high))],
        integrality=np.ones(width),
        bounds=Bounds(0, upper),
    )
    if result.status != 0:
        return 0 if initial_meld else None
    return round(-result.fun)
