"""The store's refusals in the language in use: each one a whole message (its parts, such as
what to do about it, messages of their own), so a language can reorder it. Checked with the
pseudo-language, which marks every message ⟦…⟧ and accents its letters: a sentence cut out of
another, or English built around a message, shows as text outside the marks."""

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.core import errors, language
from scorekeeper.storage import backups, league, paths, store
from scorekeeper.words import catalogs


@pytest.fixture
def pseudo():
    with language.speaking(catalogs.translations(catalogs.PSEUDO)):
        yield


def refusal(call, *args) -> str:
    with pytest.raises(errors.StoreError) as refused:
        call(*args)
    return str(refused.value)


def test_a_file_that_is_not_a_store_is_refused_on_import_in_the_words_of_the_language(pseudo, tmp_path):
    theirs = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(theirs) as conn:
        conn.execute("CREATE TABLE plays (game TEXT)")
    conn.close()
    # what the file is, said of the file alone, inside the import's own message
    assert refusal(league.read, theirs) == (
        f"⟦cánnót ímpórt {theirs}: ⟦ít ís nót á scórékéépér stóré (ít ís ánóthér prógrám's SQLíté "
        "dátábásé)⟧; nóthíng wás ímpórtéd⟧"
    )


def test_an_emptied_store_names_what_shows_it_was_there_as_a_list_of_the_language(pseudo, tmp_path):
    (tmp_path / store.Store.FILENAME).write_bytes(b"")
    (tmp_path / paths.HISTORY).write_text("new oh-hell-mrpikes\n")
    backups.make_folder(tmp_path)
    backups.new_path(tmp_path, backups.BY_HAND).write_bytes(b"SQLite format 3\x00")
    latest = backups.latest(tmp_path).path
    # the two things joined as the language joins a list, with the verb of two, and what to do
    # a message of its own
    assert refusal(store.Store, tmp_path) == (
        f"⟦{tmp_path / store.Store.FILENAME} ís émptý (0 býtés), ýét ⟦⟦íts `pláý` hístórý⟧ ánd ⟦íts báckúps⟧⟧ "
        "bésídé ít shów á stóré wás théré: thé fílé wás trúncátéd; nóthíng wás chángéd; "
        f"⟦réstóré thé látést báckúp wíth `scórékéépér réstóré {latest}`, ór móvé thé stóré ásídé ánd páss "
        "--hómé DÍR⟧⟧"
    )


def test_a_backups_age_takes_the_plural_form_of_its_count(pseudo):
    now = datetime.now(UTC)
    assert backups.age_text(now - timedelta(minutes=1), now) == "⟦1 mínúté ágó⟧"
    assert backups.age_text(now - timedelta(hours=2), now) == "⟦2 hóúrs ágó⟧"
    assert backups.age_text(now, now) == "⟦júst nów⟧"


def test_english_is_unchanged_without_a_catalog(tmp_path):
    (tmp_path / store.Store.FILENAME).write_bytes(b"")
    (tmp_path / paths.HISTORY).write_text("new oh-hell-mrpikes\n")
    assert refusal(store.Store, tmp_path) == (
        f"{tmp_path / store.Store.FILENAME} is empty (0 bytes), yet its `play` history beside it shows a store "
        "was there: the file was truncated; nothing was changed; restore it from a backup (`scorekeeper restore "
        "FILE`), or move it aside and pass --home DIR"
    )
