"""Tamper evidence, stated honestly: the chain catches a naive edit by itself, but a store
rewritten with every later hash recomputed verifies too. What catches that is a digest the
table saw before the rewrite: printed as each hand closes and on `standings` and every sheet,
checked by `verify --digest` (several at once, each saying which hands it covers). `verify`
also checks what lives beside the chain. Points: MrPikes (RULES.md §1), made = 10 + tricks."""

import json
import re
import sqlite3

from scorekeeper.storage import store


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
    found = re.findall(r"Chain digest after hand \d+: ([0-9a-f]+) \(keep it: `verify --digest` checks the store against it\)", reply)
    assert len(found) == 1, reply
    return found[0]


def hashes(home, gid):
    with store.Store(home) as db:
        return [e.hash for e in db.events(gid)]


def test_the_digest_is_printed_as_each_hand_closes_and_on_standings(sk, home):
    first, second = two_hands(sk)
    gid = sk.json("status")["game"]
    chain = hashes(home, gid)
    # entries: 0 game, 1 trump, 2 bids, 3 tricks (closes hand 1), 4 trump, 5 bids, 6 tricks
    assert (first, second) == (chain[3][:16], chain[6][:16])
    assert sk("standings").splitlines()[-1] == f"Chain digest: {chain[6][:16]}"
    # the digest does not show on a reply that closes nothing
    assert "Chain digest" not in sk("comment", "nice hand")


def test_verify_takes_several_digests_and_says_which_hands_each_covers(sk, home):
    first, second = two_hands(sk)
    gid = sk.json("status")["game"]
    sk("comment", "a late one")
    out = sk("verify", "--digest", first, "--digest", second).splitlines()
    assert out == [
        "The 1 game verifies: no entry has been altered.",
        f"The digest is entry 3 of game {gid}: the sheet shows the game as it was then; "
        "4 entries were recorded after it (see `log`).",
        "  It covers entries 0-3 of that game: hand 1 closed, hand 2 in progress, each as it stood then.",
        f"The digest is entry 6 of game {gid}: the sheet shows the game as it was then; "
        "1 entry was recorded after it (see `log`).",
        "  It covers entries 0-6 of that game: hands 1-2 closed, hand 3 in progress, each as it stood then.",
    ]
    assert sk("verify", "--digest", f"{first},{second}").splitlines() == out  # or comma-separated


def rewrite_hand_one(home, gid):
    """A tamperer who knows the hash recomputes the whole chain after changing hand 1's bids."""
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (gid,)).fetchall()
    prev = store.ZERO_HASH
    for n, at, body in rows:
        data = json.loads(body)
        if n == 2:
            data["bids"]["Cat"] = 7
        digest = store.chain_hash(prev, gid, n, at, data)
        conn.execute("UPDATE events SET body = ?, prev = ?, hash = ? WHERE game_id = ? AND n = ?",
                     (store.canonical_json(data), prev, digest, gid, n))  # fmt: skip
        prev = digest
    conn.execute("UPDATE games SET head = ? WHERE id = ?", (prev, gid))
    for statement in store._SCHEMA_V1[-2:-1]:
        conn.execute(statement)  # and puts the trigger back
    conn.close()


def test_a_rewritten_chain_verifies_alone_but_not_against_a_digest_the_table_saw(sk, home):
    first, _ = two_hands(sk)
    gid = sk.json("status")["game"]
    rewrite_hand_one(home, gid)
    assert sk("verify") == "The 1 game verifies: no entry has been altered.\n"  # what the chain alone can prove
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
    assert sk("verify") == "The 1 game verifies: no entry has been altered.\n"  # checked by its head
    assert sk("verify", "--replay").splitlines() == [
        "The 1 game verifies: no entry has been altered.",
        "Every game replayed (1) to check its cached summary.",
        "Rebuilt 1 cached summary that did not match its game (a cache beside the record, used by "
        "`games` and `stats`; the record itself is intact).",
    ]
    assert "hand 3" in sk("games")
    assert sk("verify") == "The 1 game verifies: no entry has been altered.\n"


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
