import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy.cards import DECK, parse_cards
from rummy.melds import (
    ACE_HIGH_MELDS,
    ALL_MELDS,
    best_arrangement,
    best_arrangements,
    deadwood,
    deadwood_of_mask,
    make_meld,
    meld_kind,
    meldable_mask,
    melds_in,
)
from support.brute_force import all_melds, exhaustive_deadwood, is_meld, optimal_meld_collections

hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=11, unique=True)
# Hands packed into few ranks, where melds overlap and greedy choices go wrong.
dense_hands = st.lists(
    st.sampled_from([c for c in DECK if c.rank <= 5]), min_size=0, max_size=11, unique=True
)
# Hands packed round the ace, where ace-high and ace-low runs compete for it.
ace_hands = st.lists(
    st.sampled_from([c for c in DECK if c.rank <= 3 or c.rank >= 10]),
    min_size=0,
    max_size=11,
    unique=True,
)


def test_the_run_of_spades_beats_the_set_of_sevens():
    # gin.md: ♠7 ♠8 ♠9 ♥7 ♦7 and junk: the run wins, deadwood 45 and not 48.
    hand = parse_cards("7S 8S 9S 7H 7D KC QD 5C 4H 2D")
    assert deadwood(hand) == 45
    (arrangement,) = best_arrangements(hand)
    assert [str(m) for m in arrangement.melds] == ["7S-8S-9S"]
    assert arrangement.deadwood == 45


def test_ace_is_low_only():
    assert meld_kind(parse_cards("AH 2H 3H")) == "run"
    assert meld_kind(parse_cards("QH KH AH")) is None
    assert meld_kind(parse_cards("KH AH 2H")) is None
    assert deadwood(parse_cards("QH KH AH")) == 21


def test_ace_high_or_low_adds_q_k_a_but_never_k_a_2():
    # The house rule `ace="both"` of Basic Rummy: the ace ends a run at either end, never turns.
    for run in ("QH KH AH", "JH QH KH AH", "AH 2H 3H", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"):
        assert meld_kind(parse_cards(run), ace_high=True) == "run"
    for bad in ("KH AH 2H", "QH KH AH 2H", "QH KH AD", "KH AH"):
        assert meld_kind(parse_cards(bad), ace_high=True) is None
    assert deadwood(parse_cards("QH KH AH 5C"), ace_high=True) == 5
    assert deadwood(parse_cards("QH KH AH 5C")) == 26  # ace low, as gin plays it
    assert len(ACE_HIGH_MELDS) == len(ALL_MELDS) + 4 * 10  # Q-K-A ... 3-K-A in each suit


def test_an_ace_high_run_shows_its_ace_last():
    assert str(make_meld(parse_cards("AH KH QH"), ace_high=True)) == "QH-KH-AH"
    assert [str(m) for m in melds_in(parse_cards("JD QD KD AD 2D 3D"), ace_high=True)] == [
        "AD-2D-3D",
        "JD-QD-KD",
        "QD-KD-AD",
        "JD-QD-KD-AD",
    ]
    best = best_arrangement(parse_cards("KS AS QS JS 5C"), ace_high=True)
    assert [str(m) for m in best.melds] == ["JS-QS-KS-AS"]
    with pytest.raises(ValueError, match="not a set or a run"):
        make_meld(parse_cards("QH KH AH"))


def test_a_king_high_run_takes_the_ace_only_ace_high_and_an_ace_high_run_grows_downward_only():
    kings = make_meld(parse_cards("JS QS KS"))
    assert [str(c) for c in kings.layoff_cards()] == ["TS"]
    assert [str(c) for c in kings.layoff_cards(ace_high=True)] == ["AS", "TS"]
    assert str(kings.extended(parse_cards("AS")[0], ace_high=True)) == "JS-QS-KS-AS"
    with pytest.raises(ValueError, match="does not fit"):
        kings.extended(parse_cards("AS")[0])
    aces = make_meld(parse_cards("QS KS AS"), ace_high=True)
    assert [str(c) for c in aces.layoff_cards(ace_high=True)] == ["JS"]  # no 2S: K-A-2 never
    low = make_meld(parse_cards("AS 2S 3S"), ace_high=True)
    assert [str(c) for c in low.layoff_cards(ace_high=True)] == ["4S"]  # no KS either
    whole = make_meld(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"))
    assert str(whole.extended(parse_cards("AS")[0], ace_high=True)).startswith("AS-2S")
    assert whole.extended(parse_cards("AS")[0], ace_high=True).layoff_cards(ace_high=True) == ()


def test_sets_are_three_or_four_of_a_rank():
    assert meld_kind(parse_cards("7C 7D 7H")) == "set"
    assert meld_kind(parse_cards("7C 7D 7H 7S")) == "set"
    assert meld_kind(parse_cards("7C 7D")) is None
    assert meld_kind(parse_cards("7C 7D 8H")) is None


def test_a_card_given_twice_makes_no_meld():
    seven, *others = parse_cards("7C 7D 7H")
    assert meld_kind((seven, seven, *others)) is None  # four 7s, but only three cards
    assert meld_kind((seven, seven, *others), ace_high=True) is None
    with pytest.raises(ValueError, match="7C 7C 7D 7H is not a set or a run"):
        make_meld((seven, *others, seven))


def test_a_card_counts_in_one_meld_only():
    # ♥7 cannot serve the three 7s and the hearts run at once.
    hand = parse_cards("7H 7D 7C 8H 9H")
    assert deadwood(hand) == 14


def test_gin_hand_has_no_deadwood():
    hand = parse_cards("AC 2C 3C 4C 5D 5H 5S JD QD KD")
    assert deadwood(hand) == 0
    assert best_arrangement(hand).deadwood_cards == ()


def test_the_deck_has_65_sets_and_264_runs():
    kinds = [kind for _, kind in ALL_MELDS]
    assert kinds.count("set") == 13 * 5
    assert kinds.count("run") == 4 * sum(range(1, 12))


def test_make_meld_refuses_non_melds():
    assert str(make_meld(parse_cards("9S 7S 8S"))) == "7S-8S-9S"
    with pytest.raises(ValueError, match="8D 7S 9S is not a set or a run"):
        make_meld(parse_cards("9S 7S 8D"))


@settings(max_examples=400, deadline=None)
@given(hands)
def test_deadwood_equals_exhaustive_search(hand):
    assert deadwood(hand) == exhaustive_deadwood(hand)


@settings(max_examples=400, deadline=None)
@given(dense_hands)
def test_deadwood_equals_exhaustive_search_on_dense_hands(hand):
    assert deadwood(hand) == exhaustive_deadwood(hand)


@settings(max_examples=200, deadline=None)
@given(dense_hands)
def test_every_meld_of_a_hand_is_listed(hand):
    found = {frozenset(m.cards) for m in melds_in(hand)}
    assert found == set(all_melds(tuple(hand)))


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, dense_hands))
def test_best_arrangements_are_legal_disjoint_and_all_minimal(hand):
    arrangements = best_arrangements(hand)
    assert arrangements
    assert len(set(arrangements)) == len(arrangements)
    for arrangement in arrangements:
        cards = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood_cards)
        assert sorted(cards) == sorted(hand)
        assert all(is_meld(m.cards) and m.kind == meld_kind(m.cards) for m in arrangement.melds)
        assert arrangement.deadwood == deadwood(hand)


@settings(max_examples=200, deadline=None)
@given(dense_hands)
def test_best_arrangements_lists_every_optimal_choice_of_melds(hand):
    found = {frozenset(frozenset(m.cards) for m in a.melds) for a in best_arrangements(hand)}
    assert found == optimal_meld_collections(tuple(hand))


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands, ace_hands))
def test_ace_high_deadwood_equals_exhaustive_search(hand):
    assert deadwood(hand, ace_high=True) == exhaustive_deadwood(hand, ace_high=True)


@settings(max_examples=200, deadline=None)
@given(ace_hands)
def test_ace_high_melds_and_arrangements_are_every_one_and_legal(hand):
    found = {frozenset(m.cards) for m in melds_in(hand, ace_high=True)}
    assert found == set(all_melds(tuple(hand), ace_high=True))
    mask = sum(1 << c.index for c in hand)
    assert meldable_mask(mask, ace_high=True) == sum(1 << c.index for c in set().union(*found))
    assert deadwood_of_mask(mask, ace_high=True) == deadwood(hand, ace_high=True)
    arrangements = best_arrangements(hand, ace_high=True)
    chosen = {frozenset(frozenset(m.cards) for m in a.melds) for a in arrangements}
    assert chosen == optimal_meld_collections(tuple(hand), ace_high=True)
    for arrangement in arrangements:
        for meld in arrangement.melds:
            assert make_meld(meld.cards, ace_high=True) == meld  # in run order
