"""The audit chain: how each entry is hashed, and what is wrong with a chain that is broken.

Pure: it reads no file and knows no SQLite. Anyone can check a chain without this package:
each event's hash is the SHA-256 (hex) of
`canonical_json({"prev": …, "game": …, "n": …, "at": …, "body": …})` encoded as UTF-8, where
`prev` is the previous event's hash (64 zeros for the first).
"""

from __future__ import annotations

import hashlib
import json
import json.scanner
from collections.abc import Iterable
from typing import Any, NamedTuple

from scorekeeper.core.language import _

ZERO_HASH = "0" * 64


class StoredEvent(NamedTuple):
    """One event as stored: its place in its game's chain and the hashes that bind it there."""

    game_id: str
    n: int  # 0-based position in this game's chain
    at: str  # ISO-8601 UTC time it was appended
    body: dict  # the event as JSON data; always has a "type" key
    prev: str  # hash of the game's previous event; ZERO_HASH for n == 0
    hash: str  # sha256 hex of the canonical form (see chain_hash)


class GameSummary(NamedTuple):
    id: str
    created_at: str
    events: int
    head: str


def canonical_json(body: Any) -> str:
    """The one text form of a JSON value that hashes are computed over.

    NaN and infinities are refused (ValueError): they are not JSON, so no other tool could
    reproduce the hash.
    """
    return _ENCODER.encode(body)


_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def chain_hash(prev: str, game_id: str, n: int, at: str, body: dict) -> str:
    """The hash of an event: it covers its body, its place (game and n), its time, and the hash
    of the event before it, so altering, removing, inserting or reordering entries shows."""
    text = canonical_json({"prev": prev, "game": game_id, "n": n, "at": at, "body": body})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _chain_hash_of_text(prev: str, game_id: str, n: int, at: str, body_text: str) -> str:
    """chain_hash for a body already in canonical text, as stored: the same text is hashed (the
    keys at, body, game, n, prev are in sorted order) without parsing and re-encoding the body.
    Verifying a large store spends most of its time here."""
    return _hash_of_quoted(_quoted(prev), _quoted(game_id), n, _quoted(at), body_text)


def _hash_of_quoted(prev: str, game: str, n: int, at: str, body_text: str) -> str:
    """_chain_hash_of_text of strings already quoted (the game id once for a whole chain)."""
    text = f'{{"at":{at},"body":{body_text},"game":{game},"n":{n},"prev":{prev}}}'
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_SCAN = json.scanner.make_scanner(json.JSONDecoder())


def parsed_json(text: str | bytes) -> Any:
    """`json.loads(text)`, quicker for the text of an entry as stored (one JSON value, no
    space around it): the decoder's scanner is called directly, without the checks for
    whitespace and a byte-order mark that `json.loads` makes in Python around it. Any other
    text (space around the value, more after it, bytes, not JSON) goes to `json.loads`,
    which gives its value or its ValueError."""
    if isinstance(text, str):
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError):
            return json.loads(text)
        if end == len(text):
            return value
    return json.loads(text)


def _quoted(text: str) -> str:
    """A string as canonical_json writes it: as it is between quotes when nothing in it needs
    escaping (ids, hashes and times, always), else by the encoder."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return _ENCODER.encode(text)


# --- checking a chain ------------------------------------------------------------------------

# (game_id, n, at, type column or None, body as JSON text or data, prev, hash)
_Row = tuple[Any, Any, Any, Any, Any, Any, Any]


def _malformed(events: Iterable[StoredEvent]) -> str | None:
    """Problems of shape in an imported chain, before any hash is computed."""
    game_id = None
    for i, e in enumerate(events):
        if not isinstance(e.game_id, str) or not e.game_id:
            return _("entry {entry} has no game id").format(entry=i)
        if game_id is None:
            game_id = e.game_id
        elif e.game_id != game_id:
            return _("entry {entry} belongs to game {game}, not {first_game}").format(
                entry=i, game=e.game_id, first_game=game_id
            )
        if not isinstance(e.n, int) or isinstance(e.n, bool):
            return _("entry {entry} is numbered {number}, which is not a whole number").format(entry=i, number=repr(e.n))
        if not isinstance(e.body, dict) or not isinstance(e.body.get("type"), str):
            return _("entry {entry} is not an event (it has no type)").format(entry=i)
        for name in ("at", "prev", "hash"):
            if not isinstance(getattr(e, name), str):
                # TRANSLATORS: {type} is the entry's kind as stored ("bids"); {field} is a field's
                # name as stored ("at", "prev" or "hash")
                return _("entry {entry} ({type}) has no {field} text").format(entry=i, type=e.body["type"], field=name)
    return None


def _event_type(data: Any, type_column: Any) -> str | None:
    """An entry's type as stored ("bids"), if it can be read."""
    kind = data.get("type") if isinstance(data, dict) else type_column
    return kind if isinstance(kind, str) else None


class ChainBreak(NamedTuple):
    """The first thing wrong with a game's chain, found by `chain_break`; each caller puts it
    into words for what it checked (the store, or a score sheet being imported)."""

    kind: str  # one of: numbered, inserted, not_event, type_column, hash, prev, missing, head
    entry: int  # the position where it shows
    event_type: str | None  # that entry's type as stored ("bids"), None if it cannot be read
    n: Any = None  # numbered: the n the entry carries; hash: the n it was recorded at, if found;
    # missing: the last position missing
    later: bool = False  # numbered: an entry numbered `entry` comes later (out of order)
    type_column: Any = None  # type_column: what the column says


def chain_break(
    game_id: str,
    rows: list[_Row],
    count: int | None = None,
    head: str | None = None,
    parsed: list[Any] | None = None,
) -> ChainBreak | None:
    """The one check of a game's chain (rows in n order: game_id, n, at, type column or None,
    body as stored text or data, prev, hash): every entry in its place, an event, matching its
    hash and following the one before. With `count` and `head` (from the games table) it also
    catches entries removed from, or added to, the end. `parsed`: each row's body as its text
    parses (one per row), where the caller parsed them already, so no text is parsed twice."""
    expected_prev = ZERO_HASH
    last: tuple[Any, Any] = (None, None)  # the type is looked for only for a break
    numbers = {row[1] for row in rows}
    for i, (_game, n, at, type_column, body, prev, hash_) in enumerate(rows):
        if n != i:
            return ChainBreak("numbered", i, None, n=n, later=i in numbers)
        data = body
        if isinstance(body, str):
            try:
                data = parsed[i] if parsed is not None else parsed_json(body)
            except ValueError:
                data = None
        last = (data, type_column)
        if count is not None and i >= count:
            return ChainBreak("inserted", i, _event_type(*last))
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return ChainBreak("not_event", i, _event_type(*last))
        if type_column is not None and type_column != data["type"]:
            return ChainBreak("type_column", i, _event_type(*last), type_column=type_column)
        intact = (
            isinstance(body, str)
            and isinstance(prev, str)
            and isinstance(at, str)
            and _chain_hash_of_text(prev, game_id, i, at, body) == hash_
        )
        # The slow way also accepts a body whose stored text is not in canonical form but
        # means the same.
        if not intact and _hash_or_none(prev, game_id, i, at, data) != hash_:
            was = _recorded_position(game_id, at, data, prev, hash_, i, len(rows), count)
            return ChainBreak("hash", i, _event_type(*last), n=was)
        if prev != expected_prev:
            return ChainBreak("prev", i, _event_type(*last))
        expected_prev = hash_
    if count is not None:
        total = len(rows)
        if count > total:
            return ChainBreak("missing", total, None, n=count - 1)
        if head != expected_prev:
            return ChainBreak("head", total - 1, _event_type(*last))
    return None


def _checks_out(game_id: str, rows: list[_Row], parsed: list[Any], count: int, head: str) -> bool:
    """The quick pass over a chain in the store that verifies, in one loop: every entry in its
    place, an event of the type its column says, its stored text matching its hash and
    following the one before, and the games table's count and head those of the chain.
    `parsed`: each row's body parsed. Stricter than `chain_break` (a body stored in another
    text than the canonical one fails here), so False only means `chain_break` must look and
    say what, if anything, is wrong."""
    if count != len(rows) or len(parsed) != len(rows):
        return False
    expected = ZERO_HASH
    game = _quoted(game_id)
    for i, ((_game, n, at, kind, body, prev, hash_), data) in enumerate(zip(rows, parsed, strict=True)):
        # prev, once it is the hash before it, is hex digits: nothing in it needs escaping
        if (
            n != i or prev != expected or type(data) is not dict or not isinstance(kind, str)
            or data.get("type") != kind or not isinstance(at, str) or not isinstance(body, str)
            or _hash_of_quoted(f'"{prev}"', game, i, _quoted(at), body) != hash_
        ):  # fmt: skip
            return False
        expected = hash_
    return head == expected


def _chain_problem_of_rows(game_id: str, rows: list[_Row], count: int, head: str) -> str | None:
    """`_chain_problem` of a chain as stored, its bodies not parsed yet: the quick pass first
    (each body parsed once), the full check only where it does not pass."""
    try:
        parsed = [parsed_json(row[4]) for row in rows]
    except (TypeError, ValueError):  # a body that is not text, or not JSON: the full check says so
        parsed = []
    if _checks_out(game_id, rows, parsed, count, head):
        return None
    return _chain_problem(game_id, rows, count, head)


def _chain_problem(
    game_id: str,
    rows: list[_Row],
    count: int | None = None,
    head: str | None = None,
    parsed: list[Any] | None = None,
) -> str | None:
    """The first thing wrong with one game's chain in the store, in words, or None."""
    found = chain_break(game_id, rows, count, head, parsed)
    if found is None:
        return None
    i = found.entry
    facts = {"entry": i, "type": found.event_type, "before": i - 1}
    match found.kind:
        case "numbered":
            n = found.n
            if found.later:  # only an import can list entries out of order
                            return _("entry {number} comes before entry {entry}: the entries are out of order").format(
                    number=n, entry=i
                )
            if isinstance(n, int) and n > i:
                if n == i + 1:
                    return _("entry {entry} is missing: it was removed").format(entry=i)
                return _("entries {first} to {last} are missing: they were removed").format(first=i, last=n - 1)
            return _("entry {number} comes after entry {before}: the entries are out of order or repeated").format(
                number=n, before=i - 1
            )
        case "inserted" if found.event_type is None:
            return _("entry {entry} is not counted in the games table: it was inserted").format(**facts)
        case "inserted":
            # TRANSLATORS: in what is wrong with a chain, {type} is an entry's kind as stored ("bids")
            return _("entry {entry} ({type}) is not counted in the games table: it was inserted").format(**facts)
        case "not_event" if found.event_type is None:
            return _(
                "entry {entry} is not an event (its body is not a JSON object with a type): it was altered"
            ).format(**facts)
        case "not_event":
            return _(
                "entry {entry} ({type}) is not an event (its body is not a JSON object with a type): it was altered"
            ).format(**facts)
        case "type_column":
            # TRANSLATORS: {column} is what the type column holds, quoted as stored
            return _("entry {entry} ({type}) is marked {column} in the type column: it was altered").format(
                **facts, column=repr(found.type_column)
            )
        case "hash" if found.n is not None:
            return _(
                "entry {entry} ({type}) was recorded as entry {recorded}: entries were removed, inserted or reordered"
            ).format(**facts, recorded=found.n)
        case "hash":
            return _("entry {entry} ({type}) does not match its hash: it was altered").format(**facts)
        case "prev" if i == 0:
            return _("entry {entry} ({type}) does not start a chain: entries before it were removed").format(**facts)
        case "prev":
            return _(
                "entry {entry} ({type}) does not follow entry {before}: an entry before it was altered, removed or "
                "inserted"
            ).format(**facts)
        case "missing" if found.n == i:
            return _("entry {entry} is missing: it was removed").format(entry=i)
        case "missing":
            return _("entries {first} to {last} are missing: they were removed").format(first=i, last=found.n)
    return _("entry {entry} ({type}) is not the last entry the games table records: it was inserted").format(**facts)


def _hash_or_none(prev: Any, game_id: str, n: int, at: Any, data: dict) -> str | None:
    try:
        return chain_hash(prev, game_id, n, at, data)
    except (TypeError, ValueError):  # ValueError covers NaN and unencodable text
        return None


def _recorded_position(
    game_id: str, at: Any, data: dict, prev: Any, hash_: Any, i: int, total: int, count: int | None
) -> int | None:
    """If an entry is intact but sits at the wrong n, the n it was recorded at."""
    limit = max(total, count or 0) + 1
    for m in range(min(limit, 100_000)):
        if m != i and _hash_or_none(prev, game_id, m, at, data) == hash_:
            return m
    return None
