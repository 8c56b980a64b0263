"""A JSON score sheet (`sheet --format json`) as a file to import: read within limits,
checked to be a sheet of ours, and its entries taken as a stored chain checked link by link.
table.import_files puts these together, and compares what the sheet says with what its
entries score (`compare_sheet`): that reads the standings as words/ gives them, a floor above
the store."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from scorekeeper.core import errors
from scorekeeper.core.language import N_, _
from scorekeeper.storage.chain import StoredEvent, chain_break

# TRANSLATORS: what to do instead, after a refusal of a file to import
ASK = N_("give a file written by `sheet --format json`")
# A sheet is kilobytes (a 19-hand game with every entry is about 60 kB); this is far beyond
# any game a table plays, and far short of what would exhaust memory.
MAX_SHEET_BYTES = 8 * 1024 * 1024
# A sheet nests a handful of levels (sheet, entry, body, a player's list of cards).
MAX_DEPTH = 32
# What marks a JSON score sheet as one of ours, and the newest version of it read here
# (sheets/score_sheet.py writes both).
JSON_FORMAT = "table-scorekeeper sheet"
JSON_VERSION = 1


def read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of sheet size: a device (/dev/zero), a pipe that would
    block, a folder or a file of gigabytes is refused before it is read."""
    try:
        # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as exc:
        raise errors.UsageError(_unreadable(path, getattr(exc, "strerror", None) or exc)) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # checked before reading: a folder cannot even be opened as a file
        os.close(fd)
        raise errors.UsageError(
            # TRANSLATORS: {advice} says what to give instead ("give a file written by …")
            _("cannot import {file}: it is not a regular file; {advice}").format(file=path, advice=_(ASK))
        )
    with os.fdopen(fd, "rb") as file:
        if info.st_size > MAX_SHEET_BYTES:
            raise errors.EntryError(
                # TRANSLATORS: {size} and {most} are numbers of bytes, already written out ("8,388,608")
                _("{file} is {size} bytes, far more than a score sheet (at most {most}); {advice}").format(
                    file=path, size=f"{info.st_size:,}", most=f"{MAX_SHEET_BYTES:,}", advice=_(ASK)
                )
            )
        try:
            raw = file.read(MAX_SHEET_BYTES + 1)
        except OSError as exc:
            raise errors.UsageError(_unreadable(path, exc.strerror or exc)) from None
    if len(raw) > MAX_SHEET_BYTES:  # it grew while we looked
        raise errors.EntryError(
            _("{file} is far more than a score sheet (at most {most} bytes); {advice}").format(
                file=path, most=f"{MAX_SHEET_BYTES:,}", advice=_(ASK)
            )
        )
    return raw


def _unreadable(path: Path, reason: object) -> str:
    # TRANSLATORS: {reason} is the system's own words ("Permission denied")
    return _("cannot read {file}: {reason}").format(file=path, reason=reason)


def _too_deep(data: Any) -> bool:
    """Whether JSON data nests deeper than any sheet does (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return False


def read(path: Path) -> dict[str, Any]:
    """The sheet's data, or a refusal saying why the file is not a sheet of ours."""
    raw = read_bytes(path)
    facts = {"file": path, "advice": _(ASK)}
    try:
        data = json.loads(raw)
    except RecursionError:
        # TRANSLATORS: in these refusals {advice} says what to give instead ("give a file written by …")
        raise errors.EntryError(_("{file} is not JSON (it nests too deeply); {advice}").format(**facts)) from None
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            message = _("{file} is not JSON (line {line}, column {column}); {advice}").format(
                **facts, line=exc.lineno, column=exc.colno
            )
        else:
            message = _("{file} is not JSON; {advice}").format(**facts)
        raise errors.EntryError(message) from None
    if _too_deep(data):
        raise errors.EntryError(
            _("{file} is not a scorekeeper score sheet (it nests too deeply); {advice}").format(**facts)
        )
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise errors.EntryError(
            _("{file} is not a scorekeeper score sheet (it has no sheet format marker); {advice}").format(**facts)
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise errors.EntryError(
            _("{file} is not a scorekeeper score sheet (its version is not a number); {advice}").format(**facts)
        )
    if version > JSON_VERSION:
        raise errors.EntryError(
            _(
                "{file} was written by a newer scorekeeper (sheet version {version}; this one reads "
                "version {supported}); upgrade scorekeeper to import it"
            ).format(file=path, version=version, supported=JSON_VERSION)
        )
    return data


def chain(path: Path, data: dict[str, Any]) -> list[StoredEvent]:
    """The sheet's entries as stored events, checked link by link with the store's own chain
    check (chain_break), and its chain digest against its last entry."""
    game_id, entries = data.get("game"), data.get("entries")
    if not isinstance(game_id, str) or not game_id or not isinstance(entries, list) or not entries:
        raise errors.StoreError(
            _("{file} has no game id or no entries: it was cut short or altered; nothing was imported").format(file=path)
        )
    shape = {"n": int, "at": str, "prev": str, "hash": str, "body": dict}
    result = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or any(type(entry.get(k)) is not t for k, t in shape.items()):
            # TRANSLATORS: n, at, prev, hash and body are the names of an entry's fields, as stored
            raise _altered(path, _("entry {entry} is not a whole entry (n, at, prev, hash, body)").format(entry=i))
        result.append(StoredEvent(game_id, entry["n"], entry["at"], entry["body"], entry["prev"], entry["hash"]))
    found = chain_break(game_id, [(e.game_id, e.n, e.at, None, e.body, e.prev, e.hash) for e in result])
    if found is not None:
        problem = {
            "numbered": N_("entry {entry} is numbered {number}: entries were removed, added or reordered"),
            "not_event": N_("entry {entry} is not an event (it has no type)"),
            "prev": N_("entry {entry} does not follow entry {before}"),
        }.get(found.kind, N_("entry {entry} does not match its hash"))
        raise _altered(path, _(problem).format(entry=found.entry, number=found.n, before=found.entry - 1))
    if data.get("chain_head") != result[-1].hash:
        raise _altered(path, _("its chain digest is not the hash of its last entry"))
    return result


def _altered(path: Path, problem: str) -> errors.StoreError:
    return errors.StoreError(
        # TRANSLATORS: {problem} says what is wrong ("entry 3 does not match its hash")
        _("{file} was altered: {problem}, so its audit chain does not verify; nothing was imported").format(
            file=path, problem=problem
        )
    )
