"""The audit trail through the CLI: `log` lists every entry with its time, hand and any
reversal; `verify` catches every kind of tampering with a copy of a real store (an entry
edited, removed, reordered or inserted, the games table touched) and names the first entry
that does not match, exit 3; every sheet format carries the chain digest, and
`verify --digest` ties a printed sheet to the store, which catches even a chain rewritten
from end to end."""

import json
import re
import sqlite3

import pytest
from conftest import copied_into, played_once
from helpers import tamperable

from scorekeeper.storage import chain, schema, store

DB = store.Store.FILENAME


def play_a_game(sk):
    """A real game: a hand played card by card with a revoke confirmed, a comment, a bid
    taken back with `undo`, and a hand recorded by totals. 13 entries, 0 to 12."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
       "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=3")  # fmt: skip
    sk("trump", "hearts")  # 1
    sk("bid", "1", "1", "1")  # 2
    sk("trick", "QS", "2S", "3S")  # 3
    sk("trick", "AS", "2C", "4S")  # 4
    sk("trick", "KS", "5S", "6S")  # 5: Bob's revoke shows
    sk("renege", "Bob")  # 6
    sk("comment", "Bob swears he had no spade")  # 7
    sk("trump", "clubs")  # 8
    sk("bid", "0", "2", "1")  # 9
    sk("bid", "Bob=1")  # 10
    sk("undo")  # 11: takes back 10
    sk("tricks", "0", "2", "1")  # 12
    return sk.json("status")["game"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return played_once(tmp_path_factory, play_a_game)


@pytest.fixture
def played_game(home, played):
    """The game of play_a_game, in the test's own store (a copy of the one played once): its id."""
    return copied_into(home, played)


def copy_store(source, target):
    """A consistent copy of the store file, as a tamperer would take one (SQLite's backup)."""
    target.mkdir()
    with sqlite3.connect(source / DB) as src, sqlite3.connect(target / DB) as dst:
        src.backup(dst)
    src.close()
    dst.close()


def row(conn, gid, n):
    return conn.execute(
        "SELECT at, body, prev, hash FROM events WHERE game_id = ? AND n = ?", (gid, n)
    ).fetchone()


def forge(conn, gid, n, body, prev):
    """Insert an entry whose own hash is right: only its place in the chain can give it away."""
    at = "2026-01-01T00:00:00.000000Z"
    digest = chain.chain_hash(prev, gid, n, at, body)
    conn.execute(
        "INSERT INTO events (game_id, n, at, type, body, prev, hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (gid, n, at, body["type"], chain.canonical_json(body), prev, digest),
    )
    return digest


def shift(conn, gid, start, by):
    """Renumber entries start.. by `by`, in two steps so no two share a number on the way."""
    conn.execute("UPDATE events SET n = n + 100000 WHERE game_id = ? AND n >= ?", (gid, start))
    conn.execute("UPDATE events SET n = n - 100000 + ? WHERE game_id = ? AND n >= 100000", (by, gid))


# --- each kind of tampering ---------------------------------------------------------------


def edit_a_bid(conn, gid):
    conn.execute(
        "UPDATE events SET body = replace(body, '\"Cat\":1', '\"Cat\":0') WHERE game_id = ? AND n = 2", (gid,)
    )


def edit_a_time(conn, gid):
    conn.execute("UPDATE events SET at = '2026-01-01T00:00:00.000000Z' WHERE game_id = ? AND n = 4", (gid,))


def edit_the_type_column(conn, gid):
    conn.execute("UPDATE events SET type = 'comment' WHERE game_id = ? AND n = 6", (gid,))


def edit_a_hash_to_match(conn, gid):
    """Edit the renege's note and recompute its own hash: the next entry no longer follows it."""
    at, body, prev, _ = row(conn, gid, 7)
    data = json.loads(body)
    data["text"] = "Bob had no spade"
    conn.execute(
        "UPDATE events SET body = ?, hash = ? WHERE game_id = ? AND n = 7",
        (chain.canonical_json(data), chain.chain_hash(prev, gid, 7, at, data), gid),
    )


def remove_the_renege(conn, gid):
    conn.execute("DELETE FROM events WHERE game_id = ? AND n = 6", (gid,))


def remove_and_renumber(conn, gid):
    conn.execute("DELETE FROM events WHERE game_id = ? AND n = 6", (gid,))
    shift(conn, gid, 7, -1)


def remove_the_last(conn, gid):
    conn.execute("DELETE FROM events WHERE game_id = ? AND n = 12", (gid,))


def remove_the_first(conn, gid):
    conn.execute("DELETE FROM events WHERE game_id = ? AND n = 0", (gid,))
    shift(conn, gid, 1, -1)


def swap_two_tricks(conn, gid):
    conn.execute("UPDATE events SET n = -1 WHERE game_id = ? AND n = 3", (gid,))
    conn.execute("UPDATE events SET n = 3 WHERE game_id = ? AND n = 4", (gid,))
    conn.execute("UPDATE events SET n = 4 WHERE game_id = ? AND n = -1", (gid,))


def swap_two_bodies(conn, gid):
    """Keep every number and hash in place; exchange what two entries say."""
    first, second = row(conn, gid, 3)[1], row(conn, gid, 4)[1]
    conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND n = 3", (second, gid))
    conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND n = 4", (first, gid))


def insert_in_the_middle(conn, gid):
    shift(conn, gid, 5, 1)
    forge(conn, gid, 5, {"type": "comment", "hand": 1, "text": "Ann cheats"}, row(conn, gid, 4)[3])


def insert_at_the_end(conn, gid):
    forge(conn, gid, 13, {"type": "comment", "hand": 3, "text": "Ann cheats"}, row(conn, gid, 12)[3])


def drop_the_game_row(conn, gid):
    conn.execute("DELETE FROM games WHERE id = ?", (gid,))


TAMPERING = [
    (edit_a_bid, "entry 2 (bids) does not match its hash: it was altered"),
    (edit_a_time, "entry 4 (trick) does not match its hash: it was altered"),
    (edit_the_type_column, "entry 6 (correction) is marked 'comment' in the type column: it was altered"),
    (
        edit_a_hash_to_match,
        "entry 8 (trump) does not follow entry 7: an entry before it was altered, removed or inserted",
    ),
    (remove_the_renege, "entry 6 is missing: it was removed"),
    (
        remove_and_renumber,
        "entry 6 (comment) was recorded as entry 7: entries were removed, inserted or reordered",
    ),
    (remove_the_last, "entry 12 is missing: it was removed"),
    (
        remove_the_first,
        "entry 0 (trump) was recorded as entry 1: entries were removed, inserted or reordered",
    ),
    (swap_two_tricks, "entry 3 (trick) was recorded as entry 4: entries were removed, inserted or reordered"),
    (swap_two_bodies, "entry 3 (trick) does not match its hash: it was altered"),
    (
        insert_in_the_middle,
        "entry 6 (trick) was recorded as entry 5: entries were removed, inserted or reordered",
    ),
    (insert_at_the_end, "entry 13 (comment) is not counted in the games table: it was inserted"),
    (
        drop_the_game_row,
        "its 13 entries have no row in the games table: the game was removed or its entries were inserted",
    ),
]


@pytest.mark.parametrize("tamper, problem", TAMPERING, ids=[t.__name__ for t, _ in TAMPERING])
def test_verify_catches_every_kind_of_tampering(sk, home, tmp_path, tamper, problem, played_game):
    gid = played_game
    assert sk("verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    copy = tmp_path / "copy"
    copy_store(home, copy)
    assert sk("--home", copy, "verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    conn = tamperable(copy / DB)
    tamper(conn, gid)
    conn.close()
    assert sk.fails("--home", copy, "verify", code=3) == f"error: game {gid}: {problem}"
    assert sk("verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."  # the original is untouched


def test_the_database_refuses_edits_without_dropping_its_triggers(sk, home, played_game):
    gid = played_game
    conn = sqlite3.connect(home / DB, isolation_level=None)
    for statement in ("UPDATE events SET at = 'x' WHERE game_id = ?", "DELETE FROM events WHERE game_id = ?"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(statement, (gid,))
    conn.close()
    assert sk("verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."


@pytest.mark.parametrize(
    "body",
    [
        {"type": "bluff", "hand": 3, "player": "Ann"},  # no such kind of entry
        {"type": "comment", "hand": 3},  # a known kind without its text
    ],
)
def test_an_entry_no_version_wrote_is_a_damaged_store_not_a_traceback(sk, home, body, played_game):
    """Replaying an entry that is not one we know stops a command with one line, exit 3,
    naming the entry (here 13, forged at the end of the chain); `verify` says how it got there."""
    gid = played_game
    conn = tamperable(home / DB)
    forge(conn, gid, 13, body, row(conn, gid, 12)[3])
    conn.close()
    for command in ("status", "standings", "sheet"):
        assert sk.fails(command, code=3) == (
            "error: entry 13 of the game is not an entry this scorekeeper knows; "
            "`verify` checks whether the store was altered"
        )
    assert sk.fails("verify", code=3).startswith(f"error: game {gid}: entry 13 ({body['type']})")


# --- the printed sheet against the store --------------------------------------------------


def rewrite_the_whole_chain(conn, gid):
    """The thorough forger: edit a bid, then recompute every hash after it and the games row,
    so the chain is consistent again. Only a digest kept outside the store can tell."""
    rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (gid,)).fetchall()
    prev = chain.ZERO_HASH
    for n, at, body in rows:
        data = json.loads(body)
        if n == 2:
            data["bids"]["Cat"] = 0
        digest = chain.chain_hash(prev, gid, n, at, data)
        conn.execute(
            "UPDATE events SET body = ?, prev = ?, hash = ? WHERE game_id = ? AND n = ?",
            (chain.canonical_json(data), prev, digest, gid, n),
        )
        prev = digest
    conn.execute("UPDATE games SET head = ? WHERE id = ?", (prev, gid))
    for statement in schema._SCHEMA_V1[-2:]:  # and puts the append-only triggers back (verify checks them)
        conn.execute(statement.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS"))


def digest_on(text):
    found = re.findall(r"\b[0-9a-f]{64}\b", text)
    assert len(set(found)) == 1, found
    return found[0]


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_every_printed_sheet_ends_with_the_chain_digest(sk, home, fmt, played_game):
    with store.Store(home) as db:
        head = db.head(db.current_game())
    sheet = sk("sheet", "--format", fmt)
    assert digest_on(sheet) == head
    last = [line for line in sheet.splitlines() if line.strip()][-3:]
    assert any(head in line for line in last), last  # after the scores it vouches for


def test_the_data_sheets_carry_the_chain_digest(sk, home, played_game):
    with store.Store(home) as db:
        head = db.head(db.current_game())
    assert json.loads(sk("sheet", "--format", "json"))["chain_head"] == head
    csv_sheet = sk("sheet", "--format", "csv")
    assert f"chain digest,{head}" in csv_sheet.splitlines()  # in the CSV's header block


def test_verify_ties_a_printed_sheet_to_the_store(sk, home, tmp_path):
    gid = play_a_game(sk)
    printed = digest_on(sk("sheet"))
    out = sk("verify", "--digest", printed).splitlines()
    assert out[0] == "The 1 game verifies: no entry has been altered."
    assert out[1].startswith("Latest backup: just now, ")
    assert out[2] == f"The digest is entry 12 of game {gid}, its last: the sheet shows the game as stored."
    # the game it belongs to, as the table saw it (issue 26)
    assert out[3].startswith("  That game: unnamed (Oh Hell! (MrPikes' house rules)), started ")
    assert out[3].endswith(" with Ann, Bob, Cat; it is the current game.")
    # which hands the digest covers (issue 17)
    assert out[4] == "  It covers entries 0-12 of that game: hands 1-2 closed, hand 3 in progress, each as it stood then."
    assert sk("verify", "--digest", printed[:12].upper()).splitlines()[2].endswith("the sheet shows the game as stored.")
    sk("trump", "diamonds")
    sk("comment", "a late one")
    assert sk("verify", "--digest", printed).splitlines()[2] == (
        f"The digest is entry 12 of game {gid}: the sheet shows the game as it was then; "
        "2 entries were recorded after it (see `log`)."
    )
    # A chain rewritten from end to end verifies by itself, but not against the paper.
    copy = tmp_path / "copy"
    copy_store(home, copy)
    conn = tamperable(copy / DB)
    rewrite_the_whole_chain(conn, gid)
    conn.close()
    assert sk("--home", copy, "verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    assert sk.fails("--home", copy, "verify", "--digest", printed, code=3) == (
        f"error: no entry in this store has the digest {printed[:12]}…: the sheet was not printed from this "
        "store, or the entries it covers have been rewritten"
    )


def test_a_digest_that_is_no_digest(sk, played_game):
    assert sk.fails("verify", "--digest", "12ab", code=2) == (
        "error: '12ab' is not a chain digest; give the hex text after 'Chain digest:' on the sheet "
        "(at least its first 12 characters)"
    )


def test_verify_reports_damage_before_it_checks_a_digest(sk, home, tmp_path, played_game):
    gid = played_game
    printed = digest_on(sk("sheet"))
    copy = tmp_path / "copy"
    copy_store(home, copy)
    conn = tamperable(copy / DB)
    edit_a_bid(conn, gid)
    conn.close()
    assert sk.fails("--home", copy, "verify", "--digest", printed, code=3) == (
        f"error: game {gid}: entry 2 (bids) does not match its hash: it was altered"
    )


# --- the log ------------------------------------------------------------------------------


def test_a_log_with_nothing_to_note_has_no_column_for_notes(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    lines = sk("log").splitlines()
    assert lines[1].split() == ["#", "time", "(UTC)", "hand", "entry", "hash"]
    assert len(lines[2].split()) == 5  # a rule under each of the five headings, none under nothing


def test_log_lists_every_entry_with_time_hand_and_reversal(sk, home, played_game):
    gid = played_game
    lines = sk("log").splitlines()
    with store.Store(home) as db:
        stored = db.events(gid)
        head = db.head(gid)
    assert lines[0] == f"Game {gid}: 13 entries; chain head {head}"
    body = {int(line.split()[0]): line for line in lines[3:]}
    assert sorted(body) == list(range(13))
    for entry in stored:
        line = body[entry.n]
        assert entry.at[:19].replace("T", " ") in line  # its time
        assert line.rstrip().endswith(entry.hash[:12])  # its own hash
    assert re.search(r"\s1\s+trick AS 2C 4S\s", body[4])  # hand 1
    assert re.search(r"\s2\s+bids Bob=1\s+undone by entry 11\s", body[10])  # the reversal, both ways
    assert "undo entry 10" in body[11]
    assert lines[1].split() == ["#", "time", "(UTC)", "hand", "entry", "notes", "hash"]
    assert "renege (revoke) by Bob: Bob showed void in spades in trick 2 (2C on a spades lead) but plays 5S in trick 3" in body[6]
    assert "comment: Bob swears he had no spade" in body[7]
