"""Who may write: the scorer's secret. 128 random bits, kept in the store's folder in a file
only its owner may read (so a restart of `serve` keeps the scorer's phone working), carried
in the scorer's link after `#` (a fragment never reaches a server's log or a Referer) and
sent by the scorer's page as `Authorization: Bearer SECRET` (no cookie, so no other site's
page can write through the scorer's browser). Compared in constant time; the file is read
again whenever it changes, so `serve --new-scorer-link` locks the old link out at once."""

from __future__ import annotations

import hmac
import os
import secrets
import stat
from pathlib import Path

from scorekeeper.core import errors
from scorekeeper.core.language import _

FILENAME = "scorer-secret"
SECRET_BYTES = 16  # 128 bits
FAILED_DELAY = 1.0  # seconds each failed attempt waits, one after another


def secret_path(folder: Path) -> Path:
    return Path(folder) / FILENAME


def ensure(folder: Path, replace: bool = False) -> str:
    """The scorer's secret kept in `folder`, made now if there is none (or `replace`): the
    file is written whole, readable and writable by its owner only, then put in place."""
    path = secret_path(folder)
    if not replace:
        kept = read(path)
        if kept is not None:
            return kept
    secret = secrets.token_urlsafe(SECRET_BYTES)
    fresh = path.with_name(f".{FILENAME}.{os.getpid()}")
    try:
        descriptor = os.open(
            fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600
        )
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secret + "\n")
        os.chmod(fresh, 0o600)  # whatever the umask
        os.replace(fresh, path)
    except OSError as exc:
        raise errors.StoreError(
            _(
                "cannot keep the scorer's link in {path} ({problem}); check the folder's "
                "permissions, or start `serve --read-only`"
            ).format(path=path, problem=exc.strerror or exc)
        ) from None
    return secret


def read(path: Path) -> str | None:
    """The secret in the file, or None if there is none. A file others may read is made
    private first (it is the key to the game); one that is not a plain file, or not ours, is
    refused."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise errors.StoreError(
            _("cannot read {path} ({problem}); check its permissions").format(path=path, problem=exc.strerror or exc)
        ) from None
    if not stat.S_ISREG(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
        raise errors.StoreError(
            _("{path} is not a file of yours; remove it, then start `serve` again (a new scorer's link is made)").format(
                path=path
            )
        )
    if info.st_mode & 0o077:
        os.chmod(path, 0o600)
    text = path.read_text(encoding="ascii", errors="replace").strip()
    return text if len(text) >= 16 else None


class Scorer:
    """The current secret of one server, read again when its file changes (`--new-scorer-link`
    from another `serve` locks out the old link at once). None: a read-only server."""

    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else secret_path(folder)
        self._seen: tuple[int, int, int] | None = None
        self._secret: str | None = None

    @property
    def writable(self) -> bool:
        return self.path is not None

    def current(self) -> str | None:
        if self.path is None:
            return None
        try:
            info = os.stat(self.path)
            seen = (info.st_ino, info.st_mtime_ns, info.st_size)
        except OSError:
            self._seen, self._secret = None, None
            return None
        if seen != self._seen:
            try:
                self._secret = read(self.path)
            except errors.ScorekeeperError:
                self._secret = None
            self._seen = seen
        return self._secret

    def allows(self, authorization: str | None) -> bool:
        """Whether an `Authorization: Bearer SECRET` header carries the current secret."""
        secret = self.current()
        scheme, _space, given = (authorization or "").strip().partition(" ")
        if secret is None or scheme.lower() != "bearer":
            return False
        return hmac.compare_digest(given.strip().encode("utf-8", "replace"), secret.encode("ascii"))
