"""What the application service (`table`) hands its front ends and words/: plain records of a
game as listed, an entry recorded, an entry taken back. Kept apart from the service so that
words/ can name them without importing it: plain data over core/ (and the chain's stored entry, by name), it sits on the floor of
words/ and sheets/, below the service that makes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.core import events, state

if TYPE_CHECKING:
    from scorekeeper.storage import chain


class Listed(NamedTuple):
    """A game as `games` lists it."""

    id: str
    ruleset: str  # its name
    players: list[str]
    finished: bool
    hands: int  # hands closed
    started: str  # when, as the store stamped it (ISO 8601, UTC)
    current: bool
    name: str = ""
    abandoned: bool = False


class Recorded(NamedTuple):
    """An entry that was recorded."""

    game: state.Game  # the game after the entry
    hand: state.Hand  # the hand the entry went to (closed by it, perhaps)
    event: events.AnyEvent  # the entry as stored
    n: int  # its position in the game's log
    before: state.Game | None = None  # for a correction of a closed hand: the game as it stood
    digest: str = ""  # the chain hash of the entry: the game's digest from now on
    entry: chain.StoredEvent | None = None  # the entry as the chain holds it


class Undone(NamedTuple):
    """An entry taken back by recording its reversal."""

    game: state.Game  # the game after the reversal
    target: events.AnyEvent  # the entry taken back
    target_n: int  # its position in the game's log
    n: int  # the reversal's own position
    entry: chain.StoredEvent | None = None  # the reversal as the chain holds it


class CachesChecked(NamedTuple):
    """What `verify` checked of the caches beside the record, and what it rebuilt."""

    replayed: int  # games replayed to check their cached summaries
    compared: int  # summaries checked for their chain head and seal only
    summaries_rebuilt: int  # summaries, placings and outcomes at the right head that did not match a replay
    facts_rebuilt: int  # games whose facts (in progress, name) were wrong or missing
    every: bool  # every game was replayed (`verify --replay`)
    states_unchecked: int = 0  # game states kept between commands that do not check out (never used)
    others_replayed: int = 0  # games replayed to check the placings and night outcomes cached
    listed: tuple[Listed, ...] = ()  # every game as `games --all` lists it, from the summaries as checked


class Imported(NamedTuple):
    """What `import` did with the games its files hold."""

    added: list[state.Game]  # new to the store, in the order the files gave them
    extended: list[tuple[state.Game, int]]  # here already, with this many later entries appended
    present: list[str]  # ids of games here already as the files have them (or further on)
    files: int
    current: str | None = None  # the game the import made current, None if it left that alone
