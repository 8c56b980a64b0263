"""The outcomes of a night's games as the leaderboard reads them, cached in the store under
each game's chain head and sealed (storage/seals.py): a game is replayed only when an entry
was added to it since or its row does not check out; `verify` replays those too, and
`verify --replay` every cached one."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from scorekeeper.core import club_night

if TYPE_CHECKING:
    from scorekeeper import replays
    from scorekeeper.core import engine
    from scorekeeper.storage import store

CACHE_KIND = "night-outcome-2"  # bump when an outcome's content or meaning changes


def read(db: store.Store, game_ids: list[str]) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Each game's outcome (and name), from the cache where its chain head still matches and
    its seal checks out, else replayed and cached."""
    from scorekeeper import replays

    heads = {game_id: db.head(game_id) for game_id in game_ids}
    found = replays.cached(db, CACHE_KIND, heads, _parsed)
    fresh = replays.derive(db, [game_id for game_id in game_ids if game_id not in found], _replayed)
    replays.keep(db, CACHE_KIND, fresh)
    found.update({game_id: json.loads(text) for game_id, _, text in fresh})
    return {g: found[g]["outcome"] for g in game_ids}, {g: found[g]["name"] for g in game_ids}


def _replayed(game: engine.Game) -> str:
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
    if found.keys() != {"ruleset", "sides", "winner", "finished", "abandoned", "hands", "players"}:
        return None
    named = {row[0] for row in found["players"] if isinstance(row, list) and row and isinstance(row[0], str)}
    sides = found["sides"]
    if not (isinstance(sides, list) and all(isinstance(side, list) and side and set(side) <= named for side in sides)):
        return None  # a side's players are the game's
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


def repair_cache(db: store.Store, every: bool = False) -> replays.Checked:
    """Check the cached outcomes (`verify`) as the summaries are checked (replays.check): a
    game is replayed where its row is stale or its seal does not check out, every game with
    a row under `every`."""
    from scorekeeper import replays

    return replays.check(db, CACHE_KIND, _replayed, _parsed, every)
