"""Score sheets: a game's derived state and its log in text, CSV, JSON, Markdown and HTML."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper import engine, errors, reports, scoring

FORMATS = ("text", "csv", "json", "markdown", "html")


def render(game: engine.Game, fmt: str, stored: list) -> str:
    if fmt not in FORMATS:
        raise errors.UsageError(f"unknown sheet format '{fmt}'; choose {', '.join(FORMATS)}")
    head = stored[-1].hash if stored else ""
    return {"text": text_sheet, "json": json_sheet}.get(fmt, text_sheet)(game, stored, head)


def _hand_cells(game: engine.Game, hand: engine.Hand, running: dict) -> list[str]:
    points = hand.points(game.players)
    cells = []
    for p in game.players:
        running[p] += points[p]
        facts = []
        if p in hand.bids:
            facts.append(f"bid {hand.bids[p]}")
        if p in hand.poisons:
            facts.append(str(hand.poisons[p]))
        if hand.tricks is not None:
            facts.append(f"took {hand.tricks[p]}")
        marks = "".join(" ⚑pants" for a in hand.announcements if a.startswith(f"PANTS: {p} "))
        cells.append(f"{' '.join(facts)} {scoring.points_text(running[p])}{marks}".strip())
    return cells


def text_sheet(game: engine.Game, stored: list, head: str) -> str:
    lines = [game.ruleset.title.upper()]
    meta = [("Game", game.name or game.id), ("Location", game.location), ("Scorer", game.scorer)]
    if stored:
        meta.append(("Date", stored[0].at[:10]))
    lines += [f"{k}: {v}" for k, v in meta if v]
    running = {p: scoring.Fraction(0) for p in game.players}
    rows = []
    for hand in game.hands:
        if not (hand.closed or hand.penalties or hand.comments):
            continue
        trump = reports.suit_text(hand.trump) if hand.trump_known else ""
        rows.append([hand.number, hand.size or "", trump, *_hand_cells(game, hand, running)])
        rows += [["", "", "", f"“{c}”"] + [""] * (len(game.players) - 1) for c in hand.comments]
    lines.append(reports.table(rows, ["hand", "cards", "trump", *game.players]))
    lines.append("")
    lines.append(reports.standings_text(game))
    lines.append(f"Chain digest: {head}")
    return "\n".join(lines) + "\n"


def json_sheet(game: engine.Game, stored: list, head: str) -> str:
    data: dict[str, Any] = {
        "format": "table-scorekeeper sheet",
        "version": 1,
        "game": game.id,
        "standings": reports.standings_data(game),
        "hands": [
            {
                "hand": h.number,
                "dealer": game.players[h.dealer],
                "cards": h.size,
                "points": {p: scoring.points_json(v) for p, v in h.points(game.players).items()},
            }
            for h in game.hands
            if h.closed
        ],
        "chain_head": head,
        "entries": [e._asdict() for e in stored],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
