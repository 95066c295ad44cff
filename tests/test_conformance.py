"""Every game keeps the promises of the interface (rummy/game.py), checked the same way for gin,
Basic Rummy at each seat count its rules allow (and under each house rule at one or two) and
Rummikub at each of its: random legal play ends with a result; no card or tile is ever lost or
made; a saved match replays to the same state; what a seat sees does not depend on the cards it
cannot see; and an illegal action is refused with the game's error, changing nothing. And at a
table every seat of which is a person sharing the device, in every game and at every seat count: a
move is taken only from the person on screen, and the cover between two people's turns holds no
hidden card of anyone.

Only the interface is used, plus a small table of what differs per game (`GAMES`): how a match
starts and loads from its record, where the cards lie, and
actions with cards or tiles the seat to move does not hold.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from rummy import basic, gin, rummikub
from rummy.basic.actions import action_code as basic_code
from rummy.basic.session import BasicSession
from rummy.cards import DECK
from rummy.errors import IllegalAction, IllegalPlay
from rummy.gin.actions import action_code as gin_code
from rummy.gin.session import GinSession
from rummy.rng import derive_seed
from rummy.rummikub.actions import action_code as rummikub_code
from rummy.rummikub.moves import runs_and_groups
from rummy.rummikub.session import RummikubSession
from rummy.sessions import Refusal
from support.random_play import BASIC_HOUSE_RULES, reshuffle_hidden

CAP = 3000  # actions: a round still going after this many never ends
SEEDS = (0, 1, 2, 3)
HOUSE_SEEDS = SEEDS[:2]  # for the house rules' entries: fewer deals, to keep the suite fast
ROUNDS = 2  # played of each match, so that records hold a round after the first
REPLAY_EVERY = 50  # a saved match is replayed at every 50th action, and at the end


@dataclass(frozen=True)
class Game:
    """What the checks need of a game beyond the interface."""

    players: tuple[int, ...]  # every seat count its rules allow
    start: Callable[[int, int], Any]  # (players, seed) -> a new match, rules varied by seed
    load: Callable[[dict[str, Any]], Any]  # a match's record -> the match
    deck: Counter[Any]
    everything: Callable[[Any], Counter[Any]]  # a round's cards or tiles, wherever they lie
    not_held: Callable[[Any], list[Any]]  # actions of the seat to move with cards it lacks
    error: type[IllegalAction]
    seeds: tuple[int, ...] = SEEDS


def gin_not_held(hand: gin.Round) -> list[Any]:
    stranger = hand.hands[1 - hand.to_move][0]
    return [gin.Discard(hand.to_move, stranger), gin.Knock(hand.to_move, stranger)]


def basic_not_held(hand: basic.Round) -> list[Any]:
    seat = hand.to_move
    other = hand.hands[(seat + 1) % hand.players]
    return [
        basic.Discard(seat, other[0]),
        basic.LayOff(seat, other[0], 0),
        basic.NewMeld(seat, other[:3]),
    ]


def rummikub_not_held(game: rummikub.Round) -> list[Any]:
    """Plays adding a set of tiles of which the rack has no copy, and three of one such tile."""
    seat, rack = game.to_move, set(game.racks[game.to_move])
    hidden = [tile for s, held in enumerate(game.racks) if s != seat for tile in held]
    strangers = Counter(tile for tile in hidden + list(game.pool) if tile not in rack)
    table = tuple(tile_set.tiles for tile_set in game.table)
    sets = runs_and_groups(strangers)[:2] + [(next(iter(strangers)),) * 3]
    return [rummikub.Play(seat, table + (tiles,)) for tiles in sets]


def rummikub_rules(players: int, seed: int, **house_rules: Any) -> rummikub.Rules:
    """Rules varied by seed (the initial meld on or off, a timer or none), under `house_rules`."""
    return rummikub.Rules(
        players=players,
        initial_meld=(30, 0)[seed % 2],
        rounds=ROUNDS,
        turn_timer=(None, 60)[seed % 2],
        **house_rules,
    )


GAMES = {
    "gin": Game(
        players=(2,),
        start=lambda players, seed: gin.Match.start(
            (gin.HOUSE, gin.PAGAT)[seed % 2], seed, first_dealer=seed % 2
        ),
        load=gin.Match.from_record,
        deck=Counter(DECK),
        everything=lambda hand: Counter(hand.hands[0] + hand.hands[1] + hand.stock + hand.pile),
        not_held=gin_not_held,
        error=IllegalAction,
    ),
    "basic": Game(
        players=tuple(basic.HAND_SIZES),
        start=lambda players, seed: basic.Match.start(
            basic.Rules(players=players, rummy_doubles=seed % 2 == 1), seed
        ),
        load=basic.Match.from_record,
        deck=Counter(DECK),
        everything=lambda hand: Counter(
            [card for held in hand.hands for card in held]
            + [card for laid in hand.table for card in laid.meld.cards]
            + list(hand.stock + hand.pile)
        ),
        not_held=basic_not_held,
        error=IllegalAction,
    ),
    "rummikub": Game(
        players=(2, 3, 4),
        start=lambda players, seed: rummikub.Match.start(rummikub_rules(players, seed), seed),
        load=rummikub.Match.from_record,
        deck=Counter(rummikub.FULL_POOL),
        everything=lambda game: Counter(
            [tile for rack in game.racks for tile in rack]
            + [tile for tile_set in game.table for tile in tile_set.tiles]
            + list(game.pool)
        ),
        not_held=rummikub_not_held,
        error=IllegalPlay,
    ),
}

# Gin under the house rules that change what is legal (issue 31): the first upcard's knock
# limit, big gin, and all of them with the spade's double and the end-of-game bonuses.
GIN_HOUSE_RULES = {
    "gin-oklahoma": {"oklahoma": True},
    "gin-big-gin": {"big_gin_bonus": 31},
    "gin-every-rule": {
        "oklahoma": True,
        "oklahoma_spades_double": True,
        "big_gin_bonus": 50,
        "game_bonuses": True,
        "target": 50,
    },
}


def gin_under(house_rules: dict[str, Any]) -> Game:
    return replace(
        GAMES["gin"],
        seeds=HOUSE_SEEDS,
        start=lambda players, seed: gin.Match.start(
            replace((gin.HOUSE, gin.PAGAT)[seed % 2], **house_rules), seed, first_dealer=seed % 2
        ),
    )


GAMES.update({name: gin_under(house_rules) for name, house_rules in GIN_HOUSE_RULES.items()})

# Basic Rummy under each house rule that changes what is legal, and under all of them at once,
# each at the seat count where it comes up most: several melds and lay-offs at four, an empty
# stock at four (more draws a hand), ace-high runs and the final discard at two.
BASIC_HOUSE_SEATS = {
    "melds-any": (4,),
    "lay-off-after-meld": (4,),
    "ace-both": (2,),
    "final-discard": (2,),
    "stock-shuffle": (4,),
    "stock-end": (4,),
    "all": (2, 4),
}
GAMES.update(
    {
        f"basic-{label}": replace(
            GAMES["basic"],
            players=BASIC_HOUSE_SEATS[label],
            seeds=HOUSE_SEEDS,
            start=lambda players, seed, options=options: basic.Match.start(
                basic.Rules(players=players, **options), seed
            ),
        )
        for label, options in BASIC_HOUSE_RULES.items()
    }
)

# Rummikub under the joker penalty that counts a joker as the highest tile beside it: it changes
# the scores, not what is legal, so one seat count and two seeds.
GAMES["rummikub-joker-face"] = replace(
    GAMES["rummikub"],
    players=(3,),
    start=lambda players, seed: rummikub.Match.start(
        rummikub_rules(players, seed, joker_penalty="face"), seed
    ),
    seeds=HOUSE_SEEDS,
)

CASES = [
    pytest.param(name, players, seed, id=f"{name}-{players}p-seed{seed}")
    for name, game in GAMES.items()
    for players in game.players
    for seed in game.seeds
]


@dataclass(frozen=True)
class Stranger:
    """An action of no game."""

    seat: int


@functools.cache
def played(name: str, players: int, seed: int) -> tuple[Any, ...]:
    """Every state of a match through its first ROUNDS rounds, each played by random legal
    actions (a seeded random.Random), one that ends the round taken whenever one is listed (so
    that knocks and going out are reached, not only an empty stock)."""
    rng = random.Random(seed)
    match = GAMES[name].start(players, seed)
    states = [match]
    while True:
        game = match.round
        if game.is_over:
            if match.is_over or len(match.rounds) == ROUNDS:
                return tuple(states)
            match = match.next_round()
        else:
            assert len(game.actions) < CAP, "the round never ends"
            legal = game.legal_actions()
            ending = [action for action in legal if game.apply(action).is_over]
            action = rng.choice(ending or legal)
            match = match.apply(action)
            assert match.round.actions == game.actions + (action,)
        states.append(match)


@pytest.mark.parametrize("name, players, seed", CASES)
def test_random_legal_play_reaches_a_result(name, players, seed):
    ended = 0
    for match in played(name, players, seed):
        game = match.round
        assert game.players == players and 0 <= game.to_move < players
        legal = game.legal_actions()
        if game.is_over:
            assert legal == ()
            assert game.result.winner is None or 0 <= game.result.winner < players
            ended += 1
        else:
            assert game.result is None
            assert legal and all(action.seat == game.to_move for action in legal)
            assert len(set(legal)) == len(legal) and legal == game.legal_actions()
    assert ended == ROUNDS or match.is_over


@pytest.mark.parametrize("name, players, seed", CASES)
def test_every_card_stays_in_play(name, players, seed):
    deck = GAMES[name].deck
    for match in played(name, players, seed):
        assert GAMES[name].everything(match.round) == deck


@pytest.mark.parametrize("name, players, seed", CASES)
def test_a_saved_match_replays_to_the_same_state(name, players, seed):
    for match in played(name, players, seed):
        if len(match.round.actions) % REPLAY_EVERY == 0 or match.round.is_over:
            loaded = GAMES[name].load(json.loads(json.dumps(match.to_record())))
            assert loaded == match and loaded.round == match.round


@pytest.mark.parametrize("name, players, seed", CASES)
def test_a_view_is_unchanged_when_the_hidden_cards_are_dealt_again(name, players, seed):
    changed = 0
    for match in played(name, players, seed):
        game = match.round
        if game.is_over:
            continue  # the end shows every hand
        for seat in range(players):
            other = reshuffle_hidden(game, seat, derive_seed(seed, len(game.actions), seat))
            assert other.view(seat) == game.view(seat)
            changed += other != game
    assert changed  # the hidden cards really were dealt again


def refused(game: Any, actions: list[Any], error: type[IllegalAction]) -> None:
    """Each action raises `error` and leaves the round as it was (every field of the round is
    immutable, so a copy of the round itself is a copy of all of it)."""
    before = replace(game)
    for action in actions:
        with pytest.raises(error):
            game.apply(action)
        assert game == before


@pytest.mark.parametrize("name, players, seed", CASES)
def test_an_illegal_action_is_refused_and_changes_nothing(name, players, seed):
    """Refused: an action of a seat not to move, one with cards or tiles the seat does not hold,
    one listed a move ago and not now (the round over, or its moment gone: a second draw), and
    one of no game."""
    rng = random.Random(seed)
    error = GAMES[name].error
    before: list[Any] = []
    for match in played(name, players, seed):
        game = match.round
        legal = list(game.legal_actions())
        stale = [action for action in before if action not in legal]
        if game.is_over:
            refused(game, stale + [Stranger(game.to_move)], error)
        else:
            sample = rng.sample(legal, min(3, len(legal)))
            others = [replace(action, seat=(action.seat + 1) % players) for action in sample]
            strange = GAMES[name].not_held(game) + [Stranger(game.to_move)]
            refused(game, others + stale + strange, error)
        before = legal


# ---- a table people share ---------------------------------------------------------------------

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
STEPS = 60  # moves of each shared hand checked: every turn is a cover, so the checks come often
SESSIONS: dict[str, tuple[Any, Callable[[int], dict[str, Any]], Callable[[Any], str]]] = {
    "gin": (GinSession, lambda players: {"target": 50}, gin_code),
    "basic": (
        BasicSession,
        lambda players: {"opponents": players - 1, "hands": 1, "target": None},
        basic_code,
    ),
    "rummikub": (
        RummikubSession,
        lambda players: {"opponents": players - 1, "rounds": 1},
        rummikub_code,
    ),
}
SESSIONS.update(
    {
        name: (GinSession, lambda players, house_rules=house_rules: house_rules, gin_code)
        for name, house_rules in GIN_HOUSE_RULES.items()
    }
)


def words(model: Any) -> set[str]:
    """Every word of every text in a model: where a card or tile code would show."""
    if isinstance(model, dict):
        return set().union(*map(words, model.values())) if model else set()
    if isinstance(model, (list, tuple)):
        return set().union(*map(words, model)) if model else set()
    if isinstance(model, str):
        return set(model.replace("|", " ").replace(",", " ").split())
    return set()


def hidden_codes(session: Any) -> set[str]:
    """The codes of the cards or tiles a seat holds that no other seat's view shows (a card
    taken from the pile, a tile whose twin is on the table, are public)."""
    hand = session.match.round
    holdings = getattr(hand, "racks", None) or hand.hands
    hidden: set[str] = set()
    for seat, held in enumerate(holdings):
        others = set().union(
            *(
                words(replace(session, revealed=o).view_model())
                for o in range(len(holdings))
                if o != seat
            )
        )
        hidden |= {item.code for item in held} - others
    return hidden


@pytest.mark.parametrize(
    "name, players",
    [
        (name, players)
        for name, game in GAMES.items()
        if name in SESSIONS
        for players in game.players
    ],
    ids=lambda value: str(value),
)
def test_a_shared_table_takes_moves_only_from_the_person_on_screen_and_covers_every_hand(
    name, players
):
    cls, settings, code_of = SESSIONS[name]
    people = {"seats": ["person"] * players, "names": list(NAMES[:players])}
    session = cls.create({**settings(players), **people}, seed=players)
    rng = random.Random(players)
    covers = 0
    for _ in range(STEPS):
        hand = session.match.round
        if hand.is_over:
            break
        if session.covered:
            public = session.public_model()
            assert not words(public) & hidden_codes(session), "the cover shows a hidden card"
            move = code_of(rng.choice(hand.legal_actions())).split(" ", 1)[1]
            refusal = session.act(move)
            assert isinstance(refusal, Refusal) and refusal.reason == "covered"
            session = session.act("reveal")
            covers += 1
        assert session.seat == hand.to_move and not session.covered
        legal = hand.legal_actions()
        going_on = [action for action in legal if not hand.apply(action).is_over]
        mine = code_of(rng.choice(going_on or legal))  # the hand kept going, for more covers
        for other in range(players):  # a move in another seat's name: refused, nothing changes
            if other != hand.to_move:
                theirs = f"{other} " + mine.split(" ", 1)[1]
                assert isinstance(session.act(theirs), Refusal)
        after = session.act(mine.split(" ", 1)[1])  # the page's words: the seat on screen's
        assert not isinstance(after, Refusal), after
        session = after
    assert covers >= 5, "too few covers were checked"
