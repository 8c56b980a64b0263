"""The library of commands: everything a scorer can say, as a typed call that returns a typed
result. Each call takes a `Desk` (what it reaches: the folder of the store and rulesets, the
store a long-lived front end lends it) and its own typed arguments, and returns `Said`: what
was recorded, the reply in words in the language in use, the warnings as data. A refusal is
raised as a ScorekeeperError (its kind, its sentence and its exit code; see `said.http_status`).

The front ends sit above it: the command line parses argv into these calls and prints what
they say; `play` and the scorer's phone parse a line into the same calls (`find` names the
call of a command). None captures output or reads a global to learn what happened.

A floor between the front ends and the service: it imports the service (`table`, `nights`,
`stats`, `ratings`), `words`, `sheets`, `storage` and `core`, never a front end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.commands.desk import Desk
from scorekeeper.commands.said import Said

__all__ = ["Desk", "Said", "find", "perform"]

# Each command's call, by the module of the library it lives in (imported when first called:
# a command's start-up loads only its own).
WHERE = {
    **dict.fromkeys(("new", "seat", "night", "games", "use", "status", "standings", "label", "abandon"), "games"),
    **dict.fromkeys(
        ("trump", "flip", "cursed", "bid", "make", "tricks", "renege", "comment", "dealer", "join", "leave", "sub",
         "rename", "adjust", "undo", "took", "first", "last", "moon", "poison", "trick", "counts"),
        "entries",
    ),
    **dict.fromkeys(("winner", "why", "stats", "ratings", "rulesets", "rules", "log", "sheet"), "questions"),
    **dict.fromkeys(("import", "verify", "backup", "restore"), "keeping"),
}  # fmt: skip
# A call whose name is a word of Python's, or the name of a module it needs
SPELLED = {"import": "import_", "ratings": "ratings_"}


def find(name: str) -> Callable[..., Any] | None:
    """The call of a command, by its name; None for a command that is a front end of its own
    (`play`, `serve`, `demo`, `completion`) or no command at all."""
    where = WHERE.get(name)
    if where == "games":
        from scorekeeper.commands import games as module
    elif where == "entries":
        from scorekeeper.commands import entries as module
    elif where == "questions":
        from scorekeeper.commands import questions as module
    elif where == "keeping":
        from scorekeeper.commands import keeping as module
    else:
        return None
    call: Callable[..., Any] = getattr(module, SPELLED.get(name, name))
    return call


def perform(call: Callable[..., Said], desk: Desk, **arguments: Any) -> Said:
    """Make a call on the desk; its result carries what reading the store found amiss."""
    said = call(desk, **arguments)
    said.warnings += [w for w in desk.warnings if w not in said.warnings]
    return said
