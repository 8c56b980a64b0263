"""The store: the only module that knows SQLite. It keeps every game's events, append-only, as a
hash chain in one database file, and checks that chain on demand.

Anyone can check a chain without this package: each event's hash is the SHA-256 (hex) of
`canonical_json({"prev": …, "game": …, "n": …, "at": …, "body": …})` encoded as UTF-8, where
`prev` is the previous event's hash (64 zeros for the first).
"""

from __future__ import annotations

import hashlib
import json
import json.scanner
import operator
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from itertools import groupby
from pathlib import Path
from typing import Any, NamedTuple, Self

from scorekeeper.core import errors
from scorekeeper.core.language import _, listed, ngettext

SCHEMA_VERSION = 2
# "TSkp" in ASCII, stamped in the file header so we never mistake another program's database
# for ours (nor theirs for ours).
APPLICATION_ID = 0x54536B70
ZERO_HASH = "0" * 64
BUSY_TIMEOUT_MS = 10_000

_SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = frozenset({"meta", "games", "events"})  # game_facts (version 2) is a cache: not required
_CURRENT_GAME = "current_game"

# The entries this process has committed, (game id, n) in order: what an interrupted command
# says it left behind. The front end clears it when a command starts.
COMMITTED: list[tuple[str, int]] = []


class StoredEvent(NamedTuple):
    """One event as stored: its place in its game's chain and the hashes that bind it there."""

    game_id: str
    n: int  # 0-based position in this game's chain
    at: str  # ISO-8601 UTC time it was appended
    body: dict  # the event as JSON data; always has a "type" key
    prev: str  # hash of the game's previous event; ZERO_HASH for n == 0
    hash: str  # sha256 hex of the canonical form (see chain_hash)


class GameSummary(NamedTuple):
    id: str
    created_at: str
    events: int
    head: str


def canonical_json(body: Any) -> str:
    """The one text form of a JSON value that hashes are computed over.

    NaN and infinities are refused (ValueError): they are not JSON, so no other tool could
    reproduce the hash.
    """
    return _ENCODER.encode(body)


_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def chain_hash(prev: str, game_id: str, n: int, at: str, body: dict) -> str:
    """The hash of an event: it covers its body, its place (game and n), its time, and the hash
    of the event before it, so altering, removing, inserting or reordering entries shows."""
    text = canonical_json({"prev": prev, "game": game_id, "n": n, "at": at, "body": body})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _chain_hash_of_text(prev: str, game_id: str, n: int, at: str, body_text: str) -> str:
    """chain_hash for a body already in canonical text, as stored: the same text is hashed (the
    keys at, body, game, n, prev are in sorted order) without parsing and re-encoding the body.
    Verifying a large store spends most of its time here."""
    return _hash_of_quoted(_quoted(prev), _quoted(game_id), n, _quoted(at), body_text)


def _hash_of_quoted(prev: str, game: str, n: int, at: str, body_text: str) -> str:
    """_chain_hash_of_text of strings already quoted (the game id once for a whole chain)."""
    text = f'{{"at":{at},"body":{body_text},"game":{game},"n":{n},"prev":{prev}}}'
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_SCAN = json.scanner.make_scanner(json.JSONDecoder())


def parsed_json(text: str | bytes) -> Any:
    """`json.loads(text)`, quicker for the text of an entry as stored (one JSON value, no
    space around it): the decoder's scanner is called directly, without the checks for
    whitespace and a byte-order mark that `json.loads` makes in Python around it. Any other
    text (space around the value, more after it, bytes, not JSON) goes to `json.loads`,
    which gives its value or its ValueError."""
    if isinstance(text, str):
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError):
            return json.loads(text)
        if end == len(text):
            return value
    return json.loads(text)


_game_of_row = operator.itemgetter(0)  # a stored row's game id


def _quoted(text: str) -> str:
    """A string as canonical_json writes it: as it is between quotes when nothing in it needs
    escaping (ids, hashes and times, always), else by the encoder."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return _ENCODER.encode(text)


# --- schema and migrations -------------------------------------------------------------------

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
# Store._refuse_if_emptied, and whether it is said in the plural.
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
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while a transaction commits and is noted in COMMITTED, so an
    interrupt lands before the commit (nothing stored) or after the note, never between."""
    import signal
    import threading

    hold = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    if hold:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if hold:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


# Derived data (a cache, not part of the record): created on first use.
_DERIVED_TABLE = (
    "CREATE TABLE IF NOT EXISTS derived (kind TEXT NOT NULL, game_id TEXT NOT NULL, "
    "head TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, game_id)) WITHOUT ROWID"
)
_DERIVED_UPSERT = (
    "INSERT INTO derived (kind, game_id, head, data) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (kind, game_id) DO UPDATE SET head = excluded.head, data = excluded.data"
)


def _broken_for_writing(game_id: str, problem: str) -> str:
    # TRANSLATORS: {problem} says what is wrong with the chain ("entry 3 (bids) does not match
    # its hash: it was altered")
    return _(
        "game {game}'s audit chain is broken ({problem}); nothing was recorded; "
        "run `verify`, and restore the store from a backup"
    ).format(game=game_id, problem=problem)


def _unlisted_entries(count: int) -> str:
    """What is wrong with a game's entries that the games table does not list."""
    return ngettext(
        "its {count} entry has no row in the games table: the game was removed or its entries were inserted",
        "its {count} entries have no row in the games table: the game was removed or its entries were inserted",
        count,
    ).format(count=count)


def _miscounted(game_id: str, path: Path) -> str:
    return _("game {game}'s entry count in {store} does not match its entries; run `scorekeeper verify`").format(
        game=game_id, store=path
    )


def _game_problem(game_id: str, problem: str) -> str:
    """One line of `verify`: a game, and the first thing wrong with its chain."""
    # TRANSLATORS: {problem} says what is wrong ("entry 3 (bids) does not match its hash: it was altered")
    return _("game {game}: {problem}").format(game=game_id, problem=problem)


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


# --- a store handed in (`import`): read only through a store's own tables, within bounds ---

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


# --- the store -------------------------------------------------------------------------------


class Store:
    """One scorekeeper database, with one SQLite connection. Also a context manager."""

    FILENAME = "scorekeeper.sqlite3"

    def __init__(
        self,
        folder: Path,
        live: bool = False,
        *,
        copy: Path | None = None,
        writing: bool = False,
        handed: bool = False,
        create: bool = True,
    ) -> None:
        """The store in `folder` (made if there is none, unless not `create`: a server that
        serves a store never makes one where it was moved away); or, with `copy`, that file read as a
        copy of a store (a backup, another laptop's store): opened read-only, never migrated or
        written. `live`: a connection kept open to follow other processes' writes (a read-only
        one may see the file frozen as it was). `writing`: for a command about to write, which
        then opens one connection rather than two (see `_open_to_write`). `handed`: the copy is
        a file someone handed in (`import`), read only through a store's own tables and within
        bounds (see `_HandedBounds`)."""
        self.folder = Path(folder)
        self.path = Path(copy) if copy is not None else self.folder / self.FILENAME
        self._handed = _HandedBounds(self.path) if handed and copy is not None else None
        self._conn: sqlite3.Connection | None = None
        self._writable = False
        self._appended: list[tuple[str, int]] = []  # in the open transaction, for COMMITTED
        # problems found while reading (a chain that does not check out): the front end
        # shows them as warnings, since a read changes nothing
        self.warnings: list[str] = []
        # the front end this connection writes for, when not the terminal ("phone"): each
        # entry it appends says so (see events.VIA)
        self.via: str | None = None
        # the phone's id of the entry being written, kept in each body it appends (see
        # events.PHONE_ENTRY); and (game id, head): the head the phone saw, which that game's
        # chain must still end at when the entry's first event is appended, else Stale
        self.phone_entry: str | None = None
        self.after: tuple[str, str] | None = None
        self.overtaken: tuple[str, str] | None = None  # `after`, once an append found it stale
        self.written: list[StoredEvent] = []  # appended by this connection (the front end clears it)
        self._backup_checked: object = None  # the day the daily backup was last seen to, if any
        self._resolved_uri: str | None = None
        self._create = create
        if create:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise errors.StoreError(
                    _("cannot create the folder {folder} ({reason}); pass --home DIR to keep the store elsewhere").format(
                        folder=self.folder, reason=exc.strerror or exc
                    )
                ) from None
        exists = self._exists()
        if not exists and not create:
            raise errors.StoreError(gone_text(self.path))
        current = exists and self._inspect_read_only(self._header())
        # A store ready as it is opens read-only, so a backup or a shared folder one may not
        # write to can still be read; the first write reopens it for writing. A command there
        # to write (`writing`) opens it for writing at once, where it can.
        if current and writing and not live and copy is None:
            self._open_to_write()
        if self._conn is None:
            self._conn = self._open_for_reading() if current and not live else None
        if self._conn is None and copy is not None:
            raise NotAStore(
                _("{file} is not a store this scorekeeper can read (an empty or older database)").format(file=self.path),
                _("it is not a store this scorekeeper can read (an empty or older database)"),
            )
        if self._conn is None:
            self._open_for_writing(migrate=not current)

    def _open_for_reading(self) -> sqlite3.Connection | None:
        """A read-only connection, or None if the file cannot be read that way."""
        uri = self._uri() + "?mode=ro"
        tries = [uri]
        if _wal_is_empty(self.path):
            # A folder we may not write to, or a full disk, where SQLite cannot make its
            # shared-memory file: with no transaction waiting beside it, the file can be read
            # as it is.
            tries.append(uri + "&immutable=1")
        for attempt in tries:
            conn = None
            try:
                # the timeout is SQLite's busy timeout: how long a read waits for a lock
                conn = _connect(self.path, attempt, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
                if self._handed is not None:
                    self._handed.check(conn)  # before any of its tables is read
                conn.execute("SELECT count(*) FROM games").fetchone()
                return conn
            except sqlite3.Error as exc:
                if conn is not None:
                    conn.close()
                if self._handed is not None:
                    self._handed.refuse_if_late(exc)
            except BaseException:
                if conn is not None:
                    conn.close()
                raise
        return None

    def _uri(self) -> str:
        """The store file's URI, worked out once (the folder is resolved on the disk)."""
        if self._resolved_uri is None:
            self._resolved_uri = self.path.resolve().as_uri()
        return self._resolved_uri

    def _open_for_writing(self, migrate: bool = False) -> None:
        with _sqlite_errors(self.path):
            if self._create:
                conn = _connect(self.path, self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            else:  # never made where it is gone (mode=rw: SQLite's "cannot open" then)
                conn = _connect(self.path, self._uri() + "?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                isolation_level=None)  # fmt: skip
        try:
            with _sqlite_errors(self.path):
                if migrate:
                    self._migrate(conn)
                # Only after the file is known to be ours: switching to WAL rewrites its header.
                if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    _switch_to_wal(conn)
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            conn.close()
            raise
        if self._conn is not None:
            self._conn.close()
        self._conn = conn
        self._writable = True

    def _open_to_write(self) -> None:
        """The writing connection opened at once, for a command about to write, where it can
        read the store; else (a folder one may not write to) none is kept, and the store is
        opened to read as any store is: the write then fails as it would have."""
        try:
            self._open_for_writing()
            self.conn.execute("SELECT count(*) FROM games").fetchone()
        except (errors.StoreError, sqlite3.Error):
            self.close()
            self._writable = False

    def _for_writing(self) -> sqlite3.Connection:
        """The connection, reopened for writing if it was opened to read."""
        if not self._writable:
            if self.conn.in_transaction:
                raise RuntimeError("cannot start writing inside a read transaction")
            self._open_for_writing()
        return self.conn

    # -- opening --

    def _exists(self) -> bool:
        """Whether there is a store file to open: False where there is none yet (no file, or an
        empty one where no store was). Looked at without opening the file."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise errors.StoreError(self._cannot_read(exc)) from None
        if size == 0:
            self._refuse_if_emptied()
            return False
        return True

    def _cannot_read(self, exc: OSError) -> str:
        return _("cannot read {store} ({reason}); check its permissions, or pass --home DIR").format(
            store=self.path, reason=exc.strerror or exc
        )

    def _header(self) -> bytes | None:
        """The first 100 bytes of the store file, which must be an SQLite database's; None where
        SQLite has the file open in this process, which alone may read it then (see `read_start`)."""
        try:
            header = read_start(self.path, 100)
        except FileNotFoundError:
            header = b""  # gone since it was looked at: said as any file that is not a database
        except OSError as exc:
            raise errors.StoreError(self._cannot_read(exc)) from None
        if header is not None and (len(header) < 100 or not header.startswith(_SQLITE_MAGIC)):
            raise self._not_sqlite()
        return header

    def _not_sqlite(self) -> NotAStore:
        return NotAStore(
            _(
                "{file} is not a scorekeeper store (it is not an SQLite database); move it aside or pass --home DIR"
            ).format(file=self.path),
            _("it is not a scorekeeper store (it is not an SQLite database)"),
        )

    def _inspect_read_only(self, header: bytes | None) -> bool:
        """Check, without writing a byte, that an existing SQLite file (with this `header`, or
        None where only SQLite may read it, see `_header`) is a store of ours that this version
        can use. True if it is ready as it is; False if it is empty or needs migrating."""
        uri = self._uri() + "?mode=ro"
        wal_empty = _wal_is_empty(self.path)
        alone = header is not None and wal_empty and not self.path.with_name(self.path.name + "-journal").exists()
        if alone:
            # No transaction waits beside it (no write-ahead log, or an empty one, and no
            # rollback journal): the file alone is the whole store, so read it as it is.
            # SQLite then takes no locks and leaves no -wal/-shm files beside it. Should another
            # process write it meanwhile (a checkpoint), what was read may not hold together:
            # it is read again with SQLite's locks before anything is said to be wrong.
            tries = [uri + "&immutable=1", uri]
        elif wal_empty:
            tries = [uri, uri + "&immutable=1"]  # see _open_for_reading
        else:
            tries = [uri]
        for attempt in tries:
            try:
                conn = _connect(self.path, attempt, uri=True, isolation_level=None)
                try:
                    if self._handed is not None:
                        self._handed.bound(conn)
                    return self._classify(conn, header if alone and attempt is tries[0] else None)
                finally:
                    conn.close()
            except sqlite3.Error as exc:
                if self._handed is not None:
                    self._handed.refuse_if_late(exc)
                failure = exc
        raise self._unreadable(failure)

    def _unreadable(self, exc: sqlite3.Error) -> errors.StoreError:
        """Why the store could not be opened to read: the disk (full, or failing), or damage."""
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        if code in (_IOERR, _FULL, _CANTOPEN) and disk_is_full(self.folder):
            return errors.StoreError(
                _(
                    "cannot read {store}: the disk holding it is full, and SQLite needs a little room "
                    "beside the store even to read it; free some space, then try again (the store is not damaged)"
                ).format(store=self.path)
            )
        if code in (_IOERR, _CANTOPEN, _BUSY, _LOCKED, _READONLY):
            return _store_error(self.path, exc)
        return NotAStore(
            # TRANSLATORS: {reason} is SQLite's own words; {advice} says what to do ("restore it from a backup …")
            _("{store} is damaged ({reason}); {advice}").format(
                store=self.path, reason=exc, advice=restore_advice(self.folder)
            ),
            _("it is damaged ({reason})").format(reason=exc),
        )

    def _refuse_if_emptied(self) -> None:
        """A zero-byte store file where the folder shows a store was: damage, said as such,
        and nothing written (a new store would be made over it otherwise)."""
        signs = _store_was_here(self.path)
        if signs and self.path.stat().st_size == 0:
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
                message.format(store=self.path, signs=_signs_text(signs), advice=restore_advice(self.folder))
            )

    def _classify(self, conn: sqlite3.Connection, header: bytes | None = None) -> bool:
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
            raise self._damaged_header(app_id, version)
        if app_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise NotAStore(
                    _(
                        "{file} was written by a newer scorekeeper (store version {version}; "
                        "this one reads up to {supported}); upgrade scorekeeper to use it"
                    ).format(file=self.path, version=version, supported=SCHEMA_VERSION),
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
                    ).format(file=self.path, table=", ".join(missing)),
                    _("it is damaged (its {table} table is missing)").format(table=", ".join(missing)),
                )
            return True
        if app_id == 0 and version == 0 and not tables:
            return False  # an empty SQLite database: ours to initialise
        raise NotAStore(
            _(
                "{file} is not a scorekeeper store (it is another program's SQLite database); "
                "move it aside or pass --home DIR"
            ).format(file=self.path),
            _("it is not a scorekeeper store (it is another program's SQLite database)"),
        )

    def _damaged_header(self, app_id: int, version: int) -> NotAStore:
        """A store's tables under a header no scorekeeper wrote (its version number or its stamp
        damaged or edited): migrating would fail on the tables already there, and `verify`
        could say no more."""
        facts = {"file": self.path, "version": version, "supported": SCHEMA_VERSION}
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
        return NotAStore(message.format(**facts, advice=restore_advice(self.folder)), fault.format(**facts))

    def _migrate(self, conn: sqlite3.Connection) -> None:
        """Create the schema or bring it up to date, all in one transaction."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Look again under the write lock: another process may have just done the work.
            if not self._classify(conn):
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                for migrate in MIGRATIONS[version:]:
                    migrate(conn)
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- lifetime --

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("this Store is closed")
        return self._conn

    def refuse_if_late(self, exc: BaseException) -> None:
        """A handed-in store's read stopped at its deadline (`exc`, or the SQLite error it was
        raised from) refused as such (HandedInRefused); anything else left as it is."""
        if self._handed is not None:
            self._handed.refuse_if_late(exc)

    def close(self) -> None:
        if self._conn is not None:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- reading --

    def games(self) -> list[GameSummary]:
        """Every game, in the order the games started (their first entry's time, then id): the
        same order in every copy of a league, whatever order the games were imported in."""
        with _sqlite_errors(self.path):
            rows = self.conn.execute(
                "SELECT id, created_at, events, head FROM games ORDER BY created_at, id"
            ).fetchall()
        return [GameSummary(*row) for row in rows]

    def events(self, game_id: str) -> list[StoredEvent]:
        """A game's events in order; [] if there is no such game. If its chain does not check
        out, a line saying so is added to `warnings` (reads go on: `verify` says more)."""
        with _sqlite_errors(self.path):
            events, problem = self._read_chain(game_id)
        self._warn_if_broken(game_id, problem)
        return events

    def events_of(self, game_ids: Iterable[str]) -> Iterator[tuple[str, list[StoredEvent]]]:
        """(game id, its events) for each of many games, as `events` gives them (a broken
        chain added to `warnings`), in the order of their ids. Read in one pass over the
        events table, a batch of games at a time, each batch in one read transaction, rather
        than a query per game: what replaying thousands of games reads."""
        wanted = sorted(set(game_ids))
        for start in range(0, len(wanted), self.CHAINS_AT_ONCE):
            batch = wanted[start : start + self.CHAINS_AT_ONCE]
            with _sqlite_errors(self.path):
                chains = self._read_chains(batch)
            for game_id in batch:
                events, problem = chains[game_id]
                self._warn_if_broken(game_id, problem)
                yield game_id, events

    CHAINS_AT_ONCE = 500  # games read in one query by `events_of`: a few MB of entries

    def _warn_if_broken(self, game_id: str, problem: str | None) -> None:
        if problem:
            warning = _(
                "game {game}'s audit chain is broken ({problem}): what it shows may not be "
                "what was recorded; run `verify`"
            ).format(game=game_id, problem=problem)
            if warning not in self.warnings:
                self.warnings.append(warning)

    def chain(self, game_id: str) -> tuple[list[StoredEvent], str | None]:
        """A game's events and what is wrong with its chain (None if it verifies)."""
        with _sqlite_errors(self.path):
            return self._read_chain(game_id)

    def _read_events(self, game_id: str) -> list[StoredEvent]:
        return self._read_chain(game_id)[0]

    def _read_chain(self, game_id: str) -> tuple[list[StoredEvent], str | None]:
        """A game's events, and what is wrong with its chain (None if it checks out): every
        entry's hash recomputed from its stored text, and the games table's count and head
        compared, which costs a hash per entry (no replay)."""
        conn = self.conn
        rows = conn.execute(
            "SELECT game_id, n, at, type, body, prev, hash FROM events WHERE game_id = ? ORDER BY n",
            (game_id,),
        ).fetchall()
        recorded = conn.execute("SELECT events, head FROM games WHERE id = ?", (game_id,)).fetchone()
        return self._chain_of(game_id, rows, recorded)

    def _read_chains(self, game_ids: list[str]) -> dict[str, tuple[list[StoredEvent], str | None]]:
        """`_read_chain` of each game (ids sorted), in one read transaction: the entries of
        all of them in one query, in the events table's own order (by game, then n), so the
        file is read once, front to back, and another process's append is seen whole or not
        at all."""
        conn = self.conn
        listed = json.dumps(game_ids)
        own = not conn.in_transaction
        if own:
            conn.execute("BEGIN")
        try:
            rows = conn.execute(
                "SELECT game_id, n, at, type, body, prev, hash FROM events "
                "WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, n",
                (listed,),
            ).fetchall()
            recorded = {
                gid: (count, head)
                for gid, count, head in conn.execute(
                    "SELECT id, events, head FROM games WHERE id IN (SELECT value FROM json_each(?))", (listed,)
                )
            }
        finally:
            if own:
                conn.execute("COMMIT")
        chains = {gid: self._chain_of(gid, list(group), recorded.get(gid)) for gid, group in groupby(rows, key=_game_of_row)}
        for gid in game_ids:
            if gid not in chains:
                chains[gid] = self._chain_of(gid, [], recorded.get(gid))
        return chains

    def _chain_of(
        self, game_id: str, rows: list[_Row], recorded: tuple[int, str] | None
    ) -> tuple[list[StoredEvent], str | None]:
        """A game's events from its rows as stored, and what is wrong with its chain (see
        `_read_chain`); `recorded`: its count and head in the games table, None if not listed."""
        events = []
        parsed = []  # each body parsed once: the chain's check takes them as they are here
        for _game, n, at, _type, body, prev, hash_ in rows:
            damage = None
            if not isinstance(at, str):
                damage = _("its time is not text")
            elif not isinstance(body, str | bytes):
                damage = _("it is not JSON")
            else:
                try:
                    data = parsed_json(body)
                except ValueError:
                    damage = _("it is not JSON")
            if damage:
                raise errors.StoreError(
                    # TRANSLATORS: {damage} is "its time is not text" or "it is not JSON"
                    _(
                        "entry {entry} of game {game} in {store} is damaged ({damage}); "
                        "run `scorekeeper verify` and restore the store from a backup"
                    ).format(entry=n, game=game_id, store=self.path, damage=damage)
                )
            events.append(StoredEvent(game_id, n, at, data, prev, hash_))
            parsed.append(data)
        if recorded is None:
            problem = _unlisted_entries(len(rows)) if rows else None
        elif _checks_out(game_id, rows, parsed, *recorded):
            problem = None
        else:
            problem = _chain_problem(game_id, rows, *recorded, parsed=parsed)
        return events, problem

    def head(self, game_id: str) -> str:
        """The hash of the game's last event, or "" if there is no such game."""
        with _sqlite_errors(self.path):
            row = self.conn.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else ""

    def has_games(self) -> bool:
        """Whether any game is stored (committed)."""
        with _sqlite_errors(self.path):
            return self.conn.execute("SELECT 1 FROM games LIMIT 1").fetchone() is not None

    def current_game(self) -> str | None:
        with _sqlite_errors(self.path):
            row = self.conn.execute(
                "SELECT value FROM meta WHERE key = ?", (_CURRENT_GAME,)
            ).fetchone()
        return row[0] if row else None

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

    # -- what an entry needs to know about the other games (see _GAME_FACTS) --

    def game_count(self) -> int:
        with _sqlite_errors(self.path):
            return self.conn.execute("SELECT count(*) FROM games").fetchone()[0]

    def newest_games(self, limit: int) -> list[GameSummary]:
        """The `limit` games started last, in the order they started (as `games`)."""
        with _sqlite_errors(self.path):
            rows = self.conn.execute(
                "SELECT id, created_at, events, head FROM games ORDER BY created_at DESC, id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [GameSummary(*row) for row in reversed(rows)]

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
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    # -- writing --

    def set_current_game(self, game_id: str) -> None:
        """Make an existing game current; EntryError if there is no such game. Works inside a
        `writing` block too (as part of its transaction)."""
        with self._transaction():
            conn = self.conn
            with _sqlite_errors(self.path):
                known = conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
            if not known:
                raise errors.EntryError(
                    _("there is no game {game} in the store; `scorekeeper games` lists them").format(game=game_id)
                )
            with _sqlite_errors(self.path):
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (_CURRENT_GAME, game_id),
                )

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """A write transaction of its own, or a part of the one already open."""
        if self.conn.in_transaction:
            yield
            return
        conn = self._for_writing()
        self._appended = []
        with _sqlite_errors(self.path):
            conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            with _interrupts_held(), _sqlite_errors(self.path):
                conn.execute("COMMIT")
                COMMITTED.extend(self._appended)
        finally:
            self._appended = []
            if conn.in_transaction:
                conn.execute("ROLLBACK")

    def _daily_backup(self) -> None:
        """Before the first entry of each day, the day's automatic backup (see
        backup_automatically), taken before the write lock. An entry is not refused for it: if
        it cannot be taken, a warning says why."""
        from datetime import date

        from scorekeeper.storage import backups

        today = date.today()
        if self._backup_checked == today:
            return
        if backups.due_today(self.folder, today):
            try:
                backup_automatically(self)
            except errors.ScorekeeperError as exc:
                self.warnings.append(_("the day's automatic backup was not taken: {reason}").format(reason=exc))
        self._backup_checked = today

    @contextmanager
    def writing(self, game_id: str, new: bool = False) -> Iterator[GameWriter]:
        """Take the store's write lock (waiting up to 10 s for another writer) and yield a writer
        for one game. Everything appended is committed together on normal exit, and nothing is
        if the block raises (the exception propagates).

        The game's chain is checked first, under the lock: a damaged chain takes no more
        entries (StoreError). With `new`, the game must not exist yet (EntryError), so an id
        that is already taken is refused rather than grafted onto another game."""
        if not isinstance(game_id, str) or not game_id:
            raise TypeError(f"a game id must be a non-empty str, not {game_id!r}")
        if self.conn.in_transaction:
            raise RuntimeError("writing() is already open on this Store")
        self._daily_backup()  # before the lock: a large store's copy keeps no one waiting
        with self._transaction():
            with _sqlite_errors(self.path):
                events, problem = self._read_chain(game_id)
                there = self.conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
            if new and (events or there):
                raise errors.EntryError(
                    _("a game with the id {game} is already in the store; nothing was recorded; run `new` again").format(
                        game=game_id
                    )
                )
            if problem:
                raise errors.StoreError(_broken_for_writing(game_id, problem))
            writer = GameWriter(self, game_id, events)
            try:
                yield writer
            finally:
                writer._open = False

    @contextmanager
    def writing_from(self, game_id: str, n: int, head: str) -> Iterator[GameWriter]:
        """`writing`, for a game whose state as of entry `n`, with hash `head`, is known (a
        kept game state): the chain is checked whole as ever (a damaged chain takes no more
        entries), but only the entries from `n` on are parsed, so an entry costs about the
        same however long the game. The writer's `events` then start at entry `n` (its
        `offset`); `full_events()` gives them all. Where entry `n` is no longer that head, or
        anything does not check out, the chain is read as `writing` reads it."""
        if self.conn.in_transaction:
            raise RuntimeError("writing() is already open on this Store")
        self._daily_backup()  # as `writing` does
        with self._transaction():
            with _sqlite_errors(self.path):
                tail = self._read_tail(game_id, n, head)
            if tail is None:
                with _sqlite_errors(self.path):
                    events, problem = self._read_chain(game_id)
                if problem:
                    raise errors.StoreError(_broken_for_writing(game_id, problem))
                writer = GameWriter(self, game_id, events)
            else:
                writer = GameWriter(self, game_id, tail, offset=n)
            try:
                yield writer
            finally:
                writer._open = False

    def _read_tail(self, game_id: str, n: int, head: str) -> list[StoredEvent] | None:
        """Entries `n` onwards of a game, if entry `n` has hash `head`, the whole chain checks
        out (each entry's hash recomputed from its stored text and linked to the one before:
        a hash an entry, a few microseconds, and no entry parsed before `n`), and the games
        table's count and head agree; else None (the caller reads the chain the slow way,
        which names what is wrong)."""
        conn = self.conn
        rows = conn.execute(
            "SELECT n, at, body, prev, hash FROM events WHERE game_id = ? ORDER BY n", (game_id,)
        ).fetchall()
        recorded = conn.execute("SELECT events, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if len(rows) <= n or rows[n][4] != head or recorded != (len(rows), rows[-1][4]):
            return None
        expected_prev = ZERO_HASH
        for i, (m, at, body, prev, hash_) in enumerate(rows):
            if (
                m != i or prev != expected_prev or not isinstance(body, str) or not isinstance(at, str)
                or _chain_hash_of_text(prev, game_id, i, at, body) != hash_
            ):  # fmt: skip
                return None
            expected_prev = hash_
        events = []
        for m, at, body, prev, hash_ in rows[n:]:
            try:
                data = json.loads(body)
            except ValueError:
                return None
            events.append(StoredEvent(game_id, m, at, data, prev, hash_))
        return events

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

    def take_chains(self, chains: list[list[StoredEvent]], make_current: str | None = None) -> None:
        """Store games whole as they were recorded elsewhere, in one transaction: a game not
        here is added as given; a game here whose entries are the first ones of its given chain
        gets the rest appended, exactly as given. Every chain must verify (StoreError) and a game
        here must be the start of its given chain or the other way round (EntryError); nothing is stored unless all
        are. With `make_current`, that game becomes current in the same transaction."""
        for events in chains:
            if not events:
                raise errors.EntryError(_("a game to import holds no entries; nothing was imported"))
            game_id = events[0].game_id
            problem = _malformed(events) or _chain_problem(
                game_id, [(e.game_id, e.n, e.at, None, e.body, e.prev, e.hash) for e in events]
            )
            if problem:
                raise errors.StoreError(
                    # TRANSLATORS: {problem} says what is wrong ("entry 3 (bids) does not match its hash: it was altered")
                    _(
                        "game {game} cannot be imported because its audit chain does not verify: "
                        "{problem}; nothing was imported"
                    ).format(game=game_id, problem=problem)
                )
        if self.conn.in_transaction:
            raise RuntimeError("take_chains() cannot run inside writing()")
        with self._transaction(), _sqlite_errors(self.path):
            conn = self.conn
            for events in chains:
                game_id = events[0].game_id
                here = conn.execute(
                    "SELECT hash FROM events WHERE game_id = ? ORDER BY n", (game_id,)
                ).fetchall()
                if any(row[0] != e.hash for row, e in zip(here, events, strict=False)):
                    raise errors.EntryError(
                        _(
                            "game {game} in the store is not the start of the one imported, nor the other way "
                            "round; nothing was imported"
                        ).format(game=game_id)
                    )
                new = events[len(here) :]
                if not new:
                    continue
                if here:
                    moved = conn.execute(
                        "UPDATE games SET events = ?, head = ? WHERE id = ? AND events = ? AND head = ?",
                        (len(events), events[-1].hash, game_id, len(here), here[-1][0]),
                    ).rowcount
                    if moved != 1:
                        raise errors.StoreError(_miscounted(game_id, self.path))
                else:
                    conn.execute(
                        "INSERT INTO games (id, created_at, events, head) VALUES (?, ?, ?, ?)",
                        (game_id, events[0].at, len(events), events[-1].hash),
                    )
                conn.executemany(
                    "INSERT INTO events (game_id, n, at, type, body, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, e.n, e.at, e.body["type"], canonical_json(e.body), e.prev, e.hash) for e in new],
                )
                self._appended += [(game_id, e.n) for e in new]
            if make_current:
                self.set_current_game(make_current)

    # -- checking --

    VERIFY_SHARED_FROM = 2000  # games: from this many, `verify` checks the chains on every CPU

    def verify(self, game_id: str | None = None) -> list[str]:
        """Recompute every game's chain (or one game's) and return one line per game that does
        not verify, naming its first bad entry; [] if all is well. A large store's chains
        are shared out among forked processes, each checking a run of neighbouring game ids
        (see `_chains_checked`), while this one checks the database file itself."""
        if self.conn.in_transaction:
            raise RuntimeError("verify() cannot run inside writing()")
        problems: list[str] = []
        with _sqlite_errors(self.path):
            if game_id is not None:
                recorded, found = self._chains_checked(game_id=game_id)
            else:
                shares = self._verify_shares()
                if len(shares) == 1:
                    problems += self._check_file(self.conn)
                    recorded, found = self._chains_checked()
                else:
                    recorded, found = self._chains_checked_in_parallel(shares, problems)
        for _seq, gid, count, head in sorted(recorded):
            problem = found[gid] if gid in found else _chain_problem(gid, [], count, head)
            if problem:
                problems.append(_game_problem(gid, problem))
        listed = {row[1] for row in recorded}
        for gid, problem in found.items():
            if gid not in listed:
                problems.append(_game_problem(gid, problem))
        if game_id is not None and not recorded and not found:
            problems.append(_("game {game}: there is no such game in the store").format(game=game_id))
        return problems

    def _chains_checked(
        self, low: str | None = None, high: str | None = None, game_id: str | None = None
    ) -> tuple[list[tuple[int, str, int, str]], dict[str, str | None]]:
        """The chains of one game, or of the games whose ids are from `low` (or the first)
        up to `high` (not included; or the last), checked: the games table's rows (seq, id,
        count, head), and what is wrong with each chain found in the events table (None if
        it verifies; an id with entries and no row in the games table is found too). One read
        transaction, so a writer appending meanwhile cannot look like tampering."""
        conn = self.conn
        chosen = [(test, value) for test, value in (("= ?", game_id), (">= ?", low), ("< ?", high)) if value is not None]
        arguments = [value for _test, value in chosen]

        def where(column: str) -> str:
            return " WHERE " + " AND ".join(f"{column} {test}" for test, _value in chosen) if chosen else ""

        conn.execute("BEGIN")
        try:
            recorded = conn.execute(f"SELECT seq, id, events, head FROM games{where('id')}", arguments).fetchall()
            rows = conn.execute(
                f"SELECT game_id, n, at, type, body, prev, hash FROM events{where('game_id')} ORDER BY game_id, n",
                arguments,
            )
            counts = {gid: (count, head) for _seq, gid, count, head in recorded}
            found: dict[str, str | None] = {}
            for gid, chain in groupby(rows, key=_game_of_row):
                chain = list(chain)
                if gid in counts:
                    found[gid] = _chain_problem_of_rows(gid, chain, *counts[gid])
                else:
                    found[gid] = _unlisted_entries(len(chain))
        finally:
            conn.execute("COMMIT")
        return recorded, found

    def _verify_shares(self) -> list[tuple[str | None, str | None]]:
        """How `verify` shares out the chains: runs of game ids (low, high), one for each CPU,
        which between them hold every id there can be; one run, (None, None), for a store of
        fewer than VERIFY_SHARED_FROM games or where processes cannot be forked."""
        import multiprocessing  # only `verify` of a large store starts processes

        cpus = os.cpu_count() or 1
        if cpus < 2 or "fork" not in multiprocessing.get_all_start_methods():
            return [(None, None)]
        ids = [row[0] for row in self.conn.execute("SELECT id FROM games ORDER BY id")]
        if len(ids) < self.VERIFY_SHARED_FROM:
            return [(None, None)]
        cuts = [ids[len(ids) * k // cpus] for k in range(1, cpus)]
        return list(zip([None, *cuts], [*cuts, None], strict=True))

    def _chains_checked_in_parallel(
        self, shares: list[tuple[str | None, str | None]], problems: list[str]
    ) -> tuple[list[tuple[int, str, int, str]], dict[str, str | None]]:
        """`_chains_checked` of each share in a forked process of its own (which opens the
        store afresh and never touches this process's connection), this process checking
        the database file meanwhile (what it finds added to `problems`)."""
        import multiprocessing

        copy = None if self.path == self.folder / self.FILENAME else str(self.path)
        with multiprocessing.get_context("fork").Pool(len(shares)) as pool:
            pending = pool.starmap_async(_chains_checked_apart, [(str(self.folder), copy, *share) for share in shares])
            problems += self._check_file(self.conn)
            parts = pending.get()
        recorded = [row for part in parts for row in part[0]]
        found = {gid: problem for part in parts for gid, problem in part[1].items()}
        return recorded, found

    def check_beside_chain(self) -> list[str]:
        """What is wrong outside the chains: an append-only trigger missing (so the database
        no longer refuses edits by itself), or a current game that is not in the store."""
        problems = []
        with _sqlite_errors(self.path):
            triggers = {row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
            current = self.conn.execute("SELECT value FROM meta WHERE key = ?", (_CURRENT_GAME,)).fetchone()
        missing = sorted({"events_append_only_update", "events_append_only_delete"} - triggers)
        if missing:
            problems.append(
                # TRANSLATORS: {triggers} are the names of triggers in the database file, as they are
                ngettext(
                    "the store's append-only trigger {triggers} is missing: the file was edited with another "
                    "tool; compare the digests written down at the table with `verify --digest`",
                    "the store's append-only triggers {triggers} are missing: the file was edited with another "
                    "tool; compare the digests written down at the table with `verify --digest`",
                    len(missing),
                ).format(triggers=", ".join(missing))
            )
        if current is not None and not self.head(current[0]):
            problems.append(
                _(
                    "the current game {game} is not in the store; choose one with `use ID` (`games` lists them)"
                ).format(game=current[0])
            )
        return problems

    def _check_file(self, conn: sqlite3.Connection) -> list[str]:
        result = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if result == ["ok"]:
            return []
        # TRANSLATORS: {reason} is SQLite's own words
        return [_("the database file is damaged: {reason}").format(reason=result[0])]


# --- backups: consistent copies, checked, and the store put back from one -------------------


def _chains_checked_apart(
    folder: str, copy: str | None, low: str | None, high: str | None
) -> tuple[list[tuple[int, str, int, str]], dict[str, str | None]]:
    """Store._chains_checked in a forked process, on a connection of its own."""
    with Store(Path(folder), copy=None if copy is None else Path(copy)) as db, _sqlite_errors(db.path):
        return db._chains_checked(low, high)


def _copy_database(source: sqlite3.Connection, target: Path) -> None:
    """Copy a database, as of one instant, into the new file `target` with SQLite's online
    backup API (one step: a single read transaction, so a writer meanwhile waits or lands after
    it, never half in), and leave it a single self-contained file (no write-ahead log)."""
    destination = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(destination)
        destination.execute("PRAGMA journal_mode = DELETE")
    finally:
        destination.close()


def verify_copy(path: Path, handed: bool = False) -> int:
    """Check a copy of a store without writing a byte to it: it is a scorekeeper store this
    version reads, SQLite finds the file sound, every chain verifies and the append-only
    triggers are in place. The number of games; StoreError naming what is wrong. `handed`: a
    file someone handed in (`restore FILE`), read as `import` reads one (see _HandedBounds)."""
    import stat

    path = Path(path)
    try:
        found = path.stat()
    except OSError as exc:
        raise errors.StoreError(_("cannot read {file} ({reason})").format(file=path, reason=exc.strerror or exc)) from None
    if not stat.S_ISREG(found.st_mode):
        raise errors.StoreError(
            _("{file} is not a file (a folder, a device or a pipe); name a backup file").format(file=path)
        )
    if found.st_size == 0:
        raise errors.StoreError(_("{file} is empty (0 bytes): it is not a backup of a store").format(file=path))
    try:
        with Store(path.parent, copy=path, handed=handed) as copy:
            problems = copy.verify() or copy.check_beside_chain()
            if problems:
                raise errors.StoreError(
                    # TRANSLATORS: {problems} says what is wrong, each thing after the other, parted by ";"
                    _("{file} does not verify: {problems}").format(file=path, problems="; ".join(problems))
                )
            return len(copy.games())
    except HandedInRefused as exc:
        raise errors.StoreError(_("{file} does not verify: {problems}").format(file=path, problems=exc.fault)) from None
    except sqlite3.Error as exc:
        # TRANSLATORS: {reason} is SQLite's own words
        raise errors.StoreError(_("{file} is damaged ({reason})").format(file=path, reason=exc)) from None


def backup(db: Store, target: Path) -> int:
    """Write a consistent copy of the live store to `target` (which must not exist) and verify
    it before it takes its name, so a file by that name is always a whole, checked copy. Safe
    while `serve` or `play` writes. The number of games in it."""
    target = Path(target)
    if target.is_dir() or not target.name:
        raise errors.UsageError(_("{file} is a folder; name the file to write the backup to").format(file=target))
    if target.exists() or target.is_symlink():
        raise errors.EntryError(_already_there(target))
    if not target.parent.is_dir():
        raise errors.UsageError(
            _("cannot write the backup to {file}: there is no folder {folder}").format(file=target, folder=target.parent)
        )
    temporary = target.with_name(f".{target.name}.{datetime.now(UTC).strftime('%H%M%S%f')}.part")
    try:
        # a connection of its own: what is committed, even while `db` is inside a write
        source = db._open_for_reading()
        if source is None:
            raise errors.StoreError(
                _("cannot read {store} to back it up; run `scorekeeper verify`").format(store=db.path)
            )
        try:
            with _sqlite_errors(target):
                _copy_database(source, temporary)
        finally:
            source.close()
        count = verify_copy(temporary)
        # a hard link takes the name only if nothing has it: never over a file that appeared meanwhile
        os.link(temporary, target)
    except FileExistsError:
        raise errors.EntryError(_already_there(target)) from None
    except OSError as exc:
        if exc.errno == 28 or disk_is_full(target.parent):  # ENOSPC
            raise errors.StoreError(full_disk_text(target)) from None
        raise errors.StoreError(
            _("cannot write the backup {file} ({reason})").format(file=target, reason=exc.strerror or exc)
        ) from None
    finally:
        temporary.unlink(missing_ok=True)
    return count


def _already_there(target: Path) -> str:
    return _("{file} already exists; choose another name").format(file=target)


def backup_automatically(db: Store) -> Path | None:
    """The rotating automatic backup (before the first entry of a day, before an import): a
    copy in the store's backups folder, then the oldest automatic ones beyond what the home's
    settings keep deleted. None if the settings keep none, or the store has no game yet."""
    from scorekeeper.storage import backups, settings

    keep = settings.load(db.folder).keep_backups
    if keep == 0 or not db.has_games():
        return None
    path = backups.new_path(db.folder, backups.AUTOMATIC)
    backups.make_folder(db.folder)
    backup(db, path)
    for old in backups.beyond_keeping(db.folder, keep):
        old.unlink(missing_ok=True)
    return path


def _restore_in_place(live: Store, source: Path, aside: Path) -> None:
    """Keep the live store as it is now in `aside` and put what `source` holds in its place,
    both under one write lock: another process's entry lands before both (and is in `aside`)
    or after both (on the restored store), never between, where it would be in neither. Other
    processes' connections, a `serve` or a `play`, read the restored store as soon as it is
    committed. sqlite3.Error where the live store cannot be read."""
    conn = live._for_writing()
    conn.execute("ATTACH DATABASE ? AS restored", (str(source),))  # only read
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # What is committed now is what the lock holds still: read by a connection of its
            # own (a writer never holds a reader back) and kept aside whole.
            snapshot = live._open_for_reading()
            if snapshot is None:
                raise sqlite3.DatabaseError("the store cannot be read")
            try:
                _copy_database(snapshot, aside)
            finally:
                snapshot.close()
            with _sqlite_errors(live.path):
                _replace_tables(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    finally:
        conn.execute("DETACH DATABASE restored")


def _replace_tables(conn: sqlite3.Connection) -> None:
    """Inside the write transaction: every row of the main database replaced by the attached
    `restored` one's, a store of the same version. The triggers (the append-only ones among
    them) are dropped for it and made again; a table only one side has is made or emptied."""
    conn.execute("PRAGMA defer_foreign_keys = ON")

    def objects(schema: str) -> list[tuple[str, str, str]]:
        return conn.execute(
            f"SELECT type, name, sql FROM {schema}.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
            "ORDER BY rowid"
        ).fetchall()

    here, there = objects("main"), objects("restored")
    triggers = {name: sql for kind, name, sql in here + there if kind == "trigger"}
    for name in (name for kind, name, _sql in here if kind == "trigger"):
        conn.execute(f'DROP TRIGGER main."{name}"')
    tables_here = [name for kind, name, _sql in here if kind == "table"]
    for name in tables_here:
        conn.execute(f'DELETE FROM main."{name}"')
    for kind, name, sql in there:
        if kind in ("table", "index") and name not in {n for _k, n, _s in here}:
            conn.execute(sql)  # in main: a table or index the live store has not made yet
        if kind == "table":
            conn.execute(f'INSERT INTO main."{name}" SELECT * FROM restored."{name}"')
    for sql in triggers.values():
        conn.execute(sql)


def restore(folder: Path, source: Path) -> tuple[Path | None, int]:
    """Put the store in `folder` back as the backup `source` holds it, once `source` verifies.
    The store as it was is kept aside in the backups folder, never deleted: copied with the
    backup API if it can be read (and then overwritten in place, so a `serve` or `play`
    running on it sees the restored store), else its files moved aside as they are. Returns
    where the old store was kept (None if there was none) and the restored store's games."""
    from scorekeeper.storage import backups

    source = Path(source)
    try:
        count = verify_copy(source, handed=True)
    except NotAStore as exc:  # what is wrong is the file handed in, not the store: refused, exit 1
        raise errors.EntryError(
            # TRANSLATORS: {fault} says what is wrong with the file ("it is not an SQLite database")
            _("{file} is not a backup this scorekeeper can restore: {fault}; nothing was changed").format(
                file=source, fault=exc.fault
            )
        ) from None
    except errors.StoreError as exc:
        raise errors.EntryError(str(exc)) from None
    path = Path(folder) / Store.FILENAME
    aside = backups.new_path(Path(folder), backups.BEFORE_RESTORE)
    backups.make_folder(Path(folder))
    try:
        live = Store(folder) if path.exists() and path.stat().st_size else None
    except errors.StoreError:
        live = None
    reader = sqlite3.connect(source.resolve().as_uri() + "?mode=ro&immutable=1", uri=True, isolation_level=None)
    try:
        if live is not None:
            with live:
                try:
                    _restore_in_place(live, source, aside)
                except sqlite3.Error:  # damaged past reading: its files are moved aside below
                    aside.unlink(missing_ok=True)
                    live.close()
                    live = None
        if live is None:
            moved = None
            for suffix in ("", "-wal", "-shm"):
                part = path.with_name(path.name + suffix)
                if part.exists():
                    os.replace(part, aside.with_name(aside.name + suffix))
                    moved = aside
            aside = moved
            with _sqlite_errors(path):
                _copy_database(reader, path)
    finally:
        reader.close()
    with Store(folder) as restored:  # as any command will read it, with what waits in its log
        problems = restored.verify() or restored.check_beside_chain()
    if problems:
        raise errors.StoreError(
            # TRANSLATORS: {problems} says what is wrong, each thing after the other, parted by ";"
            _("the restored store does not verify ({problems}); the store as it was is in {backup}").format(
                problems="; ".join(problems), backup=aside
            )
        )
    return aside, count


class _Chain(NamedTuple):
    """Where one kind of chain is kept: the table of heads (a row per chain, with its count of
    entries and its head) and the table of entries, and what a count out of step is called."""

    heads: str
    entries: str
    id_column: str
    miscounted: Callable[[str, Path], str]


def _night_miscounted(night_id: str, path: Path) -> str:
    return _("night {night}'s entry count does not match its entries; run `verify`").format(night=night_id)


_GAMES = _Chain("games", "events", "game_id", _miscounted)
_NIGHTS = _Chain("nights", "night_events", "night_id", _night_miscounted)


def _append_to_chain(db: Store, chain: _Chain, chain_id: str, n: int, events: list[StoredEvent], body: dict) -> StoredEvent:
    """Append `body` as entry `n` of a game's or a night's chain (its last entries `events`),
    inside the write transaction: chained to the last hash, stamped with the time now, the
    chain's row of heads moved with it or neither."""
    text = canonical_json(body)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise errors.EntryError(
            _("the entry holds text that is not valid UTF-8 (perhaps a mistyped character); retype it and try again")
        ) from None
    data = json.loads(text)  # the body as it will read back, not the caller's object
    prev = events[-1].hash if events else ZERO_HASH
    at = _now()
    # the hash of the text as stored, which is the body's canonical form (see chain_hash)
    event = StoredEvent(chain_id, n, at, data, prev, _chain_hash_of_text(prev, chain_id, n, at, text))
    conn = db.conn
    with _sqlite_errors(db.path):
        # A savepoint keeps the row of heads and the entry's row together even if the caller
        # catches an error here and carries on inside the writing block.
        conn.execute("SAVEPOINT append")
        try:
            if n == 0:
                conn.execute(
                    f"INSERT INTO {chain.heads} (id, created_at, events, head) VALUES (?, ?, 1, ?)",
                    (chain_id, at, event.hash),
                )
            elif conn.execute(
                f"UPDATE {chain.heads} SET events = ?, head = ? WHERE id = ? AND events = ? AND head = ?",
                (n + 1, event.hash, chain_id, n, prev),
            ).rowcount != 1:
                raise errors.StoreError(chain.miscounted(chain_id, db.path))
            conn.execute(
                f"INSERT INTO {chain.entries} ({chain.id_column}, n, at, type, body, prev, hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (chain_id, n, at, data["type"], text, prev, event.hash),
            )
        except BaseException:
            # SQLite rolls the whole transaction back by itself on a full disk: then there is
            # no savepoint left, and the error to tell is the full disk
            if conn.in_transaction:
                conn.execute("ROLLBACK TO append")
                conn.execute("RELEASE append")
            raise
        conn.execute("RELEASE append")
    return event


class Stale(errors.EntryError):
    """An entry made on a view of the game that is no longer its chain's head: something was
    recorded since (see Store.after); nothing was recorded."""

    def __init__(self, game_id: str, after: str) -> None:
        super().__init__(_("something was recorded since this entry was made; nothing was recorded"))
        self.game_id, self.after = game_id, after


class GameWriter:
    """Appends to one game while its Store holds the write lock; see Store.writing."""

    events: list[StoredEvent]  # the game's events as of taking the lock, plus those appended

    def __init__(self, store: Store, game_id: str, events: list[StoredEvent], offset: int = 0) -> None:
        self.store = store
        self.game_id = game_id
        self.events = events
        self.offset = offset  # how many entries come before events[0] (see Store.writing_from)
        self._open = True

    def full_events(self) -> list[StoredEvent]:
        """Every entry of the game (read now, under the lock, if only the last were read),
        plus those appended."""
        if self.offset:
            earlier = self.store._read_events(self.game_id)[: self.offset]
            self.events, self.offset = earlier + self.events, 0
        return self.events

    def append(self, body: dict) -> StoredEvent:
        """Append one event: the next n, chained to the last hash, stamped with the time now."""
        if not self._open:
            raise RuntimeError("append() called after its writing() block ended")
        if not isinstance(body, dict) or not isinstance(body.get("type"), str):
            raise TypeError(f"an event body must be a dict with a str 'type', not {body!r}")
        if self.store.via is not None:
            from scorekeeper.core.events import VIA

            body = {**body, VIA: self.store.via}
        if self.store.phone_entry is not None:
            from scorekeeper.core.events import PHONE_ENTRY

            body = {**body, PHONE_ENTRY: self.store.phone_entry}
        after = self.store.after
        if after is not None and after[0] == self.game_id:
            # checked under the write lock: nothing can come between the check and the append
            head = self.events[-1].hash if self.events else ZERO_HASH
            if head != after[1]:
                self.store.overtaken = after  # the front end's command line reports errors its own way
                raise Stale(self.game_id, after[1])
            self.store.after = None  # an entry of several events is checked at its first
        event = _append_to_chain(self.store, _GAMES, self.game_id, self.offset + len(self.events), self.events, body)
        self.store.written.append(event)
        self.events.append(event)
        self.store._appended.append((self.game_id, event.n))
        return event

    def keep_derived(self, kind: str, data: Any) -> None:
        """Keep derived data of this game as of the last append (see Store.derived), in the
        same transaction: it is committed with the entries it was derived from, or not at all.
        With data None, the game's row of that kind is dropped."""
        if not self._open:
            raise RuntimeError("keep_derived() called after its writing() block ended")
        with _sqlite_errors(self.store.path):
            self.store.conn.execute(_DERIVED_TABLE)
            if data is None:
                self.store.conn.execute("DELETE FROM derived WHERE kind = ? AND game_id = ?", (kind, self.game_id))
            else:
                self.store.conn.execute(_DERIVED_UPSERT, (kind, self.game_id, self.events[-1].hash, data))

    def keep_facts(self, in_progress: bool, name: str) -> None:
        """What the other games' entries need to know of this game as it stands after the last
        append (see _GAME_FACTS), kept in the same transaction."""
        if not self._open:
            raise RuntimeError("keep_facts() called after its writing() block ended")
        head = self.events[-1].hash if self.events else ZERO_HASH
        self.store.put_facts([(self.game_id, head, in_progress, name)])



# --- nights: a chain of their own beside the games -------------------------------------------

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


class NightWriter:
    """Appends to one night, and starts the games it holds, while its Store holds the write
    lock: everything written in one night_writing() block is committed together or not at all."""

    def __init__(self, db: Store, night_id: str, events: list[StoredEvent]) -> None:
        self.store = db
        self.night_id = night_id
        self.events = events

    def append(self, body: dict) -> StoredEvent:
        """Append one entry to the night: the next n, chained to the last hash."""
        event = _append_to_chain(self.store, _NIGHTS, self.night_id, len(self.events), self.events, body)
        self.events.append(event)
        return event

    def start_game(self, game_id: str, body: dict) -> StoredEvent:
        """Store a new game's first entry (in the same transaction as the night's entries)."""
        with _sqlite_errors(self.store.path):
            if self.store.conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                raise errors.EntryError(
                    _("a game with the id {game} is already in the store; nothing was recorded").format(game=game_id)
                )
        return GameWriter(self.store, game_id, []).append(body)


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

# --- checking a chain ------------------------------------------------------------------------

# (game_id, n, at, type column or None, body as JSON text or data, prev, hash)
_Row = tuple[Any, Any, Any, Any, Any, Any, Any]


def _malformed(events: Iterable[StoredEvent]) -> str | None:
    """Problems of shape in an imported chain, before any hash is computed."""
    game_id = None
    for i, e in enumerate(events):
        if not isinstance(e.game_id, str) or not e.game_id:
            return _("entry {entry} has no game id").format(entry=i)
        if game_id is None:
            game_id = e.game_id
        elif e.game_id != game_id:
            return _("entry {entry} belongs to game {game}, not {first_game}").format(
                entry=i, game=e.game_id, first_game=game_id
            )
        if not isinstance(e.n, int) or isinstance(e.n, bool):
            return _("entry {entry} is numbered {number}, which is not a whole number").format(entry=i, number=repr(e.n))
        if not isinstance(e.body, dict) or not isinstance(e.body.get("type"), str):
            return _("entry {entry} is not an event (it has no type)").format(entry=i)
        for name in ("at", "prev", "hash"):
            if not isinstance(getattr(e, name), str):
                # TRANSLATORS: {type} is the entry's kind as stored ("bids"); {field} is a field's
                # name as stored ("at", "prev" or "hash")
                return _("entry {entry} ({type}) has no {field} text").format(entry=i, type=e.body["type"], field=name)
    return None


def _event_type(data: Any, type_column: Any) -> str | None:
    """An entry's type as stored ("bids"), if it can be read."""
    kind = data.get("type") if isinstance(data, dict) else type_column
    return kind if isinstance(kind, str) else None


class ChainBreak(NamedTuple):
    """The first thing wrong with a game's chain, found by `chain_break`; each caller puts it
    into words for what it checked (the store, or a score sheet being imported)."""

    kind: str  # one of: numbered, inserted, not_event, type_column, hash, prev, missing, head
    entry: int  # the position where it shows
    event_type: str | None  # that entry's type as stored ("bids"), None if it cannot be read
    n: Any = None  # numbered: the n the entry carries; hash: the n it was recorded at, if found;
    # missing: the last position missing
    later: bool = False  # numbered: an entry numbered `entry` comes later (out of order)
    type_column: Any = None  # type_column: what the column says


def chain_break(
    game_id: str,
    rows: list[_Row],
    count: int | None = None,
    head: str | None = None,
    parsed: list[Any] | None = None,
) -> ChainBreak | None:
    """The one check of a game's chain (rows in n order: game_id, n, at, type column or None,
    body as stored text or data, prev, hash): every entry in its place, an event, matching its
    hash and following the one before. With `count` and `head` (from the games table) it also
    catches entries removed from, or added to, the end. `parsed`: each row's body as its text
    parses (one per row), where the caller parsed them already, so no text is parsed twice."""
    expected_prev = ZERO_HASH
    last: tuple[Any, Any] = (None, None)  # the type is looked for only for a break
    numbers = {row[1] for row in rows}
    for i, (_game, n, at, type_column, body, prev, hash_) in enumerate(rows):
        if n != i:
            return ChainBreak("numbered", i, None, n=n, later=i in numbers)
        data = body
        if isinstance(body, str):
            try:
                data = parsed[i] if parsed is not None else parsed_json(body)
            except ValueError:
                data = None
        last = (data, type_column)
        if count is not None and i >= count:
            return ChainBreak("inserted", i, _event_type(*last))
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return ChainBreak("not_event", i, _event_type(*last))
        if type_column is not None and type_column != data["type"]:
            return ChainBreak("type_column", i, _event_type(*last), type_column=type_column)
        intact = (
            isinstance(body, str)
            and isinstance(prev, str)
            and isinstance(at, str)
            and _chain_hash_of_text(prev, game_id, i, at, body) == hash_
        )
        # The slow way also accepts a body whose stored text is not in canonical form but
        # means the same.
        if not intact and _hash_or_none(prev, game_id, i, at, data) != hash_:
            was = _recorded_position(game_id, at, data, prev, hash_, i, len(rows), count)
            return ChainBreak("hash", i, _event_type(*last), n=was)
        if prev != expected_prev:
            return ChainBreak("prev", i, _event_type(*last))
        expected_prev = hash_
    if count is not None:
        total = len(rows)
        if count > total:
            return ChainBreak("missing", total, None, n=count - 1)
        if head != expected_prev:
            return ChainBreak("head", total - 1, _event_type(*last))
    return None


def _checks_out(game_id: str, rows: list[_Row], parsed: list[Any], count: int, head: str) -> bool:
    """The quick pass over a chain in the store that verifies, in one loop: every entry in its
    place, an event of the type its column says, its stored text matching its hash and
    following the one before, and the games table's count and head those of the chain.
    `parsed`: each row's body parsed. Stricter than `chain_break` (a body stored in another
    text than the canonical one fails here), so False only means `chain_break` must look and
    say what, if anything, is wrong."""
    if count != len(rows) or len(parsed) != len(rows):
        return False
    expected = ZERO_HASH
    game = _quoted(game_id)
    for i, ((_game, n, at, kind, body, prev, hash_), data) in enumerate(zip(rows, parsed, strict=True)):
        # prev, once it is the hash before it, is hex digits: nothing in it needs escaping
        if (
            n != i or prev != expected or type(data) is not dict or not isinstance(kind, str)
            or data.get("type") != kind or not isinstance(at, str) or not isinstance(body, str)
            or _hash_of_quoted(f'"{prev}"', game, i, _quoted(at), body) != hash_
        ):  # fmt: skip
            return False
        expected = hash_
    return head == expected


def _chain_problem_of_rows(game_id: str, rows: list[_Row], count: int, head: str) -> str | None:
    """`_chain_problem` of a chain as stored, its bodies not parsed yet: the quick pass first
    (each body parsed once), the full check only where it does not pass."""
    try:
        parsed = [parsed_json(row[4]) for row in rows]
    except (TypeError, ValueError):  # a body that is not text, or not JSON: the full check says so
        parsed = []
    if _checks_out(game_id, rows, parsed, count, head):
        return None
    return _chain_problem(game_id, rows, count, head)


def _chain_problem(
    game_id: str,
    rows: list[_Row],
    count: int | None = None,
    head: str | None = None,
    parsed: list[Any] | None = None,
) -> str | None:
    """The first thing wrong with one game's chain in the store, in words, or None."""
    found = chain_break(game_id, rows, count, head, parsed)
    if found is None:
        return None
    i = found.entry
    facts = {"entry": i, "type": found.event_type, "before": i - 1}
    match found.kind:
        case "numbered":
            n = found.n
            if found.later:  # only an import can list entries out of order
                            return _("entry {number} comes before entry {entry}: the entries are out of order").format(
                    number=n, entry=i
                )
            if isinstance(n, int) and n > i:
                if n == i + 1:
                    return _("entry {entry} is missing: it was removed").format(entry=i)
                return _("entries {first} to {last} are missing: they were removed").format(first=i, last=n - 1)
            return _("entry {number} comes after entry {before}: the entries are out of order or repeated").format(
                number=n, before=i - 1
            )
        case "inserted" if found.event_type is None:
            return _("entry {entry} is not counted in the games table: it was inserted").format(**facts)
        case "inserted":
            # TRANSLATORS: in what is wrong with a chain, {type} is an entry's kind as stored ("bids")
            return _("entry {entry} ({type}) is not counted in the games table: it was inserted").format(**facts)
        case "not_event" if found.event_type is None:
            return _(
                "entry {entry} is not an event (its body is not a JSON object with a type): it was altered"
            ).format(**facts)
        case "not_event":
            return _(
                "entry {entry} ({type}) is not an event (its body is not a JSON object with a type): it was altered"
            ).format(**facts)
        case "type_column":
            # TRANSLATORS: {column} is what the type column holds, quoted as stored
            return _("entry {entry} ({type}) is marked {column} in the type column: it was altered").format(
                **facts, column=repr(found.type_column)
            )
        case "hash" if found.n is not None:
            return _(
                "entry {entry} ({type}) was recorded as entry {recorded}: entries were removed, inserted or reordered"
            ).format(**facts, recorded=found.n)
        case "hash":
            return _("entry {entry} ({type}) does not match its hash: it was altered").format(**facts)
        case "prev" if i == 0:
            return _("entry {entry} ({type}) does not start a chain: entries before it were removed").format(**facts)
        case "prev":
            return _(
                "entry {entry} ({type}) does not follow entry {before}: an entry before it was altered, removed or "
                "inserted"
            ).format(**facts)
        case "missing" if found.n == i:
            return _("entry {entry} is missing: it was removed").format(entry=i)
        case "missing":
            return _("entries {first} to {last} are missing: they were removed").format(first=i, last=found.n)
    return _("entry {entry} ({type}) is not the last entry the games table records: it was inserted").format(**facts)


def _hash_or_none(prev: Any, game_id: str, n: int, at: Any, data: dict) -> str | None:
    try:
        return chain_hash(prev, game_id, n, at, data)
    except (TypeError, ValueError):  # ValueError covers NaN and unencodable text
        return None


def _recorded_position(
    game_id: str, at: Any, data: dict, prev: Any, hash_: Any, i: int, total: int, count: int | None
) -> int | None:
    """If an entry is intact but sits at the wrong n, the n it was recorded at."""
    limit = max(total, count or 0) + 1
    for m in range(min(limit, 100_000)):
        if m != i and _hash_or_none(prev, game_id, m, at, data) == hash_:
            return m
    return None
