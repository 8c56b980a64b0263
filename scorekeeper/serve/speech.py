"""The language a request is answered in, and what a page's scripts are given to speak it.

A request is answered in the language its address names (`?lang=fr`), else the first of the
browser's preferred languages (`Accept-Language`) we have, else English (catalogs.for_browser):
its page, the replies and refusals it is sent, the state it draws. The pages' scripts say
every sentence through `t("…", {values})` and `nt("…", "…", n, {values})` (say.js), and each
page is sent, inside it, the translations of its scripts' messages in its language (`said`):
English needs none, its messages are its text."""

from __future__ import annotations

import gettext
import json
import re
from typing import Any
from urllib.parse import parse_qs

from scorekeeper.core import language
from scorekeeper.words import catalogs

ENGLISH = "en"

# t("…") or nt("…", "…": each message of a script as Babel's JavaScript extractor reads it
# (keywords t and nt:1,2); the scripts write every message as one double-quoted literal.
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_CALL = re.compile(rf"(?<![\w$.])(nt|t)\(\s*{_STRING}(?:\s*,\s*{_STRING})?")

# A plural form is chosen for each n from 0 to FORMS - 1 as the language's rule says; past
# that, n is taken as 100 + n % 100 (gettext's rules look at n % 10 and n % 100 beyond 100).
FORMS = 200


def of_request(scope: dict[str, Any]) -> str:
    """The language code a request is answered in."""
    accepted = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"accept-language"), None)
    query = scope.get("query_string", b"").decode("latin-1")
    asked = parse_qs(query[:2000]).get("lang", [None])[0]
    return catalogs.for_browser(accepted, asked)


def messages(script: str) -> list[tuple[str, str | None]]:
    """Each message `script` says, once: (msgid, None) for t, (singular, plural) for nt."""
    found: dict[tuple[str, str | None], None] = {}
    code = re.sub(r"^\s*//.*$", "", script, flags=re.M)  # a comment's words are not said
    for keyword, first, second in _CALL.findall(code):
        singular = json.loads(f'"{first}"')
        plural = json.loads(f'"{second}"') if keyword == "nt" and second else None
        found[(singular, plural)] = None
    return list(found)


def said(speaker: gettext.NullTranslations, scripts: list[str]) -> dict[str, Any]:
    """What a page is given to say its scripts' messages through `speaker` (a language's
    catalog): `t` (msgid -> its translation), `nt` (singular -> each plural form) and `forms`
    (the plural form of each n below FORMS). Nothing for English."""
    if speaker is language.ENGLISH:
        return {}
    rule = getattr(speaker, "plural", None) or (lambda n: int(n != 1))
    forms = [int(rule(n)) for n in range(FORMS)]
    first_of = {}  # each plural form, by the first n that takes it
    for n, form in enumerate(forms):
        first_of.setdefault(form, n)
    singles: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    for script in scripts:
        for singular, plural in messages(script):
            if plural is None:
                singles[singular] = speaker.gettext(singular)
            else:
                plurals[singular] = [speaker.ngettext(singular, plural, first_of[f]) for f in sorted(first_of)]
    return {"t": singles, "nt": plurals, "forms": forms}
