"""The faults an outside test of `serve` found, each reproduced on a real port and shown fixed:
the store deleted, moved away, replaced or written over while serving; a broken chain served
without a word; a client resetting its connection printing a traceback; a listen backlog of 5
(300 clients connecting at once); half-open, idle and stalled connections never closed. (The Host check
with --host 0.0.0.0 is in test_serve.py.)"""

import json
import shutil
import socket
import sqlite3
import struct
import threading
import time

import pytest
from served import Served, sk_process

from scorekeeper.serve import connections, parts
from scorekeeper.storage import store


@pytest.fixture
def served(home, sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    yield server
    code, _, err = server.stop()
    assert (code, err) == (0, "")


def waits_for(check, seconds=10.0):
    """`check()` once it is true; the watcher looks ten times a second, and the margin is for a
    loaded machine running the suite in parallel (3 s was missed once under a load of 6)."""
    end = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < end, "not within the time"
        time.sleep(0.05)


def state_or_error(server):
    answer = server.request("GET", "/api/state")
    return answer.status, answer.json()


def other_store(tmp_path):
    """Another store, holding another game; its id."""
    folder = tmp_path / "other"
    sk_process(folder, "new", "pick-your-poison", "--players", "Eve,Fay,Gus")
    with store.Store(folder) as db:
        return folder, db.current_game()


def test_a_store_deleted_while_serving_is_said_gone_and_served_again_once_back(home, served):
    path = home / store.Store.FILENAME
    aside = home.parent / "aside.sqlite3"
    shutil.copy(path, aside)
    for side in ("", "-wal", "-shm"):
        (home / (store.Store.FILENAME + side)).unlink(missing_ok=True)
    _, body = waits_for(lambda: (s := state_or_error(served))[0] == 503 and s)
    assert body["error"].startswith(f"the store {path} is gone (deleted or moved while serving)")
    assert served.enter("h").status == 503  # and nothing is written to a store made anew
    assert not path.exists()
    shutil.copy(aside, path)
    waits_for(lambda: state_or_error(served)[0] == 200)


def test_a_store_replaced_while_serving_is_reopened(home, tmp_path, served):
    first = served.state()["game"]["id"]
    folder, other = other_store(tmp_path)
    (folder / store.Store.FILENAME).rename(home / store.Store.FILENAME)  # mv over it
    shown = waits_for(lambda: (s := state_or_error(served))[0] == 200 and s[1]["game"]["id"] != first and s[1])
    assert shown["game"]["id"] == other and shown["game"]["players"] == ["Eve", "Fay", "Gus"]


def test_a_store_written_over_while_serving_is_not_shown_as_it_was(home, tmp_path, served):
    first = served.state()["game"]["id"]
    folder, _ = other_store(tmp_path)
    (home / store.Store.FILENAME).write_bytes((folder / store.Store.FILENAME).read_bytes())  # same file, new bytes
    waits_for(lambda: (s := state_or_error(served))[0] == 503 or s[1]["game"]["id"] != first)


def test_a_broken_chain_is_said_on_every_phone_and_takes_no_entry(home, sk, served):
    sk("trump", "h")
    gid = served.state()["game"]["id"]
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    try:  # an entry edited without its hash: what the outside test did
        conn.execute("DROP TRIGGER events_append_only_update")
        conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND n = 1",
                     (json.dumps({"type": "trump", "hand": 1, "suit": "S", "card": None}), gid))  # fmt: skip
    finally:
        conn.close()
    warnings = waits_for(lambda: served.state()["warnings"])
    assert warnings == [
        f"game {gid}'s audit chain is broken (entry 1 (trump) does not match its hash: it was altered): what it "
        "shows may not be what was recorded; run `verify`"
    ]
    answer = served.enter("2 1 0 3")
    # the phone is told what the scorer's terminal is told, in a page's words: no command, no game id
    assert (answer.status, answer.json()["error"]) == (503, (
        "error: the game's audit chain is broken (entry 1 (trump) does not match its hash: it was altered); nothing "
        "was recorded; the store needs checking at the laptop, and restoring from a backup"
    ))  # fmt: skip
    assert sk.fails("bid", "2", "1", "0", "3", code=3).strip().endswith(
        f"error: game {gid}'s audit chain is broken (entry 1 (trump) does not match its hash: it was altered); "
        "nothing was recorded; run `verify`, and restore the store from a backup"
    )


def test_an_entry_altered_in_the_write_ahead_log_is_said_on_every_phone(home, sk, served):
    """An edit by another SQLite tool while `serve` holds the store stays in the write-ahead log
    (no checkpoint while a connection is open): the file does not change and no chain head
    moves. Before, no phone was ever told (0 of 20 streams after 30 s; /api/state showed the
    old text). The watcher now notices any commit by another connection (SQLite's
    data_version) and reads the game again."""
    sk("trump", "h")
    gid = served.state()["game"]["id"]
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.close()
    time.sleep(0.5)  # five looks: the trigger's loss alone is no news to the phones
    assert served.state()["warnings"] == []
    size = (home / (store.Store.FILENAME + "-wal")).stat().st_size
    main = (home / store.Store.FILENAME).stat().st_mtime_ns
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND n = 1",
                 (json.dumps({"type": "trump", "hand": 1, "suit": "S", "card": None}), gid))  # fmt: skip
    conn.close()
    assert (home / store.Store.FILENAME).stat().st_mtime_ns == main  # in the log only
    assert (home / (store.Store.FILENAME + "-wal")).stat().st_size > size
    warnings = waits_for(lambda: served.state()["warnings"], seconds=5)
    assert warnings == [
        f"game {gid}'s audit chain is broken (entry 1 (trump) does not match its hash: it was altered): what it "
        "shows may not be what was recorded; run `verify`"
    ]


def test_a_client_resetting_its_connection_prints_nothing(home):
    sk_process(home, "new", "oh-hell-mrpikes", "--players", "A,B,C")
    server = Served(home)
    try:
        for path in ("/api/events", "/api/state", "/"):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            sock.recv(10)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()  # a reset (RST), not a goodbye
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"POST /api/entry HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"li")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
        time.sleep(1.5)
        assert server.request("GET", "/api/standings").status == 200
    finally:
        code, out, err = server.stop()
    assert (code, err) == (0, "")
    assert "Traceback" not in out


def test_three_hundred_clients_connecting_at_once_are_all_answered(served):
    """The standard library's backlog of 5 left 46 of 300 unanswered within 15 s."""
    answers = []
    ready = threading.Barrier(300)

    def client():
        ready.wait()
        try:
            with socket.create_connection(("127.0.0.1", served.port), timeout=15) as sock:
                sock.sendall(b"GET /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                sock.settimeout(15)
                answers.append(sock.recv(12))
        except OSError as exc:
            answers.append(repr(exc).encode())

    clients = [threading.Thread(target=client) for _ in range(300)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    assert sorted(set(answers)) == [b"HTTP/1.1 200"], {a for a in answers if a != b"HTTP/1.1 200"}
    assert connections.BACKLOG >= 300


def test_half_open_idle_and_stalled_connections_are_closed_at_the_real_deadlines(served):
    """They were held for ever (1,000 threads). Now: no request's headers within
    REQUEST_SECONDS, or idle after an answer past the keep-alive time, and the server hangs up;
    a body that stops short of its length is answered 408 after BODY_SECONDS. The real
    deadlines, waited out together here (test_serve_scorer.py checks the body's with a
    shorter one)."""
    silent = socket.create_connection(("127.0.0.1", served.port))
    half = socket.create_connection(("127.0.0.1", served.port))
    half.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.")
    idle = socket.create_connection(("127.0.0.1", served.port))
    idle.sendall(b"GET /api/standings HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    stalled = socket.create_connection(("127.0.0.1", served.port))
    stalled.sendall(f"POST /api/entry HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {served.secret}\r\n"
                    'Content-Type: application/json\r\nContent-Length: 20\r\n\r\n{"line": '.encode())  # fmt: skip
    start = time.monotonic()
    closed, answered = {}, {}

    def until_closed(name, sock):
        sock.settimeout(connections.REQUEST_SECONDS + 10)
        try:
            while sock.recv(65536):
                pass
            closed[name] = time.monotonic() - start
        except OSError:
            closed[name] = None
        sock.close()

    def until_answered(name, sock):
        sock.settimeout(parts.BODY_SECONDS + 10)
        with sock:
            answered[name] = (sock.recv(12), time.monotonic() - start)

    watchers = [threading.Thread(target=until_closed, args=item) for item in
                (("silent", silent), ("half", half), ("idle", idle))]  # fmt: skip
    watchers.append(threading.Thread(target=until_answered, args=("stalled", stalled)))
    for w in watchers:
        w.start()
    for w in watchers:
        w.join()
    assert closed["silent"] is not None and connections.REQUEST_SECONDS - 1 < closed["silent"] < connections.REQUEST_SECONDS + 3
    assert closed["half"] is not None and closed["half"] < connections.REQUEST_SECONDS + 3
    assert closed["idle"] is not None and closed["idle"] < 8  # uvicorn's keep-alive: 5 s
    status, after = answered["stalled"]
    assert status == b"HTTP/1.1 408" and parts.BODY_SECONDS * 0.9 <= after < parts.BODY_SECONDS + 3


# The limits made small in the server below, so 300 connections press on them as 1,000 press
# on the real ones (test_three_hundred_clients… and bench/serve_load.py --idle hold the real ones).
CROWD = {"scorekeeper.serve.connections.CROWDED": 100, "scorekeeper.serve.connections.OPEN_MOST": 200,
         "scorekeeper.serve.parts.BUSY_MOST": 250}  # fmt: skip


def test_idle_connections_cost_the_scorer_and_the_table_nothing(home, sk):
    """Before, every open connection counted toward uvicorn's limit, so 1,000 silent or
    half-open ones made every other request 503 for ~10 s, each refusal a line on the terminal.
    Now a connection that sent no request counts for nothing, and past CROWDED open ones the
    longest idle are closed: with 300 held (half of them half-open), the scorer's entry and the
    table's reads are answered, and the terminal stays quiet."""
    import resource

    held_count = 300
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] < held_count + 200:
        pytest.skip("too few open files allowed here to hold the connections")
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home, constants=CROWD)
    held = []
    try:
        for i in range(held_count):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            if i % 2:
                sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.")  # half a request's headers
            held.append(sock)
        for _ in range(3):
            answer = server.enter("comment 'still here'")
            assert answer.status == 200, answer
            for path in ("/", "/api/state", "/api/standings"):
                assert server.request("GET", path).status == 200, path
        closed = sum(map(_closed_by_the_server, held))  # the longest idle, to make room
        assert closed >= held_count - CROWD["scorekeeper.serve.connections.OPEN_MOST"]
    finally:
        for sock in held:
            sock.close()
        code, _, err = server.stop()
    assert (code, err) == (0, "")  # no "Exceeded concurrency limit." line, nothing
    assert sk("log").count("still here") == 3


def _closed_by_the_server(sock):
    try:
        return sock.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False  # open, nothing said
    except OSError:
        return True  # reset
