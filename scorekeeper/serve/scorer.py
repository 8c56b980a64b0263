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
from scorekeeper.core.language import _, ngettext
from scorekeeper.serve.push import StoreFollower
from scorekeeper.storage import chain

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
    head: str = ""  # the chain head after the entry (recorded now, or the first time)
    hand: int | None = None  # the hand the entry went to
    again: bool = False  # the phone's entry id was recorded already: nothing recorded now
    stale: bool = False  # refused: made on a head that is no longer the chain's


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
        self._written: list[Any] = []  # what the last entry appended

    def close(self) -> None:
        self.thread.submit(self.follower.close).result()
        self.thread.shutdown()

    async def answer(self, line: str, chosen: str | None, then: Any, entry_id: str | None = None,
                     after: str | None = None) -> tuple[Answer, Any]:  # fmt: skip
        """`enter`, run on the scorer's own thread and awaited from the event loop; once an
        entry is recorded, `then(answer.known)` on the same thread (the served state after it).
        Both speak the language in use where this is awaited (the request's)."""
        speaking = language.in_use()

        def entered() -> tuple[Answer, Any]:
            with language.speaking(speaking):
                done = self.enter(line, chosen, entry_id, after)
                return done, then(done.known) if done.code == 0 else None

        return await asyncio.wrap_future(self.thread.submit(entered))

    def enter(self, line: str, chosen: str | None, entry_id: str | None = None, after: str | None = None) -> Answer:
        """Run one line from the phone. `entry_id`: the phone's id of the entry (its outbox's),
        which an entry sent again is known by; `after`: the chain head the phone saw when it
        was made, refused (stale) if anything was recorded since."""
        with self.lock:
            capture = Capture()
            token = _CAPTURED.set(capture)
            try:
                code = self._enter(line, chosen, capture, entry_id, after)
            except Settled as exc:
                return exc.answer
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
            head, hand = "", None
            if known is not None:
                assert self._known is not None
                head, hand = known[0], hand_of(self.follower.db, self._known[0], self._written, known[1])
            return Answer(code, capture.getvalue().rstrip("\n") if code == 0 else "", error, warnings, known,
                          head, hand)  # fmt: skip

    def _enter(self, line: str, chosen: str | None, capture: Capture, entry_id: str | None = None,
               after: str | None = None) -> int:  # fmt: skip
        words = interpreter.split(line)
        if not words:
            raise errors.UsageError(_("the line is empty; give an answer or a command"))
        if words[0].casefold() in ("help", "quit", "exit"):
            raise errors.UsageError(
                _("`{word}` is a word of `play` in the terminal; give an answer or a command").format(word=words[0])
            )
        db = self.follower.open()
        game, data = self._game_now(db, chosen)
        if game is not None and entry_id is not None:
            sent_before(db, game.id, entry_id)
        words = interpreter.command_words(words, game, data, self.group.commands)
        interpreter.check_remote(self.group, words)
        if game is not None and after is not None and words[0].casefold() not in NOT_ON_THE_HEAD:
            made_on(db, game.id, after)
        db.phone_entry, db.written, db.overtaken = entry_id, [], None
        db.after = (game.id, after) if game is not None and after is not None else None
        current = db.current_game()
        try:
            code = interpreter.run(self.group, self.context, words, self.home, chosen, db)
        finally:
            self._written, db.written = db.written, []
            db.phone_entry, db.after, overtaken, db.overtaken = None, None, db.overtaken, None
        if code != 0 and overtaken is not None:  # the terminal's entry came between the check and the append
            stored = db.events(overtaken[0])
            raise Settled(Answer(1, "", stale_words(stored, overtaken[1]), [], head=stored[-1].hash, stale=True))
        if code == 0:
            recorded = self.context.recorded
            if recorded is not None:  # where the entry went
                chosen = recorded.game.id
            elif db.current_game() != current:  # a game made current (`new`, `use`): it is played next
                chosen = None
            now, _data = self._game_now(db, chosen, recorded)
            said = interpreter.standings_after(game, now, words)
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


# The phone's entry id: what its page makes (a random id, in letters, digits, `-` and `_`)
ENTRY_ID_MOST = 64
ENTRY_ID_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def fair_entry_id(given: Any) -> bool:
    return isinstance(given, str) and 0 < len(given) <= ENTRY_ID_MOST and set(given) <= ENTRY_ID_LETTERS


def fair_head(given: Any) -> bool:
    return isinstance(given, str) and len(given) == len(chain.ZERO_HASH) and set(given) <= set("0123456789abcdef")


class Settled(Exception):
    """The answer to an entry found before it is run (sent again, or stale)."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer


# The phone's commands that record nothing on the game's chain (what they show), or act on
# another game (`new`, `use`): the head the phone saw does not hold them back.
NOT_ON_THE_HEAD = frozenset(
    {"why", "standings", "status", "sheet", "log", "rules", "rulesets", "winner", "games", "stats", "new", "use"}
)


def sent_before(db: Any, game_id: str, entry_id: str) -> None:
    """Raise Settled with the answer when the phone's entry was recorded already: found by
    its id in the game's chain, answered with the first time's head and hand, recording
    nothing now (a refused entry left nothing to find: it meets the same refusal again)."""
    mine = [e for e in db.events(game_id) if events.phone_entry(e.body) == entry_id]
    if mine:
        said = "; ".join(events.describe(e) for e in events.parse_all([e.body for e in mine]))
        reply = _("already recorded: {entries}").format(entries=said)
        raise Settled(Answer(0, reply, "", [], None, mine[-1].hash, hand_of(db, game_id, mine), again=True))


def made_on(db: Any, game_id: str, after: str) -> None:
    """Raise Settled with the refusal of an entry made on a head the chain has moved past,
    before the rules are asked (they would refuse it for what was entered since, without
    saying so). The head is checked again as the entry is appended (chain_writer.Stale)."""
    stored = db.events(game_id)
    if stored and stored[-1].hash != after:
        raise Settled(Answer(1, "", stale_words(stored, after), [], head=stored[-1].hash, stale=True))


def stale_words(stored: list[Any], after: str) -> str:
    """The refusal of an entry made on head `after`: what was recorded since, and by whom."""
    seen = next((n for n, e in enumerate(stored) if e.hash == after), None)
    since = stored[seen + 1 :] if seen is not None else []
    if not since:
        return _("refused: the game has changed since this phone last saw it; redo or drop this entry")
    last = since[-1]
    event = events.parse_all([last.body])[0]
    who = _("the scorer's phone") if events.via(last.body) == events.VIA_PHONE else _("the terminal")
    hand = getattr(event, "hand", None)
    entry = events.describe(event)
    if len(since) == 1:
        if hand is None:
            return _("refused: {who} recorded {entry} since; redo or drop this entry").format(who=who, entry=entry)
        return _("refused: {who} recorded {entry} for hand {hand} since; redo or drop this entry").format(
            who=who, entry=entry, hand=hand
        )
    if hand is None:
        return ngettext(
            "refused: {count} entry was recorded since, the last by {who}: {entry}; redo or drop this entry",
            "refused: {count} entries were recorded since, the last by {who}: {entry}; redo or drop this entry",
            len(since),
        ).format(count=len(since), who=who, entry=entry)
    return ngettext(
        "refused: {count} entry was recorded since, the last by {who}: {entry} for hand {hand}; redo or drop this entry",
        "refused: {count} entries were recorded since, the last by {who}: {entry} for hand {hand}; "
        "redo or drop this entry",
        len(since),
    ).format(count=len(since), who=who, entry=entry, hand=hand)


def hand_of(db: Any, game_id: str, written: list[Any], game: Any = None) -> int | None:
    """The hand an entry's stored events went to: the first that names one (an undo: the
    hand of the entry it took back), else the hand in progress in `game`."""
    stored: list[Any] | None = None
    for entry in written:
        if entry.game_id != game_id:
            continue
        event = events.parse_all([entry.body])[0]
        if isinstance(event, events.EntryReversed):
            stored = stored if stored is not None else db.events(game_id)
            if 0 <= event.target < len(stored):
                event = events.parse_all([stored[event.target].body])[0]
        hand = getattr(event, "hand", None)
        if isinstance(hand, int):
            return hand
    return game.hand.number if game is not None and game.hands else None
