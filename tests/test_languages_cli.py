"""Choosing the language the command line speaks: `--lang CODE` (before or after the command),
else SCOREKEEPER_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), else English; a language
we do not speak refused in one line naming those we do; `sheet --lang` writing the sheet in
its own language; `--json` the same in every language; `play` keeping the language it was
started in; typer's and click's own words (usage errors, help headings) translated too.

The languages' catalogs are checked elsewhere: here every language but English speaks the
pseudo-language, whose messages are marked ⟦…⟧, so what went through the catalog shows."""

import json

import pseudo
import pytest

from scorekeeper.core import language
from scorekeeper.words import catalogs

pytestmark = pytest.mark.skipif(pseudo.ON, reason="these tests look for the pseudo-language's marks themselves")

LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG", "SCOREKEEPER_LANG")


@pytest.fixture(autouse=True)
def every_language_marked(monkeypatch):
    """Any language but English speaks the marked pseudo-language; no locale is set."""
    marked = catalogs.Pseudo()
    monkeypatch.setattr(catalogs, "translations", lambda code: language.ENGLISH if code == "en" else marked)
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)


def marked(text):
    return "⟦" in text


def test_lang_before_or_after_the_command_is_spoken(sk):
    assert not marked(sk.fails("status"))
    assert sk.fails("--lang", "de", "status").startswith("⟦")
    assert sk.fails("status", "--lang", "fr").startswith("⟦")
    assert sk.fails("status", "--lang=es").startswith("⟦")
    assert not marked(sk.fails("status", "--lang", "en"))


def test_the_flag_beats_the_environment_which_beats_the_locale(sk, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert marked(sk.fails("status"))  # the locale
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert not marked(sk.fails("status"))  # SCOREKEEPER_LANG over the locale
    monkeypatch.setenv("SCOREKEEPER_LANG", "fr")
    assert marked(sk.fails("status"))
    assert not marked(sk.fails("--lang", "en", "status"))  # --lang over both


@pytest.mark.parametrize(
    ("variables", "speaks"),
    [
        ({"LANG": "de_DE.UTF-8"}, True),
        ({"LANG": "fr_FR"}, True),
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "C"}, True),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, False),  # LC_ALL first, and C is English
        ({"LC_ALL": "POSIX"}, False),
        ({"LANG": "it_IT.UTF-8"}, False),  # a language we do not speak: English, no refusal
        ({"LANG": "en_GB.UTF-8"}, False),
        ({}, False),
    ],
)
def test_the_locale_names_the_language_else_english(sk, monkeypatch, variables, speaks):
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    result = sk.run("status")
    assert result.exit_code == 1
    assert marked(result.stderr) == speaks, result.stderr


def test_a_language_we_do_not_speak_is_a_usage_error_naming_those_we_do(sk, monkeypatch, home):
    assert sk.fails("--lang", "xx", "status", code=2) == "error: --lang 'xx': no such language; choose one of de, en, es, fr"
    assert sk.fails("status", "--lang", "klingon", code=2) == (
        "error: --lang 'klingon': no such language; choose one of de, en, es, fr"
    )
    monkeypatch.setenv("SCOREKEEPER_LANG", "nl")
    assert sk.fails("status", code=2) == "error: SCOREKEEPER_LANG 'nl': no such language; choose one of de, en, es, fr"
    assert not home.exists()  # nothing was written
    assert not marked(sk.fails("--lang", "en", "status"))  # --lang is read first: the variable is not


def test_lang_needs_its_value(sk):
    assert sk.fails("status", "--lang", code=2) == (
        "error: Option '--lang' requires an argument. (see `scorekeeper --help`)"
    )


def started(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "1", "0", "1")
    sk("tricks", "1", "1", "8")


def test_sheet_lang_writes_the_sheet_in_its_own_language(sk, monkeypatch, tmp_path):
    from scorekeeper.sheets import score_sheet

    written = score_sheet.render  # the sheet with a heading said as it is written, to tell its language
    monkeypatch.setattr(score_sheet, "render", lambda *args: language._("The score sheet.") + "\n" + written(*args))
    started(sk)
    english = sk("sheet")
    other = sk("sheet", "--lang", "fr")
    assert not marked(english)
    assert marked(other) and other != english
    # the terminal's language for what is said, the sheet's own for the sheet
    monkeypatch.setenv("SCOREKEEPER_LANG", "de")
    assert sk("sheet", "--lang", "en") == english
    said = sk("sheet", "--lang", "en", "--output", tmp_path / "sheet.txt")
    assert marked(said)
    assert (tmp_path / "sheet.txt").read_text(encoding="utf-8").rstrip("\n") == english.rstrip("\n")


def test_sheet_lang_refuses_a_language_we_do_not_speak(sk):
    started(sk)
    assert sk.fails("sheet", "--lang", "xx", code=2) == "error: --lang 'xx': no such language; choose one of de, en, es, fr"


@pytest.mark.parametrize(
    "command",
    [["status"], ["standings", "--chart"], ["why", "Cat"], ["winner", "QH", "2H", "3S", "--trump", "clubs"], ["stats"],
     ["ratings"]],
)
def test_json_is_the_same_in_every_language(sk, command):
    started(sk)
    english = sk(*command, "--json")
    assert sk("--lang", "de", *command, "--json") == english
    assert sk(*command, "--json", "--lang", "fr") == english
    json.loads(english)


def test_help_and_usage_errors_in_the_language_spoken(sk):
    shown = sk("--lang", "de", "new", "--help")
    assert "⟦Úságé: ⟧" in shown
    for heading in ("⟦Árgúménts⟧", "⟦Óptíóns⟧", "⟦[réqúíréd]⟧", "⟦Shów thís mésságé ánd éxít.⟧", "⟦Stárt á gámé"):
        assert heading in shown
    assert "⟦Cómmánds⟧" in sk("--lang", "de", "--help")
    assert sk.fails("--lang", "de", "frob", code=2) == (
        "⟦érrór: ⟦⟦Nó súch cómmánd 'frob'.⟧ (séé `sk --hélp`)⟧⟧".replace("sk --", "root --")
    )
    assert sk.fails("--lang", "de", "new", code=2) == (
        "⟦érrór: ⟦⟦Míssíng árgúmént 'RULESET'.⟧ (séé `root new --hélp`)⟧⟧"
    )
    assert sk.fails("--lang", "de", "bid", "--hand", "x", "1", code=2) == (
        "⟦érrór: ⟦⟦Ínválíd válúé fór '--hand': ⟦Ínpút shóúld bé á válíd íntégér, únáblé tó pársé stríng ás án "
        "íntégér⟧⟧ (séé `root bid --hélp`)⟧⟧"
    )
    assert sk.fails("--lang", "de", "status", "--bogus", code=2) == (
        "⟦érrór: ⟦⟦Nó súch óptíón: --bogus⟧ (séé `root status --hélp`)⟧⟧"
    )
    # and in English, click's words as click writes them
    assert sk.fails("new", code=2) == "error: Missing argument 'RULESET'. (see `root new --help`)"


def test_play_keeps_the_language_it_was_started_in(sk):
    started(sk)
    result = sk.run("--lang", "de", "play", input="help\nplay\nrestore backup.sqlite3\nquit\n")
    assert result.exit_code == 2
    assert "⟦Ánswér thé prómpt wíth báré válúés" in result.stdout  # the session's own words
    assert result.stderr.splitlines() == [
        "⟦érrór: ⟦thís ís `pláý` álréádý; týpé án ánswér ór á cómmánd, ór `qúít`⟧⟧",
        # a command run inside the session speaks its language too
        "⟦érrór: ⟦`réstóré` cánnót rún ínsídé `pláý`; léávé thé séssíón, thén réstóré⟧⟧",
    ]
    english = sk.run("play", input="help\nquit\n")
    assert "Answer the prompt with bare values" in english.stdout
    assert not marked(english.stdout + english.stderr)
