"""The engine's side of the page (web/engine_worker.py) under CPython: the JSON requests the DOM
layer sends to the worker, for every game, refusals included."""

import ast
import importlib.util
import json
from pathlib import Path

import pytest
from rummy.sessions import Refusal
from rummy.tutorials import tutorial as tutorial_of

SOURCE = Path(__file__).resolve().parents[2] / "web" / "engine_worker.py"
spec = importlib.util.spec_from_file_location("engine_worker", SOURCE)
worker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(worker)

SETTINGS = {
    "gin": {"target": 50, "level": "easy"},
    "basic": {"opponents": 2, "hands": 1, "target": None},
    "rummikub": {"opponents": 1, "level": "easy"},
}
GAMES = list(SETTINGS)
OVER = {
    "gin": ("settle", "match-over"),
    "basic": ("hand-over", "game-over"),
    "rummikub": ("round-over", "game-over"),
}
HANDS = {
    "gin": "hands",
    "basic": "hands",
    "rummikub": "rounds",
}  # the statistic counting hands played


@pytest.fixture
def call():
    """The functions the page calls, on a fresh engine: call(name, request) -> reply (dicts)."""
    functions = worker.exports(worker.Engine())

    def send(name, request):
        text = functions[name](request if isinstance(request, str) else json.dumps(request))
        assert isinstance(text, str)
        return json.loads(text)

    return send


def person_move(view):
    """A legal move of the person, read from the view model."""
    if view["game"] == "gin":
        return {"upcard": "pass", "draw": "stock"}.get(view["screen"]) or "discard " + next(
            code for code, option in view["discards"].items() if option["discard"]
        )
    if view["game"] == "rummikub":
        return "draw"
    return "stock" if view["screen"] == "draw" else "discard " + view["options"]["discards"][0]


def test_the_worker_offers_every_request_and_touches_no_page():
    assert set(worker.exports(worker.Engine())) == set(worker.REQUESTS)
    tree = ast.parse(SOURCE.read_text())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "js" not in imported and "pyodide" not in imported
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not names & {"window", "document", "localStorage"}


@pytest.mark.parametrize("game", GAMES)
def test_opening_a_game_names_its_computer_levels(call, game):
    reply = call("open", {"game": game, "save": None, "stats": None})
    assert reply["ok"] and reply["game"] == game and reply["levels"] == ["easy", "normal", "hard"]
    assert worker.session_class(game).game == game


def test_the_worker_says_how_its_pyodide_started_as_the_loader_set_it(call, monkeypatch):
    monkeypatch.delenv("RUMMY_PYODIDE_START", raising=False)
    assert call("started", {}) == {"ok": True, "start": "ordinary"}  # no loader: CPython
    monkeypatch.setenv("RUMMY_PYODIDE_START", "snapshot")
    assert call("started", {}) == {"ok": True, "start": "snapshot"}


def play_hand(call, game, seed=5):
    """Start a match of `game` and play its first hand to the end, through the worker."""
    reply = call("start", {"game": game, "settings": SETTINGS[game], "seed": seed})
    assert (
        reply["ok"]
        and reply["view"]["game"] == game
        and reply["save"]["format"] == f"rummy-table/{game}"
    )
    for _ in range(800):
        view = reply["view"]
        if view["screen"] in OVER[game]:
            return reply
        code = "computer" if view["screen"] == "opponent" else person_move(view)
        reply = call("act", {"game": game, "code": code})
        assert reply["ok"], reply
        assert reply["ms"] >= 0
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_is_played_through_the_worker_and_each_reply_can_be_stored(call, game):
    reply = play_hand(call, game)
    # What the page stored restores the same session in a new worker (a reload).
    fresh = worker.exports(worker.Engine())
    opened = json.loads(
        fresh["open"](
            json.dumps(
                {
                    "game": game,
                    "save": json.dumps(reply["save"]),
                    "stats": json.dumps(reply["stats"]),
                }
            )
        )
    )
    assert opened["ok"] and opened["notices"] == [] and opened["view"] == reply["view"]
    figures = dict(call("statistics", {"game": game})["figures"])
    assert figures[HANDS[game]] + (reply["view"]["result"]["winner"] is None) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_fair_deal_is_cut_played_and_checked_through_the_worker(call, game):
    reply = call("start", {"game": game, "settings": SETTINGS[game], "seed": 5, "fair_deal": True})
    shown = reply["view"]["deal"]["commitment"]
    assert reply["view"]["screen"] == "cut" and reply["save"]["cutting"] is True
    refused = call("act", {"game": game, "code": "cut 1000"})
    assert not refused["ok"] and refused["reason"] == "bad_cut"
    assert call("share", {"game": game})["reason"] == "cut_first"
    assert call("check_deal", {"game": game, "commitment": shown})["reason"] == "hand_in_play"
    reply = call("act", {"game": game, "code": "cut 77"})
    assert reply["ok"] and reply["view"]["deal"]["cut"] == 77
    assert call("check_deal", {"game": game, "commitment": shown})["reason"] == "hand_in_play"
    for _ in range(800):
        view = reply["view"]
        if view["screen"] in OVER[game]:
            break
        code = "computer" if view["screen"] == "opponent" else person_move(view)
        reply = call("act", {"game": game, "code": code})
    checked = call("check_deal", {"game": game, "commitment": shown})["answer"]
    assert checked["matches"] and checked["seed"] == reply["view"]["deal"]["seed"]
    other = call("check_deal", {"game": game, "commitment": shown, "cut": 78})["answer"]
    assert not other["matches"]
    daily = call("start", {"game": game, "daily": "2026-12-01", "fair_deal": True})["view"]
    assert daily["screen"] != "cut" and daily["deal"]["fixed"] and daily["deal"]["cut"] == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_malformed_code_is_refused_and_the_session_does_not_change(call, game):
    started = call("start", {"game": game, "settings": SETTINGS[game], "seed": 6})
    view = started["view"]
    while view["screen"] == "opponent":
        view = call("act", {"game": game, "code": "computer"})["view"]
    for code in ("fly", "", None, 12, "1 stock", "discard ZZ", ["stock"], {"code": "stock"}):
        refused = call("act", {"game": game, "code": code})
        assert refused["ok"] is False and refused["reason"] == "bad_code" and refused["message"]
    assert call("act", {"game": game, "code": "next-hand"})["reason"] == "hand_in_play"
    again = call("act", {"game": game, "code": person_move(view)})
    assert again["ok"]  # the session was where it was


def test_requests_the_engine_cannot_read_are_refused(call):
    assert call("act", "not json")["reason"] == "bad_request"
    assert call("act", "[1, 2]")["reason"] == "bad_request"
    assert call("act", {"game": "chess", "code": "e4"})["reason"] == "unknown_game"
    assert call("act", {"game": "gin", "code": "stock"})["reason"] == "no_session"
    refused = call("start", {"game": "gin", "settings": {"target": 75}})
    assert refused["reason"] == "bad_settings" and "75" in refused["params"]["detail"]
    assert call("hints", {"game": "basic"})["reason"] == "no_hints"


def test_a_start_without_a_seed_deals_a_random_match(call):
    first = call("start", {"game": "gin", "settings": {}})["save"]["match"]["seed"]
    second = call("start", {"game": "gin", "settings": {}})["save"]["match"]["seed"]
    assert first != second


def test_a_corrupted_save_or_statistics_are_reported_and_a_fresh_start_offered(call):
    reply = call(
        "open",
        {
            "game": "basic",
            "save": '{"format": "rummy-table/basic", "version": 1, "match": 7}',
            "stats": '{"hands": -4}',
        },
    )
    assert reply["ok"] and reply["view"] is None and reply["save"] is None
    assert reply["notices"] == ["stats_corrupt", "save_corrupt"] and len(reply["problems"]) == 2
    assert reply["stats"]["hands"] == 0
    broken_text = call("open", {"game": "gin", "save": "{not json", "stats": None})
    assert broken_text["notices"] == ["save_corrupt"] and broken_text["view"] is None
    nothing = call("open", {"game": "gin", "save": None, "stats": None})
    assert nothing["notices"] == [] and nothing["view"] is None


def test_statistics_survive_a_broken_save_and_closing_the_match(call):
    stats = {"hands": 4, "hands_won": 3, "matches": 1}
    reply = call("open", {"game": "gin", "save": "[]", "stats": json.dumps(stats)})
    assert reply["notices"] == ["save_corrupt"] and reply["stats"]["hands"] == 4
    started = call("start", {"game": "gin", "settings": {}, "seed": 2})
    assert started["stats"]["hands"] == 4
    closed = call("close", {"game": "gin"})
    assert closed["view"] is None and closed["save"] is None and closed["stats"]["hands"] == 4
    assert dict(call("statistics", {"game": "gin"})["figures"])["hands_won"] == 3


def test_hints_come_from_the_hard_player_and_name_cards(call):
    call("start", {"game": "gin", "settings": {}, "seed": 13})
    hints = call("hints", {"game": "gin"})
    assert hints["ok"] and {h["move"] for h in hints["answer"]} == {"TakeUpcard", "PassUpcard"}


def test_replies_are_refusals_of_the_protocol():
    refusal = Refusal("not_your_turn", {"card": "7S"}, "It is not your turn.")
    assert worker._refusal(refusal) == {
        "ok": False,
        "reason": "not_your_turn",
        "params": {"card": "7S"},
        "message": "It is not your turn.",
    }


# ---- Rummikub: the table checked while it is built, and the solver's hint ------------------------


def rummikub_turn(call, seed):
    """A Rummikub match started through the worker and played (the computer's turns) until the
    person is to move; its view."""
    view = call("start", {"game": "rummikub", "settings": SETTINGS["rummikub"], "seed": seed})[
        "view"
    ]
    while view["screen"] == "opponent":
        view = call("act", {"game": "rummikub", "code": "computer"})["view"]
    assert view["screen"] == "play"
    return view


def test_a_rummikub_table_is_checked_without_being_played(call):
    view = rummikub_turn(call, 7)
    rack = view["rack"]
    reply = call("check", {"game": "rummikub", "table": [rack[:3], ["R5", "R5", "B5"]]})
    assert reply["ok"] and reply["ms"] >= 0
    answer = reply["answer"]
    assert len(answer["sets"]) == 2 and answer["need"] == 30 and answer["playable"] is False
    assert (
        answer["sets"][1]["reason"] == "group_repeated_colour"
        and answer["sets"][1]["params"]["colour"] == "R"
    )
    assert answer["refusal"]["reason"]
    # Nothing was played: the person's turn is where it was.
    assert call("act", {"game": "rummikub", "code": "draw"})["view"]["turn"] == view["turn"] + 1


@pytest.mark.parametrize(
    "table", [None, "not a list", 7, [["R5", "Z9", "K1"]], [["R5", 5]], ["R5 R6 R7"]]
)
def test_a_table_the_engine_cannot_read_is_refused_and_nothing_changes(call, table):
    view = rummikub_turn(call, 8)
    reply = call(
        "check", {"game": "rummikub", "table": table} if table is not None else {"game": "rummikub"}
    )
    assert reply["ok"] is False and reply["reason"] == "bad_request" and reply["params"]["detail"]
    assert call("act", {"game": "rummikub", "code": "draw"})["view"]["turn"] == view["turn"] + 1


def test_a_rummikub_hint_is_a_table_the_check_accepts_and_the_play_takes(call):
    for seed in range(20):
        view = rummikub_turn(call, seed)
        hint = call("hints", {"game": "rummikub"})
        assert hint["ok"] and set(hint["answer"]) == {"placed", "table", "moved", "exact"}
        table = [entry["tiles"] for entry in hint["answer"]["table"]]
        if table:
            break
    else:
        raise AssertionError("no hint laid a table down")
    assert call("check", {"game": "rummikub", "table": table})["answer"]["playable"]
    played = call(
        "act", {"game": "rummikub", "code": "play " + " | ".join(" ".join(s) for s in table)}
    )
    assert played["ok"] and len(played["view"]["rack"]) == len(view["rack"]) - len(
        hint["answer"]["placed"]
    )
    assert played["view"]["last_play"]["by"] == 0


def test_rummikub_hints_and_checks_need_a_match_and_the_persons_turn(call):
    assert call("hints", {"game": "rummikub"})["reason"] == "no_hints"
    assert call("check", {"game": "rummikub", "table": []})["reason"] == "no_check"
    assert call("check", {"game": "gin", "table": []})["reason"] == "no_check"
    view = call("start", {"game": "rummikub", "settings": SETTINGS["rummikub"], "seed": 3})["view"]
    while view["screen"] != "opponent":
        view = call("act", {"game": "rummikub", "code": "draw"})["view"]
    assert call("hints", {"game": "rummikub"})["reason"] == "not_your_turn"
    checked = call("check", {"game": "rummikub", "table": []})
    assert checked["ok"] and checked["answer"]["refusal"]["reason"] == "not_your_turn"


def test_rummikub_refusals_and_a_corrupted_save_through_the_worker(call):
    rummikub_turn(call, 9)
    for code, reason in (
        ("timeout", "no_turn_timer"),
        ("0 draw", "bad_code"),
        ("play R1", "set_too_short"),
        ("computer", "not_your_turn"),
        ("play Z1 Z2 Z3", "bad_code"),
    ):
        refused = call("act", {"game": "rummikub", "code": code})
        assert refused["ok"] is False and refused["reason"] == reason, code
    save = call("act", {"game": "rummikub", "code": "draw"})["save"]
    save["match"]["hands"][0].append("0 play R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J")
    reply = call("open", {"game": "rummikub", "save": json.dumps(save), "stats": None})
    assert reply["ok"] and reply["notices"] == ["save_corrupt"] and reply["view"] is None
    save["match"]["hands"][0].pop()
    reopened = call("open", {"game": "rummikub", "save": json.dumps(save), "stats": None})
    assert reopened["notices"] == [] and reopened["view"]["screen"] in ("play", "opponent")


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_hand_is_reviewed_in_slices_that_make_up_the_whole_review(call, game):
    assert call("start", {"game": game, "settings": SETTINGS[game], "seed": 5})["ok"]
    assert call("review", {"game": game})["reason"] == "hand_in_play"
    finished = play_hand(call, game)
    decisions, first = [], 0
    while first is not None:
        reply = call("review", {"game": game, "first": first, "count": 2})
        assert reply["ok"], reply
        assert len(reply["answer"]["decisions"]) <= 2
        decisions += reply["answer"]["decisions"]
        first = reply["answer"]["next"]
    session = worker.session_class(game).restore(finished["save"])
    review = session.review_module.review(session.match.round, 0)
    assert [d["index"] for d in decisions] == [d.index for d in review.decisions]
    assert [d["cost"] for d in decisions] == [d.cost for d in review.decisions]
    hand, module = session.match.round, session.review_module
    assert [d["seen"] for d in decisions] == [
        json.loads(json.dumps(session.seen_model(module.view_at(hand, d.index, 0))))
        for d in review.decisions
    ], "each decision shows what the person saw then"


def test_a_review_slice_the_engine_cannot_read_is_refused(call):
    play_hand(call, "gin")
    for bad in ({"first": -1}, {"first": "0"}, {"count": 0}, {"count": 10_000}):
        assert call("review", {"game": "gin", **bad})["reason"] == "bad_request"


def test_starting_a_new_match_keeps_the_hands_the_left_match_counted(call):
    call("open", {"game": "gin", "save": None, "stats": None})
    assert play_hand(call, "gin")["stats"]["hands"] == 1
    assert (
        call("start", {"game": "gin", "settings": SETTINGS["gin"], "seed": 9})["stats"]["hands"]
        == 1
    )


# ---- sharing a hand, and the daily deal ---------------------------------------------------------


def seat_of(call, game):
    """The person's seat at `game` as it stands: its statistics and the link of its hand."""
    return call("statistics", {"game": game})["figures"], call("share", {"game": game})["answer"][
        "link"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_hand_replays_step_by_step_and_touches_no_session(call, game):
    finished = play_hand(call, game)
    link = call("share", {"game": game})["answer"]["link"]
    assert link.startswith("r1.")
    before = seat_of(call, game)
    reply = call("replay", {"link": link})
    assert reply["ok"], reply
    model = reply["answer"]
    actions = finished["save"]["match"]["hands"][-1]
    assert model["game"] == game and model["settings"] == finished["save"]["settings"]
    assert [step["move"] for step in model["steps"]] == [None] + actions
    assert model["view"]["result"] == finished["view"]["result"], "the replay ends as the hand did"
    from rummy.links import decode, states

    dealt = states(decode(link))[0]
    first = model["steps"][0]["seen"]
    shown = (
        first["rack"]
        if game == "rummikub"
        else [code for group in first["hand"]["melds"] for code in group]
    )
    mine = dealt.racks[0] if game == "rummikub" else dealt.hands[0]
    assert sorted(shown) == sorted(item.code for item in mine), (
        "the first step is the sharer's hand as dealt"
    )
    assert seat_of(call, game) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_hand_is_reviewed_from_the_link_as_the_sharer_reviewed_it(call, game):
    play_hand(call, game)
    link = call("share", {"game": game})["answer"]["link"]
    own = call("review", {"game": game, "count": 50})["answer"]
    fresh = worker.exports(worker.Engine())
    linked = json.loads(fresh["review"](json.dumps({"game": game, "link": link, "count": 50})))
    assert linked["ok"] and linked["answer"] == own


@pytest.mark.parametrize("game", GAMES)
def test_the_same_deal_is_played_again_from_a_link_against_the_same_level(call, game):
    finished = play_hand(call, game)
    link = call("share", {"game": game})["answer"]["link"]
    fresh = worker.exports(worker.Engine())
    again = json.loads(fresh["start"](json.dumps({"game": game, "deal": link})))
    assert again["ok"], again
    assert again["save"]["settings"] == finished["save"]["settings"]
    assert again["save"]["match"]["hands"] == [[]]
    from rummy.links import decode, states

    dealt = states(decode(link))[0]
    session = worker.session_class(game).restore(again["save"])
    assert session.match.round == dealt, "the first hand is the shared hand as it was dealt"


@pytest.mark.parametrize(
    "link, why",
    [
        ("r1.AAAA", "malformed"),
        ("r9.AAAA", "unknown_version"),
        ("x" * 5000, "too_long"),
        ("<img src=x onerror=alert(1)>", "malformed"),
        ("", "malformed"),
    ],
)
def test_a_bad_link_is_refused_with_its_reason_and_nothing_changes(call, link, why):
    play_hand(call, "gin")
    before = seat_of(call, "gin")
    for reply in (
        call("replay", {"link": link}),
        call("review", {"game": "gin", "link": link}),
        call("start", {"game": "gin", "deal": link}),
    ):
        assert (
            reply["ok"] is False and reply["reason"] == "bad_link" and reply["params"]["why"] == why
        )
    assert seat_of(call, "gin") == before


def test_a_link_of_another_game_does_not_start_this_one(call):
    play_hand(call, "gin")
    link = call("share", {"game": "gin"})["answer"]["link"]
    reply = call("start", {"game": "basic", "deal": link})
    assert reply["ok"] is False and reply["params"]["why"] == "unknown_game"


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_deal_is_the_same_in_two_engines_and_differs_by_day(call, game):
    day = call("start", {"game": game, "daily": "2026-12-01", "settings": {"level": "hard"}})
    other = worker.exports(worker.Engine())
    same = json.loads(other["start"](json.dumps({"game": game, "daily": "2026-12-01"})))
    next_day = json.loads(other["start"](json.dumps({"game": game, "daily": "2026-12-02"})))
    assert day["save"] == same["save"] and day["save"]["settings"]["level"] == "normal"
    assert next_day["save"]["match"]["seed"] != day["save"]["match"]["seed"]


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "2026-12-01T10:00", 20261201])
def test_a_daily_deal_of_a_day_that_is_not_a_date_is_refused(call, day):
    assert call("start", {"game": "gin", "daily": day})["reason"] == "bad_settings"


# ---- a table people share ---------------------------------------------------------------------

SHARED = {
    "gin": {"target": 50, "seats": ["person", "person"], "names": ["Ann", "Bo"]},
    "basic": {
        "opponents": 2,
        "hands": 1,
        "target": None,
        "seats": ["person", "easy", "person"],
        "names": ["Ann", "", "Bo"],
    },
    "rummikub": {"opponents": 2, "seats": ["person", "easy", "person"], "names": ["Ann", "", "Bo"]},
}


def hidden_codes(game, session):
    """The codes of the cards or tiles nobody has seen: in a hand or rack, or in the stock or
    pool, and never shown (a card discarded, passed or taken from the pile, or in a turned-over
    stock; a tile whose twin is on the table has a code the table shows)."""
    hand = session.match.round
    if game == "rummikub":
        shown = {tile.code for tile_set in hand.table for tile in tile_set.tiles}
        held = [tile for rack in hand.racks for tile in rack] + list(hand.pool)
        return {tile.code for tile in held} - shown
    shown = {c for seen in (hand.discards, hand.taken) for cards in seen for c in cards}
    shown |= {c for cards in getattr(hand, "passed", ()) for c in cards}
    held = [c for cards in hand.hands for c in cards] + list(hand.stock)
    return {card.code for card in held if card not in shown}


def words(value):
    """Every string in a JSON value, keys included."""
    if isinstance(value, dict):
        return {w for k, v in value.items() for w in words(k) | words(v)}
    if isinstance(value, list):
        return {w for v in value for w in words(v)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("game", GAMES)
def test_the_worker_sends_no_hidden_card_while_a_shared_table_is_covered(call, game):
    """Between two people's turns, no reply holds a card or tile of anyone's hidden hand; a
    move is refused until the next person has tapped the cover, and then only theirs."""
    engine = worker.Engine()
    functions = worker.exports(engine)

    def send(name, request):
        return json.loads(functions[name](json.dumps(request)))

    reply = send("start", {"game": game, "settings": SHARED[game], "seed": 8})
    covers = reveals = 0
    for _ in range(400):
        view = reply["view"]
        if view["screen"] in OVER[game]:
            break
        if view["screen"] == "pass-device":
            covers += 1
            session = engine.sessions[game]
            if view["result"] is None:  # once the hand is over, every hand is shown
                assert not words(reply) & hidden_codes(game, session)
            refused = send("act", {"game": game, "code": person_move_of(game)})
            assert refused["reason"] in ("covered", "bad_code")
            assert send("hints", {"game": game})["ok"] is False
            code = "computer" if view["next_person"] is None else "reveal"
            reply = send("act", {"game": game, "code": code})
            if code == "reveal":
                reveals += 1
                assert reply["view"]["seat"] == view["next_person"]
            continue
        reply = send("act", {"game": game, "code": person_move(view)})
        assert reply["ok"], reply
    assert covers and reveals


def person_move_of(game):
    return {"gin": "pass", "basic": "stock", "rummikub": "draw"}[game]


def test_statistics_are_kept_by_name(call):
    call("start", {"game": "gin", "settings": SHARED["gin"], "seed": 8})
    stats = call("statistics", {"game": "gin", "name": "Ann"})
    assert stats["names"] == ["Ann", "Bo"] and stats["name"] == "Ann"
    assert dict(stats["figures"])["matches"] == 0
    assert call("statistics", {"game": "gin", "name": 7})["reason"] == "bad_request"


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_is_played_beside_the_match_and_stores_and_counts_nothing(call, game):
    stats = {HANDS[game]: 4}
    call("open", {"game": game, "save": None, "stats": json.dumps(stats)})
    match = call("start", {"game": game, "settings": SETTINGS[game], "seed": 5})
    reply = call("start", {"game": game, "tutorial": True})
    assert (
        reply["ok"] and reply["tutorial"] is True and "save" not in reply and "stats" not in reply
    )
    steps = tutorial_of(game).steps
    while not reply["view"]["tutorial"]["done"]:
        shown = reply["view"]["tutorial"]
        assert shown["of"] == len(steps) and reply["view"]["deal"] is None
        step = steps[shown["step"]]
        if shown["waiting_for_tap"]:
            assert shown["move"] == step.moves[0]
            wrong = call("act", {"game": game, "tutorial": True, "code": "nonsense"})
            assert wrong["reason"] == "try_again" and wrong["params"]["step"] == shown["step"]
            code = step.moves[0]
        else:
            code = "go-on"
        reply = call("act", {"game": game, "tutorial": True, "code": code})
        assert reply["ok"] and "save" not in reply, (shown, reply)
    assert reply["view"]["tutorial"]["text"] == "tutorial.done"
    assert call("close", {"game": game, "tutorial": True})["view"] is None
    after = call("act", {"game": game, "tutorial": True, "code": "go-on"})
    assert after["reason"] == "no_session"
    assert call("share", {"game": game})["ok"]  # the match was there all along, as it was
    assert call("close", {"game": game})["stats"] == match["stats"]
    assert match["stats"][HANDS[game]] == 4


def test_a_tutorials_table_is_checked_as_built_not_the_matchs(call):
    assert (
        call("check", {"game": "rummikub", "tutorial": True, "table": []})["reason"] == "no_check"
    )
    call("start", {"game": "rummikub", "settings": SETTINGS["rummikub"], "seed": 5})
    call("start", {"game": "rummikub", "tutorial": True})
    call("act", {"game": "rummikub", "tutorial": True, "code": "go-on"})
    meld = [["R10", "R11", "R12"], ["K10", "B10", "O10"]]
    checked = call("check", {"game": "rummikub", "tutorial": True, "table": meld})["answer"]
    assert checked["playable"] and checked["tally"] == 63  # the tutorial's rack holds them
    assert not call("check", {"game": "rummikub", "table": meld})["answer"]["playable"]
