"""`play`: one session for the whole evening. Reads a line at a time, has the interpreter
turn a bare answer into the command for what the hand needs next and make that command's call
of the library (in-process, so each reply comes at once), and says what is needed next. What a
hand needs, who is still to bid or pick, what each may pick and which answers the game takes
at all come from the core (needs.Need): the session holds no rule knowledge. The terminal's
line editing lives in `terminal`."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from scorekeeper import interpreter, table
from scorekeeper.core import errors, needs, plain
from scorekeeper.core.language import N_, _

SESSION_WORDS = {
    "quit": N_("leave the session (also exit, or Ctrl-D)"),
    "help": N_("this list; `help COMMAND` for one"),
}
LEAVE = ("quit", "exit")
SETUP = ("ruleset", "players", "dealer", "location", "scorer")
SKIPPABLE = ("dealer", "location", "scorer")  # Enter: the first player deals; no location, no scorer
# The prompt before a game is started, at each of its steps ({player}: the first player).
SETUP_PROMPTS = {
    "ruleset": N_("new game · ruleset> "),
    "players": N_("new game · players (clockwise, comma-separated)> "),
    "dealer": N_("new game · dealer (Enter: {player})> "),
    "location": N_("new game · location (Enter: none)> "),
    "scorer": N_("new game · scorer (Enter: none)> "),
}
SETUP_MISSING = {"ruleset": N_("give the ruleset"), "players": N_("give the players, e.g. Ann,Bob,Cat,Dan")}

# How to answer the prompt: each answer's name as the prompt asks for it, an example of what
# is typed (as it is typed, in any language) and what it means; `help` lists those the game
# takes (needs.Need.takes), in this order.
HELP_ANSWERS = {
    "trump": (N_("trump"), "h", N_("a suit, a card, or none")),
    "make": (N_("make"), "Bob h", N_("who made trump, and the suit; or pass")),
    "bids": (N_("bids"), "2 1 0 3 1", N_("or Ann=2 Bob=1; a few at a time as they are made")),
    "poisons": (N_("poisons"), "2 b1 t 0", N_("2 a bid of 2, b1 a blind bid of 1, t take; or Ann=bid:2")),
    "tricks": (N_("tricks"), "2 1 1 5 1", N_("or the hand card by card: one trick a line, leader first: QS 2S 3S")),
    "took": (N_("took"), "Bob QS QD", N_("who took which scoring cards; Snakebit: counts per player, 5 3 0")),
    "first": (N_("first/last"), "Cat", N_("who won the first / last trick")),
}
TRUMP_ALWAYS = (N_("trump"), "h", N_("a suit, or the card turned up: 7h"))
MAKERS_TRICKS = (N_("tricks"), "3", N_("the makers' tricks, one number; or the hand card by card: QS 2S 3S"))


class Session:
    """The state between two lines: which game, what it needs, and how to run a command."""

    def __init__(self, group: Any, home: Path | None, chosen: str | None, out: Callable[[str], None]) -> None:
        self.group = group  # the CLI's click group, every command registered: it parses a command's words
        self.home = home
        self.chosen = chosen  # --game given to `play`; None follows the store's current game
        self.out = out
        self.game: Any = None  # engine.Game as last read, None if there is no game
        self.data: dict[str, Any] = {}  # its status data
        self.needed: needs.Need | None = None  # what its hand in progress needs
        self.at = table.AtHead()  # the game at its head in the store, kept between lines
        self.setup: dict[str, str] = {}  # answers so far to "start a game" (no game yet)
        self.worst = 0
        self.left = False  # the scorer typed `quit`: the loop reading lines stops
        # entries another `sk` or a phone recorded, read while the prompt waited, not said yet
        self.elsewhere: list[str] = []
        self.db: Any = None  # see store()

    # --- the game as the store holds it now -------------------------------------------

    def store(self) -> Any:
        """The session's own connection to the store, kept open for its reads: each read
        sees everything committed until then, by this session's commands or another `sk`."""
        if self.db is None:
            from scorekeeper.storage import paths, store

            self.db = store.Store(paths.store_folder(self.home))
        return self.db

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def refresh(self, made: Any = None) -> list[str]:
        """Read the game again if the store changed (another `sk` may have written to it);
        returns the entries recorded elsewhere since the last read, in words. `made`: what a
        command just recorded or undid (table.Recorded, table.Undone), whose game is taken as
        it is if nothing else was written since (see table.AtHead)."""
        from scorekeeper import table

        db = self.store()
        gid = table.resolve_game(db, self.chosen) if self.chosen else db.current_game()
        self.chosen = self.chosen and gid
        if gid is None:
            self.at.forget()
            self.game, self.data, self.needed = None, {}, None
            return []
        was = self.at.seen
        since = self.at.read(db, gid, made)
        if self.at.seen is not was or self.game is None:
            from scorekeeper.words import reports

            self.game = self.at.seen.game
            self.needed = needs.of(self.game)
            self.data = reports.status_data(self.game, self.needed)
        if not since:
            return []
        from scorekeeper.core import events

        return [events.describe(e) for e in events.parse_all([e.body for e in since])]

    def sync(self) -> None:
        """Read the store again before a prompt, and say what another `sk` or a phone recorded
        meanwhile."""
        for said in [*self.elsewhere, *self.refresh()]:
            self.out(_("Recorded elsewhere: {entry}.").format(entry=said))
        self.elsewhere = []

    def follow(self) -> None:
        """Read the store again while the prompt waits (every second): the prompt and the bottom
        line then show what another `sk` or a phone recorded; `sync` says it once a line is
        entered. A store that cannot be read is said by `sync`."""
        with contextlib.suppress(errors.ScorekeeperError):
            self.elsewhere += self.refresh()

    def need(self) -> str | None:
        """What the hand needs next; None with no game, once it is over, or when nothing is."""
        return None if self.needed is None else self.needed.next

    def waiting(self) -> list[str]:
        """The players a per-player answer is for, in the order the prompt names them."""
        return [] if self.needed is None else interpreter.waiting(self.needed)

    # --- what the scorer sees ---------------------------------------------------------

    def prompt(self) -> str:
        if self.game is None:
            step = SETUP[len(self.setup)]
            first = self.setup["players"].split(",")[0] if step == "dealer" else ""
            return _(SETUP_PROMPTS[step]).format(player=first)
        if self.game.finished:
            return _("game over> ")
        data, needed, need = self.data, self.needed, self.need()
        if data["cards"] is not None:
            head = _("hand {hand} · {dealer} deals {cards}").format(hand=data["hand"], dealer=data["dealer"], cards=data["cards"])
        else:
            head = _("hand {hand} · {dealer} deals").format(hand=data["hand"], dealer=data["dealer"])
        if need is None:
            return f"{head}> "
        assert needed is not None  # a game: its needs were worked out with it
        players = self.waiting()
        shown = f" ({' '.join(players)})" if players else ""
        if need == "took":
            shown = (
                " " + _("(NAME CARD…, or counts for {players})").format(players=" ".join(needed.order))
                if needed.counts
                else " " + _("(NAME CARD…)")
            )
        if need == "trick" and needed.next_leader:
            shown = " " + _("({player} leads: CARD…)").format(player=needed.next_leader)
        return f"{head} · {interpreter.need_word(need)}{shown}> "

    def toolbar(self) -> str:
        """The bottom line: the hand, the dealer and the standings (and the last entry recorded
        elsewhere while the prompt waited)."""
        if self.elsewhere:
            return _("Recorded elsewhere: {entry}.").format(entry=self.elsewhere[-1]) + "\n" + self._toolbar()
        return self._toolbar()

    def _toolbar(self) -> str:
        if self.game is None:
            return _("no game yet: answer the ruleset, the players, the first dealer, the location and the scorer")
        from scorekeeper.words import reports

        data = self.data
        scores = reports.standings_line(self.game, between="  ")
        if self.game.finished:
            line = _("game over · {standings}").format(standings=scores)
        else:
            hand = reports.hand_title(self.game, data["hand"], of=True)
            line = _("{hand} · {dealer} deals · {standings}").format(hand=hand, dealer=data["dealer"], standings=scores)
        return "\n".join([line, *reports.forced_blind_warnings(data)])

    def hints(self, index: int) -> tuple[str, list[Any]] | None:
        """Who the `index`-th value of a per-player answer is for, and what they may give
        (bids or poisons still allowed, from the status data); None past the last player."""
        players = self.waiting()
        if index >= len(players):
            return None
        player = players[index]
        assert self.needed is not None  # someone is waiting: there is a game
        return player, interpreter.legal_values(self.needed, player)

    def greeting(self) -> str:
        if self.game is None:
            return _(
                "No game yet: answer the ruleset, the players, the first dealer, the location and the scorer "
                "to start one (Enter skips the last three; or type a command; `help` lists them)."
            )
        from scorekeeper.core import rulesets
        from scorekeeper.words import reports

        game = self.game
        # TRANSLATORS: {ruleset} is the game's proper name (Oh Hell, Hearts...), {players} their names
        said = _("Game {game}: {ruleset}, players {players}.").format(
            game=game.id, ruleset=rulesets.prose(game.ruleset.title), players=", ".join(game.players)
        )
        return said + "\n" + reports.status_text(game, in_turn=True, need=self.needed)

    # --- one line ----------------------------------------------------------------------

    def handle(self, line: str) -> int:
        """Do what one line says; returns its exit code (0 done, 1 refused, 2 usage…).
        `quit` sets `left`."""
        free = self.game is None and SETUP[len(self.setup)] in ("location", "scorer")
        if free and line.strip().casefold() not in (*LEAVE, "help"):
            try:  # a place or a name as typed: "Ann's kitchen" needs no quotes
                return self.answer_setup(line.strip())
            except errors.ScorekeeperError as exc:
                return self.fail(exc)
        try:
            words = interpreter.split(line)
        except errors.ScorekeeperError as exc:
            return self.fail(exc)
        if not words:
            if self.game is None and SETUP[len(self.setup)] in SKIPPABLE:  # Enter skips it
                return self.answer_setup("")
            return 0
        try:
            self.sync()  # what the line means depends on what the game needs now
            head = words[0].casefold()
            if head in LEAVE:
                self.left = True
                return 0
            if head == "help":
                return self.help(words[1:])
            if head == "play":
                raise errors.UsageError(_("this is `play` already; type an answer or a command, or `quit`"))
            if self.game is None and head not in self.group.commands:
                return self.answer_setup(line.strip())
            return self.run(interpreter.command_words(words, self.game, self.group.commands))
        except errors.ScorekeeperError as exc:
            return self.fail(exc)

    def fail(self, exc: errors.ScorekeeperError) -> int:
        print(interpreter.refusal(exc), file=sys.stderr)
        self.worst = max(self.worst, exc.exit_code)
        return exc.exit_code

    def answer_setup(self, text: str) -> int:
        """One of the answers that start a game; after the scorer, `new` is run."""
        step = SETUP[len(self.setup)]
        if step == "players":
            text = ",".join(name for name in text.replace(",", " ").split())
        if not text and step not in SKIPPABLE:
            raise errors.UsageError(_(SETUP_MISSING[step]))
        self.setup[step] = text
        if step == "ruleset":
            return self._check_ruleset(text)
        if step != SETUP[-1]:
            return 0
        chosen, self.setup = self.setup, {}
        args = ["new", chosen["ruleset"], "--players", chosen["players"]]
        for option in SKIPPABLE:
            args += [f"--{option}", chosen[option]] if chosen[option] else []
        return self.run(args)

    def _check_ruleset(self, name: str) -> int:
        from scorekeeper.storage import ruleset_files

        try:
            ruleset_files.find(name, self.home_folder())
        except errors.ScorekeeperError:
            self.setup = {}
            raise
        return 0

    def help_head(self) -> str:
        """How to answer the prompt: the answers this game asks for (all of them with no game
        yet), each with an example, and the order the prompt takes bare values in (the hand in
        progress's, when known)."""
        needed = self.needed
        answers = dict(HELP_ANSWERS)
        if needed is not None:
            takes = set(needed.takes)
            if needed.trump_always:
                answers["trump"] = TRUMP_ALWAYS
            if needed.makers_tricks:
                answers["tricks"] = MAKERS_TRICKS
            if takes & {"first", "last"}:
                takes.add("first")  # one answer says both
            answers = {need: answer for need, answer in answers.items() if need in takes}
        playing = self.game is not None and not self.game.finished and needed is not None
        if playing:
            head = _("Answer the prompt with bare values, in the order it names the players ({players}):").format(
                players=", ".join(needed.order)
            )
        else:
            head = _("Answer the prompt with bare values, in the order it names the players:")
        named = [(_(name), typed, _(meaning)) for name, typed, meaning in answers.values()]
        width = max([10, *(plain.columns(name) for name, _typed, _meaning in named)]) + 2
        lines = [f"  {plain.padded(name, width)}{typed:<13}({meaning})" for name, typed, meaning in named]
        return "\n".join([head, *lines, _("Or type any command without `sk`:")])

    def home_folder(self) -> Path | None:
        from scorekeeper.storage import paths

        return paths.home(self.home)

    def help(self, words: list[str]) -> int:
        if words:
            return self.command_help(words[0])
        import textwrap

        rows = [(name, cmd.get_short_help_str(200)) for name, cmd in self.commands()]
        rows += [(name, _(text)) for name, text in sorted(SESSION_WORDS.items())]
        # whole sentences, wrapped under their command: a summary never stops mid-sentence
        lines = [textwrap.fill(text, 78, initial_indent=f"  {name:<10}  ", subsequent_indent=" " * 14) for name, text in rows]
        self.out(self.help_head() + "\n" + "\n".join(lines))
        return 0

    def command_help(self, name: str) -> int:
        """A command's help, drawn by its click command on the terminal."""
        command = self.group.commands.get(name.casefold())
        if command is None or name.casefold() == "play":
            raise errors.UsageError(_("no command {command}; `help` lists them").format(command=name))
        shown = command.get_help(command.make_context(name.casefold(), [], resilient_parsing=True))
        if shown:  # without rich, click gives the help as text; with it, rich draws it itself
            self.out(shown)
        return 0

    def run(self, words: list[str]) -> int:
        """Make the call a command line stands for (see interpreter.call) on the session's
        store, say what it said, then read the game again and, once a hand has closed, say
        the standings."""
        if "--help" in words[1:]:
            return self.command_help(words[0])
        before = self.game
        said = interpreter.call(self.group, words, self.desk(), self.chosen)
        self.out(said.shown().removesuffix("\n"))
        for warning in said.warnings:
            print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
        if said.made_current:
            self.chosen = None  # the session follows the game just made current
        self.refresh(said.recorded or said.undone)
        if said.then_refused is not None:
            raise said.then_refused
        standings = interpreter.standings_after(before, self.game, words)
        if standings:
            self.out(standings)
        return 0

    def desk(self) -> Any:
        """What the session's calls reach: its own open store; bare values taken in turn."""
        from scorekeeper import commands

        return commands.Desk(self.home, lent=self.store(), in_turn=True)

    # --- completion --------------------------------------------------------------------

    def completions(self, before: str) -> Iterator[tuple[str, str, int]]:
        """What Tab may complete the word being typed into: (text, a hint, how many
        characters before the cursor it replaces)."""
        words = before.split()
        current = "" if before.endswith((" ", "\t")) or not words else words[-1]
        done = words[:-1] if current else words
        start = -len(current)
        if self.game is None and not done:
            choices: list[tuple[str, str]] = []
            step = SETUP[len(self.setup)]
            if step == "ruleset":
                choices = [(name, where) for name, where in self._rulesets()]
            elif step == "dealer":
                choices = [(p, "") for p in self.setup["players"].split(",")]
            choices += self._commands()
        elif not done:
            choices = self._answer_choices(0) + self._commands()
        elif done[0].casefold() in self.group.commands:
            choices = self._argument_choices(done, current)
        else:
            choices = self._answer_choices(len(done))
        folded = current.casefold()
        for text, hint in choices:
            if text.casefold().startswith(folded):
                yield text, hint, start

    def commands(self) -> list[tuple[str, Any]]:
        """The CLI's commands that work inside the session (all but `play` itself)."""
        return [(name, cmd) for name, cmd in sorted(self.group.commands.items()) if name != "play"]

    def _commands(self) -> list[tuple[str, str]]:
        listed = [(name, cmd.get_short_help_str(50)) for name, cmd in self.commands()]
        return listed + [(name, "") for name in ("help", "quit")]

    def _rulesets(self) -> list[tuple[str, str]]:
        from scorekeeper.storage import ruleset_files

        return ruleset_files.available(self.home_folder())

    def _answer_choices(self, index: int) -> list[tuple[str, str]]:
        need = self.need()
        if self.game is None or need is None:
            return []
        if need in ("bids", "poisons"):
            hint = self.hints(index)
            if hint is None:
                return []
            player, legal = hint
            said = (_("{player} may bid") if need == "bids" else _("{player} may pick")).format(player=player)
            return [(str(value), said) for value in [*legal, *interpreter.bid_words(self.needed, player)]]
        if need in ("trump", "cursed"):
            return self._suits()
        if need in ("first", "last") or (need == "took" and index == 0):
            return self._players()
        if need in ("flip", "trick", "took", "tricks"):
            return self._cards()
        return []

    def _argument_choices(self, done: list[str], current: str) -> list[tuple[str, str]]:
        command = self.group.commands[done[0].casefold()]
        if current.startswith("-"):
            return [(opt, p.help or "") for p in command.params for opt in p.opts if opt.startswith("--")]
        name = done[0].casefold()
        if name in ("new", "rules") and len(done) == 1:
            return self._rulesets()
        if self.game is None:
            return []
        if name in ("trump", "cursed"):
            return self._suits()
        if name in ("trick", "winner", "flip") or (name == "took" and len(done) > 1):
            return self._cards()
        if any(p.name in ("player", "old") for p in command.params) or name in (
            "took",
            "first",
            "last",
            "moon",
        ):
            return self._players()
        return []

    def _players(self) -> list[tuple[str, str]]:
        return [(p, "") for p in self.game.players]

    def _suits(self) -> list[tuple[str, str]]:
        from scorekeeper import choices

        suits = [(s["word"], s["symbol"]) for s in choices.suits(self.game)]
        return suits if self.needed is not None and self.needed.trump_always else [*suits, ("none", _("no trump"))]

    def _cards(self) -> list[tuple[str, str]]:
        from scorekeeper import choices

        return [(c["code"], c["name"]) for c in choices.pack(self.game)]


def lines(stream: Any) -> Iterator[str]:
    for line in stream:
        yield line.rstrip("\n")


def run(group: Any, home: Path | None, chosen: str | None) -> int:
    """The session: through the terminal's line editor when standard input and output are a
    terminal, else one line at a time from standard input, replies undecorated. Returns the exit code:
    0, or the highest code of a line that was refused. `group` is the command line's, handed
    over by its `play` command to parse a command's words (this module does not import it)."""
    import tabulate  # noqa: F401  (every closed hand prints a table: imported now, not at the first)
    import typer

    session = Session(group, home, chosen, typer.echo)
    try:
        return _run(session)
    except errors.ScorekeeperError as exc:
        return session.fail(exc)
    finally:
        session.close()


def _run(session: Session) -> int:
    import gc

    session.refresh()
    if sys.stdin.isatty() and sys.stdout.isatty():
        from scorekeeper import terminal  # prompt_toolkit: only for a person at a terminal

        gc.freeze()  # all loaded now lives all session: no full collection walks it (see cli.main)
        return terminal.run(session)
    gc.freeze()
    session.out(session.greeting())
    try:
        for line in lines(sys.stdin):
            session.handle(line)
            if session.left:
                break
    except KeyboardInterrupt:
        print(_("error: {message}").format(message=_("interrupted")), file=sys.stderr)
        return 130
    return session.worst
