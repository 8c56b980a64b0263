"""The audit in words: every entry of a game with its time, hand and any reversal; what
`verify` found, and which entry a printed sheet's chain digest names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scorekeeper.core import events, identity
from scorekeeper.core.language import _, ngettext
from scorekeeper.words import vocabulary

if TYPE_CHECKING:
    from scorekeeper.results import CachesChecked


class Stored(Protocol):
    """An entry as the store hands it over (storage.chain.StoredEvent), as far as its log shows
    it: words/ is handed the entries, it does not read the store."""

    @property
    def n(self) -> int: ...
    @property
    def at(self) -> str: ...
    @property
    def body(self) -> dict: ...
    @property
    def hash(self) -> str: ...


def log_text(game_id: str, stored: list[Stored], head: str) -> str:
    """The log of one game's stored entries, under its chain head as the store records it."""
    from scorekeeper.words import reports

    parsed = events.parse_all([e.body for e in stored])
    undone_by = {e.target: n for n, e in enumerate(parsed) if isinstance(e, events.EntryReversed)}
    corrected_by, set_aside = _retold(parsed)
    rows = []
    for entry, event in zip(stored, parsed, strict=True):
        hand = getattr(event, "hand", "")
        notes = [_("from the phone")] if events.via(entry.body) == events.VIA_PHONE else []
        notes += [_("undone by entry {entry}").format(entry=undone_by[entry.n])] if entry.n in undone_by else []
        notes += [_("corrected by entry {entry}").format(entry=n) for n in corrected_by.get(entry.n, [])]
        if entry.n in set_aside:
            notes.append(_("no longer counts: the corrected game ended before"))
        note = "; ".join(notes)
        rows.append([entry.n, entry.at[:19].replace("T", " "), hand, events.describe(event), note, entry.hash[:12]])
    head = ngettext(
        "Game {game}: {count} entry; chain head {head}", "Game {game}: {count} entries; chain head {head}", len(stored)
    ).format(game=game_id, count=len(stored), head=head)
    # TRANSLATORS: the log's column of what became of an entry (undone, corrected, from the phone)
    headers = ["#", _("time (UTC)"), _("hand"), _("entry"), _("notes"), _("hash")]
    if not any(row[4] for row in rows):  # nothing to note: no column for it
        rows, headers = [row[:4] + row[5:] for row in rows], headers[:4] + headers[5:]
    return head + "\n" + reports.table(rows, headers)


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
        for n, _event in correction.superseded:
            corrected_by.setdefault(n, []).append(correction.position)
    return corrected_by, {n for n, _event in game.set_aside}


def verified_text(count: int) -> str:
    return ngettext(
        "The {count} game verifies: no entry has been altered.", "All {count} games verify: no entry has been altered.", count
    ).format(count=count)


def coverage_text(cover) -> str:
    """Which hands a digest stands for (storage.digests.Coverage), in one line."""
    closed = cover.closed
    if not closed:
        hands = _("no hand closed yet")
    elif closed == list(range(closed[0], closed[-1] + 1)) and len(closed) > 1:
        hands = _("hands {first}-{last} closed").format(first=closed[0], last=closed[-1])
    else:
        hands = ngettext("hand {hands} closed", "hands {hands} closed", len(closed)).format(hands=", ".join(map(str, closed)))
    if cover.in_progress is not None:
        # TRANSLATORS: {hands} is e.g. "hands 1-3 closed"
        covers = _("It covers entries 0-{entry} of that game: {hands}, hand {hand} in progress, each as it stood then.")
        return "  " + covers.format(entry=cover.n, hands=hands, hand=cover.in_progress)
    covers = _("It covers entries 0-{entry} of that game: {hands}, the game over, each as it stood then.")
    return "  " + covers.format(entry=cover.n, hands=hands)


def caches_text(checked: CachesChecked) -> str:
    """What `verify` rebuilt of the caches beside the record; with --replay, that every game
    was replayed (without, only games whose cached rows are stale or do not check out are).
    Nothing when a check by chain head and seal found all well (the usual case)."""
    lines = []
    if checked.every:
        lines.append(
            _(
                "Every game replayed to check its cached summary ({summaries}) and its cached placings "
                "and night outcome ({others})."
            ).format(summaries=f"{checked.replayed:,}", others=f"{checked.others_replayed:,}")
        )
    if checked.summaries_rebuilt:
        count = checked.summaries_rebuilt
        lines.append(
            ngettext(
                "Rebuilt {count} cached summary that did not match its game "
                "(a cache beside the record, used by `games`, `stats`, `ratings` and club nights; the record itself is intact).",
                "Rebuilt {count} cached summaries that did not match their games "
                "(a cache beside the record, used by `games`, `stats`, `ratings` and club nights; the record itself is intact).",
                count,
            ).format(count=count)
        )
    if checked.facts_rebuilt:
        count = checked.facts_rebuilt
        lines.append(
            ngettext(
                "Rebuilt what is kept of {count} game for other games' entries (in progress, name), "
                "which did not match (a cache beside the record; the record itself is intact).",
                "Rebuilt what is kept of {count} games for other games' entries (in progress, name), "
                "which did not match (a cache beside the record; the record itself is intact).",
                count,
            ).format(count=count)
        )
    if checked.states_unchecked:
        count = checked.states_unchecked
        lines.append(
            ngettext(
                "{count} game state kept between commands did not check out (edited, damaged "
                "or from another store): it is not used, and the games are replayed "
                "instead (a cache beside the record; the record itself is intact).",
                "{count} game states kept between commands did not check out (edited, damaged "
                "or from another store): they are not used, and the games are replayed "
                "instead (a cache beside the record; the record itself is intact).",
                count,
            ).format(count=count)
        )
    return "\n".join(lines)


def digest_text(found: tuple[str, int, int]) -> str:
    """Which entry of which game a printed sheet's chain digest names (table.find_digest:
    game id, the entry's position, the game's entries), and how many came after it."""
    game_id, n, count = found
    if n == count - 1:
        return _("The digest is entry {entry} of game {game}, its last: the sheet shows the game as stored.").format(
            entry=n, game=game_id
        )
    later = count - 1 - n
    return ngettext(
        "The digest is entry {entry} of game {game}: the sheet shows the game as it was then; "
        "{count} entry was recorded after it (see `log`).",
        "The digest is entry {entry} of game {game}: the sheet shows the game as it was then; "
        "{count} entries were recorded after it (see `log`).",
        later,
    ).format(entry=n, game=game_id, count=later)


def backup_text(latest, age: str) -> str:
    """The latest backup (storage.backups.Backup, or None) and its age as the caller said it
    (storage.backups.age_text), for `status` and `verify`."""
    if latest is None:
        return _("No backup yet: `backup` makes one (one is also made before the first entry of each day).")
    # TRANSLATORS: {age} is how long ago the backup was taken
    return _("Latest backup: {age}, {path}").format(age=age, path=latest.path)


def backed_up_text(path, count: int) -> str:
    return ngettext(
        "Backed up {count} game to {path}; the copy verifies.", "Backed up {count} games to {path}; the copy verifies.", count
    ).format(count=count, path=path)


def restored_text(source, count: int, aside) -> str:
    """What `restore` did: the store now holds `source`'s games; the old store is at `aside`."""
    if aside is not None:
        return ngettext(
            "Restored {count} game from {source}, verified; the store as it was is kept in {aside} (`restore {aside}` puts it back).",
            "Restored {count} games from {source}, verified; the store as it was is kept in {aside} (`restore {aside}` puts it back).",
            count,
        ).format(count=count, source=source, aside=aside)
    return ngettext(
        "Restored {count} game from {source}, verified; there was no store before it.",
        "Restored {count} games from {source}, verified; there was no store before it.",
        count,
    ).format(count=count, source=source)


def game_text(who) -> str:
    """A game as the table saw it (core.identity.Identity): `"Tuesday", started 2026-11-25
    21:03 UTC with Ann, Bob, Cat`; an unnamed game by its ruleset's title."""

    name = _quoted(who.name) if who.name else _("unnamed ({title})").format(title=vocabulary.prose(who.title)) if who.title else _("unnamed")
    # TRANSLATORS: {name} is the game's name in quotes, or "unnamed"; {when} a date and time
    return _("{name}, started {when} with {players}").format(
        name=name, when=identity.started_text(who.started_at), players=", ".join(who.players)
    )


def _quoted(name: str) -> str:
    """A game's name in the quotation marks of the language in use."""
    return _("\"{name}\"").format(name=name)


def identity_text(who, is_target: bool, chosen: bool) -> str:
    """The game a digest belongs to, and whether it is the one being checked."""
    if chosen:
        said = _("That game: {game}; it is the game given with --game.") if is_target else _(
            "That game: {game}; it is NOT the game given with --game."
        )
    else:
        said = _("That game: {game}; it is the current game.") if is_target else _(
            "That game: {game}; it is NOT the current game."
        )
    return "  " + said.format(game=game_text(who))


def not_this_game_text(strays: list[tuple[str, str]], who: dict, target: str, chosen: bool) -> str:
    """Why digests that belong to another game fail `verify --digest`, in one line: which game
    each belongs to, which game was checked, and what to do."""

    digest, owner = strays[0]
    more = len(strays) - 1
    if more:
        digests_said = ngettext(
            "the digest {digest} (and {count} more digest)", "the digest {digest} (and {count} more digests)", more
        ).format(digest=digest, count=more)
    else:
        digests_said = _("the digest {digest}").format(digest=digest)
    which = _("game {game} ({seen})") if chosen else _("the current game {game} ({seen})")
    checked = which.format(game=target, seen=game_text(who[target]))
    said = {"digests": digests_said, "owner": owner, "seen": game_text(who[owner]), "checked": checked}
    if identity.looks_alike(who[owner], who[target]):
        return _(
            "{digests} belongs to game {owner} ({seen}), not to {checked}: "
            "a game that shows the table the same name, players and start, yet is another game, was put "
            "in place of the one the table saw; `use {owner}` goes back to that one"
        ).format(**said)
    return _(
        "{digests} belongs to game {owner} ({seen}), not to {checked}: "
        "to check a digest of another game, name it with `--game {owner}`"
    ).format(**said)


def lookalikes_text(group) -> str:
    """Games that look the same to the table (results.Listed, two or more), in one line."""
    first = group[0]
    name = _quoted(first.name) if first.name else _("unnamed")
    ids = ", ".join(game.id for game in group)
    return _(
        "Note: games {games} show the table the same name, players and start ({name}, started "
        "{when} UTC with {players}): a table plays a game once, "
        "so one may be a copy; `verify --digest` with a digest written down at the table tells which is the game it saw."
    ).format(games=ids, name=name, when=first.started[:16].replace("T", " "), players=", ".join(first.players))
