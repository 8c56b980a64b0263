"""Who may write to which table on a night: one scorer's secret per game, each kept as the
single game's secret is (see auth.py) in a folder of its own under the store's folder (each
table's routes check it with an auth.Scorer of that folder), so a table's scorer's link
writes to that table only, and a restart of `serve --night` keeps every table's link working."""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.core import errors
from scorekeeper.core.language import _
from scorekeeper.serve import auth

FOLDER = "table-scorers"


def folder_of(store_folder: Path, game_id: str) -> Path:
    if not game_id or not all(c in "0123456789abcdef" for c in game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return Path(store_folder) / FOLDER / game_id


def ensure(store_folder: Path, game_id: str, replace: bool = False) -> str:
    """The secret of one game's scorer, made now if there is none (or `replace`)."""
    folder = folder_of(store_folder, game_id)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder.parent, 0o700)
    except OSError as exc:
        raise errors.StoreError(
            _("cannot keep the tables' links in {folder} ({problem})").format(folder=folder, problem=exc.strerror or exc)
        ) from None
    return auth.ensure(folder, replace=replace)
