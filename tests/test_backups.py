"""Backups the tool makes itself: `backup [FILE]` (SQLite's online backup API, verified after it
is written, safe while another process writes), the rotating automatic one in the store's
folder (before the first entry of each day and before `import`, as many kept as the home's
settings say), `restore FILE` (verified first; the store as it was kept aside), and `status`
and `verify` naming the latest backup and its age. Points: MrPikes (RULES.md §1)."""

import os
import re
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import warm_start

from scorekeeper.storage import backups, store

ROOT = Path(__file__).resolve().parent.parent
STAMP = re.compile(r"\d{8}T\d{12}Z")


def game_with_a_hand(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")  # the day's first entry on a game: the automatic backup is taken before it
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")  # hand 1: Ann 10 + 3 = 13, Bob 10, Cat -11 (pants)
    return sk.json("status")["game"]


def in_backups(home):
    return sorted(p.name for p in (home / "backups").iterdir())


def count_events(path):
    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        conn.close()


def age(path, days):
    """Make a backup look `days` older, by its name (which is what says when it was taken)."""
    found = backups.listed(path.parent.parent)
    (mine,) = [b for b in found if b.path == path]
    older = backups.new_path(path.parent.parent, mine.kind, mine.taken - timedelta(days=days))
    path.rename(older)
    return older


# --- backup ----------------------------------------------------------------------------------


def test_backup_writes_a_verified_copy_and_status_and_verify_name_the_latest(sk, home):
    game_with_a_hand(sk)
    out = sk("backup")
    made = re.fullmatch(r"Backed up 1 game to (.+); the copy verifies\.\n", out)
    assert made, out
    copy = Path(made[1])
    assert copy.parent == home / "backups" and re.fullmatch(rf"backup-{STAMP.pattern}\.sqlite3", copy.name)
    assert count_events(copy) == 4  # new, trump, bids, tricks
    assert sk("status").splitlines()[-1] == f"Latest backup: just now, {copy}"
    assert sk("verify").splitlines() == [
        "The 1 game verifies: no entry has been altered.",
        f"Latest backup: just now, {copy}",
    ]
    # a copy is a single file: no write-ahead log beside it to lose
    assert sorted(p.name for p in copy.parent.iterdir() if p.name.startswith("backup-")) == [copy.name]


def test_backup_to_a_file_named_and_what_it_refuses(sk, home, tmp_path):
    game_with_a_hand(sk)
    target = tmp_path / "tuesday.sqlite3"
    assert sk("backup", target) == f"Backed up 1 game to {target}; the copy verifies.\n"
    assert count_events(target) == 4
    assert sk.fails("backup", target) == f"refused: {target} already exists; choose another name"
    store_file = home / store.Store.FILENAME
    assert sk.fails("backup", store_file, code=2) == (
        f"error: {store_file} is part of the store; write the backup to another file"
    )
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no half-written file left
    assert sk.fails("backup", tmp_path, code=2) == f"error: {tmp_path} is a folder; name the file to write the backup to"
    assert sk.fails("backup", tmp_path / "no" / "x.sqlite3", code=2) == (
        f"error: cannot write the backup to {tmp_path / 'no' / 'x.sqlite3'}: there is no folder {tmp_path / 'no'}"
    )
    assert not (tmp_path / "no").exists()
    for odd in (tmp_path, Path("/dev/null")):
        assert sk.fails("restore", odd) == f"refused: {odd} is not a file (a folder, a device or a pipe); name a backup file"


def test_status_says_when_there_is_no_backup_yet(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")  # nothing to back up before a store has a game
    assert not (home / "backups").exists()
    assert sk("status").splitlines()[-1] == (
        "No backup yet: `backup` makes one (one is also made before the first entry of each day)."
    )


def test_the_latest_backup_is_named_with_its_age(sk, home):
    game_with_a_hand(sk)
    (auto,) = (home / "backups").iterdir()
    older = age(auto, days=2)
    assert sk("verify").splitlines()[-1] == f"Latest backup: 2 days ago, {older}"


# --- the automatic backups -------------------------------------------------------------------


def test_an_automatic_backup_before_the_first_entry_of_each_day(sk, home):
    game_with_a_hand(sk)
    (first,) = in_backups(home)
    assert re.fullmatch(rf"auto-{STAMP.pattern}\.sqlite3", first)
    assert count_events(home / "backups" / first) == 1  # taken before the trump: the game as started
    sk("trump", "s")
    assert in_backups(home) == [first]  # one a day
    yesterday = age(home / "backups" / first, days=1)
    sk("bid", "1", "2", "3")  # the first entry of a new day
    second = [name for name in in_backups(home) if name != yesterday.name]
    assert len(second) == 1 and count_events(home / "backups" / second[0]) == 5


def test_automatic_backups_rotate_keeping_as_many_as_the_settings_say(sk, home):
    game_with_a_hand(sk)
    (home / "settings.toml").write_text("[backups]\nkeep = 2  # the last two days\n")
    sk("backup")
    for day in range(4):
        for path in (home / "backups").iterdir():
            age(path, days=1)
        sk("comment", f"day {day}")
    names = in_backups(home)
    assert len([n for n in names if n.startswith("auto-")]) == 2
    assert len([n for n in names if n.startswith("backup-")]) == 1  # a backup made by hand is never deleted
    (home / "settings.toml").write_text("[backups]\nkeep = 0\n")
    for path in (home / "backups").iterdir():
        age(path, days=1)
    sk("comment", "no more")
    assert len(in_backups(home)) == 3  # 0 makes none


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[backups]\nkeep = -1\n", "backups.keep: must be a whole number from 0 to 100 (how many automatic backups to keep; 0 makes none), not -1"),
        ("[backups]\nkeep = 'seven'\n", "backups.keep: must be a whole number from 0 to 100 (how many automatic backups to keep; 0 makes none), not 'seven'"),
        ("[backups]\nkept = 3\n", "backups.kept: not a setting; [backups] takes only keep = N"),
        ("[backup]\nkeep = 3\n", "backup: not a setting; the file may hold only [backups] keep = N"),
        ("backups = 3\n", "backups: must be a table, [backups]"),
        ("[backups\n", "not valid TOML (Expected ']' at the end of a table declaration (at line 1, column 9)); fix it or remove it"),
    ],
)
def test_the_settings_file_is_checked_and_a_mistake_is_one_line(sk, home, text, message):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    settings = home / "settings.toml"
    settings.write_text(text)
    out = sk.run("trump", "h")  # the entry is recorded; the backup it could not take is a warning
    assert out.exit_code == 0
    assert out.stderr == f"warning: the day's automatic backup was not taken: {settings}: {message}\n"
    assert not (home / "backups").exists()
    assert sk.fails("import", home / "nowhere.json", code=2) == f"error: {settings}: {message}"


def test_an_automatic_backup_before_import(sk, home, tmp_path):
    game_with_a_hand(sk)
    sheet = tmp_path / "sheet.json"
    sk("sheet", "--format", "json", "--output", sheet)
    other = tmp_path / "other"
    sk("--home", other, "new", "oh-hell-mrpikes", "--players", "Dan,Eve,Fay")  # an empty store: nothing to back up
    assert not (other / "backups").exists()
    sk("--home", other, "trump", "s")  # the day's backup
    for path in (other / "backups").iterdir():
        path.unlink()
    assert sk("--home", other, "import", sheet).startswith("Imported game ")
    (auto,) = in_backups(other)
    assert count_events(other / "backups" / auto) == 2  # the store as it was before the import: new, trump


# --- restore ---------------------------------------------------------------------------------


def test_restore_verifies_then_keeps_the_current_store_aside(sk, home):
    gid = game_with_a_hand(sk)
    copy = Path(sk("backup").split(" to ")[1].split("; ")[0])
    sk("trump", "s")
    sk("bid", "1", "2", "3")
    out = sk("restore", copy)
    kept = re.fullmatch(
        rf"Restored 1 game from {re.escape(str(copy))}, verified; the store as it was is kept in (.+) "
        r"\(`restore (.+)` puts it back\)\.\n",
        out,
    )
    assert kept and kept[1] == kept[2], out
    aside = Path(kept[1])
    assert aside.parent == home / "backups" and aside.name.startswith("before-restore-")
    assert count_events(aside) == 6 and count_events(copy) == 4
    assert sk.json("status")["hand"] == 2 and sk.json("status")["needs"][0] == "trump"
    assert sk("verify").startswith("The 1 game verifies")
    sk("restore", aside)  # and back again
    assert sk.json("status")["game"] == gid and "bids" not in sk.json("status")["needs"]


def test_restore_refuses_a_backup_that_does_not_verify_and_changes_nothing(sk, home, tmp_path):
    game_with_a_hand(sk)
    copy = tmp_path / "copy.sqlite3"
    sk("backup", copy)
    conn = sqlite3.connect(copy, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("UPDATE events SET body = replace(body, '\"Cat\":6', '\"Cat\":7') WHERE n = 2")
    conn.close()
    before = (home / store.Store.FILENAME).read_bytes()
    message = sk.fails("restore", copy)
    assert message.startswith(f"refused: {copy} does not verify: game ")
    assert message.endswith("entry 2 (bids) does not match its hash: it was altered")
    assert (home / store.Store.FILENAME).read_bytes() == before
    assert not list((home / "backups").glob("before-restore-*"))
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert sk.fails("restore", empty) == f"refused: {empty} is empty (0 bytes): it is not a backup of a store"
    assert sk.fails("restore", home / store.Store.FILENAME, code=2) == (
        f"error: {home / store.Store.FILENAME} is the store itself; name a backup to restore"
    )


def test_restore_over_a_truncated_store_moves_its_files_aside(sk, home):
    game_with_a_hand(sk)
    copy = Path(sk("backup").split(" to ")[1].split("; ")[0])
    (home / store.Store.FILENAME).write_bytes(b"")
    sk.fails("status", code=3)
    out = sk("restore", copy)
    aside = Path(re.search(r"kept in (\S+) ", out)[1])
    assert aside.stat().st_size == 0  # the damaged file, kept as it was
    assert sk.json("standings")["players"][0]["score"] == 13


# --- a backup while another process writes ---------------------------------------------------


def test_a_backup_taken_while_another_process_writes_restores_and_verifies(sk, home, tmp_path):
    game_with_a_hand(sk)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(home)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout.readline().strip() == "writing"
        copies = []
        for i in range(6):
            target = tmp_path / f"during-{i}.sqlite3"
            assert sk("backup", target) == f"Backed up 1 game to {target}; the copy verifies.\n"
            copies.append(target)
            time.sleep(0.05)
    finally:
        writer.stdin = None
        out, err = writer.communicate(timeout=120)
    assert writer.returncode == 0, err
    written = int(out.split()[-1])
    taken = [count_events(c) for c in copies]
    assert taken == sorted(taken) and taken[0] >= 4 and taken[-1] <= 4 + written
    assert len(set(taken)) > 1, taken  # the copies were taken while the entries went in
    middle = copies[len(copies) // 2]
    sk("restore", middle)
    assert sk("verify").startswith("The 1 game verifies: no entry has been altered.")
    assert count_events(home / store.Store.FILENAME) == count_events(middle)


# 200 comments, each its own process-level transaction, from a second process
WRITER = """
import sys
from pathlib import Path
from scorekeeper import table
from scorekeeper.core import events
from scorekeeper.storage import store
with store.Store(Path(sys.argv[1])) as db:
    gid = db.current_game()
    print("writing", flush=True)
    for i in range(200):
        table.record(db, gid, lambda g, i=i: events.CommentAdded(hand=g.hand.number, text=f"note {i}"))
print("wrote", 200, flush=True)
"""


def test_the_settings_file_names_no_more_than_it_reads(home):
    from scorekeeper.storage import settings

    home.mkdir()
    assert settings.load(home) == settings.Settings(keep_backups=7)
    (home / "settings.toml").write_text("[backups]\nkeep = 3\n")
    assert settings.load(home).keep_backups == 3


def test_age_text():
    now = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)
    assert [backups.age_text(now - timedelta(seconds=s), now) for s in (5, 60, 7200, 90000, 3 * 86400)] == [
        "just now", "1 minute ago", "2 hours ago", "1 day ago", "3 days ago",
    ]  # fmt: skip


def test_play_backs_up_but_leaves_restore_to_the_command_line(sk, home):
    game_with_a_hand(sk)
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    session = warm_start.started(["play"], env, cwd=str(ROOT), input="backup\nrestore x\n")
    out, err = session.communicate(timeout=60)
    assert session.returncode == 2
    assert re.search(r"^Backed up 1 game to .+/backups/backup-\d{8}T\d{12}Z\.sqlite3; the copy verifies\.$", out, re.M)
    assert err == "error: `restore` cannot run inside `play`; leave the session, then restore\n"


def test_restore_refuses_a_database_that_is_not_a_store(sk, home, tmp_path):
    game_with_a_hand(sk)
    before = (home / store.Store.FILENAME).read_bytes()
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    # the file handed in is what is wrong, not the store (before: exit 3, "move it aside or pass
    # --home DIR", advice about a store)
    assert sk.fails("restore", other) == (
        f"refused: {other} is not a backup this scorekeeper can restore: it is not a scorekeeper store (it is "
        "another program's SQLite database); nothing was changed"
    )
    text = tmp_path / "notes.sqlite3"
    text.write_text("shopping: bread, milk\n" * 10)
    assert sk.fails("restore", text) == (
        f"refused: {text} is not a backup this scorekeeper can restore: it is not a scorekeeper store (it is "
        "not an SQLite database); nothing was changed"
    )
    blank = tmp_path / "blank.sqlite3"
    sqlite3.connect(blank).execute("VACUUM").connection.close()  # an SQLite file with nothing in it
    assert sk.fails("restore", blank) == (
        f"refused: {blank} is not a backup this scorekeeper can restore: it is not a store this scorekeeper can "
        "read (an empty or older database); nothing was changed"
    )
    assert (home / store.Store.FILENAME).read_bytes() == before


def test_restore_reads_the_file_only_through_a_stores_own_tables(sk, home, tmp_path):
    """A store whose `games` is an endless recursive view kept `restore` reading for ever (as
    `import`, see test_league.py): it is refused, at once, before any of its tables is read."""
    from test_league import ENDLESS_GAMES, handed

    game_with_a_hand(sk)
    before = (home / store.Store.FILENAME).read_bytes()
    path = handed(sk, tmp_path, "endless", *ENDLESS_GAMES)
    assert sk.fails("restore", path) == (
        f"refused: {path} does not verify: its games is not as a scorekeeper store has it (a view, a trigger or "
        "a table of another shape)"
    )
    assert (home / store.Store.FILENAME).read_bytes() == before
