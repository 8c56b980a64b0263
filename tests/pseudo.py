"""The pseudo-language check: with SCOREKEEPER_TEST_PSEUDO=1, every command the tests run
in-process speaks a pseudo-language whose every message is wrapped in two invisible marks.
What a command printed is searched for English outside those marks (a sentence that reached
the output without passing through the catalog), then the marks are taken off, so the
tests' own assertions on the English text still hold. The marks take no room in a table
(tabulate measures with wcwidth), so tables line up as they do in English.

    SCOREKEEPER_TEST_PSEUDO=1 pytest tests/test_evening.py"""

import contextlib
import functools
import itertools
import os
import re
import shlex
from pathlib import Path

ON = os.environ.get("SCOREKEEPER_TEST_PSEUDO") == "1"
OPEN, CLOSE = "\u2062", "\u2063"  # invisible times, invisible separator: zero width

# Words an English sentence can hardly do without; a line with one of them outside a marked
# message printed English that no catalog would translate. Lower case (and a few sentence
# openers), so that proper names ("Pick Your Poison") and cards ("A♥") are not taken for words.
_ENGLISH = (
    "the|a|an|and|or|of|to|in|on|at|for|from|with|by|is|are|was|were|be|been|has|have|had|"
    "not|no|this|that|it|its|you|your|there|here|which|who|what|when|where|after|before|"
    "error|hand|hands|game|games|player|players|points|point|trick|tricks|score|scores|"
    "left|joined|won|wins|win|none|The|No|Error|Hand|Game"
)
_WORD = re.compile(rf"\b({_ENGLISH})\b")
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
# What is not language: a path, a command or a word the scorer types (in backticks or
# quotes), an option and its value, a list of an option's values, a ruleset's or a game's id.
_NOT_WORDS = re.compile(
    r"(/[^\s]+|`[^`]*`|--[a-z-]+|\b[\w-]+=[^\s,;]*|\[[^\]|]*(?:\|[^\]|]*)+\]|\b[a-z]+(?:-[a-z0-9]+)+\b"
    r")"
)
# What a library or the system says, given as the detail of our own message (in English: see
# the TRANSLATORS notes): tomllib where a ruleset file is not TOML, SQLite's and the system's
# words for a failure (`os.strerror`)
_FROM_LIBRARIES = (
    re.compile(r"[^\n:]*\(at line \d+, column \d+\)"),
    re.compile(
        "|".join(
            re.escape(said)
            for said in (
                "database or disk is full", "file is not a database", "database disk image is malformed",
                "unable to open database file", "disk I/O error", "attempt to write a readonly database",
                "database is locked", *(os.strerror(code) for code in range(1, 134)),
            )
        )
    ),
)
# Formats a program reads: written in English whatever the language (see CLI.md).
_MACHINE_FORMATS = {"csv", "json", "grid", "bgstats"}
# What the tests typed (names, notes, comments, reasons): the scorer's own words, shown as typed.
_typed: set[str] = set()


def switch_on() -> None:
    """Mark the pseudo-language's messages invisibly (see `in_pseudo`)."""
    from scorekeeper.words import catalogs

    catalogs.Pseudo.OPEN, catalogs.Pseudo.CLOSE, catalogs.Pseudo.ACCENTED = OPEN, CLOSE, None
    catalogs.Pseudo.PIECEWISE = True  # a value put into a message is checked as well
    catalogs.translations.cache_clear()


def in_pseudo(args: tuple) -> tuple:
    """A command's arguments, asking for the pseudo-language (the program a test starts in
    another process speaks English: its output is not taken apart)."""
    from scorekeeper.words import catalogs

    return ("--lang", catalogs.PSEUDO, *args)


def typed(args: tuple, input: str | None) -> None:
    """Remember what a test typed, so that its own words are not taken for ours (a line typed
    into `play` counts word by word as a command line does: `renege Cat --note "a note"`; an
    option's name given with --set counts too)."""
    words = [str(a) for a in args]
    for option, setting in itertools.pairwise(words):
        if option == "--set" and "=" in setting:
            _typed.add(setting.split("=", 1)[0])
    for path in words:  # a ruleset file a test wrote: its prose is the file's author's
        if path.endswith(".toml") and os.path.isfile(path):
            _typed.update(_strings_of(path))
    for said in [*words, *(input or "").splitlines()]:
        try:
            words = shlex.split(said)
        except ValueError:
            words = []
        for piece in [*re.split(r"[=,]", said), *words]:
            if len(piece.strip()) > 2 and " " in piece.strip():
                _typed.add(piece.strip())


def for_a_program(args: tuple) -> bool:
    """True if the command prints a format a program reads (JSON, CSV…), always English."""
    words = [str(a) for a in args]
    return "--json" in words or any(
        word == "--format" and following in _MACHINE_FORMATS for word, following in itertools.pairwise(word.lower() for word in words)
    )


def unmarked_english(text: str) -> list[str]:
    """The lines of `text` that hold English outside every marked message (nothing for a
    document a program reads: JSON, HTML)."""
    if text.lstrip().startswith(("{", "[", "<")):
        return []
    # a command to type, in backticks, is not language, whatever it holds: a message marks
    # its words piece by piece (see switch_on), so a name put into it stands outside the marks
    bare = re.sub(r"`[^`\n]*`", " ", text)
    # a stored entry's type, in parentheses after its number: "entry 3 (tricks)"
    bare = re.sub(rf"\({CLOSE}(?:{'|'.join(_entry_types())}){OPEN}\)", f"({CLOSE}{OPEN})", bare)
    while True:  # a marked message may hold others, and run over several lines
        stripped = _MARKED.sub(" ", bare)
        if stripped == bare:
            break
        bare = stripped
    # a message cut short where shown (a help's first sentence) lost its closing mark: it runs
    # to the end of its line and the deeper-indented lines that carry it on
    bare = re.sub(f"{OPEN}[^\n]*(?:\n│? {{8,}}[^\n]*)*", " ", bare)
    bare = re.sub(r"\b\w+(?:\.\w+)+:", " ", bare)  # a ruleset's key path ("examples.0.hand.bids.Ann:")
    bare = re.sub(r"\\(.)", r"\1", bare)  # the scorer's words as a Markdown sheet escapes them
    for said in sorted(_typed, key=len, reverse=True):
        bare = bare.replace(said, " ")
    bare = _option_lists().sub(" ", bare)
    for said in _FROM_LIBRARIES:
        bare = said.sub(" ", bare)
    # a line left with one lower-case word is a command's name in a list of commands
    lines = [line for line in _NOT_WORDS.sub(" ", bare).splitlines() if not re.fullmatch(r"[\s│]*[a-z]+[\s│]*", line)]
    return [line for line in lines if _WORD.search(line)]


def _strings_of(path: str) -> list[str]:
    """The texts of a TOML file with a space in them, if it reads."""
    import tomllib

    try:
        document = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, OSError):
        return []
    found, pending = [], [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending += value.values()
        elif isinstance(value, list):
            pending += value
        elif isinstance(value, str) and " " in value.strip():
            found.append(value.strip())
    return found


@functools.cache
def _entry_types() -> list[str]:
    from scorekeeper.core import events

    return sorted(events._BY_TYPE)


@functools.cache
def _option_lists() -> re.Pattern:
    """A list of what a ruleset file or `--set` names ("hands, join_score, moon", "exact_bid,
    poison … or trick", the marked commas and "or" already taken out): the names the scorer
    types, the same in every language. The built-in rulesets' options, and the tables' kinds."""
    from scorekeeper.core import rulesets
    from scorekeeper.storage import ruleset_files

    names = set(rulesets._KINDS)
    for name in rulesets.BUILTIN_NAMES:
        origin, text = ruleset_files.find(name, None)
        names |= set(rulesets.parse_document(origin, text).get("options", {}))
    option = "(?:" + "|".join(sorted(map(re.escape, names))) + ")"
    return re.compile(rf"\b{option}(?:(?:,\s*|\s+){option})+\b")


def unmarked(text: str) -> str:
    """The text with the marks taken off: the English the tests expect."""
    return text.replace(OPEN, "").replace(CLOSE, "")


def unmark_written(args: tuple) -> None:
    """Take the marks off a file the command wrote (`--output FILE`), as off what it printed."""
    words = [str(a) for a in args]
    if "--output" in words[:-1]:
        path = Path(words[words.index("--output") + 1])
        if path.is_file():
            with contextlib.suppress(UnicodeDecodeError):  # a picture, say: no words in it
                path.write_text(unmarked(path.read_text(encoding="utf-8")), encoding="utf-8")
