"""Replaying many games to derive something of each (a cache row kept under its chain head):
in this process for a few, shared out among forked workers when there are many. What is
derived is named by a function of the replayed game that returns JSON text. Such a cache's
rows are sealed (storage/seals.py): `cached` reads the ones that may be used, `check` is what
`verify` does with them."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.storage import seals

if TYPE_CHECKING:
    from scorekeeper.core import engine
    from scorekeeper.storage import store

Derive = Callable[["engine.Game"], str]
Parse = Callable[[str], Any]  # a row's text as data, None where it does not read back whole
PARALLEL_FROM = 200  # games: below this, starting workers costs more than it saves


def derive(
    db: store.Store, game_ids: list[str], what: Derive, parallel_from: int | None = None
) -> list[tuple[str, str, str]]:
    """(game id, chain head, `what` of the replayed game) for each game, in the order given.
    From `parallel_from` games on (PARALLEL_FROM by default) the games are shared out among
    forked workers, each given a run of neighbouring ids so that it reads its part of the
    events table in one pass; a broken chain a worker reads is added to `db.warnings` as if
    read here."""
    cpus = os.cpu_count() or 1
    least = PARALLEL_FROM if parallel_from is None else parallel_from
    if len(game_ids) < least or cpus < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _in_this_process(db, game_ids, what)
    # Forked workers open the store afresh and never touch this process's connection. The
    # engine is imported here, once, for the workers to inherit, not once in each of them.
    from scorekeeper.core import engine  # noqa: F401

    ordered = sorted(game_ids)
    size = -(-len(ordered) // (cpus * 4))
    parts = [ordered[i : i + size] for i in range(0, len(ordered), size)]
    with multiprocessing.get_context("fork").Pool(cpus) as pool:
        done = pool.starmap(_in_a_worker, [(str(db.folder), part, what) for part in parts])
    found = {}
    for rows, warnings in done:
        found.update((row[0], row) for row in rows)
        db.warnings += [w for w in warnings if w not in db.warnings]
    return [found[game_id] for game_id in game_ids]


def _in_this_process(db: store.Store, game_ids: list[str], what: Derive) -> list[tuple[str, str, str]]:
    from scorekeeper.core import engine

    rows = {}
    for game_id, stored in db.events_of(game_ids):
        rows[game_id] = (game_id, stored[-1].hash, what(engine.from_log([e.body for e in stored])))
    return [rows[game_id] for game_id in game_ids]


def _in_a_worker(folder: str, game_ids: list[str], what: Derive) -> tuple[list[tuple[str, str, str]], list[str]]:
    from scorekeeper.storage import store

    with store.Store(Path(folder)) as db:
        return _in_this_process(db, game_ids, what), db.warnings


def cached(db: store.Store, kind: str, heads: dict[str, str], parse: Parse) -> dict[str, Any]:
    """What is cached of `kind` for the games of `heads` (game id: chain head) that may be
    used, parsed: cached at the game's head, bearing this store's seal, and read back whole.
    Any other row is a miss (its game is replayed), never trusted."""
    rows = db.derived(kind, list(heads) if len(heads) < 1000 else None)
    return _usable(seals.key(db.folder), rows, heads, parse)


def _usable(key: bytes | None, rows: dict[str, tuple[str, str]], heads: dict[str, str], parse: Parse) -> dict[str, Any]:
    found = {}
    for game_id, head in heads.items():
        hit = rows.get(game_id)
        text = seals.opened(key, game_id, head, hit[1]) if hit is not None and hit[0] == head else None
        data = parse(text) if text is not None else None
        if data is not None:
            found[game_id] = data
    return found


def keep(db: store.Store, kind: str, rows: list[tuple[str, str, str]]) -> None:
    """Cache rows (game id, chain head, text), sealed with the store's key."""
    if rows:
        db.put_derived(kind, seals.sealed_rows(seals.key(db.folder), rows))


class Checked(NamedTuple):
    """What `verify` did with one cache of `kind`."""

    replayed: int  # games replayed to check their rows
    rebuilt: int  # rows at their game's head, claiming this store's seal, that did not match


def check(db: store.Store, kind: str, what: Derive, parse: Parse, every: bool = False) -> Checked:
    """Check a cache (`verify`) as the summaries are checked: a game whose row was cached at
    another chain head, or does not bear this store's seal, or does not read back, is
    replayed and its row rebuilt; a sealed row at its head is taken as it is, unless `every`
    (`verify --replay`), which replays every game with a row. Only games with a row are
    looked at: a game never read has nothing cached to check."""
    heads = {g.id: g.head for g in db.games()}
    rows = {gid: row for gid, row in db.derived(kind).items() if gid in heads}
    key = seals.key(db.folder)
    good = {} if every else _usable(key, rows, {gid: heads[gid] for gid in rows}, parse)
    fresh = derive(db, [gid for gid in rows if gid not in good], what)
    wrong = [row for row in fresh if rows[row[0]][0] != row[1] or seals.opened(key, *row[:2], rows[row[0]][1]) != row[2]]
    keep(db, kind, wrong)
    # a row at another head is stale, not wrong; one sealed by another store's key (a copy) is
    # not used, and is no damage either
    damaged = sum(1 for gid, head, _ in wrong if rows[gid][0] == head and seals.claims(key, rows[gid][1]))
    return Checked(len(fresh), damaged)
