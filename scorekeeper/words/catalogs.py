"""Which language a person reads, and its catalog: `--lang`, else SCOREKEEPER_LANG, else the
locale, else English for the terminal; the browser's preferred languages for a phone page.
A language other than English loads its one compiled catalog (gettext's .mo, built when the
package is built) the first time it is needed; English loads none.

`qps` is a pseudo-language for tests: every message comes out marked and accented
(⟦Ánn bíd {bid}⟧), so an English sentence that reached the output without passing through
the catalog stands out."""

from __future__ import annotations

import functools
import gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

from scorekeeper.core import errors, language

# Each language by its code, named as its speakers name it.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
PSEUDO = "qps"
DOMAIN = "scorekeeper"
FOLDER = Path(__file__).resolve().parent.parent / "locale"


def chosen(flag: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The terminal's language: `--lang`, else SCOREKEEPER_LANG, else the first of LC_ALL,
    LC_MESSAGES and LANG that is set (as the C library reads them), else English. A language
    asked for by name that we do not have is a mistake; a locale we have no catalog for is
    English."""
    if flag is not None:
        return _known(flag, "--lang")
    if environ.get("SCOREKEEPER_LANG"):
        return _known(environ["SCOREKEEPER_LANG"], "SCOREKEEPER_LANG")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return _from_locale(environ[name]) or "en"
    return "en"


def _code(tag: str) -> str:
    """The language of a tag written as a locale or a web tag: de_DE.UTF-8, fr-CA, es."""
    return re.split(r"[-_.@]", tag.strip(), maxsplit=1)[0].lower()


def _from_locale(value: str) -> str | None:
    code = _code(value)
    return code if code in LANGUAGES else None


def _known(value: str, where: str) -> str:
    code = _code(value)
    if code in LANGUAGES or code == PSEUDO:
        return code
    raise errors.UsageError(
        language._("{where} {value}: no such language; choose one of {codes}").format(
            where=where, value=repr(value), codes=", ".join(sorted(LANGUAGES))
        )
    )


# A browser's Accept-Language is read as untrusted text: a bounded number of entries, each a
# tag and an optional weight. (Patterns are compiled by `re`, and cached, at first use.)
_MOST_TAGS = 32
_ENTRY = r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?))?\s*$"


def for_browser(accept_language: str | None, asked: str | None = None) -> str:
    """A phone page's language: the one its address names (`?lang=fr`) if we have it, else
    the first of the browser's preferred languages (by weight) that we have, else English."""
    if asked:
        code = _code(asked)
        if code in LANGUAGES or code == PSEUDO:
            return code
    wanted: list[tuple[float, int, str]] = []
    for order, entry in enumerate((accept_language or "")[:1000].split(",")[:_MOST_TAGS]):
        match = re.match(_ENTRY, entry)
        if not match or match.group(1) == "*":
            continue
        weight = float(match.group(2)) if match.group(2) else 1.0
        if weight > 0:
            wanted.append((-weight, order, _code(match.group(1))))
    for _weight, _order, code in sorted(wanted):
        if code in LANGUAGES:
            return code
    return "en"


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalog of a language (English: none, the messages are its text)."""
    if code == "en":
        return language.ENGLISH
    if code == PSEUDO:
        return Pseudo()
    if code not in LANGUAGES:
        raise ValueError(f"no catalog for {code!r}")
    folder = FOLDER / code / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    return _compiled_from_source(folder / f"{DOMAIN}.po")


def _compiled_from_source(source: Path) -> gettext.NullTranslations:
    """A catalog compiled in memory from its .po: a source tree (tests, a checkout) has no
    .mo, which is built only when the package is."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalog = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


class Pseudo(gettext.NullTranslations):
    """Every message marked ⟦…⟧ and its letters accented, its placeholders untouched. (The
    tests' own check swaps the marks for invisible ones and leaves the letters as they are.)"""

    OPEN, CLOSE = "⟦", "⟧"
    ACCENTED: dict[int, str] | None = str.maketrans("aeiouyAEIOUY", "áéíóúýÁÉÍÓÚÝ")
    PIECEWISE = False  # mark the words between placeholders each on their own (the tests' check)

    def _marked(self, message: str) -> str:
        pieces = re.split(r"(\{[^{}]*\})", message)
        if self.ACCENTED is not None:
            pieces = [p if p.startswith("{") else p.translate(self.ACCENTED) for p in pieces]
        if self.PIECEWISE:
            return "".join(p if p.startswith("{") or not p else self.OPEN + p + self.CLOSE for p in pieces)
        return self.OPEN + "".join(pieces) + self.CLOSE

    def gettext(self, message: str) -> str:
        return self._marked(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._marked(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._marked(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._marked(msgid1 if n == 1 else msgid2)
