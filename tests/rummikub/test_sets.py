"""Rummikub tiles and sets, as the rules page states them."""

import pytest
from rummy.rummikub import (
    FULL_POOL,
    GROUP,
    JOKER,
    RUN,
    IllegalPlay,
    Tile,
    is_set,
    read_set,
)
from rummy.rummikub import parse_tiles as tiles


def test_the_pool_has_106_tiles_two_of_each_number_and_colour_and_two_jokers():
    assert len(FULL_POOL) == 106
    assert FULL_POOL.count(JOKER) == 2
    assert all(FULL_POOL.count(Tile(c, n)) == 2 for c in "KBOR" for n in range(1, 14))


def test_codes_read_and_print_back():
    assert [str(t) for t in tiles("R7 K13 J b1, o10")] == ["R7", "K13", "J", "B1", "O10"]
    assert tiles("J")[0].is_joker and not tiles("K13")[0].is_joker


@pytest.mark.parametrize("bad", ["X7", "R0", "R14", "R", "7R", "R07", "JJ", "K1.5"])
def test_a_bad_code_is_named_in_the_error(bad):
    with pytest.raises(ValueError, match=repr(bad)):
        tiles(f"R1 {bad} K2")


@pytest.mark.parametrize(
    "text, kind",
    [
        ("K5 B5 O5", GROUP),
        ("K5 B5 O5 R5", GROUP),
        ("R1 R2 R3", RUN),
        ("B11 B12 B13", RUN),
        ("O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13", RUN),
    ],
)
def test_legal_sets(text, kind):
    assert read_set(tiles(text)).kind == kind


@pytest.mark.parametrize(
    "text, reason, params",
    [
        ("K5 K5 B5", "group_repeated_colour", {"colour": "K"}),  # a group repeats black
        ("R9 B9 R9 J", "group_repeated_colour", {"colour": "R"}),
        ("K5 B5 O5 R5 J", "group_too_long", {}),
        ("K5 B5 O6", "not_a_set", {}),
        ("R12 R13 R1", "run_wraps", {}),  # 13-1 does not wrap
        ("R5 R6 R8", "run_not_consecutive", {}),
        ("R5 R5 R6", "run_repeated_number", {"number": 5}),
        ("R5 R6 B7", "not_a_set", {}),
        ("R5 R6", "set_too_short", {}),
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J", "run_too_long", {}),
    ],
)
def test_illegal_sets_are_refused_with_a_reason(text, reason, params):
    """The reason and what it names, so the page can say "a group repeats red" in words."""
    with pytest.raises(IllegalPlay) as refused:
        read_set(tiles(text))
    assert refused.value.reason == reason
    assert refused.value.params == {"set": text, **params}
    assert not is_set(tiles(text))


@pytest.mark.parametrize(
    "text, laid, stands_for",
    [
        ("J R5 R6", "J R5 R6", ["R4"]),  # first place
        ("R5 J R7", "R5 J R7", ["R6"]),  # middle
        ("R5 R6 J", "R5 R6 J", ["R7"]),  # last
        ("R7 R5 J", "R5 J R7", ["R6"]),  # out of order: the joker fills the gap
        ("R12 R13 J", "J R12 R13", ["R11"]),  # nothing above 13: it goes below
        ("J J R1", "R1 J J", ["R2", "R3"]),  # nothing below 1: they go above
        ("R4 J J R7", "R4 J J R7", ["R5", "R6"]),
    ],
)
def test_a_joker_in_a_run_stands_for_the_number_of_its_place(text, laid, stands_for):
    run = read_set(tiles(text))
    assert run.kind == RUN and str(run) == laid
    jokers = [i for i, t in enumerate(run.tiles) if t.is_joker]
    assert [str(run.stands_for(i)[0]) for i in jokers] == stands_for


def test_a_joker_in_a_group_stands_for_the_missing_colours():
    group = read_set(tiles("K9 J B9"))
    assert group.kind == GROUP
    assert {str(t) for t in group.stands_for(1)} == {"O9", "R9"}
    assert [str(t) for t in read_set(tiles("K9 B9 O9 J")).stands_for(3)] == ["R9"]


def test_a_set_is_worth_the_numbers_its_tiles_count_as():
    assert read_set(tiles("R5 J R7")).value == 18
    assert read_set(tiles("K10 B10 J")).value == 30
    assert read_set(tiles("J R12 R13")).value == 36


def test_only_jokers_make_no_set():
    with pytest.raises(IllegalPlay):
        read_set([JOKER, JOKER])


def brute_force_is_set(tiles):
    """Independent check: some choice of a tile for each joker makes a group or a run."""
    from itertools import product

    naturals = [(t.colour, t.number) for t in tiles if not t.is_joker]
    jokers = len(tiles) - len(naturals)
    every_tile = [(c, n) for c in "KBOR" for n in range(1, 14)]
    for chosen in product(every_tile, repeat=jokers):
        full = naturals + list(chosen)
        colours = {c for c, _ in full}
        numbers = sorted(n for _, n in full)
        group = 3 <= len(full) <= 4 and len(set(numbers)) == 1 and len(colours) == len(full)
        run = (
            len(colours) == 1
            and len(full) >= 3
            and numbers == list(range(numbers[0], numbers[0] + len(full)))
        )
        if group or run:
            return True
    return False


def test_set_reading_agrees_with_brute_force_on_random_tiles():
    import random

    rng = random.Random(7)
    agreed = legal = 0
    for _ in range(2000):
        colour, number = rng.choice("KBOR"), rng.randint(1, 11)
        if rng.random() < 0.5:  # a set, with up to two tiles turned into jokers, maybe one changed
            if rng.random() < 0.5:
                drawn = [Tile(c, number) for c in rng.sample("KBOR", rng.randint(3, 4))]
            else:
                length = rng.randint(3, 14 - number)
                drawn = [Tile(colour, n) for n in range(number, number + length)]
            for i in rng.sample(range(len(drawn)), rng.randint(0, 2)):
                drawn[i] = JOKER
            if rng.random() < 0.3:
                drawn[rng.randrange(len(drawn))] = Tile(rng.choice("KBOR"), rng.randint(1, 13))
        else:  # tiles close to one another
            near = [
                Tile(c, n)
                for c in "KBOR"
                for n in range(max(1, number - 3), min(13, number + 3) + 1)
            ]
            drawn = rng.sample(
                near + [t for t in near if t.colour == colour] * 2 + [JOKER] * 2, rng.randint(3, 5)
            )
        if drawn.count(JOKER) > 2 or len(drawn) > 6:
            continue
        rng.shuffle(drawn)
        expected = brute_force_is_set(drawn)
        assert is_set(drawn) == expected, drawn
        agreed += 1
        legal += expected
    assert agreed > 1000 and 300 < legal < agreed - 300  # both answers were exercised
