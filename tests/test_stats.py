"""`stats [PLAYER] [--ruleset R] [--json]`: records across every game in the store, each
number worked out by hand from the games below (scoring rules cited per hand)."""

import json

import pytest
from helpers import load_bench, store_game, tamperable
from openskill.models import PlackettLuce

from scorekeeper import stats
from scorekeeper.storage import seals, store

SHORT = ["--set", "sizes=fixed", "--set", "hands=2", "--set", "start=6"]


def mrpikes_one(sk):
    """RULES.md §1, two 6-card hands. Hand 1: Ann 2/2 made 12; Bob bid 5 took 3: -(10+2) = -12
    and PANTS; Cat 0/1: -11. Hand 2: Ann 1/1 11; Bob 2/2 12; Cat 3/3 13, renege -10.
    Totals Ann 23 (wins), Bob 0, Cat -8."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", *SHORT)
    for trump, bids, tricks in (("h", "2 5 0", "2 3 1"), ("s", "1 2 3", "1 2 3")):
        sk("trump", trump)
        sk("bid", *bids.split())
        if trump == "s":
            sk("renege", "Cat")
        sk("tricks", *tricks.split())


def mrpikes_two(sk):
    """Hand 1: all made: Ann 1/1 11, Bob 1/1 11, Cat 4/4 14. Hand 2: Ann bid 0 took 1: -11;
    Bob bid 6 took 5: -11 and PANTS (a new game: once per game); Cat 0/0: 10.
    Totals Ann 0, Bob 0, Cat 24 (wins)."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", *SHORT)
    for trump, bids, tricks in (("h", "1 1 4", "1 1 4"), ("s", "0 6 0", "1 5 0")):
        sk("trump", trump)
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())


def mrpikes_ratings():
    """Each player's rating (mu - 3 sigma) after the two games above, as openskill's
    Plackett-Luce rates their places: Ann 1, Bob 2, Cat 3; then Cat 1, Ann and Bob 2."""
    model = PlackettLuce()
    first = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    second = model.rate(first, ranks=[2, 2, 1])
    return {name: r.mu - 3 * r.sigma for name, [r] in zip(("Ann", "Bob", "Cat"), second, strict=True)}


def queens(sk):
    """RULES.md §4, Four Bad Queens, 4 players, 4 hands, lowest wins. Hand 1: Ann declares the
    moon and takes all four Queens: Ann 0, each opponent 5. Hands 2-4: Dan takes all four
    undeclared: Q♠ 2 + 1 + 1 + 1 = 5 each hand. Totals Ann 0 (wins), Bob 5, Cat 5, Dan 20."""
    sk("new", "four-bad-queens", "--players", "Ann,Bob,Cat,Dan")
    sk("moon", "Ann")
    sk("took", "Ann", "QS", "QH", "QD", "QC")
    for _ in range(3):
        sk("took", "Dan", "QS", "QH", "QD", "QC")


def poison(sk):
    """RULES.md §3, one 3-hand round (rounds=3: each poison exactly once), 17 cards each.
    Hand 1: Ann bid 5 took 5: 10+5 = 15; Bob take 8: 8; Cat blind 4 took 4: 20+8 = 28.
    Hand 2: Ann take 7: 7; Bob bid 6 took 6: 16; Cat bid 3 took 4: -1.
    Hand 3: each has one poison left, so Ann and Bob are FORCED to bid blind, Cat to take.
    Ann blind 5 took 5: 30 (survived); Bob blind 6 took 4: -4; Cat take 8: 8.
    Totals Ann 52 (wins), Bob 20, Cat 35."""
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat", "--set", "rounds=3")
    for trump, picks, tricks in (
        ("s", "Ann=bid:5 Bob=take Cat=blind:4", "5 8 4"),
        ("h", "Ann=take Bob=bid:6 Cat=bid:3", "7 6 4"),
        ("c", "Ann=blind:5 Bob=blind:6 Cat=take", "5 4 8"),
    ):
        sk("trump", trump)
        sk("poison", *picks.split())
        sk("tricks", *tricks.split())


def pick(rec, keys):
    return {k: rec[k] for k in keys.split()}


def block(data, ruleset):
    return next(b for b in data["rulesets"] if b["ruleset"] == ruleset)


def record(data, ruleset, name):
    return next(p for p in block(data, ruleset)["players"] if p["name"] == name)


def test_records_per_ruleset(sk):
    mrpikes_one(sk)
    mrpikes_two(sk)
    queens(sk)
    poison(sk)
    data = sk.json("stats")
    assert data["games"] == 4 and data["finished"] == 4
    assert [b["ruleset"] for b in data["rulesets"]] == [
        "four-bad-queens",
        "oh-hell-mrpikes",
        "pick-your-poison",
    ]
    oh = block(data, "oh-hell-mrpikes")
    assert (oh["games"], oh["finished"]) == (2, 2)
    # Ann: 23 and 0, one win; bids 2/2, 1/1 made and 0/1 missed: 3 of 4
    assert record(data, "oh-hell-mrpikes", "Ann") == {
        "name": "Ann", "played": 2, "won": 1, "shared_wins": 0, "in_progress": 0, "average": 11.5,
        "best": 23, "bids": 4, "bids_made": 3, "bid_accuracy": 0.75, "forced_blind": None,
        "blind_survived": None, "pants": 0, "reneges": 0, "moons": None, "moons_failed": None,
        "rating": round(mrpikes_ratings()["Ann"], 3),
    }  # fmt: skip
    # Bob: 0 and 0; bids 5/3 missed, 2/2, 1/1 made, 6/5 missed: 2 of 4; pants in both games
    bob = record(data, "oh-hell-mrpikes", "Bob")
    assert pick(bob, "won average best bids_made bids pants") == {
        "won": 0, "average": 0, "best": 0, "bids_made": 2, "bids": 4, "pants": 2,
    }  # fmt: skip
    # Cat: -8 and 24, one win; bids 0/1 missed, 3/3, 4/4, 0/0 made: 3 of 4; one renege
    cat = record(data, "oh-hell-mrpikes", "Cat")
    assert (cat["won"], cat["average"], cat["best"], cat["bids_made"], cat["reneges"]) == (1, 8, 24, 3, 1)
    # Four Bad Queens: lowest wins, so Dan's best is his lowest (his only) 20; Ann shot the moon once
    ann_q = record(data, "four-bad-queens", "Ann")
    assert pick(ann_q, "won best moons moons_failed bids") == {
        "won": 1, "best": 0, "moons": 1, "moons_failed": 0, "bids": None,
    }  # fmt: skip
    assert record(data, "four-bad-queens", "Dan")["best"] == 20
    assert record(data, "four-bad-queens", "Dan")["moons"] == 0
    # Pick Your Poison: forced blind bids and who survived them; bid accuracy over bid and blind picks
    ann_p, bob_p, cat_p = (record(data, "pick-your-poison", n) for n in ("Ann", "Bob", "Cat"))
    assert (ann_p["forced_blind"], ann_p["blind_survived"], ann_p["bids_made"], ann_p["bids"]) == (1, 1, 2, 2)
    assert (bob_p["forced_blind"], bob_p["blind_survived"], bob_p["bids_made"], bob_p["bids"]) == (1, 0, 1, 2)
    assert (cat_p["forced_blind"], cat_p["blind_survived"], cat_p["bids_made"], cat_p["bids"]) == (0, 0, 1, 2)
    assert ann_p["pants"] is None  # no pants rule in Pick Your Poison
    # Across rulesets: Ann, Bob and Cat sat in all four games, Dan in one; Ann won three
    overall = {r["name"]: (r["played"], r["won"]) for r in data["players"]}
    assert overall == {"Ann": (4, 3), "Cat": (4, 1), "Bob": (4, 0), "Dan": (1, 0)}
    assert [r["name"] for r in data["players"]] == ["Ann", "Cat", "Bob", "Dan"]


def test_one_player_and_one_ruleset(sk):
    mrpikes_one(sk)
    mrpikes_two(sk)
    queens(sk)
    data = sk.json("stats", "dan")  # any case
    assert data["player"] == "Dan"
    assert [b["ruleset"] for b in data["rulesets"]] == ["four-bad-queens"]
    assert (data["games"], data["finished"]) == (1, 1)  # Dan's games only
    assert [p["name"] for p in data["players"]] == ["Dan"]
    data = sk.json("stats", "--ruleset", "oh-hell-mrpikes")
    assert data["games"] == 2 and [b["ruleset"] for b in data["rulesets"]] == ["oh-hell-mrpikes"]
    assert {p["name"] for p in block(data, "oh-hell-mrpikes")["players"]} == {"Ann", "Bob", "Cat"}
    text = sk("stats", "Ca", "--ruleset", "oh-hell-mrpikes")
    lines = text.splitlines()
    assert lines[0] == "Cat's records across 2 games (2 finished)"
    assert lines[2] == "Oh Hell! (MrPikes' house rules) (oh-hell-mrpikes): 2 games, 2 finished"
    assert lines[3].split() == [
        "player",
        "played",
        "won",
        "average",
        "best",
        "bids",
        "made",
        "pants",
        "reneges",
        "rating",
    ]
    cat = f"{mrpikes_ratings()['Cat']:.1f}"
    assert lines[5].split() == ["Cat", "2", "1", "8.0", "24", "3/4", "75%", "0", "1", cat]


def test_a_game_in_progress_counts_its_hands_but_not_as_played(sk):
    mrpikes_one(sk)
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", *SHORT)
    sk("trump", "h")
    sk("bid", "6", "0", "0")
    sk("tricks", "5", "0", "1")  # Ann bid 6 took 5: pants, in a game not over yet
    data = sk.json("stats", "Ann")
    assert (block(data, "oh-hell-mrpikes")["games"], block(data, "oh-hell-mrpikes")["finished"]) == (2, 1)
    ann = record(data, "oh-hell-mrpikes", "Ann")
    assert (ann["played"], ann["in_progress"], ann["won"], ann["average"]) == (1, 1, 1, 23)
    assert (ann["pants"], ann["bids"], ann["bids_made"]) == (1, 3, 2)


def test_unknown_and_ambiguous_players_are_refused(sk):
    mrpikes_one(sk)
    sk("new", "oh-hell-mrpikes", "--players", "Anna,Bea,Carl")
    assert sk.fails("stats", "Zed") == (
        "refused: no player 'Zed' in the games in the store; the players are Ann, Anna, Bea, Bob, Carl, Cat"
    )
    assert sk.fails("stats", "Ca") == "refused: 'Ca' could be Carl or Cat; type more of the name"
    assert sk.json("stats", "ann")["player"] == "Ann"  # an exact name wins over a longer one


def test_an_empty_store_and_an_unplayed_ruleset(sk):
    assert sk("stats") == "No games in the store yet.\n"
    mrpikes_one(sk)
    assert sk("stats", "--ruleset", "snakebit") == "No games of snakebit in the store yet.\n"
    assert sk.json("stats", "--ruleset", "snakebit")["rulesets"] == []


# --- the cache of summaries --------------------------------------------------------------


def test_a_new_entry_is_seen_at_once(sk):
    mrpikes_one(sk)
    assert record(sk.json("stats"), "oh-hell-mrpikes", "Ann")["played"] == 1
    sk("undo")  # takes back hand 2's tricks: the game is in progress again
    ann = record(sk.json("stats"), "oh-hell-mrpikes", "Ann")
    assert (ann["played"], ann["in_progress"], ann["bids"]) == (0, 1, 1)


def test_records_come_from_the_caches_and_an_edited_row_is_not_trusted(sk, home):
    mrpikes_one(sk)
    sk("stats")
    with store.Store(home) as db:
        (game,) = db.games()
        head, data = db.derived(stats.CACHE_KIND)[game.id]
        assert head == game.head
        seal, text = data.split(" ", 1)
        forged = json.loads(text)
        forged["players"]["Bob"][3 + stats.COUNTS.index("pants")] = 7  # [score, won, shared, *COUNTS]
        # the row edited by hand, its seal left as it was: it no longer matches
        assert db.put_derived(stats.CACHE_KIND, [(game.id, head, f"{seal} {json.dumps(forged)}")])
        # The whole store's records are cached too, under a digest of every game's head.
        aggregate = db.derived(stats.AGGREGATE_KIND)["*"]
        assert aggregate[0] != head
    assert record(sk.json("stats"), "oh-hell-mrpikes", "Bob")["pants"] == 1  # no game changed: one row read
    with store.Store(home) as db:
        assert db.put_derived(stats.AGGREGATE_KIND, [("*", aggregate[0], aggregate[1].replace('"Bob"', '"Rob"'))])
    # Both rows are summed again from a replay of the game, never from the edited text.
    assert record(sk.json("stats"), "oh-hell-mrpikes", "Bob")["pants"] == 1
    with store.Store(home) as db:
        assert seals.opened(seals.key(home), game.id, head, db.derived(stats.CACHE_KIND)[game.id][1]) is not None
    assert record(sk.json("stats", "--rebuild"), "oh-hell-mrpikes", "Bob")["pants"] == 1


def test_imported_games_count(sk, tmp_path):
    mrpikes_one(sk)
    path = tmp_path / "g.json"
    sk("sheet", "--format", "json", "--output", path)
    sk("--home", tmp_path / "b", "import", path)
    data = json.loads(sk("--home", tmp_path / "b", "stats", "--json"))
    assert record(data, "oh-hell-mrpikes", "Ann")["won"] == 1


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="parallel replay needs fork")
def test_replaying_in_parallel_gives_the_same_summaries(home):
    bench = load_bench()
    names = bench.mix()
    for i, name in enumerate(names):
        store_game(home, bench.random_game(name, seed=i))
    with store.Store(home) as db:
        one = stats.summaries(db, rebuild=True, parallel_from=10**9)
        many = stats.summaries(db, rebuild=True, parallel_from=1)
        assert one == many
        assert len(one) == len(names) and all(s["finished"] for s in one)


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="parallel replay needs fork")
def test_a_broken_chain_in_the_middle_of_the_store_is_said_however_the_games_are_replayed(home):
    """A game whose entry was altered (its time), between others, is replayed as read (its
    entries still parse) and named in the store's warnings, whether it was replayed in this
    process or by a forked worker, which reads its games a batch at a time; and `verify`
    names the entry."""
    bench = load_bench()
    ids = [store_game(home, bench.random_game(name, seed=i)) for i, name in enumerate(bench.mix()[:7])]
    middle = sorted(ids)[3]
    conn = tamperable(home / store.Store.FILENAME)
    conn.execute("UPDATE events SET at = '2020-01-01T00:00:00+00:00' WHERE game_id = ? AND n = 2", (middle,))
    conn.close()
    said = []
    for parallel_from in (10**9, 1):
        with store.Store(home) as db:
            found = stats.summaries(db, rebuild=True, parallel_from=parallel_from)
            said.append((found, db.warnings))
    assert said[0] == said[1]
    warnings = said[0][1]
    assert len(warnings) == 1 and warnings[0].startswith(f"game {middle}'s audit chain is broken (entry 2 "), warnings
    with store.Store(home) as db:
        assert db.verify() == [f"game {middle}: entry 2 ({db.events(middle)[2].body['type']}) does not match its hash: it was altered"]


def test_games_lists_each_games_state_from_the_summaries_and_sees_every_change(sk):
    """`games` reads the summaries `stats` keeps (replaying only a game that changed): the
    state shown must follow every entry, an `undo` and a switch of the current game."""
    mrpikes_one(sk)  # finished after its two hands
    first = sk.json("status")["game"]
    sk("new", "oh-hell-mrpikes", "--players", "Dee,Eve,Fay", *SHORT)
    second = sk.json("status")["game"]

    def rows():
        lines = sk("games").splitlines()[2:]  # under the header and its rule
        return {line.split()[1] if line.startswith("*") else line.split()[0]: line for line in lines}

    listing = rows()
    assert listing[first].split()[:5] == [first, "oh-hell-mrpikes", "Ann,", "Bob,", "Cat"]
    assert "over" in listing[first] and not listing[first].startswith("*")
    assert listing[second].startswith("*") and "hand 1" in listing[second]
    sk("trump", "h")
    sk("bid", "1", "2", "2")
    sk("tricks", "1", "2", "3")  # hand 1 closes: hand 2 is in progress
    assert "hand 2" in rows()[second]
    sk("undo")  # hand 1 open again
    assert "hand 1" in rows()[second]
    sk("use", first)
    listing = rows()
    assert listing[first].startswith("*") and not listing[second].startswith("*")
