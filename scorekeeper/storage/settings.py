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
from scorekeeper.core.language import _

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
        raise errors.UsageError(
            _("{file}: cannot be read ({reason}); fix it or remove it").format(
                file=path, reason=getattr(exc, "strerror", None) or exc
            )
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise errors.UsageError(
            _("{file}: not valid TOML ({reason}); fix it or remove it").format(file=path, reason=exc)
        ) from None
    unknown = sorted(set(data) - {"backups"})
    if unknown:
        raise errors.UsageError(
            # TRANSLATORS: in the settings file's refusals, [backups], keep, backups.keep and N are
            # written in the file as they are
            _("{file}: {key}: not a setting; the file may hold only [backups] keep = N").format(file=path, key=unknown[0])
        )
    backups = data.get("backups", {})
    if not isinstance(backups, dict):
        raise errors.UsageError(_("{file}: backups: must be a table, [backups]").format(file=path))
    unknown = sorted(set(backups) - {"keep"})
    if unknown:
        raise errors.UsageError(
            _("{file}: backups.{key}: not a setting; [backups] takes only keep = N").format(file=path, key=unknown[0])
        )
    keep = backups.get("keep", KEEP_DEFAULT)
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= KEEP_MOST:
        raise errors.UsageError(
            _(
                "{file}: backups.keep: must be a whole number from 0 to {most} "
                "(how many automatic backups to keep; 0 makes none), not {value}"
            ).format(file=path, most=KEEP_MOST, value=repr(keep))
        )
    return Settings(keep_backups=keep)
