"""The audit log in words: every entry of a game with its time, hand and any reversal."""

from __future__ import annotations

from scorekeeper.core import events


def log_text(db, game_id: str) -> str:
    from scorekeeper.words import reports

    stored = db.events(game_id)
    parsed = events.parse_all([e.body for e in stored])
    undone_by = {e.target: n for n, e in enumerate(parsed) if isinstance(e, events.EntryReversed)}
    corrected_by, set_aside = _retold(parsed)
    rows = []
    for entry, event in zip(stored, parsed, strict=True):
        hand = getattr(event, "hand", "")
        notes = [f"undone by entry {undone_by[entry.n]}"] if entry.n in undone_by else []
        notes += [f"corrected by entry {n}" for n in corrected_by.get(entry.n, [])]
        if entry.n in set_aside:
            notes.append("no longer counts: the corrected game ended before")
        note = "; ".join(notes)
        rows.append([entry.n, entry.at[:19].replace("T", " "), hand, events.describe(event), note, entry.hash[:12]])
    head = f"Game {game_id}: {len(stored)} entries; chain head {db.head(game_id)}"
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


def digest_text(db, digest: str) -> str:
    """Check a printed sheet's chain digest against the store: which entry of which game it
    names, and how many entries came after it. Call it once the store's chains verify.
    A digest no entry has means the sheet did not come from this store, or the entries it
    covers were rewritten: the store is not what the sheet says (StoreError, exit 3)."""
    from scorekeeper.core import errors

    wanted = digest.strip().lower()
    if len(wanted) < 12 or any(c not in "0123456789abcdef" for c in wanted):
        raise errors.UsageError(
            f"'{digest}' is not a chain digest; give the hex text after 'Chain digest:' on the sheet "
            "(at least its first 12 characters)"
        )
    found = [
        (game.id, entry.n, len(stored))
        for game in db.games()
        for stored in [db.events(game.id)]
        for entry in stored
        if entry.hash.startswith(wanted)
    ]
    if not found:
        raise errors.StoreError(
            f"no entry in this store has the digest {wanted[:12]}…: the sheet was not printed from this "
            "store, or the entries it covers have been rewritten"
        )
    if len(found) > 1:
        raise errors.UsageError(f"{len(found)} entries have a digest starting {wanted}; give more of it")
    game_id, n, count = found[0]
    if n == count - 1:
        return f"The digest is entry {n} of game {game_id}, its last: the sheet shows the game as stored."
    later = count - 1 - n
    return (
        f"The digest is entry {n} of game {game_id}: the sheet shows the game as it was then; "
        f"{later} entr{'y was' if later == 1 else 'ies were'} recorded after it (see `log`)."
    )
