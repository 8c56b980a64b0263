"""Tamper evidence, stated honestly: the chain catches a naive edit by itself, but a store
rewritten with every later hash recomputed verifies too. What catches that is a digest the
table saw before the rewrite: printed as each hand closes and on `standings` and every sheet,
checked by `verify --digest` (several at once, each saying which hands it covers). `verify`
also checks what lives beside the chain. Points: MrPikes (RULES.md §1), made = 10 + tricks."""

import json
import re
import sqlite3

from scorekeeper.storage import chain, schema, store


def two_hands(sk):
    """Hand 1 and hand 2 of MrPikes, with the digest printed as each closed."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    first = sk("tricks", "3", "0", "7")
    sk("trump", "s")
    sk("bid", "1", "2", "3")
    second = sk("tricks", "1", "2", "6")
    return printed(first), printed(second)


def printed(reply):
    found = re.findall(r"Chain digest after hand \d+: ([0-9a-f]+) \(keep it for `verify --digest`\)", reply)
    assert len(found) == 1, reply
    return found[0]


def started_text(home, gid):
    """The game's start as printed: its first entry's time, UTC, to the minute."""
    with store.Store(home) as db:
        return db.events(gid)[0].at[:16].replace("T", " ") + " UTC"


def latest_backup(home):
    from scorekeeper.storage import backups

    return backups.latest(home).path


def hashes(home, gid):
    with store.Store(home) as db:
        return [e.hash for e in db.events(gid)]


def test_the_digest_is_printed_as_each_hand_closes_and_on_standings(sk, home):
    first, second = two_hands(sk)
    gid = sk.json("status")["game"]
    entry_hashes = hashes(home, gid)
    # entries: 0 game, 1 trump, 2 bids, 3 tricks (closes hand 1), 4 trump, 5 bids, 6 tricks
    assert (first, second) == (entry_hashes[3][:16], entry_hashes[6][:16])
    assert sk("standings").splitlines()[-1] == f"Chain digest: {entry_hashes[6][:16]}"
    # the digest does not show on a reply that closes nothing
    assert "Chain digest" not in sk("comment", "nice hand")


def test_verify_takes_several_digests_and_says_which_hands_each_covers(sk, home):
    first, second = two_hands(sk)
    gid = sk.json("status")["game"]
    sk("comment", "a late one")
    out = sk("verify", "--digest", first, "--digest", second).splitlines()
    started = started_text(home, gid)
    assert out == [
        "The 1 game verifies: no entry has been altered.",
        f"Latest backup: just now, {latest_backup(home)}",
        f"The digest is entry 3 of game {gid}: the sheet shows the game as it was then; "
        "4 entries were recorded after it (see `log`).",
        f"  That game: unnamed (Oh Hell! (MrPikes' house rules)), started {started} with Ann, Bob, Cat; "
        "it is the current game.",
        "  It covers entries 0-3 of that game: hand 1 closed, hand 2 in progress, each as it stood then.",
        f"The digest is entry 6 of game {gid}: the sheet shows the game as it was then; "
        "1 entry was recorded after it (see `log`).",
        f"  That game: unnamed (Oh Hell! (MrPikes' house rules)), started {started} with Ann, Bob, Cat; "
        "it is the current game.",
        "  It covers entries 0-6 of that game: hands 1-2 closed, hand 3 in progress, each as it stood then.",
    ]
    assert sk("verify", "--digest", f"{first},{second}").splitlines() == out  # or comma-separated


def rewrite_hand_one(home, gid):
    """A tamperer who knows the hash recomputes the whole chain after changing hand 1's bids."""
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (gid,)).fetchall()
    prev = chain.ZERO_HASH
    for n, at, body in rows:
        data = json.loads(body)
        if n == 2:
            data["bids"]["Cat"] = 7
        digest = chain.chain_hash(prev, gid, n, at, data)
        conn.execute("UPDATE events SET body = ?, prev = ?, hash = ? WHERE game_id = ? AND n = ?",
                     (chain.canonical_json(data), prev, digest, gid, n))  # fmt: skip
        prev = digest
    conn.execute("UPDATE games SET head = ? WHERE id = ?", (prev, gid))
    for statement in schema._SCHEMA_V1[-2:-1]:
        conn.execute(statement)  # and puts the trigger back
    conn.close()


def test_a_rewritten_chain_verifies_alone_but_not_against_a_digest_the_table_saw(sk, home):
    first, _ = two_hands(sk)
    gid = sk.json("status")["game"]
    rewrite_hand_one(home, gid)
    # what the chain alone can prove
    assert sk("verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    assert sk.fails("verify", "--digest", first, code=3).startswith(
        f"error: no entry in this store has the digest {first[:12]}…: the sheet was not printed from this store, "
        "or the entries it covers have been rewritten"
    )


def test_verify_checks_the_append_only_triggers(sk, home):
    two_hands(sk)
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_delete")
    conn.close()
    assert sk.fails("verify", code=3) == (
        "error: the store's append-only trigger events_append_only_delete is missing: the file was edited "
        "with another tool; compare the digests written down at the table with `verify --digest`"
    )


def test_verify_checks_the_current_game_pointer(sk, home):
    two_hands(sk)
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("UPDATE meta SET value = 'feedface' WHERE key = 'current_game'")
    conn.close()
    assert sk.fails("verify", code=3) == (
        "error: the current game feedface is not in the store; choose one with `use ID` (`games` lists them)"
    )


def test_verify_rebuilds_a_cached_summary_that_does_not_match_its_game(sk, home):
    from scorekeeper import stats

    two_hands(sk)
    assert json.loads(sk("stats", "--json"))["rulesets"]  # summaries cached now
    with store.Store(home) as db:
        (game,) = db.games()
        head, data = db.derived(stats.CACHE_KIND)[game.id]
        forged = json.loads(data.split(" ", 1)[1])
        forged["hands"] = 41  # hands no one played
        # edited by hand: its seal no longer matches, so it is not trusted
        assert db.put_derived(stats.CACHE_KIND, [(game.id, head, data.replace('"hands":2', '"hands":41'))])
    assert "hand 3" in sk("games")
    with store.Store(home) as db:  # forged by someone holding the key beside the store
        assert db.put_derived(stats.CACHE_KIND, stats._sealed(db, [(game.id, head, json.dumps(forged))]))
    assert "hand 42" in sk("games")  # a row that checks out is trusted while its head matches
    assert sk("verify").splitlines()[:2] == [
        "The 1 game verifies: no entry has been altered.", f"Latest backup: just now, {latest_backup(home)}"
    ]  # checked by its head
    assert sk("verify", "--replay").splitlines()[:3] == [
        "The 1 game verifies: no entry has been altered.",
        "Every game replayed to check its cached summary (1) and its cached placings and night outcome (1).",
        "Rebuilt 1 cached summary that did not match its game (a cache beside the record, used by "
        "`games`, `stats`, `ratings` and club nights; the record itself is intact).",
    ]
    assert "hand 3" in sk("games")
    assert sk("verify").splitlines()[:2] == [
        "The 1 game verifies: no entry has been altered.",
        f"Latest backup: just now, {latest_backup(home)}",
    ]


def test_a_digest_per_closed_hand_for_other_front_ends(sk, home):
    from scorekeeper import table
    from scorekeeper.storage import digests

    two_hands(sk)
    gid = sk.json("status")["game"]
    with store.Store(home) as db:
        stored = db.events(gid)
        game = table.load(db, gid)
    assert digests.per_hand(game, stored) == [
        digests.HandDigest(1, 3, stored[3].hash),
        digests.HandDigest(2, 6, stored[6].hash),
    ]


# --- a digest follows its game ---------------------------------------------------------------


def copy_made_current(home, gid, copy_id="c0b1e5" + "0" * 26):
    """The rewrite a chain cannot catch alone: the original game left untouched, every entry
    copied under a new id with hand 1's bids changed, the chain recomputed with the public
    recipe, and the copy made the current game."""
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (gid,)).fetchall()
    prev, copied = chain.ZERO_HASH, []
    for n, at, body in rows:
        data = json.loads(body)
        if n == 0:
            data["game_id"] = copy_id
        if n == 2:
            data["bids"]["Cat"] = 7
        digest = chain.chain_hash(prev, copy_id, n, at, data)
        copied.append((copy_id, n, at, data["type"], chain.canonical_json(data), prev, digest))
        prev = digest
    conn.execute("BEGIN")
    conn.execute("INSERT INTO games (id, created_at, events, head) VALUES (?, ?, ?, ?)", (copy_id, rows[0][1], len(rows), prev))
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", copied)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'current_game'", (copy_id,))
    conn.execute("COMMIT")
    conn.close()
    return copy_id


def test_a_copy_made_current_in_place_of_the_game_is_caught_by_its_digest(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Tuesday")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    first = printed(sk("tricks", "3", "0", "7"))
    gid = sk.json("status")["game"]
    copy = copy_made_current(home, gid)
    assert sk.json("status")["game"] == copy
    started = started_text(home, gid)
    # the chains alone verify, both of them; that two games look alike is all verify can say
    assert sk("verify").splitlines()[:2] == [
        "All 2 games verify: no entry has been altered.",
        # games in the order `games` lists them: by start (the copy's is the game's), then id
        f'Note: games {", ".join(sorted([gid, copy]))} show the table the same name, players and start ("Tuesday", started '
        f"{started} with Ann, Bob, Cat): a table plays a game once, so one may be a copy; `verify --digest` "
        "with a digest written down at the table tells which is the game it saw.",
    ]
    result = sk.run("verify", "--digest", first)
    assert result.exit_code == 3
    assert result.stdout.splitlines()[3:] == [
        f"The digest is entry 3 of game {gid}, its last: the sheet shows the game as stored.",
        f'  That game: "Tuesday", started {started} with Ann, Bob, Cat; it is NOT the current game.',
        "  It covers entries 0-3 of that game: hand 1 closed, hand 2 in progress, each as it stood then.",
    ]
    assert result.stderr == (
        f'error: the digest {first} belongs to game {gid} ("Tuesday", started {started} with Ann, Bob, Cat), '
        f'not to the current game {copy} ("Tuesday", started {started} with Ann, Bob, Cat): a game that shows '
        "the table the same name, players and start, yet is another game, was put in place of the one the "
        f"table saw; `use {gid}` goes back to that one\n"
    )
    # the game named with --game is checked the same way
    assert sk.fails("verify", "--digest", first, "--game", copy, code=3).startswith(
        f"error: the digest {first} belongs to game {gid} "
    )
    assert "it is the game given with --game." in sk("verify", "--digest", first, "--game", gid)
    sk("use", gid)
    assert "it is the current game." in sk("verify", "--digest", first)


def test_a_digest_of_another_game_of_the_evening_names_it(sk, home):
    _, early = two_hands(sk)
    first_game = sk.json("status")["game"]
    sk("new", "oh-hell-mrpikes", "--players", "Dan,Eve,Fay", "--name", "late table")
    later = sk.json("status")["game"]
    started_first, started_later = started_text(home, first_game), started_text(home, later)
    assert sk.fails("verify", "--digest", early, code=3) == (
        f"error: the digest {early} belongs to game {first_game} (unnamed (Oh Hell! (MrPikes' house rules)), "
        f'started {started_first} with Ann, Bob, Cat), not to the current game {later} ("late table", '
        f"started {started_later} with Dan, Eve, Fay): to check a digest of another game, name it with "
        f"`--game {first_game}`"
    )
    assert sk.run("verify", "--digest", early, "--game", first_game).exit_code == 0


def test_what_identifies_a_game_and_its_digests_for_a_follower(sk, home):
    from scorekeeper import table
    from scorekeeper.storage import digests

    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Tuesday")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    sk("tricks", "3", "0", "7")
    gid = sk.json("status")["game"]
    copy = copy_made_current(home, gid)
    with store.Store(home) as db:
        original, stored = digests.witness(table.load(db, gid), db.events(gid)), db.events(gid)
        swapped = digests.witness(table.load(db, copy), db.events(copy))
    assert original == {
        "game": gid,
        "name": "Tuesday",
        "title": "Oh Hell! (MrPikes' house rules)",
        "players": ["Ann", "Bob", "Cat"],
        "started_at": stored[0].at,
        "started": started_text(home, gid),
        "mark": stored[0].hash,
        "head": stored[3].hash,
        "hands": [{"hand": 1, "n": 3, "digest": stored[3].hash}],
    }
    # the copy shows the same name, players and start, but none of the game's digests
    assert {k: swapped[k] for k in ("name", "players", "started")} == {k: original[k] for k in ("name", "players", "started")}
    assert swapped["mark"] != original["mark"] and swapped["hands"][0]["digest"] != original["hands"][0]["digest"]
    assert json.loads(json.dumps(swapped)) == swapped
