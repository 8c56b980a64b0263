"""Reading a store handed in (`import`, `restore FILE`) within bounds of size, rows and time.

It is read only through a store's own tables: a view, a trigger or a table of another shape
is refused before any of its tables is read.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import suppress
from pathlib import Path

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.storage.schema import _schema_rows, store_schema

HANDED_SECONDS = 60.0  # the most reading a handed-in store may take, start to end
HANDED_BYTES = 1 << 30  # the most a handed-in store's file (and its write-ahead log) may weigh
HANDED_ENTRIES = 1_000_000  # the most entries (or games) read from it: a league's, with room to spare
_HANDED_STEPS = 1000  # SQLite's steps between two looks at the clock
_INTERRUPTED = 9  # SQLITE_INTERRUPT: the progress handler stopped a statement


class HandedInRefused(errors.EntryError):
    """A file handed in as a store that is not read: not a store's tables as scorekeeper
    writes them (a view, a trigger, a table of another shape), or beyond a bound. `fault`
    says what is wrong of the file as "it"."""

    def __init__(self, fault: str) -> None:
        super().__init__(fault)
        self.fault = fault


class _HandedBounds:
    """What keeps a handed-in store's reading in bounds: its size (and its write-ahead
    log's), by stat, before SQLite opens it; its schema, which must be a store's, before any
    of its tables is read, so a view or a trigger of the file never runs; a deadline on every
    statement (SQLite's progress handler); and a count of its games and entries (a file
    someone writes to while it is read is still held to the deadline)."""

    def __init__(self, path: Path) -> None:
        self.deadline = time.monotonic() + HANDED_SECONDS
        weight = 0
        for part in (path, path.with_name(path.name + "-wal")):
            with suppress(OSError):  # no such file: the store's own checks say so
                weight += part.stat().st_size
        if weight > HANDED_BYTES:
            raise HandedInRefused(
                # TRANSLATORS: {size} is a number of MiB (mebibytes)
                _("it is larger than {size} MiB, the most an import reads").format(size=HANDED_BYTES >> 20)
            )

    def bound(self, conn: sqlite3.Connection) -> None:
        conn.set_progress_handler(lambda: time.monotonic() > self.deadline, _HANDED_STEPS)

    def check(self, conn: sqlite3.Connection) -> None:
        """Bound `conn`; refuse a schema that is not a store's, or more rows than the bound."""
        self.bound(conn)
        expected = store_schema()
        for kind, name, table, sql in sorted(_schema_rows(conn), key=repr):
            if (kind, name, table, sql) not in expected:
                raise HandedInRefused(
                    # TRANSLATORS: {name} is the name of a table, view or trigger in the file ("games")
                    _("its {name} is not as a scorekeeper store has it (a view, a trigger or a table of another shape)").format(
                        name=name
                    )
                )
        for table in ("games", "events"):
            if conn.execute(f"SELECT count(*) > ? FROM {table}", (HANDED_ENTRIES,)).fetchone()[0]:
                raise HandedInRefused(
                    _("it holds more than {count} entries or games, the most an import reads").format(
                        count=HANDED_ENTRIES
                    )
                )

    def refuse_if_late(self, exc: BaseException) -> None:
        """Refuse (HandedInRefused) if `exc` is a statement stopped at the deadline."""
        cause = exc if isinstance(exc, sqlite3.Error) else exc.__cause__
        code = (getattr(cause, "sqlite_errorcode", None) or 0) & 0xFF
        if code == _INTERRUPTED or (isinstance(cause, sqlite3.OperationalError) and str(cause) == "interrupted"):
            raise HandedInRefused(
                # TRANSLATORS: {seconds} is a whole number of seconds
                _("reading it took more than {seconds} seconds, the most an import waits").format(
                    seconds=round(HANDED_SECONDS)
                )
            ) from None
