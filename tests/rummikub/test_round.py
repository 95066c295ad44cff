"""The Rummikub round, as the rules page states it."""

from collections import Counter
from dataclasses import replace

import pytest
from rummy.rummikub import (
    FULL_POOL,
    Draw,
    IllegalPlay,
    Play,
    Round,
    Rules,
    Timeout,
    format_tiles,
    rack_total,
    read_set,
)
from rummy.rummikub import parse_tiles as tiles
from rummy.rummikub.round import joker_cost, new_sets_value


def position(rack, table=(), melded=True, players=2):
    """A round with a chosen rack for seat 0 and a chosen table (the rest of the tiles dealt
    elsewhere so that all 106 are accounted for)."""
    game = Round.deal(1, Rules(players=players))
    rack = tiles(rack)
    table = tuple(read_set(tiles(s)) for s in table)
    rest = Counter(FULL_POOL) - Counter(rack) - Counter(t for s in table for t in s.tiles)
    others = list(rest.elements())
    racks = (rack,) + tuple(tuple(others[14 * i : 14 * (i + 1)]) for i in range(players - 1))
    pool = tuple(others[14 * (players - 1) :])
    return replace(game, racks=racks, pool=pool, table=table, to_move=0, melded=(melded,) * players)


def play(game, *sets):
    return game.apply(Play.of(0, [tiles(s) for s in sets]))


def all_tiles(game):
    return (
        Counter(t for rack in game.racks for t in rack)
        + Counter(game.pool)
        + Counter(t for s in game.table for t in s.tiles)
    )


def test_a_deal_gives_14_tiles_to_each_of_2_to_4_seats_from_the_106():
    for players in (2, 3, 4):
        game = Round.deal(5, Rules(players=players))
        assert [len(r) for r in game.racks] == [14] * players
        assert len(game.pool) == 106 - 14 * players
        assert all_tiles(game) == Counter(FULL_POOL)
        assert 0 <= game.to_move < players
    with pytest.raises(ValueError):
        Rules(players=5)


def test_a_fixed_pool_is_dealt_as_a_shuffled_one_with_its_own_first_seat():
    game = Round.deal(5)
    pool = [t for rack in game.racks for t in rack] + list(game.pool)
    assert Round.from_pool(pool, first=game.to_move, seed=5) == game
    assert Round.from_pool(pool, first=3).to_move == 3
    with pytest.raises(ValueError, match="106 tiles"):
        Round.from_pool(pool[:-1])
    with pytest.raises(ValueError, match="first seat"):
        Round.from_pool(pool, first=4)


def test_the_starting_seat_depends_on_the_seed():
    assert len({Round.deal(seed).to_move for seed in range(40)}) == 4


def test_the_table_may_hold_two_identical_sets():
    game = play(position("R5 R6 R7 R5 R6 R7 K1"), "R5 R6 R7", "R5 R6 R7")
    assert [str(s) for s in game.table] == ["R5 R6 R7", "R5 R6 R7"]


def test_rearranging_the_table_is_free_once_every_set_is_legal():
    game = position("R8 R9 R5 K2", table=["R4 R5 R6 R7", "B5 O5 K5"])
    game = play(game, "R4 R5 R6", "R5 B5 O5 K5", "R7 R8 R9")  # a run split, a group grown
    assert [str(s) for s in game.table] == ["R4 R5 R6", "R5 B5 O5 K5", "R7 R8 R9"]
    assert game.racks[0] == tiles("K2") and game.to_move == 1


@pytest.mark.parametrize(
    "sets, reason",
    [
        (["R4 R5 R6"], "table_tile_missing"),  # R7 vanished from the table
        (["R4 R5 R6 R7", "K2 B2 B3"], "not_a_set"),  # an invalid set
        (["R4 R5 R6 R7", "K3 K4 K5"], "not_on_rack"),
        (["R4 R5 R6 R7"], "nothing_played"),
    ],
)
def test_an_illegal_play_is_refused_and_changes_nothing(sets, reason):
    game = position("K2 B2 R8 O9", table=["R4 R5 R6 R7"])
    with pytest.raises(IllegalPlay) as refused:
        play(game, *sets)
    assert refused.value.reason == reason
    assert game.table == (read_set(tiles("R4 R5 R6 R7")),) and game.racks[0] == tiles("K2 B2 R8 O9")


def test_the_initial_meld_needs_30_points_from_the_rack():
    game = position("R7 R8 R9 K1 B1 O1 O10", table=["B4 B5 B6"], melded=False)
    with pytest.raises(IllegalPlay) as refused:
        play(game, "B4 B5 B6", "R7 R8 R9", "K1 B1 O1")  # 24 + 3 = 27
    assert refused.value.reason == "initial_meld_too_low" and refused.value.params == {
        "value": 27,
        "need": 30,
    }
    assert not game.melded[0]


def test_an_initial_meld_of_30_is_enough():
    game = position("R9 R10 R11 K1", table=["B4 B5 B6"], melded=False)
    game = play(game, "B4 B5 B6", "R9 R10 R11")
    assert game.melded[0] and game.racks[0] == tiles("K1")


def test_the_initial_meld_counts_a_joker_as_the_tile_it_stands_for():
    game = position("R9 R10 J K1", table=[], melded=False)
    game = play(game, "R9 R10 J")  # 9 + 10 + 11 = 30
    assert game.melded[0]


def test_the_initial_meld_may_not_touch_the_table():
    game = position("R8 R9 R10 R11 K2", table=["R5 R6 R7"], melded=False)
    with pytest.raises(IllegalPlay) as refused:
        play(game, "R5 R6 R7 R8 R9 R10 R11")
    assert refused.value.reason == "initial_meld_touches_table"
    assert play(game, "R5 R6 R7", "R8 R9 R10 R11").melded[0]


def test_a_drawn_tile_cannot_be_played_the_same_turn():
    game = position("K1 K2", table=[])
    drawn = game.pool[0]
    after = game.apply(Draw(0))
    assert drawn in after.racks[0] and after.to_move == 1
    with pytest.raises(IllegalPlay) as refused:
        after.apply(Play.of(0, [[drawn, drawn, drawn]]))
    assert refused.value.reason == "not_your_turn"


def test_a_joker_is_taken_from_the_table_only_by_putting_its_tile_in_its_place():
    game = position("R8 K9 B9 O9 K2", table=["R5 R6 R7 J"])  # the joker stands for R8
    with pytest.raises(IllegalPlay) as refused:
        play(game, "R5 R6 R7", "J K9 B9 O9")
    assert refused.value.reason == "joker_not_replaced" and refused.value.params == {"tiles": "R8"}
    game = play(game, "R5 R6 R7 R8", "J K9 B9 O9")  # R8 takes its place; the joker goes on
    assert game.racks[0] == tiles("K2")


def test_a_joker_may_move_with_the_table_while_it_can_still_be_a_tile_it_stood_for():
    game = position("K9 B9 O9 R9", table=["R4 R5 J R7 R8"])  # the joker is R6
    split = play(game, "R4 R5 J", "R7 R8 R9")  # still R6, at the end of the other half
    assert split.table[0].stands_for(2) == tiles("R6")
    with pytest.raises(IllegalPlay) as refused:  # now R3: a new role without R6 on the table
        play(game, "J R4 R5", "R7 R8 R9")
    assert refused.value.params == {"tiles": "R6"}
    game = position("K6 K7 O6 O7", table=["K5 J O5", "R6 R7 R8"])  # the joker is B5 or R5
    moved = play(game, "K5 K6 K7", "O5 O6 O7", "J R6 R7 R8")  # now R5
    assert moved.table[2].stands_for(0) == tiles("R5")
    with pytest.raises(IllegalPlay) as refused:  # R9 is neither
        play(game, "K5 K6 K7", "O5 O6 O7", "R6 R7 R8 J")
    assert refused.value.params == {"tiles": "B5 R5"}  # the tiles, each of which would do


def test_going_out_wins_the_round_and_the_scores_sum_to_zero():
    game = position("R5 R6 R7", table=[], players=3)
    game = play(game, "R5 R6 R7")
    result = game.result
    assert result is not None and result.winner == 0 and not result.pool_exhausted
    assert sum(result.scores) == 0
    assert result.scores[1] == -rack_total(game.racks[1], 30)
    with pytest.raises(IllegalPlay):
        game.apply(Draw(1))


def test_with_the_pool_empty_the_round_ends_when_nobody_plays_and_the_lowest_rack_wins():
    game = replace(position("K13 K12", table=[]), pool=())
    game = game.apply(Draw(0))
    assert game.result is None and game.to_move == 1
    game = game.apply(Draw(1))
    result = game.result
    totals = [rack_total(r, 30) for r in game.racks]
    assert (
        result.pool_exhausted and totals[result.winner] == min(totals) and sum(result.scores) == 0
    )


# ---- the joker penalty (a house rule: 30, or "face") ----------------------------------------


@pytest.mark.parametrize(
    "rack, face, thirty",
    [
        ("J B5 K9", 9 + 5 + 9, 30 + 5 + 9),  # the joker counts the rack's highest number
        ("J", 30, 30),  # a rack of jokers alone: 30 each under both
        ("J J", 60, 60),
        ("J J R2 K13", 2 + 13 + 13 + 13, 2 + 13 + 30 + 30),
        ("R7 O8", 15, 15),  # no joker: the numbers alone
    ],
)
def test_a_rack_left_counts_its_numbers_and_each_joker_at_30_or_its_face(rack, face, thirty):
    assert rack_total(tiles(rack), "face") == face
    assert rack_total(tiles(rack), 30) == thirty
    assert joker_cost(tiles(rack), 30) == 30


@pytest.mark.parametrize("bad", ["Face", "30", 13, 30.0, True, None])
def test_a_joker_penalty_other_than_30_or_face_is_refused_by_name(bad):
    with pytest.raises(ValueError, match=f'joker_penalty is 30 or "face".*not {bad!r}'):
        Rules(joker_penalty=bad)


def ended(racks, joker_penalty, pool_out=False):
    """The Result of a round whose seats hold `racks`, ended by seat 0 going out with R5 R6 R7
    (its rack), or with `pool_out` by every seat passing at an empty pool."""
    rules = Rules(players=len(racks), joker_penalty=joker_penalty)
    game = position("R5 R6 R7", table=[], players=len(racks))
    game = replace(game, rules=rules, racks=tuple(tiles(r) for r in racks))
    if pool_out:
        game = replace(game, pool=())
        for seat in range(len(racks)):
            game = game.apply(Draw(seat))
    else:
        game = play(game, "R5 R6 R7")
    return game.result


def test_the_winner_scores_the_losers_racks_each_joker_counted_as_the_rules_say():
    racks = ("R5 R6 R7", "J B5 K9", "J")
    face = ended(racks, "face")
    assert face.winner == 0 and face.scores == (23 + 30, -23, -30)
    thirty = ended(racks, 30)
    assert thirty.winner == 0 and thirty.scores == (44 + 30, -44, -30)


def test_with_the_pool_empty_the_lowest_rack_counts_its_joker_as_the_rules_say():
    racks = ("J B2", "K13 K12")  # 2 + 2 = 4 under "face" (30 + 2 = 32 under 30) against 25
    face = ended(racks, "face", pool_out=True)
    assert face.pool_exhausted and face.winner == 0 and face.scores == (25, -25)
    thirty = ended(racks, 30, pool_out=True)
    assert thirty.pool_exhausted and thirty.winner == 1 and thirty.scores == (-32, 32)


def listed(game):
    """The tables of the plays `legal_actions` lists, each set written out."""
    return [
        [format_tiles(s) for s in action.table]
        for action in game.legal_actions()
        if isinstance(action, Play)
    ]


def test_the_listed_plays_lay_one_new_set_or_add_one_tile_to_an_end_of_a_table_set():
    game = position("R1 R2 R3 R4 K9 B9 O9 O2 K4 K8", table=["K5 K6 K7", "B4 O4 R4"])
    assert game.legal_actions()[0] == Draw(0)
    assert listed(game) == [
        ["K5 K6 K7", "B4 O4 R4", "R1 R2 R3"],  # every run within R1-R4
        ["K5 K6 K7", "B4 O4 R4", "R1 R2 R3 R4"],
        ["K5 K6 K7", "B4 O4 R4", "R2 R3 R4"],
        ["K5 K6 K7", "B4 O4 R4", "K9 B9 O9"],
        ["K4 K5 K6 K7", "B4 O4 R4"],  # at either end of a run
        ["K5 K6 K7 K8", "B4 O4 R4"],
        ["K5 K6 K7", "B4 O4 R4 K4"],  # the fourth colour of a group
    ]


def test_every_listed_action_is_accepted():
    game = position("R1 R2 R3 R4 K9 B9 O9 J O2 K4 K8", table=["K5 K6 K7", "B4 O4 R4"])
    for action in game.legal_actions():
        after = game.apply(action)
        assert after.actions == (action,)


def test_a_joker_is_listed_completing_two_rack_tiles():
    game = position("R9 R10 J K1 O1", table=[], melded=False)
    assert listed(game) == [["R9 R10 J"]]  # 9 + 10 + 11 = 30; K1 O1 J makes 3


def test_before_the_initial_meld_no_play_under_30_points_is_listed():
    game = position("R7 R8 R9 K10 B10 O10 R10 B5", table=["B2 B3 B4"], melded=False)
    plays = listed(game)
    assert ["B2 B3 B4", "R7 R8 R9"] not in plays  # 24 points
    assert ["B2 B3 B4", "R8 R9 R10"] not in plays  # 27
    assert ["B2 B3 B4 B5"] not in plays  # the table is not touched before the meld
    assert ["B2 B3 B4", "R7 R8 R9 R10"] in plays and ["B2 B3 B4", "K10 B10 O10"] in plays
    assert all(new_sets_value(game.table, [read_set(tiles(s)) for s in p]) >= 30 for p in plays)


def test_the_timeout_is_listed_only_with_a_turn_timer():
    assert Timeout(0) not in position("K1 K2").legal_actions()
    timed = replace(position("K1 K2"), rules=Rules(players=2, turn_timer=60))
    assert timed.legal_actions() == (Draw(0), Timeout(0))


def test_nothing_is_listed_once_the_round_is_over():
    game = play(position("R5 R6 R7", table=[]), "R5 R6 R7")
    assert game.is_over and game.legal_actions() == ()
