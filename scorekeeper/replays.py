"""Replaying many games to derive something of each (a cache row kept under its chain head):
in this process for a few, shared out among forked workers when there are many. What is
derived is named by a function of the replayed game that returns JSON text."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.core import engine
    from scorekeeper.storage import store

Derive = Callable[["engine.Game"], str]
PARALLEL_FROM = 200  # games: below this, starting workers costs more than it saves


def derive(db: store.Store, game_ids: list[str], what: Derive) -> list[tuple[str, str, str]]:
    """(game id, chain head, `what` of the replayed game) for each game."""
    cpus = os.cpu_count() or 1
    if len(game_ids) < PARALLEL_FROM or cpus < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _in_this_process(db, game_ids, what)
    # Forked workers open the store afresh and never touch this process's connection.
    size = -(-len(game_ids) // (cpus * 4))
    parts = [game_ids[i : i + size] for i in range(0, len(game_ids), size)]
    with multiprocessing.get_context("fork").Pool(cpus) as pool:
        done = pool.starmap(_in_a_worker, [(str(db.folder), part, what) for part in parts])
    return [row for rows in done for row in rows]


def _in_this_process(db: store.Store, game_ids: list[str], what: Derive) -> list[tuple[str, str, str]]:
    from scorekeeper.core import engine

    rows = []
    for game_id in game_ids:
        stored = db.events(game_id)
        rows.append((game_id, stored[-1].hash, what(engine.from_log([e.body for e in stored]))))
    return rows


def _in_a_worker(folder: str, game_ids: list[str], what: Derive) -> list[tuple[str, str, str]]:
    from scorekeeper.storage import store

    with store.Store(Path(folder)) as db:
        return _in_this_process(db, game_ids, what)
