"""The store a front end opens: one database file of games' chains, read, written and verified.

Every game's events are kept append-only, as a hash chain (see chain.py), and checked on
demand. Its other parts, each in a module of its own: opening.py opens the file and says what
is wrong with one that cannot be opened; schema.py holds its tables and their migrations;
chain_writer.py appends to a chain; caches.py and copies.py are the store's caches and its
backups (parts of `Store`); handed_in.py bounds the reading of a store handed in; and
night_chains.py keeps the club nights' chains.
"""

from __future__ import annotations

import json
import operator
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import groupby
from pathlib import Path
from typing import Self

from scorekeeper.core import errors
from scorekeeper.core.language import _, ngettext
from scorekeeper.storage import opening
from scorekeeper.storage.caches import Caches
from scorekeeper.storage.chain import (
    ZERO_HASH,
    GameSummary,
    StoredEvent,
    _chain_hash_of_text,
    _chain_problem,
    _chain_problem_of_rows,
    _checks_out,
    _malformed,
    _Row,
    canonical_json,
    parsed_json,
)
from scorekeeper.storage.chain_writer import GameWriter, _miscounted
from scorekeeper.storage.copies import Copies
from scorekeeper.storage.handed_in import _HandedBounds
from scorekeeper.storage.opening import (
    NotAStore,
    _classify,
    _connect,
    _exists,
    _header,
    _migrate,
    _sqlite_errors,
    _switch_to_wal,
    _unreadable,
    _wal_is_empty,
    gone_text,
)

_CURRENT_GAME = "current_game"

# The entries this process has committed, (game id, n) in order: what an interrupted command
# says it left behind. The front end clears it when a command starts.
COMMITTED: list[tuple[str, int]] = []

_game_of_row = operator.itemgetter(0)  # a stored row's game id


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


def _broken_for_writing(game_id: str, problem: str) -> errors.StoreError:
    # TRANSLATORS: {problem} says what is wrong with the chain ("entry 3 (bids) does not match
    # its hash: it was altered")
    return errors.StoreError(
        _(
            "game {game}'s audit chain is broken ({problem}); nothing was recorded; "
            "run `verify`, and restore the store from a backup"
        ).format(game=game_id, problem=problem),
        page=_(
            "the game's audit chain is broken ({problem}); nothing was recorded; the store needs checking at the "
            "laptop, and restoring from a backup"
        ).format(problem=problem),
    )


def _unlisted_entries(count: int) -> str:
    """What is wrong with a game's entries that the games table does not list."""
    return ngettext(
        "its {count} entry has no row in the games table: the game was removed or its entries were inserted",
        "its {count} entries have no row in the games table: the game was removed or its entries were inserted",
        count,
    ).format(count=count)


def _game_problem(game_id: str, problem: str) -> str:
    """One line of `verify`: a game, and the first thing wrong with its chain."""
    # TRANSLATORS: {problem} says what is wrong ("entry 3 (bids) does not match its hash: it was altered")
    return _("game {game}: {problem}").format(game=game_id, problem=problem)


# --- the store -------------------------------------------------------------------------------


class Store(Caches, Copies):
    """One scorekeeper database, with one SQLite connection. Also a context manager. Its caches
    (Caches) and its backups (Copies) are in modules of their own."""

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
        exists = _exists(self.path, self.folder)
        if not exists and not create:
            raise errors.StoreError(gone_text(self.path))
        current = exists and self._inspect_read_only(_header(self.path))
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
                conn = _connect(self.path, attempt, uri=True, timeout=opening.BUSY_TIMEOUT_MS / 1000, isolation_level=None)
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
                conn = _connect(self.path, self.path, timeout=opening.BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            else:  # never made where it is gone (mode=rw: SQLite's "cannot open" then)
                conn = _connect(self.path, self._uri() + "?mode=rw", uri=True, timeout=opening.BUSY_TIMEOUT_MS / 1000,
                                isolation_level=None)  # fmt: skip
        try:
            with _sqlite_errors(self.path):
                if migrate:
                    _migrate(conn, self.path, self.folder)
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
                    return _classify(conn, self.path, self.folder, header if alone and attempt is tries[0] else None)
                finally:
                    conn.close()
            except sqlite3.Error as exc:
                if self._handed is not None:
                    self._handed.refuse_if_late(exc)
                failure = exc
        raise _unreadable(self.path, self.folder, failure)

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
                    ).format(entry=n, game=game_id, store=self.path, damage=damage),
                    page=_(
                        "an entry of the game in the store is damaged ({damage}); the store needs checking at the "
                        "laptop, and restoring from a backup"
                    ).format(damage=damage),
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
                raise _broken_for_writing(game_id, problem)
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
                    raise _broken_for_writing(game_id, problem)
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
                        raise _miscounted(game_id, self.path)
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


def _chains_checked_apart(
    folder: str, copy: str | None, low: str | None, high: str | None
) -> tuple[list[tuple[int, str, int, str]], dict[str, str | None]]:
    """Store._chains_checked in a forked process, on a connection of its own."""
    with Store(Path(folder), copy=None if copy is None else Path(copy)) as db, _sqlite_errors(db.path):
        return db._chains_checked(low, high)
