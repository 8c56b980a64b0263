"""What a call of the library answers: `Said`, the typed result (what was recorded, the reply in
words, the warnings as data), and how a refusal maps to an exit code and an HTTP status."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorekeeper.core import errors
from scorekeeper.core.language import _

if TYPE_CHECKING:
    from scorekeeper import results


class Said:
    # A plain class, not a dataclass (see desk.Desk): start-up.
    def __init__(self, text: str = "", label: str | None = None, recorded: results.Recorded | None = None,
                 undone: results.Undone | None = None, game_id: str | None = None,
                 made_current: bool = False) -> None:  # fmt: skip
        self.text = text  # the reply, as the command line prints it (less the game's name: `label`)
        self.label = label  # the game an entry went to, named when another is in progress
        self.warnings: list[str] = []  # said beside the reply, one a line
        self.recorded = recorded  # what an entry recorded: the game after it, its hand, the entry
        self.undone = undone  # what `undo` took back
        self.game_id = game_id  # the game the call wrote to
        self.made_current = made_current  # another game is current now (`new`, `use`, `import`)
        self.then_refused: errors.ScorekeeperError | None = None  # said after the reply (`verify`'s game put in place)
        self.why: dict[str, Any] | None = None  # `why` on a page: the points as data (explain.why_data), for the page to lay out

    def say(self, text: str) -> None:
        """A line (or lines) of the reply, ended with a line break."""
        self.text += text + "\n"

    def say_whole(self, text: str) -> None:
        """A text that may end with its own line break (a score sheet): given one if not."""
        self.text += text if text.endswith("\n") else text + "\n"

    def say_json(self, data: Any) -> None:
        self.say(json.dumps(data, ensure_ascii=False, indent=2))

    def say_data(self, data: Any, as_json: bool, words: Callable[[Any], str]) -> None:
        """The data as JSON (`--json`), else in the words `words(data)` gives."""
        if as_json:
            self.say_json(data)
        else:
            self.say(words(data))

    @property
    def reply(self) -> str:
        """The reply without the game's name, as one text without its last line break."""
        return self.text.removesuffix("\n")

    def shown(self) -> str:
        """The reply as a terminal shows it: the game named first when another is in progress."""
        if not self.label:
            return self.text
        # TRANSLATORS: {game} is the name (or id) of the game an entry went to, {reply} what was recorded
        return _("{game}: {reply}").format(game=self.label, reply=self.text)


# A refusal's kind -> the HTTP status the phone is answered with
HTTP_STATUS = {1: 409, 2: 400, 3: 503}


def http_status(exc: errors.ScorekeeperError) -> int:
    """The status of a refusal on the web: 409 refused by the rules, 400 a usage mistake,
    503 the store."""
    return HTTP_STATUS.get(exc.exit_code, 400)
