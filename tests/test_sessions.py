"""The session protocol (rummy.sessions), the same for every game: each game's session is
created from settings, plays a whole match from action codes alone, refuses what it must with a
reason and changes nothing, saves and restores exactly, shows the person only what they may
see, and still loads the saves players have in their browsers. At a table people share, each
person's moves are taken only on their turn and with their view on screen, and between their
turns the page is given nothing of anyone's hand."""

import json
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from rummy.basic.session import BasicSession
from rummy.errors import IllegalAction
from rummy.gin.session import GinSession
from rummy.rng import derive_seed
from rummy.rummikub import parse_tiles, read_set
from rummy.rummikub.session import RummikubSession
from rummy.rummikub.sets import is_set
from rummy.sessions import Refusal, Session, decision_seed
from support.random_play import reshuffle_hidden

SAVES_V1 = json.loads((Path(__file__).parent / "data" / "saves_v1.json").read_text())


def gin_person(view):
    """A simple person reading only the view model: pass the upcard, draw from the stock, knock
    when a knock is offered, else discard what leaves the least deadwood."""
    screen = view["screen"]
    if screen == "upcard":
        return "pass"
    if screen == "draw":
        return "stock"
    options = view["discards"]
    knocks = [code for code, option in options.items() if option["knock"]]
    if knocks:
        return "knock " + min(knocks, key=lambda code: options[code]["deadwood"])
    allowed = [code for code, option in options.items() if option["discard"]]
    return "discard " + min(allowed, key=lambda code: options[code]["deadwood"])


def basic_person(view):
    """A simple person reading only the view model: draw from the stock, put down the meld
    offered, lay off what fits, else discard the last card the engine allows."""
    if view["screen"] == "draw":
        return "stock"
    options = view["options"]
    if options["offers"]:
        return "meld " + " ".join(options["offers"][0])
    if options["layoffs"]:
        card, targets = sorted(options["layoffs"].items())[0]
        return f"layoff {card} {targets[0]}"
    return "discard " + options["discards"][-1]


def rummikub_person(view):
    """A simple person reading only the view model: lay down a set of three tiles of the rack
    as a new set (worth the initial meld still owed), else draw."""
    owed = view["initial_meld"]
    for three in combinations(parse_tiles(" ".join(view["rack"])), 3):
        if is_set(three) and read_set(three).value >= owed:
            table = [s["tiles"] for s in view["table"]] + [[t.code for t in three]]
            return "play " + " | ".join(" ".join(tile_set) for tile_set in table)
    return "draw"


def hidden(hand):
    """What the hidden holdings of a hand are: the hands of a card game, the racks of Rummikub."""
    return getattr(hand, "racks", None) or hand.hands


class Game:
    def __init__(self, cls, settings, person, hand_over, match_over, shared):
        self.cls, self.settings, self.person = cls, settings, person
        self.hand_over, self.match_over = hand_over, match_over
        self.shared = shared  # the settings of a table shared by two people (Ann and Bo)

    def __repr__(self):
        return self.cls.game


GAMES = [
    Game(
        GinSession,
        {"target": 50, "level": "easy"},
        gin_person,
        "settle",
        "match-over",
        {"target": 50, "seats": ["person", "person"], "names": ["Ann", "Bo"]},
    ),
    Game(
        BasicSession,
        {"opponents": 3, "hands": 2, "target": None, "level": "easy"},
        basic_person,
        "hand-over",
        "game-over",
        {
            "opponents": 2,
            "hands": 2,
            "target": None,
            "seats": ["person", "easy", "person"],
            "names": ["Ann", "", "Bo"],
        },
    ),
    Game(
        RummikubSession,
        {"opponents": 2, "rounds": 2, "level": "easy"},
        rummikub_person,
        "round-over",
        "game-over",
        {
            "opponents": 2,
            "rounds": 2,
            "seats": ["person", "easy", "person"],
            "names": ["Ann", "", "Bo"],
        },
    ),
]


def next_code(game, view):
    screen = view["screen"]
    if screen == "opponent":
        return "computer"
    if screen == "pass-device":  # the person taps the cover once the computers have moved
        return "computer" if view["next_person"] is None else "reveal"
    if screen == game.hand_over:
        return "next-hand"
    return game.person(view)


def played(game, session):
    """Every session of a match, played by codes from its first deal to its end, drawing what
    the page would (`shown_model`)."""
    sessions = [session]
    for _ in range(5000):
        view = session.shown_model()
        if view["screen"] == game.match_over:
            return sessions
        after = session.act(next_code(game, view))
        assert not isinstance(after, Refusal), after
        session = after
        sessions.append(session)
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module", params=GAMES, ids=repr)
def game(request):
    return request.param


@pytest.fixture(scope="module")
def match(game):
    return played(game, game.cls.create(game.settings, seed=3))


def test_each_game_declares_the_protocol(game):
    for name in ("create", "restore", "act", "view_model", "save", "statistics"):
        assert callable(getattr(game.cls, name)), name
    for name in dir(Session):
        if not name.startswith("_"):
            assert hasattr(game.cls, name), name
    assert game.cls.levels and game.cls.game in ("gin", "basic", "rummikub")


def test_a_whole_match_is_played_by_codes_and_every_view_model_is_json(game, match):
    for session in match[:: max(1, len(match) // 60)] + [match[-1]]:
        view = session.view_model()
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == game.cls.game and view["screen"] == session.screen
    last = match[-1]
    assert last.match.is_over and last.view_model()["match"]["over"]
    assert last.stats.count(last.match) == last.stats  # every hand counted, once


def test_a_save_restores_the_identical_session_at_any_point(game, match):
    for session in match[:: max(1, len(match) // 15)] + [match[-1]]:
        save = json.loads(json.dumps(session.save()))
        restored = game.cls.restore(save, game.cls.stats_type.from_dict(session.statistics()))
        assert restored == session
        assert restored.view_model() == session.view_model()


def test_the_computer_plays_the_same_after_a_restore(game, match):
    waiting = [s for s in match if s.screen == "opponent"][:5]
    assert waiting
    for session in waiting:
        restored = game.cls.restore(session.save(), session.stats)
        assert restored.act("computer") == session.act("computer")


@pytest.mark.parametrize(
    "code",
    [
        None,
        7,
        "",
        "   ",
        "fly",
        "discard",
        "discard ZZ",
        "0 stock",
        "1 stock",
        "stock 7S 8S",
        "meld",
        "layoff 7S x",
        "next-hand",
        "rematch",
    ],
)
def test_a_malformed_or_untimely_code_is_refused_and_changes_nothing(game, match, code):
    session = next(s for s in match if s.screen not in ("opponent", game.hand_over))
    before = session.view_model()
    refusal = session.act(code)
    assert isinstance(refusal, Refusal)
    assert refusal.reason and refusal.message
    assert json.loads(json.dumps(refusal.as_dict())) == refusal.as_dict()
    assert session.view_model() == before


def test_the_computer_moves_only_on_its_turn(game, match):
    mine = next(s for s in match if s.screen not in ("opponent", game.hand_over))
    assert mine.act("computer").reason == "not_your_turn"


def test_a_rematch_keeps_the_settings_and_the_statistics(game, match):
    over = match[-1]
    again = over.act("rematch")
    assert not isinstance(again, Refusal)
    assert again.settings == over.settings and again.match.seed != over.match.seed
    assert again.stats.figures() == over.stats.figures()  # the finished match stays counted
    assert again.stats.match_seed == again.match.seed
    assert over.act("rematch") == again  # its seed is derived from the match: the same every time


def test_a_match_started_from_a_hands_deal_deals_it_first_and_saves_and_restores(game, match):
    """A shared hand played again: the match's first hand is that hand as it was dealt."""
    shared = match[-1].match.round  # the last hand of a match: not its first
    dealer = None if game.cls.game == "rummikub" else shared.dealer
    session = game.cls.of_deal(game.settings, shared.seed, dealer)
    deal = (shared.seed, shared.rules) + (() if dealer is None else (dealer,))
    assert (
        session.match.round == type(shared).deal(*deal) and session.match.first_deal == shared.seed
    )
    whole = played(game, session)
    save = json.loads(json.dumps(whole[-1].save()))
    assert save["match"]["first_deal"] == shared.seed
    assert game.cls.restore(save, whole[-1].stats) == whole[-1]
    assert "first_deal" not in match[-1].save()["match"], (
        "the saves of other matches are as they were"
    )


def test_bad_settings_are_refused_with_a_value_error(game):
    for bad in ("x", {"level": "grandmaster"}, {"target": 7, "opponents": 0}):
        with pytest.raises(ValueError):
            game.cls.create(bad, seed=1)
    with pytest.raises(ValueError):
        game.cls.create(game.settings, seed="seven")


@pytest.mark.parametrize(
    "damage",
    [
        lambda save: "not a dict",
        lambda save: None,
        lambda save: {**save, "format": "rummy-table/chess"},
        lambda save: {**save, "version": 99},
        lambda save: {**save, "settings": {"level": "grandmaster"}},
        lambda save: {**save, "match": 7},
        lambda save: {**save, "match": {**save["match"], "hands": [["0 discard ZZ"]]}},
        lambda save: {**save, "match": {**save["match"], "hands": [["1 fly"]]}},
        lambda save: {**save, "match": {**save["match"], "hands": [[7]]}},
        lambda save: {**save, "match": {**save["match"], "seed": "seven"}},
        lambda save: {**save, "match": {**save["match"], "rules": [1]}},
    ],
)
def test_a_corrupted_or_foreign_save_is_refused_with_a_value_error(game, match, damage):
    with pytest.raises(ValueError) as refused:
        game.cls.restore(damage(match[len(match) // 2].save()))
    assert str(refused.value)


def test_one_games_save_is_refused_by_the_others():
    sessions = [played(g, g.cls.create(g.settings, seed=4))[5] for g in GAMES]
    for game in GAMES:
        for other in sessions:
            if type(other) is not game.cls:
                with pytest.raises(ValueError):
                    game.cls.restore(other.save())


def test_the_view_model_is_the_same_whatever_the_hidden_cards_are(game, match):
    """The page is told only what the person's seat may see: dealing the other hands and the
    stock again changes nothing it receives."""
    changed = 0
    for number, session in enumerate(match[:: max(1, len(match) // 40)]):
        hand = session.match.round
        if hand.is_over:
            continue
        other = reshuffle_hidden(hand, session.seat, derive_seed(5, number))
        twin = replace(session, match=replace(session.match, round=other))
        assert twin.view_model() == session.view_model()
        changed += hidden(other) != hidden(hand)
    assert changed > 5


@pytest.mark.parametrize("name", ["gin", "basic"])
def test_saves_written_before_the_engine_moved_to_a_worker_still_load(name):
    """Saves and statistics stored by the page's earlier versions (tests/data/saves_v1.json, from
    the same keys) restore to the position they were saved in."""
    cls = {"gin": GinSession, "basic": BasicSession}[name]
    old = SAVES_V1[name]
    stats = cls.stats_type.from_dict(old["stats"])
    session = cls.restore(old["save"], stats)
    view = session.view_model()
    assert view["screen"] == old["screen"]
    assert sorted(code for group in view["hand"]["melds"] for code in group) == sorted(old["hand"])
    assert list(session.match.scores) == old["scores"]
    assert session.stats == stats  # nothing counted twice
    assert session.save() == old["save"]


# ---- a table people share ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared(game):
    """A whole match at a table Ann and Bo share (with a computer player, in the games of more
    than two), the cover tapped at each of their turns."""
    return played(game, game.cls.create(game.shared, seed=3))


def test_a_shared_table_covers_every_change_of_person_and_shows_each_their_own_view(game, shared):
    covers = shown = 0
    for before, after in zip(shared, shared[1:], strict=False):
        if before.covered:
            covers += 1
            continue
        shown += 1
        assert before.shown_model() == before.view_model()
        assert before.view_model()["seat"] == before.seat
        if after.covered:
            continue
        hand = after.match.round
        assert after.seat == before.seat, "the view changed person without a cover"
        assert hand.is_over or hand.to_move == after.seat, "a person's view outside their turn"
    seats = {s.seat for s in shared if not s.covered and not s.match.round.is_over}
    assert seats == set(shared[0].seating.persons) and covers > 10 and shown > 10


def test_the_public_model_holds_no_hidden_card_of_anyone(game, shared):
    """Between two people's turns the page gets the public model: dealing every hand and the
    stock again, nobody's cards kept, changes nothing in it."""
    covered = [s for s in shared if s.covered and not s.match.round.is_over]
    changed = 0
    for number, session in enumerate(covered[:: max(1, len(covered) // 30)]):
        model = session.shown_model()
        assert model == session.public_model() and model["screen"] == "pass-device"
        assert json.loads(json.dumps(model)) == model
        hand = session.match.round
        other = reshuffle_hidden(hand, -1, derive_seed(6, number))
        twin = replace(session, match=replace(session.match, round=other))
        assert twin.public_model() == model
        changed += hidden(other) != hidden(hand)
        with pytest.raises(IllegalAction):
            session.view_model()
    assert changed > 3


def test_while_covered_no_move_is_taken_and_only_the_next_person_is_revealed(game, shared):
    covered = [s for s in shared if s.covered and not s.match.round.is_over]
    assert covered
    for session in covered[:10]:
        before = session.public_model()
        for code in ("stock", "draw", "pass", "discard 7S", "play 1K 2K 3K"):
            refused = session.act(code)
            assert isinstance(refused, Refusal) and refused.reason in ("covered", "bad_code")
        assert session.public_model() == before
        person = session.next_person
        if person is None:  # a computer player to move: the cover waits for it
            assert session.act("reveal").reason == "not_your_turn"
            assert not isinstance(session.act("computer"), Refusal)
        else:
            assert session.act("computer").reason == "not_your_turn"
            shown = session.act("reveal")
            assert shown.seat == person == shown.match.round.to_move and not shown.covered
            assert shown.act("reveal").reason == "not_covered"


def test_once_a_hand_is_over_the_device_passes_round_every_person_to_see_it_and_review_it(
    game, shared
):
    ended = next(s for s in shared if s.match.round.is_over)
    if ended.covered:
        ended = ended.act("reveal")
    seen = []
    for _ in range(2 * len(ended.seating.persons)):
        model = ended.view_model()
        assert model["result"] is not None and model["seat"] == ended.seat
        assert ended.review_model(0, 1)["seat"] == ended.seat
        seen.append(ended.seat)
        covered = ended.act("pass-on")
        assert covered.covered and covered.public_model()["result"] is not None
        assert covered.act("pass-on").reason == "covered"
        ended = covered.act("reveal")
    persons = list(ended.seating.persons)
    assert sorted(seen[: len(persons)]) == persons and seen[len(persons) :] == seen[: len(persons)]
    playing = next(s for s in shared if not s.covered and not s.match.round.is_over)
    assert playing.act("pass-on").reason == "hand_in_play"
    alone = played(game, game.cls.create(game.settings, seed=3))[-1]
    assert alone.act("pass-on").reason == "not_shared"


def test_a_shared_table_is_restored_covered_never_showing_a_hand(game, shared):
    for session in shared[:: max(1, len(shared) // 15)]:
        save = json.loads(json.dumps(session.save()))
        restored = game.cls.restore(save, session.stats)
        assert restored == replace(session, revealed=None, seen=None) and restored.covered
        assert "hand" not in restored.shown_model()


def test_each_person_is_counted_under_their_own_name(game, shared):
    last = shared[-1]
    assert last.match.is_over
    stats = last.stats
    assert stats.names() == ["Ann", "Bo"]
    assert stats.figures("") == game.cls.stats_type().figures()  # no one without a name played
    people = last.seating.persons
    hands_won = [sum(hand.result.winner == seat for hand in last.match.rounds) for seat in people]
    kept = game.cls.stats_type.from_dict(json.loads(json.dumps(last.statistics())))
    assert kept == stats
    for name, won in zip(("Ann", "Bo"), hands_won, strict=True):
        figures = dict(stats.figures(name))
        assert figures.get("hands_won", figures.get("rounds_won")) == won


def named(names, *changes):
    """The shared table's names with some changed: (seat, name) pairs."""
    names = list(names)
    for seat, name in changes:
        names[seat] = name
    return names


@pytest.mark.parametrize(
    "damage",
    [
        lambda seats, names: (seats, named(names, (-1, "Ann"))),  # the same name twice
        lambda seats, names: (seats, named(names, (-1, ""))),  # a person with no name
        lambda seats, names: (["easy"] * len(seats), []),  # nobody
        lambda seats, names: (seats[:-1] + ["grandmaster"], names[:-1]),
        lambda seats, names: (seats[:-1], names[:-1]),  # fewer seats than the settings' players
        lambda seats, names: (seats + ["easy"], names),  # more
        lambda seats, names: ("person", names),
        lambda seats, names: (seats[:-1] + [7], names[:-1]),
        lambda seats, names: (seats, named(names, (0, 7))),
        lambda seats, names: (seats, names + ["Cy", "Di", "Ed", "Flo", "Gus"]),
    ],
)
def test_seats_that_do_not_match_the_settings_are_refused(game, damage):
    seats, names = damage(game.shared["seats"], game.shared["names"])
    settings = {**game.shared, "seats": seats, "names": names}
    with pytest.raises(ValueError):
        game.cls.create(settings, seed=1)
    save = played(game, game.cls.create(game.shared, seed=2))[3].save()
    with pytest.raises(ValueError):
        game.cls.restore({**save, "settings": {**save["settings"], "seats": seats, "names": names}})


def test_a_name_is_cut_to_twenty_characters_and_kept_as_text(game):
    long = "<b>Ann</b>" + "x" * 30
    settings = {**game.shared, "names": named(game.shared["names"], (0, long))}
    session = game.cls.create(settings, seed=1)
    names = [seat["name"] for seat in session.public_model()["seats"]]
    assert names[0] == long[:20] and "Bo" in names


def test_a_computer_seat_plays_at_its_own_level(game):
    """Each computer seat names its level: a hard and an easy player at one table decide as
    the hard and the easy agent do."""
    if game.cls.game == "gin":
        pytest.skip("gin has one computer seat at most")
    kinds = ["person", "hard", "easy"]
    session = game.cls.create({**game.shared, "seats": kinds, "names": []}, seed=11)
    levels = []
    for _ in range(200):
        hand = session.match.round
        if hand.is_over:
            break
        if session.screen == "opponent":
            seat = hand.to_move
            expected = session.make_agent(kinds[seat], decision_seed(session.match)).act(
                session.match.view(seat)
            )
            after = session.act("computer")
            assert after.match.round.actions[-1] == expected
            levels.append(kinds[seat])
            session = after
        else:
            session = session.act(next_code(game, session.shown_model()))
    assert {"hard", "easy"} <= set(levels)
