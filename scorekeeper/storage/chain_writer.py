"""The chain writer: appends an entry to a game's or a night's chain, under the write lock.

Each entry is chained to the last hash and stamped with the time, inside the store's write
transaction (see Store.writing and night_chains.night_writing).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.storage.caches import _DERIVED_UPSERT
from scorekeeper.storage.chain import ZERO_HASH, StoredEvent, _chain_hash_of_text, canonical_json
from scorekeeper.storage.opening import _sqlite_errors
from scorekeeper.storage.schema import _DERIVED_TABLE


class WritableStore(Protocol):
    """What a chain writer asks of the store it appends to (a store.Store, holding its write
    lock): its files, its connection, and what it notes of each entry appended."""

    folder: Path
    path: Path
    via: str | None
    phone_entry: str | None
    after: tuple[str, str] | None
    overtaken: tuple[str, str] | None
    written: list[StoredEvent]
    _appended: list[tuple[str, int]]

    @property
    def conn(self) -> sqlite3.Connection: ...

    def _read_events(self, game_id: str) -> list[StoredEvent]: ...

    def put_facts(self, rows: Iterable[tuple[str, str, bool, str]]) -> bool: ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _miscounted(game_id: str, path: Path) -> errors.StoreError:
    return errors.StoreError(
        _("game {game}'s entry count in {store} does not match its entries; run `scorekeeper verify`").format(
            game=game_id, store=path
        ),
        page=_("the game's entry count in the store does not match its entries; the store needs checking at the laptop"),
    )


class _Chain(NamedTuple):
    """Where one kind of chain is kept: the table of heads (a row per chain, with its count of
    entries and its head) and the table of entries, and what a count out of step is called."""

    heads: str
    entries: str
    id_column: str
    miscounted: Callable[[str, Path], errors.StoreError]


def _night_miscounted(night_id: str, path: Path) -> errors.StoreError:
    return errors.StoreError(_("night {night}'s entry count does not match its entries; run `verify`").format(night=night_id))


_GAMES = _Chain("games", "events", "game_id", _miscounted)
_NIGHTS = _Chain("nights", "night_events", "night_id", _night_miscounted)


def _append_to_chain(db: WritableStore, chain: _Chain, chain_id: str, n: int, events: list[StoredEvent], body: dict) -> StoredEvent:
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
                raise chain.miscounted(chain_id, db.path)
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

    def __init__(self, store: WritableStore, game_id: str, events: list[StoredEvent], offset: int = 0) -> None:
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
        append (see schema._GAME_FACTS), kept in the same transaction."""
        if not self._open:
            raise RuntimeError("keep_facts() called after its writing() block ended")
        head = self.events[-1].hash if self.events else ZERO_HASH
        self.store.put_facts([(self.game_id, head, in_progress, name)])


class NightWriter:
    """Appends to one night, and starts the games it holds, while its Store holds the write
    lock: everything written in one night_writing() block is committed together or not at all."""

    def __init__(self, db: WritableStore, night_id: str, events: list[StoredEvent]) -> None:
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
