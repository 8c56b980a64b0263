"""Games brought in from other laptops (`import FILE…`): JSON score sheets and other store
files read, each game's chain verified, and the copies of one game matched whole against
each other and against the store. A copy is the same game only if one chain is the start of
the other; two chains of one id that part ways are refused, naming both, since one of them
was altered. Nothing is ever merged entry by entry."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.storage import chain, handed_in, opening, store, transfer


class Copy(NamedTuple):
    """One game as a file holds it."""

    source: str  # the file, as the user named it
    events: list[chain.StoredEvent]
    sheet: dict[str, Any] | None  # a sheet's data (its printed part is checked), else None


def read(path: Path) -> list[Copy]:
    """Every game a file holds: a JSON sheet holds one, a store file (or a folder holding
    one) any number. A game whose chain does not verify is refused, naming the file."""
    if path.is_dir() and (path / store.Store.FILENAME).is_file():
        path = path / store.Store.FILENAME
    if not _is_sqlite(path):
        data = transfer.read(path)
        return [Copy(str(path), transfer.chain(path, data), data)]
    copies = []
    with _other_store(path) as other:
        for game, (events, problem) in _chains(path, other):
            if problem:
                raise errors.StoreError(
                    # TRANSLATORS: {problem} says what is wrong ("entry 3 (bids) does not match its hash: it was altered")
                    _("game {game} in {file} does not verify ({problem}); nothing was imported").format(
                        game=game.id, file=path, problem=problem
                    )
                )
            copies.append(Copy(str(path), events, None))
    return copies


def _chains(path: Path, other: store.Store) -> Iterator[tuple[chain.GameSummary, Any]]:
    """Each game of another store with its chain (see store.Store.chain), read within the
    bounds a handed-in store is read in."""
    try:
        for game in other.games():
            yield game, other.chain(game.id)
    except errors.StoreError as exc:
        try:
            other.refuse_if_late(exc)
        except handed_in.HandedInRefused as late:
            raise _refused(path, late) from None
        raise


def _refused(path: Path, exc: handed_in.HandedInRefused) -> errors.EntryError:
    return errors.EntryError(
        _("cannot import {file}: {fault}; nothing was imported").format(file=path, fault=exc.fault)
    )


def _other_store(path: Path) -> store.Store:
    """Another laptop's store, read as a copy (never migrated, never written) and as a file
    handed in: only through a store's own tables, within bounds (refused, exit 1, otherwise); a
    file that is not one is refused in words for an import, not with the advice meant for one's
    own store."""
    try:
        return store.Store(path.parent, copy=path, handed=True)
    except handed_in.HandedInRefused as exc:
        raise _refused(path, exc) from None
    except opening.NotAStore as exc:
        raise errors.StoreError(
            # TRANSLATORS: {fault} says what the file is, of the file as "it": "it is damaged (…)"
            _("cannot import {file}: {fault}; nothing was imported").format(file=path, fault=exc.fault)
        ) from None
    except errors.StoreError as exc:
        raise errors.StoreError(
            # TRANSLATORS: {reason} is the store's own refusal ("… is busy: …")
            _("cannot import {file} ({reason}); nothing was imported").format(file=path, reason=exc)
        ) from None


def _is_sqlite(path: Path) -> bool:
    """Whether a regular file starts as an SQLite database does. Anything else (a pipe, which
    would wait for a writer, a device, a folder) is left to the sheet reader to refuse. A file
    that SQLite has open in this process (the live store itself) is one, and is not opened
    otherwise (see opening.read_start)."""
    try:
        if not path.is_file():
            return False
        start = opening.read_start(path, 16)  # it may have become a pipe since
    except (OSError, ValueError):
        return False  # the sheet reader says why it cannot be read
    return start is None or start == b"SQLite format 3\x00"


class Plan(NamedTuple):
    """What an import will do: the longest copy of each game to add or bring up to date, and
    the games already here as they are."""

    take: list[Copy]
    extends: dict[str, int]  # game id -> entries the store already has, for a game brought up to date
    present: list[Copy]


def plan(copies: list[Copy], db: store.Store) -> Plan:
    """Match the copies of each game with each other and with the store. Which games are
    taken, and whole, does not depend on the order of the files: importing them in any order
    gives the same games with the same chains."""
    longest: dict[str, Copy] = {}
    for copy in copies:
        gid = copy.events[0].game_id
        known = longest.get(gid)
        if known is None:
            longest[gid] = copy
            continue
        _same_game(gid, known.events, copy.events, known.source, copy.source)
        if len(copy.events) > len(known.events):
            longest[gid] = copy
    take, extends, present = [], {}, []
    for gid, copy in longest.items():
        here, problem = db.chain(gid)
        if problem:
            raise errors.StoreError(
                _("game {game} in this store does not verify ({problem}); run `verify`; nothing was imported").format(
                    game=gid, problem=problem
                )
            )
        if here:
            _same_game(gid, here, copy.events, None, copy.source)
        if len(copy.events) <= len(here):
            present.append(copy)
        else:
            take.append(copy)
            if here:
                extends[gid] = len(here)
    return Plan(take, extends, present)


def _same_game(
    gid: str, a: list[chain.StoredEvent], b: list[chain.StoredEvent], where_a: str | None, where_b: str
) -> None:
    """Refuse two copies of game `gid` neither of which is the start of the other (`where_a`
    None: the first is this store's)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x.hash != y.hash:
            if where_a is None:
                message = _(
                    "game {game} in {file} is not the game {game} in this store: their entries differ from "
                    "entry {entry} on, so one of them was altered; nothing was imported"
                )
            else:
                message = _(
                    "game {game} in {file} is not the game {game} in {other_file}: their entries differ from "
                    "entry {entry} on, so one of them was altered; nothing was imported"
                )
            raise errors.EntryError(message.format(game=gid, file=where_b, other_file=where_a, entry=i))
