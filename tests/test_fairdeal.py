"""A deal you can check (rummy.fairdeal, docs/fair-deal.md): before each hand the table shows a
commitment to the hand's seed and nothing of the hand; the person cuts with a number from 1 to
999, and nothing else is taken until then; a wrong cut is refused and changes nothing. Once the
hand is over the seed is shown, and the check deals the same deck as the table did, in every
game; a changed seed or cut does not match. The seed never shows before the hand is over, and
saves, links and daily deals without a cut stay as they were."""

import json
import subprocess
import sys
from datetime import date

import pytest
from rummy import links, records
from rummy.basic.session import BasicSession
from rummy.daily import DAILY_SETTINGS, daily_seed
from rummy.fairdeal import CUTS, commitment, cut_seed, person_cut
from rummy.gin.session import GinSession
from rummy.rummikub.session import RummikubSession
from rummy.sessions import Refusal

GAMES = {
    "gin": (GinSession, {"level": "easy"}),
    "basic": (BasicSession, {"opponents": 2, "level": "easy", "hands": 2, "target": None}),
    "rummikub": (RummikubSession, {"opponents": 1, "level": "easy", "rounds": 2, "target": None}),
}


def fair(game, seed=42):
    cls, settings = GAMES[game]
    return cls.create(settings, seed, fair_deal=True)


def played_out(session):
    """The session once its hand is over: the person takes their first legal move, the computer
    players their own."""
    while not session.match.round.is_over:
        hand = session.match.round
        if session.seating.is_person(hand.to_move):
            session = session.played(hand.legal_actions()[0])
        else:
            session = session.act("computer")
    return session


def secret_numbers(session):
    """The hand's seed and the seed its deck was shuffled from, as the page's JSON would write
    them."""
    match = session.match
    seed = records.hand_seed(match.seed, len(match.finished), match.first_deal)
    return {str(seed), str(match.round.seed)}


def test_the_commitment_is_sixteen_bytes_of_sha256_in_eight_groups_and_differs_by_seed():
    assert commitment(6332618229526065668) == "5e11 9d6f b139 7ad9 b5f4 2644 ed3f 290d"
    assert commitment(6332618229526065669) != commitment(6332618229526065668)
    with pytest.raises(ValueError):
        commitment(1 << 64)


def test_each_cut_shuffles_from_its_own_seed_and_cut_0_is_the_seed_itself():
    seeds = {cut_seed(7, cut) for cut in CUTS}
    assert len(seeds) == len(CUTS) and 7 not in seeds
    assert cut_seed(7, 0) == 7
    for wrong in (-1, 1000, True, "5", 2.0):
        with pytest.raises(ValueError):
            cut_seed(7, wrong)


@pytest.mark.parametrize("typed", ["0", "1000", "-5", "", "abc", "٣", "1e2", " ", None, True, 4.0])
def test_a_cut_the_person_types_outside_1_to_999_is_refused(typed):
    with pytest.raises(ValueError) as refused:
        person_cut(typed)
    assert refused.value.reason == "bad_cut" and refused.value.params == {"low": 1, "high": 999}


@pytest.mark.parametrize("game", GAMES)
def test_before_the_cut_the_table_shows_the_commitment_and_nothing_of_the_hand(game):
    session = fair(game)
    model = session.shown_model()
    assert model["screen"] == "cut"
    assert model["deal"]["commitment"] == commitment(records.hand_seed(42, 0))
    assert model["deal"]["cut"] is None and model["deal"]["seed"] is None
    assert {"hand", "rack", "pile_top", "discards", "log"}.isdisjoint(model["deal"])
    assert session.public_model() == model
    for asked in (session.view_model, session.hints_model if game == "gin" else session.view_model):
        with pytest.raises(ValueError, match="awaits its cut"):
            asked()
    with pytest.raises(ValueError, match="awaits its cut"):
        links.share(session)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "code, reason",
    [
        ("computer", "cut_first"),
        ("next-hand", "cut_first"),
        ("stock", "cut_first"),
        ("cut", "bad_cut"),
        ("cut 0", "bad_cut"),
        ("cut 1000", "bad_cut"),
        ("cut 5 6", "bad_cut"),
        ("cut five", "bad_cut"),
        (None, "cut_first"),
    ],
)
def test_while_the_deck_awaits_its_cut_anything_else_is_refused_and_changes_nothing(
    game, code, reason
):
    session = fair(game)
    refused = session.act(code)
    assert isinstance(refused, Refusal) and refused.reason == reason
    assert session.save() == fair(game).save()


@pytest.mark.parametrize("game", GAMES)
def test_a_cut_when_no_deal_awaits_one_is_refused(game):
    cls, settings = GAMES[game]
    refused = cls.create(settings, 42).act("cut 5")
    assert isinstance(refused, Refusal) and refused.reason == "no_cut"
    after = fair(game).act("cut 5")
    assert after.act("cut 6").reason == "no_cut"


@pytest.mark.parametrize("game", GAMES)
def test_the_check_deals_the_deck_the_table_dealt(game):
    session = fair(game).act("cut 417")
    dealt = session.match.round
    assert session.match.cuts == (417,)
    assert dealt.seed == cut_seed(records.hand_seed(42, 0), 417)
    session = played_out(session)
    found = session.deal_check_model(session.shown_model()["deal"]["commitment"])
    assert found["matches"] and found["commitment_matches"] and found["deal_matches"]
    deck = found["deck"]
    if game == "rummikub":
        assert deck["hands"] == [[t.code for t in rack] for rack in dealt.racks]
        assert deck["pool"] == [t.code for t in dealt.pool] and deck["first"] == dealt.to_move
    else:
        assert deck["hands"] == [[c.code for c in hand] for hand in dealt.hands]
        assert deck["upcard"] == dealt.upcard.code
        assert deck["stock"] == [c.code for c in dealt.stock]  # the cards nobody drew too


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_seed_or_cut_does_not_match(game):
    session = played_out(fair(game).act("cut 417"))
    proof = session.shown_model()["deal"]
    assert proof["seed"] is not None and proof["cut"] == 417 and not proof["fixed"]
    shown = proof["commitment"]
    other_seed = session.deal_check_model(shown, seed=proof["seed"] + 1)
    assert not other_seed["matches"] and not other_seed["commitment_matches"]
    other_cut = session.deal_check_model(shown, cut=418)
    assert not other_cut["matches"] and other_cut["commitment_matches"]
    assert not other_cut["deal_matches"]
    other_commitment = session.deal_check_model(commitment(proof["seed"] + 1))
    assert not other_commitment["matches"]
    assert not session.deal_check_model("not a fingerprint")["matches"]
    with pytest.raises(ValueError) as refused:
        session.deal_check_model(shown, cut=5000)
    assert refused.value.reason == "bad_proof"


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_never_shows_before_the_hand_is_over(game):
    session = fair(game)
    secret = secret_numbers(session)
    seen = [session.shown_model(), session.public_model()]
    session = session.act("cut 417")
    secret |= secret_numbers(session)
    steps = 0
    while not session.match.round.is_over:
        seen += [session.shown_model(), session.public_model()]
        hand = session.match.round
        view = session.match.view(hand.to_move)  # all a computer player is given
        assert not secret & {str(value) for value in vars_of(view)}
        if steps % 7 == 0:
            with pytest.raises(ValueError, match="over"):
                session.deal_check_model()
        if session.seating.is_person(hand.to_move):
            session = session.played(hand.legal_actions()[0])
        else:
            session = session.act("computer")
        steps += 1
    text = json.dumps(seen)
    assert not [number for number in secret if number in text]
    assert str(records.hand_seed(42, 0)) in json.dumps(session.shown_model())


def vars_of(view):
    return [getattr(view, name) for name in getattr(view, "__slots__", ()) or vars(view)]


@pytest.mark.parametrize("game", GAMES)
def test_the_next_hand_and_a_rematch_await_the_cut_and_a_save_keeps_it(game):
    session = played_out(fair(game).act("cut 3"))
    following = session.act("next-hand")
    assert following.cutting and following.shown_model()["screen"] == "cut"
    save = json.loads(json.dumps(following.save()))
    assert save["fair_deal"] is True and save["cutting"] is True
    assert save["match"]["cuts"] == [3, 0]  # the placeholder's, until the cut
    restored = type(session).restore(save)
    assert restored.cutting and restored.shown_model() == following.shown_model()
    cut = restored.act("cut 999")
    assert cut.match.cuts == (3, 999) and not cut.cutting
    assert type(session).restore(cut.save()).match == cut.match


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("cuts", [[1000], ["3"], [None], [3, 4], 3, [-1], [True]])
def test_a_save_with_a_corrupted_cut_is_refused_by_name(game, cuts):
    session = fair(game).act("cut 3")
    save = json.loads(json.dumps(session.save()))
    save["match"]["cuts"] = cuts
    with pytest.raises(ValueError, match="cuts"):
        type(session).restore(save)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_cut_awaits_a_hand_already_begun_is_refused(game):
    cls, settings = GAMES[game]
    save = played_out(fair(game).act("cut 3")).save()
    with pytest.raises(ValueError, match="does not await"):
        cls.restore({**save, "cutting": True})
    with pytest.raises(ValueError, match="true or false"):
        cls.restore({**save, "fair_deal": "yes"})


@pytest.mark.parametrize("game", GAMES)
def test_a_game_never_cut_saves_and_links_as_before(game):
    cls, settings = GAMES[game]
    session = played_out(cls.create(settings, 42))
    save = session.save()
    assert {"fair_deal", "cutting"}.isdisjoint(save) and "cuts" not in save["match"]
    assert session.shown_model()["deal"] == {
        "commitment": commitment(records.hand_seed(42, 0)),
        "cut": 0,
        "fixed": True,
        "cuts": [1, 999],
        "seed": records.hand_seed(42, 0),
        "verify": session.shown_model()["deal"]["verify"],
    }
    assert links.encode(links.share(session))[:3] in ("r1.", "r2.", "r3.")


@pytest.mark.parametrize("game", GAMES)
def test_a_cut_hands_link_carries_its_proof_and_deals_it_again(game):
    session = played_out(fair(game).act("cut 417"))
    link = links.encode(links.share(session))
    assert link.startswith("r4.")
    shared = links.decode(link)
    assert (shared.seed, shared.cut) == (records.hand_seed(42, 0), 417)
    again = links.deal_session(shared, fair_deal=True)
    assert again.match.round.seed == session.match.round.seed and not again.cutting
    proof = links.replay_model(*links.opened(link))["view"]["deal"]
    assert proof["cut"] == 417 and proof["fixed"] and proof["seed"] == shared.seed
    assert again.deal_model()["commitment"] == session.deal_model()["commitment"]


@pytest.mark.parametrize("game", GAMES)
def test_the_daily_deals_cut_is_fixed_uncut_and_its_proof_says_so(game):
    cls = GAMES[game][0]
    seed = daily_seed(game, date(2026, 12, 1))
    session = cls.create(DAILY_SETTINGS[game], seed, fair_deal=True, cut=0)
    assert not session.cutting
    assert session.match.round == cls.create(DAILY_SETTINGS[game], seed).match.round
    assert session.shown_model()["deal"]["fixed"] and session.shown_model()["deal"]["cut"] == 0


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "rummy", "verify", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_prints_the_deck_the_table_dealt(game):
    session = played_out(fair(game).act("cut 417"))
    proof = session.shown_model()["deal"]
    deck = session.deal_check_model()["deck"]
    command = proof["verify"].split()[4:]  # after "python -m rummy verify"
    done = run(*command, "--commitment", proof["commitment"], "--json")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["matches"] and printed["deck"] == deck
    from_link = run(links.encode(links.share(session)), "--json")
    assert json.loads(from_link.stdout)["deck"] == deck
    text = run(*command).stdout
    assert " ".join(deck["hands"][0]) in text and proof["commitment"] in text
    wrong = run(*command, "--commitment", commitment(proof["seed"] + 1))
    assert wrong.returncode == 1 and "does NOT match" in wrong.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["12"], "a seed needs its cut and its --game"),
        (["12", "5"], "a seed needs its cut and its --game"),
        (["12", "1000", "--game", "gin"], "'1000' is not a cut"),
        (["12", "5", "--game", "chess"], "invalid choice: 'chess'"),
        (["99999999999999999999", "5", "--game", "gin"], "64-bit"),
        (["12", "5", "--game", "gin", "--dealer", "2"], "dealer must be seat 0 or 1"),
        (["12", "5", "--game", "gin", "--players", "3"], "gin is for 2 players"),
        (["12", "5", "--game", "basic", "--players", "9"], "--players"),
        (["r1.AAAA"], "neither a seed nor a shared hand's link"),
        (["hello"], "neither a seed nor a shared hand's link"),
    ],
)
def test_wrong_arguments_to_verify_are_argparse_errors_not_tracebacks(args, message):
    done = run(*args)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr
