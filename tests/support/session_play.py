"""Playing a session by codes, as the page does, for the session tests of every game; and a
Basic Rummy session at a chosen position."""

from dataclasses import replace

from rummy.basic import Phase, TableMeld
from rummy.basic.session import BasicSession
from rummy.cards import parse_cards
from rummy.melds import make_meld
from rummy.sessions import Refusal


def acted(session, code):
    """The session after `code`, which it must accept."""
    after = session.act(code)
    assert not isinstance(after, Refusal), after
    return after


def step(session, person):
    """One move: the computer's on its turn, else the person's code `person(session)`."""
    return acted(session, "computer" if session.screen == "opponent" else person(session))


def until(session, screens, person, steps=3000):
    """Play every seat until the session shows one of `screens`."""
    for _ in range(steps):
        if session.screen in screens:
            return session
        session = step(session, person)
    raise AssertionError(f"the session never showed {screens}")


def moves_of_the_hand(session, person, steps=3000):
    """Each move until the hand in play ends, as (what the person saw before it, the session
    after it, the move's action)."""
    for _ in range(steps):
        if session.match.round.is_over:
            return
        before = session.view
        session = step(session, person)
        yield before, session, session.match.round.actions[-1]
    raise AssertionError("the hand did not end")


def basic_at_play(cards, table=(), **settings):
    """A Basic Rummy session against one computer player whose person (seat 0) holds `cards`
    after drawing, `table` melds on the table (each put down by seat 1)."""
    session = BasicSession.create({"opponents": 1, **settings}, 9)
    hand = session.match.round
    melds = tuple(
        TableMeld(1, make_meld(parse_cards(m), session.match.rules.ace_high)) for m in table
    )
    played = replace(
        hand,
        hands=(parse_cards(cards),) + hand.hands[1:],
        table=melds,
        to_move=0,
        phase=Phase.PLAY,
    )
    return replace(session, match=replace(session.match, round=played))
