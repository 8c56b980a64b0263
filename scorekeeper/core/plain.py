"""Text a person types (player and game names, comments, renege notes): control characters
are refused when it is entered, and neutralised wherever text is shown on a terminal, so no
stored text can drive the terminal (set its title, write the clipboard with OSC 52, erase
or overwrite a line, or turn the writing direction around)."""

from __future__ import annotations

import re

from scorekeeper.core import errors
from scorekeeper.core.language import _

# Patterns are kept as text and compiled by `re` (and cached) at their first use: compiling
# them here cost ~0.4 ms at every start-up, which most commands never need.
# C0 and C1 controls, DEL, and the invisible marks that reorder text (bidirectional overrides)
_REORDERING = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_ENTERED = f"[\x00-\x1f\x7f-\x9f{_REORDERING}]"
# On output a line break (\n, or \r\n as CSV writes it) and a tab are ours to print; everything
# else is shown as an escape: a lone \r would let text overwrite the line it is on.
_SHOWN = f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_REORDERING}]|\r(?!\n)"


def escaped(char: str) -> str:
    """A control character as visible text, written as JSON and Python write it: \\u001b."""
    return f"\\u{ord(char):04x}"


def check(what: str, text: str) -> str:
    """The text, or an EntryError if it holds a control character."""
    found = re.search(_ENTERED, text)
    if found:
        raise errors.EntryError(
            # TRANSLATORS: {what} is what was typed, e.g. "a comment", "a player name"
            _("{what} holds a control character ({character}); type it as plain text").format(
                what=_(what), character=escaped(found.group())
            )
        )
    return text


def visible(what: str, text: str) -> str:
    """The text, or an EntryError if it holds a format character (Unicode's category Cf: a
    zero-width space, a soft hyphen, a joiner, as well as the bidirectional marks `check`
    refuses), which shows as nothing: what a name must not hold, or one name could pass for
    another."""
    if text.isascii():
        return text
    import unicodedata

    for char in text:
        if unicodedata.category(char) == "Cf":
            raise errors.EntryError(
                # TRANSLATORS: {what} is what was typed, e.g. "a player name"
                _("{what} holds an invisible character ({character}), which would let it pass for another; type it without").format(
                    what=_(what), character=escaped(char)
                )
            )
    return text


def reading(text: str) -> str:
    """What text reads as to a person: compatibility forms made plain (a full-width letter, a
    ligature), format characters left out and case set aside. Two names that read the same
    are one name at a table."""
    if text.isascii():
        return text.casefold()
    import unicodedata

    shown = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in shown if unicodedata.category(ch) != "Cf").casefold()


def neutral(text: str) -> str:
    """Text safe to write to a terminal: every control character but a line break and a tab
    shown as an escape instead of acted on."""
    return re.sub(_SHOWN, lambda m: escaped(m.group()), text)


def columns(text: str) -> int:
    """How many columns `text` takes in a terminal: a format character (a zero-width joiner,
    an invisible mark) takes none."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(unicodedata.category(ch) != "Cf" for ch in text)


def padded(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` columns, on the left where `right`."""
    pad = " " * (width - columns(text))
    return pad + text if right else text + pad
