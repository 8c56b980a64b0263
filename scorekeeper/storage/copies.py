"""The store's backups: a copy taken while others write, checked, and the store restored from one.

A copy is consistent (one instant) and checked before it takes its name; the day's automatic
one is taken before its first entry. Where the copies go and what they are called is
backups.py's. `Copies` is a part of store.Store: its methods are the store's.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.storage.handed_in import HandedInRefused
from scorekeeper.storage.opening import NotAStore, _sqlite_errors, disk_is_full, full_disk_text


class Copies:
    """The store's copies (a part of store.Store)."""

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
            if not self.has_games():
                return  # nothing to copy yet: the next entry, once there is a game, takes it
            try:
                self.backup_automatically()
            except errors.ScorekeeperError as exc:
                self.warnings.append(_("the day's automatic backup was not taken: {reason}").format(reason=exc))
        self._backup_checked = today

    def backup(self, target: Path) -> int:
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
            # a connection of its own: what is committed, even while this store is inside a write
            source = self._open_for_reading()
            if source is None:
                raise errors.StoreError(
                    _("cannot read {store} to back it up; run `scorekeeper verify`").format(store=self.path)
                )
            try:
                with _sqlite_errors(target):
                    _copy_database(source, temporary)
            finally:
                source.close()
            count = self.verify_copy(temporary)
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

    def backup_automatically(self) -> Path | None:
        """The rotating automatic backup (before the first entry of a day, before an import): a
        copy in the store's backups folder, then the oldest automatic ones beyond what the home's
        settings keep deleted. None if the settings keep none, or the store has no game yet."""
        from scorekeeper.storage import backups, settings

        keep = settings.load(self.folder).keep_backups
        if keep == 0 or not self.has_games():
            return None
        path = backups.new_path(self.folder, backups.AUTOMATIC)
        backups.make_folder(self.folder)
        self.backup(path)
        for old in backups.beyond_keeping(self.folder, keep):
            old.unlink(missing_ok=True)
        return path

    @classmethod
    def verify_copy(cls, path: Path, handed: bool = False) -> int:
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
            with cls(path.parent, copy=path, handed=handed) as copy:
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

    @classmethod
    def restore(cls, folder: Path, source: Path) -> tuple[Path | None, int]:
        """Put the store in `folder` back as the backup `source` holds it, once `source` verifies.
        The store as it was is kept aside in the backups folder, never deleted: copied with the
        backup API if it can be read (and then overwritten in place, so a `serve` or `play`
        running on it sees the restored store), else its files moved aside as they are. Returns
        where the old store was kept (None if there was none) and the restored store's games."""
        from scorekeeper.storage import backups

        source = Path(source)
        try:
            count = cls.verify_copy(source, handed=True)
        except NotAStore as exc:  # what is wrong is the file handed in, not the store: refused, exit 1
            raise errors.EntryError(
                # TRANSLATORS: {fault} says what is wrong with the file ("it is not an SQLite database")
                _("{file} is not a backup this scorekeeper can restore: {fault}; nothing was changed").format(
                    file=source, fault=exc.fault
                )
            ) from None
        except errors.StoreError as exc:
            raise errors.EntryError(str(exc)) from None
        path = Path(folder) / cls.FILENAME
        aside = backups.new_path(Path(folder), backups.BEFORE_RESTORE)
        backups.make_folder(Path(folder))
        try:
            live = cls(folder) if path.exists() and path.stat().st_size else None
        except errors.StoreError:
            live = None
        reader = sqlite3.connect(source.resolve().as_uri() + "?mode=ro&immutable=1", uri=True, isolation_level=None)
        try:
            if live is not None:
                with live:
                    try:
                        live._restore_in_place(source, aside)
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
        with cls(folder) as restored:  # as any command will read it, with what waits in its log
            problems = restored.verify() or restored.check_beside_chain()
        if problems:
            raise errors.StoreError(
                # TRANSLATORS: {problems} says what is wrong, each thing after the other, parted by ";"
                _("the restored store does not verify ({problems}); the store as it was is in {backup}").format(
                    problems="; ".join(problems), backup=aside
                )
            )
        return aside, count

    def _restore_in_place(self, source: Path, aside: Path) -> None:
        """Keep the live store as it is now in `aside` and put what `source` holds in its place,
        both under one write lock: another process's entry lands before both (and is in `aside`)
        or after both (on the restored store), never between, where it would be in neither. Other
        processes' connections, a `serve` or a `play`, read the restored store as soon as it is
        committed. sqlite3.Error where the live store cannot be read."""
        conn = self._for_writing()
        conn.execute("ATTACH DATABASE ? AS restored", (str(source),))  # only read
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                # What is committed now is what the lock holds still: read by a connection of its
                # own (a writer never holds a reader back) and kept aside whole.
                snapshot = self._open_for_reading()
                if snapshot is None:
                    raise sqlite3.DatabaseError("the store cannot be read")
                try:
                    _copy_database(snapshot, aside)
                finally:
                    snapshot.close()
                with _sqlite_errors(self.path):
                    _replace_tables(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        finally:
            conn.execute("DETACH DATABASE restored")


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


def _already_there(target: Path) -> str:
    return _("{file} already exists; choose another name").format(file=target)


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
