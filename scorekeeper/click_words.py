"""typer's and click's own words (usage errors, the usage line and the headings of `--help`)
in the language in use. typer's copy of click writes its usage errors in English, with no
catalog to go through: a message is matched against the English patterns of those that reach
our users and said again from our catalog. typer's own words ("No such command") and its
help headings are module globals of typer: they are pointed at our catalog. Imported only
when a usage error or a help text is shown, or another language than English is spoken."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.core import language
from scorekeeper.core.language import N_, _, pgettext

# The usage errors of typer's click, as the English pattern it writes and the message marked
# for our catalog; a pattern's groups are the message's placeholders. A message may end with
# a suggestion (the last two), said after the message it follows.
USAGE_ERRORS = (
    (r"No such option: (?P<option>.+)", N_("No such option: {option}")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Missing parameter (?P<name>.+)\.", N_("Missing parameter {name}.")),
    (r"Option '(?P<option>[^']+)' requires an argument\.", N_("Option '{option}' requires an argument.")),
    (r"Option '(?P<option>[^']+)' does not take a value\.", N_("Option '{option}' does not take a value.")),
    (r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)", N_("Got unexpected extra argument(s) ({arguments})")),
    (r"Invalid value for (?P<name>'[^']*'): (?P<reason>.*)", N_("Invalid value for {name}: {reason}")),
    (r"(?P<message>.+) \(Possible options: (?P<options>.+)\)", N_("{message} (Possible options: {options})")),
    (r"(?P<message>.+)\. Did you mean (?P<commands>.+)\?", N_("{message}. Did you mean {commands}?")),
)
# Why a value was refused, as pydantic says it for the whole numbers our options take.
REASONS = (
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
)
# typer's own words, through its module global `_`: a command that is not one, none given.
TYPER_WORDS = (N_("No such command {name!r}."), N_("Missing command."))
# The headings of `--help` as typer draws them (rich), by the names typer keeps them under.
HEADINGS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
# click's --help option's own help, shown beside it in every command's help.
HELP_OPTION = N_("Show this message and exit.")


def usage_pieces(command: Any, pieces: list[str]) -> list[str]:
    """The usage line's pieces (`[OPTIONS] {values}...`) in the language in use: the options'
    mark, and each argument's name as typer writes it (`{values}` when required, `[file]` when
    not), its name said in the language."""
    if language.in_use() is language.ENGLISH:
        return pieces
    names = argument_names()
    said = []
    for piece in pieces:
        if piece == getattr(command, "options_metavar", None):
            said.append(_("[OPTIONS]"))
            continue
        found = re.fullmatch(r"([\[{]?)(\w+)((?:\.\.\.)?[\]}]?(?:\.\.\.)?)", piece)
        if found and found.group(2) in names:
            said.append(found.group(1) + names[found.group(2)] + found.group(3))
        else:
            said.append(piece)
    return said


def argument_names() -> dict[str, str]:
    """Each command argument's name as the usage line shows it, in the language in use."""
    # TRANSLATORS: the names of a command's arguments in its usage line ("Usage: sk poison [OPTIONS] {values}...")
    return {
        "values": pgettext("usage line", "values"),
        "words": pgettext("usage line", "words"),
        "RULESET": pgettext("usage line", "RULESET"),
        "action": pgettext("usage line", "action"),
        "name": pgettext("usage line", "name"),
        "game": pgettext("usage line", "game"),
        "suit": pgettext("usage line", "suit"),
        "card": pgettext("usage line", "card"),
        "player": pgettext("usage line", "player"),
        "old": pgettext("usage line", "old"),
        "new": pgettext("usage line", "new"),
        "POINTS": pgettext("usage line", "POINTS"),
        "cards": pgettext("usage line", "cards"),
        "CARD": pgettext("usage line", "CARD"),
        "files": pgettext("usage line", "files"),
        "args": pgettext("usage line", "args"),
        "file": pgettext("usage line", "file"),
        "shell": pgettext("usage line", "shell"),
    }


def message(english: str) -> str:
    """A usage error of typer's click, as it wrote it in English, in the language in use."""
    if language.in_use() is language.ENGLISH:
        return english
    for pattern, said in USAGE_ERRORS:
        found = re.fullmatch(pattern, english, re.DOTALL)
        if found:
            parts = found.groupdict()
            inner, reason = parts.get("message"), parts.get("reason")
            if inner is not None:
                parts["message"] = message(inner)
            if reason is not None:
                parts["reason"] = _(reason)
            return _(said).format(**parts)
    return english


def speak_through_catalog() -> None:
    """typer's own words through our catalog from now on (its `_` is gettext's, which knows
    only the C library's catalogs); in English our catalog says them as typer does."""
    import typer.core

    typer.core._ = language._  # type: ignore[attr-defined]


def headings() -> None:
    """The headings of the help about to be drawn, in the language in use (typer keeps them
    as module globals of its rich help, made when it is imported)."""
    try:
        import typer.rich_utils as drawn
    except ImportError:  # no rich: typer draws help as click does, through its `_`
        return
    for name, heading in HEADINGS.items():
        setattr(drawn, name, _(heading))
