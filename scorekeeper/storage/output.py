"""Writing a file the user names with `--output`: never over the store or the files SQLite
keeps beside it, never over an existing file unless forced, and never through a link."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from scorekeeper.core import errors
from scorekeeper.core.language import _

_STORE_SIDE_FILES = ("", "-wal", "-shm", "-journal")


def is_part_of_store(path: Path, store_file: Path) -> bool:
    """Whether writing `path` would write the store, or a file SQLite keeps beside it: by its
    resolved name (through links) or, for a file that exists, by being the same file."""
    target = Path(os.path.realpath(path))
    parts = [Path(os.path.realpath(store_file.with_name(store_file.name + s))) for s in _STORE_SIDE_FILES]
    if target in parts:
        return True
    try:
        mine = os.stat(target)
    except OSError:
        return False
    for part in parts:
        try:
            if os.path.samestat(mine, os.stat(part)):
                return True  # a hard link to it
        except OSError:
            continue
    return False


def write(path: Path, text: str, force: bool, store_file: Path) -> None:
    """Write text to `path` (UTF-8). Refuses the store's own files (UsageError) and an
    existing file or link without `force` (EntryError). With `force` the new file replaces
    the old one (a link itself, not the file it points to) in one step."""
    if is_part_of_store(path, store_file):
        raise errors.UsageError(_("{file} is part of the store; write the sheet to another file").format(file=path))
    data = text.encode("utf-8")
    try:
        if not force:
            # O_EXCL: fails on anything already there, a dangling link included
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            return
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except FileExistsError:
        raise errors.EntryError(
            _("{file} already exists; pass --force to replace it, or choose another name").format(file=path)
        ) from None
    except OSError as exc:
        # TRANSLATORS: {reason} is the system's own words ("Permission denied")
        raise errors.UsageError(_("cannot write {file}: {reason}").format(file=path, reason=exc.strerror or exc)) from None
