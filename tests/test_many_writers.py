"""One store, many writers: the terminal, `play` and every phone write the same store at once,
and nothing any of them acknowledged is ever lost.

On POSIX, closing any descriptor of a file drops every lock the process holds on it, SQLite's
included. A long-lived process (`serve`, `play`) that read the store's header with open() while
it held a connection let a terminal's command take the store as unused when it ended: it
checkpointed the write-ahead log and deleted it under the server, whose later entries went to
a deleted file."""

from __future__ import annotations

import builtins
import json
import os
import sys
import threading
from pathlib import Path

import pytest
import warm_start
from mixed_writers import mixed, play_through_a_pipe
from served import Served, sk_process, sk_ran

from scorekeeper.storage import league, store


def deleted_store_files(pid: int) -> list[str]:
    """The store's files a process holds open after they were deleted (Linux)."""
    folder = Path(f"/proc/{pid}/fd")
    found = []
    for fd in folder.iterdir():
        with_name = os.readlink(fd) if fd.is_symlink() else ""
        if "scorekeeper.sqlite3" in with_name and with_name.endswith("(deleted)"):
            found.append(with_name)
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_terminal_entry_while_serving_leaves_the_server_its_store(home):
    """The reproduction: an entry typed at the terminal between the phone's entries. Before,
    the server then held `scorekeeper.sqlite3-wal (deleted)` and its third entry failed with
    "disk I/O error"; terminal comments could vanish when `serve` stopped."""
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    server = Served(home)
    assert server.enter("h").status == 200
    assert "comment noted" in sk_process(home, "comment", "from the laptop")
    assert deleted_store_files(server.proc.pid) == []
    for line in ("1 1 1", "3 3 4", "s"):
        answer = server.enter(line)
        assert answer.status == 200, answer
    assert "comment noted" in sk_process(home, "comment", "again from the laptop")
    assert server.enter("0 1 1").status == 200
    _, _, err = server.stop()
    assert "Traceback" not in err
    log = sk_process(home, "log")
    entries = [line.split("  ")[0] for line in log.splitlines()[3:]]
    assert len(entries) == 8  # the new game and the seven entries, each once
    # bare values go to the players from the dealer's left: Bob, Cat, Ann in hand 1 (Ann deals)
    # and Cat, Ann, Bob in hand 2
    order = ["trump H", "comment: from the laptop", "bids Ann=1 Bob=1 Cat=1", "tricks Ann=4 Bob=3 Cat=3",
             "trump S", "comment: again from the laptop", "bids Ann=1 Bob=1 Cat=0"]
    places = [log.index(text) for text in order]
    assert places == sorted(places)
    assert "The 1 game verifies" in sk_process(home, "verify")


def test_no_store_file_is_opened_outside_sqlite_while_a_connection_is_open(home, monkeypatch):
    """What `serve` and `play` do while they hold the store (open it again for an entry, look
    for a handed-in store file): not one descriptor of the store, its WAL or its shm is opened
    outside SQLite. Before the first connection, a command may read the header itself."""
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    path = home / store.Store.FILENAME
    opened: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def watched(name):
        if str(name).startswith(str(path)):
            opened.append(str(name))

    monkeypatch.setattr(builtins, "open", lambda file, *a, **k: (watched(file), real_open(file, *a, **k))[1])
    monkeypatch.setattr(os, "open", lambda file, *a, **k: (watched(file), real_os_open(file, *a, **k))[1])
    with store.Store(home):  # no other connection yet: the header is read as a file
        pass
    assert opened == [str(path)]
    with store.Store(home, live=True) as held:
        opened.clear()
        for writing in (False, True):
            with store.Store(home, writing=writing) as again:
                assert again.games()
        assert league._is_sqlite(path)  # `import` handed the store itself, inside `play`
        assert held.games()
    assert opened == []


WENT_WRONG = ("lost", "stored twice", "out of order", "damaged stores", "tracebacks", "store verifies")


def test_every_acknowledged_entry_is_kept_once_in_order_with_every_writer_at_once(home, tmp_path):
    """Two phones on a real `serve` (killed with kill -9 and started again twice), `sk comment`
    processes (a fifth of them killed with kill -9 at a random moment) and a `play` session, all
    at once on one game."""
    program = tmp_path / "sk"
    warm_start.program(program)
    tally = mixed(home, start=warm_start.started, serve=Served, play=play_through_a_pipe(program), night=False,
                  phone_entries=30, command_entries=15, play_entries=20)  # fmt: skip
    assert tally["entries acknowledged"] >= 40 and tally["server kills"] >= 1, tally
    assert {k: tally[k] for k in WENT_WRONG} == dict.fromkeys(WENT_WRONG, 0) | {"store verifies": 1}, tally


def test_every_acknowledged_entry_is_kept_in_a_night_of_three_tables(home, tmp_path):
    """The same on `serve --night` over three tables: the phones write to two tables, the
    commands and `play` to the others."""
    program = tmp_path / "sk"
    warm_start.program(program)
    tally = mixed(home, start=warm_start.started, serve=Served, play=play_through_a_pipe(program), night=True,
                  phone_entries=20, command_entries=10, play_entries=15, server_kills=1)  # fmt: skip
    assert tally["entries acknowledged"] >= 25 and tally["server kills"] == 1, tally
    assert {k: tally[k] for k in WENT_WRONG} == dict.fromkeys(WENT_WRONG, 0) | {"store verifies": 1}, tally




def test_a_restore_while_others_write_loses_no_acknowledged_entry(home, tmp_path):
    """Three `sk comment` writers and six restores at once. Before, entries acknowledged
    (exit 0) while a restore ran were in neither the restored store nor the copy it kept
    aside: the store was copied aside, then overwritten, and an entry could land between.
    Now both happen under one write lock: every acknowledged entry is in the store or in a
    `before-restore-…` copy."""
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    game = sk_process(home, "status", "--json")
    game = json.loads(game)["game"]
    backup = tmp_path / "early.sqlite3"
    sk_process(home, "backup", backup)
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    acknowledged: list[str] = []
    failures: list[str] = []

    def writer(name):
        for i in range(25):
            process = warm_start.started(["comment", f"{name}-{i}", "--game", game], env)
            _, err = process.communicate(timeout=120)
            if process.returncode == 0:
                acknowledged.append(f"{name}-{i}")
            elif "Traceback" in err:
                failures.append(err)

    writers = [threading.Thread(target=writer, args=(f"w{k}",)) for k in range(3)]
    for thread in writers:
        thread.start()
    restores = 0
    while any(thread.is_alive() for thread in writers) and restores < 6:
        done = sk_ran(home, "restore", backup)
        assert done.returncode == 0, done.stderr
        restores += 1
    for thread in writers:
        thread.join(120)
    assert restores >= 3 and not failures
    kept: set[str] = set()
    for path in [home / store.Store.FILENAME, *sorted((home / "backups").glob("before-restore-*.sqlite3"))]:
        with store.Store(path.parent, copy=path) as db:
            kept |= {e.body["text"] for e in db.events(game) if e.body["type"] == "comment"}
    assert len(acknowledged) >= 20
    assert sorted(set(acknowledged) - kept) == []
    assert "The 1 game verifies" in sk_process(home, "verify")
