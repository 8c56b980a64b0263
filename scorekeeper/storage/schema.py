"""The store's schema: its tables, version by version, and the migrations from each to the next.

Every table, index and trigger a store file may hold: those its migrations make and those
made on first use (the caches, the nights); and the version and stamp its header carries.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 2
# "TSkp" in ASCII, stamped in the file header so we never mistake another program's database
# for ours (nor theirs for ours).
APPLICATION_ID = 0x54536B70
_TABLES = frozenset({"meta", "games", "events"})  # game_facts (version 2) is a cache: not required

_SCHEMA_V1 = (
    """CREATE TABLE meta (
        key TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL
    ) WITHOUT ROWID""",
    # seq is the creation order; events/head are kept in step with the events table in the same
    # transaction as each append, so a removed last entry still shows.
    """CREATE TABLE games (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        events INTEGER NOT NULL CHECK (events >= 1),
        head TEXT NOT NULL
    )""",
    # WITHOUT ROWID clusters each game's events together in (game_id, n) order, so reading one
    # game touches a few pages however large the store grows.
    """CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id),
        n INTEGER NOT NULL CHECK (n >= 0),
        at TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        prev TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID""",
    # Append-only is enforced by the database too, not just by this module's manners.
    """CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'scorekeeper events are append-only'); END""",
    """CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'scorekeeper events are append-only'); END""",
)


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    for statement in _SCHEMA_V1:
        conn.execute(statement)


# What every entry needs to know about the other games (is another in progress? what is each
# called?), one row a game, so that it costs a lookup of the few games in progress, not a read
# of every game. A cache beside the record: each row names the chain head it was worked out
# at. The triggers make it correct whoever writes (another process, an older scorekeeper):
# any change to a game's head marks its row unknown in the same transaction, and the service
# fills it in again before that transaction commits; a reader works out an unknown row by
# replaying (or from the `stats` summaries), and `verify` checks every row.
_GAME_FACTS = (
    """CREATE TABLE game_facts (
        game_id TEXT PRIMARY KEY NOT NULL,
        head TEXT NOT NULL,  -- the chain head the facts hold at; '' while unknown
        in_progress INTEGER,  -- 1 while it takes entries, 0 finished or abandoned, NULL unknown
        name TEXT  -- the game's name ('' if none), NULL unknown
    ) WITHOUT ROWID""",
    "CREATE INDEX game_facts_open ON game_facts (game_id) WHERE in_progress IS NOT 0",
    """CREATE TRIGGER game_facts_new AFTER INSERT ON games
    BEGIN INSERT OR REPLACE INTO game_facts VALUES (new.id, '', NULL, NULL); END""",
    """CREATE TRIGGER game_facts_moved AFTER UPDATE OF head ON games
    BEGIN UPDATE game_facts SET head = '', in_progress = NULL, name = NULL WHERE game_id = new.id; END""",
    "INSERT INTO game_facts SELECT id, '', NULL, NULL FROM games",
)
FACTS_TRIGGERS = frozenset({"game_facts_new", "game_facts_moved"})


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    """Additive: the game_facts cache, every existing game's row unknown until first needed."""
    for statement in _GAME_FACTS:
        conn.execute(statement)


# MIGRATIONS[k] takes a store from schema version k to k + 1; version 0 is an empty file.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_0_to_1, _migrate_1_to_2]
assert len(MIGRATIONS) == SCHEMA_VERSION


# Derived data (a cache, not part of the record): created on first use.
_DERIVED_TABLE = (
    "CREATE TABLE IF NOT EXISTS derived (kind TEXT NOT NULL, game_id TEXT NOT NULL, "
    "head TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, game_id)) WITHOUT ROWID"
)

# A club night's record (its seating, the games it holds) is a chain like a game's, in tables
# of its own made by the first night written: a store without nights is unchanged, and an
# older scorekeeper reads the games as before. Each entry is hashed as a game's (chain_hash),
# with the night's id where a game's id goes; the same triggers keep it append-only.
_NIGHT_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS nights (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        events INTEGER NOT NULL CHECK (events >= 1),
        head TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS night_events (
        night_id TEXT NOT NULL REFERENCES nights (id),
        n INTEGER NOT NULL CHECK (n >= 0),
        at TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        prev TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (night_id, n)
    ) WITHOUT ROWID""",
    """CREATE TRIGGER IF NOT EXISTS night_events_append_only_update BEFORE UPDATE ON night_events
    BEGIN SELECT RAISE(ABORT, 'scorekeeper events are append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS night_events_append_only_delete BEFORE DELETE ON night_events
    BEGIN SELECT RAISE(ABORT, 'scorekeeper events are append-only'); END""",
)
_NIGHT_TRIGGERS = frozenset({"night_events_append_only_update", "night_events_append_only_delete"})


def _schema_rows(conn: sqlite3.Connection) -> set[tuple[str, str, str, str | None]]:
    """What a database holds, as its schema says it (the text of each statement with its
    spacing set aside)."""
    return {
        (kind, name, table, None if sql is None else " ".join(sql.split()))
        for kind, name, table, sql in conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")
    }


_store_schema: set[tuple[str, str, str, str | None]] = set()


def store_schema() -> set[tuple[str, str, str, str | None]]:
    """Every table, index and trigger a store of this version may hold (those its migrations
    make, and those made on first use: the caches, the nights), as `_schema_rows` says them;
    worked out once, in memory, from the same statements."""
    if not _store_schema:
        conn = sqlite3.connect(":memory:")
        try:
            for migrate in MIGRATIONS:
                migrate(conn)
            for statement in (_DERIVED_TABLE, *_NIGHT_SCHEMA):
                conn.execute(statement)
            _store_schema.update(_schema_rows(conn))
        finally:
            conn.close()
    return _store_schema
