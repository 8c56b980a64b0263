"""The command line: parses what the scorer typed, calls the core, prints, and maps the
one error hierarchy to exit codes in one place. No rule knowledge lives here."""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer
import typer.core

from scorekeeper.core import errors, language
from scorekeeper.core.language import N_, _

try:  # typer 0.29 carries its own copy of click; earlier versions depend on click itself
    from typer import _click as click
except ImportError:  # pragma: no cover
    import click

if TYPE_CHECKING:
    from scorekeeper import commands


def _said(attribute: str) -> property:
    """A help text kept in English, as it was written (the catalog's key), and read in the
    language in use: typer makes its help texts when this module is imported, before a
    language is chosen, so they are translated each time they are shown."""
    kept = f"_english_{attribute}"

    def read(self: Any) -> str | None:
        text = getattr(self, kept, None)
        return flowing(_(text)) if text else text

    def keep(self: Any, text: str | None) -> None:
        setattr(self, kept, text)

    return property(read, keep)


# A line of a help text that is an example's command line ("Example: scorekeeper …", "Beispiel :
# scorekeeper …", or a second command line under it); compiled when a help is first shown
EXAMPLE_LINE = r"\s*(?:[^\s:]+\s?:\s)?(?:scorekeeper|sk|eval)\b"


def flowing(text: str) -> str:
    """A help text whose paragraphs flow: the line breaks written to keep the source narrow
    are read as spaces, so the terminal wraps each paragraph to its own width (it kept them,
    leaving half-empty lines); an example's command line keeps a line of its own."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines: list[str] = []
        for line in paragraph.split("\n"):
            if lines and not re.match(EXAMPLE_LINE, line):
                lines[-1] = f"{lines[-1].rstrip()} {line.strip()}"
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


class Spoken:
    """A command (or the program) whose help, usage line and help headings are shown in the
    language in use."""

    help = _said("help")

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        from scorekeeper import click_words

        pieces = click_words.usage_pieces(self, self.collect_usage_pieces(ctx))  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from scorekeeper import click_words

        click_words.headings()
        super().format_help(ctx, formatter)  # type: ignore[misc]


class SpokenCommand(Spoken, typer.core.TyperCommand):
    @property
    def short_help(self) -> str | None:
        """The command's line in the program's list of commands: its help's first paragraph,
        the line breaks written for an 80-column `--help` read as spaces (the list wraps it)."""
        text = self.help
        return None if text is None else " ".join(text.split("\n\n")[0].split())

    @short_help.setter
    def short_help(self, text: str | None) -> None:
        assert text is None, "a command's line in the list is its help's first paragraph"


# an option's or argument's help, and click's own --help option's, in the language in use
typer.core.TyperOption.help = typer.core.TyperArgument.help = _said("help")  # type: ignore[assignment,method-assign]


class OneLineErrors(Spoken, typer.core.TyperGroup):
    """Usage mistakes (unknown command or option, a missing argument) as one line on stderr
    with exit code 2, like every other refusal, instead of a framed help box. The language is
    chosen here, before anything is parsed or a help text shown (see `choose_language`)."""

    def main(self, args: Any = None, *rest: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
            import typer.completion as shell_completion  # the shell asks (see `completion`)

            shell_completion.completion_init()
        streams = sys.stdout, sys.stderr
        # Whatever reaches a terminal, control characters in it (a name or comment stored
        # before they were refused) are shown, not acted on.
        sys.stdout, sys.stderr = Neutralised(sys.stdout), Neutralised(sys.stderr)
        forget_recorded()
        spoken = contextlib.ExitStack()  # the language chosen, spoken until the last word is said
        try:
            given = sys.argv[1:] if args is None else list(args)
            spoken.enter_context(choose_language(globals_first(given, complete=False)))  # to say what is amiss
            args = globals_first(given)
            result = super().main(args, *rest, standalone_mode=False, **kwargs)
            if result == 130:  # typer's answer to Ctrl-C inside a command
                typer.echo(said_error(interrupted()), err=True)
        except click.ClickException as exc:
            from scorekeeper import click_words

            command = exc.ctx.command_path if getattr(exc, "ctx", None) else "scorekeeper"
            message = click_words.message(exc.format_message())
            typer.echo(said_error(_("{message} (see `{command} --help`)").format(message=message, command=command)), err=True)
            result = exc.exit_code
        except errors.ScorekeeperError as exc:  # the language asked for is not one we speak
            typer.echo(said_error(str(exc)), err=True)
            result = exc.exit_code
        except typer.Abort:
            typer.echo(said_error(interrupted()), err=True)
            result = 1
        except KeyboardInterrupt:
            typer.echo(said_error(interrupted()), err=True)
            result = 130
        except Exception as exc:
            if not by_ctrl_c(exc):
                raise
            typer.echo(said_error(interrupted()), err=True)
            result = 130
        finally:
            spoken.close()
            sys.stdout, sys.stderr = streams
        if standalone_mode:
            sys.exit(result if isinstance(result, int) else 0)
        return result


class Neutralised:
    """A text stream that, on a terminal, writes control characters as visible escapes (see
    core.plain); into a file or a pipe the text goes as it is, so a CSV or JSON sheet keeps
    its data. Everything else (its buffer, fileno, encoding) is the stream's own."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        try:
            self._terminal = bool(stream.isatty())
        except (AttributeError, OSError, ValueError):
            self._terminal = False

    def write(self, text: Any) -> Any:
        if self._terminal and isinstance(text, str):
            from scorekeeper.core import plain

            text = plain.neutral(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def by_ctrl_c(exc: BaseException) -> bool:
    """Whether an exception is Ctrl-C, or was raised because of it: an interrupt that lands
    while a class is being made comes out as the RuntimeError it caused."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def forget_recorded() -> None:
    store_module = sys.modules.get("scorekeeper.storage.store")
    if store_module is not None:
        store_module.COMMITTED.clear()


def interrupted() -> str:
    """What an interrupted command leaves behind, in words: the entries it had stored."""
    store_module = sys.modules.get("scorekeeper.storage.store")  # not loaded: nothing stored
    done = store_module.COMMITTED if store_module is not None else []
    if not done:
        return _("interrupted; nothing was recorded")
    first, last = done[0][1], done[-1][1]
    if first == last:
        return _("interrupted; entry {entry} was recorded").format(entry=last)
    return _("interrupted; entries {first} to {last} were recorded").format(first=first, last=last)


def said_error(message: str) -> str:
    """A line of the error stream saying what went wrong."""
    return _("error: {message}").format(message=message)


def _flag_type(display_type_rich: Callable[..., Any]) -> Callable[..., Any]:
    """An option's type as help shows it, none for a flag (typer writes `<bool>` beside
    --help, --version and --json, which take no value)."""

    def shown(option: Any, ctx: Any) -> Any:
        return None if option.is_flag else display_type_rich(option, ctx)

    return shown


typer.core.TyperOption.display_type_rich = _flag_type(typer.core.TyperOption.display_type_rich)  # type: ignore[method-assign]

app = typer.Typer(
    cls=OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help=N_("Keep score and referee trick-taking card games at a real table."),
    pretty_exceptions_enable=False,
)

GameOption = Annotated[Optional[str], typer.Option("--game", help=N_("act on this game instead of the current one"))]
HandOption = Annotated[
    Optional[int],
    typer.Option("--hand", help=N_("the hand this is for; on a closed hand, a correction (later hands are re-told)")),
]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("print JSON"))]
Values = Annotated[list[str], typer.Argument(help=N_("NAME=VALUE pairs, or one value per player in seating order"))]


class Context:
    home: Path | None = None  # --home as given


CONTEXT = Context()


GLOBAL_OPTIONS = ("--home", "--lang")  # the program's own, written before or after the command
OWN_LANGUAGE = ("sheet",)  # commands whose own --lang is the language of what they write


def globals_first(args: list[str], complete: bool = True) -> list[str]:
    """The program's own options (`--home DIR`, `--lang CODE`) written after the command name
    (`sk status --home DIR`) moved to just before it, where the program reads them; except
    the --lang of a command that has its own (`sheet --lang fr`). Everything after a `--` is
    left as it is. An option missing its value is a usage error, or left out if not `complete`."""
    before: list[str] = []
    moved: list[str] = []
    after: list[str] = []
    words = iter(args)
    for word in words:
        option = word.split("=", 1)[0]
        if word == "--":
            after += [word, *words]
        elif option in GLOBAL_OPTIONS and not (option == "--lang" and after[:1] and after[0] in OWN_LANGUAGE):
            value = [] if "=" in word else [next(words, None)]
            if None in value:
                if not complete:
                    continue
                raise click.exceptions.UsageError(f"Option '{option}' requires an argument.")
            (moved if after else before).extend([word, *value])
        elif after or not word.startswith("-"):
            after.append(word)  # the command name, then its own arguments
        else:
            before.append(word)
    return [*before, *moved, *after]


def global_option(args: list[str], name: str) -> str | None:
    """The value of one of the program's own options, given before the command name."""
    words = iter(args)
    for word in words:
        if not word.startswith("-"):
            return None
        if word == name:
            return next(words, None)
        if word.startswith(f"{name}="):
            return word.split("=", 1)[1]
        if word in GLOBAL_OPTIONS:
            next(words, None)
    return None


def choose_language(args: list[str]) -> contextlib.AbstractContextManager[None]:
    """The language the command speaks, for the block returned: the one `--lang` names, else
    SCOREKEEPER_LANG's, else the locale's (LC_ALL, LC_MESSAGES, LANG), else English; one we
    do not speak is a usage error naming those we do."""
    flag = global_option(args, "--lang")
    from scorekeeper.words import catalogs

    translations = catalogs.translations(catalogs.chosen(flag))
    if translations is not language.ENGLISH:
        from scorekeeper import click_words

        click_words.speak_through_catalog()
    return language.speaking(translations)


def show_version(value: bool) -> None:
    if value:
        from scorekeeper import __version__

        typer.echo(f"scorekeeper {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    home: Annotated[
        Optional[str], typer.Option("--home", help=N_("folder of the store and your rulesets (before or after the command)"))
    ] = None,
    lang: Annotated[
        Optional[str],
        typer.Option(
            "--lang",
            help=N_("the language to speak: en, de, fr or es (before or after the command; default: $SCOREKEEPER_LANG, else the locale's)"),
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", help=N_("print the version and stop"), callback=show_version, is_eager=True)
    ] = False,
) -> None:
    if home is not None and not home.strip():
        # Path("") is the current folder: a store would quietly appear wherever one stood
        typer.echo(said_error(_("--home is empty; give a folder, e.g. --home ~/scores")), err=True)
        raise typer.Exit(2)
    CONTEXT.home = None if home is None else Path(home)


def command(name: str | None = None, dashed_values: bool = False, help: str | None = None) -> Callable:
    """Register a command: the function declares its arguments and options, and the library's
    call of the same name (see commands.find) does the work, its result printed (`show`). A
    command that is a front end of its own (`play`, `serve`, `demo`, `completion`) runs its
    function. ScorekeeperErrors become one line on stderr and an exit code, and the command
    ends quietly with exit 0 when its reader stops reading (`sk sheet | head`).
    With `dashed_values`, an argument like -5 (or a comment's "-2 for a misdeal") is a value,
    not an unknown option. `help`: the command's help, marked for the catalog (N_) and shown
    in the language in use."""

    def register(function: Callable) -> Callable:
        called = name or function.__name__

        @functools.wraps(function)
        def run(*args: Any, **kwargs: Any) -> Any:
            from scorekeeper import commands

            try:
                call = commands.find(called)
                if call is None:
                    return function(*args, **kwargs)
                show(commands.perform(call, desk(), **kwargs))
            except errors.ScorekeeperError as exc:
                from scorekeeper import interpreter

                typer.echo(interpreter.refusal(exc), err=True)
                raise typer.Exit(exc.exit_code) from None
            except BrokenPipeError:
                reader_gone()
                raise typer.Exit(0) from None

        settings = {"ignore_unknown_options": True} if dashed_values else None
        return app.command(name, cls=SpokenCommand, help=help, context_settings=settings)(run)

    return register


# --- plumbing ------------------------------------------------------------------------


def reader_gone() -> None:
    """Standard output's reader went away (`| head` has its lines): what is still buffered
    goes nowhere instead of failing again when the program ends. Anything entered was
    stored before the output began."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no file descriptor in tests
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def desk() -> commands.Desk:
    """What a command's call reaches from the command line: the store opened for it alone."""
    from scorekeeper import commands

    return commands.Desk(CONTEXT.home)


def show(said: commands.Said) -> None:
    """Print what a call said: the reply on standard output, each warning on standard error
    after it; then a refusal it ended with (`verify`'s digest of another game)."""
    typer.echo(said.shown(), nl=False)
    for warning in said.warnings:  # after the work: a refusal says only why
        typer.echo(_("warning: {warning}").format(warning=warning), err=True)
    if said.then_refused is not None:
        raise said.then_refused


# --- games ---------------------------------------------------------------------------


@command(
    help=N_(
        "Start a game and make it current.\n"
        "\n"
        "Example: scorekeeper new oh-hell-mrpikes --players Ann,Bob,Cat,Dan --dealer Bob"
    ),
)
def new(
    ruleset: Annotated[str, typer.Argument(metavar="RULESET", help=N_("a ruleset name (see `rulesets`) or a path to a .toml file"))],
    players: Annotated[str, typer.Option("--players", help=N_("names in clockwise seating order, comma-separated"))],
    dealer: Annotated[Optional[str], typer.Option("--dealer", help=N_("the first dealer (default: the first player)"))] = None,
    name: Annotated[str, typer.Option("--name", help=N_("a name for the game"))] = "",
    location: Annotated[str, typer.Option("--location", help=N_("where it is played"))] = "",
    scorer: Annotated[str, typer.Option("--scorer", help=N_("who keeps score"))] = "",
    set_: Annotated[list[str], typer.Option("--set", help=N_("a house option, NAME=VALUE (see `rules RULESET`)"))] = [],
    night: Annotated[Optional[str], typer.Option("--night", help=N_("start it as a game of this club night"))] = None,
    round_: Annotated[Optional[int], typer.Option("--round", help=N_("with --night: the round of the night it belongs to"))] = None,
    sides: Annotated[
        Optional[tuple[str, str]],
        typer.Option("--sides", help=N_("partnership games: name the two sides, e.g. --sides \"Us=Ann,Cat\" \"Them=Bob,Dan\"")),
    ] = None,
) -> None:
    ...


# --- club nights ---------------------------------------------------------------------


@command(
    help=N_(
        "Seat everyone for every round of a club night: each plays once a round, tables as even\n"
        "as the ruleset allows, sitting out shared, no pair meeting more than needed, seats varied.\n"
        "\n"
        "Partners (Spades, Euchre): tables of 4, partners opposite, partners and opponents spread.\n"
        "\n"
        "Example: scorekeeper seat --players Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal --rounds 3 --ruleset oh-hell-office --night Friday"
    ),
)
def seat(
    players: Annotated[str, typer.Option("--players", help=N_("everyone playing tonight, comma-separated"))],
    rounds: Annotated[int, typer.Option("--rounds", help=N_("how many rounds"))],
    ruleset: Annotated[str, typer.Option("--ruleset", help=N_("the ruleset: its player range sets the table sizes"))],
    tables: Annotated[Optional[int], typer.Option("--tables", help=N_("how many tables (default: tables of about 4)"))] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help=N_("the same seed gives the same seating"))] = None,
    night: Annotated[Optional[str], typer.Option("--night", help=N_("keep the seating as this night's, for `night start`"))] = None,
    hands: Annotated[
        Optional[int],
        typer.Option("--hands", help=N_("each game plays this many hands, whatever the scores (partners: 8; 0: to the target)")),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    help=N_(
        "A club night: start a round's games from its kept seating, or show the room's leaderboard.\n"
        "\n"
        "Examples: scorekeeper night start Friday --round 1\n"
        "          scorekeeper night standings Friday --by places"
    ),
)
def night(
    action: Annotated[str, typer.Argument(help=N_("start or standings"))],
    name: Annotated[str, typer.Argument(help=N_("the night's name (or a unique beginning of it)"))],
    round_: Annotated[Optional[int], typer.Option("--round", help=N_("start: the round to start"))] = None,
    table_: Annotated[Optional[int], typer.Option("--table", help=N_("start: only this table of the round"))] = None,
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", help=N_("start: play this ruleset instead of the seating's"))] = None,
    location: Annotated[str, typer.Option("--location", help=N_("start: where it is played"))] = "",
    set_: Annotated[list[str], typer.Option("--set", help=N_("start: a house option, NAME=VALUE"))] = [],
    by: Annotated[
        Optional[str],
        typer.Option(
            "--by", help=N_("standings: places (placement points) or score (one ruleset only; a progressive night's default)")
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    help=N_(
        "List the newest games in the store (with --all, every one); the current one is marked\n"
        "with *.\n"
        "\n"
        "Example: scorekeeper games --all"
    ),
)
def games(
    every: Annotated[bool, typer.Option("--all", help=N_("list every game, not only the newest"))] = False,
) -> None:
    ...


@command(
    help=N_(
        "Make another game the current one.\n"
        "\n"
        "Example: scorekeeper use 3f2a   (or by its name: scorekeeper use tuesday)"
    ),
)
def use(game: Annotated[str, typer.Argument(help=N_("a game's id or name, or a unique prefix of one"))]) -> None:
    ...


@command(
    help=N_(
        "The hand in progress: dealer, cards, trump, who leads, what is still to record.\n"
        "\n"
        "Example: scorekeeper status --json"
    ),
)
def status(game: GameOption = None, as_json: JsonOption = False) -> None:
    ...


@command(
    help=N_(
        "Scores, places, forfeits, and the winner once the game is over.\n"
        "\n"
        "Example: scorekeeper standings --chart"
    ),
)
def standings(
    game: GameOption = None,
    as_json: JsonOption = False,
    chart: Annotated[bool, typer.Option("--chart", help=N_("add a plot of each player's running total over the hands"))] = False,
) -> None:
    ...


# --- entries -------------------------------------------------------------------------


@command(
    help=N_(
        "Record the trump for the hand: a suit, or the card turned up (Snakebit: the Crown).\n"
        "\n"
        "Example: scorekeeper trump hearts     (or: scorekeeper trump 7h; Snakebit: scorekeeper trump Sea)"
    ),
)
def trump(suit: Annotated[str, typer.Argument(help=N_("a suit, a card (its suit), or none"))], hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record the card flipped to set the hand size and trump.\n"
        "\n"
        "Example: scorekeeper flip 7h"
    ),
)
def flip(card: Annotated[str, typer.Argument(help=N_("the card flipped before the deal"))], hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record the cursed suit (Snakebit): its name, or the flipped Ace's.\n"
        "\n"
        "Example: scorekeeper cursed wyrms     (or: scorekeeper cursed \"Ace of Wyrms\")"
    ),
)
def cursed(
    suit: Annotated[str, typer.Argument(help=N_("the suit of the flipped Ace, or the Ace itself"))],
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Record bids; a bid may be corrected until the tricks are recorded.\n"
        "\n"
        "Example: scorekeeper bid Ann=2 Bob=0 Cat=1   (or: scorekeeper bid 2 0 1)"
    ),
)
def bid(values: Values, hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record who made trump (Euchre): the player and the suit, ordered up or named, alone or not; "
        "`make pass` when every player passed.\n"
        "\n"
        "Example: scorekeeper make Ann hearts --ordered-up --alone"
    ),
)
def make(
    player: Annotated[str, typer.Argument(help=N_("who made trump, or pass"))],
    suit: Annotated[Optional[str], typer.Argument(help=N_("the trump suit"))] = None,
    ordered_up: Annotated[bool, typer.Option("--ordered-up", help=N_("the turned card was ordered up"))] = False,
    alone: Annotated[bool, typer.Option("--alone", help=N_("the maker goes alone: the partner sits out"))] = False,
    defender: Annotated[Optional[str], typer.Option("--defender-alone", help=N_("a defender who goes alone"))] = None,
    turned: Annotated[Optional[str], typer.Option("--turned", help=N_("the card turned up, e.g. 9h"))] = None,
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Record the tricks each player took; the hand then closes and is scored.\n"
        "\n"
        "Example: scorekeeper tricks Ann=2 Bob=1 Cat=0"
    ),
)
def tricks(values: Values, hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record a renege and apply its penalty at once.\n"
        "\n"
        "Example: scorekeeper renege Bob --kind revoke --note \"played a club on a heart lead\""
    ),
)
def renege(
    player: Annotated[str, typer.Argument(help=N_("who reneged"))],
    kind: Annotated[Optional[str], typer.Option("--kind", help=N_("which renege (see `rules`)"))] = None,
    note: Annotated[str, typer.Option("--note", help=N_("what happened"))] = "",
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    dashed_values=True,
    help=N_(
        "Note a comment on the score sheet, under the hand in progress.\n"
        "\n"
        "Example: scorekeeper comment great hand by Ann"
    ),
)
def comment(
    words: Annotated[list[str], typer.Argument(help=N_("the comment: the rest of the line, quotes not needed"))],
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Record who actually dealt a hand (a deal out of turn); the rotation carries on from them.\n"
        "\n"
        "Example: scorekeeper dealer Cat --hand 3"
    ),
)
def dealer(
    player: Annotated[str, typer.Argument(help=N_("who actually dealt"))],
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Mark the game abandoned; `undo` takes it back.\n"
        "\n"
        "The game is kept in the store and the log, and left out of `stats`.\n"
        "\n"
        "Example: scorekeeper abandon"
    ),
)
def abandon(game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Set or change the game's name, location and scorer.\n"
        "\n"
        "An entry of its own: logged, shown on the sheet, and `undo` takes it back. Options left\n"
        "out stay as they were; \"\" clears one. It may be given once the game is over.\n"
        "\n"
        "Example: scorekeeper label --location \"Ann's kitchen\" --scorer Bob"
    ),
)
def label(
    name: Annotated[Optional[str], typer.Option("--name", help=N_("the game's name"))] = None,
    location: Annotated[Optional[str], typer.Option("--location", help=N_("where it is played"))] = None,
    scorer: Annotated[Optional[str], typer.Option("--scorer", help=N_("who keeps score"))] = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "A player joins from the next hand to be dealt.\n"
        "\n"
        "That is the hand in progress if nothing is recorded in it yet. The newcomer starts with\n"
        "the score of the player in last place unless --score or the ruleset's join_score option\n"
        "says otherwise.\n"
        "\n"
        "Example: scorekeeper join Eve --after Bob"
    ),
)
def join(
    name: Annotated[str, typer.Argument(help=N_("the new player's name"))],
    after: Annotated[Optional[str], typer.Option("--after", help=N_("seated after this player (default: last)"))] = None,
    score: Annotated[Optional[str], typer.Option("--score", help=N_("starting score (default: the ruleset's join_score)"))] = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "A player leaves after the hand in progress; their total is kept, marked as having left.\n"
        "\n"
        "Example: scorekeeper leave Dan"
    ),
)
def leave(name: Annotated[str, typer.Argument(help=N_("who leaves"))], game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Put a substitute in a seat, named by the player there or its number in the seating (1 for the\n"
        "first); the seat, and in Spades and Euchre its side, keeps its score.\n"
        "\n"
        "Example: scorekeeper sub Cat Eve     (or: scorekeeper sub 3 Eve)"
    ),
)
def sub(
    seat: Annotated[str, typer.Argument(help=N_("the player leaving the seat, or the seat's number"))],
    new: Annotated[str, typer.Argument(help=N_("the substitute's name"))],
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Give a seat a new name; it keeps its score. Also how a substitute takes over a seat.\n"
        "\n"
        "Example: scorekeeper rename Dan Dana"
    ),
)
def rename(
    old: Annotated[str, typer.Argument(help=N_("the seat's name now"))],
    new: Annotated[str, typer.Argument(help=N_("its new name (a substitute taking the seat, or a typo fixed)"))],
    game: GameOption = None,
) -> None:
    ...


@command(
    dashed_values=True,
    help=N_(
        "A house ruling: points added to a player in the hand in progress (or hand N), with the reason.\n"
        "\n"
        "Example: scorekeeper adjust Dan -5 --reason \"slow play\""
    ),
)
def adjust(
    name: Annotated[str, typer.Argument(help=N_("the player"))],
    points: Annotated[str, typer.Argument(metavar="POINTS", help=N_("points to add, e.g. -5 or 10"))],
    reason: Annotated[Optional[str], typer.Option("--reason", help=N_("the table's reason (required)"))] = None,
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Take back the last entry by recording its reversal; prints what was undone.\n"
        "\n"
        "Example: scorekeeper undo"
    ),
)
def undo(game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record scoring cards a player captured in tricks.\n"
        "\n"
        "Example: scorekeeper took Bob QS QD"
    ),
)
def took(
    player: Annotated[str, typer.Argument(help=N_("who took them"))],
    cards: Annotated[list[str], typer.Argument(help=N_("the scoring cards, e.g. QS QH"))],
    hand: HandOption = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "Record who won the first trick.\n"
        "\n"
        "Example: scorekeeper first Cat"
    ),
)
def first(player: Annotated[str, typer.Argument(help=N_("who won the first trick"))], hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record who won the last trick.\n"
        "\n"
        "Example: scorekeeper last Ann"
    ),
)
def last(player: Annotated[str, typer.Argument(help=N_("who won the last trick"))], hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record a declaration of shooting the moon, before the first trick.\n"
        "\n"
        "Example: scorekeeper moon Dan"
    ),
)
def moon(player: Annotated[str, typer.Argument(help=N_("who declares"))], hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Record poisons (Pick Your Poison): bid:N, blind:N or take per player.\n"
        "\n"
        "Players pick in turn from the dealer's left, the dealer last: record each pick as\n"
        "NAME=VALUE as it is made, or everyone's at once as bare values in seating order (the order\n"
        "of --players, not the picking order). The reply names every player with their pick.\n"
        "\n"
        "Example: scorekeeper poison Bob=take Cat=bid:3 Ann=blind:2   (or, seated Ann, Bob, Cat: scorekeeper poison blind:2 take bid:3)"
    ),
)
def poison(values: Values, hand: HandOption = None, game: GameOption = None) -> None:
    ...


Cards = Annotated[list[str], typer.Argument(metavar="CARD...", help=N_("the cards in the order played, leader first"))]
LedOption = Annotated[Optional[str], typer.Option("--led", help=N_("the suit led (Decktet: which of the led card's suits)"))]


@command(
    help=N_(
        "Record the next trick of the hand, card by card; prints who wins it and who leads next.\n"
        "When every trick is in, the hand is scored by itself.\n"
        "\n"
        "Example: scorekeeper trick QH 2H 3S     (Decktet: scorekeeper trick Diplomat Mill Pact --led moons)"
    ),
)
def trick(
    cards: Cards,
    led: LedOption = None,
    forced: Annotated[
        bool, typer.Option("--forced", help=N_("the leader led a suit not yet broken, holding nothing else"))
    ] = False,
    leader: Annotated[
        Optional[str],
        typer.Option("--leader", help=N_("who led the first trick, where the holder of a card leads (Hearts' 2♣)")),
    ] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    help=N_(
        "Referee calculator: who wins this trick, and why. Needs no game.\n"
        "\n"
        "Example: scorekeeper winner QH 2H 3S --trump clubs"
    ),
)
def winner(
    cards: Cards,
    trump: Annotated[Optional[str], typer.Option("--trump", help=N_("the trump suit (default: none)"))] = None,
    led: LedOption = None,
    ruleset: Annotated[
        Optional[str], typer.Option("--ruleset", help=N_("the game whose pack and Joker rule apply (default: 52 cards)"))
    ] = None,
    set_: Annotated[list[str], typer.Option("--set", help=N_("a house option of --ruleset, NAME=VALUE"))] = [],
    jokers: Annotated[Optional[str], typer.Option("--jokers", help=N_("jester or high (a pack with two Jokers)"))] = None,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    help=N_(
        "Explain, rule by rule, every point a player has (or got in one hand).\n"
        "\n"
        "Example: scorekeeper why Ann --hand 3"
    ),
)
def why(
    player: Annotated[str, typer.Argument(help=N_("the player, by name or unique prefix"))],
    hand: Annotated[Optional[int], typer.Option("--hand", help=N_("only this hand"))] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    help=N_(
        "Record how many cursed cards each player took (Snakebit), instead of naming them.\n"
        "\n"
        "All of the hand's cursed cards at once: they total 8. Players left out took none.\n"
        "Example: scorekeeper counts Ann=5 Bob=3   (or: scorekeeper counts 5 3 0)"
    ),
)
def counts(values: Values, hand: HandOption = None, game: GameOption = None) -> None:
    ...


@command(
    "import",
    help=N_(
        "Bring games from score sheets and other laptops' stores into this one.\n"
        "\n"
        "Every game's audit chain is verified and its entries and id kept; a game already here is\n"
        "skipped, a longer copy of it brings it up to date, and a copy that differs is refused,\n"
        "naming both. Nothing is imported unless everything can be.\n"
        "\n"
        "Example: scorekeeper import tuesday.json ~/from-bob/scorekeeper.sqlite3"
    ),
)
def import_(
    files: Annotated[
        list[Path],
        typer.Argument(help=N_("JSON score sheets (`sheet --format json`) and other store files, any number")),
    ],
) -> None:
    ...


@command(
    help=N_(
        "Records across every game in the store: games played and won, average and best score,\n"
        "bid accuracy, forced blind bids survived, pants, reneges, moons, per ruleset.\n"
        "\n"
        "Example: scorekeeper stats Ann --ruleset oh-hell-mrpikes"
    ),
)
def stats(
    player: Annotated[Optional[str], typer.Argument(help=N_("one player's records (a name or unique prefix)"))] = None,
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", help=N_("only games of this ruleset"))] = None,
    rebuild: Annotated[bool, typer.Option("--rebuild", help=N_("replay every game instead of using the cached summaries"))] = False,
    as_json: JsonOption = False,
) -> None:
    ...


@command(
    "ratings",
    help=N_(
        "Every player's rating over the finished games, best first.\n"
        "\n"
        "Games are rated in the order they were played (Plackett-Luce, openskill), shown as\n"
        "mu - 3 sigma with mu, sigma, games rated and the change over their last game.\n"
        "\n"
        "A player who joined late or left early moves their share of the hands of the way a\n"
        "full player would: plain Plackett-Luce's change of mu and of sigma, times the share.\n"
        "\n"
        "Example: scorekeeper ratings --ruleset oh-hell-mrpikes --since 2026-01-01"
    ),
)
def ratings_(
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", help=N_("only games of this ruleset"))] = None,
    since: Annotated[Optional[str], typer.Option("--since", help=N_("only games started on or after this date (YYYY-MM-DD)"))] = None,
    as_json: JsonOption = False,
) -> None:
    ...


# --- rules ---------------------------------------------------------------------------


@command(
    help=N_(
        "List the rulesets: the built-in ones and your own.\n"
        "\n"
        "Example: scorekeeper rulesets"
    ),
)
def rulesets() -> None:
    ...


@command(
    help=N_(
        "The rules in brief with every option; or make or check a ruleset of your own.\n"
        "\n"
        "Examples: scorekeeper rules oh-hell-office\n"
        "          scorekeeper rules new our-house --from oh-hell-mrpikes\n"
        "          scorekeeper rules check our-house.toml"
    ),
)
def rules(
    args: Annotated[Optional[list[str]], typer.Argument(help=N_("RULESET, or `new NAME --from RULESET`, or `check FILE`"))] = None,
    from_: Annotated[Optional[str], typer.Option("--from", help=N_("the ruleset to copy, with `rules new`"))] = None,
) -> None:
    ...


# --- audit ---------------------------------------------------------------------------


@command(
    help=N_(
        "The audit log: every entry with its time, hand and any reversal.\n"
        "\n"
        "Example: scorekeeper log"
    ),
)
def log(game: GameOption = None) -> None:
    ...


@command(
    help=N_(
        "Recompute every game's hash chain; exit 3 naming the first entry that does not match.\n"
        "\n"
        "Also checks what lives beside the chain: the append-only triggers, the current game, and\n"
        "the caches (rebuilt where they do not match): a game's cached summary is checked by\n"
        "replaying the game where it was cached before the game's last entry or is damaged, and\n"
        "by its chain head otherwise; --replay replays every game. With --digest (one or more, or\n"
        "several separated by commas), also find the entry each digest names, say which game it\n"
        "belongs to (its name, players and start) and which hands it covers; exit 3 if it does not\n"
        "belong to the current game (or the --game named): a game put in its place.\n"
        "\n"
        "Example: scorekeeper verify --digest 3f9c2a5d81e0aa12 --digest 77b0e4c19a2f3d58"
    ),
)
def verify(
    digest: Annotated[
        Optional[list[str]],
        typer.Option("--digest", help=N_("a chain digest written down at the table or printed on a sheet; give several to check each")),
    ] = None,
    game: Annotated[
        Optional[str], typer.Option("--game", help=N_("the game the digests must belong to (default: the current game)"))
    ] = None,
    replay: Annotated[
        bool, typer.Option("--replay", help=N_("replay every game to check the cached summaries, placings and night outcomes, not only those of games changed since"))
    ] = False,
) -> None:
    ...


@command(
    help=N_(
        "A verified copy of the store, safe to take while `serve` or `play` is writing.\n"
        "\n"
        "Taken with SQLite's online backup API and verified before it takes its name. Without FILE\n"
        "it goes in the backups folder beside the store, where `status` and `verify` find it.\n"
        "\n"
        "Example: scorekeeper backup ~/scores-before-the-tournament.sqlite3"
    ),
)
def backup(
    file: Annotated[Optional[Path], typer.Argument(help=N_("where to write the copy (default: a new file in the store's backups folder)"))] = None,
) -> None:
    ...


@command(
    help=N_(
        "Put the store back as a backup holds it, keeping the store as it was aside.\n"
        "\n"
        "The backup is verified first. The store as it was is kept in the backups folder (never\n"
        "deleted), so a restore is undone by restoring that.\n"
        "\n"
        "Example: scorekeeper restore ~/.local/share/scorekeeper/backups/auto-20261125T190412123456Z.sqlite3"
    ),
)
def restore(file: Annotated[Path, typer.Argument(help=N_("a backup written by `backup` (or one of the automatic ones)"))]) -> None:
    ...


@command(
    help=N_(
        "The score sheet.\n"
        "\n"
        "Example: scorekeeper sheet --output game.html     (the format from the extension)"
    ),
)
def sheet(
    format_: Annotated[
        Optional[str],
        typer.Option(
            "--format",
            help=N_(
                "text, csv (every fact), grid (CSV: a row per hand, a column per player), json, markdown (md) "
                "html, or bgstats (the play record BG Stats imports), in any case (default: from --output's extension, else text)"
            ),
        ),
    ] = None,
    output: Annotated[Optional[Path], typer.Option("--output", help=N_("write to this file instead of the screen"))] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("replace the --output file if it exists"))] = False,
    lang: Annotated[
        Optional[str],
        typer.Option("--lang", help=N_("write the sheet in this language: en, de, fr or es (default: the one spoken)")),
    ] = None,
    game: GameOption = None,
) -> None:
    ...


@command(
    help=N_(
        "An interactive session for the whole evening: the prompt says what the hand needs\n"
        "next; answer with bare values (`h`, `2 1 0 3`, `QS 2S 3S`) or type any command without\n"
        "`sk` (`undo`, `why Ann`, `standings`, `help`, `quit`).\n"
        "\n"
        "Each entry is stored at once. Without a terminal it reads one answer or command a line\n"
        "from standard input.\n"
        "\n"
        "Example: scorekeeper play"
    ),
)
def play(game: GameOption = None) -> None:
    from scorekeeper import session

    code = session.run(every_command(), CONTEXT.home, game)
    if code:
        raise typer.Exit(code)


@functools.cache
def every_command() -> click.Group:
    """The click group with every command registered, for `play` and `serve` to run them
    in-process (the console script registers only the command it runs: see `main`). Built
    once: typer reads the signature and options of every command to build it."""
    app.registered_commands = EVERY_COMMAND or app.registered_commands
    return typer.main.get_command(app)


SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


@command(
    help=N_(
        "Tab completion of commands and options: prints the script for your shell to load,\n"
        "or with --install adds it to the shell's start-up file.\n"
        "\n"
        "Nothing is loaded for it when any other command runs; the shell asks the program itself\n"
        "for the completions.\n"
        "\n"
        "Example: eval \"$(sk completion bash)\"     (or: sk completion zsh --install)"
    ),
)
def completion(
    ctx: typer.Context,
    shell: Annotated[Optional[str], typer.Argument(help=N_("bash, zsh, fish or powershell (default: the one in $SHELL)"))] = None,
    install: Annotated[bool, typer.Option("--install", help=N_("add it to the shell's start-up file instead of printing it"))] = False,
) -> None:
    import typer.completion as shell_completion

    chosen = shell or Path(os.environ.get("SHELL", "")).name
    if chosen not in SHELLS:
        unknown = (
            _("cannot tell which shell {shell} is; name it: `completion bash` (or zsh, fish, powershell)")
            if chosen
            else _("cannot tell which shell you use; name it: `completion bash` (or zsh, fish, powershell)")
        )
        raise errors.UsageError(unknown.format(shell=repr(chosen)))
    prog = ctx.find_root().info_name or "scorekeeper"
    variable = "_{}_COMPLETE".format(prog.replace("-", "_").replace(" ", "_").upper())
    if install:
        _script, path = shell_completion.install(shell=chosen, prog_name=prog, complete_var=variable)
        typer.echo(
            _("{shell} completion for {program} added to {file}; it works in shells started from now on.").format(
                shell=chosen, program=prog, file=path
            )
        )
    else:
        typer.echo(shell_completion.get_completion_script(prog_name=prog, complete_var=variable, shell=chosen))


@command(
    help=N_(
        "The game on every phone at the table, updating by itself, and the scorer's page that\n"
        "enters scores from a phone as `play` does.\n"
        "\n"
        "Prints the table's link (read-only) and the scorer's link, each with a QR code; also GET\n"
        "/api/standings, /api/status and /api/state, and POST /api/entry for the scorer. Ctrl-C\n"
        "stops it.\n"
        "\n"
        "Example: scorekeeper serve --host 0.0.0.0"
    ),
)
def serve(
    game: GameOption = None,
    host: Annotated[
        str, typer.Option("--host", help=N_("the address to listen on; 0.0.0.0 lets the phones on this network in"))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=N_("the port (0: any free one)"))] = 8000,
    read_only: Annotated[bool, typer.Option("--read-only", help=N_("serve no scorer's link: no phone can enter scores"))] = False,
    new_scorer_link: Annotated[
        bool, typer.Option("--new-scorer-link", help=N_("replace the scorer's link: phones holding the old one can no longer write"))
    ] = False,
    night: Annotated[
        Optional[str], typer.Option("--night", help=N_("serve every table of this club night: a lobby, each table's page and scorer's link, a director's board"))
    ] = None,
) -> None:
    from scorekeeper.storage import paths

    if night is not None:
        from scorekeeper.serve import night_command

        night_command.run(paths.store_folder(CONTEXT.home), CONTEXT.home, night, host, port, read_only,
                          new_scorer_link, every_command())  # fmt: skip
        return
    from scorekeeper.serve import command as server

    server.run(paths.store_folder(CONTEXT.home), CONTEXT.home, game, host, port, read_only, new_scorer_link,
               every_command())  # fmt: skip


@command(
    help=N_(
        "Play a complete sample game into a throw-away store and show its standings and sheet.\n"
        "\n"
        "Example: scorekeeper demo"
    ),
)
def demo() -> None:
    import tempfile

    from scorekeeper import demo as sample

    with tempfile.TemporaryDirectory() as folder:
        typer.echo(sample.play(Path(folder)))


def main(usual_gc: tuple[int, ...] | None = None) -> NoReturn:
    """The console script, tuned for start-up and exit, which cost more than the work of a
    command like `status`:
    - only the command being run is registered: typer reads the signature and options of
      every registered command before it runs one;
    - what is imported by then lives until the end, so it is frozen out of the garbage
      collector's sight: otherwise each full collection walks all of typer and pydantic;
    - the launcher (see launch.py) has the collector wait for 50,000 new objects, not 700,
      before a young collection: nearly everything a command like `status` makes lives to
      the end. The long-lived commands (`play`, `serve`) get the usual pace back,
      `usual_gc`, so no long pause of a collection lands in a reply;
    - the process ends without tearing the interpreter down (see `_exit`)."""
    gc.freeze()
    name = command_run(sys.argv[1:])
    if name in LONG_LIVED and usual_gc is not None:
        gc.set_threshold(*usual_gc)
    EVERY_COMMAND[:] = app.registered_commands
    if name is not None:
        app.registered_commands = [c for c in app.registered_commands if _command_name(c) == name]
    try:
        app()
    except SystemExit as done:
        _exit(done.code)
    _exit(0)


EVERY_COMMAND: list[typer.models.CommandInfo] = []  # kept by `main` before it registers only one
LONG_LIVED = ("play", "serve")  # commands that run for the evening, not a moment


def _exit(code: int | str | None) -> NoReturn:
    """End the process as sys.exit would, minus the interpreter's teardown (freeing every
    object of every module, one by one: tens of milliseconds). Nothing is lost by skipping
    it: a command has committed and closed the store before it returns, and the output is
    flushed here. A bug's exception never gets here; it ends the process the usual way."""
    if isinstance(code, str):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError):  # a reader that went away (`| head`) is not an error
            stream.flush()
    os._exit(code or 0)


def command_run(argv: list[str]) -> str | None:
    """The known command named on the command line, if any (`--home DIR`, `--lang CODE` may
    come first).
    None for `--help` alone, no command, or an unknown one: they need every command."""
    args = iter(argv)
    for arg in args:
        if arg in GLOBAL_OPTIONS:
            next(args, None)
        elif arg.startswith("-"):
            if not arg.startswith(tuple(f"{option}=" for option in GLOBAL_OPTIONS)):
                return None
        else:
            known = {_command_name(c) for c in app.registered_commands}
            return arg if arg in known else None
    return None


def _command_name(info: typer.models.CommandInfo) -> str:
    """The name typer gives the command (its own rule for a function's name)."""
    return info.name or typer.main.get_command_name(info.callback.__name__)
