"""A season kept on three laptops: games played through the CLI into three stores, merged in
different orders (store files and JSON sheets) into the same league; an altered copy of a game
refused, naming both copies; and the ratings checked against openskill run directly on the
same places (`import FILE…`, `ratings`, `stats`)."""

import json
import math
import os
import re
import sys
import time
from pathlib import Path

import pseudo
import pytest
from conftest import copied_into, played_once
from openskill.models import PlackettLuce

from scorekeeper.storage import chain, handed_in, store

# Oh Hell as MrPikes plays it, three cards a hand (rulesets/oh-hell-mrpikes.toml): a bid made
# scores 10 + tricks (a made zero 10), a bid missed -(10 + the difference).
ONE_HAND = ("--set", "sizes=fixed", "--set", "start=3", "--set", "hands=1")


class Season:
    """Three laptops' stores under tmp_path, and the games played on them in order."""

    def __init__(self, sk, tmp_path):
        self.sk, self.root = sk, tmp_path
        self.played = []  # (laptop, game id), in the order the games started

    def on(self, laptop, *args):
        return self.sk("--home", self.root / laptop, *args)

    def new(self, laptop, players, *settings):
        self.on(laptop, "new", "oh-hell-mrpikes", "--players", players, *settings)
        gid = json.loads(self.on(laptop, "standings", "--json"))["game"]
        self.played.append((laptop, gid))
        return gid

    def hand(self, laptop, bids, tricks):
        self.on(laptop, "trump", "h")
        self.on(laptop, "bid", *bids.split())
        self.on(laptop, "tricks", *tricks.split())

    def places(self, laptop, gid):
        data = json.loads(self.on(laptop, "standings", "--json", "--game", gid))
        return {p["name"]: p["place"] for p in data["players"]}


@pytest.fixture
def season(sk, tmp_path, season_once):
    """The season, on the test's own copies of the three laptops' stores."""
    copied = Season(sk, tmp_path)
    copied.played = list(copied_into(tmp_path, season_once))
    return copied


@pytest.fixture(scope="module")
def season_once(tmp_path_factory):
    return played_once(tmp_path_factory, play_the_season)


def play_the_season(sk):
    """The season, its three laptops' stores in the home's folder: the games played, in order."""
    s = Season(sk, Path(os.environ["SCOREKEEPER_HOME"]))
    # Laptop a: Ann deals and bids last each time (the hook: bids never total 3).
    s.new("a", "Ann,Bob,Cat,Dan", *ONE_HAND)
    s.hand("a", "2 1 0 1", "2 1 0 0")  # Ann 12, Bob 11, Cat 10 (a made zero), Dan -11
    s.new("a", "Ann,Bob,Cat,Dan", *ONE_HAND)
    s.hand("a", "0 1 1 2", "0 1 0 2")  # Ann 10, Bob 11, Cat -11, Dan 12
    # Laptop b writes Ann in lower case: the same player.
    s.new("b", "ann,Bob,Eve,Dan", *ONE_HAND)
    s.hand("b", "1 2 1 0", "1 2 0 0")  # ann 11, Bob 12, Eve -11, Dan 10
    s.new("b", "ann,Bob,Eve,Dan", *ONE_HAND)
    s.hand("b", "2 0 0 0", "2 1 0 0")  # ann 12, Bob -11, Eve 10, Dan 10: Eve and Dan tie for second
    s.new("b", "ann,Bob,Eve,Dan", *ONE_HAND)
    s.on("b", "abandon")  # kept, but never rated
    # Laptop c.
    s.new("c", "Cat,Dan,Eve,Ann", *ONE_HAND)
    s.hand("c", "2 1 1 0", "2 0 1 0")  # Cat 12, Dan -11, Eve 11, Ann 10
    s.new("c", "Cat,Dan,Eve,Ann", *ONE_HAND)
    s.on("c", "trump", "h")  # still in progress: never rated
    # The last game: three hands; Dan leaves after hand 1 and Fay joins for hands 2-3; Cat's
    # seat is taken over by Kit for hand 3.
    s.new("c", "Cat,Dan,Eve,Ann", "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=3")
    s.hand("c", "1 1 1 1", "1 1 1 0")  # Cat 11, Dan 11, Eve 11, Ann -11
    s.on("c", "join", "Fay", "--score", "0")
    s.on("c", "leave", "Dan")
    s.hand("c", "0 0 1 1", "0 1 1 1")  # Cat 10, Eve -11, Ann 11, Fay 11
    s.on("c", "rename", "Cat", "Kit")
    s.hand("c", "2 0 0 0", "2 1 0 0")  # Kit 12, Eve -11, Ann 10, Fay 10
    return s.played


def test_the_season_is_played_as_the_rules_score_it(season):
    (_, g1), (_, g2), (_, g3), (_, g4), _, (_, g6), _, (_, g8) = season.played
    assert season.places("a", g1) == {"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4}
    assert season.places("a", g2) == {"Dan": 1, "Bob": 2, "Ann": 3, "Cat": 4}
    assert season.places("b", g3) == {"Bob": 1, "ann": 2, "Dan": 3, "Eve": 4}
    assert season.places("b", g4) == {"ann": 1, "Eve": 2, "Dan": 2, "Bob": 4}
    assert season.places("c", g6) == {"Cat": 1, "Eve": 2, "Ann": 3, "Dan": 4}
    # Kit 11+10+12 = 33, Fay 0+11+10 = 21, Ann -11+11+10 = 10, Eve 11-11-11 = -11; Dan 11 has
    # left, so is placed after everyone still playing
    assert season.places("c", g8) == {"Kit": 1, "Fay": 2, "Ann": 3, "Eve": 4, "Dan": 5}


def league(season, name, *files):
    """Import `files` into the store `name` (if any), then what it holds, its ratings and stats."""
    if files:
        season.on(name, "import", *files)
    with store.Store(season.root / name) as db:
        games = {(g.id, g.head, g.events) for g in db.games()}
        assert db.verify() == []
    ratings = json.loads(season.on(name, "ratings", "--json"))
    stats = json.loads(season.on(name, "stats", "--json"))
    return games, ratings, stats


def sheets(season, laptop):
    """Every game on a laptop, each as its JSON sheet."""
    out = []
    for where, gid in season.played:
        if where == laptop:
            path = season.root / f"{gid}.json"
            season.on(laptop, "sheet", "--format", "json", "--game", gid, "--output", path)
            out.append(path)
    return out


def test_any_order_and_twice_make_the_same_league(season):
    a, b, c = (season.root / laptop for laptop in "abc")
    first = league(season, "l1", a, b, c)
    second = league(season, "l2", *reversed(sheets(season, "b")), c, a)  # b's games as sheets
    assert second == first
    said = season.on("l2", "import", a, b)  # again, and b as a store this time
    assert said.endswith("0 imported, 0 brought up to date, 5 already there.\n")
    third = league(season, "l3", c)
    said = season.on("l3", "import", b, a, c)
    # store files never change the current game (l3's is still c's newest, from its first import)
    assert said.endswith("5 imported, 0 brought up to date, 3 already there.\n")
    again = league(season, "l3", a)
    with store.Store(season.root / "l2") as db:
        assert {(g.id, g.head, g.events) for g in db.games()} == first[0]
    assert len(first[0]) == 8
    assert first == again and first[1:] == league(season, "l2")[1:]
    assert third[0] < first[0]  # laptop c's games alone, before the others came
    assert first[1]["games"] == 6  # the abandoned game and the one in progress are not rated
    # stats sees the whole league too: Ann's 6 finished games (and one in progress)
    ann = {p["name"].casefold(): p for p in first[2]["players"]}["ann"]
    assert (ann["played"], ann["won"], ann["in_progress"]) == (6, 2, 1)
    assert ann["rating"] == next(p["rating"] for p in first[1]["players"] if p["name"] == "Ann")


def games_listed(season, laptop):
    """`games --all` on a laptop: (current mark, id) per row, in the order listed."""
    rows = season.on(laptop, "games", "--all").splitlines()[2:]
    return [(row.startswith("*"), row.lstrip("* ").split()[0]) for row in rows]


def test_merged_copies_list_the_games_by_start_and_keep_their_current_game(season):
    """Every copy of the league lists its games in the order they started (then by id),
    whatever order they were imported in; an import of store files never changes which game
    is current (each laptop keeps its own), and one JSON sheet's new game becomes current
    (CLI.md: `import FILE` ... make it current)."""
    a, b, c = (season.root / laptop for laptop in "abc")
    started = [gid for _, gid in season.played]
    season.on("l1", "import", a, b, c)
    season.on("l2", "import", c, *reversed(sheets(season, "b")), a)
    first, second = games_listed(season, "l1"), games_listed(season, "l2")
    assert [gid for _, gid in first] == started
    # an empty store takes the game that started last as its current one, in both
    assert first == second and first[-1] == (True, started[-1])
    # laptop a's own store: its current game (its last, g2) stays current through the merge
    season.on("a", "import", c, b)
    listed = games_listed(season, "a")
    assert [gid for _, gid in listed] == started
    assert [gid for current, gid in listed if current] == [started[1]]
    # one JSON sheet of a game new to laptop b: that game becomes current, as the contract says
    sheet = season.root / "g1.json"
    season.on("a", "sheet", "--format", "json", "--game", started[0], "--output", sheet)
    assert "it is now current" in season.on("b", "import", sheet)
    assert [gid for current, gid in games_listed(season, "b") if current] == [started[0]]
    assert [gid for _, gid in games_listed(season, "b")] == [started[0], *started[2:5]]


def test_a_later_copy_of_a_game_brings_it_up_to_date(season, sk):
    _, gid = season.played[6]  # the game in progress on laptop c
    sheet = season.root / "early.json"
    season.on("c", "sheet", "--format", "json", "--game", gid, "--output", sheet)
    season.on("l", "import", sheet)
    season.on("c", "bid", "1", "1", "1", "1", "--game", gid)
    said = season.on("l", "import", season.root / "c")
    assert f"Brought game {gid} up to date: 1 later entry added" in said
    assert season.on("l", "log", "--game", gid) == season.on("c", "log", "--game", gid)
    # the earlier copy is now already there
    assert season.on("l", "import", sheet) == (
        f"Game {gid} is already in the store: skipped.\n0 imported, 0 brought up to date, 1 already there.\n"
    )


def forged(season, laptop, gid, name):
    """A store file holding game `gid` of `laptop` with its entry 2 altered and the chain
    after it hashed again, so that it verifies on its own."""
    with store.Store(season.root / laptop) as db:
        events = db.events(gid)
    assert events[2].body["type"] == "bids"
    events[2] = events[2]._replace(body={**events[2].body, "bids": {**events[2].body["bids"], "Bob": 2}})
    prev = events[1].hash
    for i in range(2, len(events)):
        e = events[i]._replace(prev=prev)
        events[i] = e._replace(hash=chain.chain_hash(prev, gid, e.n, e.at, e.body))
        prev = events[i].hash
    with store.Store(season.root / name) as db:
        db.take_chains([events])
        assert db.verify() == []
    return season.root / name


def test_an_altered_copy_of_a_game_is_refused_naming_both(season, sk):
    _, gid = season.played[0]
    bad = forged(season, "a", gid, "forged")
    a = season.root / "a"
    err = sk.fails("--home", season.root / "l", "import", a, bad)
    assert err == (
        f"refused: game {gid} in {bad / store.Store.FILENAME} is not the game {gid} in {a / store.Store.FILENAME}: "
        "their entries differ from entry 2 on, so one of them was altered; nothing was imported"
    )
    assert not (season.root / "l").exists() or json.loads(season.on("l", "ratings", "--json"))["games"] == 0
    season.on("l", "import", a)
    err = sk.fails("--home", season.root / "l", "import", bad)
    assert err == (
        f"refused: game {gid} in {bad / store.Store.FILENAME} is not the game {gid} in this store: "
        "their entries differ from entry 2 on, so one of them was altered; nothing was imported"
    )
    # an altered copy that was not hashed again does not verify at all
    sheet = season.root / "g1.json"
    season.on("a", "sheet", "--format", "json", "--game", gid, "--output", sheet)
    data = json.loads(sheet.read_text())
    data["entries"][2]["body"]["bids"]["Bob"] = 2
    sheet.write_text(json.dumps(data))
    err = sk.fails("--home", season.root / "l", "import", sheet, code=3)
    assert err.startswith(f"error: {sheet} was altered: entry 2 does not match its hash")


# --- the ratings, against openskill run directly -----------------------------------------


def close(a, b):
    return math.isclose(a, b, abs_tol=0.0015)


def test_the_ratings_are_openskill_on_the_places_in_the_order_played(season):
    league(season, "l", season.root / "c", season.root / "b", season.root / "a")
    model = PlackettLuce()
    r = {}

    def rate(places):  # each player a team of one, ranked at their place (ties as ties)
        names = list(places)
        got = model.rate([[r.get(n) or model.rating()] for n in names], ranks=[places[n] for n in names])
        r.update({n: team[0] for n, team in zip(names, got, strict=True)})

    rate({"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4})
    rate({"Dan": 1, "Bob": 2, "Ann": 3, "Cat": 4})
    rate({"Bob": 1, "Ann": 2, "Dan": 3, "Eve": 4})  # laptop b's "ann" is Ann
    rate({"Ann": 1, "Eve": 2, "Dan": 2, "Bob": 4})
    rate({"Cat": 1, "Eve": 2, "Ann": 3, "Dan": 4})
    before = dict(r)
    # The last game, as if every seat had played every hand: Cat's seat counts to Cat (hands
    # 1-2) and to Kit (hand 3), both first; Fay played 2 hands of 3, Dan 1.
    rate({"Cat": 1, "Kit": 1, "Fay": 2, "Ann": 3, "Eve": 4, "Dan": 5})
    full = dict(r)
    got = {p["name"]: p for p in json.loads(season.on("l", "ratings", "--json"))["players"]}
    assert set(got) == {"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Kit"}
    for name in ("Ann", "Bob", "Eve"):  # played every hand of every game they were in
        assert close(got[name]["mu"], full[name].mu) and close(got[name]["sigma"], full[name].sigma)
        assert close(got[name]["rating"], full[name].mu - 3 * full[name].sigma)
    share = {"Cat": 2 / 3, "Kit": 1 / 3, "Fay": 2 / 3, "Dan": 1 / 3}
    for name, s in share.items():  # a share s of the hands: s of the move a full game makes, of μ and of σ
        start = before.get(name) or model.rating()
        assert close(got[name]["mu"], start.mu + s * (full[name].mu - start.mu))
        assert math.isclose(got[name]["sigma"], start.sigma + s * (full[name].sigma - start.sigma), abs_tol=0.0006)
        assert full[name].sigma < got[name]["sigma"] < math.hypot(start.sigma, model.tau)
    games = {p: got[p]["games"] for p in got}
    assert games == {"Ann": 6, "Bob": 4, "Cat": 4, "Dan": 6, "Eve": 4, "Fay": 1, "Kit": 1}
    ratings = [p["rating"] for p in got.values()]
    assert list(got) == [n for _, n in sorted(((-x, n) for n, x in zip(got, ratings, strict=True)))]
    ann_before = before["Ann"].mu - 3 * before["Ann"].sigma
    assert close(got["Ann"]["change"], got["Ann"]["rating"] - ann_before)


def test_a_share_of_the_hands_scales_plain_plackett_luce_and_uses_no_weights():
    """The README and `ratings --help`: a player who played a share s of the hands moves s of
    the way plain Plackett-Luce moves a full player, in μ and in σ alike. openskill's own
    weights would not do: openskill 6.2 rescales them into its weight bounds, so they change
    the result even when every weight is 1.0."""
    from scorekeeper import ratings

    pl = ratings.model()
    before = [pl.rating(mu=25 + i, sigma=8 - i / 2, name=n) for i, n in enumerate(["ann", "bob", "cat", "dan"])]
    places, shares = [1, 2, 2, 4], [1.0, 0.5, 1.0, 0.25]
    plain = [team[0] for team in PlackettLuce().rate([[r] for r in before], ranks=[1.0, 2.0, 2.0, 4.0])]
    got = ratings.rate_game(pl, before, places, shares)
    for s, old, full, new in zip(shares, before, plain, got, strict=True):
        assert math.isclose(new.mu, old.mu + s * (full.mu - old.mu), abs_tol=1e-12)
        assert math.isclose(new.sigma, old.sigma + s * (full.sigma - old.sigma), abs_tol=1e-12)
    weighted = PlackettLuce().rate([[r] for r in before], ranks=[1.0, 2.0, 2.0, 4.0], weights=[[1.0]] * 4)
    assert [team[0].mu for team in weighted] != [r.mu for r in plain]  # why the weights are not used


def test_ratings_of_one_ruleset_and_since_a_date(season, sk):
    league(season, "l", season.root / "a", season.root / "b", season.root / "c")
    everything = json.loads(season.on("l", "ratings", "--json"))
    assert json.loads(season.on("l", "ratings", "--json", "--ruleset", "oh-hell-mrpikes")) == {
        **everything, "ruleset": "oh-hell-mrpikes"
    }
    none = json.loads(season.on("l", "ratings", "--json", "--ruleset", "four-bad-queens"))
    assert none == {"ruleset": "four-bad-queens", "since": None, "games": 0, "players": []}
    assert json.loads(season.on("l", "ratings", "--json", "--since", "2999-01-01"))["games"] == 0
    assert season.on("l", "ratings", "--since", "2999-01-01") == "No finished games since 2999-01-01 to rate yet.\n"
    assert sk.fails("--home", season.root / "l", "ratings", "--since", "last week", code=2) == (
        "error: 'last week' is not a date; write it as YYYY-MM-DD, e.g. --since 2026-01-31"
    )
    text = season.on("l", "ratings")
    assert text.startswith("Ratings over 6 finished games\n#    player")
    if not pseudo.ON:  # figures a person reads, as the language writes them; JSON stays neutral
        german = season.on("l", "--lang", "de", "ratings")
        assert re.search(r"\d,\d", german) and not re.search(r"\d\.\d", german)
    rows = [line.split()[:3] for line in text.splitlines()[3:10]]
    assert rows == [[str(i), p["name"], f"{p['rating']:.1f}"] for i, p in enumerate(everything["players"], 1)]


# --- the play record BG Stats imports ------------------------------------------------------


def test_a_finished_game_as_the_play_record_bg_stats_imports(season, sk):
    _, gid = season.played[7]
    play = json.loads(season.on("c", "sheet", "--format", "bgstats", "--game", gid))
    assert play.keys() == {
        "sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments", "game", "players"
    }  # fmt: skip
    assert (play["sourceName"], play["sourcePlayId"]) == ("table-scorekeeper", gid)
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " " and play["durationMin"] >= 1
    assert play["game"] == {
        "name": "Oh Hell! (MrPikes' house rules)", "highestWins": True, "noPoints": False,
        "sourceGameId": "oh-hell-mrpikes",
    }  # fmt: skip
    assert play["comments"] == "Oh Hell! (MrPikes' house rules), 3 hands"
    # in standings order; the start player led hand 1: its dealer Cat, whose seat Kit took over
    # for hand 3 (MrPikes' rules have the dealer lead, as `status` says: "Leads: Cat"). The seat
    # is listed under both names it played under, each with its score and rank, as ratings count it.
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"], p["sourcePlayerId"]) for p in play["players"]] == [
        ("Cat", 33, 1, True, True, "cat"),
        ("Kit", 33, 1, True, False, "kit"),
        ("Fay", 21, 2, False, False, "fay"),
        ("Ann", 10, 3, False, False, "ann"),
        ("Eve", -11, 4, False, False, "eve"),
        ("Dan", 11, 5, False, False, "dan"),
    ]
    _, unfinished = season.played[6]
    assert sk.fails("--home", season.root / "c", "sheet", "--format", "bgstats", "--game", unfinished) == (
        "refused: the game is not over yet, and BG Stats records finished plays; write it once the game ends"
    )


# --- what is cached, and what is checked ---------------------------------------------------


def test_ratings_read_the_cached_placings_and_replay_no_game(season, monkeypatch):
    from scorekeeper import ratings
    from scorekeeper.core import engine

    home = season.root / "c"
    first = season.on("c", "ratings", "--json")
    with store.Store(home) as db:  # forget the tables worked out, keep each game's placings
        assert db.put_derived(ratings.TABLE_KIND, [(k, "", "{}") for k in db.derived(ratings.TABLE_KIND)])

    def no_replay(*args, **kwargs):
        raise AssertionError("a game was replayed")

    monkeypatch.setattr(engine, "from_log", no_replay)
    assert season.on("c", "ratings", "--json") == first


def test_a_cached_placing_is_used_only_under_its_seal_and_verify_checks_it(season):
    from scorekeeper import ratings, replays
    from scorekeeper.storage import seals

    home = season.root / "a"
    _, gid = season.played[0]
    first = json.loads(season.on("a", "ratings", "--json"))

    def forget_tables(db):
        assert db.put_derived(ratings.TABLE_KIND, [(k, "", "{}") for k in db.derived(ratings.TABLE_KIND)])

    with store.Store(home) as db:
        head, sealed = db.derived(ratings.CACHE_KIND)[gid]
        text = seals.opened(seals.key(home), gid, head, sealed)
        data = json.loads(text)
        seats = data["seats"]  # Dan (last) now first and Ann last: well formed, and wrong
        data["seats"] = [[place, hands] for (place, _), (_, hands) in zip(seats, reversed(seats), strict=True)]
        wrong = json.dumps(data, separators=(",", ":"))
        # edited by hand, its seal left as it was: caught by verify, never trusted
        assert db.put_derived(ratings.CACHE_KIND, [(gid, head, sealed.replace(text, wrong))])
        forget_tables(db)
    assert "Rebuilt 1 cached summary" in season.on("a", "verify")
    with store.Store(home) as db:
        assert db.derived(ratings.CACHE_KIND)[gid] == (head, sealed)
        assert db.put_derived(ratings.CACHE_KIND, [(gid, head, sealed.replace(text, wrong))])
        forget_tables(db)
    assert json.loads(season.on("a", "ratings", "--json")) == first  # replayed, not read
    with store.Store(home) as db:  # forged with the key beside the store: trusted at its head
        replays.keep(db, ratings.CACHE_KIND, [(gid, head, wrong)])
        forget_tables(db)
    assert json.loads(season.on("a", "ratings", "--json")) != first
    assert "Rebuilt" not in season.on("a", "verify")  # checked by its head and seal only
    assert "Rebuilt 1 cached summary" in season.on("a", "verify", "--replay")
    assert json.loads(season.on("a", "ratings", "--json")) == first
    with store.Store(home) as db:  # stale (cached at another head): rebuilt by verify, quietly
        replays.keep(db, ratings.CACHE_KIND, [(gid, "0" * 64, wrong)])
    assert "Rebuilt" not in season.on("a", "verify")
    with store.Store(home) as db:
        assert db.derived(ratings.CACHE_KIND)[gid] == (head, sealed)
        replays.keep(db, ratings.CACHE_KIND, [(gid, head, "{not json")])  # sealed, yet unreadable
        forget_tables(db)
    assert json.loads(season.on("a", "ratings", "--json")) == first  # replayed, not a crash


def test_a_file_that_is_not_a_store_of_ours_is_refused_in_one_line(sk, tmp_path):
    import sqlite3

    theirs = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(theirs) as conn:
        conn.execute("CREATE TABLE plays (game TEXT)")
    conn.close()
    assert sk.fails("import", theirs, code=3) == (
        f"error: cannot import {theirs}: it is not a scorekeeper store (it is another program's SQLite "
        "database); nothing was imported"
    )
    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(b"SQLite format 3\x00" + bytes(range(200)))
    assert sk.fails("import", cut, code=3) == (
        f"error: cannot import {cut}: it is damaged (file is not a database); nothing was imported"
    )
    empty = tmp_path / "empty"
    sk("--home", empty, "games")  # a store with no game yet: nothing to import, nothing refused
    assert sk("import", empty) == "0 imported, 0 brought up to date, 0 already there.\n"


def handed(sk, tmp_path, name, *statements):
    """A copy of a store holding one game, altered by `statements` (as a hostile file would be)."""
    import sqlite3

    source = tmp_path / f"{name}-source"
    sk("--home", source, "new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    path = tmp_path / f"{name}.sqlite3"
    with sqlite3.connect(source / store.Store.FILENAME) as live, sqlite3.connect(path) as copy:
        live.backup(copy)
        for statement in statements:
            copy.execute(statement)
    live.close()
    copy.close()
    return path


ENDLESS_GAMES = (  # every read of `games` recurses for ever
    "DROP TABLE games",
    "CREATE VIEW games AS WITH RECURSIVE r(seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM r) "
    "SELECT seq, 'g' || seq AS id, '' AS created_at, 1 AS events, '' AS head FROM r",
)
MANY_EVENTS = (  # 5,000,000 entries made up as they are read
    "DROP TABLE events",
    "CREATE VIEW events AS WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r WHERE n < 4999999) "
    "SELECT (SELECT id FROM games) AS game_id, n, '' AS at, 'x' AS type, '{}' AS body, '' AS prev, '' AS hash FROM r",
)
NOT_AS_A_STORE = "it is not as a scorekeeper store has it (a view, a trigger or a table of another shape)"


@pytest.mark.parametrize(
    ("statements", "name"),
    [
        (ENDLESS_GAMES, "games"),  # before: still reading after 90 s
        (MANY_EVENTS, "events"),  # before: a MemoryError and its traceback
        (("CREATE TRIGGER noted AFTER INSERT ON meta BEGIN SELECT 1; END",), "noted"),
        (("CREATE TABLE extra (x)",), "extra"),
        (("DROP TRIGGER events_append_only_update",
          "CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events BEGIN SELECT 1; END"),
         "events_append_only_update"),
    ],
)  # fmt: skip
def test_a_store_handed_in_is_read_only_through_a_stores_own_tables(sk, tmp_path, statements, name):
    """`import` reads another store only once its schema is a store's, table for table, so no
    view or trigger of the file's runs: one line, exit 1, nothing changed here."""
    sk("new", "oh-hell-mrpikes", "--players", "Dan,Eve,Fay")
    before = sk("games", "--all"), sk("log")
    path = handed(sk, tmp_path, name, *statements)
    started = time.monotonic()
    said = sk.fails("import", path, code=1)
    assert said == f"refused: cannot import {path}: {NOT_AS_A_STORE.replace('it is', f'its {name} is')}; nothing was imported"
    assert time.monotonic() - started < 10
    assert (sk("games", "--all"), sk("log")) == before


def test_a_store_handed_in_is_read_within_bounds(sk, tmp_path, monkeypatch):
    """A store's own tables, but more rows, more bytes or more time than an import reads: one
    line each, exit 1, nothing imported (the bounds made small here)."""
    path = handed(sk, tmp_path, "fine")
    sk("new", "oh-hell-mrpikes", "--players", "Dan,Eve,Fay")
    before = sk("games", "--all")
    monkeypatch.setattr(handed_in, "HANDED_ENTRIES", 0)
    assert sk.fails("import", path, code=1) == (
        f"refused: cannot import {path}: it holds more than 0 entries or games, the most an import reads; "
        "nothing was imported"
    )
    monkeypatch.setattr(handed_in, "HANDED_ENTRIES", 1000)
    monkeypatch.setattr(handed_in, "HANDED_BYTES", 1024)
    assert sk.fails("import", path, code=1) == (
        f"refused: cannot import {path}: it is larger than 0 MiB, the most an import reads; nothing was imported"
    )
    monkeypatch.setattr(handed_in, "HANDED_BYTES", 1 << 30)
    monkeypatch.setattr(handed_in, "HANDED_SECONDS", 0.0)
    monkeypatch.setattr(handed_in, "_HANDED_STEPS", 1)
    assert sk.fails("import", path, code=1) == (
        f"refused: cannot import {path}: reading it took more than 0 seconds, the most an import waits; "
        "nothing was imported"
    )
    assert sk("games", "--all") == before
    monkeypatch.setattr(handed_in, "HANDED_SECONDS", 60.0)
    assert sk("import", path).startswith("Imported game ")


WORKERS = []  # the file each replay notes its process in, for the test below


def noted_placings(game):
    """ratings.placings_text, noting which process replayed the game."""
    from scorekeeper import ratings

    with open(WORKERS[0], "a") as file:
        file.write(f"{os.getpid()}\n")
    return json.dumps(ratings.placings(game), separators=(",", ":"), ensure_ascii=False)


def test_many_games_to_replay_are_shared_out_among_workers(season, monkeypatch, tmp_path):
    from scorekeeper import ratings, replays

    first = season.on("c", "ratings", "--json")
    with store.Store(season.root / "c") as db:  # forget everything worked out
        for kind in (ratings.CACHE_KIND, ratings.TABLE_KIND):
            assert db.put_derived(kind, [(k, "", "{}") for k in db.derived(kind)])
    monkeypatch.setattr(replays, "PARALLEL_FROM", 2)
    monkeypatch.setattr(replays.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(ratings, "placings_text", noted_placings)
    monkeypatch.setattr(sys.modules[__name__], "WORKERS", [tmp_path / "pids"])
    assert season.on("c", "ratings", "--json") == first
    pids = (tmp_path / "pids").read_text().split()
    assert len(pids) == 3 and str(os.getpid()) not in pids  # all three games, none replayed here
    assert season.on("c", "verify").startswith("All 3 games verify")
