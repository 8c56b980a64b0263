"""Records across games (`stats`): games played and won per ruleset, average and best score,
bid accuracy, forced blind bids survived, pants paid, reneges and moons shot.

Replaying a game is the truth, and it is the slow part (milliseconds a game), so each game's
replay is boiled down to a small summary that the store keeps as a cache keyed by the game's
chain head: a game gets replayed again only when an entry has been added to it since. Summing
the summaries of 10,000 games then takes a fraction of a second."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper import replays
from scorekeeper.core import errors
from scorekeeper.core.language import N_, _, ngettext
from scorekeeper.sheets import charts
from scorekeeper.storage import seals

if TYPE_CHECKING:
    from scorekeeper.core import engine

# The engine and its rulesets take a good part of a second to import: only a game that must
# be replayed pays for them, so reading cached summaries does not.

# Bump when a summary's content or meaning changes: summaries of other versions are ignored.
CACHE_KIND = "stats-summary-4"
AGGREGATE_KIND = "stats-aggregate-3"  # the whole store's records, under the game id "*"
# What is counted for each player in each game, in the order a summary lists the counts.
COUNTS = ("bids", "bids_made", "forced_blind", "blind_survived", "pants", "reneges", "moons", "moons_failed")


# --- one game ------------------------------------------------------------------------------


def summarize(game: engine.Game) -> dict[str, Any]:
    """What the records need from one replayed game, as JSON data. Each player's entry is a
    list, [score, won, shared win, *COUNTS], to keep 10,000 of them quick to read."""
    from scorekeeper.core import rulesets

    rules = game.ruleset
    phases = rules.phases or [rules.phase(1)]
    winners = game.winners()
    totals = game.totals()
    counts = {p: dict.fromkeys(COUNTS, 0) for p in game.roster}  # a newcomer from the hand they joined
    for hand in game.hands:
        for penalty in hand.penalties:
            counts[penalty.item.player]["reneges"] += 1
        if hand.closed:
            _count_hand(game, hand, counts)
    players = {
        p: [_score_json(totals[p]), int(p in winners), int(p in winners and len(winners) > 1)]
        + [counts[p][key] for key in COUNTS]
        for p in game.roster
    }
    return {
        "ruleset": rules.name,
        "title": rules.title,
        "winner": rules.end.winner,
        "finished": game.finished,
        "abandoned": game.abandoned,  # kept in the store, left out of the records
        "name": game.name,
        "hands": sum(1 for h in game.hands if h.closed),
        "has": {
            "bids": rules.bidding.kind in ("bids", "poisons"),
            "forced_blind": rules.poisons is not None,
            "pants": rules.pants is not None and rules.pants.enabled,
            "reneges": bool(rules.reneges),
            "moons": any(isinstance(a, rulesets.Moon) for phase in phases for a in phase.adjust),
        },
        "players": players,
    }


def _score_json(value: Fraction) -> int | str:
    """A whole score as a number; a fraction exactly, as "15/2"."""
    return int(value) if value.denominator == 1 else str(value)


def _count_hand(game: engine.Game, hand: engine.Hand, counts: dict[str, dict[str, int]]) -> None:
    """Add what a closed hand decided (its outcome) to each player's counts."""
    outcome = hand.outcome
    assert outcome is not None, "only a closed hand is counted"
    tricks = hand.tricks or {}
    at_least = game.ruleset.family == "spades"  # a Spades bid is made by taking at least it (a nil: none)
    for p, bid in hand.bids.items():
        if p in tricks:
            counts[p]["bids"] += 1
            counts[p]["bids_made"] += (tricks[p] >= bid if bid else tricks[p] == 0) if at_least else bid == tricks[p]
    for p, pick in hand.poisons.items():
        if pick.bid is not None and p in tricks:
            counts[p]["bids"] += 1
            counts[p]["bids_made"] += pick.bid == tricks[p]
    for p in (forced.player for forced in outcome.forced if forced.kind == "blind"):
        counts[p]["forced_blind"] += 1
        pick = hand.poisons.get(p)
        counts[p]["blind_survived"] += bool(pick and pick.kind == "blind" and pick.bid == tricks.get(p))
    for p in outcome.paid("pants"):
        counts[p]["pants"] += 1
    if outcome.moon is not None:
        counts[outcome.moon.player]["moons" if outcome.moon.made else "moons_failed"] += 1


def summaries(db, rebuild: bool = False, parallel_from: int | None = None, games=None) -> list[dict[str, Any]]:
    """The summary of each of `games` (by default every game in the store, in the order they
    were created): from the cache when the game's chain head still matches, else by
    replaying it (and caching the result). Many games to replay are shared out among the
    CPUs."""
    few = games is not None and len(games) < 1000  # the games `games` lists, or a few unknown
    cached = {} if rebuild else db.derived(CACHE_KIND, [g.id for g in games] if few else None)
    games = db.games() if games is None else games
    found = _parse_summaries(_cached_texts(db, cached, games))
    stale = [summary.id for summary in games if summary.id not in found]
    fresh = replays.derive(db, stale, summary_text, parallel_from)
    if fresh:
        db.put_derived(CACHE_KIND, _sealed(db, fresh))
        found.update(_parse_summaries({game_id: text for game_id, _head, text in fresh}))
    return [found[g.id] for g in games]


def _cached_texts(db, cached: dict[str, tuple[str, str]], games: Iterable[Any]) -> dict[str, str]:
    """The cached summaries' texts that may be used: cached at the game's chain head now, and
    sealed with the store's key (a row edited by hand, damaged, or copied from another store
    is a miss: its game is replayed)."""
    key = seals.key(db.folder)
    texts: dict[str, str] = {}
    for summary in games:
        hit = cached.get(summary.id)
        if key is not None and hit is not None and hit[0] == summary.head and isinstance(hit[1], str):
            text = seals.opened(key, summary.id, hit[0], hit[1])
            if text is not None:
                texts[summary.id] = text
    return texts


def _sealed(db, rows: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Cache rows with their text sealed with the store's key (seals.py)."""
    return seals.sealed_rows(seals.key(db.folder), rows)


_SUMMARY_KEYS = frozenset({"ruleset", "title", "winner", "finished", "abandoned", "name", "hands", "has", "players"})


def _parse_summaries(texts: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The cached summaries that read back whole: a row damaged since it was written (not
    JSON, or not the shape `summarize` gives) is left out, so its game is replayed: a cache
    miss, not a crash."""
    ids = list(texts)
    try:  # one parse of one array is much quicker than 10,000 parses
        parsed = json.loads("[" + ",".join(texts[i] for i in ids) + "]")
        if len(parsed) != len(ids):
            raise ValueError("a row holds more than one value")
    except ValueError:
        parsed = []
        for i in ids:
            try:
                parsed.append(json.loads(texts[i]))
            except ValueError:
                parsed.append(None)
    return {i: data for i, data in zip(ids, parsed, strict=True) if _summary_ok(data)}


def _summary_ok(data: Any) -> bool:
    if not isinstance(data, dict) or data.keys() != _SUMMARY_KEYS:
        return False
    if not (isinstance(data["ruleset"], str) and isinstance(data["title"], str)
            and data["winner"] in ("highest", "lowest") and isinstance(data["finished"], bool)
            and isinstance(data["abandoned"], bool) and isinstance(data["name"], str)
            and type(data["hands"]) is int and isinstance(data["has"], dict)
            and set(map(type, data["has"].values())) <= _BOOL
            and isinstance(data["players"], dict)):  # fmt: skip
        return False
    # the types of each entry's counts gathered in C: 10,000 summaries are read at a time
    return all(
        isinstance(entry, list) and len(entry) == _WIDTH
        and isinstance(entry[0], int | str) and set(map(type, entry[1:])) == _INT
        for entry in data["players"].values()
    )  # fmt: skip


_BOOL, _INT = {bool}, {int}
_WIDTH = 3 + len(COUNTS)  # score, won, shared win, *COUNTS


def summary_text(game: engine.Game) -> str:
    """The summary of a replayed game, as the cache keeps it."""
    return _dumps(summarize(game))


class CacheCheck(NamedTuple):
    """What `verify` found of the cached summaries."""

    replayed: int  # games replayed to check theirs
    compared: int  # summaries checked for their chain head and seal only (not replayed)
    rebuilt: int  # summaries at the right head that did not match a replay (or were damaged)
    summaries: dict[str, dict[str, Any]]  # every game's summary as it now stands


def repair_cache(db, every: bool = False, suspects: Iterable[str] = ()) -> CacheCheck:
    """Check the cached summaries (`verify`): a game is replayed when its summary was cached
    at another chain head, or is damaged (its seal or shape does not check out), or is one of
    `suspects`; with `every`, every game is. A replay that differs from the summary cached
    at the same head replaces it. The cache is not the record, so a row that does not match
    is replaced, not reported as damage."""
    games = db.games()
    cached = db.derived(CACHE_KIND)
    found = {} if every else _parse_summaries(_cached_texts(db, cached, games))
    suspects = set(suspects)
    fresh = replays.derive(db, [g.id for g in games if g.id not in found or g.id in suspects], summary_text)
    heads = {g.id: g.head for g in games}
    at_head = {g.id: hit for g in games if (hit := cached.get(g.id)) is not None and hit[0] == g.head}
    key = seals.key(db.folder)
    wrong = [
        row for row in fresh
        if key is None or row[0] not in at_head or not isinstance(at_head[row[0]][1], str)
        or seals.opened(key, row[0], row[1], at_head[row[0]][1]) != row[2]
    ]  # fmt: skip
    if wrong:
        db.put_derived(CACHE_KIND, _sealed(db, wrong))
        db.put_derived(AGGREGATE_KIND, [("*", "", "{}")])  # summed from the wrong rows: count again
    found.update(_parse_summaries({game_id: text for game_id, _head, text in fresh}))
    # a summary cached under another head is stale, not wrong: it is replayed when read anyway;
    # one sealed with another store's key (a copy) is not used, and is no damage either
    rebuilt = sum(
        1 for game_id, head, _text in wrong
        if game_id in at_head and heads[game_id] == head and seals.claims(key, at_head[game_id][1])
    )  # fmt: skip
    return CacheCheck(len(fresh), len(games) - len(fresh), rebuilt, {g.id: found[g.id] for g in games})


def remember(db, game: engine.Game, head: str) -> None:
    """Cache the summary of a game just replayed anyway (an import), as of its chain head."""
    db.put_derived(CACHE_KIND, _sealed(db, [(game.id, head, summary_text(game))]))


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def load(db, rebuild: bool = False) -> dict[str, Any]:
    """The records of the whole store (`aggregate`), cached under a digest of every game's id
    and chain head: while no game has changed, `stats` reads one row."""
    # in the order played, not the order stored: a league imported in any order reads the same
    games = sorted(db.games(), key=lambda g: (g.created_at, g.id))
    digest = hashlib.sha256("".join(f"{g.id} {g.head}\n" for g in games).encode()).hexdigest()
    if not rebuild:
        hit = db.derived(AGGREGATE_KIND).get("*")
        key = seals.key(db.folder)
        usable = key is not None and hit is not None and hit[0] == digest and isinstance(hit[1], str)
        text = seals.opened(key, "*", digest, hit[1]) if usable else None  # type: ignore[arg-type, index]
        if text is not None:
            try:
                data = json.loads(text)
            except ValueError:
                data = None  # a damaged row: counted again below
            if isinstance(data, dict) and isinstance(data.get("names"), dict) and isinstance(data.get("rulesets"), dict):
                return data
    data = aggregate(summaries(db, rebuild, games=games))
    db.put_derived(AGGREGATE_KIND, _sealed(db, [("*", digest, _dumps(data))]))
    return data


# --- across games --------------------------------------------------------------------------


@dataclass
class Record:
    """One player's record under one ruleset."""

    played: int = 0  # finished games
    in_progress: int = 0
    won: int = 0
    shared: int = 0
    total: int | Fraction = 0  # of the finished games' scores
    best: int | Fraction | None = None
    counts: list[int] = field(default_factory=lambda: [0] * len(COUNTS))

    def add(self, entry: list[Any], finished: bool, highest: bool) -> None:
        """Add one game's [score, won, shared, *COUNTS]."""
        if finished:
            self.played += 1
            self.won += entry[1]
            self.shared += entry[2]
            score = entry[0] if isinstance(entry[0], int) else Fraction(entry[0])
            self.total += score
            if self.best is None or (score > self.best if highest else score < self.best):
                self.best = score
        else:
            self.in_progress += 1
        self.counts = [a + b for a, b in zip(self.counts, entry[3:], strict=True)]

    def data(self) -> list[Any]:
        best = None if self.best is None else _exact(self.best)
        return [self.played, self.in_progress, self.won, self.shared, _exact(self.total), best, *self.counts]


def _exact(value: int | Fraction) -> int | str:
    return int(value) if value.denominator == 1 else str(value)


def _number_json(value: int | Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _player_key(name: str) -> str:
    return name.casefold()


def aggregate(games: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Every player's record under every ruleset, from the games' summaries, as JSON data:
    {"names": {key: name as first written}, "rulesets": {ruleset: block}}."""
    names: dict[str, str] = {}
    by_ruleset: dict[str, dict[str, Any]] = {}
    for g in games:
        if g["abandoned"]:
            continue
        block = by_ruleset.get(g["ruleset"])
        if block is None:
            block = by_ruleset[g["ruleset"]] = {
                "title": g["title"], "winner": g["winner"], "games": 0, "finished": 0,
                "has": dict(g["has"]), "records": {},
            }  # fmt: skip
        if g["has"] != block["has"]:  # the same ruleset played with other options
            block["has"] = {k: v or g["has"][k] for k, v in block["has"].items()}
        block["games"] += 1
        block["finished"] += g["finished"]
        found, highest = block["records"], block["winner"] == "highest"
        for p, entry in g["players"].items():
            key = _player_key(p)
            names.setdefault(key, p)
            rec = found.get(key)
            if rec is None:
                rec = found[key] = Record()
            rec.add(entry, g["finished"], highest)
    for block in by_ruleset.values():
        block["records"] = {key: rec.data() for key, rec in block["records"].items()}
    return {"names": names, "rulesets": by_ruleset}


def records(
    games: Iterable[dict[str, Any]], player: str | None = None, ruleset: str | None = None
) -> dict[str, Any]:
    """The records of every player (or one) per ruleset (or one ruleset), as JSON data."""
    return view(aggregate(games), player, ruleset)


def view(data: dict[str, Any], player: str | None = None, ruleset: str | None = None) -> dict[str, Any]:
    """The part of the whole store's records `stats` was asked for."""
    chosen = {name: b for name, b in data["rulesets"].items() if ruleset is None or name == ruleset}
    names = {key: data["names"][key] for block in chosen.values() for key in block["records"]}
    wanted = None if player is None else _find_player(player, names)
    blocks = []
    for name, block in sorted(chosen.items()):
        found = block["records"]
        if wanted is None:
            games, finished = block["games"], block["finished"]
        elif wanted in found:
            found = {wanted: found[wanted]}
            games, finished = found[wanted][0] + found[wanted][1], found[wanted][0]
        else:
            continue
        blocks.append(_ruleset_json(name, block, found, names, games, finished))
    overall: dict[str, dict[str, Any]] = {}
    for block in blocks:
        for rec in block["players"]:
            row = overall.setdefault(
                rec["name"], {"name": rec["name"], "played": 0, "won": 0, "shared_wins": 0, "in_progress": 0}
            )
            for key in ("played", "won", "shared_wins", "in_progress"):
                row[key] += rec[key]
    return {
        "player": names[wanted] if wanted is not None else None,
        "ruleset": ruleset,
        "games": sum(b["games"] for b in blocks),
        "finished": sum(b["finished"] for b in blocks),
        "rulesets": blocks,
        "players": sorted(overall.values(), key=lambda r: (-r["won"], -r["played"], r["name"].casefold())),
    }


def _find_player(text: str, names: dict[str, str]) -> str:
    from scorekeeper.core import names as naming

    matches = naming.matching(text, names)  # the keys are the names casefolded
    if len(matches) == 1:
        return matches[0]
    if matches:
        from scorekeeper.core.alternatives import either

        shown = either(sorted(names[k] for k in matches))
        raise errors.EntryError(_("'{text}' could be {names}; type more of the name").format(text=text, names=shown))
    known = ", ".join(sorted(names.values(), key=str.casefold)) or _("none yet")
    raise errors.EntryError(
        _("no player '{text}' in the games in the store; the players are {players}").format(text=text, players=known)
    )


def _ruleset_json(
    name: str,
    block: dict[str, Any],
    found: dict[str, list[Any]],
    names: dict[str, str],
    games: int,
    finished: int,
) -> dict[str, Any]:
    has = block["has"]
    players = []
    for key, rec in found.items():
        played, in_progress, won, shared, total, best = rec[:6]
        c = dict(zip(COUNTS, rec[6:], strict=True))
        players.append(
            {
                "name": names[key],
                "played": played,
                "won": won,
                "shared_wins": shared,
                "in_progress": in_progress,
                "average": round(float(Fraction(total) / played), 2) if played else None,
                "best": None if best is None else _number_json(Fraction(best)),
                "bids": c["bids"] if has["bids"] else None,
                "bids_made": c["bids_made"] if has["bids"] else None,
                "bid_accuracy": round(c["bids_made"] / c["bids"], 3) if has["bids"] and c["bids"] else None,
                "forced_blind": c["forced_blind"] if has["forced_blind"] else None,
                "blind_survived": c["blind_survived"] if has["forced_blind"] else None,
                "pants": c["pants"] if has["pants"] else None,
                "reneges": c["reneges"],
                "moons": c["moons"] if has["moons"] else None,
                "moons_failed": c["moons_failed"] if has["moons"] else None,
            }
        )
    players.sort(key=lambda r: (-r["won"], -r["played"], r["name"].casefold()))
    return {
        "ruleset": name,
        "title": block["title"],
        "winner": block["winner"],
        "games": games,
        "finished": finished,
        "players": players,
    }


# --- text ----------------------------------------------------------------------------------


def _table(rows: list[list[Any]], headers: list[str]) -> str:
    """A table of the records, its headers (marked with N_) in the language in use."""
    from scorekeeper.words import reports

    return reports.table(rows, [_(header) for header in headers])


def text(data: dict[str, Any]) -> str:
    from scorekeeper.words import vocabulary

    if not data["rulesets"]:
        if data["ruleset"]:
            return _("No games of {ruleset} in the store yet.").format(ruleset=data["ruleset"])
        return _("No games in the store yet.")
    games, finished = data["games"], data["finished"]
    if data["player"]:
        head = ngettext(
            "{player}'s records across {count} game ({finished} finished)",
            "{player}'s records across {count} games ({finished} finished)",
            games,
        )
    else:
        head = ngettext("Records across {count} game ({finished} finished)", "Records across {count} games ({finished} finished)", games)
    lines = [head.format(player=data["player"], count=games, finished=finished)]
    for block in data["rulesets"]:
        lines.append("")
        # TRANSLATORS: {title} is the ruleset's proper name, {ruleset} its short name (oh-hell-mrpikes)
        said = ngettext(
            "{title} ({ruleset}): {count} game, {finished} finished",
            "{title} ({ruleset}): {count} games, {finished} finished",
            block["games"],
        )
        title = vocabulary.prose(block["title"])  # kept in English in the summaries; said in the language in use
        lines.append(said.format(title=title, ruleset=block["ruleset"], count=block["games"], finished=block["finished"]))
        columns = _columns(block)
        rows = [[fmt(rec) for _title, fmt in columns] for rec in block["players"]]
        lines.append(_table(rows, [title for title, _fmt in columns]))
        if block["winner"] == "lowest":
            lines.append(_("(lowest score wins: best is the lowest)"))
    if len(data["rulesets"]) > 1:
        lines.append("")
        lines.append(_("All rulesets"))
        rows = [[r["name"], r["played"], r["won"], _pct(r["won"], r["played"])] for r in data["players"]]
        headers = [N_("player"), N_("played"), N_("won"), N_("win rate")]
        if any("rating" in r for r in data["players"]):  # added by ratings.beside_records
            rows = [[*row, _rating(r)] for row, r in zip(rows, data["players"], strict=True)]
            headers.append(N_("rating"))
        lines.append(_table(rows, headers))
    return "\n".join(lines)


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def _rating(row: dict[str, Any]) -> str:
    from scorekeeper.words import numbers

    return "-" if row.get("rating") is None else numbers.decimal(row["rating"], 1)


def _columns(block: dict[str, Any]) -> list[tuple[str, Any]]:
    """The columns worth showing for this ruleset: those its rules can produce (their titles
    marked with N_, for `_table` to translate)."""
    from scorekeeper.words import numbers

    sample = block["players"][0]

    def number(value: Any) -> str:
        return "-" if value is None else charts.number_text(value)

    def won(r: dict[str, Any]) -> str:
        if not r["shared_wins"]:
            return str(r["won"])
        return _("{won} ({shared} shared)").format(won=r["won"], shared=r["shared_wins"])

    def moons(r: dict[str, Any]) -> str:
        if not r["moons_failed"]:
            return str(r["moons"])
        return _("{moons} ({failed} failed)").format(moons=r["moons"], failed=r["moons_failed"])

    columns: list[tuple[str, Any]] = [
        (N_("player"), lambda r: r["name"]),
        (N_("played"), lambda r: str(r["played"])),
        (N_("won"), won),
        (N_("average"), lambda r: "-" if r["average"] is None else numbers.decimal(r["average"], 1)),
        (N_("best"), lambda r: number(r["best"])),
    ]
    if any(r["in_progress"] for r in block["players"]):
        columns.insert(2, (N_("playing"), lambda r: str(r["in_progress"])))
    if sample["bids"] is not None:
        columns.append(
            (N_("bids made"), lambda r: f"{r['bids_made']}/{r['bids']} {_pct(r['bids_made'], r['bids'])}")
        )
    if sample["forced_blind"] is not None:
        columns.append((N_("forced blind survived"), lambda r: f"{r['blind_survived']}/{r['forced_blind']}"))
    if sample["pants"] is not None:
        columns.append((N_("pants"), lambda r: str(r["pants"])))
    columns.append((N_("reneges"), lambda r: str(r["reneges"])))
    if sample["moons"] is not None:
        columns.append((N_("moons"), moons))
    if "rating" in sample:  # added by ratings.beside_records
        columns.append((N_("rating"), _rating))
    return columns
