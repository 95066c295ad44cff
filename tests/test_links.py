"""Shared hands: a hand of any game survives a link, and a link that is not one is refused
with a reason, whatever it holds."""

import base64
import zlib
from dataclasses import fields, replace
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rummy import links
from rummy.basic.session import BasicSession
from rummy.gin.actions import BigGin
from rummy.gin.session import GinSession
from rummy.links import (
    MAX_LINK,
    LinkError,
    SharedHand,
    decode,
    encode,
    payload,
    replay,
    share,
    states,
)
from rummy.rummikub.session import RummikubSession
from rummy.sessions import decision_seed

BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def played_out(session, level="easy"):
    """The session once its hand in play has ended, every seat played by a computer player
    at `level` from its own view."""
    while not session.match.round.is_over:
        seat = session.match.round.to_move
        agent = session.make_agent(level, decision_seed(session.match))
        session = session.played(agent.act(session.match.view(seat)))
    return session


SESSIONS = {
    "gin": lambda: played_out(
        GinSession.create({"rules": "pagat", "target": 50, "level": "hard"}, 3), "hard"
    ),
    "basic": lambda: played_out(
        BasicSession.create({"opponents": 3, "hands": 2, "target": None}, 4)
    ),
    "rummikub": lambda: played_out(
        RummikubSession.create({"opponents": 2, "initial_meld": False, "timer": 60}, 5)
    ),
}


@pytest.fixture(scope="module", params=list(SESSIONS))
def session(request):
    return SESSIONS[request.param]()


@pytest.fixture(scope="module")
def gin_session():
    return played_out(GinSession.create({}, 11))


def link_of(data, mode=0):
    """A fragment holding `data` as its payload, with a matching check: what a crafted link
    made by someone who read this module looks like."""
    body = zlib.compress(data, 9, wbits=-15) if mode else data
    blob = bytes([mode]) + zlib.crc32(data).to_bytes(4, "big") + body
    return "r1." + base64.urlsafe_b64encode(blob).decode().rstrip("=")


def refusal(text):
    with pytest.raises(LinkError) as caught:
        decode(text)
    return caught.value


# ---- a hand survives its link ----------------------------------------------------------------


def test_a_played_hand_comes_back_from_its_link_and_replays_to_the_same_end(session):
    shared = share(session)
    assert decode(encode(shared)) == shared
    assert replay(shared) == session.match.round
    assert replay(shared).is_over


def test_the_link_keeps_the_settings_the_receiver_plays_the_same_deal_with(session):
    shared = decode(encode(share(session)))
    assert shared.settings == session.settings
    assert shared.rules == session.match.rules


def test_a_link_is_url_safe_and_starts_with_its_version(session):
    text = encode(share(session))
    assert text.startswith("r1.")
    assert set(text[3:]) <= set(BASE64URL)


def test_watching_steps_through_the_deal_then_each_action(session):
    shared = share(session)
    seen = states(shared)
    assert len(seen) == len(shared.actions) + 1
    assert seen[0].actions == () and seen[-1] == session.match.round
    assert all(after.actions[:-1] == before.actions for before, after in pairwise(seen))


def test_a_hand_from_the_middle_of_a_match_keeps_its_own_seed_and_dealer(gin_session):
    session = played_out(gin_session.act("next-hand"))
    first, second = share(session, 0), share(session)
    assert (first.seed, first.dealer) == (
        session.match.rounds[0].seed,
        session.match.rounds[0].dealer,
    )
    assert second.seed == session.match.round.seed != first.seed
    assert replay(decode(encode(second))) == session.match.round
    assert replay(decode(encode(first))) == session.match.rounds[0]


def test_a_hand_in_play_can_be_shared_too():
    session = GinSession.create({}, 11)
    agent = session.make_agent("easy", 0)
    for _ in range(5):
        session = session.played(agent.act(session.match.view(session.match.round.to_move)))
    assert replay(decode(encode(share(session)))) == session.match.round


def test_a_hand_is_not_shared_under_settings_that_choose_other_rules(gin_session):
    with pytest.raises(ValueError):
        links.of_hand("gin", replace(gin_session.settings, rules="pagat"), gin_session.match.round)


def test_a_typical_gin_hand_fits_in_200_characters(gin_session):
    assert len(encode(share(gin_session))) < 200


# ---- a link that is not one is refused ---------------------------------------------------------


def test_an_oversized_link_is_refused_before_it_is_read():
    assert refusal("<" * (MAX_LINK + 1)).reason == "too_long"
    assert refusal("r1." + "A" * MAX_LINK).reason == "too_long"


def test_a_link_inflating_past_the_limit_is_refused():
    text = link_of(bytes(links.MAX_PAYLOAD + 1), mode=1)
    assert len(text) < 200 and refusal(text).reason == "too_long"


@pytest.mark.parametrize("text", ["r5.AAAA", "r10.AAAAAAAA", "r999999.x"])
def test_a_link_of_another_version_is_refused_as_such(text):
    error = refusal(text)
    assert error.reason == "unknown_version" and error.params == {"version": text.split(".")[0]}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "r1",
        "r1.",
        "#r1.AAAA",
        "R1.AAAA",
        "r1.AAAAA",
        "r1.AA==",
        "r1.AA AA",
        "r1.ÄÖÜ",
        "r1.ＡＢＣＤ",
        "r1.٣٣٣٣",
        "<img src=x onerror=alert(1)>",
        "r1.<script>alert(1)</script>",
        "r1.AAAA",
        None,
        b"r1.AAAA",
        17,
    ],
)
def test_text_that_is_no_link_is_malformed(text):
    assert refusal(text).reason == "malformed"


def test_a_link_echoes_nothing_of_what_it_was_given():
    error = refusal("<img src=x onerror=alert(1)>")
    assert "<" not in str(error) and error.params == {}


def test_a_cut_link_is_refused_at_every_length(gin_session):
    text = encode(share(gin_session))
    for end in range(len(text)):
        assert refusal(text[:end]).reason in ("malformed", "damaged"), end


def test_a_link_with_any_character_changed_is_refused_or_the_same_hand(session):
    """The same hand only when the change fell on the padding bits that end a deflate stream,
    which zlib ignores: the hand the link holds is still checked against its CRC."""
    shared = share(session)
    text = encode(shared)
    for at in range(3, len(text)):
        flipped = BASE64URL[(BASE64URL.index(text[at]) + 1) % 64]
        assert survives(text[:at] + flipped + text[at + 1 :]) in (None, shared), at


def test_another_spelling_of_the_same_bytes_is_refused(gin_session):
    text = encode(share(gin_session))
    assert len(text[3:]) % 4  # its last character has unused bits
    for other in BASE64URL:
        if other != text[-1]:
            with pytest.raises(LinkError):
                decode(text[:-1] + other)


def test_an_action_after_the_end_is_refused_with_its_index(gin_session):
    shared = share(gin_session)
    error = refusal(encode(replace(shared, actions=shared.actions + ("0 stock",))))
    assert error.reason == "illegal_action"
    assert error.params == {"index": len(shared.actions), "code": "0 stock", "why": "hand_over"}


def test_a_tampered_action_is_refused_by_the_rules_even_with_a_matching_check(gin_session):
    shared = share(gin_session)
    hand = gin_session.match.round
    not_held = next(code for code in shared.actions if "discard" in code)
    seat = int(not_held.split()[0])
    stranger = next(c for c in hand.hands[1 - seat] if c not in states(shared)[0].hands[seat])
    at = shared.actions.index(not_held)
    tampered = shared.actions[:at] + (f"{seat} discard {stranger}",) + shared.actions[at + 1 :]
    error = refusal(encode(replace(shared, actions=tampered)))
    assert error.reason == "illegal_action" and error.params["index"] == at


def test_another_games_action_is_refused_as_a_bad_code(gin_session):
    shared = share(gin_session)
    error = refusal(encode(replace(shared, actions=("0 meld 7S 7H 7D",))))
    assert error.reason == "illegal_action" and error.params["why"] == "bad_code"


def test_a_changed_payload_with_a_recomputed_check_is_refused_for_what_it_says(gin_session):
    data = payload(share(gin_session))
    assert refusal(link_of(bytes([9]) + data[1:])).reason == "unknown_game"
    level_at = data.index(b"normal")
    assert (
        refusal(link_of(data[:level_at] + b"expert" + data[level_at + 6 :])).reason
        == "bad_settings"
    )
    dealer_at = data.index(gin_session.match.round.seed.to_bytes(8, "big")) + 8
    assert (
        refusal(link_of(data[:dealer_at] + bytes([2]) + data[dealer_at + 1 :])).reason == "bad_deal"
    )
    assert refusal(link_of(data[:dealer_at])).reason == "malformed"  # cut before the dealer
    assert (
        refusal(link_of(data[: dealer_at + 1] + bytes([200]))).reason == "malformed"
    )  # a word first


def test_a_check_that_does_not_match_is_refused_as_damaged(gin_session):
    good = encode(share(gin_session))
    blob = bytearray(base64.urlsafe_b64decode(good[3:] + "=" * (-len(good[3:]) % 4)))
    blob[1] ^= 1  # the check's first byte
    assert (
        refusal("r1." + base64.urlsafe_b64encode(bytes(blob)).decode().rstrip("=")).reason
        == "damaged"
    )


# ---- fuzzing: a SharedHand that replays, or a LinkError, and nothing else ----------------------


def survives(text):
    """What `decode` must do with anything: a hand the rules allow, or LinkError."""
    try:
        shared = decode(text)
    except LinkError as error:
        assert error.reason in links.MESSAGES
        return None
    assert isinstance(shared, SharedHand)
    replay(shared)
    return shared


FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(st.text(max_size=200))
def test_any_text_is_a_hand_or_refused(text):
    survives(text)


@FUZZ
@given(st.text(alphabet=BASE64URL, max_size=300))
def test_any_base64_after_the_tag_is_a_hand_or_refused(data):
    survives("r1." + data)


@FUZZ
@given(st.binary(max_size=300), st.integers(0, 1))
def test_any_payload_with_a_matching_check_is_a_hand_or_refused(data, mode):
    survives(link_of(data, mode))


@FUZZ
@given(st.sampled_from(list(SESSIONS)), st.data())
def test_a_real_payload_changed_anywhere_is_a_hand_or_refused(game, data):
    shared = share(_played(game))
    raw = bytearray(payload(shared))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(raw)))
    survives(link_of(bytes(raw[:cut] if data.draw(st.booleans()) else raw)))


@FUZZ
@given(st.sampled_from(list(SESSIONS)), st.data())
def test_a_real_link_with_characters_changed_is_refused(game, data):
    text = encode(share(_played(game)))
    chars = list(text)
    at = data.draw(st.integers(0, len(chars) - 1))
    new = data.draw(st.characters())
    if new == chars[at]:
        return
    chars[at] = new
    assert survives("".join(chars)) in (None, share(_played(game)))


_CACHE = {}


def _played(game):
    if game not in _CACHE:
        _CACHE[game] = SESSIONS[game]()
    return _CACHE[game]


@pytest.mark.parametrize("session_type", [GinSession, BasicSession, RummikubSession])
def test_a_link_holds_every_setting_of_its_game(session_type):
    """A setting added to a game must be added to its links (in a new version): all but the
    seats, which version 2 adds, the names, which a link never holds, and the house rules,
    which version 3 holds by name."""
    house = {f.name for f in fields(session_type.settings_type) if f.metadata.get("house_rule")}
    assert set(links._game(session_type.game).fields) | {"seats", "names"} | house == {
        f.name for f in fields(session_type.settings_type)
    }


# ---- a hand under house rules -----------------------------------------------------------------

OKLAHOMA = {"target": 50, "oklahoma": True, "oklahoma_spades_double": True, "big_gin_bonus": 31}


def test_a_hand_under_house_rules_is_shared_as_version_3_and_replays_under_them():
    session = played_out(GinSession.create(OKLAHOMA, 8), "hard")
    text = encode(share(session))
    assert text.startswith("r3.")
    shared, sessions = links.opened(text)
    assert shared.settings == session.settings and shared.rules == session.match.rules
    assert replay(shared) == session.match.round
    assert links.replay_model(shared, sessions)["settings"]["big_gin_bonus"] == 31


def test_a_big_gin_has_a_verb_of_its_own_in_version_3_and_versions_1_and_2_keep_theirs():
    # Seed 14 played by hard at both seats ends in a big gin (found by trying seeds in turn).
    session = played_out(GinSession.create({"target": 50, "big_gin_bonus": 31}, 14), "hard")
    assert isinstance(session.match.round.actions[-1], BigGin)
    shared = decode(encode(share(session)))
    assert shared.actions[-1].endswith(" biggin") and replay(shared) == session.match.round
    assert links._TOKENS["r1"] == links._TOKENS["r2"] == links._Tokens(links.VERBS)
    with pytest.raises(ValueError, match="a link cannot hold"):
        links._TOKENS["r1"].encode("1 biggin")


def test_a_basic_rummy_hand_under_house_rules_replays_under_them_from_its_link():
    rules = {"opponents": 2, "melds_per_turn": "any", "ace": "both", "stock_out": "shuffle"}
    session = played_out(BasicSession.create(rules, 4))
    shared = decode(encode(share(session)))
    assert shared.settings == session.settings and replay(shared) == session.match.round


def test_a_hand_of_a_shared_table_under_house_rules_keeps_its_seats_too():
    seats = {"seats": ["person", "person"], "names": ["Ann", "Bo"]}
    session = played_out(GinSession.create({**OKLAHOMA, **seats}, 8))
    shared = decode(encode(share(session, seat=1)))
    assert shared.settings.seats[1] == "person" and shared.settings.seats.count("person") == 1
    assert shared.settings.oklahoma and shared.settings.big_gin_bonus == 31


def house_link(session, rules):
    """A version 3 link of the session's hand with the house `rules` ([name, value] pairs)
    written as given, its check recomputed: what a crafted link looks like."""
    shared = share(session)
    raw = payload(shared)
    game = links._game(shared.game)
    at = 1 + sum(len(_value_bytes(getattr(shared.settings, n))) for n in game.fields)
    extra = bytearray(_value_bytes(None))
    links._put_uint(extra, len(rules))
    for name, value in rules:
        extra += _value_bytes(name) + _value_bytes(value)
    actions = b"".join(links._TOKENS["r3"].encode(code) for code in shared.actions)
    data = raw[:at] + bytes(extra) + raw[at : at + 8 + game.has_dealer] + actions  # seed, dealer
    blob = bytes([0]) + zlib.crc32(data).to_bytes(4, "big") + data
    return "r3." + base64.urlsafe_b64encode(blob).decode().rstrip("=")


def test_a_crafted_version_3_link_reads_as_the_rules_it_names(gin_session):
    shared = decode(house_link(gin_session, [["oklahoma", True]]))
    assert shared.settings.oklahoma and not shared.settings.oklahoma_spades_double


@pytest.mark.parametrize(
    "rules, reason, params",
    [
        ([["oklahomma", True]], "unknown_rule", {"rule": "oklahomma"}),
        ([["rules", "pagat"]], "unknown_rule", {"rule": "rules"}),  # a setting, not a house rule
        ([["big_gin_bonus", 40]], "bad_rule", {"rule": "big_gin_bonus"}),
        ([["oklahoma_spades_double", True]], "bad_rule", {"rule": "oklahoma_spades_double"}),
        ([["oklahoma", False]], "malformed", {}),  # at its default: never written
        ([["big_gin_bonus", 31], ["oklahoma", True]], "malformed", {}),  # out of order
        ([["oklahoma", True], ["oklahoma", True]], "malformed", {}),
        ([], "malformed", {}),  # no rules: written as version 1
    ],
)
def test_a_version_3_link_naming_a_rule_it_may_not_is_refused_by_name(
    gin_session, rules, reason, params
):
    error = refusal(house_link(gin_session, rules))
    assert error.reason == reason and error.params == params
    assert reason == "malformed" or rules[0][0] in str(error)


@pytest.mark.parametrize(
    "value, reason",
    [("face", None), ("Face", "bad_rule"), (13, "bad_rule"), (30, "malformed")],  # 30: default
)
def test_a_rummikub_link_carries_the_joker_penalty_by_name_and_refuses_a_bad_one(value, reason):
    text = house_link(_played("rummikub"), [["joker_penalty", value]])
    if reason is None:
        assert decode(text).settings.joker_penalty == value
    else:
        error = refusal(text)
        assert error.reason == reason
        assert error.params == ({} if reason == "malformed" else {"rule": "joker_penalty"})


def test_a_shared_hand_is_only_made_of_what_a_link_can_hold(gin_session):
    shared = share(gin_session)
    for bad in (
        {"game": "poker"},
        {"dealer": None},
        {"seed": -1},
        {"seed": 1 << 64},
        {"actions": ["0 stock"]},
        {"settings": RummikubSession.settings_type()},
    ):
        with pytest.raises(ValueError):
            replace(shared, **bad)


# ---- a hand of a table people shared ----------------------------------------------------------

TABLES = {
    "gin": (GinSession, {"target": 50, "seats": ["person", "person"], "names": ["Ann", "Bo"]}),
    "basic": (
        BasicSession,
        {"opponents": 2, "seats": ["person", "hard", "person"], "names": ["Ann", "", "Bo"]},
    ),
    "rummikub": (
        RummikubSession,
        {"opponents": 2, "seats": ["person", "hard", "person"], "names": ["Ann", "", "Bo"]},
    ),
}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_hand_of_a_shared_table_is_shared_from_the_sharers_seat_without_names(game):
    cls, settings = TABLES[game]
    session = played_out(cls.create(settings, 6))
    bo = session.seating.persons[-1]
    text = encode(share(session, seat=bo))
    data = payload(share(session, seat=bo))
    assert text.startswith("r2.") and b"Ann" not in data and b"Bo" not in data
    shared, sessions = links.opened(text)
    seats = shared.settings.seats
    assert seats[bo] == "person" and seats.count("person") == 1 and not any(shared.settings.names)
    assert [kind for s, kind in enumerate(seats) if s != bo] == [
        kind if kind != "person" else shared.settings.level
        for s, kind in enumerate(settings["seats"])
        if s != bo
    ]
    assert replay(shared) == session.match.round
    model = links.replay_model(shared, sessions)
    assert model["view"]["seat"] == bo  # the end of the hand as Bo saw it
    first = model["steps"][0]["seen"]
    held = first.get("rack") or [c for group in first["hand"]["melds"] for c in group]
    dealt = sessions[0].match.round
    mine = dealt.racks[bo] if game == "rummikub" else dealt.hands[bo]
    assert sorted(held) == sorted(card.code for card in mine)
    again = links.deal_session(shared)
    assert again.seat == bo and not again.seating.shared


@pytest.mark.parametrize("seats", ["hard,easy", "person,person", "person,chess", ""])
def test_a_version_2_link_needs_one_person_among_valid_seats(gin_session, seats):
    shared = share(gin_session)
    raw = bytearray(payload(shared))
    at = 1 + sum(len(_value_bytes(getattr(shared.settings, n))) for n in links._game("gin").fields)
    raw[at:at] = _value_bytes(seats)
    data = bytes(raw)
    blob = bytes([0]) + zlib.crc32(data).to_bytes(4, "big") + data
    text = "r2." + base64.urlsafe_b64encode(blob).decode().rstrip("=")
    with pytest.raises(LinkError) as refused:
        decode(text)
    assert refused.value.reason == "bad_settings"


def _value_bytes(value):
    out = bytearray()
    links._put_value(out, value)
    return bytes(out)
