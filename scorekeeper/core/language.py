"""The language words are shown in: every sentence a person reads goes through `_` (or
`ngettext` when it counts something) at the moment it is shown, with named placeholders
filled in after translation (`_("{player} bid {bid}").format(player=..., bid=...)`), so a
translator can reorder a sentence. Module constants are marked with `N_` and translated
where they are shown. No I/O: the catalog is loaded elsewhere and handed to `speaking`.

The language in use is a context variable, so a server answering several phones in several
languages at once gives each its own. English is the source text and loads no catalog."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ENGLISH = gettext.NullTranslations()

_current: ContextVar[gettext.NullTranslations] = ContextVar("language", default=ENGLISH)


def _(message: str) -> str:
    """`message` in the language in use."""
    return _current.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that `n` takes in the language in use (never an added
    "s": languages have one, two or more plural forms)."""
    return _current.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in use, where the same English word needs telling apart
    (a card's "take" and a game's "take")."""
    return _current.get().pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for the catalog without translating it: it is translated by `_`
    where it is shown, in the language in use then."""
    return message


def in_use() -> gettext.NullTranslations:
    return _current.get()


@contextmanager
def speaking(translations: gettext.NullTranslations) -> Iterator[None]:
    """Show what is said inside the block through `translations`."""
    token = _current.set(translations)
    try:
        yield
    finally:
        _current.reset(token)


def use(translations: gettext.NullTranslations) -> None:
    """Speak `translations` from now on in this context (a command's whole run)."""
    _current.set(translations)


def listed(items: list[str]) -> str:
    """Names or phrases as one list the language in use would write: "Ann", "Ann and Bob",
    "Ann, Bob and Cy"."""
    return chained(items, N_("{items}, {item}"), N_("{items} and {last}"))


def chained(items: list[str], between: str, last: str) -> str:
    """Items joined into one phrase: each to the next by the message `between`, the last one
    by `last` (both marked with N_, with placeholders {items}, the phrase so far, and {item}
    or {last}, the one joined to it), in the language in use."""
    if not items:
        return ""
    joined = items[0]
    for number, item in enumerate(items[1:], start=2):
        said = _(last) if number == len(items) else _(between)
        joined = said.format(items=joined, item=item, last=item)
    return joined
