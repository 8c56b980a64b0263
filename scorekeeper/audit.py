"""The audit log in words: every entry of a game with its time, hand and any reversal."""

from __future__ import annotations

from scorekeeper import events


def log_text(db, game_id: str) -> str:
    from scorekeeper import reports

    stored = db.events(game_id)
    parsed = events.parse_all([e.body for e in stored])
    undone_by = {e.target: n for n, e in enumerate(parsed) if isinstance(e, events.EntryReversed)}
    rows = []
    for entry, event in zip(stored, parsed, strict=True):
        hand = getattr(event, "hand", "")
        note = f"undone by entry {undone_by[entry.n]}" if entry.n in undone_by else ""
        rows.append([entry.n, entry.at[:19].replace("T", " "), hand, events.describe(event), note, entry.hash[:12]])
    head = f"Game {game_id}: {len(stored)} entries; chain head {db.head(game_id)}"
    return head + "\n" + reports.table(rows, ["#", "time (UTC)", "hand", "entry", "", "hash"])
