"""New state to every phone as it happens: one thread watches the store for all of them
(`Watcher`), and each phone's Server-Sent Events stream (`GET /api/events`) is handed the
latest snapshot by the `Hub`, in the server's event loop.

The watcher reads the chain head of the game served (the pinned one, or whichever is current)
ten times a second, on a connection of its own. When the head moves (an entry from the
scorer's page, `play`, or any `sk`), it replays the game once and encodes every answer (see
state.snapshot). An entry from the scorer's page builds the snapshot of its head itself,
for its reply (`served_after`), and offers it to the phones (`offer`): one build per head,
shared by the reply and every phone. It also notices the store file itself changing under it: deleted, moved,
replaced by another file or written over. It then reopens it, or says on every phone that it
cannot be read, and never goes on showing a file that is no longer the store."""

from __future__ import annotations

import asyncio
import os
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.serve import speech, state
from scorekeeper.storage import opening, store

WATCH_SECONDS = 0.1  # how often the chain head is read
KEEPALIVE_SECONDS = 15.0  # a comment down an idle stream, so a dead phone's connection shows


def file_identity(path: Path) -> tuple[int, int, int, int] | None:
    """What tells one file from another at a path, and one version of it from the next that
    was not written through SQLite (device, inode, size, modification time); None: no file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


class StoreFollower:
    """An open store that follows the file at its path: reopened when the file there is no
    longer the one it opened, refused (StoreError) when there is no file. Never creates one."""

    def __init__(self, folder: Path, via: str | None = None) -> None:
        self.folder = Path(folder)
        self.path = self.folder / store.Store.FILENAME
        self.via = via
        self.db: store.Store | None = None
        self._identity: tuple[int, int, int, int] | None = None
        self._version: int | None = None  # SQLite's data_version when last asked

    def open(self) -> store.Store:
        identity = file_identity(self.path)
        if identity is None:
            self.close()
            raise errors.StoreError(opening.gone_text(self.path))
        if self.db is not None and identity[:2] != (self._identity or ())[:2]:
            self.close()  # another file at the path: the one opened is not the store any more
        if self.db is None:
            self.db = store.Store(self.folder, live=True, create=False)
            self.db.via = self.via
        self._identity = identity
        return self.db

    def committed_elsewhere(self) -> bool:
        """Whether another connection committed anything to the store since this was last
        asked (SQLite's data_version): an entry, a cache, or an edit by another tool that moved
        no chain head, which may wait in the write-ahead log, where the file does not change."""
        assert self.db is not None
        version = self.db.conn.execute("PRAGMA data_version").fetchone()[0]
        moved = self._version is not None and version != self._version
        self._version = version
        return moved

    def written_over(self) -> bool:
        """Whether the file changed outside SQLite's own writes since it was opened: size or
        time moved while the chain heads did not; the caller compares heads."""
        identity = file_identity(self.path)
        return identity is not None and identity != self._identity

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
        self._identity = self._version = None


class Looker:
    """A thread that looks at the store every `every` seconds, and at once when asked
    (`look_now`, after an entry); `_look` (each kind's own) sets `current`."""

    every = WATCH_SECONDS

    def __init__(self, folder: Path, name: str) -> None:
        self.follower = StoreFollower(folder)
        self.current: Any = None
        self._stop = threading.Event()
        self._poke = threading.Event()
        self._ready = threading.Event()
        self._fresh = threading.Condition()
        self._begun = self._ended = 0  # looks at the store begun and ended
        self._known: Any = None  # see look_now
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(30)

    def stop(self) -> None:
        self._stop.set()
        self._poke.set()
        self._thread.join(5)

    def look_now(self, known: Any = None, timeout: float = 5.0) -> Any:
        """Have the watcher look at the store at once (an entry was just stored), and wait for
        a look begun after this call to end; the snapshot it has then. `known`: the game at its
        head as the entry left it (table.Seen), so the watcher need not replay it."""
        with self._fresh:
            self._known = known
            wanted = self._begun + 1
            self._poke.set()
            self._fresh.wait_for(lambda: self._ended >= wanted, timeout)
            return self.current

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                with self._fresh:
                    self._begun += 1
                self._look()
                self._settle()
                self._ready.set()
                self._poke.wait(self.every)
                self._poke.clear()
        finally:
            self.follower.close()

    def _settle(self) -> None:
        """Let look_now's callers go: the look they wait for has ended, or has made what they
        need (a look may call this before it goes on with the rest)."""
        with self._fresh:
            self._ended = self._begun
            self._fresh.notify_all()

    def _look(self) -> None:
        raise NotImplementedError


class Watcher(Looker):
    """Follows the store from its own thread: the pinned game, or else whichever game is
    current, so a `new` game shows up on the phones by itself. `publish` is called with each
    new snapshot, from this thread."""

    def __init__(self, folder: Path, pinned: str | None, rulesets: list[tuple[str, str]], read_only: bool,
                 publish: Callable[[state.Snapshot], None], home: Path | None = None) -> None:  # fmt: skip
        super().__init__(folder, "store-watcher")
        self.home = home  # where the user's own rulesets are, offered while there is no game
        self.pinned = pinned
        self.rulesets = rulesets
        self.read_only = read_only
        self.publish = publish
        self.current: state.Snapshot | None = None
        self._seen: tuple[str, str] | None = None
        self.parts = state.Parts()  # what states share, kept across them (see state.Parts)
        self._lock = threading.Lock()  # one snapshot published at a time, never an older one
        self._read_at = 0.0  # when the read behind the snapshot published last began

    def served_after(self, db: store.Store, known: Any) -> state.Snapshot:
        """The state of the game served as `db` holds it now, built in the caller's thread on
        the caller's connection (the scorer's, right after its entry is stored): the
        snapshot the watcher has when it is of that head already, else a new one. `known`:
        the game at its head as the entry left it (table.Seen), so it need not be replayed."""
        from scorekeeper import table

        def build() -> state.Snapshot:
            if self.no_game(db):
                return state.empty(self.rulesets, self.read_only, self.home)
            game_id = table.resolve_game(db, self.pinned)
            current = self.current
            if current is not None and current.ok and current.key == (game_id, db.head(game_id)):
                return current
            return state.snapshot(db, game_id, self.rulesets, self.read_only, known, self.parts)

        return shown(build)

    def no_game(self, db: store.Store) -> bool:
        """Whether the store has no game to show yet (`serve` started on an empty store): the
        page then offers the scorer to start the first one."""
        return self.pinned is None and not db.has_games()

    def follow(self, game_id: str) -> None:
        """Serve `game_id` from now on: the scorer's phone made an entry to it without naming
        a game (a `new` game, say), so a server pinned to one game (`serve --game`) moves
        with the scorer rather than leave every phone on the game before."""
        if self.pinned is not None:
            self.pinned = game_id

    def offer(self, shot: state.Snapshot) -> None:
        """Publish a snapshot built by `served_after` (the reply's), unless the watcher has
        published one read after it began: the phones never go back to an older state, and
        any request after the reply is answered this state or a newer one."""
        self._publish(shot, shot.read_at)

    def _publish(self, shot: state.Snapshot, read_at: float) -> bool:
        with self._lock:
            if read_at < self._read_at or (shot.ok and shot.key == self._seen):
                return False
            self._read_at, self._seen = read_at, shot.key if shot.ok else None
            self.current = shot
            self.publish(shot)
            return True

    def _look(self) -> None:
        read_at = time.monotonic()
        from scorekeeper import table

        def build() -> state.Snapshot | None:
            if self.follower.written_over():
                self.follower.close()  # read it afresh: SQLite's cache may hold the old pages
                self._seen = None
            db = self.follower.open()
            elsewhere = self.follower.committed_elsewhere()
            if self.no_game(db):
                return None if self._seen == ("", "") else state.empty(self.rulesets, self.read_only, self.home)
            game_id = table.resolve_game(db, self.pinned)
            if (game_id, db.head(game_id)) == self._seen and not elsewhere:
                return None
            return state.snapshot(db, game_id, self.rulesets, self.read_only, parts=self.parts)

        shot = shown(build)
        if shot is None:
            return
        if self.current is not None and self.current.state == shot.state:
            if not shot.ok:
                self.follower.close()
            return  # nothing new to show (a cache written, say)
        if not shot.ok:
            self.follower.close()
        elif shot.key == self._seen:
            self._seen = None  # the same head, shown otherwise: an entry altered where it stood
        self._publish(shot, read_at)


def shown(build: Callable[[], Any]) -> Any:
    """What `build()` returns, or the snapshot that says on every phone why the store cannot
    be shown."""
    try:
        return build()
    except errors.ScorekeeperError as exc:
        return state.failed(str(exc))
    except Exception as exc:  # a store that replays into something no command writes
        return state.failed(
            _("the store cannot be shown ({problem}); run `verify`").format(problem=f"{type(exc).__name__}: {exc}")
        )


class Hub:
    """The latest snapshot, in the event loop, and a wake-up for every stream waiting on it.
    A stream in another language than English is sent the snapshot said in its own, made
    once per language (in a worker thread) and shared by every stream in that language.
    Its streams end when the server stops (`end_streams`)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        _hubs.add(self)
        self.ended = False
        self.loop = loop
        self.current: state.Snapshot | None = None
        self.frame = b""  # the current snapshot as a stream's event
        self._frames: dict[str, asyncio.Future[bytes]] = {}  # in other languages, by code
        self.version = 0
        self._changed = asyncio.Event()
        self.streams = 0

    def publish_from_thread(self, shot: state.Snapshot) -> None:
        self.loop.call_soon_threadsafe(self._publish, shot)

    def _publish(self, shot: state.Snapshot) -> None:
        self.current = shot
        kind = b"state" if shot.ok else b"failed"  # the event every stream sends, encoded once
        self.frame = event(kind, shot.state)
        self._frames = {}
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def frame_in(self, code: str) -> bytes:
        """The current snapshot as a stream's event, in the language `code`."""
        if code == speech.ENGLISH or self.current is None or not self.current.ok:
            return self.frame
        made = self._frames.get(code)
        if made is None:
            shot = self.current
            made = self._frames[code] = asyncio.ensure_future(
                self.loop.run_in_executor(None, lambda: event(b"state", shot.in_language(code)))
            )
        return await asyncio.shield(made)

    async def stream(self, code: str = speech.ENGLISH) -> AsyncIterator[bytes]:
        """One phone's events, in the language `code`: the state now, then each new one as it
        comes (`event: state`, or `event: failed` with `{"error": …}` when the store cannot be
        read), and a comment every KEEPALIVE_SECONDS of quiet; until the server stops."""
        self.streams += 1
        try:
            yield b"retry: 2000\n\n"
            seen = -1
            while not self.ended:
                if self.current is not None and seen != self.version:
                    seen = self.version
                    yield await self.frame_in(code)
                    continue
                changed = self._changed
                try:
                    await asyncio.wait_for(changed.wait(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": still here\n\n"
        finally:
            self.streams -= 1

    def end(self) -> None:
        """End every stream, in the event loop: each finishes its answer, so its connection
        can close at once."""
        self.ended = True
        self._changed.set()


_hubs: weakref.WeakSet[Hub] = weakref.WeakSet()  # every hub of this process (a night has one per table)


def end_streams() -> None:
    """End every phone's stream, in the event loop: the server is stopping (see
    connections.Server)."""
    for hub in list(_hubs):
        hub.end()


def event(kind: bytes, data: bytes) -> bytes:
    """A Server-Sent Event of `kind` carrying `data` (JSON, on one line)."""
    return b"event: " + kind + b"\ndata: " + data.replace(b"\n", b"") + b"\n\n"
