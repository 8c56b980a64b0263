"""The home's settings: `settings.toml` in the store's folder, read and checked here. One
table and one key for now:

    [backups]
    keep = 7    # automatic backups kept in backups/ (0 to 100; 0 makes none)

A missing file means the defaults. A key the file may not have, or a value out of its range,
is one line naming the file and the key, like a ruleset file's mistakes."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from scorekeeper.core import errors

FILENAME = "settings.toml"
KEEP_DEFAULT = 7
KEEP_MOST = 100


class Settings(NamedTuple):
    keep_backups: int = KEEP_DEFAULT  # automatic backups kept; 0: none are made


def load(folder: Path) -> Settings:
    """The settings in `folder`'s settings file, or the defaults if it has none."""
    import tomllib

    path = folder / FILENAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        raise errors.UsageError(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or exc}); fix it or remove it") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise errors.UsageError(f"{path}: not valid TOML ({exc}); fix it or remove it") from None
    unknown = sorted(set(data) - {"backups"})
    if unknown:
        raise errors.UsageError(f"{path}: {unknown[0]}: not a setting; the file may hold only [backups] keep = N")
    backups = data.get("backups", {})
    if not isinstance(backups, dict):
        raise errors.UsageError(f"{path}: backups: must be a table, [backups]")
    unknown = sorted(set(backups) - {"keep"})
    if unknown:
        raise errors.UsageError(f"{path}: backups.{unknown[0]}: not a setting; [backups] takes only keep = N")
    keep = backups.get("keep", KEEP_DEFAULT)
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= KEEP_MOST:
        raise errors.UsageError(
            f"{path}: backups.keep: must be a whole number from 0 to {KEEP_MOST} "
            f"(how many automatic backups to keep; 0 makes none), not {keep!r}"
        )
    return Settings(keep_backups=keep)
