"""The outcomes of a night's games as the leaderboard reads them, cached in the store under
each game's chain head: a game is replayed only when an entry was added to it since, and
`verify` replays every cached one to check the cache against the record."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from scorekeeper.core import club_night

if TYPE_CHECKING:
    from scorekeeper.storage import store

CACHE_KIND = "night-outcome-1"  # bump when an outcome's content or meaning changes


def read(db: store.Store, game_ids: list[str]) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Each game's outcome (and name), from the cache where its chain head still matches,
    else replayed and cached."""
    cached = db.derived(CACHE_KIND)
    found: dict[str, dict[str, Any]] = {}
    titles: dict[str, str] = {}
    fresh = []
    for game_id in game_ids:
        head = db.head(game_id)
        hit = cached.get(game_id)
        data = _parsed(hit[1]) if hit is not None and hit[0] == head else None
        if data is None:
            text = _replayed(db, game_id)
            fresh.append((game_id, head, text))
            data = json.loads(text)
        found[game_id] = data["outcome"]
        titles[game_id] = data["name"]
    if fresh:
        db.put_derived(CACHE_KIND, fresh)
    return found, titles


def _replayed(db: store.Store, game_id: str) -> str:
    from scorekeeper.core import engine

    game = engine.from_log([e.body for e in db.events(game_id)])
    return json.dumps({"name": game.name, "outcome": club_night.outcome(game)}, separators=(",", ":"), ensure_ascii=False)


def _parsed(text: Any) -> dict[str, Any] | None:
    """A cached row as data, or None if it does not read back whole (then it is replayed)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("name"), str) and isinstance(data.get("outcome"), dict)):
        return None
    found = data["outcome"]
    if found.keys() != {"ruleset", "winner", "finished", "abandoned", "hands", "players"}:
        return None
    shaped = (
        isinstance(found["ruleset"], str) and found["winner"] in ("highest", "lowest")
        and isinstance(found["finished"], bool) and isinstance(found["abandoned"], bool)
        and type(found["hands"]) is int and found["hands"] >= 0 and isinstance(found["players"], list)
        and all(_player_ok(row, found["hands"]) for row in found["players"])
    )  # fmt: skip
    return data if shaped else None


def _player_ok(row: Any, hands: int) -> bool:
    """[name, score (a whole number, or a fraction as "15/2"), place, hands dealt in]."""
    if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str)):
        return False
    _, score, place, dealt = row
    exact = type(score) is int or (isinstance(score, str) and re.fullmatch(r"-?\d{1,12}/\d{1,12}", score) is not None)
    return exact and type(place) is int and place >= 1 and type(dealt) is int and 0 <= dealt <= hands


def repair_cache(db: store.Store) -> int:
    """Replay every game whose outcome is cached and keep the fresh outcome where the cached
    one differs (`verify`): how many were rebuilt."""
    cached = db.derived(CACHE_KIND)
    wrong = []
    for game_id, (head, text) in cached.items():
        if db.head(game_id) != head:
            continue  # stale, not wrong: replayed when read anyway
        fresh = _replayed(db, game_id)
        if fresh != text:
            wrong.append((game_id, head, fresh))
    if wrong:
        db.put_derived(CACHE_KIND, wrong)
    return len(wrong)
