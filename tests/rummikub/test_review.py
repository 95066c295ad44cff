"""The review of a Rummikub round: at each turn of the person, what the solver could have placed
against what the person placed, in the points of the tiles."""

from dataclasses import replace
from itertools import islice

import pytest
from rummy.review import Review
from rummy.rummikub import Draw, Play, Round, Rules, parse_tiles, read_set
from rummy.rummikub.agents import make_agent
from rummy.rummikub.review import best_play, review, review_steps
from support.random_play import hidden_from_deep

PERSON = 0


def position(rack, table=(), melded=True, joker_penalty=30):
    """The person (seat 0 of two) to play with `rack`, `table` on the table; the log starts
    empty, so a review of what follows starts here."""
    dealt = Round.deal(1, Rules(players=2, joker_penalty=joker_penalty))
    return replace(
        dealt,
        racks=(parse_tiles(rack), dealt.racks[1]),
        table=tuple(read_set(parse_tiles(tiles)) for tiles in table),
        melded=(melded, True),
        to_move=PERSON,
        actions=(),
    )


def only_decision(start, action):
    (decision,) = review(start.apply(action), PERSON, start=start).decisions
    return decision


def play(start, *sets):
    return Play.of(
        PERSON, [tile_set.tiles for tile_set in start.table] + [parse_tiles(s) for s in sets]
    )


class Solver:
    """The person playing the solver's best play every turn."""

    def act(self, view):
        return best_play(view)


def played(seed, person):
    game = Round.deal(seed, Rules(players=2))
    agents = [person, make_agent("hard", seed)]
    while not game.is_over:
        game = game.apply(agents[game.to_move].act(game.view(game.to_move)))
    return game


def test_drawing_when_a_tile_could_extend_a_run_costs_that_tiles_points():
    start = position("R10 B2 O5", table=["R7 R8 R9"])
    drew = only_decision(start, Draw(PERSON))
    assert drew.cost == 10 and drew.best == "0 play R7 R8 R9 R10"
    laid = only_decision(start, Play.of(PERSON, [parse_tiles("R7 R8 R9 R10")]))
    assert laid.cost == 0 and laid.move == laid.best


def test_placing_fewer_points_than_the_solver_costs_the_difference():
    start = position("R10 K4 K5 K6 B2", table=["R7 R8 R9", "O4 O5 O6"])
    short = only_decision(start, play(start, "K4 K5 K6"))
    assert short.cost == 10  # R10 could have gone on the run too
    assert dict(short.options[0].figures)["points"] == 25


def test_missing_the_initial_meld_costs_its_points():
    start = position("K10 K11 K12 B2 O5", melded=False)
    drew = only_decision(start, Draw(PERSON))
    assert drew.cost == 33 and drew.best == "0 play K10 K11 K12"


@pytest.mark.parametrize(
    "joker_penalty, best, costs",
    [
        (30, "J", {"J": 0, "K9": 21}),  # J K9 R1 is 40: J laid leaves 10, K9 laid leaves 31
        ("face", "K9", {"J": 8, "K9": 0}),  # 9 + 9 + 1 = 19: J laid leaves 10, K9 laid 2
    ],
)
def test_a_turn_costs_what_the_best_play_lowers_the_rack_by_under_the_joker_penalty(
    joker_penalty, best, costs
):
    start = position("J K9 R1", table=["B9 O9 R9"], joker_penalty=joker_penalty)
    for tile, cost in costs.items():
        decision = only_decision(start, Play.of(PERSON, [parse_tiles(f"B9 O9 R9 {tile}")]))
        assert decision.cost == cost
        assert sorted(decision.best.split()[2:]) == sorted(f"B9 O9 R9 {best}".split())


def test_a_draw_with_nothing_to_place_is_no_decision():
    start = position("R1 B5 O9 K13", table=["R7 R8 R9"])
    assert review(start.apply(Draw(PERSON)), PERSON, start=start).decisions == ()


def test_a_round_played_by_the_solvers_best_plays_costs_nothing_anywhere():
    result = review(played(2, Solver()), PERSON)
    assert result.decisions and all(d.cost == 0 and d.move == d.best for d in result.decisions)


def test_slices_concatenate_the_same_round_gets_the_same_review_and_it_survives_json():
    game = played(3, make_agent("easy", 3))
    whole = review(game, PERSON)
    head = tuple(islice(review_steps(game, PERSON), 3))
    assert head + tuple(review_steps(game, PERSON, first=head[-1].index + 1)) == whole.decisions
    assert review(game, PERSON) == whole and Review.from_dict(whole.to_dict()) == whole
    assert whole.total > 0 and whole.costliest()[0].cost == max(d.cost for d in whole.decisions)


def test_the_review_never_peeks_at_the_other_rack_or_the_pool():
    """Give the other seat other tiles from deep in the pool: every turn the person played
    before the other seat laid a tile is reviewed the same."""
    game = played(4, make_agent("normal", 4))
    other = hidden_from_deep(Round.deal(game.seed, game.rules), PERSON)
    shown = next(i for i, a in enumerate(game.actions) if a.seat != PERSON and isinstance(a, Play))
    replayed = other
    for action in game.actions[:shown]:
        replayed = replayed.apply(action)
    before = [d for d in review(game, PERSON).decisions if d.index < shown]
    assert before and review(replayed, PERSON, start=other).decisions == tuple(before)
