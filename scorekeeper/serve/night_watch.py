"""A night on every screen: one thread follows every game of the night (their chain heads,
five times a second) and, when one moves or a game joins the night, encodes what the night's
pages read: the leaderboard (`night standings --json`), every table's standings, the
board (each table's players, hand, leader and latest entries, corrections marked), and each
table's own page state (state.snapshot: what the table's page and its scorer's page draw).
A game is replayed only when its own head has moved. The board's words (each table's latest
entries) are English, and said in another language when a page in it first asks."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.core import errors, rulesets
from scorekeeper.core.language import _
from scorekeeper.serve import state
from scorekeeper.serve.push import Looker

WATCH_SECONDS = 0.2
LATEST = 4  # entries of each table shown on the board


class NightSnapshot(NamedTuple):
    """Every answer of the night's pages for one state of the store, encoded once."""

    etag: str
    state: bytes  # /api/board: everything the lobby and the board draw
    night: bytes  # /api/night, as `night standings --json` prints it
    tables: bytes  # /api/tables: every table's `standings --json`, in a list
    games: tuple[str, ...] = ()  # the night's game ids, in order
    ok: bool = True
    pages: dict[str, state.Snapshot] | None = None  # each table's page state, by game id
    error: str = ""  # why the night cannot be read (not ok)
    said: state.Said | None = None  # the board in other languages

    def in_language(self, code: str) -> bytes:
        return state.in_language(self, code)


def encoded(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def failed(message: str) -> NightSnapshot:
    body = encoded({"error": message})
    etag = '"error-' + hashlib.sha256(body).hexdigest()[:16] + '"'
    return NightSnapshot(etag, body, body, body, ok=False, pages={}, error=message)


class NightWatcher(Looker):
    """Follows the night named `night` in the store at `folder` from its own thread; `publish`
    is called with each new snapshot, from that thread. `read_only`: the tables' pages take
    no entry."""

    every = WATCH_SECONDS

    def __init__(self, folder: Path, night: str, publish: Callable[[NightSnapshot], None],
                 read_only: bool = False) -> None:  # fmt: skip
        super().__init__(folder, "night-watcher")
        self.night = night
        self.publish = publish
        self.read_only = read_only
        self.current: NightSnapshot | None = None
        self.pages: dict[str, state.Snapshot] = {}  # each table's page state, made before the board's
        self._seen: tuple[Any, ...] | None = None
        # id -> (head, standings, row, page state, entries)
        self._tables: dict[str, tuple[str, dict[str, Any], dict[str, Any], state.Snapshot, list[Any]]] = {}
        self._told: dict[str, Any] = {}  # an entry's hash -> the game as that entry left it (see latest_said)

    def _look(self) -> None:
        from scorekeeper import nights

        try:
            db = self.follower.open()
            night = nights.find(db, self.night)
            elsewhere = self.follower.committed_elsewhere()
            heads = tuple((g.game, db.head(g.game)) for g in night.games)
            if heads == self._seen and not elsewhere:
                return
            if heads == self._seen:  # written to, no head moved: an entry altered where it stands?
                self._tables.clear()  # each table read again
            shot = self._snapshot(db, night, dict(heads))
            self._seen = heads
        except errors.ScorekeeperError as exc:
            self.follower.close()
            self._seen, self.pages = None, {}
            shot = failed(str(exc))
        except Exception as exc:  # a store that replays into something no command writes
            self.follower.close()
            self._seen, self.pages = None, {}
            shot = failed(
                _("the night cannot be shown ({problem}); run `verify`").format(problem=f"{type(exc).__name__}: {exc}")
            )
        if self.current is not None and (self.current.state, pages_of(self.current)) == (shot.state, pages_of(shot)):
            return
        self.current = shot
        self.publish(shot)

    def _snapshot(self, db: Any, night: Any, heads: dict[str, str]) -> NightSnapshot:
        from scorekeeper import nights

        rows, standings, pages, entries = [], [], {}, []
        for g in night.games:
            known = self._tables.get(g.game)
            if known is None or known[0] != heads[g.game]:
                known = (heads[g.game], *self._table(db, g))
                self._tables[g.game] = known
            standings.append(known[1])
            rows.append(known[2])
            pages[g.game] = known[3]
            entries.append(known[4])
        self.pages = pages
        showing = {e.hash for stored in entries for e in stored[-LATEST:]}
        for gone in [h for h in self._told if h not in showing]:  # a game state is kept only while its entry shows
            del self._told[gone]
        self._settle()  # an entry's answer needs its table's page only: it goes before the board is made
        board = nights.standings(db, night.name)  # a progressive night by score, as `night standings`
        body = encoded({"night": board, "tables": rows})

        told = self._told

        def draw(_shared: Any) -> dict[str, Any]:  # the latest entries' words, in the language in use
            latest = [
                # the title was said in English for the board's English state; the ruleset's words in this language
                {**row, "title": rulesets.prose(row["title"]), "latest": latest_said(stored, told)}
                for row, stored in zip(rows, entries, strict=True)
            ]
            return {"night": board, "tables": latest}

        etag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
        return NightSnapshot(etag, body, encoded(board), encoded(standings), tuple(heads), pages=pages,
                             said=state.Said(draw, None))  # fmt: skip

    def _table(self, db: Any, entry: Any) -> tuple[dict[str, Any], dict[str, Any], state.Snapshot, list[Any]]:
        """One game's `standings --json`, its row on the board, its page state and its entries."""
        from scorekeeper import table
        from scorekeeper.words import reports

        db.warnings.clear()  # what this table's read finds amiss goes on this table's page only
        stored = db.events(entry.game)
        known = self._known
        head = stored[-1].hash if stored else ""
        ours = known is not None and known.head == head and known.game_id == entry.game
        game = known.game if ours else table.replay(stored)
        seen = table.Seen(entry.game, stored, game)
        page = state.snapshot(db, entry.game, [], self.read_only, seen)  # no ruleset: no new game here
        standings = reports.standings_data(game)
        status = reports.status_data(game)
        row = {
            "game": game.id,
            "name": game.name,
            "round": entry.round,
            "table": entry.table,
            "ruleset": game.ruleset.name,
            "title": rulesets.prose(game.ruleset.title),
            "players": standings["players"],
            "sides": standings.get("sides", []),  # a partnership game's sides, as `standings --json` gives them
            "hand": status["hand"],
            "dealer": status["dealer"],
            "needs": status["needs"],
            "finished": game.finished,
            "abandoned": game.abandoned,
            "leaders": [p["name"] for p in standings["players"] if p["place"] == 1],
            "latest": latest_said(stored, self._told),
        }
        return standings, row, page, stored


def latest_said(stored: list[Any], told: dict[str, Any]) -> list[dict[str, Any]]:
    """A table's latest entries, oldest first, each said as its reply said it when it was
    recorded ("Hand 3: bids Ann 0, Cat 0 (total 0 for 4 tricks)."), in the language in use; a
    correction, an undo and the game's own entries as the pages tell them (words/told.py), an
    entry that corrects a hand without saying so ("the tricks in hand 2 taken back …") marked
    "correction: …". `told` keeps, by entry, the game as that entry left it (a replay of the
    log up to it, once in its life)."""
    from scorekeeper.words import replies

    lines = state.entries_data(stored)[-LATEST:]
    first = len(stored) - len(lines)
    said = []
    for k, line in enumerate(lines, start=first):
        entry = stored[k]
        if entry.hash not in told:
            told[entry.hash] = _recorded(stored, k)
        recorded = told[entry.hash]
        text = line["text"]
        if recorded is not None and not line["correction"]:
            try:
                text = replies.said(recorded, on_page=True)  # a board is a page: no command to type
            except Exception:  # an entry no reply is written for: the log's words, as before
                text = line["text"]
        elif line["correction"] and entry.body.get("type") != "correction":  # a correction's own words say so already
            text = _("correction: {entry}").format(entry=text)
        said.append({**line, "text": text})
    return said


_AS_THE_LOG = ("game_started", "reversed", "correction", "label", "abandoned")


def _recorded(stored: list[Any], k: int) -> Any:
    """Entry k as `table.record` answered it: the game after it, the hand it went to, the entry;
    None for one the reply does not describe (see _AS_THE_LOG) or a log that does not replay."""
    from scorekeeper.core import engine, events
    from scorekeeper.results import Recorded

    body = stored[k].body
    if body.get("type") in _AS_THE_LOG or not isinstance(body.get("hand"), int):
        return None
    try:
        game = engine.from_log([e.body for e in stored[: k + 1]])
        event = events.parse_all([body])[0]
        hand = game.hands[event.hand - 1]
    except Exception:  # a log that does not replay is the page's refusal to draw, not this line's
        return None
    return Recorded(game, hand, event, stored[k].n)


class TableWatch(NamedTuple):
    """One table seen through the night's watcher, as a single game's routes see their Watcher."""

    night: NightWatcher
    game: str

    def look_now(self, known: Any = None) -> state.Snapshot | None:
        """The table's page state once the watcher has looked again (an entry was just stored
        there); None while the night cannot be read."""
        self.night.look_now(known)
        return self.night.pages.get(self.game)


def pages_of(shot: NightSnapshot) -> dict[str, bytes] | None:
    """Each table's page state, by game id (what tells one night snapshot's pages from another's)."""
    return None if shot.pages is None else {game: page.state for game, page in shot.pages.items()}
