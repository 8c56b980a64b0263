"""The audit in words: every entry of a game with its time, hand and any reversal; what
`verify` found, and which entry a printed sheet's chain digest names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.core import events

if TYPE_CHECKING:
    from scorekeeper.results import CachesChecked
    from scorekeeper.storage import store


def log_text(game_id: str, stored: list[store.StoredEvent], head: str) -> str:
    """The log of one game's stored entries, under its chain head as the store records it."""
    from scorekeeper.words import reports

    parsed = events.parse_all([e.body for e in stored])
    undone_by = {e.target: n for n, e in enumerate(parsed) if isinstance(e, events.EntryReversed)}
    corrected_by, set_aside = _retold(parsed)
    rows = []
    for entry, event in zip(stored, parsed, strict=True):
        hand = getattr(event, "hand", "")
        notes = ["from the phone"] if events.via(entry.body) == events.VIA_PHONE else []
        notes += [f"undone by entry {undone_by[entry.n]}"] if entry.n in undone_by else []
        notes += [f"corrected by entry {n}" for n in corrected_by.get(entry.n, [])]
        if entry.n in set_aside:
            notes.append("no longer counts: the corrected game ended before")
        note = "; ".join(notes)
        rows.append([entry.n, entry.at[:19].replace("T", " "), hand, events.describe(event), note, entry.hash[:12]])
    head = f"Game {game_id}: {len(stored)} entries; chain head {head}"
    return head + "\n" + reports.table(rows, ["#", "time (UTC)", "hand", "entry", "", "hash"])


def _retold(parsed: list[events.AnyEvent]) -> tuple[dict[int, list[int]], set[int]]:
    """Which entries a correction superseded (entry → the correcting entries), and which a
    correction left beyond the game's end."""
    from scorekeeper.core import engine, errors

    if not any(isinstance(e, events.Corrected) for e in parsed):
        return {}, set()
    try:
        game = engine.replay(parsed)
    except errors.ScorekeeperError:
        return {}, set()
    corrected_by: dict[int, list[int]] = {}
    for correction in game.corrections:
        for n, _ in correction.superseded:
            corrected_by.setdefault(n, []).append(correction.position)
    return corrected_by, {n for n, _ in game.set_aside}


def verified_text(count: int) -> str:
    every = "The 1 game verifies" if count == 1 else f"All {count} games verify"
    return f"{every}: no entry has been altered."


def coverage_text(cover) -> str:
    """Which hands a digest stands for (storage.digests.Coverage), in one line."""
    closed = cover.closed
    if not closed:
        hands = "no hand closed yet"
    elif closed == list(range(closed[0], closed[-1] + 1)) and len(closed) > 1:
        hands = f"hands {closed[0]}-{closed[-1]} closed"
    else:
        hands = f"hand{'s' if len(closed) > 1 else ''} {', '.join(map(str, closed))} closed"
    going = f", hand {cover.in_progress} in progress" if cover.in_progress is not None else ", the game over"
    return f"  It covers entries 0-{cover.n} of that game: {hands}{going}, each as it stood then."


def caches_text(checked: CachesChecked) -> str:
    """What `verify` rebuilt of the caches beside the record; with --replay, that every game
    was replayed (without, only games whose cached rows are stale or do not check out are).
    Nothing when a check by chain head and seal found all well (the usual case)."""
    lines = []
    if checked.every:
        lines.append(
            f"Every game replayed to check its cached summary ({checked.replayed:,}) and its cached placings "
            f"and night outcome ({checked.others_replayed:,})."
        )
    if checked.summaries_rebuilt:
        count = checked.summaries_rebuilt
        lines.append(
            f"Rebuilt {count} cached summar{'y' if count == 1 else 'ies'} that did not match {'its game' if count == 1 else 'their games'} "
            "(a cache beside the record, used by `games`, `stats`, `ratings` and club nights; the record itself is intact)."
        )
    if checked.facts_rebuilt:
        count = checked.facts_rebuilt
        lines.append(
            f"Rebuilt what is kept of {count} game{'' if count == 1 else 's'} for other games' entries (in progress, name), "
            "which did not match (a cache beside the record; the record itself is intact)."
        )
    if checked.states_unchecked:
        count = checked.states_unchecked
        lines.append(
            f"{count} game state{'s' if count != 1 else ''} kept between commands did not check out (edited, damaged "
            f"or from another store): {'it is' if count == 1 else 'they are'} not used, and the games are replayed "
            "instead (a cache beside the record; the record itself is intact)."
        )
    return "\n".join(lines)


def digest_text(found: tuple[str, int, int]) -> str:
    """Which entry of which game a printed sheet's chain digest names (table.find_digest:
    game id, the entry's position, the game's entries), and how many came after it."""
    game_id, n, count = found
    if n == count - 1:
        return f"The digest is entry {n} of game {game_id}, its last: the sheet shows the game as stored."
    later = count - 1 - n
    return (
        f"The digest is entry {n} of game {game_id}: the sheet shows the game as it was then; "
        f"{later} entr{'y was' if later == 1 else 'ies were'} recorded after it (see `log`)."
    )


def backup_text(latest) -> str:
    """The latest backup (storage.backups.Backup, or None) and its age, for `status` and `verify`."""
    if latest is None:
        return "No backup yet: `backup` makes one (one is also made before the first entry of each day)."
    from scorekeeper.storage import backups

    return f"Latest backup: {backups.age_text(latest.taken)}, {latest.path}"


def backed_up_text(path, count: int) -> str:
    return f"Backed up {'1 game' if count == 1 else f'{count} games'} to {path}; the copy verifies."


def restored_text(source, count: int, aside) -> str:
    """What `restore` did: the store now holds `source`'s games; the old store is at `aside`."""
    games = "1 game" if count == 1 else f"{count} games"
    kept = (
        f"the store as it was is kept in {aside} (`restore {aside}` puts it back)"
        if aside is not None
        else "there was no store before it"
    )
    return f"Restored {games} from {source}, verified; {kept}."


def game_text(who) -> str:
    """A game as the table saw it (storage.digests.Identity): `"Tuesday", started 2026-11-25
    21:03 UTC with Ann, Bob, Cat`; an unnamed game by its ruleset's title."""
    from scorekeeper.storage import digests

    name = f'"{who.name}"' if who.name else f"unnamed ({who.title})" if who.title else "unnamed"
    return f"{name}, started {digests.started_text(who.started_at)} with {', '.join(who.players)}"


def identity_text(who, is_target: bool, chosen: bool) -> str:
    """The game a digest belongs to, and whether it is the one being checked."""
    which = "the game given with --game" if chosen else "the current game"
    return f"  That game: {game_text(who)}; {'it is' if is_target else 'it is NOT'} {which}."


def not_this_game_text(strays: list[tuple[str, str]], who: dict, target: str, chosen: bool) -> str:
    """Why digests that belong to another game fail `verify --digest`, in one line: which game
    each belongs to, which game was checked, and what to do."""
    from scorekeeper.storage import digests

    digest, owner = strays[0]
    which = "game" if chosen else "the current game"
    more = f" (and {len(strays) - 1} more digest{'s' if len(strays) > 2 else ''})" if len(strays) > 1 else ""
    text = (
        f"the digest {digest}{more} belongs to game {owner} ({game_text(who[owner])}), "
        f"not to {which} {target} ({game_text(who[target])}): "
    )
    if digests.looks_alike(who[owner], who[target]):
        return text + (
            "a game that shows the table the same name, players and start, yet is another game, was put "
            f"in place of the one the table saw; `use {owner}` goes back to that one"
        )
    return text + f"to check a digest of another game, name it with `--game {owner}`"


def lookalikes_text(group) -> str:
    """Games that look the same to the table (results.Listed, two or more), in one line."""
    first = group[0]
    name = f'"{first.name}"' if first.name else "unnamed"
    ids = ", ".join(game.id for game in group)
    return (
        f"Note: games {ids} show the table the same name, players and start ({name}, started "
        f"{first.started[:16].replace('T', ' ')} UTC with {', '.join(first.players)}): a table plays a game once, "
        "so one may be a copy; `verify --digest` with a digest written down at the table tells which is the game it saw."
    )
