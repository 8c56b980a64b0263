"""Choosing the language: the terminal's (`--lang`, SCOREKEEPER_LANG, the locale) and a phone
page's (its address, then the browser's preferred languages); the pseudo-language that marks
every message."""

import pytest

from scorekeeper.core import errors, language
from scorekeeper.words import catalogs


@pytest.mark.parametrize(
    ("flag", "environ", "code"),
    [
        ("fr", {"SCOREKEEPER_LANG": "de", "LANG": "es_ES.UTF-8"}, "fr"),
        (None, {"SCOREKEEPER_LANG": "de", "LANG": "es_ES.UTF-8"}, "de"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "es_ES.UTF-8"}, "fr"),
        (None, {"LC_ALL": "de_AT", "LC_MESSAGES": "fr_CA.UTF-8", "LANG": "es_ES.UTF-8"}, "de"),
        # the first locale variable that is set decides, even if we have no catalog for it
        (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LANG": "pt_BR.UTF-8"}, "en"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {}, "en"),
        ("DE", {}, "de"),
        ("es-MX", {}, "es"),
    ],
)
def test_the_terminal_language_is_the_flag_then_the_variable_then_the_locale(flag, environ, code):
    assert catalogs.chosen(flag, environ) == code


def test_a_language_asked_for_by_name_that_we_do_not_have_is_refused():
    with pytest.raises(errors.UsageError) as flagged:
        catalogs.chosen("pt", {})
    assert str(flagged.value) == "--lang 'pt': no such language; choose one of de, en, es, fr"
    with pytest.raises(errors.UsageError) as variable:
        catalogs.chosen(None, {"SCOREKEEPER_LANG": "klingon"})
    assert str(variable.value) == "SCOREKEEPER_LANG 'klingon': no such language; choose one of de, en, es, fr"


@pytest.mark.parametrize(
    ("header", "asked", "code"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", None, "fr"),
        ("pt-BR,pt;q=0.9,de;q=0.5,en;q=0.4", None, "de"),
        ("en-GB,en;q=0.9,es;q=0.8", None, "en"),
        ("de;q=0.2, es;q=0.9", None, "es"),  # by weight, not by order
        ("de;q=0, fr;q=0.1", None, "fr"),  # weight 0 is "not this one"
        ("de", "fr", "fr"),  # the address wins
        ("de", "pt", "de"),  # an address naming a language we lack is passed over
        (None, None, "en"),
        ("", None, "en"),
        ("*", None, "en"),
        ("de;q=abc, ;;;, fr;q=2x, " + "x" * 5000, None, "en"),  # hostile: nothing usable
        ("xx," * 10_000 + "de", None, "en"),  # only the first entries are read
    ],
)
def test_a_phone_page_speaks_its_address_language_else_the_browsers(header, asked, code):
    assert catalogs.for_browser(header, asked) == code


def test_the_pseudo_language_marks_every_message_and_keeps_its_placeholders():
    with language.speaking(catalogs.translations(catalogs.PSEUDO)):
        assert language._("{player} bid {bid}").format(player="Ann", bid=3) == "⟦Ann bíd 3⟧"
        assert language.ngettext("{count} trick", "{count} tricks", 2).format(count=2) == "⟦2 trícks⟧"
    assert language._("{player} bid {bid}") == "{player} bid {bid}"  # English outside the block


def test_english_loads_no_catalog():
    assert catalogs.translations("en") is language.ENGLISH


def test_lists_follow_the_language():
    assert language.listed([]) == ""
    assert language.listed(["Ann"]) == "Ann"
    assert language.listed(["Ann", "Bob"]) == "Ann and Bob"
    assert language.listed(["Ann", "Bob", "Cy", "Di"]) == "Ann, Bob, Cy and Di"
