"""The scorer's entries from the phone: a line, as `play` takes it, run through the same
interpreter and the same command line in-process, one entry at a time, on a store connection
that marks what it writes as from the phone. The reply is what the command line prints, in the
language of the request the line came with (it goes with the line to the scorer's thread)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import io
import sys
import threading
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper import interpreter
from scorekeeper.core import errors, events, language
from scorekeeper.core.language import _
from scorekeeper.serve.push import StoreFollower

_CAPTURED: contextvars.ContextVar[io.StringIO | None] = contextvars.ContextVar("captured", default=None)


class Routed:
    """Standard output or error, sent to the capture of the thread running an entry (a
    ContextVar), else to the stream it replaces: an entry's reply never reaches the terminal,
    and nothing else is caught in it."""

    def __init__(self, stream: Any, errors_too: bool = False) -> None:
        self._stream = stream
        self._errors = errors_too

    def _target(self) -> Any:
        captured = _CAPTURED.get()
        if captured is None:
            return self._stream
        return captured.err if self._errors else captured  # type: ignore[attr-defined]

    def write(self, text: str) -> int:
        return self._target().write(text)

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return _CAPTURED.get() is None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class Capture(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.err = io.StringIO()


def route_output() -> tuple[Any, Any]:
    """Put Routed streams in place of standard output and error; returns the streams replaced."""
    replaced = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Routed(sys.stdout), Routed(sys.stderr, errors_too=True)
    return replaced


class Answer(NamedTuple):
    code: int  # the command line's exit code: 0 recorded, 1 refused, 2 usage, 3 store; 4: not allowed here
    reply: str  # what it printed (code 0)
    error: str  # its one line on stderr (other codes), or the refusal
    warnings: list[str]  # `warning: …` lines printed beside a reply
    known: tuple[str, Any] | None = None  # (chain head, the game there) after a recorded entry


FORBIDDEN = 4


class Scorer:
    """Runs the phone's lines, one at a time (the command line keeps its state in one place)."""

    def __init__(self, group: Any, context: Any, folder: Path, home: Path | None) -> None:
        self.group = group
        self.context = context
        self.home = home
        self.follower = StoreFollower(folder, via=events.VIA_PHONE)
        self.lock = threading.Lock()
        # one thread of its own: the store's SQLite connection may only be used by its thread
        self.thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="scorer")
        self._known: tuple[str, str] | None = None
        self._game: Any = None
        self._data: dict[str, Any] = {}  # the game's status data, worked out once a head

    def close(self) -> None:
        self.thread.submit(self.follower.close).result()
        self.thread.shutdown()

    async def answer(self, line: str, chosen: str | None, then: Any) -> tuple[Answer, Any]:
        """`enter`, run on the scorer's own thread and awaited from the event loop; once an
        entry is recorded, `then(answer.known)` on the same thread (the served state after it).
        Both speak the language in use where this is awaited (the request's)."""
        speaking = language.in_use()

        def entered() -> tuple[Answer, Any]:
            with language.speaking(speaking):
                done = self.enter(line, chosen)
                return done, then(done.known) if done.code == 0 else None

        return await asyncio.wrap_future(self.thread.submit(entered))

    def enter(self, line: str, chosen: str | None) -> Answer:
        with self.lock:
            capture = Capture()
            token = _CAPTURED.set(capture)
            try:
                code = self._enter(line, chosen, capture)
            except interpreter.Forbidden as exc:
                return Answer(FORBIDDEN, "", _("refused: {reason}").format(reason=exc), [])
            except errors.ScorekeeperError as exc:
                if exc.exit_code == 1:
                    return Answer(exc.exit_code, "", _("refused: {reason}").format(reason=exc), [])
                return Answer(exc.exit_code, "", _("error: {message}").format(message=exc), [])
            finally:
                _CAPTURED.reset(token)
            said = capture.err.getvalue().splitlines()
            warned = _("warning: {warning}").split("{warning}")[0]  # how the command line begins a warning
            warnings = [line.removeprefix(warned) for line in said if line.startswith(warned)]
            error = "\n".join(line for line in said if not line.startswith(warned))
            known = (
                (self._known[1], self._game) if code == 0 and self._known and self._game is not None else None
            )
            return Answer(code, capture.getvalue().rstrip("\n") if code == 0 else "", error, warnings, known)

    def _enter(self, line: str, chosen: str | None, capture: Capture) -> int:
        words = interpreter.split(line)
        if not words:
            raise errors.UsageError(_("the line is empty; give an answer or a command"))
        if words[0].casefold() in ("help", "quit", "exit"):
            raise errors.UsageError(
                _("`{word}` is a word of `play` in the terminal; give an answer or a command").format(word=words[0])
            )
        db = self.follower.open()
        game, data = self._game_now(db, chosen)
        words = interpreter.command_words(words, game, data, self.group.commands)
        interpreter.check_remote(self.group, words)
        current = db.current_game()
        code = interpreter.run(self.group, self.context, words, self.home, chosen, db)
        if code == 0:
            recorded = self.context.recorded
            if recorded is not None:  # where the entry went
                chosen = recorded.game.id
            elif db.current_game() != current:  # a game made current (`new`, `use`): it is played next
                chosen = None
            after, _data = self._game_now(db, chosen, recorded)
            said = interpreter.standings_after(game, after, words)
            if said:
                capture.write(said + "\n")
        return code

    def _game_now(self, db: Any, chosen: str | None, recorded: Any = None) -> tuple[Any, dict[str, Any]]:
        """The game a line acts on as the store holds it now, and its status data; (None, {})
        when there is no game yet. `recorded`: what an entry just recorded, whose game is
        taken as it is when nothing else was written since."""
        from scorekeeper import table
        from scorekeeper.words import reports

        try:
            game_id = table.resolve_game(db, chosen)
        except errors.EntryError:
            if chosen is None and db.current_game() is None:
                self._known, self._game, self._data = None, None, {}
                return None, {}
            raise
        head = db.head(game_id)
        if self._known != (game_id, head):
            ours = recorded is not None and recorded.game.id == game_id and recorded.digest == head
            self._game = recorded.game if ours else table.load(db, game_id)
            self._known, self._data = (game_id, head), reports.status_data(self._game)
        return self._game, self._data
