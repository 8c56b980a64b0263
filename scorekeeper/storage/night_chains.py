"""Club nights' chains, beside the games': listed, read, written and checked.

A night is written under the store's write lock; the nights' tables are made by the first
night written (see schema._NIGHT_SCHEMA).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.storage.chain import StoredEvent, _chain_problem
from scorekeeper.storage.chain_writer import NightWriter
from scorekeeper.storage.opening import _sqlite_errors
from scorekeeper.storage.schema import _NIGHT_SCHEMA, _NIGHT_TRIGGERS

if TYPE_CHECKING:
    from scorekeeper.storage.store import Store


def _has_nights(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nights'").fetchone() is not None


def nights(db: Store) -> list[tuple[str, dict]]:
    """Every night, in the order they were opened: (its id, its first entry's body)."""
    with _sqlite_errors(db.path):
        if not _has_nights(db.conn):
            return []
        rows = db.conn.execute(
            "SELECT nights.id, night_events.body FROM nights JOIN night_events "
            "ON night_events.night_id = nights.id AND night_events.n = 0 ORDER BY nights.seq"
        ).fetchall()
    found = []
    for night_id, body in rows:
        try:
            data = json.loads(body)
        except (TypeError, ValueError):
            data = None
        if not isinstance(data, dict):
            raise errors.StoreError(
                _("night {night}'s first entry in {store} is damaged; run `verify`").format(night=night_id, store=db.path)
            )
        found.append((night_id, data))
    return found


def night_events(db: Store, night_id: str) -> list[StoredEvent]:
    """A night's entries in order, once its chain checks out (StoreError if it does not)."""
    with _sqlite_errors(db.path):
        events, problem = _read_night(db.conn, night_id)
    if problem:
        raise errors.StoreError(
            # TRANSLATORS: {problem} says what is wrong ("entry 3 (seated) does not match its hash: it was altered")
            _(
                "night {night}'s audit chain is broken ({problem}); run `verify`, and restore the store from a backup"
            ).format(night=night_id, problem=problem)
        )
    return events


def _read_night(conn: sqlite3.Connection, night_id: str) -> tuple[list[StoredEvent], str | None]:
    if not _has_nights(conn):
        return [], None
    rows = conn.execute(
        "SELECT night_id, n, at, type, body, prev, hash FROM night_events WHERE night_id = ? ORDER BY n",
        (night_id,),
    ).fetchall()
    recorded = conn.execute("SELECT events, head FROM nights WHERE id = ?", (night_id,)).fetchone()
    problem = _chain_problem(night_id, rows, *recorded) if recorded else (
        _("its entries have no row in the nights table") if rows else None
    )
    if problem:
        return [], problem
    return [
        StoredEvent(night_id, n, at, json.loads(body), prev, hash_)
        for _night, n, at, _type, body, prev, hash_ in rows
    ], None


@contextmanager
def night_writing(db: Store, night_id: str) -> Iterator[NightWriter]:
    """Take the store's write lock and yield a writer for one night (made if it is new, with
    the nights tables if the store has none yet); committed on normal exit, nothing if the
    block raises."""
    if db.conn.in_transaction:
        raise RuntimeError("night_writing() cannot run inside another write")
    db._daily_backup()  # as for a game's entry: before the lock
    with db._transaction():
        with _sqlite_errors(db.path):
            for statement in _NIGHT_SCHEMA:
                db.conn.execute(statement)
            events, problem = _read_night(db.conn, night_id)
        if problem:
            raise errors.StoreError(
                # TRANSLATORS: {problem} says what is wrong ("entry 3 (seated) does not match its hash: it was altered")
                _("night {night}'s audit chain is broken ({problem}); nothing was recorded; run `verify`").format(
                    night=night_id, problem=problem
                )
            )
        yield NightWriter(db, night_id, events)


def verify_nights(db: Store) -> list[str]:
    """One line per night whose chain does not verify, and one if the nights' append-only
    triggers are gone; [] if all is well (or the store has no nights)."""
    conn = db.conn
    problems = []
    with _sqlite_errors(db.path):
        if not _has_nights(conn):
            return []
        triggers = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        if _NIGHT_TRIGGERS - triggers:
            problems.append(_("the nights' append-only triggers are missing: the file was edited with another tool"))
        recorded = dict(conn.execute("SELECT id, events FROM nights").fetchall())
        with_entries = {row[0] for row in conn.execute("SELECT DISTINCT night_id FROM night_events")}
        for night_id in sorted(set(recorded) | with_entries):
            problem = _read_night(conn, night_id)[1]
            if problem:
                # TRANSLATORS: {problem} says what is wrong ("entry 3 (seated) does not match its hash: it was altered")
                problems.append(_("night {night}: {problem}").format(night=night_id, problem=problem))
    return problems
