"""The session at a terminal: prompt_toolkit's line editor around a `session.Session` —
history kept per store, Tab completion, the bottom line with the hand, the dealer, the
standings and what each player may still bid or pick, NO_COLOR honoured, Ctrl-C to cancel
the line and Ctrl-D to leave. Imported only when standard input is a terminal."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Coroutine, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from scorekeeper.core import errors
from scorekeeper.core.language import _


class Answering(Protocol):
    """What the line editor asks of the session it wraps (`session.Session`, which imports
    this module and hands itself to `run`)."""

    home: Path | None
    left: bool
    out: Callable[[str], None]

    def sync(self) -> None: ...
    def follow(self) -> None: ...
    def need(self) -> str | None: ...
    def waiting(self) -> list[str]: ...
    def prompt(self) -> str: ...
    def toolbar(self) -> str: ...
    def hints(self, index: int) -> tuple[str, list[Any]] | None: ...
    def greeting(self) -> str: ...
    def handle(self, line: str) -> int: ...
    def fail(self, exc: errors.ScorekeeperError) -> int: ...
    def completions(self, before: str) -> Iterator[tuple[str, str, int]]: ...

STYLE = Style.from_dict({"prompt": "bold", "bottom-toolbar": "noreverse bg:#303030 #e0e0e0"})


class Answers(Completer):
    """Tab: what the session says the word being typed may be."""

    def __init__(self, session: Answering) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        for text, hint, start in self.session.completions(document.text_before_cursor):
            yield Completion(text, start_position=start, display_meta=hint)


def toolbar(session: Answering) -> str:
    from scorekeeper.words import reports

    lines = [session.toolbar()]
    hints = []
    for index in range(len(session.waiting())):
        player, allowed = session.hints(index) or ("", [])
        if allowed:
            shown = reports.span(allowed) if isinstance(allowed[0], int) else "/".join(allowed)
            hints.append(f"{player} {shown}")
    if hints:
        said = _("may bid: {hints}") if session.need() == "bids" else _("may pick: {hints}")
        lines.append(said.format(hints=" · ".join(hints)))
    return "\n".join(lines)


FOLLOW_SECONDS = 1.0  # how often a waiting prompt reads the store again


class WaitingPrompt:
    """The prompt as it is drawn while the scorer has not pressed Enter yet: with the store
    read again every FOLLOW_SECONDS (the prompt is drawn again that often), so an entry from a
    phone or another terminal shows at once (the hand, what it needs next, on the bottom line).
    prompt_toolkit asks for the prompt many times a drawing and draws at every keystroke: the
    store is not read again for those. `sync` has read it just before each prompt."""

    def __init__(self, session: Answering) -> None:
        self.session = session
        self.read_at = time.monotonic()

    def __call__(self) -> list[tuple[str, str]]:
        now = time.monotonic()
        if now - self.read_at >= FOLLOW_SECONDS * 0.9:  # the redraw's own timer may fire a little early
            self.read_at = now
            self.session.follow()
        return [("class:prompt", self.session.prompt())]


def ask(loop: asyncio.AbstractEventLoop, asking: Coroutine[Any, Any, str]) -> str:
    """The line a prompt (`asking`) reads, run in the session's event loop. A Ctrl-C that
    lands outside prompt_toolkit's own handling (as the prompt starts, say) stops the loop
    with the prompt half run: it is cancelled, so that no earlier prompt wakes up beside the
    next one."""
    task = loop.create_task(asking)
    try:
        return loop.run_until_complete(task)
    except BaseException:
        if not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                loop.run_until_complete(task)
        raise


def run(session: Answering) -> int:
    from scorekeeper.storage import paths

    plain = bool(os.environ.get("NO_COLOR"))
    folder = paths.store_folder(session.home)
    prompt: PromptSession[str] = PromptSession(
        history=FileHistory(str(folder / paths.HISTORY)),
        completer=Answers(session),
        complete_while_typing=False,
        bottom_toolbar=lambda: toolbar(session),
        style=None if plain else STYLE,
        color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
        include_default_pygments_style=False,
        refresh_interval=FOLLOW_SECONDS,  # the prompt drawn again: see `WaitingPrompt`
    )
    session.out(session.greeting())
    # one event loop for the whole session: `prompt.prompt()` would make and close one per
    # line. Only the prompt runs in it, so Ctrl-C during a reply is Python's own, as before.
    loop = asyncio.new_event_loop()
    try:
        while True:
            try:
                session.sync()  # another `sk` may have written since the last prompt
            except errors.ScorekeeperError as exc:
                session.fail(exc)
            try:
                line = ask(loop, prompt.prompt_async(WaitingPrompt(session)))
            except KeyboardInterrupt:  # Ctrl-C: the line is dropped, nothing recorded
                continue
            except EOFError:  # Ctrl-D: leave
                return 0
            try:
                session.handle(line)
            except KeyboardInterrupt:
                session.out(_("interrupted"))
            if session.left:
                return 0
    finally:
        loop.close()
