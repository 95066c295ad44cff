"""The tutorials, read like the rules page: each plays through its own steps from its fixed
deal to the end; every move it prompts is legal where it prompts it and uses the cards it
highlights; each lesson the issue names comes up; a wrong move, legal or not, gets the kind
word and the same step, with nothing changed; and every sentence is in every language."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from unittest.mock import ANY

import pytest
from rummy.basic.actions import LayOff, NewMeld
from rummy.basic.actions import action_code as basic_code
from rummy.basic.session import BasicSession
from rummy.basic.state import Ending as BasicEnding
from rummy.cards import parse_cards
from rummy.gin.actions import DrawDiscard, Knock, TakeUpcard
from rummy.gin.actions import action_code as gin_code
from rummy.gin.session import GinSession
from rummy.gin.settle import Ending as GinEnding
from rummy.melds import best_arrangement, make_meld
from rummy.rummikub.actions import action_code as rummikub_code
from rummy.rummikub.round import Play as RummikubPlay
from rummy.rummikub.round import new_sets_value
from rummy.rummikub.session import RummikubSession
from rummy.rummikub.sets import RUN
from rummy.sessions import Refusal
from rummy.tutorials import GAMES
from rummy.tutorials import tutorial as tutorial_of
from rummy.tutorials.lesson import DONE, TRY_AGAIN, Lesson, ScriptError, TryAgain
from rummy.tutorials.session import GO_ON, TutorialSession
from rummy.tutorials.steps import PERSON, PILE, STOCK, Computer, Play, Say, table

TUTORIALS = {game: tutorial_of(game) for game in GAMES}
ACTION_CODES = {"gin": gin_code, "basic": basic_code, "rummikub": rummikub_code}
ILLEGAL = {"gin": "knock 2H", "basic": "layoff 2H 7", "rummikub": "play K11 K12 K13"}  # no one's
I18N = Path(__file__).resolve().parents[1] / "web" / "i18n"


def hand(round_):
    """The person's cards or tiles, as codes."""
    held = round_.racks[PERSON] if hasattr(round_, "racks") else round_.hands[PERSON]
    return Counter(str(item) for item in held)


def walk(tutorial):
    """Every lesson a person who follows the script sees, first to done, with the move they
    made there (the step's first move; None at a sentence, gone on from)."""
    lesson = Lesson.begin(tutorial)
    while not lesson.done:
        step = lesson.current
        move = step.moves[0] if isinstance(step, Play) else None
        yield lesson, move
        lesson = lesson.attempt(move) if move is not None else lesson.go_on()
        assert isinstance(lesson, Lesson), f"{tutorial.game}: {move!r} did not reach the next step"
    yield lesson, None


def prompted(tutorial):
    """(the lesson at each step for the person's move, the lesson after it)."""
    lessons = [lesson for lesson, _ in walk(tutorial)]
    return [
        (a, b) for a, b in zip(lessons, lessons[1:], strict=False) if isinstance(a.current, Play)
    ]


def last_lesson(tutorial):
    """The lesson once the script is played: done."""
    return [lesson for lesson, _ in walk(tutorial)][-1]


def person_actions(tutorial):
    """The person's moves in the hand the script plays."""
    return [a for a in last_lesson(tutorial).round.actions if a.seat == PERSON]


def shown_steps(tutorial):
    """How many steps a person sees: the computer's are played at once."""
    return sum(not isinstance(step, Computer) for step in tutorial.steps)


@pytest.mark.parametrize("game", GAMES)
def test_the_count_of_steps_a_person_sees_goes_up_one_at_a_time(game):
    shown = [lesson.model() for lesson, _ in walk(TUTORIALS[game]) if not lesson.done]
    assert [step["place"] for step in shown] == list(range(1, len(shown) + 1))
    assert {step["places"] for step in shown} == {len(shown)}


@pytest.mark.parametrize("game", GAMES)
def test_each_tutorial_plays_its_own_steps_to_the_end_and_the_person_wins(game):
    done = last_lesson(TUTORIALS[game])
    assert done.done and done.current is None
    assert done.round.is_over and done.round.result.winner == PERSON
    assert done.model() == {
        "step": len(TUTORIALS[game].steps),
        "of": len(TUTORIALS[game].steps),
        "place": shown_steps(TUTORIALS[game]),
        "places": shown_steps(TUTORIALS[game]),
        "text": DONE,
        "highlight": [],
        "target": None,
        "waiting_for_tap": False,
        "move": None,
        "done": True,
    }


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_rests_only_on_the_persons_steps_each_in_turn(game):
    tutorial = TUTORIALS[game]
    shown = [lesson.step for lesson, _ in walk(tutorial)]
    people = [i for i, step in enumerate(tutorial.steps) if not isinstance(step, Computer)]
    assert shown == people + [len(tutorial.steps)]
    for lesson, move in walk(tutorial):
        if move is not None:  # a move is asked for on the person's turn
            assert lesson.round.to_move == PERSON and not lesson.round.is_over


@pytest.mark.parametrize("game", GAMES)
def test_every_prompted_move_is_legal_there_and_uses_the_cards_it_highlights(game):
    tutorial = TUTORIALS[game]
    for before, after in prompted(tutorial):
        step = before.current
        assert before.model()["move"] == step.moves[0]  # the page points at the taps that make it
        for move in step.moves:
            before.round.apply(tutorial.parse(f"{PERSON} {move}"))  # legal: no refusal
        taken = hand(before.round) - hand(after.round)
        assert taken == Counter(step.highlight), f"step {before.step}: {step.moves[0]}"
        if not step.highlight:  # a draw: it points at where the card comes from
            assert step.target in (STOCK, PILE)
        if isinstance(step.target, str) and step.target.startswith("table"):
            assert int(step.target.split()[1]) < len(before.round.table)


@pytest.mark.parametrize("game", GAMES)
def test_a_sentence_points_only_at_cards_of_the_hand_and_at_the_table_there_is(game):
    for lesson, _ in walk(TUTORIALS[game]):
        step = lesson.current
        if isinstance(step, Say):
            assert not Counter(step.highlight) - hand(lesson.round)
            if step.target is not None:
                assert step.target in {table(n) for n in range(len(lesson.round.table))}


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_is_not_the_steps_gets_the_kind_word_and_the_step_again(game):
    tutorial = TUTORIALS[game]
    for lesson, move in walk(tutorial):
        if move is None:
            if not lesson.done:
                assert lesson.attempt("draw") == TryAgain(lesson.step)  # a sentence takes no move
            continue
        expected = {tutorial.same(tutorial.parse(f"{PERSON} {m}")) for m in lesson.current.moves}
        others = [
            action
            for action in lesson.round.legal_actions()
            if tutorial.same(action) not in expected
        ]
        assert others, f"step {lesson.step} leaves no other legal move to try"
        for action in others[:3]:
            code = ACTION_CODES[game](action).split(maxsplit=1)[1]  # as the page words it
            assert lesson.attempt(code) == TryAgain(lesson.step, TRY_AGAIN)
        for wrong in (ILLEGAL[game], "", None, 42, ["take"], "nonsense", f"1 {move}", f"0 {move}"):
            assert lesson.attempt(wrong) == TryAgain(lesson.step)
        assert lesson.go_on() == TryAgain(lesson.step)  # a move step is not gone past
        assert isinstance(lesson.attempt(move), Lesson)  # and after them the step's move plays


def test_the_same_move_in_another_order_is_the_steps_move():
    basic = Lesson.begin(TUTORIALS["basic"]).go_on().attempt("stock")
    assert basic.attempt("meld 7S 7D 7H").step == basic.step + 1
    rummikub = Lesson.begin(TUTORIALS["rummikub"]).go_on()
    assert rummikub.attempt("play B10 O10 K10 | R10 R11 R12").step == rummikub.step + 2
    assert rummikub.attempt("play R12 R11 R10 | K10 B10 O10").step == rummikub.step + 2
    assert rummikub.attempt("play R10 R11 K10 | R12 B10 O10") == TryAgain(rummikub.step)  # no sets


def test_gin_teaches_melds_deadwood_the_upcard_the_pile_a_knock_and_lay_offs():
    tutorial = TUTORIALS["gin"]
    steps = {step.text: step for step in tutorial.steps if not isinstance(step, Computer)}
    dealt = tutorial.deal.hands[PERSON]
    make_meld(parse_cards(" ".join(steps["tutorial.gin.melds"].highlight)))  # a meld
    melded = {card for meld in best_arrangement(dealt).melds for card in meld.cards}
    assert not melded & set(parse_cards(" ".join(steps["tutorial.gin.deadwood"].highlight)))
    played = person_actions(tutorial)
    assert TakeUpcard(PERSON) in played and DrawDiscard(PERSON) in played
    assert isinstance(played[-1], Knock)
    result = last_lesson(tutorial).round.result
    assert (result.kind, result.knocker) == (GinEnding.KNOCK, PERSON)
    assert result.settlement.layoffs  # the computer laid off on the person's melds


def test_basic_rummy_teaches_a_meld_a_lay_off_on_the_computers_meld_and_going_out():
    tutorial = TUTORIALS["basic"]
    done = last_lesson(tutorial).round
    played = person_actions(tutorial)
    assert any(isinstance(action, NewMeld) for action in played)
    layoffs = [action for action in played if isinstance(action, LayOff)]
    assert layoffs and all(done.table[a.target].owner != PERSON for a in layoffs)
    assert done.result.kind is BasicEnding.OUT and not done.hands[PERSON]


def runs(round_):
    """The runs on the table, each as its tiles."""
    return [tile_set.tiles for tile_set in round_.table if tile_set.kind == RUN]


def extends_a_run(before, after):
    """Whether a run of the table is still there with tiles added at an end, nothing else."""
    old, new = runs(before), runs(after)
    return len(old) == len(new) and any(
        len(n) > len(o) and o in (n[: len(o)], n[-len(o) :]) for o in old for n in new
    )


def splits_a_run(before, after):
    """Whether one run of the table is gone and two new runs hold its tiles."""
    gone = [run for run in runs(before) if run not in runs(after)]
    came = [run for run in runs(after) if run not in runs(before)]
    return len(gone) == 1 and len(came) == 2 and not Counter(gone[0]) - Counter(came[0] + came[1])


def test_rummikub_teaches_the_initial_meld_extending_and_splitting_a_run_and_a_joker():
    tutorial = TUTORIALS["rummikub"]
    moves = [(a.round, b.round) for a, b in prompted(tutorial)]
    first_before, first_after = moves[0]
    assert not first_before.melded[PERSON] and first_after.melded[PERSON]
    assert new_sets_value(first_before.table, first_after.table) >= first_before.rules.initial_meld
    assert any(extends_a_run(before, after) for before, after in moves)
    assert any(splits_a_run(before, after) for before, after in moves)
    assert any(hand(before)["J"] > hand(after)["J"] for before, after in moves)  # a joker laid
    assert all(isinstance(action, RummikubPlay) for action in person_actions(tutorial))


@pytest.mark.parametrize("game", GAMES)
def test_a_script_the_round_refuses_is_a_script_error(game):
    tutorial = TUTORIALS[game]
    first_computer = next(i for i, s in enumerate(tutorial.steps) if isinstance(s, Computer))
    steps = list(tutorial.steps)
    steps[first_computer] = Computer("0 nonsense")
    broken = replace(tutorial, steps=tuple(steps))
    with pytest.raises(ScriptError, match=f"step {first_computer}"):
        list(walk(broken))


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_every_sentence_of_every_tutorial_is_in_every_language(lang):
    catalog = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    texts = {
        (tutorial.game, step.text)
        for tutorial in TUTORIALS.values()
        for step in tutorial.steps
        if not isinstance(step, Computer)
    }
    assert all(text.startswith(f"tutorial.{game}.") for game, text in texts)
    assert not ({TRY_AGAIN, DONE} | {text for _, text in texts}) - set(catalog)


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_drawn_by_the_games_own_session_and_counts_nothing(game):
    session_type = {"gin": GinSession, "basic": BasicSession, "rummikub": RummikubSession}[game]
    settings = session_type.settings_of(TUTORIALS[game].settings)
    assert session_type.rules_for(settings) == TUTORIALS[game].deal.rules
    session = TutorialSession.start(session_type)
    for lesson, move in walk(TUTORIALS[game]):
        assert session.lesson == lesson and session.table.match.round == lesson.round
        assert session.shown_model()["tutorial"] == lesson.model()
        if move is not None:
            assert session.act("nonsense") == Refusal(
                "try_again", TryAgain(lesson.step).as_dict(), ANY
            )
        session = session.act(move if move is not None else GO_ON) if not lesson.done else session
    assert session.table.match.scores[PERSON] > 0  # the hand's score, on the table as in a match
    assert session.table.stats.figures() == session_type.stats_type().figures()  # none counted
    assert not hasattr(session, "save") and not hasattr(session, "statistics")
