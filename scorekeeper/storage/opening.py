"""Opening a store file, and saying what is wrong with one that cannot be opened as a store.

Every connection to a store file is counted, so that a file is read outside SQLite (its
header) only while SQLite has none open to it in this process. A file that is not a store
this version can use (another program's, damaged, emptied, newer) is named for what it is,
and SQLite's errors are put into words a person can act on.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.core import errors
from scorekeeper.core.language import _, listed, ngettext
from scorekeeper.storage.schema import _TABLES, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

BUSY_TIMEOUT_MS = 10_000

_SQLITE_MAGIC = b"SQLite format 3\x00"


# --- errors ----------------------------------------------------------------------------------

_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26


def _store_error(path: Path, exc: sqlite3.Error) -> errors.StoreError:
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    text = str(exc)
    if code == _FULL or (code == _IOERR and disk_is_full(path.parent)):
        return errors.StoreError(full_disk_text(path))
    if code in (_BUSY, _LOCKED) or "locked" in text:
        seconds = BUSY_TIMEOUT_MS // 1000
        # TRANSLATORS: in the store's refusals, {reason} is SQLite's own words (in English), and
        # --home DIR is an option as typed
        msg = ngettext(
            "{store} is busy: another scorekeeper has been writing to it for more than {seconds} second; "
            "try again in a moment",
            "{store} is busy: another scorekeeper has been writing to it for more than {seconds} seconds; "
            "try again in a moment",
            seconds,
        ).format(store=path, seconds=seconds)
    elif code == _READONLY:
        msg = _("cannot write to {store}: it is read-only; check its permissions or pass --home DIR").format(
            store=path
        )
    elif code in (_CORRUPT, _NOTADB):
        msg = _(
            "{store} is damaged ({reason}); restore it from a backup, or move it aside and pass --home DIR"
        ).format(store=path, reason=text)
    elif code == _CANTOPEN:
        msg = _("cannot open {store} ({reason}); check the folder's permissions or pass --home DIR").format(
            store=path, reason=text
        )
    elif code == _IOERR:
        msg = _(
            "cannot read or write {store} ({reason}): the disk failed, not the store; check that it "
            "is mounted and has free space, then try again"
        ).format(store=path, reason=text)
    else:
        msg = _(
            "the store {store} failed ({reason}); run `scorekeeper verify`, "
            "and restore it from a backup if it is damaged"
        ).format(store=path, reason=text)
    return errors.StoreError(msg)


class NotAStore(errors.StoreError):
    """A file that cannot be read as a store (not SQLite, another program's, damaged, newer),
    with `fault` saying what is wrong with it of the file alone ("it is damaged (…)"), for a
    refusal worded otherwise than the store's own (an import names the file it cannot take)."""

    def __init__(self, message: str, fault: str) -> None:
        super().__init__(message)
        self.fault = fault


# --- faults of the disk and of the file, named for what they are ---------------------------

# Less room than this on the store's disk is a full disk: a write needs a few pages (the entry,
# its index pages, the write-ahead log's frame) and SQLite's shared-memory file needs 32 KiB.
FULL_DISK_BYTES = 64 * 1024


def disk_is_full(folder: Path) -> bool:
    """Whether the disk holding `folder` has no room left for a write."""
    try:
        found = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows) or no folder: cannot tell
        return False
    return found.f_bavail * found.f_frsize < FULL_DISK_BYTES


def full_disk_text(path: Path) -> str:
    return _(
        "the disk holding {file} is full, so nothing can be written to it; free some space, then "
        "try again (the store is not damaged: what was recorded before is kept)"
    ).format(file=path)


def gone_text(path: Path) -> str:
    """What a server says of the store it serves when the file is no longer there."""
    return _(
        "the store {path} is gone (deleted or moved while serving); put it back, "
        "or stop this and start `serve` again"
    ).format(path=path)


def restore_advice(folder: Path) -> str:
    """What to do about a damaged store, a clause of its own that ends a refusal: restore the
    latest backup, named, if there is one."""
    from scorekeeper.storage import backups

    latest = backups.latest(folder)
    if latest is not None:
        return _(
            "restore the latest backup with `scorekeeper restore {backup}`, or move the store aside and pass --home DIR"
        ).format(backup=latest.path)
    return _("restore it from a backup (`scorekeeper restore FILE`), or move it aside and pass --home DIR")


def _wal_is_empty(path: Path) -> bool:
    """Whether no committed transaction waits in the write-ahead log beside `path`: then the file
    alone is the whole store, and can be read as it is (`immutable`) when SQLite cannot make its
    shared-memory file (a full disk, a folder one may not write)."""
    wal = path.with_name(path.name + "-wal")
    try:
        return wal.stat().st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False


# What in a store's folder shows a store was there, each said as what follows "yet" in
# _refuse_if_emptied, and whether it is said in the plural.
_WAL_SIGN, _HISTORY_SIGN, _BACKUPS_SIGN = "wal", "history", "backups"


def _store_was_here(path: Path) -> list[str]:
    """What in the store's folder shows a store with games was there: a write-ahead log with
    content, the `play` history, backups. A zero-byte file beside them is damage, not a new
    store."""
    from scorekeeper.storage import backups, paths

    signs = []
    if not _wal_is_empty(path):
        signs.append(_WAL_SIGN)
    if (path.parent / paths.HISTORY).exists():
        signs.append(_HISTORY_SIGN)
    if backups.listed(path.parent):
        signs.append(_BACKUPS_SIGN)
    return signs


def _signs_text(signs: list[str]) -> str:
    """The signs that a store was there, in words: "its write-ahead log and its backups"."""
    words = {
        # TRANSLATORS: these say what beside an empty store file shows a store was there ("its"
        # is the store file's); they are joined into "{signs}" in "…, yet {signs} beside it show…"
        _WAL_SIGN: _("its write-ahead log"),
        _HISTORY_SIGN: _("its `play` history"),
        _BACKUPS_SIGN: _("its backups"),
    }
    said = words[signs[0]]
    for sign in signs[1:]:  # each joined by "and", as two names are
        said = listed([said, words[sign]])
    return said


@contextmanager
def _sqlite_errors(path: Path) -> Iterator[None]:
    """Turn SQLite's exceptions into a StoreError a person can act on."""
    try:
        yield
    except sqlite3.Error as exc:
        raise _store_error(path, exc) from exc


def _switch_to_wal(conn: sqlite3.Connection) -> None:
    """Put the file in WAL mode. The switch needs the file to itself, and SQLite answers
    "database is locked" at once, without waiting, while another process is creating or
    switching the same new store; so it is tried again until the busy timeout runs out."""
    import time

    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
            if code not in (_BUSY, _LOCKED) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


# --- SQLite alone opens a file it has open --------------------------------------------------

# How many connections SQLite holds open in this process to each store file, by (device, inode).
# On POSIX, closing any descriptor of a file drops every lock the process holds on it, SQLite's
# included: a header read with open() while `serve` or `play` held a connection let another
# process take the file as unused, checkpoint its write-ahead log into it and delete the log
# under the connection, whose entries were then lost. So a file is read outside SQLite only
# while SQLite has no connection to it here (a one-shot command reads the header before its
# first connection, to open the store the quickest way). The lock is held while a header is read
# and while a connection is counted, so no thread reads a file outside SQLite while another
# opens it.
_CONNECTIONS: dict[tuple[int, int], int] = {}
_OPENING = threading.RLock()  # re-entered where a dropped connection is collected while it is held


def _identity(path: Path) -> tuple[int, int] | None:
    """What tells the file at `path` from any other (device, inode), without opening it; None
    where there is none."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def sqlite_has_open(path: Path) -> bool:
    """Whether SQLite holds a connection to the file at `path` in this process: then it must
    not be opened any other way (see _CONNECTIONS)."""
    identity = _identity(path)
    return identity is not None and _CONNECTIONS.get(identity, 0) > 0


class _Counted(sqlite3.Connection):
    """A connection to a store file, counted in _CONNECTIONS while it is open."""

    _counted: tuple[int, int] | None = None

    def count(self, identity: tuple[int, int]) -> None:
        _CONNECTIONS[identity] = _CONNECTIONS.get(identity, 0) + 1
        self._counted = identity

    def close(self) -> None:
        try:
            super().close()
        finally:
            with _OPENING:
                if self._counted is not None:
                    left = _CONNECTIONS[self._counted] - 1
                    if left:
                        _CONNECTIONS[self._counted] = left
                    else:
                        del _CONNECTIONS[self._counted]
                    self._counted = None

    def __del__(self) -> None:  # one dropped without close(): closed before it is no longer counted
        self.close()


def _connect(path: Path, target: str | Path, **options: Any) -> sqlite3.Connection:
    """`sqlite3.connect(target, **options)` for the store file at `path`, counted in
    _CONNECTIONS before it takes any lock on the file."""
    with _OPENING:
        conn = sqlite3.connect(target, factory=_Counted, **options)
        # A new file is made by the connection, so it is known only now: SQLite takes no lock
        # before the first statement.
        identity = _identity(path)
        if identity is not None:
            conn.count(identity)
    return conn


def read_start(path: Path, size: int) -> bytes | None:
    """The first `size` bytes of the file at `path`, read outside SQLite; None where SQLite has it
    open in this process (then only SQLite may read it: see _CONNECTIONS). OSError as open()
    raises it."""
    with _OPENING:
        if sqlite_has_open(path):
            return None
        # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            return file.read(size)

# --- what a store file is, looked at before it is opened ----------------------------------


def _exists(path: Path, folder: Path) -> bool:
    """Whether there is a store file to open at `path` (the store's in `folder`, or a copy): False
    where there is none yet (no file, or an empty one where no store was). Looked at without
    opening the file."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise errors.StoreError(_cannot_read(path, exc)) from None
    if size == 0:
        _refuse_if_emptied(path, folder)
        return False
    return True


def _cannot_read(path: Path, exc: OSError) -> str:
    return _("cannot read {store} ({reason}); check its permissions, or pass --home DIR").format(
        store=path, reason=exc.strerror or exc
    )


def _header(path: Path) -> bytes | None:
    """The first 100 bytes of the store file, which must be an SQLite database's; None where
    SQLite has the file open in this process, which alone may read it then (see `read_start`)."""
    try:
        header = read_start(path, 100)
    except FileNotFoundError:
        header = b""  # gone since it was looked at: said as any file that is not a database
    except OSError as exc:
        raise errors.StoreError(_cannot_read(path, exc)) from None
    if header is not None and (len(header) < 100 or not header.startswith(_SQLITE_MAGIC)):
        raise _not_sqlite(path)
    return header


def _not_sqlite(path: Path) -> NotAStore:
    return NotAStore(
        _(
            "{file} is not a scorekeeper store (it is not an SQLite database); move it aside or pass --home DIR"
        ).format(file=path),
        _("it is not a scorekeeper store (it is not an SQLite database)"),
    )


def _unreadable(path: Path, folder: Path, exc: sqlite3.Error) -> errors.StoreError:
    """Why the store could not be opened to read: the disk (full, or failing), or damage."""
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in (_IOERR, _FULL, _CANTOPEN) and disk_is_full(folder):
        return errors.StoreError(
            _(
                "cannot read {store}: the disk holding it is full, and SQLite needs a little room "
                "beside the store even to read it; free some space, then try again (the store is not damaged)"
            ).format(store=path)
        )
    if code in (_IOERR, _CANTOPEN, _BUSY, _LOCKED, _READONLY):
        return _store_error(path, exc)
    return NotAStore(
        # TRANSLATORS: {reason} is SQLite's own words; {advice} says what to do ("restore it from a backup …")
        _("{store} is damaged ({reason}); {advice}").format(
            store=path, reason=exc, advice=restore_advice(folder)
        ),
        _("it is damaged ({reason})").format(reason=exc),
    )


def _refuse_if_emptied(path: Path, folder: Path) -> None:
    """A zero-byte store file where the folder shows a store was: damage, said as such,
    and nothing written (a new store would be made over it otherwise)."""
    signs = _store_was_here(path)
    if signs and path.stat().st_size == 0:
        # Looked at again once the signs are seen: another process creating this store at
        # the same moment writes the file first and its write-ahead log after.
        if len(signs) > 1 or signs == [_BACKUPS_SIGN]:
            # TRANSLATORS: {signs} is "its write-ahead log and its backups", or "its backups"
            # alone; {advice} says what to do ("restore the latest backup with …")
            message = _(
                "{store} is empty (0 bytes), yet {signs} beside it show a store was there: the file was "
                "truncated; nothing was changed; {advice}"
            )
        else:
            # TRANSLATORS: {signs} is one thing: "its write-ahead log" or "its `play` history"
            message = _(
                "{store} is empty (0 bytes), yet {signs} beside it shows a store was there: the file was "
                "truncated; nothing was changed; {advice}"
            )
        raise errors.StoreError(
            message.format(store=path, signs=_signs_text(signs), advice=restore_advice(folder))
        )


def _classify(conn: sqlite3.Connection, path: Path, folder: Path, header: bytes | None = None) -> bool:
    """True if the database is ours and current, False if it is empty or ours but older;
    StoreError if it is someone else's, newer than us, or missing our tables. `header`:
    the file's, where the file alone is the database (no transaction in a write-ahead log or
    a journal beside it), which then says its application id and version (at offsets 68 and
    60, big-endian)."""
    if header is None:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    else:
        app_id, version = (int.from_bytes(header[at : at + 4], "big", signed=True) for at in (68, 60))
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    unstamped = app_id == 0 and version <= SCHEMA_VERSION
    if tables >= _TABLES and (unstamped or (app_id == APPLICATION_ID and version <= 0)):
        raise _damaged_header(path, folder, app_id, version)
    if app_id == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise NotAStore(
                _(
                    "{file} was written by a newer scorekeeper (store version {version}; "
                    "this one reads up to {supported}); upgrade scorekeeper to use it"
                ).format(file=path, version=version, supported=SCHEMA_VERSION),
                _(
                    "it was written by a newer scorekeeper (store version {version}; this one reads up to {supported})"
                ).format(version=version, supported=SCHEMA_VERSION),
            )
        if version < SCHEMA_VERSION:
            return False
        missing = sorted(_TABLES - tables)
        if missing:
            raise NotAStore(
                # TRANSLATORS: {table} is a table's name in the database file ("events")
                _(
                    "{file} is damaged (its {table} table is missing); "
                    "restore it from a backup, or move it aside and pass --home DIR"
                ).format(file=path, table=", ".join(missing)),
                _("it is damaged (its {table} table is missing)").format(table=", ".join(missing)),
            )
        return True
    if app_id == 0 and version == 0 and not tables:
        return False  # an empty SQLite database: ours to initialise
    raise NotAStore(
        _(
            "{file} is not a scorekeeper store (it is another program's SQLite database); "
            "move it aside or pass --home DIR"
        ).format(file=path),
        _("it is not a scorekeeper store (it is another program's SQLite database)"),
    )


def _damaged_header(path: Path, folder: Path, app_id: int, version: int) -> NotAStore:
    """A store's tables under a header no scorekeeper wrote (its version number or its stamp
    damaged or edited): migrating would fail on the tables already there, and `verify`
    could say no more."""
    facts = {"file": path, "version": version, "supported": SCHEMA_VERSION}
    if app_id == APPLICATION_ID:
        # TRANSLATORS: {advice} says what to do ("restore the latest backup with …")
        message = _(
            "{file} holds a store's tables, but its header says it is store version {version}, a version "
            "no scorekeeper writes (this one writes {supported}): the header was damaged or edited; "
            "nothing was changed; {advice}"
        )
        fault = _(
            "it holds a store's tables, but its header says it is store version {version}, a version "
            "no scorekeeper writes (this one writes {supported}): the header was damaged or edited"
        )
    else:
        # TRANSLATORS: {advice} says what to do ("restore the latest backup with …")
        message = _(
            "{file} holds a store's tables, but its header has lost scorekeeper's stamp (its application "
            "id is 0): the header was damaged or edited; nothing was changed; {advice}"
        )
        fault = _(
            "it holds a store's tables, but its header has lost scorekeeper's stamp (its application "
            "id is 0): the header was damaged or edited"
        )
    return NotAStore(message.format(**facts, advice=restore_advice(folder)), fault.format(**facts))


def _migrate(conn: sqlite3.Connection, path: Path, folder: Path) -> None:
    """Create the schema or bring it up to date, all in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Look again under the write lock: another process may have just done the work.
        if not _classify(conn, path, folder):
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for migrate in MIGRATIONS[version:]:
                migrate(conn)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
