"""What the store promises beyond its hash chain, each checked from the outside: game ids that
do not collide (and a collision refused, not grafted), `new` and `import` in one transaction,
no write onto a damaged chain, reading a store one may not write, and damage outside the
chain (the stats cache, the current-game pointer, a timestamp of the wrong type) reported in
one line instead of a traceback."""

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
import warm_start

from scorekeeper.storage import schema, store

ROOT = Path(__file__).resolve().parent.parent


def connect(home):
    """A raw connection with the append-only triggers out of the way: a tamperer's view."""
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_append_only_update")
    conn.execute("DROP TRIGGER IF EXISTS events_append_only_delete")
    return conn


def restore_triggers(conn):
    for statement in schema._SCHEMA_V1[-2:]:
        conn.execute(statement)


def game_with_a_hand(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")
    return sk.json("status")["game"]


def entries(home, gid):
    with store.Store(home) as db:
        return len(db.events(gid))


# --- game ids --------------------------------------------------------------------------------


def test_game_ids_carry_128_bits(sk):
    out = sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    gid = sk.json("status")["game"]
    assert len(gid) == 32 and int(gid, 16) >= 0
    assert gid in out


def test_a_game_id_already_taken_is_refused_not_grafted(sk, home, monkeypatch):
    import secrets

    monkeypatch.setattr(secrets, "token_hex", lambda n=None: "c0ffee" * 5 + "00")
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    said = sk.fails("new", "snakebit", "--players", "Dan,Eve,Fay")
    assert said == (
        f"refused: a game with the id {'c0ffee' * 5}00 is already in the store; nothing was recorded; "
        "run `new` again"
    )
    assert entries(home, "c0ffee" * 5 + "00") == 2
    assert sk("verify").startswith("The 1 game verifies")


# --- one transaction -------------------------------------------------------------------------


def fail_on_setting_current(home):
    """Make the store fail the way a full disk does, at the moment the game is made current."""
    conn = connect(home)
    restore_triggers(conn)
    conn.execute(
        "CREATE TRIGGER full BEFORE INSERT ON meta BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
    )
    conn.close()


def test_new_records_nothing_if_making_it_current_fails(sk, home):
    sk("games")  # creates the store
    fail_on_setting_current(home)
    said = sk.fails("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", code=3)
    assert "database or disk is full" in said
    with store.Store(home) as db:
        assert db.games() == []


def test_import_records_nothing_if_making_it_current_fails(sk, home, tmp_path):
    game_with_a_hand(sk)
    sheet = tmp_path / "game.json"
    sk("sheet", "--format", "json", "--output", sheet)
    other = tmp_path / "other"
    sk("--home", other, "games")
    fail_on_setting_current(other)
    said = sk.fails("--home", other, "import", sheet, code=3)
    assert "database or disk is full" in said
    with store.Store(other) as db:
        assert db.games() == []


# --- a damaged chain takes no more entries ---------------------------------------------------


@pytest.mark.parametrize(
    "tamper, problem",
    [
        ("UPDATE events SET body = replace(body, '\"Cat\":7', '\"Cat\":8') WHERE n = 3",
         "entry 3 (tricks) does not match its hash: it was altered"),
        ("UPDATE events SET body = replace(body, '\"Bob\":0', '\"Bob\":1') WHERE n = 2",
         "entry 2 (bids) does not match its hash: it was altered"),
        ("DELETE FROM events WHERE n = 3", "entry 3 is missing: it was removed"),
        ("UPDATE games SET head = 'ab'", "entry 3 (tricks) is not the last entry the games table records: it was inserted"),
    ],
)
def test_a_damaged_chain_refuses_every_write(sk, home, tamper, problem):
    gid = game_with_a_hand(sk)
    conn = connect(home)
    conn.execute(tamper)
    conn.close()
    before = conn = sqlite3.connect(home / store.Store.FILENAME).execute("SELECT count(*) FROM events").fetchone()
    for args in (["trump", "s"], ["comment", "hello"], ["undo"]):
        said = sk.fails(*args, code=3)
        assert said == (
            f"error: game {gid}'s audit chain is broken ({problem}); nothing was recorded; "
            "run `verify`, and restore the store from a backup"
        )
    after = sqlite3.connect(home / store.Store.FILENAME).execute("SELECT count(*) FROM events").fetchone()
    assert before == after


# --- reads -----------------------------------------------------------------------------------


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a command as an unprivileged user")
def test_a_store_in_a_read_only_folder_can_be_read(sk):
    folder = Path(tempfile.mkdtemp(prefix="sk-ro-"))
    try:
        folder.chmod(0o755)
        sk("--home", folder, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
        sk("--home", folder, "trump", "h")
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)  # a backup, or a folder shared read-only: nobody may write here

        def run(*args):
            """The command as the user nobody (65534), in a process of its own (started warm)."""
            env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(folder)}
            process = warm_start.started(["--home", str(folder), *args], env, user=65534)
            out, err = process.communicate(timeout=120)
            return subprocess.CompletedProcess(args, process.returncode, out, err)

        probe = run("--version")
        if "No module named" in probe.stderr:
            # CI's virtual environment lives in a private temporary folder: the unprivileged
            # user cannot import from it, so there is no interpreter to run as that user
            pytest.skip("the unprivileged user cannot read this interpreter's packages")
        for args in (["status"], ["standings"], ["log"], ["verify"], ["games"], ["sheet"], ["stats"], ["why", "Ann"]):
            done = run(*args)
            assert done.returncode == 0, (args, done.stderr)
            assert done.stderr == ""
        done = run("trump", "s")
        assert done.returncode == 3
        assert done.stderr.startswith(f"error: cannot write to {folder / store.Store.FILENAME}: it is read-only")
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


# --- damage outside the chain ----------------------------------------------------------------


@pytest.mark.parametrize("data", ["{not json", "[1, 2]", '{"ruleset": "x"}', b"\x00\x01"])
def test_a_broken_stats_cache_row_is_a_cache_miss(sk, home, data):
    game_with_a_hand(sk)
    assert "oh-hell-mrpikes" in sk("games")  # the summary is cached now
    conn = connect(home)
    assert conn.execute("UPDATE derived SET data = ?", (data,)).rowcount >= 1
    conn.close()
    assert "oh-hell-mrpikes" in sk("games")
    assert "Ann" in sk("stats")
    assert "hand 2" in sk("games")


def test_a_current_game_pointer_to_no_game_is_reported(sk, home):
    gid = game_with_a_hand(sk)
    conn = connect(home)
    conn.execute("UPDATE meta SET value = 'feedface' WHERE key = 'current_game'")
    conn.close()
    for args in (["status"], ["standings"], ["log"], ["sheet"], ["why", "Ann"], ["trump", "s"]):
        said = sk.fails(*args, code=3)
        assert said == (
            "error: the current game feedface is not in the store (the store was damaged or edited); "
            "choose one with `use ID` (`games` lists them)"
        )
    assert gid in sk("games")
    sk("use", gid)
    assert sk.json("status")["hand"] == 2


def test_a_timestamp_that_is_not_text_is_reported(sk, home):
    gid = game_with_a_hand(sk)
    conn = connect(home)
    conn.execute("UPDATE events SET at = CAST(at AS BLOB) WHERE n = 1")
    conn.close()
    for args in (["log"], ["sheet"], ["standings"]):
        said = sk.fails(*args, code=3)
        assert said == (
            f"error: entry 1 of game {gid} in {home / store.Store.FILENAME} is damaged (its time is not "
            "text); run `scorekeeper verify` and restore the store from a backup"
        )


def test_an_unsearchable_rulesets_folder_is_one_line(sk, home, monkeypatch):
    real = Path.is_dir

    def is_dir(self):
        if self == home / "rulesets":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "is_dir", is_dir)
    said = sk.fails("rulesets")
    assert said == (
        f"refused: cannot read your rulesets in {home / 'rulesets'} (Permission denied); "
        "check the folder's permissions, or pass --home DIR"
    )


def test_ordinary_reads_warn_when_the_chain_does_not_check_out(sk, home):
    gid = game_with_a_hand(sk)
    conn = connect(home)
    conn.execute("UPDATE events SET body = replace(body, '\"Bob\":0', '\"Bob\":1') WHERE n = 2")
    conn.close()
    for args in (["standings"], ["status"], ["sheet"], ["log"]):
        result = sk.run(*args)
        assert result.stderr == (
            f"warning: game {gid}'s audit chain is broken (entry 2 (bids) does not match its hash: "
            "it was altered): what it shows may not be what was recorded; run `verify`\n"
        ), args
