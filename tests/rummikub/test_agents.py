"""The Rummikub computer players: legal moves only, decisions from the view alone, easy's
restraint (it never rearranges the table), the initial meld, hard's choices."""

from collections import Counter
from dataclasses import replace

import pytest
from rummy.rng import derive_seed
from rummy.rummikub import FULL_POOL, Draw, Play, Round, Rules, read_set
from rummy.rummikub import parse_tiles as tiles
from rummy.rummikub.agents import LEVELS, EasyAgent, HardAgent, NormalAgent, make_agent
from support.random_play import reshuffle_hidden


def position(rack, table=(), melded=True, players=2, pool=None, rules=None):
    """Seat 0 to move with a chosen rack and table; the other tiles dealt to the other racks
    and the pool (the pool cut to `pool` tiles when given, the rest left off the game)."""
    rules = rules or Rules(players=players)
    game = Round.deal(1, rules)
    rack = tiles(rack)
    table = tuple(read_set(tiles(s)) for s in table)
    rest = list(
        (Counter(FULL_POOL) - Counter(rack) - Counter(t for s in table for t in s.tiles)).elements()
    )
    racks = (rack,) + tuple(tuple(rest[14 * i : 14 * (i + 1)]) for i in range(players - 1))
    left = tuple(rest[14 * (players - 1) :])
    return replace(
        game,
        racks=racks,
        pool=left if pool is None else left[:pool],
        table=table,
        to_move=0,
        melded=(melded,) * players,
    )


def decide(agent, game):
    return agent.act(game.view(game.to_move))


def moves(seed, names, rules):
    """(round before, action) of every turn of one round between `names`; each action is
    applied to the round, so an illegal one raises IllegalPlay and fails the test."""
    agents = [make_agent(name, derive_seed(seed, seat)) for seat, name in enumerate(names)]
    game = Round.deal(seed, rules)
    while not game.is_over:
        action = decide(agents[game.to_move], game)
        yield game, action
        game = game.apply(action)


def extends(old, new):
    """Whether set `new` is set `old` with tiles added at its ends (a run) or added (a group)."""
    old_tiles, new_tiles = old.tiles, new.tiles
    if old.kind != new.kind:
        return False
    if old.kind == "group":
        return not Counter(old_tiles) - Counter(new_tiles)
    return any(
        new_tiles[i : i + len(old_tiles)] == old_tiles
        for i in range(len(new_tiles) - len(old_tiles) + 1)
    )


def each_old_set_kept(old_table, new_table):
    """Whether every old set is still on the new table, each in its own new set, possibly
    extended (a small matching by backtracking)."""

    def match(i, used):
        if i == len(old_table):
            return True
        return any(
            j not in used and extends(old_table[i], new) and match(i + 1, used | {j})
            for j, new in enumerate(new_table)
        )

    return match(0, frozenset())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_easy_plays_only_legal_moves_and_never_rearranges_the_table(players):
    plays = 0
    for n in range(20):
        for game, action in moves(
            derive_seed(11, players, n), ["easy"] * players, Rules(players=players)
        ):
            if isinstance(action, Play):
                new_table = tuple(read_set(s) for s in action.table)
                assert each_old_set_kept(game.table, new_table), (game.table, action.table)
                plays += 1
    assert plays > 60


def test_the_restraint_check_sees_a_rearranged_table():
    old = tuple(read_set(tiles(s)) for s in ["R4 R5 R6 R7", "B5 O5 K5"])
    assert each_old_set_kept(
        old, tuple(read_set(tiles(s)) for s in ["R3 R4 R5 R6 R7", "B5 O5 K5 R5"])
    )
    assert not each_old_set_kept(
        old, tuple(read_set(tiles(s)) for s in ["R4 R5 R6", "R7 R8 R9", "B5 O5 K5"])
    )
    assert not each_old_set_kept(old, (read_set(tiles("R4 R5 R6 R7 R8")),))


def test_easy_melds_only_with_30_points_from_its_own_sets():
    table = ["K9 K10 K11"]
    short = position("R9 B9 O9 K1 K2 B3", table=table, melded=False)  # 27 points: draw
    assert decide(EasyAgent(0), short) == Draw(0)
    enough = position("R10 B10 O10 K1 K2 B3 R13", table=table, melded=False)
    action = decide(EasyAgent(0), enough)
    assert action == Play.of(0, [tiles("K9 K10 K11"), tiles("B10 O10 R10")])  # K12 not added yet
    enough.apply(action)


def test_easy_lays_its_sets_and_adds_to_the_ends_of_runs_and_groups_of_three():
    game = position(
        "R3 R4 R5 R9 K7 B7 O7 R7 B13 K12 K1 J",
        table=["R6 R7 R8", "K8 B8 O8", "B9 O9 R9 K9", "J K10 K11"],
    )
    action = decide(EasyAgent(0), game)
    after = game.apply(action)
    table = sorted(str(s) for s in after.table)
    # R3-R5 from the rack join nothing but the run R6-R8 takes R9 only at its end; the group of
    # four takes nothing; K12 goes after the joker's run; K7 B7 O7 R7 is a group; K1 alone stays.
    assert "K7 B7 O7 R7" in table and "R6 R7 R8 R9" in table and "B9 O9 R9 K9" in table
    assert "J K10 K11 K12" in table and "R3 R4 R5" in table
    assert after.racks[0] == tiles("K1 B13 J")


@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 4), (4, 4)])
def test_hard_plays_only_legal_moves_against_every_level(players, rounds):
    plays = 0
    for n in range(rounds):
        names = ["hard", "easy", "hard", "easy"][:players]
        names = names[n % players :] + names[: n % players]
        for _, action in moves(derive_seed(12, players, n), names, Rules(players=players)):
            plays += isinstance(action, Play)
    assert plays > 10 * rounds


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_decisions_depend_on_the_view_only(level):
    """The other racks and the pool dealt again at random, consistently with what the seat
    sees: the view is the same, and so is the decision."""
    checked = 0
    for n in range(3):
        for game, action in moves(derive_seed(13, n), [level, "hard", "easy"], Rules(players=3)):
            if game.to_move != 0 or len(game.actions) % 3:
                continue
            for k in range(2):
                other = reshuffle_hidden(game, 0, derive_seed(n, len(game.actions), k))
                assert other.racks != game.racks and other.view(0) == game.view(0)
                assert (
                    decide(make_agent(level, derive_seed(derive_seed(13, n), 0)), other) == action
                )
                checked += 1
    assert checked > 20


SOLVER_PLAYERS = pytest.mark.parametrize("player", [NormalAgent, HardAgent])


@SOLVER_PLAYERS
def test_the_solver_players_go_out_by_rearranging_the_table(player):
    game = position(
        "R8 K5 K6", table=["R4 R5 R6 R7", "K7 B7 O7 R7"]
    )  # K7 leaves the group for K5-K7
    action = decide(player(0), game)
    after = game.apply(action)
    assert after.is_over and after.result.winner == 0


@SOLVER_PLAYERS
def test_the_solver_players_take_a_table_joker_only_by_putting_its_tile_in_its_place(player):
    game = position("R6 K9 K10 B2", table=["R5 J R7"])  # R6 frees the joker for K9 K10 J
    after = game.apply(decide(player(0), game))
    assert after.racks[0] == tiles("B2")
    assert sorted(str(s) for s in after.table) == ["K9 K10 J", "R5 R6 R7"]


@SOLVER_PLAYERS
@pytest.mark.parametrize(
    "need, played", [(30, "K1 K2 K3 B10 O10 R10"), (36, "K1 K2 K3 B10 O10 R10"), (40, "")]
)
def test_the_solver_players_make_their_initial_meld_from_the_rack_when_the_rule_allows(
    player, need, played
):
    rules = Rules(players=2, initial_meld=need)
    game = position("R10 B10 O10 K1 K2 K3 B5", table=["K9 K10 K11"], melded=False, rules=rules)
    action = decide(player(0), game)
    if not played:
        assert action == Draw(0)  # 36 points is all the rack holds
        return
    after = game.apply(action)
    assert str(after.table[0]) == "K9 K10 K11" and after.racks[0] == tiles("B5")
    assert Counter(tiles(played)) == Counter(t for s in after.table[1:] for t in s.tiles)


@SOLVER_PLAYERS
@pytest.mark.parametrize("need, plays", [(20, True), (27, True), (28, False), (30, False)])
def test_the_solver_players_meld_under_a_house_rules_initial_meld_of_fewer_points(
    player, need, plays
):
    """R7-8-9 and the three 1s are 27 points: an initial meld of 20 or 27 takes them."""
    rules = Rules(players=2, initial_meld=need)
    game = position("R7 R8 R9 K1 B1 O1 B5", melded=False, rules=rules)
    action = decide(player(0), game)
    assert action != Draw(0) if plays else action == Draw(0)
    if plays:
        assert game.apply(action).racks[0] == tiles("B5")


@SOLVER_PLAYERS
def test_the_solver_players_draw_when_nothing_fits(player):
    game = position("R1 K5 B9 O13", table=["R4 R5 R6"])
    assert decide(player(0), game) == Draw(0)


@pytest.mark.parametrize(
    "rack, pool, played",
    [
        ("K9 K10 J R1", 30, ""),  # the joker stays on the rack: nothing else fits, so it draws
        ("K9 K10 J", 30, "K9 K10 J"),  # unless it goes out with it
        ("K9 K10 J R1", 0, "K9 K10 J"),  # or the pool is empty: the lowest rack wins then
        ("R1 R2 R3 B9 K13", 30, "B9"),  # its own set waits while the pool is large
        ("R1 R2 R3 B9 K13", 20, "R1 R2 R3 B9"),
        ("R1 R2 R3 B9", 30, "R1 R2 R3 B9"),  # going out beats holding
    ],
)
def test_hard_keeps_its_jokers_and_its_own_sets_back_while_the_pool_lasts(rack, pool, played):
    game = position(rack, table=["B6 B7 B8"], pool=pool)
    action = decide(HardAgent(0), game)
    if not played:
        assert action == Draw(0)
        return
    after = game.apply(action)
    assert Counter(game.racks[0]) - Counter(after.racks[0]) == Counter(tiles(played))


@pytest.mark.parametrize(
    "joker_penalty, played",
    [
        (30, "J"),  # K9 R1 left: 10 (J R1 would be 31)
        ("face", "K9"),  # J R1 left: 1 + 1 = 2 (K9 R1 would be 10)
    ],
)
def test_with_the_pool_empty_hard_leaves_the_lowest_rack_by_the_joker_penalty(
    joker_penalty, played
):
    """The group takes one more tile, the joker or K9: hard keeps what costs less."""
    rules = Rules(players=2, joker_penalty=joker_penalty)
    game = position("J K9 R1", table=["B9 O9 R9"], pool=0, rules=rules)
    after = game.apply(decide(HardAgent(0), game))
    assert Counter(game.racks[0]) - Counter(after.racks[0]) == Counter(tiles(played))


@pytest.mark.parametrize(
    "rack, played", [("K9 K10 J R1", "K9 K10 J"), ("R1 R2 R3 B9 K13", "R1 R2 R3 B9")]
)
def test_normal_plays_the_most_tiles_and_keeps_nothing_back(rack, played):
    game = position(rack, table=["B6 B7 B8"], pool=30)
    after = game.apply(decide(NormalAgent(0), game))
    assert Counter(game.racks[0]) - Counter(after.racks[0]) == Counter(tiles(played))
