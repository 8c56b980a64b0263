"""The chain digests a table sees and writes down: the short form printed when a hand closes
and on `standings` and every sheet, each closed hand's digest, and which hands a digest
covers. A digest is the hash of one entry of a game's chain, so it stands for that entry and
every entry before it: a store rewritten since (even with every later hash recomputed) no
longer holds it, which `verify --digest` shows. The short form and a game's identity as the
table sees it are core/identity.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.core.identity import Identity, started_text

if TYPE_CHECKING:
    from scorekeeper.core import engine
    from scorekeeper.storage import chain


class HandDigest(NamedTuple):
    hand: int  # the hand's number
    n: int  # the entry that closed it (the hand's last live entry)
    digest: str  # that entry's chain hash


def per_hand(game: engine.Game, stored: list[chain.StoredEvent]) -> list[HandDigest]:
    """Each closed hand's chain digest: the hash of the entry that closed it, its last live
    entry (entries go to the hand in progress, so nothing of the hand comes after it but a
    correction, which then stands for the hand as corrected)."""
    last: dict[int, int] = {}
    for n, event in game.entries:
        number = getattr(event, "hand", None)
        if number is not None:
            last[number] = n
    return [HandDigest(h.number, last[h.number], stored[last[h.number]].hash)
            for h in game.hands if h.closed and h.number in last]  # fmt: skip


class Coverage(NamedTuple):
    """What a digest written down covers: entry `n` of a game and everything before it."""

    game_id: str
    n: int  # the entry the digest is the hash of
    count: int  # entries the game has now
    closed: list[int]  # the hands closed at that entry (as they stood then)
    in_progress: int | None  # the hand then in progress, if the game was not over


def coverage(stored: list[chain.StoredEvent], n: int) -> Coverage:
    """Which hands entry `n` of a game's log covers: its log up to that entry, replayed."""
    from scorekeeper.core import engine

    then = engine.from_log([e.body for e in stored[: n + 1]])
    closed = [h.number for h in then.hands if h.closed]
    in_progress = None if then.finished or not then.hands or then.hand.closed else then.hand.number
    return Coverage(stored[0].game_id, n, len(stored), closed, in_progress)


def identity(stored: list[chain.StoredEvent]) -> Identity:
    """A game's identity, from its stored log (the first entry starts the game)."""
    first = stored[0]
    body = first.body
    ruleset = body.get("ruleset") if isinstance(body.get("ruleset"), dict) else {}
    return Identity(
        first.game_id,
        body.get("name") or "",
        str(ruleset.get("title") or ruleset.get("name") or ""),
        tuple(body.get("players") or ()),
        first.at,
        first.hash,
    )


def witness(game: engine.Game, stored: list[chain.StoredEvent]) -> dict:
    """What a front end following a game (a phone on `serve`) keeps to tell that game from any
    other: its identity and each closed hand's digest, as JSON data. A follower that sees the
    game it follows give way to another (a different `game` id) whose closed hands it never
    saw recorded should raise the alarm, the louder if the newcomer looks alike (same name,
    players and start): that is a copy made current in its place.

        {"game": ID, "name": …, "title": …, "players": [...], "started_at": ISO, "started": "… UTC",
         "mark": HASH, "head": HASH, "hands": [{"hand": 1, "n": 3, "digest": HASH}, …]}
    """
    who = identity(stored)
    return {
        "game": who.game_id,
        "name": who.name,
        "title": who.title,
        "players": list(who.players),
        "started_at": who.started_at,
        "started": started_text(who.started_at),
        "mark": who.mark,
        "head": stored[-1].hash,
        "hands": [h._asdict() for h in per_hand(game, stored)],
    }
