"""Game states kept between commands, so that an entry takes up the game where the last one
left it instead of replaying every entry: an entry costs the same in a game's 300th hand as
in its 19th.

A state is kept in the store's cache of derived data beside the entries it was worked out
from, in the same transaction, keyed by the game's chain head: it is the state of exactly the
entries up to that head, and is used only while that entry is still there with that hash
(`Store.writing_from` checks it, and every entry after it). It is pickled, so it is read back
only under a seal (see seals.py: a row edited by hand, or from a store file copied from
elsewhere, is not trusted and the game is replayed instead), and only by the same code that
made it (the kind of data names the core's modules), so it can never disagree with a replay
of the log. Even under a good seal, unpickling admits only what a game state is made of: the
classes and functions of the core's modules and a few plain standard types. A state that
names anything else is damage: not used, the game replayed, and counted by `verify`.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import pickle
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.storage import seals

if TYPE_CHECKING:
    from scorekeeper.core import engine
    from scorekeeper.storage import chain_writer, store


class Kept(NamedTuple):
    game: engine.Game
    n: int  # the last entry the state includes
    head: str  # that entry's hash


@functools.cache
def kind() -> str:
    """The kind of derived data the states are kept under: it names the code that made them
    (the version, and the size and time of change of each module of the core, which a state
    holds objects of), so that the states of other code are never read."""
    import scorekeeper
    from scorekeeper import core

    digest = hashlib.sha256(scorekeeper.__version__.encode())
    folders = [Path(core.__file__).parent]
    while folders:
        with os.scandir(folders.pop()) as found:
            for entry in sorted(found, key=lambda e: e.name):
                if entry.is_dir() and entry.name != "__pycache__":
                    folders.append(Path(entry.path))
                elif entry.name.endswith(".py"):
                    info = entry.stat()
                    digest.update(f"{entry.path}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return f"game-state-{digest.hexdigest()[:16]}"


CORE = "scorekeeper.core."
# The standard types a state may hold besides the core's own (exact fractions, containers).
STANDARD = {
    "fractions": {"Fraction"},
    "collections": {"OrderedDict", "defaultdict", "deque", "Counter"},
    "builtins": {"dict", "list", "tuple", "set", "frozenset", "bytes", "bytearray", "str", "int", "float", "bool"},
}


class _StateUnpickler(pickle.Unpickler):
    """Unpickles a game state, refusing any class or function that no game state is made of
    (a blob naming os.system, say): an UnpicklingError, never an import of it or a call."""

    def find_class(self, module: str, name: str) -> Any:
        core = module.startswith(CORE) and "." not in name
        if not core and name not in STANDARD.get(module, ()):
            raise pickle.UnpicklingError(f"a game state does not hold {module}.{name}")
        found = super().find_class(module, name)
        made_here = isinstance(found, type | types.FunctionType) and found.__module__ == module
        if core and not made_here:  # a name the module imported from elsewhere
            raise pickle.UnpicklingError(f"a game state does not hold {module}.{name}")
        return found


def _unpickled(blob: bytes) -> tuple[int, engine.Game] | None:
    """(the last entry it includes, the game) of a state that unpickles as one; else None."""
    from scorekeeper.core import state

    try:
        n, game = _StateUnpickler(io.BytesIO(blob)).load()
    except Exception:  # whatever a damaged or hostile blob raises: it is not used
        return None
    return (n, game) if type(n) is int and isinstance(game, state.Game) else None


def _opened(key: bytes, game_id: str, head: Any, data: Any) -> tuple[bool, bytes | None]:
    """(sealed with this key, the pickled state if its seal checks out)."""
    prefix = len(seals.key_id(key)) + seals.SIZE
    if not isinstance(data, bytes) or not isinstance(head, str) or len(data) <= prefix:
        return True, None  # not even the shape: damaged
    if data[: prefix - seals.SIZE] != seals.key_id(key):
        return False, None  # sealed elsewhere: a copy of another store
    blob = data[prefix:]
    return True, blob if seals.matches(key, data[prefix - seals.SIZE : prefix], game_id, head, blob) else None


def load(db: store.Store, game_id: str) -> Kept | None:
    """The state kept of a game, if there is one that checks out; else None (replay)."""
    row = db.kept_state(kind(), game_id)
    key = seals.key(db.folder) if row is not None else None
    if row is None or key is None:
        return None
    head, data = row
    blob = _opened(key, game_id, head, data)[1]
    found = _unpickled(blob) if blob is not None else None  # sealed here, yet admitted only in part
    if found is None:
        return None
    return Kept(found[1], found[0], head)


# How many plain entries a kept state may fall behind the game's head before it is kept
# afresh: taking one up applies the entries since (microseconds each), while keeping one
# pickles the whole game (as long as replaying a short game), so it is not kept at every entry.
KEPT_AGAIN_AFTER = 8


def keep(writer: chain_writer.GameWriter, game: engine.Game, behind: int | None = None) -> None:
    """Keep the game's state as of the writer's last append, in its transaction; of a game
    over or abandoned none is kept (what may follow, an undo or a correction, replays the game
    anyway), so the store holds states for the games in progress only. `behind`: how many
    plain entries (see table.RETELLING) the game was taken up from the state kept, if it was;
    while that is fewer than KEPT_AGAIN_AFTER, that state stays as it is, to be taken up again.
    A state that cannot be kept (no key, or something in it that does not pickle) is simply
    not kept."""
    if game.finished or game.abandoned:
        writer.keep_derived(kind(), None)
        return
    if behind is not None and behind < KEPT_AGAIN_AFTER:
        return
    key = seals.key(writer.store.folder)
    if key is None:
        return
    try:
        blob = pickle.dumps((writer.offset + len(writer.events) - 1, game), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    mac = seals.seal(key, writer.game_id, writer.events[-1].hash, blob)
    writer.keep_derived(kind(), seals.key_id(key) + mac + blob)


def unchecked(db: store.Store) -> int:
    """For `verify`: how many states sealed with this store's key do not check out (edited,
    damaged, or holding what no game state holds); they are never used. States sealed
    elsewhere are not counted (nor used)."""
    key = seals.key(db.folder)
    if key is None:
        return 0
    count = 0
    for game_id, (head, data) in db.derived(kind()).items():
        ours, blob = _opened(key, game_id, head, data)
        count += ours and (blob is None or _unpickled(blob) is None)
    return count
