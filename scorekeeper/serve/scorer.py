"""The scorer's entries from the phone: a line, as `play` takes it, read by the same
interpreter into the same call of the library of commands, one entry at a time, on a store
connection that marks what it writes as from the phone. The reply is the call's, in the
language of the request the line came with (it goes with the line to the scorer's thread)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper import interpreter, table
from scorekeeper.core import errors, events, language
from scorekeeper.core.language import _, ngettext
from scorekeeper.serve.push import StoreFollower
from scorekeeper.storage import chain
from scorekeeper.words import told


class Answer(NamedTuple):
    code: int  # as the command line's exit code: 0 recorded, 1 refused, 2 usage, 3 store; 4: not allowed here
    reply: str  # the call's reply (code 0)
    error: str  # the refusal, in one line (other codes)
    warnings: list[str]  # said beside the reply
    known: Any = None  # table.Seen: the game at its head after a recorded entry
    head: str = ""  # the chain head after the entry (recorded now, or the first time)
    hand: int | None = None  # the hand the entry went to
    again: bool = False  # the phone's entry id was recorded already: nothing recorded now
    stale: bool = False  # refused: made on a head that is no longer the chain's
    why: dict[str, Any] | None = None  # `why`: the points as data, for the page to lay out (its reply is the first line)


FORBIDDEN = 4


class Scorer:
    """Runs the phone's lines, one at a time (the command line keeps its state in one place)."""

    def __init__(self, group: Any, folder: Path, home: Path | None) -> None:
        self.group = group  # the command line's click group: it parses a command's words
        self.home = home
        self.follower = StoreFollower(folder, via=events.VIA_PHONE)
        self.lock = threading.Lock()
        # one thread of its own: the store's SQLite connection may only be used by its thread
        self.thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="scorer")
        self.at = table.AtHead()  # the game the lines act on, at its head (the scorer's thread's)
        self._written: list[Any] = []  # what the last entry appended

    def close(self) -> None:
        self.thread.submit(self.follower.close).result()
        self.thread.shutdown()

    async def answer(self, line: str, chosen: str | None, then: Callable[[Any], None], entry_id: str | None = None,
                     after: str | None = None) -> Answer:  # fmt: skip
        """`enter`, run on the scorer's own thread and awaited from the event loop. Once an
        entry is recorded, `then(answer.known)` (the served state after it, to every page by
        its stream) is run on the same thread after the answer is given: the phone does not
        wait for it, and the next line, or a read awaiting `settled`, comes after it. Both
        speak the language in use where this is awaited (the request's)."""
        speaking = language.in_use()

        def entered() -> Answer:
            with language.speaking(speaking):
                return self.enter(line, chosen, entry_id, after)

        def followed(known: Any) -> None:
            with language.speaking(speaking):
                then(known)

        done = await asyncio.wrap_future(self.thread.submit(entered))
        if done.code == 0:
            self.thread.submit(followed, done.known)
        return done

    async def settled(self) -> None:
        """Wait until what the scorer's thread was given so far is done (an entry's state)."""
        await asyncio.wrap_future(self.thread.submit(lambda: None))

    def enter(self, line: str, chosen: str | None, entry_id: str | None = None, after: str | None = None) -> Answer:
        """Run one line from the phone. `entry_id`: the phone's id of the entry (its outbox's),
        which an entry sent again is known by; `after`: the chain head the phone saw when it
        was made, refused (stale) if anything was recorded since."""
        with self.lock:
            try:
                return self._enter(line, chosen, entry_id, after)
            except Settled as exc:
                return exc.answer
            except interpreter.Forbidden as exc:
                return Answer(FORBIDDEN, "", _("refused: {reason}").format(reason=exc), [])
            except errors.ScorekeeperError as exc:  # said in the page's words where they differ (a form mistake, an option)
                if exc.exit_code == 1:
                    return Answer(exc.exit_code, "", _("refused: {reason}").format(reason=exc.on_page()), [])
                return Answer(exc.exit_code, "", _("error: {message}").format(message=exc.on_page()), [])

    def _enter(self, line: str, chosen: str | None, entry_id: str | None = None, after: str | None = None) -> Answer:
        words = interpreter.split(line)
        if not words:
            raise errors.UsageError(_("the line is empty; give an answer or a command"))
        if words[0].casefold() in ("help", "quit", "exit"):
            raise errors.UsageError(
                _("`{word}` is a word of `play` in the terminal; give an answer or a command").format(word=words[0])
            )
        from scorekeeper import commands

        db = self.follower.open()
        game = self._game_now(db, chosen)
        if game is not None and entry_id is not None:
            sent_before(self.at.seen.stored, entry_id)
        words = interpreter.command_words(words, game, self.group.commands)
        interpreter.check_remote(self.group, words)
        if game is not None and after is not None and words[0].casefold() not in NOT_ON_THE_HEAD:
            made_on(self.at.seen.stored, after)
        db.phone_entry, db.written, db.overtaken = entry_id, [], None
        db.after = (game.id, after) if game is not None and after is not None else None
        try:
            said = interpreter.call(self.group, words, commands.Desk(self.home, lent=db, in_turn=True, on_page=True), chosen)
        except errors.ScorekeeperError:
            if db.overtaken is not None:  # the terminal's entry came between the check and the append
                stored = db.events(db.overtaken[0])
                raise Settled(Answer(1, "", stale_words(stored, db.overtaken[1]), [], head=stored[-1].hash,
                                     stale=True)) from None  # fmt: skip
            raise
        finally:
            self._written, db.written = db.written, []
            db.phone_entry, db.after, db.overtaken = None, None, None
        if said.game_id is not None:  # where the entry went
            chosen = said.game_id
        elif said.made_current:  # a game made current (`new`, `use`): it is played next
            chosen = None
        now = self._game_now(db, chosen, said.recorded or said.undone)
        reply = said.reply  # the page shows its game: the reply does not name it
        standings = interpreter.standings_after(game, now, words)
        if standings:
            reply += "\n" + standings
        seen = self.at.seen
        if seen is None:
            return Answer(0, reply, "", said.warnings, why=said.why)
        return Answer(0, reply, "", said.warnings, seen, seen.head, hand_of(seen.stored, self._written, seen.game),
                      why=said.why)  # fmt: skip

    def _game_now(self, db: Any, chosen: str | None, made: Any = None) -> Any:
        """The game a line acts on as the store holds it now; None when there is no game yet.
        `made`: what an entry just recorded or undid (see table.AtHead.read)."""
        try:
            game_id = table.resolve_game(db, chosen)
        except errors.EntryError:
            if chosen is None and db.current_game() is None:
                self.at.forget()
                return None
            raise
        self.at.read(db, game_id, made)
        return self.at.seen.game


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


def sent_before(stored: list[Any], entry_id: str) -> None:
    """Raise Settled with the answer when the phone's entry was recorded already: found by
    its id in the game's chain (`stored`, at its head), answered with the first time's head
    and hand, recording nothing now (a refused entry left nothing to find: it meets the same
    refusal again)."""
    mine = [n for n, e in enumerate(stored) if events.phone_entry(e.body) == entry_id]
    if mine:
        log = events.parse_all([e.body for e in stored[: mine[-1] + 1]])
        said = "; ".join(told.entry(log[n], log[:n], seats(log[:n])) for n in mine)
        mine = [stored[n] for n in mine]
        reply = _("already recorded: {entries}").format(entries=said)
        raise Settled(Answer(0, reply, "", [], None, mine[-1].hash, hand_of(stored, mine), again=True))


def made_on(stored: list[Any], after: str) -> None:
    """Raise Settled with the refusal of an entry made on a head the chain (`stored`, at its
    head) has moved past, before the rules are asked (they would refuse it for what was
    entered since, without saying so). The head is checked again as the entry is appended
    (chain_writer.Stale)."""
    if stored and stored[-1].hash != after:
        raise Settled(Answer(1, "", stale_words(stored, after), [], head=stored[-1].hash, stale=True))


def stale_words(stored: list[Any], after: str) -> str:
    """The refusal of an entry made on head `after`: what was recorded since, and by whom."""
    seen = next((n for n, e in enumerate(stored) if e.hash == after), None)
    since = stored[seen + 1 :] if seen is not None else []
    if not since:
        return _("refused: the game has changed since this phone last saw it; redo or drop this entry")
    last = since[-1]
    log = events.parse_all([e.body for e in stored])
    event = log[-1]
    who = _("the scorer's phone") if events.via(last.body) == events.VIA_PHONE else _("the terminal")
    hand = getattr(event, "hand", None)
    entry = told.entry(event, log[:-1], seats(log[:-1]))  # in the players' words: an undo by what it took back
    if len(since) == 1:
        if isinstance(event, events.EntryReversed | events.Corrected):
            return _("refused: since this phone last saw the game, {who} recorded this: {entry}; redo or drop this entry").format(
                who=who, entry=entry
            )
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


def seats(log: list[Any]) -> tuple[str, ...]:
    """The players in seating order after the entries `log` (the order a page names values in)."""
    seated: tuple[str, ...] = ()
    for event in log:
        seated = told.seated(seated, event)
    return seated


def hand_of(stored: list[Any], written: list[Any], game: Any = None) -> int | None:
    """The hand an entry's stored events (`written`, in the chain `stored`) went to: the
    first that names one (an undo: the hand of the entry it took back), else the hand in
    progress in `game`."""
    game_id = stored[0].game_id if stored else None
    for entry in written:
        if entry.game_id != game_id:
            continue
        event = events.parse_all([entry.body])[0]
        if isinstance(event, events.EntryReversed) and 0 <= event.target < len(stored):
            event = events.parse_all([stored[event.target].body])[0]
        hand = getattr(event, "hand", None)
        if isinstance(hand, int):
            return hand
    return game.hand.number if game is not None and game.hands else None
