"""What a call of the library reaches: the folder of the store and the scorer's rulesets, the
store a long-lived front end lends it (`play`, the phone's thread: one connection for the
evening), and how the front end takes bare values (in turn from the dealer's left, or in
seating order). What reading the store found amiss is gathered here for the call's result."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.storage import store


class Desk:
    # A plain class, not a dataclass: making a dataclass costs every command about a millisecond
    # of start-up (it compiles its methods when the module is imported).
    def __init__(self, given_home: Path | None = None, lent: store.Store | None = None, in_turn: bool = False,
                 on_page: bool = False) -> None:  # fmt: skip
        self.given_home = given_home  # --home as given (None: the platform's folder)
        self.lent = lent  # the front end's open store, used instead of opening one
        self.in_turn = in_turn  # bare values are named in turn from the dealer's left (`play`, the phone)
        self.on_page = on_page  # the reply is shown on the scorer's page: it names no command to type
        self.warnings: list[str] = []  # what reading the store found amiss

    def home(self) -> Path | None:
        """The folder of the store and the scorer's rulesets."""
        from scorekeeper.storage import paths

        return paths.home(self.given_home)

    def store_folder(self) -> Path:
        from scorekeeper.storage import paths

        return paths.store_folder(self.given_home)

    @contextlib.contextmanager
    def store(self, writing: bool = False) -> Iterator[store.Store]:
        """The store, to use in a `with`: the lent one, or one opened now and closed after.
        `writing`: the call is there to write (an entry), so the store is opened for writing
        at once (see store.Store). What reading it found amiss (a chain that does not check
        out) is kept, for the result to carry once the call has done its work."""
        if self.lent is not None:
            db = self.lent
            yield db
        else:
            from scorekeeper.storage import store

            with store.Store(self.store_folder(), writing=writing) as db:
                yield db
        self.warnings += [w for w in db.warnings if w not in self.warnings]
        db.warnings.clear()
