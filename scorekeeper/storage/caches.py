"""The store's caches beside its record, each row keyed by the chain head it was worked out at.

Data derived from games by replaying them (the summaries behind `stats`, game states), and
what each entry needs to know about the other games (the game_facts table). Dropping them
loses nothing; a row is used only while its game's head is still the one it names. `Caches`
is a part of store.Store: its methods are the store's, on the store's connection.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from typing import Any

from scorekeeper.core import errors
from scorekeeper.storage import opening
from scorekeeper.storage.chain import GameSummary
from scorekeeper.storage.opening import _sqlite_errors
from scorekeeper.storage.schema import _DERIVED_TABLE, FACTS_TRIGGERS, _migrate_1_to_2

_DERIVED_UPSERT = (
    "INSERT INTO derived (kind, game_id, head, data) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (kind, game_id) DO UPDATE SET head = excluded.head, data = excluded.data"
)


class Caches:
    """The store's caches (a part of store.Store)."""

    # -- derived data: a cache, not part of the record --

    def derived(self, kind: str, game_ids: list[str] | None = None) -> dict[str, tuple[str, str]]:
        """Data of one kind derived from games by replaying them (e.g. the summaries behind
        `stats`): game id -> (the chain head it was derived at, its text), for every game or
        for `game_ids` only. A cache kept in a table of its own, created on first use;
        dropping it loses nothing."""
        with _sqlite_errors(self.path):
            try:
                if game_ids is None:
                    rows = self.conn.execute(
                        "SELECT game_id, head, data FROM derived WHERE kind = ?", (kind,)
                    ).fetchall()
                else:
                    rows = self.conn.execute(
                        "SELECT game_id, head, data FROM derived WHERE kind = ? AND game_id IN "
                        "(SELECT value FROM json_each(?))",
                        (kind, json.dumps(game_ids)),
                    ).fetchall()
            except sqlite3.OperationalError as exc:
                if "no such table" in str(exc):
                    return {}
                raise
        return {game_id: (head, data) for game_id, head, data in rows}

    def put_derived(self, kind: str, rows: Iterable[tuple[str, str, str]]) -> bool:
        """Keep (game id, chain head, text) rows of derived data, replacing older ones. Best
        effort: a busy or read-only store keeps nothing and says so with False."""
        if self.conn.in_transaction:
            raise RuntimeError("put_derived() cannot run inside writing()")

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(_DERIVED_TABLE)
            conn.executemany(
                _DERIVED_UPSERT,
                [(kind, game_id, head, data) for game_id, head, data in rows],
            )

        return self._cache_write(write)

    def kept_state(self, kind: str, game_id: str) -> tuple[str, Any] | None:
        """One game's row of derived data of one kind (see `derived`): (head, data), or None."""
        with _sqlite_errors(self.path):
            try:
                return self.conn.execute(
                    "SELECT head, data FROM derived WHERE kind = ? AND game_id = ?", (kind, game_id)
                ).fetchone()
            except sqlite3.OperationalError as exc:
                if "no such table" in str(exc):
                    return None
                raise

    # -- what an entry needs to know about the other games (see schema._GAME_FACTS) --

    def facts_kept(self) -> bool:
        """Whether the game_facts triggers are in place: without them (dropped by hand) a
        row may be stale, so no row is trusted (`verify` puts them back)."""
        with _sqlite_errors(self.path):
            found = self.conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
                tuple(sorted(FACTS_TRIGGERS)),
            ).fetchone()[0]
        return found == len(FACTS_TRIGGERS)

    def reset_facts(self) -> None:
        """Put the game_facts table and its triggers back as the migration made them, every
        row unknown (`verify`, when they were tampered with)."""
        with self._transaction(), _sqlite_errors(self.path):
            conn = self.conn
            conn.execute("DROP TABLE IF EXISTS game_facts")
            for name in FACTS_TRIGGERS:
                conn.execute(f"DROP TRIGGER IF EXISTS {name}")
            _migrate_1_to_2(conn)

    def games_in_progress(self, except_id: str = "") -> tuple[list[str], list[GameSummary]]:
        """The other games whose facts say they are in progress, and the other games whose facts
        are unknown (to be worked out by the caller and kept with put_facts). Only those rows
        are read, through an index: the cost does not grow with the finished games."""
        if not self.facts_kept():
            return [], [g for g in self.games() if g.id != except_id]
        with _sqlite_errors(self.path):
            rows = self.conn.execute(
                "SELECT g.id, g.created_at, g.events, g.head, f.head, f.in_progress "
                "FROM game_facts AS f JOIN games AS g ON g.id = f.game_id "
                "WHERE f.in_progress IS NOT 0 AND f.game_id != ?",
                (except_id,),
            ).fetchall()
        going = [row[0] for row in rows if row[5] == 1 and row[4] == row[3]]
        unknown = [GameSummary(*row[:4]) for row in rows if not (row[5] == 1 and row[4] == row[3])]
        return going, unknown

    def game_names(self) -> list[tuple[GameSummary, str | None]]:
        """The games that have a name or whose facts are unknown (name None), in the order
        they were created."""
        if not self.facts_kept():
            return [(g, None) for g in self.games()]
        with _sqlite_errors(self.path):
            rows = self.conn.execute(
                "SELECT g.id, g.created_at, g.events, g.head, f.head, f.name "
                "FROM game_facts AS f JOIN games AS g ON g.id = f.game_id "
                "WHERE f.name IS NULL OR f.name != '' OR f.head != g.head ORDER BY g.seq"
            ).fetchall()
        return [(GameSummary(*row[:4]), row[5] if row[4] == row[3] else None) for row in rows]

    def all_facts(self) -> dict[str, tuple[str, str, int | None, str | None] | None]:
        """For `verify`: every game id -> (its head, the facts' head, in_progress, name), None
        for a game without a facts row; a row without a game is listed under its id with an
        empty head."""
        with _sqlite_errors(self.path):
            rows = self.conn.execute(
                "SELECT g.id, g.head, f.head, f.in_progress, f.name FROM games AS g "
                "LEFT JOIN game_facts AS f ON f.game_id = g.id"
            ).fetchall()
            orphans = self.conn.execute(
                "SELECT game_id, head, in_progress, name FROM game_facts "
                "WHERE game_id NOT IN (SELECT id FROM games)"
            ).fetchall()
        found: dict[str, tuple[str, str, int | None, str | None] | None] = {
            gid: None if fhead is None else (head, fhead, going, name) for gid, head, fhead, going, name in rows
        }
        found.update({gid: ("", fhead, going, name) for gid, fhead, going, name in orphans})
        return found

    def put_facts(self, rows: Iterable[tuple[str, str, bool, str]]) -> bool:
        """Keep (game id, chain head, in progress, name) facts, each only if the game's head is
        still that head (a writer may have moved on meanwhile). Inside writing() it is part of the transaction; outside, best effort like
        put_derived."""
        rows = [(head, int(going), name, gid, gid, head) for gid, head, going, name in rows]

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "INSERT OR IGNORE INTO game_facts (game_id, head, in_progress, name) "
                "SELECT id, '', NULL, NULL FROM games WHERE id = ?",
                [(row[3],) for row in rows],
            )
            conn.executemany(
                "UPDATE game_facts SET head = ?, in_progress = ?, name = ? "
                "WHERE game_id = ? AND (SELECT head FROM games WHERE id = ?) = ?",
                rows,
            )

        if self.conn.in_transaction:
            with _sqlite_errors(self.path):
                write(self.conn)
            return True
        return self._cache_write(write)

    def _cache_write(self, write: Callable[[sqlite3.Connection], None]) -> bool:
        """Run `write` in a transaction of its own, best effort: a cache is not worth waiting
        for, so a busy or read-only store keeps nothing and says so with False."""
        try:
            conn = self._for_writing()
        except errors.StoreError:
            return False
        conn.execute("PRAGMA busy_timeout = 250")
        try:
            conn.execute("BEGIN IMMEDIATE")
            write(conn)
            conn.execute("COMMIT")
            return True
        except sqlite3.Error:
            return False
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            conn.execute(f"PRAGMA busy_timeout = {opening.BUSY_TIMEOUT_MS}")
