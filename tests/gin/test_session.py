"""The gin session behind the page: what its view model tells the page (the screens, what each
discard would leave, the card just drawn, the computer's last move, the settlement with its
bonus and lay-offs), its refusals, its statistics and its hints."""

import json
from dataclasses import fields, replace

import pytest
from rummy.cards import parse_card, parse_cards
from rummy.gin import COMPUTER, PERSON, Knock, Phase, Rules, preset
from rummy.gin.session import GinSession, Settings, Stats
from rummy.melds import deadwood
from rummy.records import rules_dict
from rummy.sessions import arrangements, grouped, sorted_by
from support.session_play import acted, moves_of_the_hand
from support.session_play import until as play_until


def new(seed, **settings):
    return GinSession.create(settings, seed)


def play(session, *codes):
    for code in codes:
        session = acted(session, code)
    return session


def by_hint(session):
    """The person's move code by the hard player's hint."""
    best = session.hints_model()[0]
    verb = {
        "TakeUpcard": "take",
        "PassUpcard": "pass",
        "DrawStock": "stock",
        "DrawDiscard": "pile",
        "Discard": "discard",
        "Knock": "knock",
    }[best["move"]]
    return f"{verb} {best['card']}" if verb in ("discard", "knock") else verb


def until(session, screens, person=by_hint):
    """Play both seats (the person by its hint) until the session shows one of `screens`."""
    return play_until(session, screens, person, steps=500)


def test_a_new_session_has_the_computer_deal_so_the_person_is_offered_the_upcard():
    session = new(3, target=50, level="easy")
    view = session.view_model()
    assert session.match.round.dealer == COMPUTER
    assert view["screen"] == "upcard" and view["target"] == 50
    assert view["pile_top"] == session.match.round.pile[-1].code
    assert sum(len(group) for group in view["hand"]["melds"]) == 10
    assert view["opponent"] == {"cards": 10, "taken": []}


def test_the_screens_follow_the_hand():
    session = play(new(4), "pass")
    assert session.screen == "opponent"  # the dealer is asked next
    session = until(session, {"draw", "discard"})
    if session.screen == "draw":
        session = play(session, "stock")
    assert session.screen == "discard" and len(session.view.hand) == 11
    session = until(session, {"settle", "match-over"})
    assert session.match.round.is_over and session.view_model()["result"] is not None


def test_an_illegal_move_is_refused_with_its_reason_and_values():
    session = new(5)
    assert session.act("stock").reason == "upcard_pending"
    taken = play(session, "take")
    card = taken.match.round.drawn_from_pile
    refusal = taken.act(f"discard {card}")
    assert (refusal.reason, refusal.params) == ("discard_taken_card", {"card": card.code})


def test_knocking_above_the_limit_names_the_deadwood_and_the_limit():
    session = play(new(6), "take")
    options = session.view_model()["discards"]
    card = next(
        code for code, option in options.items() if option["discard"] and option["deadwood"] > 10
    )
    refusal = session.act(f"knock {card}")
    assert refusal.reason == "knock_too_high"
    assert refusal.params == {"card": card, "deadwood": options[card]["deadwood"], "limit": 10}


def test_each_discard_says_what_it_leaves_and_whether_a_knock_with_it_is_legal_or_gin():
    for seed in range(12):
        session = until(new(seed), {"discard"})
        view = session.view
        options = session.view_model()["discards"]
        assert set(options) == {card.code for card in view.hand}
        knocks = {a.card.code for a in view.legal_actions if isinstance(a, Knock)}
        for code, option in options.items():
            left = deadwood(c for c in view.hand if c.code != code)
            assert option["deadwood"] == left
            assert option["knock"] == (code in knocks)
            assert option["gin"] == (code in knocks and left == 0)
            assert option["discard"] == (parse_card(code) != view.drawn_from_pile)
        assert until(session, {"opponent", "settle", "match-over"}).view_model()["discards"] == {}


def test_the_card_just_drawn_is_named_from_the_stock_or_the_pile():
    session = until(new(7), {"draw"})
    top = session.view.pile[-1]
    from_pile = play(session, "pile")
    assert from_pile.view_model()["drawn"] == top.code == from_pile.view_model()["taken_from_pile"]
    from_stock = play(session, "stock")
    new_card = set(from_stock.view.hand) - set(session.view.hand)
    assert from_stock.view_model()["drawn"] == new_card.pop().code
    assert from_stock.view_model()["taken_from_pile"] is None
    assert session.view_model()["drawn"] is None


def test_the_last_move_shows_what_was_discarded_taken_or_passed_never_a_stock_card():
    seen = set()
    for before, session, action in moves_of_the_hand(new(8, level="easy"), by_hint):
        move = session.view_model()["last_move"]
        assert move["by"] == ("you" if action.seat == PERSON else "opponent")
        assert move["move"] == type(action).__name__
        if move["move"] in ("TakeUpcard", "DrawDiscard", "PassUpcard"):
            assert move["card"] == before.pile[-1].code
        elif move["move"] in ("Discard", "Knock"):
            assert move["card"] == action.card.code
        else:
            assert move["card"] is None
        seen.add(move["move"])
    assert {"DrawStock", "Discard"} <= seen


def test_a_discard_is_told_with_the_draw_of_its_turn_and_a_card_taken_with_whose_discard_it_was():
    """The status line tells a whole turn ("The computer took your discard 9D and discarded
    8S"): the last move names the draw that began its turn, and a card taken from the pile
    names who discarded it (nobody for the upcard, which was dealt)."""
    seen = set()
    for seed in (8, 9, 10):
        for _, session, _ in moves_of_the_hand(new(seed, level="easy"), by_hint):
            model = session.view_model()
            move, log = model["last_move"], model["log"]
            if move["move"] in ("Discard", "Knock"):  # a turn is a draw, then a discard
                assert move["drew"] == log[-2] and log[-2]["by"] == move["by"]
                seen.add((move["by"], move["drew"]["move"]))
            else:
                assert move["drew"] is None
            other = "opponent" if move["by"] == "you" else "you"
            expected = {"DrawDiscard": other, "TakeUpcard": None}.get(move["move"])
            assert move["from"] == expected
    assert {("opponent", "DrawStock"), ("opponent", "DrawDiscard")} <= seen


def test_the_move_log_holds_every_move_of_the_hand_as_it_was_told():
    told = []
    for _, session, _ in moves_of_the_hand(new(8, level="easy"), by_hint):
        model = session.view_model()
        move = dict(model["last_move"])
        del move["drew"]  # the last move's own addition: its turn's draw, a move told before
        told.append(move)
        assert model["log"] == told
    assert len(told) > 10


def test_the_whole_discard_pile_is_public():
    for _, session, _ in moves_of_the_hand(new(8), by_hint):
        model = session.view_model()
        assert model["pile"] == [card.code for card in session.view.pile]
        assert model["pile_top"] == (model["pile"][-1] if model["pile"] else None)


def knock_position(person, computer, rules="house", **house_rules):
    """The person to discard holding `person` (11 cards), the computer holding `computer`."""
    session = play(new(9, rules=rules, **house_rules), "pass")
    hand = session.match.round
    hands = (parse_cards(person), parse_cards(computer))
    hand = replace(
        hand,
        hands=hands,
        phase=Phase.DISCARD,
        to_move=PERSON,
        upcard_passes=2,
        drawn_from_pile=None,
    )
    return replace(session, match=replace(session.match, round=hand))


def test_the_settlement_shows_lay_offs_in_place_and_the_bonus_apart():
    session = knock_position("7C 8C 9C 4H 4S 4D KS KH KD 2C AS", "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    result = play(session, "knock AS").view_model()["result"]
    assert (result["kind"], result["winner"], result["knocker"]) == ("knock", "you", "you")
    assert result["bonus"] == 0 and result["knocker_hand"]["deadwood"] == 2
    run = next(meld for meld in result["knocker_hand"]["melds"] if "7C" in meld["cards"])
    assert run["cards"] == [
        "5C",
        "6C",
        "7C",
        "8C",
        "9C",
        "TC",
    ]  # lay-offs where they extend the run
    assert sorted(run["laid_off"]) == ["5C", "6C", "TC"]
    defender = result["defender_hand"]
    assert sorted(defender["deadwood_cards"]) == sorted("JH QH 3D 5D 8H 9S 2H".split())
    assert result["points"] == defender["deadwood"] - 2


@pytest.mark.parametrize("rules, bonus", [("house", 25), ("pagat", 20)])
def test_a_gin_names_its_bonus(rules, bonus):
    session = knock_position(
        "7C 8C 9C 4H 4S 4D 4C KS KH KD AS", "5C 6C TC JH QH 3D 5D 8H 9S 2H", rules
    )
    view = play(session, "knock AS").view_model()
    assert view["discards"] == {}
    result = view["result"]
    assert (result["kind"], result["bonus"]) == ("gin", bonus)
    assert result["points"] == bonus + result["defender_hand"]["deadwood"]
    assert all(
        not meld["laid_off"] for meld in result["knocker_hand"]["melds"]
    )  # no lay-offs on gin


def test_the_gin_option_is_offered_before_the_knock():
    session = knock_position("7C 8C 9C 4H 4S 4D 4C KS KH KD AS", "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    options = session.view_model()["discards"]
    assert options["AS"] == {"deadwood": 0, "discard": True, "knock": True, "gin": True}
    assert options["7C"]["gin"] is False


def test_hints_rank_only_the_persons_legal_options():
    session = new(13)
    assert {h["move"] for h in session.hints_model()} == {"TakeUpcard", "PassUpcard"}
    upcard = next(h for h in session.hints_model() if h["move"] == "TakeUpcard")
    assert upcard["card"] == session.match.round.pile[-1].code


def test_statistics_count_each_finished_hand_once_even_when_counted_again():
    session = until(new(10, target=50), {"settle", "match-over"})
    result = session.match.round.result
    assert session.stats.hands == (result.kind != "dead")
    assert session.stats.hands_won == (result.winner == PERSON)
    assert session.stats.count(session.match) == session.stats
    assert GinSession.restore(session.save(), session.stats).stats == session.stats


def test_statistics_record_a_whole_match():
    session = new(11, target=50, level="easy")
    while not session.match.is_over:
        session = until(session, {"settle", "match-over"})
        if session.screen == "settle":
            session = play(session, "next-hand")
    stats, hands = session.stats, session.match.rounds
    assert stats.matches == 1
    assert stats.matches_won == (session.match.winner == PERSON)
    assert stats.hands == sum(h.result.kind != "dead" for h in hands)
    assert stats.hands_won == sum(h.result.winner == PERSON for h in hands)
    assert stats.gins == sum(h.result.winner == PERSON and h.result.kind == "gin" for h in hands)
    assert [name for name, _ in stats.figures()] == [
        "matches",
        "matches_won",
        "hands",
        "hands_won",
        "gins",
        "undercuts",
        "best_hand",
        "best_match",
    ]


def test_statistics_from_a_damaged_save_are_refused():
    assert Stats.from_dict(Stats(hands=3).as_dict()) == Stats(hands=3)
    assert Stats.from_dict(None) == Stats()
    for bad in ("x", {"hands": -1}, {"gins": "2"}, {"match_counted": 1}):
        with pytest.raises(ValueError):
            Stats.from_dict(bad)


def test_settings_are_validated():
    with pytest.raises(ValueError):
        Settings(target=75)
    with pytest.raises(ValueError):
        Settings(rules="oklahoma")
    assert Settings.from_dict({"target": 50}) == Settings(target=50)
    with pytest.raises(ValueError, match="unknown setting oklahomma"):  # a misspelt house rule
        Settings.from_dict({"target": 50, "oklahomma": True})


def test_the_hand_is_grouped_by_melds_with_the_deadwood_apart():
    hand = parse_cards("7S 8S 9S 7H 7D 7C KC 2D AH")
    groups = grouped(hand)
    assert {frozenset(g) for g in groups[:-1]} == {
        frozenset(parse_cards("7S 8S 9S")),
        frozenset(parse_cards("7H 7D 7C")),
    }
    assert groups[-1] == tuple(parse_cards("AH 2D KC"))


def test_the_hand_sorts_by_suit_or_rank_and_each_arrangement_holds_the_whole_hand():
    hand = parse_cards("KC 2D AH 2C")
    assert sorted_by(hand, "suit") == tuple(parse_cards("2C KC 2D AH"))
    assert sorted_by(hand, "rank") == tuple(parse_cards("AH 2C 2D KC"))
    with pytest.raises(ValueError):
        sorted_by(hand, "colour")
    shown = arrangements(hand)
    assert shown["suit"] == [["2C", "KC", "2D", "AH"]] and shown["rank"] == [
        ["AH", "2C", "2D", "KC"]
    ]
    for groups in shown.values():
        assert sorted(code for group in groups for code in group) == sorted(
            card.code for card in hand
        )


def test_a_hint_says_why_in_reasons_not_figures():
    session = new(13)
    for _ in range(200):
        model = session.view_model()
        hints = session.hints_model()
        for hint in hints:
            assert hint["why"] and all(isinstance(reason["why"], str) for reason in hint["why"])
            assert not any(isinstance(v, float) for reason in hint["why"] for v in reason.values())
        if model["screen"] == "discard":
            for hint in hints:
                if hint["move"] == "Discard":
                    leaves = next(r for r in hint["why"] if r["why"] == "leaves")
                    assert leaves["points"] == model["discards"][hint["card"]]["deadwood"]
        shown = [hint for hint in hints if hint["shown"]]
        assert not hints or (shown[0] == hints[0] and len(shown) <= 4)
        if model["screen"] in ("settle", "match-over"):
            return
        session = acted(session, "computer" if model["screen"] == "opponent" else by_hint(session))
    raise AssertionError("the hand did not end")


def hint_for(session, move, card=None):
    return next(
        h
        for h in session.hints_model()
        if h["move"] == move and (card is None or h["card"] == card)
    )


def draw_position(person, top):
    """The person to draw holding `person` (10 cards), with `top` on the discard pile."""
    session = knock_position(person + " " + top, "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    hand = session.match.round
    hands = (tuple(c for c in hand.hands[0] if c.code != top), hand.hands[1])
    hand = replace(hand, hands=hands, pile=hand.pile + parse_cards(top), phase=Phase.DRAW, turns=1)
    return replace(session, match=replace(session.match, round=hand))


def test_a_hint_names_the_meld_a_pile_card_completes_or_the_card_it_goes_with():
    session = draw_position("7C 8C 9C 4H 4S KS KH KD 2C AS", "4D")
    assert hint_for(session, "DrawDiscard")["why"] == [
        {"why": "completes", "card": "4D", "cards": ["4D", "4H", "4S"]}
    ]
    session = draw_position("7C 8C 9C 4H 4S KS KH KD 2C AS", "3S")
    assert hint_for(session, "DrawDiscard")["why"][0]["why"] in ("near", "completes")
    session = draw_position("7C 8C 9C 4H 4S 4D KS KH KD AS", "QC")
    assert hint_for(session, "DrawStock")["why"] == [{"why": "fits_nothing", "card": "QC"}]


def test_a_hint_says_a_high_loose_card_counts_against_you_and_what_is_left():
    session = knock_position("7C 8C 9C 4H 4S 4D KS KH KD 2C JH", "5C 6C TC AH QH 3D 5D 8H 9S 2H")
    discard = hint_for(session, "Discard", "JH")
    assert discard["why"][0] == {"why": "high", "card": "JH"}
    assert {"why": "leaves", "points": 2} in discard["why"]


def test_a_hint_to_knock_says_gin_when_every_card_melds():
    session = knock_position("7C 8C 9C 4H 4S 4D 4C KS KH KD AS", "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    assert hint_for(session, "Knock", "AS")["why"] == [{"why": "gin"}]
    knock = hint_for(session, "Knock", "4C")  # 4♣ kept out of the set: A♠ is deadwood
    assert knock["why"][0]["points"] == 1


def until_a_knock(seed):
    """A new match played by the hint, the computer in turn, until the person to discard may
    knock."""
    session = new(seed)
    for _ in range(200):
        if any(isinstance(action, Knock) for action in session.view.legal_actions):
            return session
        session = acted(session, "computer" if session.screen == "opponent" else by_hint(session))
    raise AssertionError("no knock came")


def named(hints, name, card):
    return next(h for h in hints if h["name"] == name and h["card"] == card)


def test_with_a_knock_legal_the_hint_names_discarding_without_knocking_against_knocking():
    session = until_a_knock(39)  # 7♦ may go with a knock or without one
    hints = session.hints_model()
    best = hints[0]
    assert (best["name"], best["card"]) == ("DiscardNoKnock", "7D")  # 弃7♦，先不敲
    assert named(hints, "Knock", "7D")["shown"]  # 弃7♦并敲牌, the other answer, always shown
    knock = next(a for a in session.hints() if a.action == Knock(PERSON, parse_card("7D")))
    assert best["why"][0] == {"why": "play_on", "score": round(knock.expected_points)}
    assert all(h["name"] == "DiscardNoKnock" for h in hints if h["move"] == "Discard")
    assert [h["shown"] for h in hints].count(True) == 4


def test_a_hint_to_knock_names_discarding_the_same_card_without_knocking_beside_it():
    session = knock_position("7C 8C 9C 4H 4S 4D KS KH KD TH 9D", "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    hints = session.hints_model()
    assert (hints[0]["name"], hints[0]["card"]) == ("Knock", "TH")
    assert named(hints, "DiscardNoKnock", "TH")["shown"]
    assert not any(
        reason["why"] == "play_on" for reason in named(hints, "DiscardNoKnock", "TH")["why"]
    )


def test_without_a_knock_a_discard_is_named_plainly():
    session = knock_position("7C 8C 9C 4H 4S KD QS 2C 5H 8D JS", "5C 6C TC JH QH 3D 5D 8H 9S 2H")
    hints = session.hints_model()
    assert {h["name"] for h in hints} == {"Discard"}
    assert [h["shown"] for h in hints] == [True] * 4 + [False] * (len(hints) - 4)


def test_the_review_of_a_knock_lists_it_with_its_cost_beside_playing_on():
    knocked = play(until_a_knock(39), "knock 7D")
    review = knocked.review_model(0, 32)
    decision = review["decisions"][-1]
    assert decision["move"] == "0 knock 7D" and decision["cost"] > 0
    knock = next(option for option in decision["options"] if option["move"] == "0 knock 7D")
    assert (knock["name"], knock["shown"], knock["cost"]) == ("Knock", True, decision["cost"])
    assert (decision["options"][0]["move"], decision["options"][0]["name"]) == (
        "0 discard 7D",
        "DiscardNoKnock",
    )
    assert knocked.match.round.result.winner == PERSON and review["won"] is True


def test_the_review_always_shows_the_move_made_however_far_down_it_ranks():
    session = until_a_knock(39)
    worst = [h for h in session.hints_model() if h["move"] == "Discard"][-1]  # the worst discard
    index = len(session.match.round.actions)
    session = until(play(session, f"discard {worst['card']}"), ("settle", "match-over"))
    review = session.review_model(0, 32)
    decision = next(d for d in review["decisions"] if d["index"] == index)
    assert decision["move"] == f"0 discard {worst['card']}" and len(decision["options"]) > 5
    shown = [option for option in decision["options"] if option["shown"]]
    assert [o["move"] for o in shown] == [o["move"] for o in decision["options"][:3]] + [
        "0 knock 7D",  # the other answer to whether to knock
        decision["move"],  # the move made, last of all, with its cost
    ]
    assert shown[-1]["cost"] == decision["cost"] > 0
    assert all(option["name"] != "Discard" for option in decision["options"])  # a knock was legal
    assert session.match.round.result.winner == COMPUTER and review["won"] is False  # a gin


# ---- house rules (Oklahoma, big gin, game bonuses) -------------------------------------------

OPTIONS = {
    "oklahoma": True,
    "oklahoma_spades_double": True,
    "big_gin_bonus": 50,
    "game_bonuses": True,
    "box_bonus": 20,
}


def test_the_settings_house_rules_are_the_rules_own_with_their_defaults():
    house = {f.name: f.default for f in fields(Rules) if f.metadata.get("house_rule")}
    assert {f.name: f.default for f in fields(Settings) if f.metadata.get("house_rule")} == house
    assert set(house) == set(OPTIONS)
    for rules in ("house", "pagat"):
        chosen = GinSession.rules_for(Settings(rules=rules, target=50, **OPTIONS))
        assert chosen == replace(preset(rules, 50), **OPTIONS)


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"big_gin_bonus": 40}, "big_gin_bonus must be 0 .*not 40"),
        ({"box_bonus": 30}, "box_bonus must be 20 or 25 points, not 30"),
        ({"oklahoma_spades_double": True}, "oklahoma_spades_double"),
        ({"oklahoma": "yes"}, "oklahoma must be true or false, not 'yes'"),
    ],
)
def test_a_bad_house_rule_in_the_settings_or_a_save_is_refused_by_name(bad, message):
    with pytest.raises(ValueError, match=message):
        Settings.from_dict(bad)
    save = new(3).save()
    with pytest.raises(ValueError, match=message):
        GinSession.restore({**save, "settings": {**save["settings"], **bad}})


def test_a_save_names_the_house_rules_only_when_they_are_on():
    assert set(new(3).save()["settings"]) == {"target", "level", "rules"}
    assert set(new(3).save()["match"]["rules"]) == set(rules_dict(preset("house")))
    session = until(new(3, target=50, **OPTIONS), {"settle", "match-over"})
    save = session.save()
    assert save["settings"] == {"target": 50, "level": "normal", "rules": "house", **OPTIONS}
    restored = GinSession.restore(json.loads(json.dumps(save)))
    assert restored.match == session.match and restored.settings == session.settings
    mismatched = {**save, "settings": {**save["settings"], "big_gin_bonus": 31}}
    with pytest.raises(ValueError, match="does not follow its saved settings"):
        GinSession.restore(mismatched)


def test_the_page_is_told_the_hands_knock_limit_and_the_house_rules_in_force():
    plain = new(3).view_model()
    assert (plain["knock_limit"], plain["multiplier"], plain["house_rules"]) == (10, 1, {})
    session = new(3, oklahoma=True, big_gin_bonus=31)
    model = session.view_model()
    upcard = session.match.round.upcard
    assert model["knock_limit"] == (0 if upcard.rank == 1 else upcard.value)
    assert model["house_rules"] == {"oklahoma": True, "big_gin_bonus": 31}
    assert session.public_model()["knock_limit"] == model["knock_limit"]


def test_the_person_goes_big_gin_and_the_settlement_names_its_bonus():
    eleven, computer = "7C 8C 9C 4H 4S 4D 4C KS KH KD KC", "5C 6C TC JH QH 3D 5D 8H 9S 2H"
    session = knock_position(eleven, computer)
    assert session.view_model()["can_big_gin"] is False
    assert session.act("biggin").reason == "no_big_gin"
    session = knock_position(eleven, computer, big_gin_bonus=31)
    assert session.view_model()["can_big_gin"] is True
    assert hint_for(session, "BigGin")["why"] == [{"why": "big_gin"}]
    result = play(session, "biggin").view_model()["result"]
    assert (result["kind"], result["knocker"], result["bonus"]) == ("big_gin", "you", 31)
    assert result["points"] == 31 + result["defender_hand"]["deadwood"]
    assert sum(len(meld["cards"]) for meld in result["knocker_hand"]["melds"]) == 11


def test_the_match_summary_names_each_bonus_and_the_final_totals():
    session = new(11, target=50, level="easy", game_bonuses=True)
    while not session.match.is_over:
        session = until(session, {"settle", "match-over"})
        if session.screen == "settle":
            assert session.view_model()["match"]["bonuses"] == {"you": [], "opponent": []}
            session = play(session, "next-hand")
    match, model = session.match, session.view_model()["match"]
    roles = {PERSON: "you", COMPUTER: "opponent"}
    assert model["bonuses"] == {
        roles[seat]: [
            {"name": b.name, "times": b.times, "points": b.points} for b in match.bonuses[seat]
        ]
        for seat in (0, 1)
    }
    assert model["totals"] == {roles[seat]: match.totals[seat] for seat in (0, 1)}
    assert model["bonuses"][roles[match.reached]][0] == {"name": "game", "times": 1, "points": 100}
    assert model["won"] == (match.winner == PERSON)
    assert session.stats.best_match == (match.totals[PERSON] if match.winner == PERSON else 0)
