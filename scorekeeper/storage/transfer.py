"""A JSON score sheet (`sheet --format json`) as a file to import: read within limits,
checked to be a sheet of ours, its entries taken as a stored chain checked link by link, and
what it says compared with what its entries score (table.import_files puts these together)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from scorekeeper.core import engine, errors, scoring
from scorekeeper.sheets import score_sheet
from scorekeeper.storage import store
from scorekeeper.words import reports

ASK = "give a file written by `sheet --format json`"
# A sheet is kilobytes (a 19-hand game with every entry is about 60 kB); this is far beyond
# any game a table plays, and far short of what would exhaust memory.
MAX_SHEET_BYTES = 8 * 1024 * 1024
# A sheet nests a handful of levels (sheet, entry, body, a player's list of cards).
MAX_DEPTH = 32


def read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of sheet size: a device (/dev/zero), a pipe that would
    block, a folder or a file of gigabytes is refused before it is read."""
    try:
        # O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as exc:
        raise errors.UsageError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # checked before reading: a folder cannot even be opened as a file
        os.close(fd)
        raise errors.UsageError(f"cannot import {path}: it is not a regular file; {ASK}")
    with os.fdopen(fd, "rb") as file:
        if info.st_size > MAX_SHEET_BYTES:
            raise errors.EntryError(
                f"{path} is {info.st_size:,} bytes, far more than a score sheet "
                f"(at most {MAX_SHEET_BYTES:,}); {ASK}"
            )
        try:
            raw = file.read(MAX_SHEET_BYTES + 1)
        except OSError as exc:
            raise errors.UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_SHEET_BYTES:  # it grew while we looked
        raise errors.EntryError(f"{path} is far more than a score sheet (at most {MAX_SHEET_BYTES:,} bytes); {ASK}")
    return raw


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
    try:
        data = json.loads(raw)
    except RecursionError:
        raise errors.EntryError(f"{path} is not JSON (it nests too deeply); {ASK}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise errors.EntryError(f"{path} is not JSON{where}; {ASK}") from None
    if _too_deep(data):
        raise errors.EntryError(f"{path} is not a scorekeeper score sheet (it nests too deeply); {ASK}")
    if not isinstance(data, dict) or data.get("format") != score_sheet.JSON_FORMAT:
        raise errors.EntryError(
            f"{path} is not a scorekeeper score sheet (it has no sheet format marker); {ASK}"
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise errors.EntryError(
            f"{path} is not a scorekeeper score sheet (its version is not a number); {ASK}"
        )
    if version > score_sheet.JSON_VERSION:
        raise errors.EntryError(
            f"{path} was written by a newer scorekeeper (sheet version {version}; this one reads "
            f"version {score_sheet.JSON_VERSION}); upgrade scorekeeper to import it"
        )
    return data


def chain(path: Path, data: dict[str, Any]) -> list[store.StoredEvent]:
    """The sheet's entries as stored events, checked link by link with the store's own chain
    check (store.chain_break), and its chain digest against its last entry."""
    game_id, entries = data.get("game"), data.get("entries")
    if not isinstance(game_id, str) or not game_id or not isinstance(entries, list) or not entries:
        raise errors.StoreError(
            f"{path} has no game id or no entries: it was cut short or altered; nothing was imported"
        )
    shape = {"n": int, "at": str, "prev": str, "hash": str, "body": dict}
    result = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or any(type(entry.get(k)) is not t for k, t in shape.items()):
            raise _altered(path, f"entry {i} is not a whole entry (n, at, prev, hash, body)")
        result.append(store.StoredEvent(game_id, entry["n"], entry["at"], entry["body"], entry["prev"], entry["hash"]))
    found = store.chain_break(game_id, [(e.game_id, e.n, e.at, None, e.body, e.prev, e.hash) for e in result])
    if found is not None:
        i = found.entry
        problem = {
            "numbered": f"entry {i} is numbered {found.n}: entries were removed, added or reordered",
            "not_event": f"entry {i} is not an event (it has no type)",
            "prev": f"entry {i} does not follow entry {i - 1}",
        }.get(found.kind, f"entry {i} does not match its hash")
        raise _altered(path, problem)
    if data.get("chain_head") != result[-1].hash:
        raise _altered(path, "its chain digest is not the hash of its last entry")
    return result


def _altered(path: Path, problem: str) -> errors.StoreError:
    return errors.StoreError(
        f"{path} was altered: {problem}, so its audit chain does not verify; nothing was imported"
    )


def compare(path: Path, data: dict[str, Any], game: engine.Game) -> None:
    """Refuse a sheet whose header, standings or hands' points differ from what its entries
    score (`game`). Only what the entries decide is compared, so a later scorekeeper that
    adds fields to the sheet still imports an older one."""
    header = {
        "name": (game.name, "its game name is not the one"),
        "location": (game.location, "its location is not the one"),
        "scorer": (game.scorer, "its scorer is not the one"),
        "players": (game.roster, "its players are not the ones"),
    }
    for key, (value, what) in header.items():
        if data.get(key) != value:
            raise errors.StoreError(f"{path} was altered: {what} its entries record; nothing was imported")
    if _scores(data.get("standings")) != _scores(reports.standings_data(game)):
        raise errors.StoreError(
            f"{path} was altered: its standings are not what its entries score; nothing was imported"
        )
    listed = data.get("hands") if isinstance(data.get("hands"), list) else []
    scored = [  # the hands a sheet lists: closed, or with an entry
        {p: scoring.points_json(v) for p, v in hand.points(hand.seating).items()}
        for hand in game.hands
        if hand.closed or hand.anything_recorded()
    ]
    if [_with_starts(h) for h in listed] != scored:
        raise errors.StoreError(
            f"{path} was altered: its hands' points are not what its entries score; nothing was imported"
        )


def _with_starts(listed: Any) -> Any:
    """A listed hand's points with any newcomer's starting score added back (a sheet lists
    the starts apart; one written before it did has them in the points)."""
    if not isinstance(listed, dict) or not isinstance(listed.get("points"), dict):
        return None
    starts = listed.get("starts") if isinstance(listed.get("starts"), dict) else {}
    points = dict(listed["points"])
    for player, start in starts.items():
        if player not in points or not isinstance(start, int | float) or not isinstance(points[player], int | float):
            return None
        points[player] += start
    return points


def _scores(standings: Any) -> Any:
    """Each player's score and place, whether the game is over, and who won."""
    if not isinstance(standings, dict) or not isinstance(standings.get("players"), list):
        return None
    players = [
        (p.get("name"), p.get("score"), p.get("place")) if isinstance(p, dict) else None
        for p in standings["players"]
    ]
    return players, standings.get("finished"), standings.get("winners")
