"""The catalogs: the template holds every message marked in the code (and the shipped
rulesets' prose), and each language's catalog translates every one of them, with the same
placeholders, the plural forms its language has, and nothing left fuzzy."""

import gettext
import io
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from scorekeeper.words import catalogs

TRANSLATED = sorted(code for code in catalogs.LANGUAGES if code != "en")


def read(path):
    with path.open("rb") as file:
        return read_po(file)


@pytest.fixture(scope="module")
def template():
    return read(catalogs.FOLDER / "messages.pot")


def placeholders(text):
    """The names a message fills in: {player} in Python, the same in the pages' JavaScript."""
    return {field for _text, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def forms(message):
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message):
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(template, code):
    catalog = read(catalogs.FOLDER / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po")
    expected_forms = get_plural(code).num_plurals
    assert catalog.num_plurals == expected_forms
    problems = []
    for message in template:
        if not message.id:
            continue
        key = (message.id, message.context) if message.context else message.id
        translated = catalog.get(message.id, message.context)
        if translated is None or not all(forms(translated)):
            problems.append(f"untranslated: {key!r}")
            continue
        if translated.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        if message.pluralizable and len(forms(translated)) != expected_forms:
            problems.append(f"{len(forms(translated))} plural forms, not {expected_forms}: {key!r}")
        wanted = set().union(*(placeholders(text) for text in ids(message)))
        for form, text in enumerate(forms(translated)):
            got = placeholders(text)
            # a singular form may name its one thing instead of counting it ("ein Stich")
            lenient = message.pluralizable and form == 0 and got < wanted
            if got != wanted and not lenient:
                problems.append(f"placeholders {sorted(got)} instead of {sorted(wanted)}: {key!r} -> {text!r}")
            try:
                text.format(**{name: "x" for name in got})
            except (ValueError, IndexError, KeyError) as broken:
                problems.append(f"does not format ({broken}): {text!r}")
    extra = [m.id for m in catalog if m.id and template.get(m.id, m.context) is None]
    assert problems == [] and extra == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalog_compiles_to_what_gettext_reads(code):
    catalog = read(catalogs.FOLDER / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)
    # one message of each kind comes back translated: a sentence, and both plural forms
    plural = next(m for m in catalog if m.pluralizable and m.id)
    sentence = next(m for m in catalog if m.id and not m.pluralizable and "{" in m.id)
    assert translations.gettext(sentence.id) == sentence.string
    for n in (1, 5):
        assert translations.ngettext(*plural.id, n) == plural.string[gettext.c2py(catalog.plural_expr)(n)]


def test_the_template_holds_every_message_of_the_code_and_no_other():
    tools = Path(__file__).resolve().parent.parent / "tools" / "catalogs.sh"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", str(tools), "check"], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
