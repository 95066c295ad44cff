"""A game of Rummikub: action codes, rounds played in sequence, running totals (each round sums
to zero), the end of a game of rounds or to a target, and saved records, as the rules page
states them ("Several rounds make a game; the highest running total wins")."""

import json
from dataclasses import replace

import pytest
from rummy.errors import IllegalAction
from rummy.rng import derive_seed
from rummy.rummikub import Draw, Play, Round, Rules, starting_seat
from rummy.rummikub import parse_tiles as tiles
from rummy.rummikub.actions import action_code, parse_action, parse_table, table_code
from rummy.rummikub.agents import make_agent
from rummy.rummikub.match import Match
from rummy.rummikub.round import Timeout


def play_round(match, level="easy"):
    """The round in play played to its end by computer players of `level`."""
    while not match.round.is_over:
        seat = match.round.to_move
        agent = make_agent(
            level, derive_seed(match.seed, len(match.finished), len(match.round.actions))
        )
        match = match.apply(agent.act(match.view(seat)))
    return match


def play_game(match, level="easy"):
    """Every round of the game, until it is over; the rounds' matches as they ended."""
    ended = []
    while True:
        match = play_round(match, level)
        ended.append(match)
        if match.is_over:
            return ended
        match = match.next_round()


# ---- action codes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, code",
    [
        (Draw(2), "2 draw"),
        (Timeout(0), "0 timeout"),
        (Play.of(1, [tiles("R7 R8 R9"), tiles("K5 B5 O5 J")]), "1 play R7 R8 R9 | K5 B5 O5 J"),
        (Play.of(3, [tiles("J B12 B13")]), "3 play J B12 B13"),
    ],
)
def test_an_action_is_written_as_a_code_and_read_back(action, code):
    assert action_code(action) == code
    assert parse_action(code) == action


def test_a_table_code_lists_the_sets_and_leaves_empty_ones_out():
    sets = (tiles("R7 R8 R9"), tiles("K5 B5 O5"))
    assert table_code(sets) == "R7 R8 R9 | K5 B5 O5"
    assert parse_table("R7 R8 R9 | | K5 B5 O5 |") == sets


@pytest.mark.parametrize(
    "code",
    [
        "",
        "draw",
        "0",
        "4 draw",
        "-1 draw",
        "x draw",
        "0 fly",
        "0 draw now",
        "0 timeout 3",
        "0 play",
        "0 play R7 R8 X9",
        "0 play R14 R15 R16",
        "0 play R0 R1 R2",
        None,
        7,
        ["0 draw"],
    ],
)
def test_a_bad_code_is_refused_with_a_value_error(code):
    with pytest.raises(ValueError):
        parse_action(code)


# ---- a game of rounds -----------------------------------------------------------------------


def test_a_game_of_3_rounds_ends_after_the_third():
    match = Match.start(Rules(players=3, rounds=3), seed=4)
    ended = play_game(match)
    assert len(ended) == 3
    assert [m.is_over for m in ended] == [False, False, True]
    assert [m.winners for m in ended] == [(), (), ended[-1].winners]
    final = ended[-1]
    assert len(final.rounds) == 3 and all(hand.is_over for hand in final.rounds)
    with pytest.raises(IllegalAction) as refused:
        final.next_round()
    assert refused.value.reason == "match_over"


def test_each_round_sums_to_zero_and_the_totals_are_the_rounds_added_up():
    final = play_game(Match.start(Rules(players=4, rounds=3), seed=9))[-1]
    totals = [0] * 4
    for hand in final.rounds:
        assert sum(hand.result.scores) == 0
        totals = [t + s for t, s in zip(totals, hand.result.scores, strict=True)]
    assert list(final.scores) == totals and sum(final.scores) == 0
    best = max(totals)
    assert final.winners == tuple(seat for seat, total in enumerate(totals) if total == best)


def test_each_round_is_dealt_afresh_and_its_first_player_drawn_from_its_deal():
    final = play_game(Match.start(Rules(players=2, rounds=3), seed=5))[-1]
    seeds = [hand.seed for hand in final.rounds]
    assert len(set(seeds)) == 3
    assert len({hand.racks[0] for hand in final.rounds}) == 3  # not the same deal again
    for hand in final.rounds:
        first = Round.deal(hand.seed, hand.rules)
        assert first.to_move == starting_seat(hand.seed, 2)
        assert hand.actions[0].seat == first.to_move
    assert final.first_dealer == final.rounds[0].actions[0].seat


def test_a_game_to_a_target_ends_with_the_round_that_reaches_it():
    match = Match.start(Rules(players=2, rounds=None, target=40), seed=2)
    ended = play_game(match)
    for before in ended[:-1]:
        assert max(before.scores) < 40 and not before.is_over
    final = ended[-1]
    assert max(final.scores) >= 40 and final.is_over
    assert len(ended) > 1  # 40 points takes more than one round here, so the target was played on
    assert final.winners == (final.scores.index(max(final.scores)),)


def test_the_next_round_is_refused_while_a_round_is_played():
    match = Match.start(Rules(players=2, rounds=2), seed=1)
    with pytest.raises(IllegalAction) as refused:
        match.next_round()
    assert refused.value.reason == "hand_in_play"
    assert not match.is_over and match.winners == ()


def test_a_tie_for_the_highest_total_has_several_winners():
    final = play_game(Match.start(Rules(players=3, rounds=1), seed=3))[-1]
    assert final.is_over
    assert replace(final, scores=(10, 10, -20)).winners == (0, 1)
    assert replace(final, scores=(0, 0, 0)).winners == (0, 1, 2)
    unfinished = Match.start(Rules(players=3, rounds=1), seed=3)
    assert replace(unfinished, scores=(10, 10, -20)).winners == ()  # nobody wins a game in play


def test_a_first_player_that_the_deal_did_not_draw_is_refused():
    match = Match.start(Rules(players=2), seed=6)
    assert Match.start(Rules(players=2), seed=6, first_dealer=match.first_dealer) == match
    with pytest.raises(ValueError):
        Match.start(Rules(players=2), seed=6, first_dealer=1 - match.first_dealer)


# ---- records ---------------------------------------------------------------------------------


def mid_game(timer=None):
    """A game in its second round, a few turns in (a timeout among them when there is a timer)."""
    rules = Rules(players=3, rounds=3, turn_timer=timer)
    match = play_round(Match.start(rules, seed=12)).next_round()
    for turn in range(7):
        seat = match.round.to_move
        if timer and turn == 2:
            match = match.apply(Timeout(seat))
        else:
            match = match.apply(make_agent("normal", turn).act(match.view(seat)))
    return match


@pytest.mark.parametrize("timer", [None, 60])
def test_a_saved_game_replays_to_the_same_state(timer):
    match = mid_game(timer)
    record = json.loads(json.dumps(match.to_record()))
    assert record["game"] == "rummikub" and len(record["hands"]) == 2
    assert Match.from_record(record) == match
    if timer:
        assert f"{match.round.actions[2].seat} timeout" in record["hands"][1]


def test_a_record_names_the_joker_penalty_only_off_its_default_and_replays_under_it():
    face = play_round(Match.start(Rules(players=2, joker_penalty="face"), seed=12))
    record = json.loads(json.dumps(face.to_record()))
    assert record["rules"]["joker_penalty"] == "face"
    assert Match.from_record(record) == face and Match.from_record(record).rules == face.rules
    today = Match.start(Rules(players=2), seed=12).to_record()
    assert "joker_penalty" not in today["rules"]  # so every earlier record stays byte for byte
    assert Match.from_record(today).rules.joker_penalty == 30
    record["rules"]["joker_penalty"] = "highest"
    with pytest.raises(ValueError, match="joker_penalty is 30 or \"face\".*'highest'"):
        Match.from_record(record)


def record_of_a_started_game():
    match = Match.start(Rules(players=2, rounds=2), seed=12)
    return match, match.to_record()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda m, r: r.update(game="basic"), "not a Rummikub game"),
        (lambda m, r: r.update(version=2), "not a Rummikub game"),
        (lambda m, r: r.update(seed="x"), "no valid seed"),
        (lambda m, r: r.update(first_dealer=2), "no valid seed or first dealer"),
        (lambda m, r: r.update(first_dealer=1 - m.first_dealer), "does not play first"),
        (lambda m, r: r.update(hands=[]), "no list of hands"),
        (lambda m, r: r["rules"].update(players=5), "players must be 2-4"),
        (lambda m, r: r["rules"].pop("turn_timer"), "rules must give"),
        (lambda m, r: r["rules"].update(rounds=None), "either a number of rounds or to a target"),
        (lambda m, r: r["hands"][0].append(f"{m.first_dealer} fly"), "hand 1: .* is not an action"),
        (
            lambda m, r: r["hands"][0].append(f"{1 - m.first_dealer} draw"),
            "hand 1: It is not your turn",
        ),
        (
            lambda m, r: r["hands"][0].append(f"{m.first_dealer} timeout"),
            "hand 1: This game has no turn timer",
        ),
        (lambda m, r: r["hands"][0].append(f"{m.first_dealer} play R1 R2 R3"), "hand 1: .*"),
        (lambda m, r: r["hands"][0].append(7), "hand 1: 7 is not an action code"),
        (lambda m, r: r["hands"].append([]), "hand 2: The round is still being played"),
    ],
)
def test_a_corrupted_record_is_refused_with_a_clear_error(change, message):
    match, record = record_of_a_started_game()
    assert Match.from_record(record) == match
    change(match, record)
    with pytest.raises(ValueError, match=message):
        Match.from_record(record)


def test_a_play_of_tiles_not_on_the_rack_is_refused_when_replayed():
    match, record = record_of_a_started_game()
    seat = match.first_dealer
    others = match.round.racks[1 - seat]
    record["hands"][0].append(f"{seat} play " + " ".join(t.code for t in others[:3]))
    with pytest.raises(ValueError, match="hand 1"):
        Match.from_record(record)
