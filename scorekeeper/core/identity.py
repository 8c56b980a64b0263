"""A game as the table knows it, and its digests as the table writes them down: the short
form of a chain digest, a game's identity (name, title, players, start, the hash of its first
entry), its start as printed, and whether two games look alike. Pure: storage/digests.py
reads an identity from the store; words/ says it."""

from __future__ import annotations

from typing import NamedTuple

from scorekeeper.core.language import _

SHORT = 16  # hex characters printed: 64 bits, far beyond guessing or a chance match


def short(chain_hash: str) -> str:
    """The digest as printed at the table."""
    return chain_hash[:SHORT]


class Identity(NamedTuple):
    """What identifies a game to the table, and binds its digests to it: its name, its players
    and its start, as the table saw them printed, and its id. Every digest of a game is a hash
    over its first entry, which holds all four, so a copy of the game under another id (made
    current in its place, with a hand changed) has none of its digests, even if it shows the
    same name, players and start."""

    game_id: str
    name: str  # "" if the game was given none
    title: str  # the ruleset's title, which names an unnamed game
    players: tuple[str, ...]  # at the start, in seating order
    started_at: str  # ISO-8601 UTC time of the game's first entry
    mark: str  # the hash of the first entry: the game's own digest, which a copy cannot have


def started_text(started_at: str) -> str:
    """A game's start as printed: `2026-11-25 21:03 UTC`."""
    if started_at:
        return started_at[:16].replace("T", " ") + " UTC"
    # TRANSLATORS: when a game started, said after "started" ("…, started at an unknown time with Ann, Bob")
    return _("at an unknown time")


def looks_alike(one: Identity, other: Identity) -> bool:
    """Whether two games show the table the same name, players and start (to the minute)."""
    return (one.name, one.players, started_text(one.started_at)) == (
        other.name, other.players, started_text(other.started_at)
    )  # fmt: skip
