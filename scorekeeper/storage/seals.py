"""Seals for the caches a store keeps beside its record (summaries, game states): an
HMAC-SHA256 made with a key kept in a file beside the store, never in it, readable by its
owner only. A cache row edited by hand, damaged, or carried over in a copy of the store file
from elsewhere does not bear a seal this key makes, so it is not used: its game is replayed.
Nothing is lost without the key (a store copied to another machine): a new key is made, and
the caches are rebuilt as games are read."""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
from collections.abc import Iterable
from pathlib import Path

KEY_FILE = "cache.key"
SIZE = 32  # bytes of a key, and of a seal


def key(folder: Path) -> bytes | None:
    """The key beside the store in `folder`, made on first use; None where it can be neither
    read nor made (a read-only folder, a full disk): caches are then neither kept nor trusted."""
    path = folder / KEY_FILE
    try:
        found = path.read_bytes()
    except FileNotFoundError:
        return _made(path)
    except OSError:
        return None
    return found if len(found) == SIZE else None


def _made(path: Path) -> bytes | None:
    """A new key written at `path`: whole, under a name of its own, before it takes its name,
    which it takes only if no other process made one meanwhile (then that one is the key). A
    full disk leaves no part of a key behind, where it would stand as a key of no use."""
    temporary = path.with_name(f".{path.name}.{os.urandom(8).hex()}.part")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(os.urandom(SIZE))
        os.link(temporary, path)
    except FileExistsError:  # made by another process meanwhile
        return key(path.parent)
    except OSError:
        return None
    finally:
        temporary.unlink(missing_ok=True)
    return key(path.parent)


def seal(secret: bytes, *parts: str | bytes) -> bytes:
    """The seal of the parts (each text or bytes), in order: the HMAC of each part preceded
    by its length (8 bytes), computed in one call (10,000 rows are opened at a time)."""
    message = []
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        message += (len(data).to_bytes(8, "big"), data)
    return hmac.digest(secret, b"".join(message), hashlib.sha256)


def matches(secret: bytes, expected: bytes, *parts: str | bytes) -> bool:
    return hmac.compare_digest(expected, seal(secret, *parts))


@functools.lru_cache(maxsize=4)
def key_id(secret: bytes) -> bytes:
    """Which key sealed a row (8 bytes), so that rows copied in from another store are told
    from rows edited by hand: neither is used, but only the second is damage. Worked out
    once for each key."""
    return seal(secret, b"key id")[:8]


# --- cache rows of text (summaries, places, outcomes): the seal goes first ------------------


def sealed_rows(secret: bytes | None, rows: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Cache rows (game id, chain head, text) with their text sealed under the game and head.
    Without a key (a folder one may not write) nothing can be sealed, so nothing is kept."""
    if secret is None:
        return []
    mine = key_id(secret).hex()
    return [(game_id, head, f"{mine}{seal(secret, game_id, head, text).hex()} {text}") for game_id, head, text in rows]


def opened(secret: bytes | None, game_id: str, head: str, data: object) -> str | None:
    """The text of a sealed row, if it bears this key's seal of it for this game and head;
    else None (edited, damaged, from another store, or no key): not to be used."""
    if secret is None or not isinstance(data, str):
        return None
    sealed, _, text = data.partition(" ")
    mine = key_id(secret).hex()
    try:
        expected = bytes.fromhex(sealed[len(mine) :])
    except ValueError:
        return None
    ours = sealed.startswith(mine) and len(expected) == SIZE
    return text if ours and matches(secret, expected, game_id, head, text) else None


def claims(secret: bytes | None, data: object) -> bool:
    """Whether a row claims this key (so a row that does not check out is damage, not a row
    copied in from another store)."""
    return secret is not None and isinstance(data, str) and data.startswith(key_id(secret).hex())
