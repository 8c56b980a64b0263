"""What keeps every command at the same speed however many games the store holds, checked
against the truth: the facts each entry reads of the other games (in progress, a name) and
the cached summaries agree with a full replay of every game, on random games with
corrections, undos, joins and an abandoned game; another process's entry is seen by the next
command; a cache edited or damaged by hand is caught by `verify` and never trusted; `games`
shows the newest games and says how many more there are."""

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from helpers import examples, load_bench
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper import stats, table
from scorekeeper.core import engine, errors, events
from scorekeeper.storage import schema, states, store

BENCH = load_bench()
RULESETS = ["oh-hell-mrpikes", "pick-your-poison", "four-bad-queens", "compendium", "snakebit"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def replayed(db: store.Store, gid: str) -> engine.Game:
    """The truth: the game replayed from its whole log, no cache involved."""
    return engine.from_log([e.body for e in db.events(gid)])


def agrees_with_a_full_replay(db: store.Store) -> None:
    games = db.games()
    truth = {g.id: replayed(db, g.id) for g in games}
    summaries = stats.summaries(db)  # from the cache where it is kept
    for game, summary in zip(games, summaries, strict=True):
        assert summary == stats.summarize(truth[game.id])
    facts = db.all_facts()
    assert db.facts_kept()
    for gid, game in truth.items():
        row = facts[gid]
        assert row is not None
        head, facts_head, in_progress, name = row
        if in_progress is not None:  # known: it must be the truth as of the game's head
            assert (facts_head, bool(in_progress), name) == (head, *table.facts(game))
    for game in games:  # a state kept between commands is the state its head's log replays into
        kept = states.load(db, game.id)
        if kept is not None and kept.head == game.head:
            assert picture(kept.game) == picture(truth[game.id])
    for gid, game in truth.items():
        others = [g for other, g in truth.items() if other != gid]
        expected = (game.name or f"Game {gid[:8]}") if any(table.facts(g)[0] for g in others) else None
        assert table.shared_label(db, gid, game) == expected


def picture(game: engine.Game) -> dict:
    """What a game's state says, as plain values."""
    return {
        "hands": [(h.number, h.dealer, h.size, h.closed, h.points(game.roster), h.outcome) for h in game.hands],
        "entries": [(n, e.data()) for n, e in game.entries],
        "players": (game.players, game.roster, game.left, game.forfeits),
        "end": (game.finished, game.abandoned, game.winners(), game.totals()),
    }


def a_correction(game: engine.Game, rng: random.Random) -> tuple[events.AnyEvent, int] | None:
    """Tricks moved from one player to another in a closed hand recorded by totals."""
    closed = [h for h in game.hands if h.closed and h.tricks and not h.played]
    if not closed:
        return None
    hand = rng.choice(closed)
    tricks = dict(hand.tricks)
    givers = [p for p in tricks if tricks[p] > 0]
    if not givers:
        return None
    giver, taker = rng.choice(givers), rng.choice(list(tricks))
    tricks[giver] -= 1
    tricks[taker] += 1
    return events.TricksRecorded(hand=hand.number, tricks=tricks), hand.number


def one_step(db: store.Store, gid: str, rng: random.Random, may_abandon: bool) -> None:
    """A random thing a scorer does to a game: an entry, a correction, an undo, a join, or
    (once) abandoning it. Refusals are part of the game: nothing is written."""
    game = table.load(db, gid)
    roll = rng.random()
    try:
        if game.finished or game.abandoned or roll < 0.12:
            table.undo(db, gid)
        elif roll < 0.22 and (fix := a_correction(game, rng)) is not None:
            table.record(db, gid, lambda g, e=fix[0]: e, hand=fix[1])
        elif roll < 0.27:
            name = rng.choice(["Eve", "Fay", "Gus"])
            table.record(db, gid, lambda g: events.PlayerJoined(hand=g.hand.number, player=name))
        elif roll < 0.30 and may_abandon:
            table.abandon(db, gid)
        else:
            table.record(db, gid, lambda g: BENCH._entry(g, rng))
    except errors.ScorekeeperError:
        pass


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), steps=st.integers(10, 60))
def test_what_the_shortcuts_keep_agrees_with_a_full_replay(tmp_path_factory, seed, steps):
    rng = random.Random(seed)
    with store.Store(tmp_path_factory.mktemp("store")) as db:
        ids = []
        for i, ruleset in enumerate(rng.sample(RULESETS, 3)):
            count = 3 if ruleset == "snakebit" else 4
            game = table.create(db, None, ruleset, ",".join(PLAYERS[:count]), None, rng.choice(["", f"Table {i}"]), "", "", [])
            ids.append(game.id)
        stats.summaries(db)  # cached now, then made stale by the steps below
        for step in range(steps):
            if step == steps // 2 and table.facts(table.load(db, ids[0]))[0]:
                table.abandon(db, ids[0])  # one game set aside, every time (undo may take it back)
            one_step(db, rng.choice(ids), rng, may_abandon=step < steps // 2)
            if step % 15 == 0:
                agrees_with_a_full_replay(db)
        agrees_with_a_full_replay(db)


def test_an_entry_is_what_a_full_replay_makes(tmp_path):
    """The game an entry hands back (applied to the state replayed under the lock) is the
    game a replay of the stored log makes, hand after hand of a whole random game."""
    rng = random.Random(3)
    with store.Store(tmp_path) as db:
        game = table.create(db, None, "pick-your-poison", "Ann,Bob,Cat,Dan", None, "", "", "", [])
        while not game.finished:
            try:
                game = table.record(db, game.id, lambda g: BENCH._entry(g, rng)).game
            except errors.ScorekeeperError:
                continue
            assert picture(game) == picture(replayed(db, game.id))


# --- several processes -----------------------------------------------------------------------


def elsewhere_env(home):
    """Another process's environment: the same store, and the very package this test imported
    (run it outside the source tree, which `python -m` would otherwise put first)."""
    package_parent = Path(scorekeeper.__file__).resolve().parent.parent
    return {"SCOREKEEPER_HOME": str(home), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(package_parent)}


def sk_elsewhere(home, *args):
    """`sk` as another process, as at another table, running the very package this test
    imported (the installed one in CI, not the source tree): kept states name their code."""
    env = elsewhere_env(home)
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, cwd=home.parent,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_another_process_starting_or_ending_a_game_is_seen_by_the_next_entry(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Kitchen")
    kitchen = sk.json("status")["game"]
    assert sk("trump", "h").startswith("Hand 1: trump")  # alone in the store
    with store.Store(home) as db:  # a connection kept open, as `play` keeps one
        assert table.shared_label(db, kitchen, table.load(db, kitchen)) is None
        sk_elsewhere(home, "new", "snakebit", "--players", "Dan,Eve,Fay", "--name", "Porch")
        assert table.shared_label(db, kitchen, table.load(db, kitchen)) == "Kitchen"
        sk_elsewhere(home, "abandon", "--game", "Porch")
        assert table.shared_label(db, kitchen, table.load(db, kitchen)) is None
        sk_elsewhere(home, "undo", "--game", "Porch")  # the abandoning taken back
        assert table.shared_label(db, kitchen, table.load(db, kitchen)) == "Kitchen"
    assert sk("bid", "3", "0", "6", "--game", kitchen[:6]).startswith("Kitchen: Hand 1: bids")


def test_a_play_session_sees_a_game_started_elsewhere_at_its_next_entry(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Kitchen")
    env = elsewhere_env(home)
    session = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "play", "--game", "Kitchen"], env=env, cwd=home.parent, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    session.stdin.write("h\n")
    session.stdin.flush()
    while not (line := session.stdout.readline()).startswith("Hand 1: trump"):
        assert line, session.stderr.read()
    sk("new", "snakebit", "--players", "Dan,Eve,Fay", "--name", "Porch")
    out, err = session.communicate("3 0 6\n", timeout=60)
    assert "Kitchen: Hand 1: bids Ann 6, Bob 3, Cat 0" in out, out + err  # in turn from the dealer's left


# --- caches edited or damaged by hand --------------------------------------------------------


def verified(sk, *args):
    """What `verify` says, less its last line (the latest backup)."""
    lines = sk(*args).splitlines()
    assert lines[-1].startswith(("Latest backup: ", "No backup yet")), lines
    return lines[:-1]


def two_games(sk):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--name", "Kitchen")
    kitchen = sk.json("status")["game"]
    sk("new", "snakebit", "--players", "Dan,Eve,Fay", "--name", "Porch")
    return kitchen


def test_a_facts_row_edited_by_hand_is_caught_by_verify(sk, home):
    kitchen = two_games(sk)
    assert sk("trump", "h", "--game", kitchen).startswith("Kitchen: ")
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    assert conn.execute("UPDATE game_facts SET in_progress = 0, name = 'Shed' WHERE name = 'Porch'").rowcount == 1
    conn.close()
    assert verified(sk, "verify") == [
        "All 2 games verify: no entry has been altered.",
        "Rebuilt what is kept of 1 game for other games' entries (in progress, name), which did not match "
        "(a cache beside the record; the record itself is intact).",
    ]
    assert sk("bid", "3", "0", "6", "--game", kitchen).startswith("Kitchen: Hand 1: bids")
    assert verified(sk, "verify") == ["All 2 games verify: no entry has been altered."]


def test_facts_whose_head_or_triggers_were_changed_by_hand_are_not_trusted(sk, home):
    kitchen = two_games(sk)
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("UPDATE game_facts SET head = 'feed' || substr(head, 5) WHERE name = 'Porch'")
    assert sk("trump", "h", "--game", kitchen).startswith("Kitchen: ")  # worked out again
    conn.execute("DROP TRIGGER game_facts_moved")  # now no row can be trusted
    conn.execute("UPDATE game_facts SET in_progress = 0")
    assert sk("bid", "3", "0", "6", "--game", kitchen).startswith("Kitchen: ")
    conn.close()
    assert "Rebuilt what is kept of 2 games" in verified(sk, "verify")[1]
    with store.Store(home) as db:
        assert db.facts_kept()
    assert verified(sk, "verify") == ["All 2 games verify: no entry has been altered."]


def test_a_store_of_the_first_version_gains_the_facts_on_opening(sk, home):
    kitchen = two_games(sk)
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TABLE game_facts")
    for name in schema.FACTS_TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    assert sk("trump", "h", "--game", kitchen).startswith("Kitchen: ")
    with store.Store(home) as db:
        assert db.facts_kept() and all(row is not None for row in db.all_facts().values())
    assert verified(sk, "verify") == ["All 2 games verify: no entry has been altered."]


def test_verify_replays_only_the_games_changed_since_their_summary_unless_asked(sk, home):
    kitchen = two_games(sk)
    sk("stats")  # both summaries cached
    sk("trump", "h", "--game", kitchen)  # kitchen's is stale now
    with store.Store(home) as db:
        check = stats.repair_cache(db)
        assert (check.replayed, check.compared, check.rebuilt) == (1, 1, 0)
        check = stats.repair_cache(db, every=True)
        assert (check.replayed, check.compared, check.rebuilt) == (2, 0, 0)
    assert verified(sk, "verify", "--replay") == [
        "All 2 games verify: no entry has been altered.",
        "Every game replayed to check its cached summary (2) and its cached placings and night outcome (2).",
    ]


# --- games -----------------------------------------------------------------------------------


def test_games_shows_the_newest_and_says_how_many_more(sk, home):
    with store.Store(home) as db:
        for i in range(table.SHOWN_GAMES + 3):
            table.create(db, None, "snakebit", "Dan,Eve,Fay", None, f"Night {i}", "", "", [])
    shown = sk("games").splitlines()
    assert shown[-1] == "3 older games not shown; `games --all` lists every game."
    assert "Night 3 " in shown[2] and "Night 22" in shown[-2] and shown[-2].startswith("*")
    assert not any("Night 2 " in line for line in shown)
    every = sk("games", "--all").splitlines()
    assert len(every) == 2 + table.SHOWN_GAMES + 3 and "Night 0 " in every[2]
    sk("use", "Night 0")  # a name found among every game, shown or not
    assert sk.json("status")["game"] in every[2]


# --- game states kept between commands -------------------------------------------------------


def kept_row(home):
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    return conn, conn.execute("SELECT game_id, data FROM derived WHERE kind = ?", (states.kind(),)).fetchone()


def kept_at(home, gid) -> int | None:
    """The last entry the game's kept state includes (None: no state kept), checked to be the
    game as its entries up to there make it."""
    with store.Store(home) as db:
        kept = states.load(db, gid)
        entries = [e.body for e in db.events(gid)]
    if kept is not None:
        assert kept.head == db_hash(home, gid, kept.n)
        assert picture(kept.game) == picture(engine.from_log(entries[: kept.n + 1]))
    return kept and kept.n


def db_hash(home, gid, n):
    with store.Store(home) as db:
        return db.events(gid)[n].hash


def test_an_entry_takes_up_the_state_kept_which_is_kept_afresh_every_few_entries(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    gid = sk.json("status")["game"]
    assert kept_at(home, gid) is None  # `new` keeps none: its first entry does
    lines = [
        line.split()
        for line in ("trump h", "bid 3 0 6", "tricks 3 0 7", "trump s", "bid 1 1 1", "tricks 1 1 7",
                     "trump d", "bid 0 0 0", "tricks 1 1 6", "trump c")
    ]  # fmt: skip
    last = None
    for n, line in enumerate(lines, start=1):
        if n == 1 + states.KEPT_AGAIN_AFTER:
            sk_elsewhere(home, *line)  # another process takes up the same state, and keeps it afresh
        else:
            sk(*line)
        if last is None or n - last >= states.KEPT_AGAIN_AFTER:  # else the state taken up stays
            last = n
        assert kept_at(home, gid) == last, line
    assert last == 1 + states.KEPT_AGAIN_AFTER < len(lines)
    sk("abandon")  # a game no longer in progress keeps no state
    with store.Store(home) as db:
        assert states.load(db, gid) is None and db.kept_state(states.kind(), gid) is None
    sk("undo")  # an undo re-tells the game: its state is kept afresh
    assert kept_at(home, gid) == len(lines) + 2


def test_a_kept_state_edited_by_hand_is_never_used_and_verify_says_so(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    gid = sk.json("status")["game"]
    conn, (_, data) = kept_row(home)
    conn.execute("UPDATE derived SET data = ? WHERE kind = ?", (data[:-1] + bytes([data[-1] ^ 1]), states.kind()))
    conn.close()
    with store.Store(home) as db:
        assert states.load(db, gid) is None  # the seal no longer matches: the game is replayed
    assert verified(sk, "verify")[1:] == [
        "1 game state kept between commands did not check out (edited, damaged or from another store): it is "
        "not used, and the games are replayed instead (a cache beside the record; the record itself is intact)."
    ]
    assert sk("bid", "3", "0", "6").startswith("Hand 1: bids")  # replayed, and a good state kept again
    assert verified(sk, "verify") == ["The 1 game verifies: no entry has been altered."]


class Hostile:
    """What a blob naming os.system unpickles as, if let: a call of it."""

    def __init__(self, command: str) -> None:
        self.command = command

    def __reduce__(self):
        import os

        return (os.system, (self.command,))


def test_a_sealed_state_naming_what_no_game_state_holds_is_refused_and_the_game_replayed(sk, home, tmp_path):
    import pickle

    from scorekeeper.storage import seals

    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    gid = sk.json("status")["game"]
    marker = tmp_path / "ran"
    key = seals.key(home)
    with store.Store(home) as db:
        kept = states.load(db, gid)
        assert kept is not None
    assert b"system" in pickle.dumps(Hostile("true"))
    for blob in (
        pickle.dumps((kept.n, Hostile(f"touch {marker}")), protocol=pickle.HIGHEST_PROTOCOL),
        pickle.dumps((kept.n, kept.game, Path), protocol=pickle.HIGHEST_PROTOCOL),  # a class from elsewhere
        # a module of the core that is not there
        pickle.dumps((kept.n, kept.game), protocol=pickle.HIGHEST_PROTOCOL).replace(b"core.state", b"core.stat_"),
    ):
        forged = seals.key_id(key) + seals.seal(key, gid, kept.head, blob) + blob  # sealed with the key itself
        conn, _ = kept_row(home)
        conn.execute("UPDATE derived SET data = ? WHERE kind = ?", (forged, states.kind()))
        conn.close()
        with store.Store(home) as db:
            assert states.load(db, gid) is None  # refused, not run: the game is replayed
        assert not marker.exists()
        assert verified(sk, "verify")[1:] == [
            "1 game state kept between commands did not check out (edited, damaged or from another store): it is "
            "not used, and the games are replayed instead (a cache beside the record; the record itself is intact)."
        ]
        assert not marker.exists()
    assert sk("bid", "3", "0", "6").startswith("Hand 1: bids")  # replayed, and a good state kept again
    with store.Store(home) as db:
        assert picture(states.load(db, gid).game) == picture(replayed(db, gid))
    assert verified(sk, "verify") == ["The 1 game verifies: no entry has been altered."]


def test_the_states_of_a_store_copied_from_elsewhere_are_not_trusted(sk, home, tmp_path):
    import shutil

    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(home / store.Store.FILENAME, copy / store.Store.FILENAME)  # its key stays behind
    with store.Store(copy) as db:
        assert states.load(db, db.current_game()) is None
    assert verified(sk, "--home", copy, "verify") == ["The 1 game verifies: no entry has been altered."]  # not damage
    assert sk("--home", copy, "bid", "3", "0", "6").startswith("Hand 1: bids")


def test_an_entry_after_damage_before_the_kept_state_is_refused(sk, home):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "h")
    sk("bid", "3", "0", "6")
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_append_only_update")
    assert conn.execute("UPDATE events SET body = replace(body, '\"hand\":1', '\"hand\":2') WHERE n = 1").rowcount == 1
    conn.close()
    assert sk.fails("tricks", "3", "0", "7", code=3).startswith("error: game ")  # the whole chain is checked
