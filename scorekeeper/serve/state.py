"""What the pages are given: the game as stored now, every answer encoded once (a Snapshot).

`/api/state` is one JSON object, everything the table's page and the scorer's page draw:

    game       the game's identity, for a phone to tell one game from another (the swap
               alarm): {"id", "name", "title", "ruleset", "location", "scorer",
               "players" (seated now, in seating order), "started_at" (ISO time of entry 0)}
    standings  as `standings --json` prints it          status  as `status --json` prints it
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
               may give; [] = any, checked on entry]}] in the order the prompt names them (a
               bare answer gives their values in that order), "cards_each": the hand size or
               null, "tricks_total": what tricks must sum to (need "tricks") or null,
               "choose_player": a player's name is the answer (first, last, took: `Bob QS
               QD`), "next_leader": who leads the next trick (need "trick"), "counts":
               Snakebit's counts may answer `took` (`5 3 0`, for every player in "order")}
    result     the final words once the game is over, else ""
    sheet      the score sheet's rows (see sheets.score_sheet.live_json)
    chart, chart_small  SVG of the running totals (720 and 380 px wide), "" before a hand closes
    comments   the last 8 comments: [{"hand", "text"}]
    hands      each closed hand's chain digest: [{"hand", "n", "digest"}] (see hand_digests)
    witness    what a phone keeps to tell this game from any other, a copy made current in its
               place included (the swap alarm): its identity and closed hands' digests, see
               storage.digests.witness: {"game", "name", "title", "players", "started_at",
               "started", "mark", "head", "hands": [{"hand", "n", "digest"}]}
    entries    every entry: [{"n", "at", "hand", "text", "correction", "via"}] where
               "via" is "phone" for an entry made on the scorer's page, else null
    chain      every entry's hash, in order          head   the last hash
    warnings   what reading the store found amiss (a chain that does not verify), each a
               sentence every phone should show; [] when all is well
    read_only  true when the server has no scorer's link (`serve --read-only`)

When the store cannot be read, every answer is `{"error": "<one line>"}` with status 503.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, NamedTuple

from scorekeeper import choices, interpreter, table
from scorekeeper.core import engine, events
from scorekeeper.sheets import charts, score_sheet
from scorekeeper.storage import digests, store
from scorekeeper.words import reports


class Snapshot(NamedTuple):
    """Every answer for one state of the store, encoded once."""

    etag: str
    state: bytes  # /api/state: everything the page draws
    standings: bytes  # /api/standings, as `standings --json` prints it
    status: bytes  # /api/status, as `status --json` prints it
    ok: bool = True  # False: the store could not be read (the bytes say why)
    key: tuple[str, str] = ("", "")  # (game id, chain head)


def cli_json(data: Any) -> bytes:
    """JSON exactly as the command line prints it (`emit_json`)."""
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def failed(message: str) -> Snapshot:
    body = cli_json({"error": message})
    return Snapshot('"error-' + hashlib.sha256(body).hexdigest()[:16] + '"', body, body, body, ok=False)


def hand_digests(game: engine.Game, stored: list[store.StoredEvent]) -> list[dict[str, Any]]:
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


def entries_data(stored: list[store.StoredEvent]) -> list[dict[str, Any]]:
    """Every entry as the page lists it: its time, hand and what it said. A correction of a past
    hand, any entry for a hand the game had already moved past, and an undo of an entry of a hand
    that had closed are corrections: recorded, not rewritten. An undo in the hand still being
    recorded is not: nobody has read that hand's score yet."""
    parsed = events.parse_all([e.body for e in stored])
    hands = [getattr(e, "hand", None) for e in parsed]
    out, furthest = [], 0
    for entry, event in zip(stored, parsed, strict=True):
        number = hands[entry.n]
        reversal = isinstance(event, events.EntryReversed)
        if reversal and 0 <= event.target < len(hands):
            number = hands[event.target]
        correction = (
            (reversal and _closed_before(parsed, entry.n, number))
            or isinstance(event, events.Corrected)
            or (number is not None and number < furthest)
        )
        if hands[entry.n] is not None:
            furthest = max(furthest, hands[entry.n])
        out.append({"n": entry.n, "at": entry.at, "hand": number, "text": events.describe(event),
                    "correction": correction, "via": events.via(entry.body)})  # fmt: skip
    return out


def _closed_before(parsed: list[Any], n: int, number: int | None) -> bool:
    """Whether hand `number` had closed before entry n (replays the entries before it: an undo is
    rare, and this is worked out once per state)."""
    if number is None:
        return True  # an undo of a table change or a setting: said as a correction, to be safe
    game = engine.replay(parsed[:n])
    return any(h.number == number and h.closed for h in game.hands)


def _plain_need(need: str) -> str:
    """What is still to record, for the players: the words without the scorer's command."""
    return re.sub(r" \(`[^`]*`[^)]*\)$", "", reports.NEED_WORDS.get(need, need))


def page_state(
    game: engine.Game,
    stored: list[store.StoredEvent],
    standings: dict,
    status: dict,
    rulesets: list[tuple[str, str]],
) -> dict:
    sheet = score_sheet.build(game, stored)
    chart = small = ""
    if sheet.rows:
        series = sheet.plotted()
        chart = charts.svg(game.roster, series, width=720, height=300, departed=game.left)
        small = charts.svg(game.roster, series, width=380, height=300, departed=game.left)  # a phone's width: legible text
    return {
        "game": {
            "id": game.id,
            "name": game.name,
            "title": game.ruleset.title,
            "ruleset": game.ruleset.name,
            "location": game.location,
            "scorer": game.scorer,
            "players": game.players,
            "started_at": stored[0].at if stored else "",
        },
        "standings": standings,
        "standings_line": reports.standings_line(game),  # one line, a player who left marked so
        "status": status,
        "status_lines": [] if game.finished else reports.status_text(game, in_turn=True).splitlines(),
        "needs": [_plain_need(n) for n in status["needs"]],
        "result": reports.final_text(game) if game.finished else "",
        "sheet": score_sheet.live_json(sheet),
        "chart": chart,
        "chart_small": small,
        "comments": [{"hand": h.number, "text": c} for h in game.hands for c in h.comments][-8:],
        "hands": hand_digests(game, stored),
        "entries": entries_data(stored),
        "chain": [e.hash for e in stored],
        "head": stored[-1].hash if stored else "",
        "witness": digests.witness(game, stored),
        "choices": choices.page_data(game, rulesets),  # what the scorer's page may tap
        "asking": interpreter.asking(game, status),
    }


def snapshot(
    db: store.Store,
    game_id: str,
    rulesets: list[tuple[str, str]] = (),
    read_only: bool = False,
    known: tuple[str, engine.Game] | None = None,
) -> Snapshot:
    """The game as stored now, every answer encoded: the entries are read once, and the game
    is their replay, so the page, the JSON and the chain always agree. The chain is checked
    as every command's read checks it; what is amiss goes into `warnings`. `rulesets`: those a
    new game may use; `read_only`: the server has no scorer's link. `known`: (chain head, the
    game at that head), replayed already by the entry that made it, taken as it is when the
    entries read end at that head."""
    stored = db.events(game_id)
    warnings = list(db.warnings)
    db.warnings.clear()
    reuse = known is not None and stored and known[0] == stored[-1].hash and known[1].id == game_id
    game = known[1] if reuse else table.replay(stored)
    standings, status = reports.standings_data(game), reports.status_data(game)
    data = {
        **page_state(game, stored, standings, status, rulesets),
        "warnings": warnings,
        "read_only": read_only,
    }
    state = json.dumps(data, ensure_ascii=False).encode("utf-8")
    head = stored[-1].hash
    return Snapshot(f'"{game_id}-{head[:32]}"', state, cli_json(standings), cli_json(status),
                    key=(game_id, head))  # fmt: skip
