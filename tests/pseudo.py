"""The pseudo-language check: with SCOREKEEPER_TEST_PSEUDO=1, every command the tests run
in-process speaks a pseudo-language whose every message is wrapped in two invisible marks.
What a command printed is searched for English outside those marks (a sentence that reached
the output without passing through the catalog), then the marks are taken off, so the
tests' own assertions on the English text still hold. The marks take no room in a table
(tabulate measures with wcwidth), so tables line up as they do in English.

    SCOREKEEPER_TEST_PSEUDO=1 pytest tests/test_evening.py"""

import contextlib
import os
import re
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
# quotes), an option and its value, a ruleset's or a game's id.
_NOT_WORDS = re.compile(r"(/[^\s]+|`[^`]*`|--[a-z-]+|\b[\w-]+=[^\s,;]*|\b[a-z]+(?:-[a-z0-9]+)+\b)")


def switch_on() -> None:
    """Speak the pseudo-language in every command of this test run."""
    from scorekeeper.words import catalogs

    os.environ["SCOREKEEPER_LANG"] = catalogs.PSEUDO
    catalogs.Pseudo.OPEN, catalogs.Pseudo.CLOSE, catalogs.Pseudo.ACCENTED = OPEN, CLOSE, None
    catalogs.translations.cache_clear()


def unmarked_english(text: str) -> list[str]:
    """The lines of `text` that hold English outside every marked message (nothing for a
    document a program reads: JSON, HTML)."""
    if text.lstrip().startswith(("{", "[", "<")):
        return []
    found = []
    for line in text.splitlines():
        bare = line
        while True:
            stripped = _MARKED.sub(" ", bare)
            if stripped == bare:
                break
            bare = stripped
        bare = _NOT_WORDS.sub(" ", bare)
        if _WORD.search(bare):
            found.append(line.replace(OPEN, "⟦").replace(CLOSE, "⟧"))
    return found


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
