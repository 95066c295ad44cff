"""The Rummikub session behind the page: settings, a whole game played by codes, refusals with
the engine's reasons, the view model (nothing hidden shown), the table checked while the person
builds a turn, the move log, the last play's changes, the joker rule, statistics."""

import json
from collections import Counter
from dataclasses import replace
from itertools import combinations, pairwise

import pytest
from rummy.rummikub import FULL_POOL, Draw, Play, Rules, read_set, sort_key
from rummy.rummikub import parse_tiles as tiles
from rummy.rummikub.agents import LEVELS
from rummy.rummikub.round import Timeout, new_sets_value, replay
from rummy.rummikub.session import (
    RummikubSession,
    Settings,
    Stats,
    changes,
    describe,
    last_play,
    moved_tiles,
    turns,
)
from rummy.sessions import Refusal, settings_record
from support.random_play import reshuffle_hidden
from support.session_play import acted, until

PERSON = 0  # the one person's seat, against the computer players


def sets(*texts):
    return tuple(read_set(tiles(text)) for text in texts)


def new(seed=1, **settings):
    return RummikubSession.create({"opponents": 1, "level": "easy", **settings}, seed)


def code_of(table):
    """The code of a play laying down `table` (sets of tile codes)."""
    return "play " + " | ".join(" ".join(tile_set) for tile_set in table)


def by_hint(session):
    """The person's move as the page's hint shows it: the hinted table, or draw."""
    hint = session.hints_model()
    return code_of([entry["tiles"] for entry in hint["table"]]) if hint["table"] else "draw"


def drawing(session):
    return "draw"


def mine(session, person=by_hint):
    """Play on (the person by `person`) until it is the person's turn."""
    return until(session, {"play"}, person)


def position(session, rack, table=(), melded=True, players=None):
    """The session with the person to move, holding `rack`, and `table` laid out; the other
    tiles dealt to the other racks (14 each) and the pool, so all 106 are in play. The round's
    log holds one turn: seat 1 laying the table down (a position, not a game that can be saved)."""
    game = session.match.round
    rack = tuple(sorted(tiles(rack), key=sort_key))
    laid = sets(*table)
    rest = list(
        (Counter(FULL_POOL) - Counter(rack) - Counter(t for s in laid for t in s.tiles)).elements()
    )
    players = game.rules.players
    others = tuple(
        tuple(sorted(rest[14 * i : 14 * (i + 1)], key=sort_key)) for i in range(players - 1)
    )
    # The table as the last play laid it (a computer's), so the log and the last play agree with it.
    actions = (Play.of(1, [s.tiles for s in laid]),) if laid else ()
    game = replace(
        game,
        racks=(rack,) + others,
        pool=tuple(rest[14 * (players - 1) :]),
        table=laid,
        to_move=PERSON,
        melded=(melded,) * players,
        actions=actions,
    )
    return replace(session, match=replace(session.match, round=game))


def refused(session, code, reason):
    """The refusal of `code`, which must be `reason`, the session's view unchanged."""
    before = session.view_model()
    refusal = session.act(code)
    assert isinstance(refusal, Refusal), refusal
    assert refusal.reason == reason, refusal
    assert refusal.message and json.loads(json.dumps(refusal.as_dict())) == refusal.as_dict()
    assert session.view_model() == before
    return refusal


# ---- settings -------------------------------------------------------------------------------


def test_settings_choose_the_players_the_meld_the_length_and_the_timer():
    rules = Settings(
        opponents=2, level="hard", initial_meld=False, rounds=None, target=200, timer=60
    ).rules()
    assert rules == Rules(players=3, initial_meld=0, rounds=None, target=200, turn_timer=60)
    default = Settings()
    assert default.rules() == Rules(
        players=4, initial_meld=30, rounds=1, target=None, turn_timer=None
    )
    assert RummikubSession.levels == tuple(LEVELS) == ("easy", "normal", "hard")
    for timer in (None, 30, 60, 120):
        assert Settings(timer=timer).rules().turn_timer == timer
    for opponents in (1, 2, 3):
        assert Settings(opponents=opponents).rules().players == opponents + 1


@pytest.mark.parametrize(
    "bad",
    [
        {"opponents": 0},
        {"opponents": 4},
        {"opponents": "2"},
        {"opponents": True},
        {"level": "grandmaster"},
        {"level": None},
        {"initial_meld": 1},
        {"initial_meld": "yes"},
        {"initial_meld": None},
        {"rounds": 2, "target": 100},
        {"rounds": None, "target": None},
        {"rounds": 0},
        {"target": -5, "rounds": None},
        {"timer": 45},
        {"timer": 0},
        {"timer": "60"},
        {"timer": 60.0},
    ],
)
def test_bad_settings_are_refused(bad):
    with pytest.raises(ValueError):
        Settings(**bad)
    with pytest.raises(ValueError):
        RummikubSession.create(bad, 1)


@pytest.mark.parametrize("points", [20, 25, 31, 50])
def test_a_house_rules_initial_meld_is_any_number_of_points_from_20_to_50(points):
    settings = Settings(initial_meld=points)
    assert settings.rules().initial_meld == points
    assert Settings.from_dict(settings_record(settings)) == settings


def test_the_initial_meld_has_one_spelling_per_rule_30_points_being_on_and_0_off():
    assert Settings(initial_meld=30) == Settings(initial_meld=True) == Settings()
    assert Settings(initial_meld=0) == Settings(initial_meld=False)
    assert settings_record(Settings(initial_meld=30))["initial_meld"] is True


@pytest.mark.parametrize("bad", [19, 51, -30, "30", 30.0, None])
def test_an_initial_meld_of_other_points_is_refused(bad):
    with pytest.raises(ValueError, match="20-50 points"):
        Settings(initial_meld=bad)
    with pytest.raises(ValueError, match="initial_meld must be 0"):
        Rules(initial_meld=bad if isinstance(bad, int) else 19)


def test_a_round_under_an_initial_meld_of_25_saves_replays_and_shares_under_it():
    from rummy import links

    session = RummikubSession.create({"opponents": 1, "initial_meld": 25}, 3)
    session = RummikubSession.restore(json.loads(json.dumps(session.save())))
    assert session.match.rules.initial_meld == 25 and session.settings.initial_meld == 25
    shared = links.decode(links.encode(links.share(session)))
    assert shared.settings.initial_meld == 25 and shared.rules.initial_meld == 25


def test_the_joker_penalty_is_a_house_rule_named_only_off_its_default():
    face = Settings(joker_penalty="face")
    assert face.rules().joker_penalty == "face" and Settings().rules().joker_penalty == 30
    assert face.house_rules() == {"joker_penalty": "face"} and Settings().house_rules() == {}
    both = Settings(initial_meld=25, joker_penalty="face")
    assert both.house_rules() == {"initial_meld": 25, "joker_penalty": "face"}
    assert "joker_penalty" not in settings_record(Settings(joker_penalty=30))  # saves as before
    assert Settings.from_dict(settings_record(face)) == face


@pytest.mark.parametrize("bad", ["Face", "30", 13, 30.0, True, None])
def test_a_joker_penalty_other_than_30_or_face_is_refused_by_name(bad):
    with pytest.raises(ValueError, match='joker_penalty is 30 or "face"'):
        Settings(joker_penalty=bad)
    with pytest.raises(ValueError, match="joker_penalty"):
        RummikubSession.create({"joker_penalty": bad}, 1)


def test_under_the_face_rule_the_page_counts_a_joker_at_the_highest_number_beside_it():
    session = position(new(3, joker_penalty="face"), "J B5 K9")
    assert session.view_model()["rack_points"] == 9 + 5 + 9  # 44 under 30
    session = position(session, "R5 R6 R7")
    game = session.match.round
    game = replace(game, racks=(game.racks[0], tiles("J B5 K9")))
    session = replace(session, match=replace(session.match, round=game))
    rows = acted(session, "play R5 R6 R7").view_model()["result"]["racks"]
    assert [(row["points"], row["joker_points"], row["score"]) for row in rows] == [
        (0, None, 23),
        (23, 9, -23),
    ]


def test_a_round_under_the_face_rule_saves_replays_and_shares_under_it():
    from rummy import links

    session = until(new(4, joker_penalty="face"), {"game-over"}, by_hint)
    restored = RummikubSession.restore(json.loads(json.dumps(session.save())))
    assert restored == session and restored.match.rules.joker_penalty == "face"
    assert session.view_model()["house_rules"] == {"joker_penalty": "face"}
    text = links.encode(links.share(session))
    assert text.startswith("r3.")
    shared = links.decode(text)
    assert shared.settings == session.settings and links.replay(shared) == session.match.round


def test_settings_from_a_save_default_the_missing_and_refuse_an_unknown_key_by_name():
    assert Settings.from_dict({"opponents": 2}) == Settings(opponents=2)
    with pytest.raises(ValueError, match="unknown setting colour"):
        Settings.from_dict({"opponents": 2, "colour": "blue"})
    with pytest.raises(ValueError):
        Settings.from_dict(["opponents", 2])


# ---- a new session and a whole game ------------------------------------------------------


def test_a_new_session_deals_14_tiles_to_each_seat_and_shows_whose_turn_it_is():
    session = RummikubSession.create({"opponents": 3}, 2)
    view = session.view_model()
    assert json.loads(json.dumps(view)) == view
    assert [p["tiles"] for p in view["players"]] == [14] * 4 and view["pool"] == 106 - 4 * 14
    assert [p["you"] for p in view["players"]] == [True, False, False, False]
    first = session.match.round.to_move
    assert [p["seat"] for p in view["players"] if p["to_move"]] == [first]
    assert view["screen"] == ("play" if first == PERSON else "opponent")
    assert view["rack"] == [t.code for t in session.match.round.racks[PERSON]]
    assert (
        view["table"] == []
        and view["log"] == []
        and view["last_play"] is None
        and view["result"] is None
    )
    assert (
        view["initial_meld"] == 30
        and view["rounds"] == 1
        and view["target"] is None
        and view["timer"] is None
    )
    assert view["round_number"] == 1 and view["turn"] == 0


def test_the_rack_is_offered_in_the_777_and_789_orders():
    view = new(3).view_model()
    rack = tiles(" ".join(view["rack"]))
    assert (
        sorted(view["rack_orders"]["groups"])
        == sorted(view["rack_orders"]["runs"])
        == sorted(view["rack"])
    )
    groups = tiles(" ".join(view["rack_orders"]["groups"]))
    numbers = [14 if t.is_joker else t.number for t in groups]
    assert numbers == sorted(numbers)
    runs = tiles(" ".join(view["rack_orders"]["runs"]))
    assert list(runs) == sorted(rack, key=sort_key)
    assert view["rack_points"] == sum(30 if t.is_joker else t.number for t in rack)


@pytest.mark.parametrize("seed, level", [(1, "easy"), (2, "normal")])
def test_a_whole_game_is_played_by_codes_the_person_following_the_hints(seed, level):
    session = new(seed, level=level, rounds=2)
    seen = Counter()
    sessions = [session]
    while session.screen != "game-over":
        if session.screen == "round-over":
            session = acted(session, "next-hand")
        code = "computer" if session.screen == "opponent" else by_hint(session)
        seen[code.split()[0]] += 1
        session = acted(session, code)
        sessions.append(session)
        view = session.view_model()
        assert (
            sum(p["tiles"] for p in view["players"])
            + view["pool"]
            + sum(len(s["tiles"]) for s in view["table"])
            == 106
        )
    assert seen["play"] and seen["computer"]
    view = session.view_model()
    assert view["match"]["over"] and len(session.match.rounds) == 2
    assert view["match"]["winners"] == list(session.match.winners)
    assert session.act("next-hand").reason == "match_over"
    # Every position of the game restores from its save to the same session.
    for before in sessions[:: max(1, len(sessions) // 12)] + [session]:
        save = json.loads(json.dumps(before.save()))
        assert save["format"] == "rummy-table/rummikub"
        restored = RummikubSession.restore(save, Stats.from_dict(before.statistics()))
        assert restored == before and restored.view_model() == before.view_model()


def test_the_end_of_a_round_shows_every_rack_its_points_and_the_scores():
    session = until(new(4, opponents=2, rounds=2), {"round-over"}, by_hint)
    game = session.match.round
    view = session.view_model()
    result = view["result"]
    assert (
        result["winner"] == game.result.winner
        and [p["tiles"] for p in view["players"]][result["winner"]] == 0
    )
    assert [row["tiles"] for row in result["racks"]] == [
        [t.code for t in rack] for rack in game.racks
    ]
    assert [row["points"] for row in result["racks"]] == [
        sum(t.number or 30 for t in rack)
        for rack in game.racks  # a joker 30
    ]
    assert sum(row["score"] for row in result["racks"]) == 0
    losers = [row for row in result["racks"] if row["seat"] != result["winner"]]
    assert all(row["score"] == -row["points"] for row in losers)
    assert result["racks"][result["winner"]]["score"] == sum(row["points"] for row in losers)
    assert [row["total"] for row in result["racks"]] == list(session.match.scores)
    assert [p["score"] for p in view["players"]] == list(session.match.scores)
    assert not any(p["to_move"] for p in view["players"])
    nxt = acted(session, "next-hand").view_model()
    assert (
        nxt["round_number"] == 2
        and nxt["result"] is None
        and [p["tiles"] for p in nxt["players"]] == [14] * 3
    )


# ---- refusals ------------------------------------------------------------------------------


def test_codes_the_person_may_not_send_are_refused_and_change_nothing():
    session = mine(new(5))
    for code in (
        "0 draw",
        "1 draw",
        "0 play R1 R2 R3",
        "fly",
        "",
        "   ",
        None,
        7,
        ["draw"],
        "draw now",
        "play",
        "play R1 R2 X3",
        "stock",
        "discard R5",
    ):
        refused(session, code, "bad_code")
    refused(session, "computer", "not_your_turn")
    refused(session, "next-hand", "hand_in_play")
    refused(session, "rematch", "match_in_play")


def test_an_illegal_table_is_refused_with_the_engines_reason():
    session = position(new(6), "R8 R9 K2 B2 O11", table=["R4 R5 R6 R7"])
    refused(session, "play R4 R5 R6 R7 | K2 B2", "set_too_short")
    refusal = refused(session, "play R4 R5 R6 R7 | K2 B2 R9", "not_a_set")
    assert refusal.params["set"] == "K2 B2 R9"
    refusal = refused(session, "play R4 R5 R6", "table_tile_missing")
    assert refusal.params == {"tiles": "R7"}
    refusal = refused(session, "play R4 R5 R6 R7 | K3 K4 K5", "not_on_rack")
    assert refusal.params == {"tiles": "K3 K4 K5"}
    refused(session, "play R4 R5 R6 R7", "nothing_played")
    after = acted(session, "play R4 R5 R6 R7 R8 R9")
    assert after.view_model()["rack"] == ["K2", "B2", "O11"]


def test_an_initial_meld_below_30_is_refused_and_30_is_enough():
    session = position(new(7), "R7 R8 R9 K10 K11 K12 O1", melded=False)
    assert session.view_model()["initial_meld"] == 30
    refusal = refused(session, "play R7 R8 R9", "initial_meld_too_low")
    assert refusal.params == {"value": 24, "need": 30}
    after = acted(session, "play R7 R8 R9 | K10 K11 K12")
    view = after.view_model()
    assert (
        view["players"][PERSON]["melded"] and view["initial_meld"] == 0 and view["rack"] == ["O1"]
    )


def test_the_initial_meld_is_made_from_the_rack_alone_leaving_the_table_as_it_was():
    session = position(new(7), "R9 R10 R11 B7 K1", table=["B4 B5 B6"], melded=False)
    refused(session, "play B4 B5 B6 B7 | R9 R10 R11", "initial_meld_touches_table")
    after = acted(session, "play B4 B5 B6 | R9 R10 R11")  # 9 + 10 + 11 = 30
    assert after.match.round.melded[PERSON] and after.view_model()["rack"] == ["K1", "B7"]
    # Once melded, the table is the person's to rearrange.
    assert after.view_model()["players"][PERSON]["melded"]


def test_the_initial_meld_can_be_turned_off():
    session = position(new(7, initial_meld=False), "R1 R2 R3 K9", melded=True)
    assert session.view_model()["initial_meld"] == 0
    assert acted(session, "play R1 R2 R3").view_model()["rack"] == ["K9"]


def test_a_timeout_is_refused_without_a_timer_and_draws_3_tiles_with_one():
    session = mine(new(8), drawing)
    refused(session, "timeout", "no_turn_timer")
    timed = mine(new(8, timer=30), drawing)
    game = timed.match.round
    after = acted(timed, "timeout")
    drawn = game.pool[:3]
    assert sorted(after.match.round.racks[PERSON], key=sort_key) == sorted(
        game.racks[PERSON] + drawn, key=sort_key
    )
    assert after.match.round.table == game.table and after.match.round.to_move != PERSON
    view = after.view_model()
    assert view["drawn"] == [t.code for t in drawn] and view["pool"] == len(game.pool) - 3
    assert view["log"][-1] == {"by": PERSON, "kind": "timeout", "count": 3}
    assert view["timer"] == 30


def test_the_tile_drawn_is_shown_until_the_persons_next_turn_is_a_play():
    session = mine(new(9), drawing)
    assert session.view_model()["drawn"] == []  # the person has not drawn yet this round
    tile = session.match.round.pool[0]
    drawn = acted(session, "draw")
    assert drawn.view_model()["drawn"] == [tile.code]
    again = mine(drawn, drawing)
    assert again.view_model()["drawn"] == [
        tile.code
    ]  # still the person's last draw, the computer's unseen
    nxt = again.match.round.pool[0]
    assert acted(again, "draw").view_model()["drawn"] == [nxt.code]
    melded = position(new(9), "R9 R10 R11 K1")
    assert acted(melded, "play R9 R10 R11").view_model()["drawn"] == []


# ---- the view model hides what the person may not see ------------------------------------------


def test_the_other_racks_are_shown_only_as_counts_until_the_round_is_over():
    session = new(10, opponents=3, level="easy")
    checked = 0
    for step in range(200):
        game = session.match.round
        if game.is_over:
            break
        view = session.view_model()
        other = reshuffle_hidden(game, PERSON, step)
        assert other.racks != game.racks
        twin = replace(session, match=replace(session.match, round=other))
        assert twin.view_model() == view
        checked += 1
        session = acted(session, "computer" if session.screen == "opponent" else by_hint(session))
    assert checked > 20
    assert all(
        type(p["tiles"]) is int for p in session.view_model()["players"]
    )  # counts, never tiles


# ---- checking a table while the person builds it -----------------------------------------------


def test_each_set_being_built_is_valid_or_says_why_not():
    session = position(new(11), "R5 B5 R6 R7 K9 K11 J", table=["O5 O6 O7"])
    built = [
        ["O5", "O6", "O7"],
        ["R5", "R5", "B5"],
        ["R5", "R6", "R7"],
        ["K9", "J"],
        ["K9", "J", "K11"],
    ]
    first, repeated, run, short, joker = session.check_model(built)["sets"]
    check = session.check_model(built)
    assert first == {"valid": True, "kind": "run", "value": 18, "tiles": ["O5", "O6", "O7"]}
    assert repeated["valid"] is False and repeated["reason"] == "group_repeated_colour"
    assert repeated["params"] == {"set": "R5 R5 B5", "colour": "R"} and "red" in repeated["message"]
    assert run == {"valid": True, "kind": "run", "value": 18, "tiles": ["R5", "R6", "R7"]}
    assert short["reason"] == "set_too_short" and short["valid"] is False
    assert joker == {
        "valid": True,
        "kind": "run",
        "value": 30,
        "tiles": ["K9", "J", "K11"],
    }  # the joker is K10
    laid_out = session.check_model([["K9", "K11", "J"]])["sets"][0]
    assert laid_out["tiles"] == [
        "K9",
        "J",
        "K11",
    ]  # as the engine lays it out: the joker in its place
    assert check["playable"] is False and check["refusal"]["reason"] == "group_repeated_colour"
    assert check["tally"] is None and check["need"] == 0  # melded already: no tally


def test_the_initial_meld_is_tallied_24_of_30_is_refused_and_30_playable():
    session = position(new(12), "R7 R8 R9 K10 B10 O10 J", melded=False)
    low = session.check_model([["R7", "R8", "R9"]])
    assert (low["tally"], low["need"], low["playable"]) == (24, 30, False)
    assert low["refusal"]["reason"] == "initial_meld_too_low" and low["refusal"]["params"] == {
        "value": 24,
        "need": 30,
    }
    enough = session.check_model([["R7", "R8", "R9"], ["K10", "B10", "O10"]])
    assert (enough["tally"], enough["need"], enough["playable"], enough["refusal"]) == (
        54,
        30,
        True,
        None,
    )
    joker = session.check_model([["R7", "R8", "R9", "J"]])  # the joker counts as R10
    assert joker["tally"] == 34 and joker["playable"]
    invalid_left_out = session.check_model([["R7", "R8", "R9"], ["K10", "B10"]])
    assert invalid_left_out["tally"] == 24 and not invalid_left_out["playable"]
    # Checking plays nothing.
    assert session.match.round.actions == () and len(session.view_model()["rack"]) == 7


def test_before_the_initial_meld_tiles_added_to_a_table_set_count_nothing_and_are_refused():
    # The rules: until the initial meld, a player may not touch the table's sets.
    session = position(new(12), "O12 R10 R11 R12 K1", table=["R12 B12 K12"], melded=False)
    added = session.check_model([["R12", "B12", "K12", "O12"]])  # would be 48 as a set
    assert (added["tally"], added["need"], added["playable"]) == (0, 30, False)
    assert added["refusal"]["reason"] == "initial_meld_touches_table"
    beside = session.check_model([["R12", "B12", "K12", "O12"], ["R10", "R11", "R12"]])
    assert (beside["tally"], beside["playable"]) == (33, False)  # the new run alone counts
    assert beside["refusal"]["reason"] == "initial_meld_touches_table"
    played = code_of([["R12", "B12", "K12", "O12"], ["R10", "R11", "R12"]])
    refused(session, played, "initial_meld_touches_table")  # Done says what the check said
    kept = session.check_model([["R12", "B12", "K12"], ["R10", "R11", "R12"]])
    assert (kept["tally"], kept["playable"]) == (33, True)  # beside the table: the meld made


def test_the_tally_of_every_initial_meld_taken_is_the_rounds_own_count():
    # Whatever the first play laid down (the hints' plays of many deals), the check counted
    # for it what the round counts.
    for seed in range(30):
        session = mine(new(seed, initial_meld=True), drawing)
        hint = session.hints_model()
        if not hint["table"]:
            continue
        table = [entry["tiles"] for entry in hint["table"]]
        check = session.check_model(table)
        game = session.match.round
        laid = tuple(read_set(tiles(" ".join(s))) for s in table)
        assert check["playable"] and check["tally"] == new_sets_value(game.table, laid) >= 30


def test_a_table_accepted_by_the_check_is_accepted_as_a_play():
    session = position(new(13), "R8 R9 K4 B4 O4 K2", table=["R4 R5 R6 R7", "B5 O5 K5"])
    table = [["R4", "R5", "R6"], ["R7", "R8", "R9"], ["B5", "O5", "K5"], ["K4", "B4", "O4"]]
    check = session.check_model(table)
    assert check["playable"] and check["refusal"] is None and all(s["valid"] for s in check["sets"])
    after = acted(session, code_of(table))
    assert [[t.code for t in s.tiles] for s in after.match.round.table] == table


def test_the_check_says_when_it_is_not_the_persons_turn():
    session = until(new(14), {"opponent"}, by_hint)
    check = session.check_model([["R1", "R2", "R3"]])
    assert check["sets"] == [
        {"valid": True, "kind": "run", "value": 6, "tiles": ["R1", "R2", "R3"]}
    ]
    assert check["playable"] is False and check["refusal"]["reason"] == "not_your_turn"


@pytest.mark.parametrize(
    "table",
    [
        None,
        7,
        {"sets": []},
        ["R1 R2 R3"],
        [["R1", "R2", 3]],
        [["R1", "R2", "Z3"]],
        [["R14", "R15", "R16"]],
        [[["R1"]]],
        [["R1", None]],
        [["K1"]] * 107,
    ],
)
def test_a_table_that_is_not_a_list_of_lists_of_tile_codes_is_a_value_error(table):
    session = position(new(15), "R1 R2 R3")
    with pytest.raises(ValueError):
        session.check_model(table)


def test_an_empty_set_is_left_out_of_the_check():
    session = position(new(15), "R1 R2 R3 K10 K11 K12")
    check = session.check_model([[], ["R1", "R2", "R3"], []])
    assert len(check["sets"]) == 1 and check["playable"]


# ---- hints --------------------------------------------------------------------------------------


def test_a_hint_is_a_legal_table_and_names_the_rack_tiles_it_places():
    session = position(new(16), "R8 R9 K4 B4 O4 K2", table=["R4 R5 R6 R7", "B5 O5 K5"])
    hint = session.hints_model()
    assert sorted(hint["placed"]) == sorted(["R8", "R9", "K4", "B4", "O4"])
    table = [entry["tiles"] for entry in hint["table"]]
    assert session.check_model(table)["playable"]
    from_rack = sorted(entry["tiles"][i] for entry in hint["table"] for i in entry["from_rack"])
    assert from_rack == sorted(hint["placed"])
    after = acted(session, code_of(table))
    assert after.view_model()["rack"] == ["K2"]


def test_a_hint_names_the_table_tiles_it_moves_and_the_set_they_leave():
    # B13 fits only after B12, taken from the group of 12s, which stays a group of three.
    session = position(new(16), "B13 B7 K7 O7 K2", table=["K12 B12 O12 R12", "B9 B10 B11"])
    hint = session.hints_model()
    assert sorted(hint["placed"]) == ["B13", "B7", "K7", "O7"]
    assert hint["moved"] == [
        {"tiles": ["B12"], "from": 0, "kind": "group", "colour": None, "low": 12, "high": 12}
    ]
    assert session.check_model([entry["tiles"] for entry in hint["table"]])["playable"]


def test_the_table_tiles_moved_are_those_leaving_the_set_where_most_of_it_stays():
    old = sets("R2 R3 R4 R5 R6", "R8 R9 R10", "K9 B9 O9", "J B2 B3")
    # R5 R6 join R7 (rack) and R8-R10; the group and the run with a joker stay as they were.
    new_table = sets("R2 R3 R4", "R5 R6 R7 R8 R9 R10", "K9 B9 O9", "J B2 B3")
    assert moved_tiles(old, new_table, changes(old, new_table)) == [
        {"tiles": ["R5", "R6"], "from": 0, "kind": "run", "colour": "R", "low": 2, "high": 6}
    ]
    # Added to at the ends, nothing moves; a joker replaced moves to the set it goes to.
    grown = sets("R1 R2 R3 R4 R5 R6", "R8 R9 R10 R11", "K9 B9 O9", "J B2 B3 B4")
    assert moved_tiles(old, grown, changes(old, grown)) == []
    swapped = sets("R2 R3 R4 R5 R6", "R8 R9 R10", "K9 B9 O9", "B1 B2 B3", "J K7 O7")
    assert moved_tiles(old, swapped, changes(old, swapped)) == [
        {"tiles": ["J"], "from": 3, "kind": "run", "colour": "B", "low": 1, "high": 3}
    ]


def test_a_hint_below_the_initial_meld_is_to_draw():
    session = position(new(17), "R7 R8 R9 K1 B3 O12", melded=False)  # 24 points only
    assert session.hints_model() == {"placed": [], "table": [], "moved": [], "exact": True}


def test_no_hint_on_a_computers_turn():
    session = until(new(14), {"opponent"}, by_hint)
    with pytest.raises(ValueError) as refusal:
        session.hints_model()
    assert refusal.value.reason == "not_your_turn"


# ---- jokers -------------------------------------------------------------------------------------


def test_a_table_joker_is_taken_by_putting_the_tile_it_stands_for_in_its_place():
    session = position(new(18), "R8 K9 B9 O9 K2", table=["R5 R6 R7 J"])  # the joker stands for R8
    refusal = refused(session, "play R5 R6 R7 | J K9 B9 O9", "joker_not_replaced")
    assert refusal.params == {"tiles": "R8"}
    check = session.check_model([["R5", "R6", "R7"], ["J", "K9", "B9", "O9"]])
    assert (
        all(s["valid"] for s in check["sets"])
        and check["refusal"]["reason"] == "joker_not_replaced"
    )
    after = acted(session, "play R5 R6 R7 R8 | J K9 B9 O9")
    view = after.view_model()
    assert view["rack"] == ["K2"]
    assert [s["tiles"] for s in view["table"]] == [
        ["R5", "R6", "R7", "R8"],
        ["J", "K9", "B9", "O9"],
    ]
    assert view["last_play"]["table"] == [
        {"tiles": ["R5", "R6", "R7", "R8"], "kind": "run", "state": "changed", "from_rack": [3]},
        {
            "tiles": ["J", "K9", "B9", "O9"],
            "kind": "group",
            "state": "changed",
            "from_rack": [1, 2, 3],
        },
    ]


def test_a_joker_cannot_be_taken_before_the_initial_meld():
    session = position(new(18), "R8 K10 B10 O10 K2", table=["R5 R6 R7 J"], melded=False)
    refused(session, "play R5 R6 R7 R8 | J K10 B10 O10", "initial_meld_touches_table")


# ---- what a play changed, and the log -----------------------------------------------------------


def test_the_changes_of_a_run_split_and_joined_with_rack_tiles():
    old = sets("R2 R3 R4 R5 R6", "R8 R9 R10", "K9 B9 O9")
    new_table = sets(
        "R2 R3 R4", "R5 R6 R7 R8 R9 R10", "K9 B9 O9", "K10 K11 K12"
    )  # R7 K10 K11 K12 from the rack
    assert changes(old, new_table) == [
        {"tiles": ["R2", "R3", "R4"], "kind": "run", "state": "changed", "from_rack": []},
        {
            "tiles": ["R5", "R6", "R7", "R8", "R9", "R10"],
            "kind": "run",
            "state": "changed",
            "from_rack": [2],
        },
        {"tiles": ["K9", "B9", "O9"], "kind": "group", "state": "kept", "from_rack": []},
        {"tiles": ["K10", "K11", "K12"], "kind": "run", "state": "new", "from_rack": [0, 1, 2]},
    ]
    assert describe(old, new_table) == {
        "played": [["K10", "K11", "K12"]],
        "added": [{"tiles": ["R7"], "kind": "run"}],
        "rearranged": True,
    }


def test_a_set_identical_to_one_kept_is_new_and_new_sets_only_leave_the_table_as_it_was():
    old = sets("R5 R6 R7")
    new_table = sets("R5 R6 R7", "R5 R6 R7")  # the table may hold two identical sets
    assert [entry["state"] for entry in changes(old, new_table)] == ["kept", "new"]
    assert describe(old, new_table) == {
        "played": [["R5", "R6", "R7"]],
        "added": [],
        "rearranged": False,
    }
    assert describe((), sets("K1 B1 O1")) == {
        "played": [["K1", "B1", "O1"]],
        "added": [],
        "rearranged": False,
    }


def test_adding_tiles_to_the_ends_of_table_sets_is_not_rearranging_the_table():
    old = sets("R4 R5 R6", "K9 B9 O9", "J B2 B3")
    laid_off = sets("R3 R4 R5 R6 R7", "K9 B9 O9 R9", "J B2 B3 B4")  # R3 R7 R9 B4 from the rack
    assert describe(old, laid_off) == {
        "played": [],
        "added": [
            {"tiles": ["R3", "R7"], "kind": "run"},
            {"tiles": ["R9"], "kind": "group"},
            {"tiles": ["B4"], "kind": "run"},
        ],
        "rearranged": False,
    }
    # Moving a table tile to another set, or a joker to another place, is rearranging.
    assert describe(old, sets("R5 R6 R7", "K9 B9 O9", "J B2 B3", "R4 K4 O4"))["rearranged"] is True
    assert describe(old, sets("R4 R5 R6", "K9 B9 O9", "B2 B3 J", "B1 K1 O1"))["rearranged"] is True
    assert describe(old, sets("R4 R5 R6", "K9 B9 O9", "J B2 B3"))["rearranged"] is False


def test_a_rack_tile_is_told_in_the_set_it_was_added_to_even_beside_an_identical_table_tile():
    old = sets("R5 R6 R7", "K5 B5 O5")
    new_table = sets("R4 R5 R6 R7", "K5 B5 O5 R5")  # R4 and the second R5 from the rack
    assert [entry["from_rack"] for entry in changes(old, new_table)] == [[0], [3]]
    assert describe(old, new_table)["added"] == [
        {"tiles": ["R4"], "kind": "run"},
        {"tiles": ["R5"], "kind": "group"},
    ]


def test_the_log_tells_plays_draws_timeouts_and_passes_once_the_pool_is_empty():
    session = new(19, initial_meld=False, timer=60)
    game = session.match.round
    # Seat by seat: every seat draws or times out until the pool is empty and every seat has
    # passed; the first seat to hold a set of three lays it down.
    states = [session]
    turn, played = 0, None
    while not session.match.round.is_over:
        game = session.match.round
        seat = game.to_move
        found = next(_threes(game.racks[seat]), None)
        if not played and found is not None:
            played = found
            action = Play.of(seat, [found])
        elif turn % 3 == 1:
            action = Timeout(seat)
        else:
            action = Draw(seat)
        session = session.played(action)
        states.append(session)
        turn += 1
    log = turns(session.match.round)
    assert len(log) == len(session.match.round.actions)
    plays = [entry for entry in log if entry["kind"] == "play"]
    assert plays == [
        {
            "by": plays[0]["by"],
            "kind": "play",
            "played": [[t.code for t in played]],
            "added": [],
            "rearranged": False,
        }
    ]
    for (before, after), entry in zip(pairwise(states), log, strict=True):
        taken = len(before.match.round.pool) - len(after.match.round.pool)
        action = after.match.round.actions[-1]
        assert entry["by"] == action.seat
        if isinstance(action, Play):
            continue
        assert entry["count"] == taken
        if isinstance(action, Timeout):
            assert entry["kind"] == "timeout"
        else:
            assert entry["kind"] == ("draw" if taken else "pass")
    kinds = [entry["kind"] for entry in log]
    # The round ended when every seat in a row took nothing from the empty pool (a timeout then
    # loses the turn like a pass, and is told as a timeout of no tiles).
    assert [entry["count"] for entry in log[-2:]] == [
        0,
        0,
    ] and session.match.round.result.pool_exhausted
    assert {"play", "draw", "timeout", "pass"} <= set(kinds)
    assert session.view_model()["log"] == log


def _threes(rack):
    """Sets of three tiles on a rack."""
    from rummy.rummikub import is_set

    return (combo for combo in combinations(rack, 3) if is_set(combo))


def test_the_last_play_is_the_tables_last_change_and_who_made_it():
    session = new(20, opponents=2)
    assert session.view_model()["last_play"] is None
    plays, previous_table, shown = 0, (), None
    while not session.match.round.is_over and plays < 4:
        session = acted(session, "computer" if session.screen == "opponent" else by_hint(session))
        game = session.match.round
        action = game.actions[-1]
        last = session.view_model()["last_play"]
        if isinstance(action, Play):
            plays += 1
            assert last["by"] == action.seat and last["turn"] == len(game.actions) - 1
            assert [entry["tiles"] for entry in last["table"]] == [
                [t.code for t in s.tiles] for s in game.table
            ]
            placed = Counter(t for s in game.table for t in s.tiles) - Counter(
                t for s in (previous_table or ()) for t in s.tiles
            )
            from_rack = Counter(e["tiles"][i] for e in last["table"] for i in e["from_rack"])
            assert from_rack == Counter(t.code for t in placed.elements())
        else:  # a draw changes nothing on the table: the last play is still the one shown
            assert last == shown
        assert last == last_play(game)
        previous_table, shown = game.table, last
    assert plays == 4


# ---- the review of a round ---------------------------------------------------------------------


def test_a_reviewed_turn_shows_the_rack_the_table_the_other_counts_the_pool_and_the_meld_owed():
    session = until(new(4, opponents=2), {"round-over", "game-over"}, by_hint)
    game = session.match.round
    decisions, first = [], 0
    while first is not None:
        answer = json.loads(json.dumps(session.review_model(first, 50)))
        decisions, first = decisions + answer["decisions"], answer["next"]
    melded_at = next(
        i
        for i, action in enumerate(game.actions)
        if action.seat == PERSON and isinstance(action, Play)
    )
    owed = set()
    for decision in decisions:
        seen, index = decision["seen"], decision["index"]
        then = replay(game.seed, game.actions[:index], game.rules)
        assert seen["rack"] == [tile.code for tile in sorted(then.racks[PERSON], key=sort_key)]
        assert [s["tiles"] for s in seen["table"]] == [
            [tile.code for tile in s.tiles] for s in then.table
        ]
        assert seen["opponents"] == [
            {"seat": 1, "tiles": len(then.racks[1])},
            {"seat": 2, "tiles": len(then.racks[2])},
        ]
        assert seen["pool"] == len(then.pool)
        assert seen["initial_meld"] == (30 if index <= melded_at else 0)
        owed.add(seen["initial_meld"])
    assert owed == {0, 30}


# ---- statistics ---------------------------------------------------------------------------------


def test_statistics_count_each_round_once_even_when_restored_twice():
    session = new(21, rounds=2)
    while session.screen != "game-over":
        session = until(session, {"round-over", "game-over"}, by_hint)
        if session.screen == "round-over":
            assert session.stats.rounds == len(session.match.rounds) and session.stats.games == 0
            once = RummikubSession.restore(session.save(), session.stats)
            assert RummikubSession.restore(once.save(), once.stats).stats == session.stats
            session = acted(session, "next-hand")
    results = [hand.result for hand in session.match.rounds]
    stats = session.stats
    assert stats.rounds == 2 and stats.games == 1
    assert stats.rounds_won == sum(r.winner == PERSON for r in results)
    assert stats.best_round == max(
        [r.scores[PERSON] for r in results if r.winner == PERSON], default=0
    )
    assert stats.games_won == (PERSON in session.match.winners)
    assert stats.best_game == (session.match.scores[PERSON] if stats.games_won else 0)
    for _ in range(2):
        session = RummikubSession.restore(session.save(), session.stats)
        assert session.stats == stats
    again = acted(session, "rematch")
    assert again.stats.figures() == stats.figures() and again.settings == session.settings


@pytest.mark.parametrize(
    "damage",
    [
        lambda save: save["settings"].update(timer=30),  # the match was played without a timer
        lambda save: save["settings"].update(initial_meld=False),
        lambda save: save["settings"].update(opponents=2),
        lambda save: save["match"]["hands"][0].append("0 play R1 R2 R3 | K1 B1 O1 | J J R5"),
        lambda save: save["match"]["rules"].update(turn_timer=45),
        lambda save: save["match"].update(first_dealer=1 - save["match"]["first_dealer"]),
    ],
)
def test_a_save_that_does_not_replay_to_its_settings_is_refused(damage):
    session = mine(new(22), drawing)
    save = json.loads(json.dumps(session.save()))
    assert RummikubSession.restore(save) == session
    damage(save)
    with pytest.raises(ValueError):
        RummikubSession.restore(save)


def test_statistics_from_a_damaged_save_are_refused():
    assert Stats.from_dict(Stats(rounds=3, rounds_won=1).as_dict()) == Stats(rounds=3, rounds_won=1)
    for bad in ("x", {"rounds": -1}, {"games": "2"}, {"match_counted": 1}, {"match_seed": 1.5}):
        with pytest.raises(ValueError):
            Stats.from_dict(bad)
