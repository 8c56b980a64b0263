"""What a scorer says, as a command of the command line: the one interpreter behind `play`
and the scorer's page. A line is a bare answer to what the hand needs next (`h`, `2 1 0 3`,
`QS 2S 3S`) or a command without the program name (`undo`, `tricks 3 1 0 2 --hand 2`).
What a bare answer means comes from what the core says the hand needs (needs.Need: what is
next, who is still to answer, in the order the prompt names them): no rule knowledge lives here.

It also says what the hand asks for next, with the values each player may give (`asking`),
so a prompt, a completion or a phone's buttons offer the same choices; makes the call of the
library of commands a command stands for, its words parsed as the command line parses them
(`call`); and holds a scorer who is not at the terminal to the commands a table needs
(`FROM_THE_PHONE`, `check_remote`): nothing that reaches a file or a process of the scorer's
computer. It sits above the library of commands, under the front ends; it imports nothing of
storage/: the calls reach the store through the desk their front end hands over."""

from __future__ import annotations

import shlex
from typing import Any

from scorekeeper.core import errors, needs
from scorekeeper.core.language import N_, _, ngettext

# What the hand needs next (needs.NeedKind) -> the command a bare answer is the argument of.
ANSWERS = {
    "flip": "flip",
    "trump": "trump",
    "cursed": "cursed",
    "bids": "bid",
    "poisons": "poison",
    "tricks": "tricks",
    "took": "took",
    "first": "first",
    "last": "last",
    "trick": "trick",
    "make": "make",
}
# What the hand needs next, as the prompt names it (and how many values `counts` were given).
NEED_WORDS = {
    "flip": N_("flip"),
    "trump": N_("trump"),
    "cursed": N_("cursed"),
    "bids": N_("bids"),
    "poisons": N_("poisons"),
    "tricks": N_("tricks"),
    # TRANSLATORS: the scoring cards each player took in tricks (Hearts: who took which)
    "took": N_("took"),
    # TRANSLATORS: who won the first trick
    "first": N_("first"),
    # TRANSLATORS: who won the last trick
    "last": N_("last"),
    # TRANSLATORS: the next trick, card by card
    "trick": N_("trick"),
    # TRANSLATORS: how many cursed cards each player took (Snakebit)
    "counts": N_("counts"),
    # TRANSLATORS: who made trump (Euchre)
    "make": N_("make"),
}
# Needs answered with one value, which may be several words (a Decktet card's name)
ONE_VALUE = frozenset({"flip", "trump", "cursed", "first", "last"})

# What a scorer away from the terminal may say: the one list the phone is held to. TABLE: at
# any table's phone (its game's entries and corrections, what they show, the referee's
# calculator, the rules); GAME: only on the phone of `serve` for one game, since each reaches
# the store's other games (a night's table is kept to its own game). Any other command (one
# that reaches a file or a process of the scorer's computer, or one added to the command line
# later) is refused from the phone until it is put here on purpose.
TABLE, GAME = "table", "game"
FROM_THE_PHONE = {
    **dict.fromkeys(
        ("abandon", "adjust", "bid", "comment", "counts", "cursed", "dealer", "first", "flip", "join", "label",
         "last", "leave", "make", "moon", "poison", "rename", "renege", "sub", "took", "trick", "tricks", "trump",
         "undo", "why", "standings", "status", "sheet", "log", "rules", "rulesets", "winner"),
        TABLE,
    ),
    **dict.fromkeys(("new", "use", "games", "stats"), GAME),
}  # fmt: skip
# Why some of the commands left out are, in the scorer's words (the others: NOT_FROM_THE_PHONE).
WHY_NOT = {
    "import": N_("`import` is not taken from the phone: it reads a file on the scorer's computer; run it in the terminal"),
    "backup": N_("`backup` is not taken from the phone: it writes a file on the scorer's computer; run it in the terminal"),
    "restore": N_("`restore` is not taken from the phone: it replaces the store with a file on the scorer's computer; run it in the terminal"),
    "serve": N_("`serve` is not taken from the phone: it starts a server; run it in the terminal"),
    "play": N_("`play` is not taken from the phone: it starts a session; run it in the terminal"),
    "completion": N_("`completion` is not taken from the phone: it writes to the shell's files; run it in the terminal"),
    "demo": N_("`demo` is not taken from the phone: it writes a throw-away store; run it in the terminal"),
}
NOT_FROM_THE_PHONE = N_("`{command}` is not taken from the phone; run it in the terminal")
# Commands whose words may name a ruleset file by its path: the only ones whose words
# check_remote parses.
NAMING_FILES = frozenset({"rules", "new", "winner"})
# What shlex says of a line it cannot split.
UNSPLIT = (N_("No closing quotation"), N_("No escaped character"))


class Forbidden(errors.ScorekeeperError):
    """A command the scorer's page may not run (it reaches files or processes); nothing ran."""


def split(line: str) -> list[str]:
    """The words of a line, as a shell splits them. A comment is the rest of the line, so an
    apostrophe in it ("comment Bob's best bid") opens no quote: its words are split at spaces."""
    try:
        return shlex.split(line)
    except ValueError as exc:
        words = line.split()
        if words and words[0].casefold() == "comment":
            return words
        raise errors.UsageError(_("{problem}; close the quote").format(problem=_(str(exc)))) from None


def need_word(need: str) -> str:
    """What the hand needs, in the words of the prompt."""
    return _(NEED_WORDS[need]) if need in NEED_WORDS else need


def refusal(exc: errors.ScorekeeperError) -> str:
    """A refusal (exit 1) or an error (2, 3) as the error stream says it: each of its lines
    (a ruleset file may have several problems) with the prefix."""
    lines = str(exc).splitlines() or [""]
    if exc.exit_code == 1:
        return "\n".join(_("refused: {reason}").format(reason=line) for line in lines)
    return "\n".join(_("error: {message}").format(message=line) for line in lines)


def waiting(need: needs.Need) -> list[str]:
    """The players a per-player answer is for, in the order the prompt names them."""
    return [a.name for a in need.answering]


def legal_values(need: needs.Need, player: str) -> list[Any]:
    """What `player` may give for a per-player answer (bids the hook and the hand size allow,
    poisons still allowed); [] where any value is taken and checked on entry."""
    answerer = need.answerer(player)
    return [] if answerer is None else list(answerer.legal)


def bid_words(need: needs.Need, player: str) -> list[str]:
    """What `player` may bid besides a number, as `bid` takes it (Spades: `nil`, and
    `blind-nil` where the rules allow it now); [] in the other games."""
    answerer = need.answerer(player)
    return [] if answerer is None else list(answerer.words)


def command_words(words: list[str], game: Any, commands: Any) -> list[str]:
    """The command a line's words stand for: a command as it is, a bare answer as the
    command for what the hand needs (`commands`: the names of the CLI's commands). What the
    hand needs is worked out from `game` (needs.of)."""
    if words[0].casefold() in commands:
        return words
    if game is None:
        raise errors.UsageError(_("no game yet; start one with `new RULESET --players A,B,C`"))
    need = needs.of(game)
    what = need.next
    if game.finished or what is None:
        raise errors.UsageError(
            _("the game is over; type a command (`standings`, `sheet`, `new …`; `help` lists them)")
            if game.finished
            else _("nothing is needed in this hand now; type a command (`help` lists them)")
        )
    first = words[0]
    if what in ("tricks", "first", "last", "took") and _looks_like_card(game, first):
        return ["trick", *words]  # the hand card by card instead of by totals
    if what == "took" and _is_number(first):
        return ["counts", *named(words, "counts", list(need.order))]  # Snakebit's counts
    if what == "tricks" and need.makers_tricks:
        return ["tricks", *words]  # the makers' tricks: one number, no player's
    if need.per_player:
        return [ANSWERS[what], *named(words, what, waiting(need))]
    if what in ONE_VALUE:  # a card or a name as the table says it: `Ace of Knots`, `the Sea`
        return [ANSWERS[what], " ".join(words)]
    return [ANSWERS[what], *words]


def named(words: list[str], what: str, players: list[str]) -> list[str]:
    """Bare values given to the players in the order the prompt named them."""
    if any("=" in w for w in words):
        return words
    if len(words) > len(players):
        # TRANSLATORS: {given} values (bids, poisons, tricks...: {what}) typed for fewer players
        raise errors.UsageError(
            ngettext(
                "{given} {what} for {count} player ({players}); give one each in that order, or NAME=VALUE",
                "{given} {what} for {count} players ({players}); give one each in that order, or NAME=VALUE",
                len(players),
            ).format(given=len(words), what=need_word(what), count=len(players), players=" ".join(players))
        )
    return [f"{p}={v}" for p, v in zip(players, words, strict=False)]


def _is_number(text: str) -> bool:
    return text.lstrip("-").isdigit() or "=" in text


def _looks_like_card(game: Any, text: str) -> bool:
    """A card of the game's pack, and not a number, a NAME=VALUE pair or a player's name."""
    if _is_number(text):
        return False
    from scorekeeper.core import cards

    try:
        game.player(text)
        return False
    except errors.ScorekeeperError:
        pass
    try:
        cards.parse_card(text, game.deck)
    except errors.ScorekeeperError:
        return False
    return True


# --- what the hand asks for ---------------------------------------------------------------


def asking(need: needs.Need) -> dict[str, Any] | None:
    """What the hand needs next, as the answer's parts: which need and the command a bare
    answer stands for; the players to answer, in the order the prompt names them, each with
    the values they may give. None when nothing is needed (the game is over).
    The pack's cards and suits to choose from are the game's (see choices)."""
    what = need.next
    if what is None:
        return None
    return {
        "need": what,
        "command": ANSWERS.get(what, what),
        "needs": list(need.needs),
        "players": [{"name": a.name, "legal": list(a.legal), "words": list(a.words)} for a in need.answering],
        "cards_each": need.cards,
        "tricks_total": need.tricks_total,
        "choose_player": need.naming_a_player,
        "next_leader": need.next_leader if what == "trick" else None,
        # whether the next trick may be recorded card by card, and the suits it may be led in
        # only by a leader holding nothing else (`--forced`)
        "by_card": need.by_card,
        "unbroken": list(need.unbroken),
        "strict_lead": need.strict_lead,
        "spent": list(need.spent),  # the cards it cannot hold: played already, or turned up
        "twice": list(need.twice),  # those it may hold twice: french-54's Jokers
        "trick_order": list(need.trick_order),  # who plays it, in the order they play
        "leads_with": need.leads_with,  # the card whose holder leads it, while nobody is said to
        "counts": need.counts,
        "cursed_total": need.cursed_total,
        # Euchre: who made trump and how (`make`), then the makers' tricks as one number
        "makers_tricks": need.makers_tricks,
    }


# --- running a command --------------------------------------------------------------------


def check_remote(group: Any, words: list[str]) -> None:
    """Refuse (Forbidden) what the scorer's page may not run: a command not in FROM_THE_PHONE,
    another store (`--home`), a file written (`--output`), a ruleset file by its path. Anything
    else is left for the command itself to judge."""
    name = words[0].casefold()
    if any(w == "--home" or w.startswith("--home=") for w in words):
        raise Forbidden(_("--home is not taken from the phone: the server keeps the store it was started on"))
    if name not in FROM_THE_PHONE:
        if name in WHY_NOT:
            raise Forbidden(_(WHY_NOT[name]))
        raise Forbidden(_(NOT_FROM_THE_PHONE).format(command=words[0]))
    if any(w == "--output" or w.startswith("--output=") for w in words):
        raise Forbidden(_("`sheet --output` is not taken from the phone: it writes a file; run it in the terminal"))
    command = group.commands.get(name)
    if command is None or name not in NAMING_FILES:
        return  # its words are not parsed here: nothing in them is looked at
    try:
        params = command.make_context(name, list(words[1:]), resilient_parsing=True).params
    except Exception:  # the command itself says what is wrong with its words
        return
    from scorekeeper.core.rulesets import is_path

    given = (params.get("args") or []) if name == "rules" else []
    if given[:1] in (["new"], ["check"]):
        raise Forbidden(
            _("`rules {action}` is not taken from the phone: it reaches a file; run it in the terminal").format(
                action=given[0]
            )
        )
    rulesets = [params.get("ruleset")] if name in ("new", "winner") else given
    if any(isinstance(r, str) and is_path(r) for r in rulesets):
        raise Forbidden(_("a ruleset file is not taken from the phone; name a ruleset (`rulesets` lists them)"))


# Commands that are front ends of their own: not run from inside `play` or from the phone.
FRONT_ENDS = frozenset({"play", "serve", "demo", "completion"})


class Misworded(errors.UsageError):
    """A command line its command cannot read (a value missing or left over, an option it
    does not have), said as the command line says it; `page` says it in a page's words,
    naming no argument by its name and pointing at no `--help`."""

    def __init__(self, terminal: str, page: str) -> None:
        super().__init__(terminal, page=page)


def call(group: Any, words: list[str], desk: Any, chosen: str | None) -> Any:
    """Make the library's call a command line stands for (commands.find) on `desk`, and
    return what it said (commands.Said). The command's click command only parses the words
    into the call's arguments (`group`: the command line's, every command registered); it
    runs nothing. `chosen`: the game to act on when the words do not name one (`--game`).
    `--lang CODE` in the line speaks that language for this one command."""
    from scorekeeper import commands

    name = words[0].casefold()
    command = group.commands.get(name)
    found = commands.find(name)
    if command is None or found is None:
        if name in FRONT_ENDS:
            raise errors.UsageError(_("`{command}` is a front end of its own; run it in another terminal").format(command=name))
        raise errors.UsageError(_("no command {command}; `help` lists them").format(command=words[0]))
    args, code = own_language(name, list(words[1:]))
    if any(w == "--home" or w.startswith("--home=") for w in args):
        raise errors.UsageError(_("--home is the session's own; start `play --home DIR` for another store"))
    if "--help" in args:
        said = commands.Said()
        said.say(help_text(command, name))
        return said
    if chosen and any(p.name == "game" for p in command.params) and not any(w == "--game" or w.startswith("--game=") for w in args):
        args += ["--game", chosen]
    from scorekeeper.commands.questions import sheet_language as speaking  # a language named by its code

    with speaking(code):
        return commands.perform(found, desk, **parsed(command, name, args))


def _click() -> Any:
    """typer's own copy of click (typer 0.29), else click itself."""
    try:
        import typer._click as click
    except ImportError:  # pragma: no cover (typer before 0.29 depends on click itself)
        import click
    return click


def help_text(command: Any, name: str) -> str:
    """A command's help as plain text (the terminal's `help` draws it with rich instead)."""
    click = _click()
    context = command.make_context(name, [], resilient_parsing=True)
    formatter = context.make_formatter()
    click.Command.format_help(command, context, formatter)
    return formatter.getvalue().rstrip("\n")


def own_language(name: str, args: list[str]) -> tuple[list[str], str | None]:
    """A command's words without the program's `--lang CODE`, and the code (None if not
    given); a sheet's --lang is its own (the language the sheet is written in)."""
    if name == "sheet":
        return args, None
    kept: list[str] = []
    code = None
    words = iter(args)
    for word in words:
        if word == "--lang":
            code = next(words, None)
            if code is None:
                raise errors.UsageError(_("--lang needs a language: en, de, fr or es"))
        elif word.startswith("--lang="):
            code = word.split("=", 1)[1]
        else:
            kept.append(word)
    return kept, code


def parsed(command: Any, name: str, args: list[str]) -> dict[str, Any]:
    """The arguments a click command reads from its words, as the call takes them (click
    gives a list as a tuple). A mistake is Misworded."""
    click = _click()
    try:
        context = command.make_context(name, args)
    except click.ClickException as exc:
        from scorekeeper import click_words

        message = click_words.message(exc.format_message())
        terminal = _("{message} (see `{command} --help`)").format(message=message, command=name)
        raise Misworded(terminal, page_words(exc, name, message)) from None
    return {key: list(value) if isinstance(value, tuple) else value for key, value in context.params.items()}


def page_words(exc: Any, name: str, message: str) -> str:
    """A command line's mistake as a page says it: what is missing by what it means (its
    help), not by the argument's name; other mistakes without the pointer to `--help`."""
    param = getattr(exc, "param", None)
    if type(exc).__name__ == "MissingParameter" and param is not None and getattr(param, "help", None):
        return _("`{command}` needs {what}").format(command=name, what=param.help)
    return message


def standings_after(before: Any, after: Any, words: list[str]) -> str | None:
    """The standings on one line, said once an entry (not an undo) has closed a hand of the
    game it was made on, a player who left marked so; None otherwise. `before` and `after`:
    the game then and now."""
    if before is None or after is None or after.id != before.id or words[0].casefold() == "undo":
        return None
    if _closed(after) <= _closed(before):
        return None
    from scorekeeper.words import reports

    return _("Standings: {standings}").format(standings=reports.standings_line(after))


def _closed(game: Any) -> int:
    return sum(1 for h in game.hands if h.closed)
