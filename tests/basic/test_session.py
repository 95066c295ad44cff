"""The Basic Rummy session behind the page: settings, screens, the computer players' turns, the
person's options in the view model (melds, lay-offs, discards, offers), the last move, the
end-of-hand summary, statistics, and the house rules the settings choose."""

import pytest
from rummy.basic import (
    TURNOVERS,
    DrawDiscard,
    DrawStock,
    LayOff,
    NewMeld,
    hand_value,
)
from rummy.basic.actions import action_code
from rummy.basic.agents import LEVELS, make_agent
from rummy.basic.session import BasicSession, Settings, Stats, levels
from rummy.melds import make_meld
from rummy.sessions import Refusal
from support.session_play import acted, basic_at_play, moves_of_the_hand
from support.session_play import until as play_until

PERSON = 0  # the one person's seat, against the computer players


def new(seed, **settings):
    return BasicSession.create(settings, seed)


def easy_code(session):
    """The person's move as an easy player would make it, as the code the page sends."""
    action = make_agent("easy", len(session.match.round.actions)).act(session.view)
    return action_code(action).split(" ", 1)[1]


def until(session, screens, person=easy_code):
    """Play every seat (the person as an easy player) until the session shows one of `screens`."""
    return play_until(session, screens, person)


def test_settings_choose_the_players_the_length_and_the_level():
    settings = Settings(opponents=5, hands=3, target=None, level="easy")
    rules = settings.rules()
    assert (
        settings.players == 6 and rules.players == 6 and rules.hands == 3 and rules.target is None
    )
    assert Settings().rules().target == 100 and Settings().opponents == 3
    assert levels() == tuple(LEVELS) == BasicSession.levels


@pytest.mark.parametrize(
    "bad",
    [
        {"opponents": 0},
        {"opponents": 6},
        {"opponents": "3"},
        {"level": "grandmaster"},
        {"hands": 3},
        {"hands": None, "target": None},
        {"target": 0},
    ],
)
def test_bad_settings_are_refused(bad):
    with pytest.raises(ValueError):
        Settings(**bad)
    with pytest.raises(ValueError):
        BasicSession.create(bad, 1)


def test_a_new_session_deals_to_every_seat_and_shows_whose_turn_it_is():
    session = new(1, opponents=3)
    view = session.view_model()
    assert [p["cards"] for p in view["players"]] == [7, 7, 7, 7]
    assert [p["you"] for p in view["players"]] == [True, False, False, False]
    assert [p["seat"] for p in view["players"] if p["to_move"]] == [session.to_move]
    assert view["screen"] == ("draw" if session.to_move == PERSON else "opponent")


def test_the_screens_follow_the_persons_turn_and_the_computers():
    session = until(new(2, opponents=2), {"draw"})
    session = acted(session, "stock")
    assert session.screen == "play" and len(session.view.hand) == 8
    assert session.act("computer").reason == "not_your_turn"
    session = acted(session, "discard " + session.view_model()["options"]["discards"][0])
    if not session.match.round.is_over:
        assert session.screen == "opponent" and session.to_move == 1


def test_an_illegal_meld_is_refused_with_its_reason_and_changes_nothing():
    session = acted(until(new(3, opponents=1), {"draw"}), "stock")
    assert session.act("discard ZZ").reason == "bad_code"
    hand = session.view.hand
    not_a_meld = next(
        cards for cards in (hand[:3], hand[1:4], hand[2:5], hand[3:6]) if no_meld(cards)
    )
    before = session.view_model()
    refusal = session.act("meld " + " ".join(c.code for c in not_a_meld))
    assert refusal.reason == "not_a_meld"
    assert refusal.params == {"cards": " ".join(c.code for c in sorted(not_a_meld)), "ace": "low"}
    assert session.view_model() == before


def no_meld(cards):
    try:
        make_meld(cards)
    except ValueError:
        return True
    return False


def test_the_options_are_the_persons_legal_moves():
    for seed in range(30):
        session = acted(until(new(seed, opponents=1 + seed % 3), {"draw"}), "stock")
        legal = session.view.legal_actions
        options = session.view_model()["options"]
        assert sorted(map(sorted, options["melds"])) == sorted(
            sorted(c.code for c in a.cards) for a in legal if isinstance(a, NewMeld)
        )
        assert options["layoffs"] == {
            card: [a.target for a in legal if isinstance(a, LayOff) and a.card.code == card]
            for card in {a.card.code for a in legal if isinstance(a, LayOff)}
        }
        assert options["discards"] == [a.card.code for a in legal if type(a).__name__ == "Discard"]


def test_meld_offers_are_the_persons_largest_legal_melds():
    session = basic_at_play("7S 8S 9S TS 7H 7D KC 2D")
    offers = {frozenset(o) for o in session.view_model()["options"]["offers"]}
    assert offers == {frozenset("7S 8S 9S TS".split()), frozenset("7S 7H 7D".split())}
    session = acted(session, "meld 7S 8S 9S TS")
    view = session.view_model()
    assert view["melds"][-1] == {
        "number": len(view["melds"]) - 1,
        "owner": PERSON,
        "cards": ["7S", "8S", "9S", "TS"],
    }
    assert view["options"]["offers"] == [] and view["options"]["melds"] == []  # one new meld a turn


def test_the_last_move_says_what_every_seat_saw():
    seen = set()
    for before, session, action in moves_of_the_hand(new(4, opponents=3, level="easy"), easy_code):
        move = session.view_model()["last_move"]
        assert (move["by"], move["move"]) == (action.seat, type(action).__name__)
        if isinstance(action, DrawStock):
            assert move["cards"] == []
            assert move["turnover"] == (session.view.turnovers > before.turnovers)
        elif isinstance(action, DrawDiscard):
            assert move["cards"] == [before.pile[-1].code]
        elif isinstance(action, LayOff):
            assert move["onto"] == [c.code for c in before.table[action.target].meld.cards]
            assert move["meld"] == action.target
        seen.add(move["move"])
    assert {"DrawStock", "Discard"} <= seen


def test_a_move_is_told_with_the_draw_of_its_turn_and_a_card_taken_with_whose_discard_it_was():
    """The status line tells a computer player's turn so far ("Computer 2 took your discard
    9D and discarded 8S"): every move after the draw names the draw that began its turn, and
    a card taken from the pile names the seat that discarded it (None: the upcard, as dealt)."""
    seen = set()
    for _, session, _ in moves_of_the_hand(new(4, opponents=3, level="easy"), easy_code):
        model = session.view_model()
        move, log = model["last_move"], model["log"]
        turn = []  # the moves of this player's turn so far, the last move's first
        for entry in reversed(log):
            if entry["by"] != move["by"]:
                break
            turn.append(entry)
        if move["move"] in ("DrawStock", "DrawDiscard"):
            assert move["drew"] is None
        else:
            assert move["drew"] == turn[-1] and turn[-1]["move"] in ("DrawStock", "DrawDiscard")
            seen.add(move["drew"]["move"])
        if move["move"] == "DrawDiscard":
            discards = [e for e in log[:-1] if e["move"] == "Discard"]
            assert move["from"] == (discards[-1]["by"] if discards else None)
            assert move["from"] != move["by"]
        else:
            assert move["from"] is None
    assert {"DrawStock", "DrawDiscard"} <= seen


def test_the_move_log_holds_every_move_of_the_hand_as_it_was_told():
    told = []
    for _, session, _ in moves_of_the_hand(new(4, opponents=3, level="easy"), easy_code):
        model = session.view_model()
        move = dict(model["last_move"])
        del move["drew"]  # the last move's own addition: its turn's draw, a move told before
        told.append(move)
        assert model["log"] == told
    assert {"NewMeld", "Discard", "DrawStock"} <= {move["move"] for move in told}


def test_a_turnover_is_told():
    session = new(5, opponents=5, level="easy")
    for _ in range(3000):
        before = session.view.turnovers
        session = acted(
            session,
            "computer"
            if session.screen == "opponent"
            else "stock"
            if session.screen == "draw"
            else "discard " + session.view_model()["options"]["discards"][-1],
        )
        if session.view.turnovers > before:
            assert session.view_model()["last_move"]["turnover"] is True
            return
        assert session.view_model()["last_move"]["turnover"] is False
        if session.match.round.is_over:
            session = acted(session, "next-hand")
    raise AssertionError("no turnover in the hands played")


def test_the_end_of_a_hand_shows_every_players_cards_points_and_score():
    session = until(new(6, opponents=5, hands=2, target=None), {"hand-over", "game-over"})
    assert session.screen == "hand-over"
    result = session.view_model()["result"]
    summary = result["summary"]
    assert [row["seat"] for row in summary] == list(range(6))
    for row, cards in zip(summary, session.match.round.hands, strict=True):
        assert row["cards"] == [c.code for c in cards] and row["value"] == hand_value(cards)
        assert row["score"] == session.match.scores[row["seat"]]
    if result["winner"] is not None:
        winner = summary[result["winner"]]
        assert (
            winner["went_out"]
            and winner["cards"] == []
            and result["points"] == sum(r["value"] for r in summary)
        )
    session = until(acted(session, "next-hand"), {"hand-over", "game-over"})
    view = session.view_model()
    assert view["screen"] == "game-over" and view["match"]["over"]
    assert view["match"]["winners"] == list(session.match.winners)
    assert session.act("next-hand").reason == "match_over"


def test_the_levels_are_read_from_the_engine_at_run_time(monkeypatch):
    from rummy.basic import agents

    with pytest.raises(ValueError):
        Settings(level="tester")
    monkeypatch.setitem(agents.LEVELS, "tester", agents.EasyAgent)
    assert "tester" in levels()
    session = until(new(10, opponents=2, level="tester"), {"opponent"})
    assert not isinstance(session.act("computer"), Refusal)


def play_game(session):
    while session.screen != "game-over":
        session = until(session, {"hand-over", "game-over"})
        if session.screen == "hand-over":
            session = acted(session, "next-hand")
    return session


def test_statistics_record_a_whole_game_and_count_each_hand_once():
    session = play_game(new(21, opponents=2, hands=3, target=None))
    stats, results = session.stats, [hand.result for hand in session.match.rounds]
    assert len(results) == 3
    assert stats.games == 1 and stats.match_counted
    assert stats.games_won == (PERSON in session.match.winners)
    assert stats.hands == sum(r.winner is not None for r in results)
    assert stats.hands_won == sum(r.winner == PERSON for r in results)
    assert stats.rummies == sum(r.winner == PERSON and r.kind == "rummy" for r in results)
    assert stats.best_hand == max([r.points for r in results if r.winner == PERSON], default=0)
    assert stats.best_game == (session.match.scores[PERSON] if stats.games_won else 0)
    assert stats.count(session.match) == stats


def test_statistics_add_up_over_games():
    first = play_game(new(23, opponents=1, hands=2, target=None))
    second = play_game(acted(first, "rematch"))
    decided = sum(hand.result.winner is not None for hand in second.match.rounds)
    assert second.stats.games == 2 and second.stats.hands == first.stats.hands + decided
    assert second.stats.games_won == first.stats.games_won + (PERSON in second.match.winners)


def test_statistics_from_a_damaged_save_are_refused():
    assert Stats.from_dict(Stats(rummies=2).as_dict()) == Stats(rummies=2)
    for bad in ("x", {"hands": -1}, {"rummies": "2"}, {"match_counted": 1}, {"match_seed": 1.5}):
        with pytest.raises(ValueError):
            Stats.from_dict(bad)


def test_a_save_keeps_the_turnover_limit_it_was_started_with():
    """New games take the default limit; a save from when the default was 3 keeps its 3 (the
    settings do not choose the limit), while a save whose other rules leave its settings is
    still refused."""
    session = until(new(3, opponents=5, hands=1, target=None), {"draw"})
    assert (
        session.match.rules.turnovers == TURNOVERS
        and session.view_model()["turnover_limit"] == TURNOVERS
    )
    save = session.save()

    def with_rules(**rules):
        return {**save, "match": {**save["match"], "rules": {**save["match"]["rules"], **rules}}}

    old = with_rules(turnovers=3)
    restored = BasicSession.restore(old)
    assert restored.match.rules.turnovers == 3 and restored.view_model()["turnover_limit"] == 3
    assert restored.save() == old and restored.match.round.actions == session.match.round.actions
    with pytest.raises(ValueError, match="does not follow its saved settings"):
        BasicSession.restore(with_rules(rummy_doubles=True))


# ---- house rules ------------------------------------------------------------------------------

HOUSE = {
    "rummy_doubles": True,
    "melds_per_turn": "any",
    "lay_off_after_meld": True,
    "ace": "both",
    "final_discard": "required",
    "stock_out": "end",
}


def test_the_settings_choose_the_house_rules_and_a_save_names_only_those_in_force():
    session = new(7, opponents=2, **HOUSE)
    rules = session.match.rules
    assert {name: getattr(rules, name) for name in HOUSE} == HOUSE
    assert session.view_model()["house_rules"] == HOUSE
    save = session.save()
    assert {k: save["settings"][k] for k in HOUSE} == HOUSE
    assert BasicSession.restore(save) == session
    plain = new(7, opponents=2, ace="both")
    assert plain.save()["settings"] == {
        "opponents": 2,
        "hands": None,
        "target": 100,
        "level": "easy",
        "ace": "both",
    }
    assert plain.view_model()["house_rules"] == {"ace": "both"}


def test_a_save_of_the_rules_pages_game_has_the_settings_it_had_before_the_house_rules():
    session = new(7, opponents=2)
    assert list(session.save()["settings"]) == ["opponents", "hands", "target", "level"]
    assert session.view_model()["house_rules"] == {}


@pytest.mark.parametrize(
    "name, value",
    [
        ("rummy_doubles", "yes"),
        ("melds_per_turn", "all"),
        ("lay_off_after_meld", None),
        ("ace", "high"),
        ("final_discard", "sometimes"),
        ("stock_out", "reshuffle"),
    ],
)
def test_a_bad_house_rule_setting_is_refused_by_name(name, value):
    with pytest.raises(ValueError, match=name):
        Settings(**{name: value})
    with pytest.raises(ValueError, match=name):
        BasicSession.create({name: value}, 1)


@pytest.mark.parametrize(
    "ace, melds",
    [("both", [["QH", "KH", "AH"], ["5C", "9D"]]), ("low", [["AH", "5C", "9D", "QH", "KH"]])],
)
def test_the_hand_is_grouped_by_the_melds_of_the_rules_ace(ace, melds):
    session = basic_at_play("QH KH AH 5C 9D", ace=ace)
    assert session.view_model()["hand"]["melds"] == melds
    assert session.seen_model(session.view)["hand"]["melds"] == melds  # as the review shows it


def test_the_persons_options_follow_the_house_rules():
    options = basic_at_play("QS KS AS 7H 7D 7C 2D", ace="both").view_model()["options"]
    assert ["QS", "KS", "AS"] in options["offers"] and ["QS", "KS", "AS"] in options["melds"]
    model = acted(basic_at_play("QS KS AS 7H 7D 7C 2D", ace="both"), "meld AS KS QS").view_model()
    assert model["last_move"]["cards"] == model["melds"][-1]["cards"] == ["QS", "KS", "AS"]
    session = acted(
        basic_at_play("QS KS AS 7H 7D 7C 2D", ace="both", melds_per_turn="any"), "meld 7H 7D 7C"
    )
    assert session.view_model()["options"]["offers"] == [["QS", "KS", "AS"]]  # a second meld
    options = basic_at_play("9S 4C 4D 4H KD", ["6S 7S 8S"], lay_off_after_meld=True).view_model()
    assert options["options"]["layoffs"] == {}  # no meld of the person's own yet
    session = acted(
        basic_at_play("9S 4C 4D 4H KD", ["6S 7S 8S"], lay_off_after_meld=True), "meld 4C 4D 4H"
    )
    assert session.view_model()["options"]["layoffs"] == {"9S": [0]}
    options = basic_at_play("4C 5C 6C", final_discard="required").view_model()["options"]
    assert options["melds"] == [] and options["offers"] == []  # it would leave nothing to discard
    assert basic_at_play("4C 5C 6C").view_model()["options"]["offers"] == [["4C", "5C", "6C"]]
