"""The store: append-only chains, verification that catches tampering, crash safety, concurrent
writers, refusing files that are not ours, import, and speed on a large store."""

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers import examples, tamperable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import errors
from scorekeeper.storage import chain, chain_writer, opening, schema, store
from scorekeeper.storage.chain import StoredEvent
from scorekeeper.storage.store import Store

REPO = Path(__file__).resolve().parents[1]

TYPES = ["game_started", "trump", "bids", "tricks", "comment", "bids", "tricks", "trump"]


def fill(s: Store, game_id: str, count: int) -> list[StoredEvent]:
    """Append `count` events to a game, one transaction each, as the CLI would."""
    for i in range(count):
        with s.writing(game_id) as w:
            w.append({"type": TYPES[i % len(TYPES)], "i": i, "note": f"entry {i} ✓"})
    return s.events(game_id)


def run_child(tmp_path: Path, code: str, *args: str, **popen) -> subprocess.Popen:
    script = tmp_path / f"child_{len(list(tmp_path.glob('child_*')))}.py"
    script.write_text(textwrap.dedent(code))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, str(script), *args], env=env, text=True, **popen)


# --- round trip ------------------------------------------------------------------------------


def test_append_and_read_back(tmp_path):
    with Store(tmp_path / "home") as s:
        assert s.games() == [] and s.events("g1") == [] and s.head("g1") == ""
        with s.writing("g1") as w:
            assert w.events == []
            first = w.append({"type": "game_started", "players": ["Ann", "Bob"], "n": 1.5})
            second = w.append({"type": "bids", "values": {"Bob": 2, "Ann": 1}})
            assert w.events == [first, second]
        events = s.events("g1")
    assert events == [first, second]
    assert [e.n for e in events] == [0, 1]
    assert events[0].prev == "0" * 64 and events[1].prev == events[0].hash
    assert events[1].body == {"type": "bids", "values": {"Ann": 1, "Bob": 2}}
    for e in events:
        assert e.game_id == "g1"
        assert e.hash == chain.chain_hash(e.prev, e.game_id, e.n, e.at, e.body)
        assert e.at.endswith("+00:00") and len(e.at) == len("2026-11-22T01:02:03.456789+00:00")

    # Reopened, everything reads back the same.
    with Store(tmp_path / "home") as s:
        assert s.events("g1") == events
        assert s.head("g1") == events[-1].hash
        [summary] = s.games()
        assert summary == chain.GameSummary("g1", events[0].at, 2, events[-1].hash)
        assert s.verify() == [] and s.verify("g1") == []


def test_the_hash_is_reproducible_without_the_package(tmp_path):
    with Store(tmp_path) as s:
        [e] = fill(s, "g", 1)
    text = json.dumps(
        {"prev": e.prev, "game": e.game_id, "n": e.n, "at": e.at, "body": e.body},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    assert hashlib.sha256(text.encode()).hexdigest() == e.hash
    body_text = chain.canonical_json(e.body)
    assert chain._chain_hash_of_text(e.prev, e.game_id, e.n, e.at, body_text) == e.hash
    assert chain.canonical_json({"b": 1, "a": "é"}) == '{"a":"é","b":1}'


def test_appended_body_is_a_copy_in_json_form(tmp_path):
    body = {"type": "bids", "values": (1, 2)}
    with Store(tmp_path) as s, s.writing("g") as w:
        e = w.append(body)
    body["type"] = "changed"
    assert e.body == {"type": "bids", "values": [1, 2]}


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(
    max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(bodies=st.lists(st.dictionaries(st.text(), JSON, max_size=4), min_size=1, max_size=4))
def test_any_json_body_round_trips_and_verifies(tmp_path, bodies):
    bodies = [{**body, "type": "x"} for body in bodies]
    with Store(tmp_path) as s:
        game_id = f"g{len(s.games())}"
        with s.writing(game_id) as w:
            for body in bodies:
                w.append(body)
        assert [e.body for e in s.events(game_id)] == bodies
        assert s.verify(game_id) == []


def test_games_in_creation_order_and_chains_per_game(tmp_path):
    with Store(tmp_path) as s:
        for gid in ["zeta", "alpha", "mid"]:
            fill(s, gid, 2)
        fill(s, "alpha", 1)
        assert [g.id for g in s.games()] == ["zeta", "alpha", "mid"]
        assert [g.events for g in s.games()] == [2, 3, 2]
        assert [e.n for e in s.events("alpha")] == [0, 1, 2]
        assert s.verify() == []


def test_current_game(tmp_path):
    with Store(tmp_path) as s:
        assert s.current_game() is None
        fill(s, "g1", 1)
        fill(s, "g2", 1)
        s.set_current_game("g1")
        s.set_current_game("g2")
        assert s.current_game() == "g2"
        with pytest.raises(errors.EntryError, match="no game nope"):
            s.set_current_game("nope")
        assert s.current_game() == "g2"
        # Inside writing(), a new game can be made current in the same transaction.
        with s.writing("g3") as w:
            w.append({"type": "game_started"})
            s.set_current_game("g3")
    with Store(tmp_path) as s:
        assert s.current_game() == "g3"


def test_new_store_is_stamped_and_in_wal_mode(tmp_path):
    Store(tmp_path / "a" / "b").close()
    conn = sqlite3.connect(tmp_path / "a" / "b" / Store.FILENAME)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert len(schema.MIGRATIONS) == schema.SCHEMA_VERSION


def test_empty_files_are_initialised(tmp_path):
    (tmp_path / "zero").mkdir()
    (tmp_path / "zero" / Store.FILENAME).touch()
    # An SQLite database with nothing in it, as `sqlite3 FILE 'VACUUM'` leaves.
    (tmp_path / "blank").mkdir()
    conn = sqlite3.connect(tmp_path / "blank" / Store.FILENAME)
    conn.execute("VACUUM")
    conn.close()
    for name in ["zero", "blank"]:
        with Store(tmp_path / name) as s:
            fill(s, "g", 2)
            assert s.verify() == []


# --- append-only -----------------------------------------------------------------------------


def test_a_correction_is_just_another_event(tmp_path):
    with Store(tmp_path) as s:
        fill(s, "g", 3)
        before = s.events("g")
        with s.writing("g") as w:
            w.append({"type": "entry_reversed", "of": 2})
            w.append({"type": "bids", "values": [1, 1]})
        after = s.events("g")
        assert after[:3] == before and len(after) == 5
        assert s.verify() == []
    # Nothing in the API rewrites or removes an entry.
    for cls in (Store, chain_writer.GameWriter):
        names = [n for n in dir(cls) if not n.startswith("_")]
        assert not [n for n in names if any(w in n for w in ("update", "delete", "remove"))]


def test_the_database_itself_refuses_update_and_delete(tmp_path):
    with Store(tmp_path) as s:
        fill(s, "g", 2)
    conn = sqlite3.connect(tmp_path / Store.FILENAME, isolation_level=None)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("UPDATE events SET body = '{}' WHERE n = 0")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM events")


# --- tampering -------------------------------------------------------------------------------


def forge(conn: sqlite3.Connection, game_id: str, n: int, prev: str, body: dict, good=True):
    at = "2026-01-01T00:00:00.000000+00:00"
    h = chain.chain_hash(prev, game_id, n, at, body) if good else "ab" * 32
    conn.execute(
        "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, n, at, body["type"], chain.canonical_json(body), prev, h),
    )


def renumber(conn: sqlite3.Connection, game_id: str, from_n: int, shift: int):
    """Move entries from_n… by `shift`, in two steps so the primary key never collides."""
    q = "UPDATE events SET n = {} WHERE game_id = ? AND n >= ?"
    conn.execute(q.format("-n - 1000"), (game_id, from_n))
    conn.execute(
        "UPDATE events SET n = -n - 1000 + ? WHERE game_id = ? AND n < 0", (shift, game_id)
    )


def edit_body(conn, ev):
    conn.execute(
        "UPDATE events SET body = ? WHERE game_id = 'g' AND n = 5",
        (chain.canonical_json({**ev[5].body, "i": 99}),),
    )


def edit_body_and_rehash(conn, ev):
    # A tamperer who knows the hash recomputes it, but cannot fix the next entry's prev
    # without rewriting the rest of the chain.
    body = {**ev[5].body, "i": 99}
    h = chain.chain_hash(ev[5].prev, "g", 5, ev[5].at, body)
    conn.execute(
        "UPDATE events SET body = ?, hash = ? WHERE game_id = 'g' AND n = 5",
        (chain.canonical_json(body), h),
    )


def edit_time(conn, ev):
    conn.execute("UPDATE events SET at = '2020-01-01T00:00:00+00:00' WHERE game_id='g' AND n=2")


def edit_type_column(conn, ev):
    conn.execute("UPDATE events SET type = 'comment' WHERE game_id = 'g' AND n = 3")


def delete_middle(conn, ev):
    conn.execute("DELETE FROM events WHERE game_id = 'g' AND n = 4")


def delete_middle_and_renumber(conn, ev):
    conn.execute("DELETE FROM events WHERE game_id = 'g' AND n = 4")
    renumber(conn, "g", 5, -1)


def delete_last(conn, ev):
    conn.execute("DELETE FROM events WHERE game_id = 'g' AND n = 9")


def delete_first(conn, ev):
    conn.execute("DELETE FROM events WHERE game_id = 'g' AND n = 0")


def swap(conn, ev):
    conn.execute("UPDATE events SET n = -1 WHERE game_id = 'g' AND n = 3")
    conn.execute("UPDATE events SET n = 3 WHERE game_id = 'g' AND n = 4")
    conn.execute("UPDATE events SET n = 4 WHERE game_id = 'g' AND n = -1")


def insert_forged_middle(conn, ev):
    renumber(conn, "g", 5, +1)
    forge(conn, "g", 5, ev[4].hash, {"type": "tricks", "values": [9, 9]}, good=False)


def insert_forged_middle_rehashed(conn, ev):
    renumber(conn, "g", 5, +1)
    forge(conn, "g", 5, ev[4].hash, {"type": "tricks", "values": [9, 9]})


def insert_forged_at_end(conn, ev):
    forge(conn, "g", 10, ev[9].hash, {"type": "comment", "text": "forged"})


def replace_last(conn, ev):
    conn.execute("DELETE FROM events WHERE game_id = 'g' AND n = 9")
    forge(conn, "g", 9, ev[8].hash, {"type": "tricks", "values": [0, 0]})


def delete_games_row(conn, ev):
    conn.execute("DELETE FROM games WHERE id = 'g'")


def break_json(conn, ev):
    conn.execute("UPDATE events SET body = '{\"type\": \"bids\", ' WHERE game_id='g' AND n=7")


TAMPERING = [
    (edit_body, "entry 5 (bids) does not match its hash: it was altered"),
    (edit_body_and_rehash, "entry 6 (tricks) does not follow entry 5: an entry before it was"),
    (edit_time, "entry 2 (bids) does not match its hash: it was altered"),
    (edit_type_column, "entry 3 (tricks) is marked 'comment' in the type column: it was altered"),
    (delete_middle, "entry 4 is missing: it was removed"),
    (delete_middle_and_renumber, "entry 4 (bids) was recorded as entry 5: entries were"),
    (delete_last, "entry 9 is missing: it was removed"),
    (delete_first, "entry 0 is missing: it was removed"),
    (swap, "entry 3 (comment) was recorded as entry 4: entries were removed, inserted or reord"),
    (insert_forged_middle, "entry 5 (tricks) does not match its hash: it was altered"),
    (insert_forged_middle_rehashed, "entry 6 (bids) was recorded as entry 5"),
    (insert_forged_at_end, "entry 10 (comment) is not counted in the games table: it was inserted"),
    (replace_last, "entry 9 (tricks) is not the last entry the games table records"),
    (delete_games_row, "its 10 entries have no row in the games table"),
    (break_json, "entry 7 (trump) is not an event (its body is not a JSON object with a type)"),
]


@pytest.mark.parametrize("shared", [False, True], ids=["in one process", "shared out"])
@pytest.mark.parametrize("tamper, expected", TAMPERING, ids=[t.__name__ for t, _ in TAMPERING])
def test_verify_names_the_first_bad_entry(tmp_path, monkeypatch, tamper, expected, shared):
    """Whether the chains are checked in this process or shared out among forked ones (as
    they are for a large store), each a run of game ids, the one tampered with in the second."""
    if shared:
        if not hasattr(os, "fork"):
            pytest.skip("sharing out needs fork")
        monkeypatch.setattr(Store, "VERIFY_SHARED_FROM", 1)
        monkeypatch.setattr(store.os, "cpu_count", lambda: 2)
    with Store(tmp_path) as s:
        fill(s, "before", 3)
        ev = fill(s, "g", 10)
        fill(s, "after", 3)
        assert [e.body["type"] for e in ev] == [*TYPES, *TYPES[:2]]
        assert s.verify() == []
        assert s._verify_shares() == ([(None, "before"), ("before", None)] if shared else [(None, None)])
    conn = tamperable(s.path)
    tamper(conn, ev)
    conn.close()
    with Store(tmp_path) as s:
        problems = s.verify()
        assert len(problems) == 1, problems
        assert problems[0].startswith(f"game g: {expected}"), problems
        assert s.verify("g") == problems
        assert s.verify("before") == [] and s.verify("after") == []


def read_one_at_a_time(home: Path, game_ids: list[str]) -> tuple[dict, list[str]]:
    with Store(home) as s:
        return {gid: s.events(gid) for gid in game_ids}, s.warnings


def read_at_once(home: Path, game_ids: list[str]) -> tuple[dict, list[str]]:
    with Store(home) as s:
        return dict(s.events_of(game_ids)), s.warnings


@pytest.mark.parametrize("tamper, expected", TAMPERING, ids=[t.__name__ for t, _ in TAMPERING])
def test_reading_many_games_at_once_finds_what_reading_each_finds(tmp_path, monkeypatch, tamper, expected):
    """`events_of` (replaying thousands of games reads them so: a query a batch, a quick pass
    over each chain that checks out) gives each game's entries and the same warning for the
    game tampered with, the one between two others, as `events` does game by game."""
    with Store(tmp_path) as s:
        fill(s, "a-before", 3)
        ev = fill(s, "g", 10)
        fill(s, "z-after", 3)
    conn = tamperable(s.path)
    tamper(conn, ev)
    conn.close()
    ids = ["z-after", "g", "a-before"]
    if tamper is break_json:  # not JSON: no replay goes on from it
        for read in (read_one_at_a_time, read_at_once):
            with pytest.raises(errors.StoreError, match=r"entry 7 of game g .* is damaged \(it is not JSON\)"):
                read(tmp_path, ids)
        return
    monkeypatch.setattr(Store, "CHAINS_AT_ONCE", 2)  # the game tampered with ends a batch
    one, warned = read_one_at_a_time(tmp_path, ids)
    many, warned_too = read_at_once(tmp_path, ids)
    assert many == one and list(many) == sorted(ids)
    assert [e.n for e in many["a-before"]] == [0, 1, 2] and len(many["z-after"]) == 3
    assert warned_too == warned and len(warned) == 1
    assert warned[0].startswith(f"game g's audit chain is broken ({expected}"), warned


def test_a_body_stored_in_other_text_than_the_canonical_still_verifies(tmp_path):
    """The quick pass hashes each entry's text as stored; an entry whose text is not the
    canonical one (spaces, keys in another order) but whose canonical form matches its hash
    is left to the full check, which accepts it, as it always did."""
    with Store(tmp_path) as s:
        ev = fill(s, "g", 4)
    conn = tamperable(s.path)
    loose = json.dumps(ev[2].body, sort_keys=False, indent=1)
    assert loose != chain.canonical_json(ev[2].body)
    conn.execute("UPDATE events SET body = ? WHERE game_id = 'g' AND n = 2", (loose,))
    conn.close()
    with Store(tmp_path) as s:
        assert s.verify() == []
        assert dict(s.events_of(["g"]))["g"] == ev and s.warnings == []


def test_reading_many_games_at_once_sees_another_processs_entry(tmp_path):
    """A store kept open reads, at its next `events_of`, the entries another process has
    committed since: each batch is read in a read transaction of its own."""
    home = tmp_path / "home"
    with Store(home) as s:
        fill(s, "g", 3)
        fill(s, "h", 2)
        assert [len(events) for _gid, events in s.events_of(["g", "h"])] == [3, 2]
        child = run_child(tmp_path, CHILD_OPENER, str(home), "h")
        assert child.wait(timeout=120) == 0
        read = dict(s.events_of(["g", "h"]))
        assert [len(read["g"]), len(read["h"])] == [3, 12]
        assert [e.body.get("i") for e in read["h"][2:]] == list(range(10))
        assert s.warnings == []


JSON_TEXTS = st.one_of(
    JSON.map(json.dumps),
    st.builds(lambda value, indent: json.dumps(value, indent=indent), JSON, st.integers(0, 2)),
    st.builds(lambda value, before, after: before + json.dumps(value) + after, JSON,
              st.sampled_from(["", " ", "\n", "\ufeff"]), st.sampled_from(["", " ", "x", "]", ",1"])),
    st.text(max_size=20),
)  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(text=JSON_TEXTS)
def test_an_entry_is_parsed_as_json_loads_parses_it(text):
    try:
        expected = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            chain.parsed_json(text)
    else:  # compared as JSON again: NaN, which json.loads reads, is never equal to itself
        assert json.dumps(chain.parsed_json(text)) == json.dumps(expected)


def test_reading_a_body_that_is_not_json_is_a_store_error(tmp_path):
    with Store(tmp_path) as s:
        ev = fill(s, "g", 8)
    conn = tamperable(s.path)
    break_json(conn, ev)
    conn.close()
    with Store(tmp_path) as s, pytest.raises(errors.StoreError, match="entry 7 of game g"):
        s.events("g")


def test_verify_an_unknown_game(tmp_path):
    with Store(tmp_path) as s:
        assert s.verify("nope") == ["game nope: there is no such game in the store"]


# --- transactions, crashes and concurrency ---------------------------------------------------


def test_an_exception_inside_writing_leaves_nothing(tmp_path):
    with Store(tmp_path) as s:
        with pytest.raises(ZeroDivisionError), s.writing("new") as w:
            w.append({"type": "game_started"})
            w.append({"type": "bids"})
            raise ZeroDivisionError
        assert s.events("new") == [] and s.games() == [] and s.head("new") == ""

        fill(s, "g", 2)
        with pytest.raises(errors.RuleViolation), s.writing("g") as w:
            w.append({"type": "bids"})
            raise errors.RuleViolation("refused")
        assert len(s.events("g")) == 2 and s.games()[0].events == 2
        # The store is usable afterwards, and the chain carries on from the last commit.
        fill(s, "g", 1)
        assert [e.n for e in s.events("g")] == [0, 1, 2]
        assert s.verify() == []


def test_writer_is_only_good_inside_its_block(tmp_path):
    with Store(tmp_path) as s:
        with s.writing("g") as w:
            with pytest.raises(RuntimeError), s.writing("g"):
                pass
            with pytest.raises(TypeError):
                w.append({"no": "type"})
        with pytest.raises(RuntimeError):
            w.append({"type": "late"})


def test_text_that_cannot_be_stored_is_refused(tmp_path):
    with Store(tmp_path) as s:
        with pytest.raises(errors.EntryError, match="not valid UTF-8"), s.writing("g") as w:
            w.append({"type": "comment", "text": "bad \udcff byte"})
        assert s.games() == []


CHILD_APPENDER = """
    import sys
    from pathlib import Path
    from scorekeeper.storage.store import Store

    s = Store(Path(sys.argv[1]))
    for i in range(100_000):
        with s.writing("g") as w:
            e = w.append({"type": "tick", "i": i, "pad": "x" * 500})
        print(e.n, flush=True)
"""


def test_killed_mid_stream_loses_nothing_committed(tmp_path):
    home = tmp_path / "home"
    Store(home).close()
    child = run_child(tmp_path, CHILD_APPENDER, str(home), stdout=subprocess.PIPE)
    printed = []
    try:
        for line in child.stdout:
            printed.append(int(line))
            if len(printed) >= 200:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        printed += [int(line) for line in child.stdout.read().split()]
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert printed == list(range(len(printed)))
    with Store(home) as s:
        stored = [e.n for e in s.events("g")]
        assert stored == list(range(len(stored)))
        assert set(printed) <= set(stored)
        assert len(stored) <= len(printed) + 1  # at most the one committed but not yet printed
        assert s.verify() == []


CHILD_WRITER = """
    import sys, time
    from pathlib import Path
    from scorekeeper.storage.store import Store

    home, name, go = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    s = Store(home)
    while not go.exists():
        time.sleep(0.001)
    for i in range(100):
        with s.writing("shared") as w:
            seen = len(w.events)
            w.append({"type": "tick", "writer": name, "i": i, "seen": seen})
    s.close()
"""


def test_two_writers_interleave_into_one_chain(tmp_path):
    home, go = tmp_path / "home", tmp_path / "go"
    Store(home).close()
    children = [run_child(tmp_path, CHILD_WRITER, str(home), name, str(go)) for name in "AB"]
    time.sleep(0.3)
    go.touch()
    for child in children:
        assert child.wait(timeout=120) == 0
    with Store(home) as s:
        events = s.events("shared")
        assert [e.n for e in events] == list(range(200))
        # Each writer saw every event committed before it took the lock.
        assert all(e.body["seen"] == e.n for e in events)
        for name in "AB":
            assert [e.body["i"] for e in events if e.body["writer"] == name] == list(range(100))
        assert s.games()[0].events == 200
        assert s.verify() == []


CHILD_OPENER = """
    import sys
    from pathlib import Path
    from scorekeeper.storage.store import Store

    with Store(Path(sys.argv[1])) as s:
        for i in range(10):
            with s.writing(sys.argv[2]) as w:
                w.append({"type": "tick", "i": i})
"""


def test_many_processes_can_create_the_store_at_once(tmp_path):
    home = tmp_path / "home"
    # Eight at once: enough that one sees the file before another has written it, or switches
    # it to WAL while another is still reading it (both were refused wrongly once).
    children = [run_child(tmp_path, CHILD_OPENER, str(home), f"g{k}", stderr=subprocess.PIPE) for k in range(8)]
    for child in children:
        assert child.wait(timeout=120) == 0, child.stderr.read()
    with Store(home) as s:
        assert sorted(g.id for g in s.games()) == [f"g{k}" for k in range(8)]
        assert s.verify() == []


def test_a_writer_that_never_lets_go_is_reported_as_busy(tmp_path, monkeypatch):
    monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 200)
    with Store(tmp_path) as s:
        fill(s, "g", 1)
        other = sqlite3.connect(s.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            busy = pytest.raises(errors.StoreError, match="is busy: another scorekeeper")
            with busy, s.writing("g") as w:
                w.append({"type": "bids"})
        finally:
            other.execute("ROLLBACK")
            other.close()
        fill(s, "g", 1)
        assert s.verify() == []


def test_a_game_id_must_be_text(tmp_path):
    with Store(tmp_path) as s:
        for bad in (None, "", 7):
            with pytest.raises(TypeError), s.writing(bad):
                pass


# --- files that are not ours -----------------------------------------------------------------


def check_refused(folder: Path, match: str):
    path = folder / Store.FILENAME
    before = path.read_bytes()
    siblings = sorted(p.name for p in folder.iterdir())
    with pytest.raises(errors.StoreError, match=match) as caught:
        Store(folder)
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == siblings
    assert caught.value.exit_code == 3
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    return message


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path):
    (tmp_path / Store.FILENAME).write_text("name,score\nAnn,10\n" * 20)
    message = check_refused(tmp_path, "not an SQLite database")
    assert message == (
        f"{tmp_path / Store.FILENAME} is not a scorekeeper store (it is not an SQLite "
        "database); move it aside or pass --home DIR"
    )
    (tmp_path / Store.FILENAME).write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    check_refused(tmp_path, "damaged")


def test_another_programs_database_is_refused_untouched(tmp_path):
    conn = sqlite3.connect(tmp_path / Store.FILENAME)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Ann')")
    conn.commit()
    conn.close()
    check_refused(tmp_path, "another program's SQLite database")
    conn = sqlite3.connect(tmp_path / Store.FILENAME)
    conn.execute("PRAGMA application_id = 1234")
    conn.commit()
    conn.close()
    check_refused(tmp_path, "another program's SQLite database")


def test_a_store_from_a_newer_version_is_refused_untouched(tmp_path):
    with Store(tmp_path) as s:
        fill(s, "g", 2)
    conn = sqlite3.connect(tmp_path / Store.FILENAME, isolation_level=None)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.close()
    check_refused(tmp_path, "written by a newer scorekeeper.*upgrade")


def test_a_store_missing_a_table_is_damaged(tmp_path):
    Store(tmp_path).close()
    conn = sqlite3.connect(tmp_path / Store.FILENAME, isolation_level=None)
    conn.execute("DROP TABLE meta")
    conn.close()
    check_refused(tmp_path, "damaged.*meta table is missing")


def test_a_folder_that_cannot_be_made_is_a_store_error(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(errors.StoreError, match="cannot create the folder"):
        Store(tmp_path / "file" / "home")


# --- import ----------------------------------------------------------------------------------


def test_import_round_trip(tmp_path):
    with Store(tmp_path / "a") as a:
        fill(a, "g", 12)
        events = a.events("g")
    with Store(tmp_path / "b") as b:
        fill(b, "other", 1)
        b.take_chains([events[:5]])
        b.take_chains([events])  # the rest of the same chain is appended
        assert b.events("g") == events
        assert [g.id for g in b.games()] == ["g", "other"]  # by start: g began in store a, before "other"
        assert b.games()[0] == chain.GameSummary("g", events[0].at, 12, events[-1].hash)
        assert b.verify() == []
        # The imported game carries on from where it left off.
        fill(b, "g", 1)
        assert b.verify() == []
        b.take_chains([events])  # an earlier copy of it: nothing to add
        assert len(b.events("g")) == 13

    with Store(tmp_path / "c") as c:
        fill(c, "g", 3)  # another game g: its chain is not the start of the one imported
        with pytest.raises(errors.EntryError) as caught:
            c.take_chains([events])
        assert str(caught.value) == (
            "game g in the store is not the start of the one imported, nor the other way round; nothing was imported"
        )
        assert len(c.events("g")) == 3


@pytest.mark.parametrize(
    "tamper, expected",
    [
        (lambda ev: ev.__setitem__(4, ev[4]._replace(body={**ev[4].body, "i": 7})), "entry 4 ("),
        (lambda ev: ev.pop(6), "entry 6 is missing: it was removed"),
        (lambda ev: ev.insert(3, ev.pop(4)), "entry 4 comes before entry 3: the entries are out"),
        (
            lambda ev: ev.__setitem__(4, ev[3]),
            "entry 3 comes after entry 3: the entries are out of",
        ),
        (lambda ev: ev.__setitem__(2, ev[2]._replace(n="2")), "entry 2 is numbered '2'"),
        (lambda ev: ev.__setitem__(2, ev[2]._replace(game_id="h")), "entry 2 belongs to game h"),
    ],
)
def test_import_refuses_a_chain_that_does_not_verify(tmp_path, tamper, expected):
    with Store(tmp_path / "a") as a:
        events = fill(a, "g", 8)
    tamper(events)
    with Store(tmp_path / "b") as b:
        with pytest.raises(errors.StoreError) as caught:
            b.take_chains([events])
        message = str(caught.value)
        assert message.startswith("game g cannot be imported because its audit chain does not")
        assert expected in message and message.endswith("; nothing was imported")
        assert b.games() == [] and b.events("g") == []


def test_import_of_nothing_is_refused(tmp_path):
    with Store(tmp_path) as s, pytest.raises(errors.EntryError, match="no entries"):
        s.take_chains([[]])


# --- speed -----------------------------------------------------------------------------------


def test_open_and_read_one_game_is_fast_in_a_large_store(tmp_path):
    """10,000 games of 40 events each; opening the store and reading one game stays in the
    milliseconds, because nothing on open scans the games and events are clustered by game."""
    Store(tmp_path).close()
    conn = sqlite3.connect(tmp_path / Store.FILENAME, isolation_level=None)
    at = "2026-01-01T00:00:00.000000+00:00"
    body = '{"type":"bids","values":[1,2,0,3]}'
    conn.execute("BEGIN")  # the rows made by SQLite itself: the same rows, made in half the time Python takes
    conn.execute(
        "WITH RECURSIVE g(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM g WHERE x < 9999) "
        "INSERT INTO games (id, created_at, events, head) SELECT printf('game-%05d', x), ?, 40, ? FROM g",
        (at, "f" * 64),
    )
    conn.execute(  # game g's entry n is row x = 40 g + n; its hashes are x and x + 1 in hex
        "WITH RECURSIVE e(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM e WHERE x < 399999) "
        "INSERT INTO events SELECT printf('game-%05d', x / 40), x % 40, ?, 'bids', ?, printf('%064x', x), "
        "printf('%064x', x + 1) FROM e",
        (at, body),
    )
    conn.execute("COMMIT")
    conn.close()
    timings = []
    for g in (1, 5_000, 9_999):
        start = time.perf_counter()
        with Store(tmp_path) as s:
            events = s.events(f"game-{g:05d}")
            s.head(f"game-{g:05d}")
        timings.append(time.perf_counter() - start)
        assert len(events) == 40
    # A few milliseconds on a laptop; the bound leaves room for a slow CI machine.
    assert min(timings) < 0.05, timings
