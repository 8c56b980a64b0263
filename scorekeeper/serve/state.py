"""What the pages are given: the game as stored now, every answer encoded once (a Snapshot).

`/api/state` is one JSON object, everything the table's page and the scorer's page draw:

    game       the game's identity, for a phone to tell one game from another (the swap
               alarm): {"id", "name", "title", "ruleset", "location", "scorer",
               "players" (seated now, in seating order), "started_at" (ISO time of entry 0)}
    standings  as `standings --json` prints it (a partnership game's `sides` included)
    status     as `status --json` prints it
    status_lines  `status` in words (empty once the game is over)
    needs      what is still to record, in words for the players (no commands)
    choices    what the scorer's page may tap (see choices.page_data): {"suits": [{"word",
               "symbol"}], "pack": [{"code", "name", "suit"}], "no_trump", "hook": {"player",
               "total"} or null, "closed_hands": [{"hand", "players", "cards", "recorded":
               {"trump", "bids", "poisons", "tricks"}}], "rulesets": [{"name", "where"}]}
    asking     what the hand needs next, or null when nothing is (the game is over):
               {"need": "bids"|"poisons"|"tricks"|"trump"|"flip"|"cursed"|"took"|"first"|
               "last"|"trick", "command": the command a bare answer stands for, "needs":
               every need left, in order, "players": [{"name", "legal": [values this player
               may give; [] = any, checked on entry], "words": what a bid may be besides a
               number (Spades: "nil", and "blind-nil" where the rules allow it now)}] in the order the prompt names them (a
               bare answer gives their values in that order), "cards_each": the hand size or
               null, "tricks_total": what tricks must sum to (need "tricks") or null,
               "choose_player": a player's name is the answer (first, last, took: `Bob QS
               QD`), "next_leader": who leads the next trick (need "trick"), "by_card": whether
               it may be recorded card by card (a hand begun so, or nothing of its play in yet), "unbroken":
               the suits it may be led in only by a leader holding nothing else (`--forced`),
               "strict_lead": whether a card merely bearing one of them is barred, "spent": the
               cards it cannot hold (played already, or turned up), "twice": those it may hold
               twice (french-54's Jokers), "trick_order": who plays it, in the order they play
               (from its leader, without a Euchre loner's partner; round the table while its
               leader is unknown), "leads_with": the card whose holder leads it (`--leader`)
               while nobody is said to, else null, "counts":
               Snakebit's counts may answer `took` (`5 3 0`, for every player in "order"),
               "cursed_total": what those counts add up to (the cursed cards in the pack), or null,
               "makers_tricks": Euchre (`make PLAYER SUIT`, then the makers' tricks as one number)}
    result     the final words once the game is over, else ""
    sheet      the score sheet's rows (see sheets.score_sheet.live_json)
    chart, chart_small  SVG of the running totals (720 and 380 px wide), "" before a hand closes
    comments   the last 8 comments: [{"hand", "text"}]
    hands      each closed hand's chain digest: [{"hand", "n", "digest"}] (see hand_digests)
    witness    what a phone keeps to tell this game from any other, a copy made current in its
               place included (the swap alarm): its identity and closed hands' digests, see
               storage.digests.witness: {"game", "name", "title", "players", "started_at",
               "started", "mark", "head", "hands": [{"hand", "n", "digest"}]}
    entries    every entry: [{"n", "at", "hand", "text", "correction", "via"}]: "text" says
               what it recorded in the players' words, an undo by what it took back and a
               correction by what it replaced, without entry numbers (see words/told.py); "via"
               is "phone" for an entry made on the scorer's page, else null
    chain      every entry's hash, in order          head   the last hash
    warnings   what reading the store found amiss (a chain that does not verify), each a
               sentence every phone should show; [] when all is well
    read_only  true when the server has no scorer's link (`serve --read-only`)

When the store cannot be read, every answer is `{"error": "<one line>"}` with status 503.

What a person reads in the state (status_lines, needs, result, the sheet's words, the entries'
texts…) is in a language: `state` is English, and a phone in another language is given the
same state said in its own (Snapshot.in_language, made once per language when first asked).
Its keys and its data (standings, status, names, numbers) are the same in every language.
"""

from __future__ import annotations

import hashlib
import json
import operator
import threading
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from scorekeeper import choices, interpreter, table
from scorekeeper.core import engine, events, language, needs
from scorekeeper.serve import speech
from scorekeeper.sheets import charts, score_sheet
from scorekeeper.storage import chain, digests, store
from scorekeeper.words import reports, told, vocabulary


class Snapshot(NamedTuple):
    """Every answer for one state of the store, encoded once."""

    etag: str
    state: bytes  # /api/state: everything the page draws
    standings: bytes  # /api/standings, as `standings --json` prints it
    status: bytes  # /api/status, as `status --json` prints it
    ok: bool = True  # False: the store could not be read (the bytes say why)
    key: tuple[str, str] = ("", "")  # (game id, chain head)
    read_at: float = 0.0  # when the read of the store behind it began (time.monotonic())
    said: Said | None = None  # the state in other languages

    def in_language(self, code: str) -> bytes:
        return in_language(self, code)


def in_language(shot: Any, code: str) -> bytes:
    """A snapshot's state (its `state`, and `said` in other languages) in the language `code`."""
    if code == speech.ENGLISH or shot.said is None:
        return shot.state
    return shot.said.state(code)


class Said:
    """A state said in other languages, each made once, when a phone in that language first
    asks: `draw(parts)` makes the state's data in the language in use, sharing with that
    language's earlier states what they worked out (`parts.in_language(code)`; None: nothing
    is shared)."""

    def __init__(self, draw: Callable[[Parts | None], dict], parts: Parts | None) -> None:
        self._draw = draw
        self._parts = parts
        self._made: dict[str, bytes] = {}
        self._lock = threading.Lock()  # one thread makes a language; the others wait for it

    def state(self, code: str) -> bytes:
        from scorekeeper.words import catalogs

        with self._lock:
            made = self._made.get(code)
            if made is None:
                with language.speaking(catalogs.translations(code)):
                    data = self._draw(None if self._parts is None else self._parts.in_language(code))
                made = self._made[code] = json.dumps(data, ensure_ascii=False).encode("utf-8")
            return made


def cli_json(data: Any) -> bytes:
    """JSON exactly as the command line prints it (`emit_json`)."""
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def failed(message: str) -> Snapshot:
    body = cli_json({"error": message})
    return Snapshot('"error-' + hashlib.sha256(body).hexdigest()[:16] + '"', body, body, body, ok=False)


def empty(rulesets: list[tuple[str, str]], read_only: bool, home: Any = None) -> Snapshot:
    """The state of a store with no game yet: what the scorer's page needs to start the first
    one (every ruleset a game may use, with its options), and nothing to show besides."""
    read_at = time.monotonic()

    def draw(shared: Parts | None) -> dict:
        return {"empty": True, "head": "", "warnings": [], "read_only": read_only,
                "choices": {"rulesets": choices.starting(rulesets, home)}}  # fmt: skip

    with language.speaking(language.ENGLISH):
        state = _encoded(draw(None))
    nothing = cli_json({"game": None})
    return Snapshot('"empty"', state, nothing, nothing, key=("", ""), read_at=read_at, said=Said(draw, None))


def hand_digests(game: engine.Game, stored: list[chain.StoredEvent]) -> list[dict[str, Any]]:
    """Each closed hand's chain digest: the hash of the entry that closed it, which is the last
    live entry of that hand (entries go to the hand in progress, so nothing of the hand comes
    after it but a correction). `verify --digest` takes it; a phone keeps it as it first saw it."""
    last: dict[int, int] = {}
    for n, event in game.entries:
        number = getattr(event, "hand", None)
        if number is not None:
            last[number] = n
    return [
        {"hand": h.number, "n": last[h.number], "digest": stored[last[h.number]].hash}
        for h in game.hands
        if h.closed and h.number in last
    ]


class Parts:
    """What the states of one served store share, each part keyed by the chain hash that fixes
    it. An entry's line in `entries` depends only on the entries up to it, and its hash covers
    exactly those (its body, time and place, and the hash before it; every read recomputes it
    from the stored text): so a line is worked out once, not once per state, and an undo's
    replay once. Used only for a chain that verifies; a broken one is read from scratch.

    A closed hand's row of the sheet is taken from the state before when everything it is
    drawn from is as it was: the digests of that hand and of every hand before it (each the
    hash of its hand's last live entry, covering every entry up to it, corrections of a hand
    included), and what the game as a whole lends a row: its roster, renames, planned hands,
    end, corrections and undos. Only the rows of the state built last are kept."""

    def __init__(self) -> None:
        self.entries: dict[str, Line] = {}
        self.rows: dict[tuple, tuple[score_sheet.Row, dict[str, Any]]] = {}
        self.charts: tuple[tuple, tuple[str, str]] | None = None  # the last charts, by what they draw
        self.encoded: dict[Any, tuple[Any, bytes]] = {}  # the last state's parts as encoded (state_json)
        self.languages: dict[str, Parts] = {}  # the same, for the states said in other languages

    def in_language(self, code: str) -> Parts:
        """What the states said in the language `code` share."""
        return self.languages.setdefault(code, Parts())


class Line(NamedTuple):
    """An entry's line in `entries`, and what the lines after it need: the hand it is of
    (None: not of a hand), its event, the furthest hand any entry up to it was of, and the
    players in seating order after it (the order its line and theirs name values in)."""

    data: dict[str, Any]
    hand: int | None
    event: Any
    furthest: int
    seats: tuple[str, ...] = ()


def entries_data(stored: list[chain.StoredEvent], parts: Parts | None = None) -> list[dict[str, Any]]:
    """Every entry as the page lists it: its time, hand and what it said. A correction of a past
    hand, any entry for a hand the game had already moved past, and an undo of an entry of a hand
    that had closed are corrections: recorded, not rewritten. An undo in the hand still being
    recorded is not: nobody has read that hand's score yet. `parts`: the lines worked out for
    earlier states of this chain (see Parts)."""
    return [line.data for line in entry_lines(stored, parts or Parts())]


def entry_lines(stored: list[chain.StoredEvent], parts: Parts) -> list[Line]:
    """Each entry's line, worked out only for entries no earlier state had."""
    kept = parts.entries
    lines: list[Line] = []
    for entry in stored:
        line = kept.get(entry.hash)
        if line is None:
            line = kept[entry.hash] = _line(stored, entry, lines)
        lines.append(line)
    return lines


def live_sheet(
    game: engine.Game, stored: list[chain.StoredEvent], hands: list[dict[str, Any]], lines: list[Line], parts: Parts
) -> tuple[score_sheet.Sheet, dict[str, Any]]:
    """The sheet and its live JSON, each closed hand's row taken from the state before when
    nothing it is drawn from changed (see Parts). `hands`: hand_digests."""
    undos = sum(isinstance(line.event, events.EntryReversed) for line in lines)
    whole = (game.id, tuple(game.roster), tuple(game.renames), game.planned_hands, game.finished,
             len(game.corrections), undos)  # fmt: skip
    keys, digests = {}, ()
    for closed in hands:
        digests += (closed["digest"],)
        keys[closed["hand"]] = (whole, digests)
    before = parts.rows  # (another thread may put the rows of its own state in its place)
    kept = {number: before[key] for number, key in keys.items() if key in before}
    sheet = score_sheet.build(game, stored, {number: row for number, (row, _drawn) in kept.items()})
    live = score_sheet.live_json(sheet, {number: drawn for number, (_row, drawn) in kept.items()})
    parts.rows = {
        keys[row.number]: (row, drawn)
        for row, drawn in zip(sheet.rows, live["rows"], strict=True)
        if row.closed and row.number in keys
    }
    return sheet, live


def charts_of(game: engine.Game, sheet: score_sheet.Sheet, parts: Parts) -> tuple[str, str]:
    """The running totals' charts, 720 and 380 px wide ("" before a hand closes), drawn again
    only when what they draw changed."""
    if not sheet.rows:
        return "", ""
    series = sheet.plotted()
    drawn = (tuple(game.roster), tuple(map(tuple, series.values())), tuple(game.left))
    last = parts.charts
    if last is None or last[0] != drawn:
        last = parts.charts = drawn, (
            charts.svg(game.roster, series, width=720, height=300, departed=game.left),
            charts.svg(game.roster, series, width=380, height=300, departed=game.left),  # a phone's width: legible text
        )
    return last[1]


def _line(stored: list[chain.StoredEvent], entry: chain.StoredEvent, before: list[Line]) -> Line:
    """Entry n's line, given the lines of the entries before it."""
    try:
        event = events.parse_all([entry.body])[0]
    except events.UnknownEntry:
        events.parse_all([e.body for e in stored])  # refused with the entry's place in the log
        raise
    own = getattr(event, "hand", None)
    number = own
    reversal = isinstance(event, events.EntryReversed)
    if reversal and 0 <= event.target < len(before):
        number = before[event.target].hand
    furthest = before[-1].furthest if before else 0
    correction = (
        (reversal and _closed_before([line.event for line in before], number))
        or isinstance(event, events.Corrected)
        or (number is not None and number < furthest)
    )
    seats = told.seated(before[-1].seats if before else (), event)
    data = {"n": entry.n, "at": entry.at, "hand": number, "text": _told(event, before, seats),
            "correction": correction, "via": events.via(entry.body),
            "entry_id": events.phone_entry(entry.body)}  # fmt: skip
    return Line(data, own, event, furthest if own is None else max(furthest, own), seats)


def _told(event: Any, before: list[Line], seats: tuple[str, ...]) -> str:
    """What an entry said, as the pages tell it (no entry number: an undo by what it took back,
    a correction by what it replaced, which the lines before it hold)."""
    if isinstance(event, events.EntryReversed | events.Corrected):
        return told.entry(event, [line.event for line in before], seats)
    return told.fact(event, seats)


def _closed_before(parsed: list[Any], number: int | None) -> bool:
    """Whether hand `number` had closed after the entries `parsed` (replays them: an undo is
    rare, and its line is worked out once)."""
    if number is None:
        return True  # an undo of a table change or a setting: said as a correction, to be safe
    game = engine.replay(parsed)
    return any(h.number == number and h.closed for h in game.hands)


def page_state(
    game: engine.Game,
    stored: list[chain.StoredEvent],
    standings: dict,
    status: dict,
    rulesets: list[tuple[str, str]],
    parts: Parts | None = None,
    need: needs.Need | None = None,
) -> dict:
    """The state the pages draw (see the module's docstring), in the language in use. `need`:
    what the hand needs (needs.of, worked out here when not given)."""
    parts = parts or Parts()
    if need is None:
        need = needs.of(game)
    lines = entry_lines(stored, parts)
    hands = hand_digests(game, stored)
    sheet, live = live_sheet(game, stored, hands, lines, parts)
    chart, small = charts_of(game, sheet, parts)
    return {
        "game": {
            "id": game.id,
            "name": game.name,
            "title": vocabulary.prose(game.ruleset.title),
            "ruleset": game.ruleset.name,
            "location": game.location,
            "scorer": game.scorer,
            "players": game.players,
            "started_at": stored[0].at if stored else "",
        },
        "standings": standings,
        "standings_line": reports.standings_line(game),  # one line, a player who left marked so
        "status": status,
        "status_lines": [] if game.finished else reports.status_text(game, in_turn=True, on_page=True, need=need).splitlines(),
        "needs": [reports.plain_need(n) for n in need.needs],
        "result": reports.final_text(game) if game.finished else "",
        "sheet": live,
        "chart": chart,
        "chart_small": small,
        "comments": [{"hand": h.number, "text": c} for h in game.hands for c in h.comments][-8:],
        "hands": hands,
        "entries": [line.data for line in lines],
        "chain": [e.hash for e in stored],
        "head": stored[-1].hash if stored else "",
        "witness": digests.witness(game, stored),
        "choices": choices.page_data(game, rulesets, need),  # what the scorer's page may tap
        "asking": interpreter.asking(need),
    }


def state_json(data: dict[str, Any], parts: Parts) -> bytes:
    """`data` as JSON (`json.dumps(data, ensure_ascii=False)` up to the order of its keys),
    taking from the state encoded before what did not change: an entry's line and a closed
    hand's sheet row while they are the very objects they were (see Parts: kept by chain hash,
    and never changed), the charts while they are not drawn again, the pack while it is equal
    (it holds only strings, so equal is encoded the same)."""
    kept, now = parts.encoded, {}

    def again(key: Any, value: Any, same: Any = operator.is_) -> bytes:
        before = kept.get(key)
        text = before[1] if before is not None and same(before[0], value) else _encoded(value)
        now[key] = (value, text)
        return text

    def listed(name: str, items: list[Any]) -> bytes:
        return b"[" + b", ".join(again((name, i), item) for i, item in enumerate(items)) + b"]"

    def joined(whole: dict[str, Any], taken: dict[str, bytes]) -> bytes:
        """`whole` encoded, the values of `taken`'s keys as they were encoded there."""
        rest = _encoded({key: value for key, value in whole.items() if key not in taken})
        added = b", ".join(_encoded(key) + b": " + text for key, text in taken.items())
        return rest[:-1] + (b", " if len(rest) > 2 else b"") + added + b"}"

    sheet, choices = data["sheet"], data["choices"]
    state = joined(data, {
        "entries": listed("entries", data["entries"]),
        "chart": again("chart", data["chart"]),
        "chart_small": again("chart_small", data["chart_small"]),
        "sheet": joined(sheet, {"rows": listed("rows", sheet["rows"])}),
        "choices": joined(choices, {"pack": again("pack", choices["pack"], operator.eq)}),
    })  # fmt: skip
    parts.encoded = now
    return state


def _encoded(value: Any) -> bytes:
    return _ENCODER.encode(value).encode("utf-8")


_ENCODER = json.JSONEncoder(ensure_ascii=False)


def snapshot(
    db: store.Store,
    game_id: str,
    rulesets: list[tuple[str, str]] = (),
    read_only: bool = False,
    known: table.Seen | None = None,
    parts: Parts | None = None,
) -> Snapshot:
    """The game as stored now, every answer encoded: the entries are read once, and the game
    is their replay, so the page, the JSON and the chain always agree. The chain is checked
    as every command's read checks it; what is amiss goes into `warnings`. `rulesets`: those a
    new game may use; `read_only`: the server has no scorer's link. `known`: the game at its
    head as a front end's read or entry left it (table.AtHead), on this connection, taken as
    it is when it is still the game's head. `parts`: what earlier states of this store left to share
    (see Parts), taken only when the chain verifies. Made in English, whatever the language in
    use; other languages are made from it when asked (Snapshot.in_language)."""
    with language.speaking(language.ENGLISH):
        return _snapshot(db, game_id, rulesets, read_only, known, parts)


def _snapshot(
    db: store.Store,
    game_id: str,
    rulesets: list[tuple[str, str]],
    read_only: bool,
    known: table.Seen | None,
    parts: Parts | None,
) -> Snapshot:
    read_at = time.monotonic()
    if known is not None and known.game_id == game_id and known.stored and known.head == db.head(game_id):
        stored, game = known.stored, known.game
    else:
        stored = db.events(game_id)
        game = table.replay(stored)
    warnings = list(db.warnings)
    db.warnings.clear()
    if warnings:
        parts = None  # a hash may not say what its entry holds: nothing is taken on its word
    need = needs.of(game)
    standings, status = reports.standings_data(game), reports.status_data(game, need)

    def draw(shared: Parts | None) -> dict:
        return {
            **page_state(game, stored, standings, status, rulesets, shared, need),
            "warnings": warnings,
            "read_only": read_only,
        }

    state = state_json(draw(parts), parts or Parts())
    head = stored[-1].hash
    return Snapshot(f'"{game_id}-{head[:32]}"', state, cli_json(standings), cli_json(status),
                    key=(game_id, head), read_at=read_at, said=Said(draw, parts))  # fmt: skip
