"""The store's backups as files: where they go (`backups/` in the store's folder), what they
are called, which is the latest, when an automatic one is due (before the first entry of each
day, and before an import) and which old automatic ones go (all but the last few, as many as
the home's settings keep). Taking, checking and restoring a copy is copies.py's job."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import NamedTuple

from scorekeeper.core.language import _, ngettext

FOLDER = "backups"
AUTOMATIC = "auto"  # made by the tool itself; the only kind it ever deletes
BY_HAND = "backup"  # `backup` with no file named
BEFORE_RESTORE = "before-restore"  # the store as it was, kept aside by `restore`
_NAME = re.compile(r"^(auto|backup|before-restore)-(\d{8}T\d{6}\d{6}Z)\.sqlite3$")
_STAMP = "%Y%m%dT%H%M%S%fZ"


class Backup(NamedTuple):
    path: Path
    kind: str  # AUTOMATIC, BY_HAND or BEFORE_RESTORE
    taken: datetime  # when, UTC


def folder(store_folder: Path) -> Path:
    return store_folder / FOLDER


def make_folder(store_folder: Path) -> None:
    """Make the backups folder if it is not there yet (StoreError if it cannot be made)."""
    from scorekeeper.core import errors

    try:
        folder(store_folder).mkdir(exist_ok=True)
    except OSError as exc:
        raise errors.StoreError(
            _("cannot make the backups folder {folder} ({reason})").format(
                folder=folder(store_folder), reason=exc.strerror or exc
            )
        ) from None


def new_path(store_folder: Path, kind: str, now: datetime | None = None) -> Path:
    """Where a backup of this kind taken now goes: its name says its kind and its time."""
    now = now or datetime.now(UTC)
    return folder(store_folder) / f"{kind}-{now.strftime(_STAMP)}.sqlite3"


def listed(store_folder: Path, kinds: tuple[str, ...] = (AUTOMATIC, BY_HAND, BEFORE_RESTORE)) -> list[Backup]:
    """The backups in the store's folder (files named as this module names them), of these
    kinds, oldest first."""
    return [_backup(store_folder, match) for match in _named(store_folder, kinds)]


def _named(store_folder: Path, kinds: tuple[str, ...]) -> list[re.Match]:
    """The names of the backups of these kinds, matched, oldest first: the times in them sort
    as their text does."""
    try:
        names = [entry.name for entry in folder(store_folder).iterdir()]
    except OSError:
        return []
    return sorted((m for m in map(_NAME.match, names) if m and m[1] in kinds), key=lambda m: m[2])


def _backup(store_folder: Path, match: re.Match) -> Backup:
    taken = datetime.strptime(match[2], _STAMP).replace(tzinfo=UTC)
    return Backup(folder(store_folder) / match[0], match[1], taken)


def latest(store_folder: Path) -> Backup | None:
    """The newest copy of the store, automatic or by hand (not a store `restore` set aside).
    Asked before every entry (see due_today): only its time is read."""
    copies = _named(store_folder, (AUTOMATIC, BY_HAND))
    return _backup(store_folder, copies[-1]) if copies else None


def due_today(store_folder: Path, today: date | None = None) -> bool:
    """Whether no copy has been taken yet today (the local date): the first entry of the day
    takes one first."""
    newest = latest(store_folder)
    return newest is None or newest.taken.astimezone().date() != (today or date.today())


def beyond_keeping(store_folder: Path, keep: int) -> list[Path]:
    """The automatic backups to delete so that the newest `keep` remain. Backups made by hand
    and stores kept aside by `restore` are never deleted."""
    automatic = [b.path for b in listed(store_folder, (AUTOMATIC,))]
    return automatic[: max(len(automatic) - keep, 0)]


def age_text(taken: datetime, now: datetime | None = None) -> str:
    """How long ago a backup was taken, in the largest whole unit: `3 hours ago`."""
    seconds = max(int(((now or datetime.now(UTC)) - taken).total_seconds()), 0)
    if seconds >= 86400:
        days = seconds // 86400
        return ngettext("{count} day ago", "{count} days ago", days).format(count=days)
    if seconds >= 3600:
        hours = seconds // 3600
        return ngettext("{count} hour ago", "{count} hours ago", hours).format(count=hours)
    if seconds >= 60:
        minutes = seconds // 60
        return ngettext("{count} minute ago", "{count} minutes ago", minutes).format(count=minutes)
    # TRANSLATORS: how long ago a backup was taken
    return _("just now")
