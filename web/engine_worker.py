"""The engine's side of the page: a thin adapter from JSON requests to the session protocol
(`rummy.sessions.Session`), run in a PyScript worker on Pyodide so that no engine work (start-up,
a computer decision, a hint) ever holds the page's main thread.

The DOM layer (main.py, on MicroPython) calls the functions at the bottom through
`pyscript.sync` (`serve`, called by the worker's script, worker_main.py); each takes one JSON
text, the request, and returns one JSON text, the reply. A reply is either `{"ok": true, ...}`
with the session's view model, save and statistics for the page to draw and store, or
`{"ok": false, "reason", "params", "message"}`: a refusal, the session unchanged. The worker
never touches `window` or `document` (and keeps no save: the page stores what each reply
says); this module is ordinary Python, tested under CPython.

Hidden cards, declared once for every game: a reply's `view` is the session's `shown_model()`.
At a table several people share, that is one person's view only while that person is on screen
(after their tap on the cover: the code "reveal"), and otherwise the public model, which holds
no hidden card of anyone. A review is asked for one person's seat, once the page has covered
the table. The save the page stores holds the deal's seed and the public moves, never a hand.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from rummy.sessions import REVIEW_SLICE, CountedStats, Refusal, Session

if TYPE_CHECKING:
    from rummy.links import LinkError

Request = dict[str, Any]  # a request's JSON object
Reply = dict[str, Any]  # a reply, JSON-ready

# Each game's session, imported when the page first asks for that game: the page opens the game
# it shows first, so the others' code does not delay its first hand.
SESSIONS = {
    "gin": "rummy.gin.session:GinSession",
    "basic": "rummy.basic.session:BasicSession",
    "rummikub": "rummy.rummikub.session:RummikubSession",
}


def tutorials() -> ModuleType:
    """rummy.tutorials.session, imported when a tutorial is first asked for: the tutorials'
    deals and scripts are no part of a first hand."""
    return importlib.import_module("rummy.tutorials.session")


def links() -> ModuleType:
    """rummy.links, imported when a link is first written or read: it imports every game's tile
    and card words, which the first hand does not need."""
    return importlib.import_module("rummy.links")


class Engine:
    """The person's sessions, one per game (or none before a first start), and their
    statistics for a game with no session yet."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.tutorials: dict[str, Any] = {}  # by game, a TutorialSession beside the match
        self.stats: dict[str, CountedStats] = {}
        # the last link asked about, and its hand played in a session of its own
        self.linked: tuple[Any, Session | None] = (None, None)

    # ---- the requests ---------------------------------------------------------------------

    def open(self, request: Request) -> Reply:
        """Restore a game's session from the page's storage: `save` and `stats` are the texts
        stored (or null). A corrupted save or statistics are reported in `notices`
        ("save_corrupt", "stats_corrupt" with `problems`) and replaced by a fresh start. The
        reply also names the game's computer levels."""
        cls = self._game(request)
        notices: list[str] = []
        problems: list[str] = []
        stats = cls.stats_type()
        try:
            stats = cls.stats_type.from_dict(_parsed(request.get("stats")))
        except ValueError as error:
            notices.append("stats_corrupt")
            problems.append(str(error))
        self.stats[cls.game] = stats
        self.sessions.pop(cls.game, None)
        save = _parsed(request.get("save"), broken=True)
        if save is not None:
            try:
                self.sessions[cls.game] = cls.restore(save, stats)
            except Exception as error:  # whatever breaks a replay: the page sets the save aside
                notices.append("save_corrupt")
                problems.append(str(error))
        return {
            **self._state(cls.game),
            "levels": list(cls.levels),
            "notices": notices,
            "problems": problems,
        }

    def start(self, request: Request) -> Reply:
        """A new match of `game` with `settings` (the start screen's), dealt from `seed`, or
        from a random one when the request has none. With `daily` (the person's date,
        "2026-12-01"), the day's deal, with the daily settings; with `deal` (a shared link),
        the link's deal, with its settings. With `fair_deal` true, each hand awaits the
        person's cut (the code "cut N"), except a first hand whose cut is fixed: the daily
        deal's (uncut) and a link's. With `tutorial` true, the game's tutorial instead, beside
        the match, which it leaves as it is (`rummy.tutorials.session`)."""
        cls = self._game(request)
        if request.get("tutorial") is True:
            self.tutorials[cls.game] = tutorials().TutorialSession.start(cls)
            return self._tutorial_state(cls.game)
        stats = self._stats(cls.game)  # the session's, when a match is left for a new one
        seed = request.get("seed")
        if seed is None:
            seed = random.getrandbits(63)
        fair = request.get("fair_deal") is True
        try:
            if request.get("deal") is not None:
                shared = links().decode(request["deal"])
                if shared.game != cls.game:
                    raise links().LinkError("unknown_game")
                session = links().deal_session(shared, stats, fair_deal=fair)
            elif request.get("daily") is not None:
                daily = importlib.import_module("rummy.daily")
                session = cls.create(
                    daily.DAILY_SETTINGS[cls.game],
                    daily.daily_seed(cls.game, daily.day_of(request["daily"])),
                    stats,
                    fair_deal=fair,
                    cut=daily.DAILY_CUT,
                )
            else:
                session = cls.create(request.get("settings"), seed, stats, fair_deal=fair)
        except ValueError as error:
            if isinstance(error, links().LinkError):
                return _refusal(_link_refusal(error))
            return _refusal(Refusal("bad_settings", {"detail": str(error)}, str(error)))
        self.sessions[cls.game] = session
        return self._state(cls.game)

    def act(self, request: Request) -> Reply:
        """Play `code` on the game's session: one of the person's moves, "computer",
        "next-hand" or "rematch"; `ms` is how long the engine took, `reply_ms` the whole reply
        (the move, then the model shown, the save and the statistics). With `tutorial` true,
        the move is the game's tutorial's, whose reply has no save and no statistics: a move
        that is not the step's is refused "try_again"."""
        cls = self._game(request)
        if request.get("tutorial") is True:
            return self._tutorial_act(cls, request.get("code"))
        session = self.sessions.get(cls.game)
        if session is None:
            return _refusal(
                Refusal("no_session", {"game": cls.game}, f"No {cls.title} match is being played.")
            )
        began = time.perf_counter()
        after = session.act(request.get("code"))
        ms = round(1000 * (time.perf_counter() - began), 2)
        if isinstance(after, Refusal):
            return {**_refusal(after), "ms": ms}
        self.sessions[cls.game] = after
        state = self._state(cls.game)
        return {**state, "ms": ms, "reply_ms": round(1000 * (time.perf_counter() - began), 2)}

    def hints(self, request: Request) -> Reply:
        """The hint of a game that gives hints: gin's options ranked by the hard player,
        Rummikub's solver move as a table; `ms` is how long the engine took."""
        return self._ask(request, "hints_model", "no_hints", lambda session: session.hints_model())

    def check(self, request: Request) -> Reply:
        """A table as the person has laid it out this turn (`table`: sets of tile codes), checked
        by the engine without playing it (Rummikub): each set valid or why not, and whether the
        whole table would be taken as the play."""
        return self._ask(
            request,
            "check_model",
            "no_check",
            lambda session: session.check_model(request.get("table")),
        )

    def review(self, request: Request) -> Reply:
        """A slice of the review of the hand just finished (`first`: the action to start from,
        `count`: decisions at most; `seat`: whose, by default the person on screen), each
        decision with what that person saw then; `next` is where the next slice starts, None
        once the review is whole. With `link`, the review of the shared hand it holds (from the
        sharer's seat), which touches no session."""
        first, count = request.get("first", 0), request.get("count", REVIEW_SLICE)
        seat = request.get("seat")
        if request.get("link") is not None:
            try:
                session = self._linked(request["link"])
            except links().LinkError as error:
                return _refusal(_link_refusal(error))
            return self._answer(lambda: session.review_model(first, count))
        return self._ask(
            request,
            "review_model",
            "no_review",
            lambda session: session.review_model(first, count, seat),
        )

    def check_deal(self, request: Request) -> Reply:
        """The check of the deal of the hand just finished (`Session.deal_check_model`):
        `commitment`, the fingerprint the page showed before the deal, against the seed and
        cut revealed (or `seed` and `cut`, when given), with the whole deck they deal;
        `matches` false for anything that does not match. Refused while the hand is played."""
        return self._ask(
            request,
            "deal_check_model",
            "no_deal",
            lambda session: session.deal_check_model(
                request.get("commitment"), request.get("seed"), request.get("cut")
            ),
        )

    def share(self, request: Request) -> Reply:
        """The link of the game's hand in play or just ended, from a person's `seat` (by default
        the one on screen): `link`, the fragment ("r1...." or "r2....")."""
        seat = request.get("seat")
        return self._ask(
            request,
            "match",
            "no_session",
            lambda session: {"link": links().encode(links().share(session, seat=seat))},
        )

    def replay(self, request: Request) -> Reply:
        """The shared hand a link holds, step by step (`rummy.links.replay_model`), or the
        link refused (`bad_link`, its `why`) for anything that is not a hand the rules allow.
        Reading a link touches no session and no statistics."""
        try:
            model = links().replay_model(*links().opened(request.get("link")))
        except links().LinkError as error:
            return _refusal(_link_refusal(error))
        return {"ok": True, "answer": model}

    def statistics(self, request: Request) -> Reply:
        """A person's statistics of a game as the sheet shows them: [name, count] pairs, of the
        person called `name` (none: the person with no name), and the names kept."""
        cls = self._game(request)
        stats, name = self._stats(cls.game), request.get("name") or ""
        if not isinstance(name, str):
            raise BadRequest("bad_request", {"detail": "a name is text"})
        return {
            "ok": True,
            "game": cls.game,
            "name": name,
            "names": stats.names(),
            "figures": [list(pair) for pair in stats.figures(name)],
        }

    def started(self, request: Request) -> Reply:
        """How Pyodide started in this worker, as its loader (pyodide-start.mjs) said: "snapshot"
        (the build's memory snapshot restored), "ordinary", or "fallback" (a cached snapshot was
        refused); "ordinary" outside that loader."""
        return {"ok": True, "start": os.environ.get("RUMMY_PYODIDE_START", "ordinary")}

    def close(self, request: Request) -> Reply:
        """Leave the game's match (the page drops its save); the statistics stay. With
        `tutorial` true, leave the game's tutorial: the match is left as it is."""
        cls = self._game(request)
        if request.get("tutorial") is True:
            self.tutorials.pop(cls.game, None)
            return self._tutorial_state(cls.game)
        session = self.sessions.pop(cls.game, None)
        if session is not None:
            self.stats[cls.game] = session.stats
        return self._state(cls.game)

    # ---- helpers --------------------------------------------------------------------------

    def _tutorial_act(self, cls: type[Session], code: Any) -> Reply:
        tutorial = self.tutorials.get(cls.game)
        if tutorial is None:
            return _refusal(
                Refusal("no_session", {"game": cls.game}, f"No {cls.title} tutorial is played.")
            )
        after = tutorial.act(code)
        if isinstance(after, Refusal):
            return _refusal(after)
        self.tutorials[cls.game] = after
        return self._tutorial_state(cls.game)

    def _tutorial_state(self, game: str) -> Reply:
        """A tutorial's reply: its model shown (None once left), and no save nor statistics,
        so the page stores nothing of it."""
        tutorial = self.tutorials.get(game)
        view = tutorial.shown_model() if tutorial else None
        return {"ok": True, "game": game, "tutorial": True, "view": view}

    def _ask(self, request: Request, method: str, missing: str, ask: Callable[[Any], Any]) -> Reply:
        """A question to the game's session that changes nothing: its answer under "answer",
        or a refusal (no session, a game without `method`, an illegal or unreadable question).
        With `tutorial` true it is asked of the tutorial's table (Rummikub's `check` of the turn
        the person builds there), never of the match beside it."""
        cls = self._game(request)
        if request.get("tutorial") is True:
            tutorial = self.tutorials.get(cls.game)
            session = tutorial.table if tutorial is not None else None
        else:
            session = self.sessions.get(cls.game)
        if session is None or not hasattr(session, method):
            return _refusal(
                Refusal(missing, {"game": cls.game}, f"No {method} for {cls.title} now.")
            )
        return self._answer(lambda: ask(session))

    def _answer(self, ask: Callable[[], Any]) -> Reply:
        """The answer of a question that changes nothing, with how long the engine took, or
        the refusal of an illegal or unreadable question."""
        began = time.perf_counter()
        try:
            answer = ask()
        except ValueError as error:  # IllegalAction is one: not the person's turn, a bad table
            reason = getattr(error, "reason", "bad_request")
            return _refusal(
                Refusal(reason, getattr(error, "params", {"detail": str(error)}), str(error))
            )
        return {"ok": True, "answer": answer, "ms": round(1000 * (time.perf_counter() - began), 2)}

    def _linked(self, link: Any) -> Session:
        """The shared hand of `link` played in a session of its own (kept for the next slice of
        its review); LinkError if the link is refused."""
        last, session = self.linked
        if last != link or session is None:
            session = links().opened(link)[1][-1]
            self.linked = (link, session)
        return session

    def _game(self, request: Request) -> type[Session]:
        name = request.get("game")
        if name not in SESSIONS:
            raise BadRequest("unknown_game", {"game": str(name)})
        return session_class(name)

    def _stats(self, game: str) -> CountedStats:
        session = self.sessions.get(game)
        return (
            session.stats
            if session is not None
            else self.stats.get(game) or session_class(game).stats_type()
        )

    def _state(self, game: str) -> Reply:
        session = self.sessions.get(game)
        return {
            "ok": True,
            "game": game,
            "view": session.shown_model() if session else None,
            "save": session.save() if session else None,
            "stats": self._stats(game).as_dict(),
        }


def session_class(game: str) -> type[Session]:
    module, _, name = SESSIONS[game].partition(":")
    cls: type[Session] = getattr(importlib.import_module(module), name)
    return cls


class BadRequest(Exception):
    """A request the engine cannot read: refused like an illegal move."""

    def __init__(self, reason: str, params: dict[str, Any]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


def _refusal(refusal: Refusal) -> Reply:
    return {"ok": False, **refusal.as_dict()}


def _link_refusal(error: LinkError) -> Refusal:
    """A refused link (`rummy.links.LinkError`): `why` is the link's own reason."""
    return Refusal("bad_link", {"why": error.reason, **error.params}, str(error))


def _parsed(text: Any, broken: bool = False) -> Any:
    """A stored text as JSON, None when nothing is stored. A text that is no JSON is kept as
    it is when `broken` (the save's restore then says what is wrong), else a ValueError."""
    if text is None or text == "":
        return None
    try:
        return json.loads(text)
    except ValueError:
        if broken:
            return text
        raise


def handle(engine: Engine, name: str, request_text: Any) -> str:
    """Answer request `name` (a method of Engine) with JSON text, whatever the request holds:
    a request that is no JSON object, or names no game, is refused; the sessions unchanged."""
    try:
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
    except (TypeError, ValueError) as error:
        return json.dumps(_refusal(Refusal("bad_request", {"detail": str(error)}, str(error))))
    try:
        reply = getattr(engine, name)(request)
    except BadRequest as error:
        reply = _refusal(Refusal(error.reason, error.params, f"Request refused: {error.reason}"))
    return json.dumps(reply)


REQUESTS = (
    "open",
    "start",
    "act",
    "hints",
    "check",
    "review",
    "check_deal",
    "share",
    "replay",
    "statistics",
    "started",
    "close",
)


def exports(engine: Engine) -> dict[str, Callable[[Any], str]]:
    """The functions the page calls, by name: each takes and returns JSON text."""

    def answer(name: str) -> Callable[[Any], str]:
        return lambda text: handle(engine, name, text)

    return {name: answer(name) for name in REQUESTS}


def serve(sync: Any) -> None:
    """Answer the page through `sync` (PyScript's `pyscript.sync` in the worker): one function
    per request, on one engine."""
    for name, function in exports(Engine()).items():
        setattr(sync, name, function)
