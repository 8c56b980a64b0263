"""A night on every screen: one thread follows every game of the night (their chain heads,
five times a second) and, when one moves or a game joins the night, encodes what the night's
pages read: the leaderboard (`night standings --json`), every table's standings, and the
board (each table's players, hand, leader and latest entries, corrections marked). A game is
replayed only when its own head has moved."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.core import errors
from scorekeeper.serve.push import StoreFollower

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


def encoded(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def failed(message: str) -> NightSnapshot:
    body = encoded({"error": message})
    return NightSnapshot('"error-' + hashlib.sha256(body).hexdigest()[:16] + '"', body, body, body, ok=False)


class NightWatcher:
    """Follows the night named `night` in the store at `folder` from its own thread; `publish`
    is called with each new snapshot, from that thread."""

    def __init__(self, folder: Path, night: str, publish: Callable[[NightSnapshot], None]) -> None:
        self.follower = StoreFollower(folder)
        self.night = night
        self.publish = publish
        self.current: NightSnapshot | None = None
        self._seen: tuple[Any, ...] | None = None
        self._tables: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {}  # id -> (head, standings, row)
        self._stop = threading.Event()
        self._poke = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="night-watcher", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(30)

    def stop(self) -> None:
        self._stop.set()
        self._poke.set()
        self._thread.join(5)

    def look_now(self) -> None:
        self._poke.set()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._look()
                self._ready.set()
                self._poke.wait(WATCH_SECONDS)
                self._poke.clear()
        finally:
            self.follower.close()

    def _look(self) -> None:
        from scorekeeper import nights

        try:
            db = self.follower.open()
            night = nights.find(db, self.night)
            heads = tuple((g.game, db.head(g.game)) for g in night.games)
            if heads == self._seen:
                return
            shot = self._snapshot(db, night, dict(heads))
            self._seen = heads
        except errors.ScorekeeperError as exc:
            self.follower.close()
            self._seen = None
            shot = failed(str(exc))
        except Exception as exc:  # a store that replays into something no command writes
            self.follower.close()
            self._seen = None
            shot = failed(f"the night cannot be shown ({type(exc).__name__}: {exc}); run `verify`")
        if self.current is not None and self.current.state == shot.state:
            return
        self.current = shot
        self.publish(shot)

    def _snapshot(self, db: Any, night: Any, heads: dict[str, str]) -> NightSnapshot:
        from scorekeeper import nights

        board = nights.standings(db, night.name, "places")
        rows, standings = [], []
        for g in night.games:
            known = self._tables.get(g.game)
            if known is None or known[0] != heads[g.game]:
                known = (heads[g.game], *self._table(db, g))
                self._tables[g.game] = known
            standings.append(known[1])
            rows.append(known[2])
        state = {"night": board, "tables": rows}
        body = encoded(state)
        etag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
        return NightSnapshot(etag, body, encoded(board), encoded(standings), tuple(heads))

    def _table(self, db: Any, entry: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """One game's `standings --json`, and its row on the board."""
        from scorekeeper import table
        from scorekeeper.serve import state
        from scorekeeper.words import reports

        stored = db.events(entry.game)
        game = table.replay(stored)
        standings = reports.standings_data(game)
        status = reports.status_data(game)
        row = {
            "game": game.id,
            "name": game.name,
            "round": entry.round,
            "table": entry.table,
            "ruleset": game.ruleset.name,
            "title": game.ruleset.title,
            "players": standings["players"],
            "hand": status["hand"],
            "dealer": status["dealer"],
            "needs": status["needs"],
            "finished": game.finished,
            "abandoned": game.abandoned,
            "leaders": [p["name"] for p in standings["players"] if p["place"] == 1],
            "latest": state.entries_data(stored)[-LATEST:],
        }
        return standings, row
