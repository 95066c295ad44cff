"""A Rummikub session: a person (seat 0) against 1-3 computer players, or 2-4 seats of people
and computer players sharing the device, with the people's statistics, as the page drives it
through the session protocol (`rummy.sessions`).

Everything the page shows comes from `view_model()`: whose turn, every player's tile count and
total, the table's sets, the rack in the two orders the page offers (777 groups, 789 runs),
the initial meld still owed, the round's turns for the move log (each play told as the sets
laid down and the tiles added), the last play's changes to highlight, and the end of round.

While the person builds a turn the page asks `check_model(table)`: each set of the table as
laid out, valid or why not (the engine's reason), the initial meld's tally, and whether the
engine would take the whole table as a play, or its refusal. `hints_model()` is the solver's
move as a table to preview. The page computes none of it, and no rule lives here: legality
and scores come from the round and the match, moves from the solver and the agents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from .. import sessions
from ..errors import IllegalAction
from ..records import HOUSE_RULE
from ..seats import Seating, checked_seating
from ..sessions import (
    CountedStats,
    GameStats,
    MatchSession,
    settings_from_dict,
    settings_record,
)
from . import agents, review
from .actions import parse_action, parse_table
from .match import Match
from .round import (
    INITIAL_MELDS,
    RACK_SIZE,
    Action,
    Draw,
    Play,
    Result,
    Round,
    Rules,
    Timeout,
    View,
    joker_cost,
    new_sets_value,
    rack_total,
    table_kept,
)
from .sets import GROUP, TileSet, read_set
from .solver import DECISION_BUDGET, solve
from .tiles import FULL_POOL, JOKER, JOKER_PENALTY, Tile, parse_tile, sort_key

MAX_OPPONENTS = 3
INITIAL_MELD = 30
SAVE_FORMAT = "rummy-table/rummikub"
SAVE_VERSION = 1
MAX_TABLE_TILES = 106  # a table the page sends for checking holds at most every tile


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen chooses: how many computer players and how well they play, the
    initial meld (on at INITIAL_MELD points, off, or on at another number of points from 20 to
    50, a house rule), a game of `rounds` rounds or to a `target` total (exactly one), the
    turn timer (None: off) and the joker penalty (the Rules' house rule, 30 or "face"); or the
    `seats` (`rummy.seats`: people and computer players, as many as `opponents` + 1) and the
    people's `names`.

    The initial meld has one spelling per rule: 30 points reads as true and 0 as false, as the
    saves and links made before other points existed spell them (so those stay byte for byte,
    and a link of today's rules never depends on how its maker spelt them)."""

    opponents: int = 3
    level: str = "normal"
    initial_meld: bool | int = True
    rounds: int | None = 1
    target: int | None = None
    timer: int | None = None
    joker_penalty: int | str = field(default=JOKER_PENALTY, metadata=HOUSE_RULE)
    seats: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if type(self.opponents) is not int or not 1 <= self.opponents <= MAX_OPPONENTS:
            raise ValueError(
                f"play against 1-{MAX_OPPONENTS} computer players, not {self.opponents!r}"
            )
        if not isinstance(self.level, str) or self.level not in agents.LEVELS:
            raise ValueError(f"level must be one of {', '.join(agents.LEVELS)}, not {self.level!r}")
        if type(self.initial_meld) is int and self.initial_meld in (0, INITIAL_MELD):
            object.__setattr__(self, "initial_meld", self.initial_meld == INITIAL_MELD)
        if type(self.initial_meld) is not bool and (
            type(self.initial_meld) is not int or self.initial_meld not in INITIAL_MELDS
        ):
            raise ValueError(
                "the initial meld is on or off (true or false), or 20-50 points, "
                f"not {self.initial_meld!r}"
            )
        self.rules()  # the game's length, the timer and the joker penalty: by the rules
        checked_seating(self, self.opponents + 1, agents.LEVELS)

    @property
    def seating(self) -> Seating:
        return checked_seating(self, self.opponents + 1, agents.LEVELS)

    def house_rules(self) -> dict[str, Any]:
        """The house rules in force, by name: the initial meld's points when other than 30,
        then the HOUSE_RULE fields off their defaults (`sessions.house_rules`, what links
        carry)."""
        meld = {"initial_meld": self.initial_meld} if type(self.initial_meld) is int else {}
        return meld | sessions.house_rules(self)

    @property
    def initial_meld_points(self) -> int:
        """The points the initial meld needs (0: off)."""
        if type(self.initial_meld) is int:  # a house rule's points (true and false are bools)
            return self.initial_meld
        return INITIAL_MELD if self.initial_meld else 0

    def rules(self) -> Rules:
        return Rules(
            players=self.opponents + 1,
            initial_meld=self.initial_meld_points,
            rounds=self.rounds,
            target=self.target,
            turn_timer=self.timer,
            joker_penalty=self.joker_penalty,
        )

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Stats(GameStats):
    """The person's record over every game; `count(match)` adds each finished round once."""

    rounds: int = 0
    rounds_won: int = 0
    best_round: int = 0  # most points the person won in one round

    def with_hand(self, result: Result, seat: int) -> Stats:
        mine = result.winner == seat
        return replace(
            self,
            rounds=self.rounds + 1,
            rounds_won=self.rounds_won + mine,
            best_round=max(self.best_round, result.scores[seat] if mine else 0),
        )


@dataclass(frozen=True, slots=True)
class RummikubSession(MatchSession):
    """The seats of `settings`: by default a person against computer players."""

    game: ClassVar[str] = "rummikub"
    title: ClassVar[str] = "Rummikub"
    levels: ClassVar[tuple[str, ...]] = tuple(agents.LEVELS)
    save_format: ClassVar[str] = SAVE_FORMAT
    save_version: ClassVar[int] = SAVE_VERSION
    settings_type: ClassVar[Any] = Settings
    stats_type: ClassVar[type[CountedStats]] = Stats
    match_type: ClassVar[Any] = Match
    parse_action = staticmethod(parse_action)
    make_agent = staticmethod(agents.make_agent)
    review_module: ClassVar[Any] = review

    def seen_model(self, view: View) -> dict[str, Any]:
        """What the person saw at a decision: their rack, the table, every other player's tile
        count, the pool's size and the initial meld still owed (0 once made)."""
        return {
            "rack": tile_codes(sorted(view.rack, key=sort_key)),
            "table": [set_model(s) for s in view.table],
            "opponents": [
                {"seat": seat, "tiles": count}
                for seat, count in enumerate(view.rack_counts)
                if seat != view.seat
            ],
            "pool": view.pool_count,
            "initial_meld": 0 if view.melded[view.seat] else view.rules.initial_meld,
        }

    settings: Settings
    match: Match
    stats: Stats = Stats()
    revealed: int | None = None
    seen: int | None = None
    fair_deal: bool = False
    cutting: bool = False

    @classmethod
    def deck_model(cls, rules: Rules, dealer: int, seed: int) -> dict[str, Any]:
        """The tiles a round under `rules` is dealt from `seed`: each seat's rack as dealt, the
        pool in the order it is drawn, and who plays first (drawn from the same seed)."""
        dealt = Round.deal(seed, rules)
        return {
            "hands": [tile_codes(rack) for rack in dealt.racks],
            "pool": tile_codes(dealt.pool),
            "first": dealt.to_move,
        }

    # ---- what the page shows --------------------------------------------------------------

    @property
    def screen(self) -> str:
        """ "play" (the person's turn), "opponent", "round-over" or "game-over" ("pass-device"
        while covered)."""
        game = self.match.round
        if self.covered:
            return "pass-device"
        if game.is_over:
            return "game-over" if self.match.is_over else "round-over"
        return "play" if game.to_move == self.seat else "opponent"

    def view_model(self) -> dict[str, Any]:
        match, game = self.match, self.match.round
        seat = self.on_screen()
        view = game.view(seat)
        rules = view.rules
        owed = rules.initial_meld if not view.melded[seat] else 0
        return {
            "game": self.game,
            "screen": self.screen,
            "settings": settings_record(self.settings),
            "house_rules": self.settings.house_rules(),
            "seat": seat,
            "seats": self.seating.model(),
            "deal": self.deal_model(),
            "players": [
                {
                    "seat": seat,
                    "you": seat == view.seat,
                    "tiles": count,
                    "score": match.scores[seat],
                    "to_move": not game.is_over and seat == game.to_move,
                    "melded": view.melded[seat],
                }
                for seat, count in enumerate(view.rack_counts)
            ],
            "round_number": len(match.rounds),
            "rounds": rules.rounds,
            "target": rules.target,
            "timer": rules.turn_timer,
            "turn": len(game.actions),  # changes with every turn: the page's turn starts afresh
            "pool": view.pool_count,
            "table": [set_model(tile_set) for tile_set in view.table],
            "rack": tile_codes(view.rack),
            "rack_orders": {
                "groups": tile_codes(sorted(view.rack, key=by_number)),
                "runs": tile_codes(sorted(view.rack, key=sort_key)),
            },
            "rack_points": rack_total(view.rack, rules.joker_penalty),
            "initial_meld": owed,
            "drawn": tile_codes(self.last_drawn()),
            "log": turns(game),
            "last_play": last_play(game),
            "result": self._result_model(game),
            "match": {"over": match.is_over, "winners": list(match.winners)},
        }

    def last_drawn(self) -> tuple[Tile, ...]:
        """The tiles the person drew at their last turn of this round, if it was a draw (the
        session may know them: they are on the person's rack)."""
        game = self.match.round
        mine = [i for i, action in enumerate(game.actions) if action.seat == self.seat]
        if not mine or isinstance(game.actions[mine[-1]], Play):
            return ()
        dealt = Round.deal(game.seed, game.rules)
        taken = sum(drawn_count(action) for action in game.actions[: mine[-1]])
        count = drawn_count(game.actions[mine[-1]])
        return dealt.pool[taken : taken + count]

    def public_facts(self) -> dict[str, Any]:
        """Every seat's tile count, total and whether it has melded, the pool, the table, the
        round's turns, the last play, and once the round is over how it ended (every rack is
        shown then)."""
        match, game = self.match, self.match.round
        return {
            "players": [
                {
                    "seat": seat,
                    "tiles": len(rack),
                    "score": match.scores[seat],
                    "melded": game.melded[seat],
                }
                for seat, rack in enumerate(game.racks)
            ],
            "round_number": len(match.rounds),
            "rounds": game.rules.rounds,
            "target": game.rules.target,
            "pool": len(game.pool),
            "table": [set_model(tile_set) for tile_set in game.table],
            "log": turns(game),
            "last_play": last_play(game),
            "result": self._result_model(game),
            "match": {"over": match.is_over, "winners": list(match.winners)},
        }

    def _result_model(self, game: Round) -> dict[str, Any] | None:
        """How the round ended: every rack left, what it costs (and what each joker left on it
        counts, None with none: 30, or under the "face" rule the highest number beside it), the
        round's scores (summing to zero) and the running totals."""
        result = game.result
        if result is None:
            return None
        penalty = game.rules.joker_penalty
        return {
            "winner": result.winner,
            "pool_exhausted": result.pool_exhausted,
            "racks": [
                {
                    "seat": seat,
                    "tiles": tile_codes(rack),
                    "points": rack_total(rack, penalty),
                    "joker_points": joker_cost(rack, penalty) if JOKER in rack else None,
                    "score": result.scores[seat],
                    "total": self.match.scores[seat],
                }
                for seat, rack in enumerate(game.racks)
            ],
        }

    # ---- the person's turn, before it is played -------------------------------------------

    def check_model(self, table: Any) -> dict[str, Any]:
        """The page's table as the person has laid it out (a list of sets, each a list of tile
        codes): each set valid or why not, the initial meld's tally while it applies (`tally`
        of `need`: only what the initial meld counts), and whether the engine takes the table
        as the person's play (`playable`) or its refusal. The page shows the meld reached
        only when the table is playable. ValueError for a table that is not a list of lists of
        tile codes; IllegalAction while covered)."""
        sets = read_table(table)
        game, seat = self.match.round, self.on_screen()
        checked, laid = [], []
        for tiles in sets:
            try:
                tile_set = read_set(tiles)
            except IllegalAction as error:
                checked.append(
                    {
                        "valid": False,
                        "reason": error.reason,
                        "params": dict(error.params),
                        "message": str(error),
                    }
                )
            else:
                laid.append(tile_set)
                checked.append(
                    {
                        "valid": True,
                        "kind": tile_set.kind,
                        "value": tile_set.value,
                        "tiles": tile_codes(tile_set.tiles),
                    }
                )  # as laid out: jokers in place
        refusal = None
        try:
            if game.is_over or game.to_move != seat:
                raise IllegalAction("It is not your turn.", "not_your_turn")
            game.check_play(Play.of(seat, sets))
        except IllegalAction as error:
            refusal = {"reason": error.reason, "params": dict(error.params), "message": str(error)}
        owed = game.rules.initial_meld if not game.melded[seat] else 0
        return {
            "sets": checked,
            "tally": meld_tally(game.table, laid) if owed else None,
            "need": owed,
            "playable": refusal is None,
            "refusal": refusal,
        }

    def hints_model(self) -> dict[str, Any]:
        """The solver's move for the person now, as the table it lays down: each set with the
        places of the rack tiles it takes (empty `placed`: draw), the table tiles it moves to
        another set and where from (`moved`, see `moved_tiles`), and whether it is proven the
        best (`exact`; else the best found within the budget)."""
        game, seat = self.match.round, self.on_screen()
        if game.is_over or game.to_move != seat:
            raise IllegalAction("It is not your turn.", "not_your_turn")
        view = game.view(seat)
        # Within the computer players' budget, so a hint comes as fast as their moves.
        owed = 0 if view.melded[seat] else view.rules.initial_meld
        solution = solve(view.table, view.rack, initial_meld=owed, budget=DECISION_BUDGET)
        if not solution.placed:
            return {"placed": [], "table": [], "moved": [], "exact": solution.exact}
        table = changes(view.table, solution.sets)
        return {
            "placed": tile_codes(solution.placed),
            "table": table,
            "moved": moved_tiles(view.table, solution.sets, table),
            "exact": solution.exact,
        }


# ---- the page's words for tiles, sets and turns -------------------------------------------


def tile_codes(tiles: Iterable[Tile]) -> list[str]:
    return [tile.code for tile in tiles]


def by_number(tile: Tile) -> tuple[int, int]:
    """Number, then colour; jokers last (the 777 order)."""
    colour, number = sort_key(tile)
    return (number if not tile.is_joker else 14, colour)


def set_model(tile_set: TileSet) -> dict[str, Any]:
    return {"tiles": tile_codes(tile_set.tiles), "kind": tile_set.kind}


def read_table(table: Any) -> tuple[tuple[Tile, ...], ...]:
    """Sets of tiles from JSON (a list of lists of codes), empty sets left out; ValueError for
    anything else."""
    if isinstance(table, str):
        sets = parse_table(table)
    elif isinstance(table, list) and all(isinstance(s, list) for s in table):
        sets = tuple(tuple(parse_tile(code) for code in s) for s in table if s)
    else:
        raise ValueError("a table is a list of sets, each a list of tile codes")
    if sum(len(s) for s in sets) > MAX_TABLE_TILES:
        raise ValueError(f"a table holds at most {MAX_TABLE_TILES} tiles")
    return sets


def drawn_count(action: Action) -> int:
    """How many tiles an action asks to draw (fewer when the pool runs out)."""
    return 3 if isinstance(action, Timeout) else 1 if isinstance(action, Draw) else 0


def changes(
    old: Sequence[TileSet], new: Sequence[TileSet], matching: dict[int, int] | None = None
) -> list[dict[str, Any]]:
    """Each set of the `new` table: its tiles, its kind, whether it is "kept" (a set of `old`
    as it was), "new" (only tiles from the rack) or "changed", and the places of the tiles that
    came from the rack. Of two identical tiles, the one in a set that was kept is the table's,
    and a set that `extends` an old one took from the rack the tiles it adds to it (`matching`:
    the `extensions` of old to new, when already known)."""
    if matching is None:
        matching = extensions(old, new)
    kept = Counter(tuple(sorted(s.tiles, key=sort_key)) for s in old)
    added = Counter(t for s in new for t in s.tiles) - Counter(t for s in old for t in s.tiles)
    found: list[dict[str, Any]] = []
    for tile_set in new:
        key = tuple(sorted(tile_set.tiles, key=sort_key))
        entry = {**set_model(tile_set), "state": "changed", "from_rack": []}
        if kept[key]:
            kept[key] -= 1
            entry["state"] = "kept"
        found.append(entry)

    def take(j: int, wanted: Counter[Tile]) -> None:
        places = []
        for i, tile in enumerate(new[j].tiles):
            if wanted[tile] and added[tile]:
                wanted[tile] -= 1
                added[tile] -= 1
                places.append(i)
        found[j]["from_rack"] = places

    for j, i in sorted(matching.items()):  # an old set added to: the tiles added
        if found[j]["state"] != "kept":
            take(j, Counter(new[j].tiles) - Counter(old[i].tiles))
    for whole in (True, False):  # then the sets made only of rack tiles, then the others
        for j, tile_set in enumerate(new):
            entry = found[j]
            if (
                entry["state"] == "kept"
                or entry["from_rack"]
                or (whole and Counter(tile_set.tiles) - added)
            ):
                continue
            take(j, Counter(tile_set.tiles))
            if whole:
                entry["state"] = "new"
    return found


def meld_tally(old: Sequence[TileSet], new: Sequence[TileSet]) -> int:
    """The initial meld's tally of a table being built: the points of its sets made of rack
    tiles alone (the "new" sets of `changes`). Tiles added to the table's sets, or taken from
    them, count nothing: an initial meld leaves the table's sets as they were. On a table that
    keeps them it is the round's own count (`new_sets_value`)."""
    if table_kept(old, new):
        return new_sets_value(old, new)
    found = changes(old, new)
    return sum(s.value for s, entry in zip(new, found, strict=True) if entry["state"] == "new")


def moved_tiles(
    old: Sequence[TileSet], new: Sequence[TileSet], found: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The table tiles a play moves out of their sets, set by set of the `old` table (`found`:
    the `changes` of old to new): each old set stays where most of its tiles stay (a set it
    `extends` first, then the new set holding most of them, one old set to a new set), and
    its other tiles moved. Each entry: the `tiles` that left, and the set they left: its
    place on the old table (`from`), `kind`, and what names it (`colour`, None for a group;
    the numbers `low` to `high`, one number for a group)."""
    table = [
        Counter(t for i, t in enumerate(s.tiles) if i not in entry["from_rack"])
        for s, entry in zip(new, found, strict=True)
    ]
    holder = {i: j for j, i in extensions(old, new).items()}
    overlaps = sorted(
        (-sum((Counter(old[i].tiles) & table[j]).values()), i, j)
        for i in range(len(old))
        if i not in holder
        for j in range(len(new))
        if j not in holder.values()
    )
    for overlap, i, j in overlaps:
        if overlap and i not in holder and j not in holder.values():
            holder[i] = j
    moved = []
    for i, tile_set in enumerate(old):
        left = Counter(tile_set.tiles)
        if i in holder:
            stays = left & table[holder[i]]
            table[holder[i]] -= stays
            left -= stays
        if not left:
            continue
        tiles = []
        for tile in tile_set.tiles:
            if left[tile]:
                left[tile] -= 1
                tiles.append(tile)
        numbers = tile_set.numbers
        moved.append(
            {
                "tiles": tile_codes(tiles),
                "from": i,
                "kind": tile_set.kind,
                "colour": tile_set.colour,
                "low": numbers[0],
                "high": numbers[-1],
            }
        )
    return moved


def describe(old: Sequence[TileSet], new: Sequence[TileSet]) -> dict[str, Any]:
    """A play in words' worth of data: the sets laid down from the rack alone (`played`), the
    rack tiles added to sets with table tiles (`added`, each with the set's kind), and whether
    table sets were rearranged (not merely added to: some old set is in no set that
    `extends` it)."""
    matching = extensions(old, new)
    found = changes(old, new, matching)
    return {
        "played": [entry["tiles"] for entry in found if entry["state"] == "new"],
        "added": [
            {"tiles": [entry["tiles"][i] for i in entry["from_rack"]], "kind": entry["kind"]}
            for entry in found
            if entry["state"] == "changed" and entry["from_rack"]
        ],
        "rearranged": len(matching) < len(old),
    }


def extends(old: TileSet, new: TileSet) -> bool:
    """Whether set `new` is set `old` with tiles added: a group with more colours, a run
    longer at either end, its tiles (jokers too) in their places."""
    if old.kind != new.kind:
        return False
    if old.kind == GROUP:
        return not Counter(old.tiles) - Counter(new.tiles)
    size = len(old.tiles)
    return any(new.tiles[i : i + size] == old.tiles for i in range(len(new.tiles) - size + 1))


def extensions(old: Sequence[TileSet], new: Sequence[TileSet]) -> dict[int, int]:
    """As many old sets as can be, each matched to a new set of its own that `extends` it:
    {new set: old set}. When every old set is matched, the table was only added to."""
    holder: dict[int, int] = {}
    # A set left as it was holds its old self (a maximum matching can always pair them); most
    # sets of a play are, so only the others are searched.
    unchanged: dict[tuple[str, tuple[Tile, ...]], list[int]] = {}
    for j, tile_set in enumerate(new):
        unchanged.setdefault((tile_set.kind, tile_set.tiles), []).append(j)
    left = []
    for i, tile_set in enumerate(old):
        same = unchanged.get((tile_set.kind, tile_set.tiles))
        if same:
            holder[same.pop()] = i
        else:
            left.append(i)

    def place(i: int, tried: set[int]) -> bool:
        for j, tile_set in enumerate(new):
            if j not in tried and extends(old[i], tile_set):
                tried.add(j)
                if j not in holder or place(holder[j], tried):
                    holder[j] = i
                    return True
        return False

    for i in left:
        place(i, set())
    return holder


def turns(game: Round) -> list[dict[str, Any]]:
    """Every turn of the round so far, as the move log tells it: who, and "play" (what it laid
    down), "draw", "timeout" (the penalty draw) or "pass" (a draw from an empty pool). A play
    lays down the whole table, so the table before it is the previous play's."""
    log: list[dict[str, Any]] = []
    table: tuple[TileSet, ...] = ()
    pool = len(FULL_POOL) - RACK_SIZE * game.rules.players  # the pool after the deal
    read: dict[tuple[Tile, ...], TileSet] = {}  # most sets stay from play to play: read once
    for action in game.actions:
        if isinstance(action, Play):
            laid = tuple(
                read.get(tiles) or read.setdefault(tiles, read_set(tiles)) for tiles in action.table
            )
            log.append({"by": action.seat, "kind": "play", **describe(table, laid)})
            table = laid
            continue
        count = min(drawn_count(action), pool)
        pool -= count
        kind = "timeout" if isinstance(action, Timeout) else "draw" if count else "pass"
        log.append({"by": action.seat, "kind": kind, "count": count})
    return log


def last_play(game: Round) -> dict[str, Any] | None:
    """The table's last change, for the page to highlight: who played it, and the table as
    `changes` describes it (the sets kept, changed or new, the tiles from the rack)."""
    plays = [(turn, action) for turn, action in enumerate(game.actions) if isinstance(action, Play)]
    if not plays:
        return None
    turn, play = plays[-1]
    old = tuple(read_set(tiles) for tiles in plays[-2][1].table) if len(plays) > 1 else ()
    return {"by": play.seat, "turn": turn, "table": changes(old, game.table)}
