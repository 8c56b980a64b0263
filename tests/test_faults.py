"""Every fault named for what it is, and nothing written over what is there: a full disk is a
full disk (reads go on where SQLite can read), a zero-byte file where a store with games was is
damage, and a store whose header gives a version no scorekeeper writes says so instead of
sending the scorer from the store to `verify` and back. Points: MrPikes (RULES.md §1)."""

import json
import os
import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest
from served import sk_ran

from scorekeeper.storage import schema, seals, store

ROOT = Path(__file__).resolve().parent.parent


def game_with_a_hand(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")  # hand 1: Ann 13, Bob 10, Cat -11 (6 bid, 7 taken: pants)
    return sk.json("status")["game"]


def snapshot(folder):
    """Every file in the folder with its bytes: what `changing nothing` must leave alone."""
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- a full disk -----------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path):
    """A 320 KiB tmpfs of the test's own, where one can be mounted (as root), else skipped
    (the test after it forces SQLITE_FULL instead)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=320k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here (not root): see the SQLITE_FULL test")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def run(home, *args):
    """The program as a scorer runs it, one process a command."""
    return sk_ran(home, *args, cwd=str(ROOT))


def fill(folder):
    """Fill the disk to the last byte."""
    fd = os.open(folder / f"filler-{uuid.uuid4().hex}", os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(fd)


def test_a_full_disk_is_named_as_full_and_reads_go_on(small_disk):
    home = small_disk / "home"
    home.mkdir()
    (home / "settings.toml").write_text("[backups]\nkeep = 0\n")  # the tmpfs is too small for copies
    for args in (("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat"), ("trump", "h"), ("bid", "3", "0", "6")):
        assert run(home, *args).returncode == 0
    fill(small_disk)
    path = home / store.Store.FILENAME
    failed = run(home, "tricks", "3", "0", "7")
    assert (failed.returncode, failed.stderr) == (
        3,
        f"error: the disk holding {path} is full, so nothing can be written to it; free some space, then try "
        "again (the store is not damaged: what was recorded before is kept)\n",
    )
    # reads still work: before, every command said the store was damaged and to restore a backup
    status = run(home, "status")
    assert status.returncode == 0, status.stderr
    assert "Bids: Ann 3, Bob 0, Cat 6" in status.stdout
    verified = run(home, "verify")
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("The 1 game verifies: no entry has been altered.\n")
    again = run(home, "tricks", "3", "0", "7")
    assert again.returncode == 3 and "is full" in again.stderr
    for filler in small_disk.glob("filler-*"):
        filler.unlink()
    assert run(home, "tricks", "3", "0", "7").returncode == 0  # space freed: nothing was damaged
    best = json.loads(run(home, "standings", "--json").stdout)["players"][0]
    assert (best["name"], best["score"]) == ("Ann", 13)  # 10 + 3 tricks


def test_the_caches_key_is_not_made_on_a_full_disk_and_leaves_nothing_behind(small_disk):
    """The key that seals the caches is made on first use. Before, on a disk with room for an
    import's backup but not for the key, `import` ended in a traceback (OSError: no space
    left) and left a key of no bytes, of no use for good. Now the caches go unsealed and the
    key is made once there is room."""
    folder = small_disk / "home"
    folder.mkdir()
    fill(small_disk)
    assert seals.key(folder) is None
    assert list(folder.iterdir()) == []
    for filler in small_disk.glob("filler-*"):
        filler.unlink()
    made = seals.key(folder)
    assert made is not None and len(made) == seals.SIZE
    assert seals.key(folder) == made and [p.name for p in folder.iterdir()] == [seals.KEY_FILE]


def test_an_import_on_a_full_disk_names_the_full_disk_and_changes_nothing(small_disk, tmp_path):
    """Before, `import` on an almost full disk ended in a traceback (OSError): the key that
    seals the caches, made on first use, could not be written, and a key of no bytes was left
    where it stood for good. Now the key is written whole before it takes its name, or not at
    all, and the import's own write names the full disk (exit 3)."""
    home = small_disk / "home"
    home.mkdir()
    for args in (("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat"), ("trump", "h")):
        assert run(home, *args).returncode == 0
    (home / seals.KEY_FILE).unlink()  # a store from before the caches were sealed
    elsewhere = tmp_path / "elsewhere"
    assert run(elsewhere, "new", "oh-hell-office", "--players", "Dan,Eve,Fay").returncode == 0
    sheet = tmp_path / "sheet.json"
    assert run(elsewhere, "sheet", "--format", "json", "--output", sheet).returncode == 0
    fill(small_disk)
    before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    failed = run(home, "import", sheet)
    assert "Traceback" not in failed.stderr
    assert failed.returncode == 3, failed.stderr
    assert failed.stderr.startswith("error: the disk holding ") and " is full, so nothing can be written" in failed.stderr
    assert len(failed.stderr.splitlines()) == 1
    after = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    assert after[store.Store.FILENAME] == before[store.Store.FILENAME]
    assert seals.KEY_FILE not in after and not [n for n in after if n.endswith(".part")]
    for filler in small_disk.glob("filler-*"):
        filler.unlink()
    assert run(home, "import", sheet).returncode == 0  # space freed: it goes in
    assert len((home / seals.KEY_FILE).read_bytes()) == seals.SIZE


def test_sqlite_full_is_named_as_a_full_disk(sk, home, monkeypatch):
    """SQLITE_FULL forced (a page limit on the writing connection), where no tmpfs can be mounted."""
    game_with_a_hand(sk)
    opened = store.Store._open_for_writing

    def capped(self, migrate=False):
        opened(self, migrate)
        pages = self._conn.execute("PRAGMA page_count").fetchone()[0]
        self._conn.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(store.Store, "_open_for_writing", capped)
    text = "a long comment " * 400  # more than the free room in the last page
    path = home / store.Store.FILENAME
    assert sk.fails("comment", text, code=3) == (
        f"error: the disk holding {path} is full, so nothing can be written to it; free some space, then try "
        "again (the store is not damaged: what was recorded before is kept)"
    )
    assert "Ann" in sk("standings")  # reads go on


# --- a zero-byte store -----------------------------------------------------------------------


def test_a_zero_byte_store_where_one_was_is_damage_and_nothing_is_changed(sk, home):
    game_with_a_hand(sk)  # its second entry took the day's automatic backup
    (backup,) = (home / "backups").iterdir()
    path = home / store.Store.FILENAME
    path.write_bytes(b"")
    before = snapshot(home)
    expected = (
        f"error: {path} is empty (0 bytes), yet its backups beside it show a store was there: the file was "
        f"truncated; nothing was changed; restore the latest backup with `scorekeeper restore {backup}`, "
        "or move the store aside and pass --home DIR"
    )
    for command in (["status"], ["verify"], ["games"], ["comment", "hello"]):
        assert sk.fails(*command, code=3) == expected
    assert snapshot(home) == before  # before, `status` wrote a fresh empty store over it


def test_a_zero_byte_store_beside_its_play_history_is_damage(sk, home):
    home.mkdir()
    (home / "play-history").write_text("\n# 2026-11-24\n+trump h\n")
    path = home / store.Store.FILENAME
    path.write_bytes(b"")
    assert sk.fails("verify", code=3) == (
        f"error: {path} is empty (0 bytes), yet its `play` history beside it shows a store was there: the file "
        "was truncated; nothing was changed; restore it from a backup (`scorekeeper restore FILE`), or move "
        "it aside and pass --home DIR"
    )
    assert path.stat().st_size == 0


def test_a_zero_byte_store_with_nothing_beside_it_is_a_new_store(sk, home):
    home.mkdir()
    (home / store.Store.FILENAME).write_bytes(b"")  # what a first command killed mid-way leaves
    assert sk("verify").startswith("All 0 games verify")
    assert sk("games").startswith("No games yet")


# --- a version no scorekeeper writes ---------------------------------------------------------


@pytest.mark.parametrize("version", [0, -1])
def test_a_store_of_an_unknown_version_says_so_instead_of_going_in_a_circle(sk, home, version):
    game_with_a_hand(sk)
    backup = Path(sk("backup").split(" to ")[1].split("; ")[0])  # after hand 1 (the day's was before it)
    path = home / store.Store.FILENAME
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    before = snapshot(home)
    expected = (
        f"error: {path} holds a store's tables, but its header says it is store version {version}, a version "
        f"no scorekeeper writes (this one writes {schema.SCHEMA_VERSION}): the header was damaged or edited; nothing was "
        f"changed; restore the latest backup with `scorekeeper restore {backup}`, or move the store aside "
        "and pass --home DIR"
    )
    # before: "failed (table meta already exists); run `scorekeeper verify`", and verify said the same
    assert sk.fails("status", code=3) == expected
    assert sk.fails("verify", code=3) == expected
    assert snapshot(home) == before
    restored = sk("restore", backup)
    assert restored.startswith(f"Restored 1 game from {backup}, verified; the store as it was is kept in ")
    assert sk.json("standings")["players"][0] == {"name": "Ann", "score": 13, "place": 1, "forfeits": []}


def test_a_header_wiped_after_a_read_left_an_empty_write_ahead_log_is_found_without_a_write(sk, home):
    """A read leaves the write-ahead log beside the store, empty: the file alone is still the
    whole store, so its header is read as the file has it (and the file as it is, no lock
    taken, nothing written beside it)."""
    game_with_a_hand(sk)
    sk("status")
    path = home / store.Store.FILENAME
    wal = path.with_name(path.name + "-wal")
    assert wal.exists() and wal.stat().st_size == 0
    with path.open("r+b") as file:  # the application id, at offset 68, wiped by hand
        file.seek(68)
        file.write(bytes(4))
    before = snapshot(home)
    for args in (["status"], ["trump", "s"]):
        assert "its header has lost scorekeeper's stamp (its application id is 0)" in sk.fails(*args, code=3)
    assert snapshot(home) == before


def test_a_store_whose_stamp_was_wiped_is_named_damaged_not_someone_elses(sk, home):
    game_with_a_hand(sk)
    path = home / store.Store.FILENAME
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA application_id = 0")
    conn.close()
    assert sk.fails("status", code=3).startswith(
        f"error: {path} holds a store's tables, but its header has lost scorekeeper's stamp (its application "
        "id is 0): the header was damaged or edited; nothing was changed; "
    )
