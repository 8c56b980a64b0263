"""`import FILE`: a JSON score sheet round-trips into another store — same standings, a
chain that verifies — and a file that is not ours, or altered, is refused with one line."""

import copy
import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import copied_into, played_once
from helpers import examples, load_bench, store_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.storage import chain, store

ASK = "give a file written by `sheet --format json`"


def short_game(sk):
    """Two hands of Oh Hell (MrPikes): Ann 23, Bob 0 (pants), Cat -8 (see test_sheets.py)."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--set", "sizes=fixed", "--set", "hands=2",
       "--set", "start=6", "--name", "Friday", "--location", "Kitchen")  # fmt: skip
    sk("trump", "hearts")
    sk("bid", "2", "5", "0")
    sk("comment", "Bob: 'five, easy'")
    sk("tricks", "2", "3", "1")
    sk("trump", "spades")
    sk("bid", "1", "2", "3")
    sk("renege", "Cat")
    sk("tricks", "1", "2", "3")


def export_a_short_game(sk):
    """short_game, exported as a JSON sheet beside its home: (the sheet, the standings and the
    log it was written with)."""
    short_game(sk)
    sheet = Path(os.environ["SCOREKEEPER_HOME"]).parent / "friday.json"
    sk("sheet", "--format", "json", "--output", sheet)
    return sheet, sk.json("standings"), sk("log")


@pytest.fixture(scope="module")
def exported_once(tmp_path_factory):
    return played_once(tmp_path_factory, export_a_short_game)


@pytest.fixture
def exported(home, tmp_path, exported_once):
    """A finished game's JSON sheet, and the standings and log it was written with; the store
    it was played in is the test's own (a copy of the one it was played in once)."""
    sheet, standings, log = copied_into(home, exported_once)
    return shutil.copy(sheet, tmp_path / sheet.name), standings, log


def other(sk, tmp_path, *args, **kwargs):
    """Run a command against a second, fresh store."""
    return sk("--home", tmp_path / "other", *args, **kwargs)


def edited(tmp_path, path, change, name="edited.json"):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    out = tmp_path / name
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


def no_games_in(tmp_path):
    with store.Store(tmp_path / "other") as db:
        return db.games() == []


# --- the round trip ------------------------------------------------------------------------


def test_import_rebuilds_the_same_game_in_another_store(sk, tmp_path, exported):
    path, standings, log = exported
    out = other(sk, tmp_path, "import", path)
    gid = standings["game"]
    assert out.startswith(
        f"Imported game {gid}: Oh Hell! (MrPikes' house rules), players Ann, Bob, Cat; it is now current.\n"
    )
    assert "Game over: Ann wins." in out
    assert json.loads(other(sk, tmp_path, "standings", "--json")) == standings
    assert other(sk, tmp_path, "log") == log  # every entry, its time and its hash
    assert other(sk, tmp_path, "verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."
    # the sheet written from the imported game is the sheet that was imported
    again = tmp_path / "again.json"
    other(sk, tmp_path, "sheet", "--format", "json", "--output", again)
    assert json.loads(again.read_text()) == json.loads(path.read_text())


def test_an_imported_game_in_progress_carries_on(sk, tmp_path):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
    sk("trump", "c")
    sk("bid", "3", "3", "3")
    path = tmp_path / "half.json"
    sk("sheet", "--format", "json", "--output", path)
    other(sk, tmp_path, "import", path)
    # hand 1 is 10 cards: Ann 3/3 13, Bob 3/3 13, Cat bid 3 took 4: -(10+1) = -11
    other(sk, tmp_path, "tricks", "3", "3", "4")
    scores = {
        p["name"]: p["score"] for p in json.loads(other(sk, tmp_path, "standings", "--json"))["players"]
    }
    assert scores == {"Ann": 13, "Bob": 13, "Cat": -11}
    assert other(sk, tmp_path, "verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."


def test_importing_a_game_already_there_skips_it(sk, tmp_path, exported):
    path, standings, log = exported
    gid = standings["game"]
    said = f"Game {gid} is already in the store: skipped.\n0 imported, 0 brought up to date, 1 already there.\n"
    assert sk("import", path) == said  # the game it was exported from is in this store already
    other(sk, tmp_path, "import", path)
    assert other(sk, tmp_path, "import", path) == said
    assert other(sk, tmp_path, "log") == log  # nothing was added to it


@pytest.mark.parametrize("ruleset", load_bench().mix())
def test_every_ruleset_round_trips(sk, home, tmp_path, bench, ruleset):
    bodies = bench.random_game(ruleset, seed=5)
    store_game(home, bodies)
    path = tmp_path / "g.json"
    sk("sheet", "--format", "json", "--output", path)
    other(sk, tmp_path, "import", path)
    assert json.loads(other(sk, tmp_path, "standings", "--json")) == sk.json("standings")
    assert other(sk, tmp_path, "sheet") == sk("sheet")
    assert other(sk, tmp_path, "verify").splitlines()[0] == "The 1 game verifies: no entry has been altered."


# --- refusals ------------------------------------------------------------------------------


def test_a_file_that_is_not_json_is_refused(sk, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Ann 23, Bob 0\n")
    assert sk.fails("import", path) == f"refused: {path} is not JSON (line 1, column 1); {ASK}"


@pytest.mark.parametrize(
    "content", [{"hello": "world"}, [1, 2, 3], "text", {"format": "some other sheet", "version": 1}]
)
def test_json_that_is_not_our_sheet_is_refused(sk, tmp_path, content):
    path = tmp_path / "other.json"
    path.write_text(json.dumps(content))
    assert sk.fails("import", path) == (
        f"refused: {path} is not a scorekeeper score sheet (it has no sheet format marker); {ASK}"
    )


def test_a_sheet_from_a_newer_scorekeeper_is_refused(sk, tmp_path, exported):
    path = edited(tmp_path, exported[0], lambda d: d.update(version=2))
    assert sk.fails("import", path) == (
        f"refused: {path} was written by a newer scorekeeper (sheet version 2; this one reads "
        "version 1); upgrade scorekeeper to import it"
    )


def test_a_missing_file_is_a_usage_error(sk, tmp_path):
    path = tmp_path / "nowhere.json"
    assert sk.fails("import", path, code=2) == f"error: cannot read {path}: No such file or directory"


def _set_bid(data, n, player, bid):
    data["entries"][n]["body"]["bids"][player] = bid


@pytest.mark.parametrize(
    "change, problem",
    [
        # entry 2 is hand 1's bids: Bob's 5 made a 4, to dodge the pants
        (lambda d: _set_bid(d, 2, "Bob", 4), "entry 2 does not match its hash"),
        # entry 3 is the comment
        (
            lambda d: d["entries"][3]["body"].update(text="nobody said that"),
            "entry 3 does not match its hash",
        ),
        (lambda d: d["entries"][1].update(at="2020-01-01T00:00:00+00:00"), "entry 1 does not match its hash"),
        (lambda d: d["entries"].pop(5), "entry 5 is numbered 6: entries were removed, added or reordered"),
        (lambda d: d["entries"].pop(), "its chain digest is not the hash of its last entry"),
        (lambda d: d.update(game="someother"), "entry 0 does not match its hash"),
        (lambda d: d["entries"][1].pop("hash"), "entry 1 is not a whole entry (n, at, prev, hash, body)"),
    ],
)
def test_an_altered_sheet_is_refused(sk, tmp_path, exported, change, problem):
    path = edited(tmp_path, exported[0], change)
    err = sk.fails("--home", tmp_path / "other", "import", path, code=3)
    assert (
        err
        == f"error: {path} was altered: {problem}, so its audit chain does not verify; nothing was imported"
    )
    assert no_games_in(tmp_path)


def rehash(data):
    """What a forger would do: recompute every hash after editing the entries."""
    prev = chain.ZERO_HASH
    for i, entry in enumerate(data["entries"]):
        entry["prev"] = prev
        entry["hash"] = prev = chain.chain_hash(prev, data["game"], i, entry["at"], entry["body"])
    data["chain_head"] = prev


def test_a_rehashed_chain_that_scores_differently_from_its_sheet_is_refused(sk, tmp_path, exported):
    def forge(data):
        _set_bid(data, 2, "Bob", 3)  # Bob bid 3 and took 3: no pants, +13 instead of -12
        rehash(data)

    path = edited(tmp_path, exported[0], forge)
    err = sk.fails("--home", tmp_path / "other", "import", path, code=3)
    assert (
        err
        == f"error: {path} was altered: its standings are not what its entries score; nothing was imported"
    )
    assert no_games_in(tmp_path)


@pytest.mark.parametrize(
    "change, problem",
    [
        (lambda d: d.update(name="Saturday"), "its game name is not the one its entries record"),
        (lambda d: d["players"].reverse(), "its players are not the ones its entries record"),
        (
            lambda d: d["standings"]["players"][0].update(score=99),
            "its standings are not what its entries score",
        ),
        (
            lambda d: d["hands"][1]["points"].update(Cat=13),
            "its hands' points are not what its entries score",
        ),
    ],
)
def test_a_sheet_whose_printed_part_disagrees_with_its_entries_is_refused(
    sk, tmp_path, exported, change, problem
):
    path = edited(tmp_path, exported[0], change)
    err = sk.fails("--home", tmp_path / "other", "import", path, code=3)
    assert err == f"error: {path} was altered: {problem}; nothing was imported"
    assert no_games_in(tmp_path)


def test_fields_a_later_scorekeeper_adds_do_not_stop_an_import(sk, tmp_path, exported):
    def newer(data):
        data["photo"] = "fridge.jpg"
        data["standings"]["players"][0]["streak"] = 3
        data["hands"][0]["seconds"] = 95

    path = edited(tmp_path, exported[0], newer)
    other(sk, tmp_path, "import", path)
    assert json.loads(other(sk, tmp_path, "standings", "--json")) == exported[1]


def test_a_rehashed_chain_the_rules_refuse_is_refused(sk, tmp_path, exported):
    def forge(data):
        data["entries"][4]["body"]["tricks"]["Ann"] = 5  # hand 1 then totals 9 tricks of 6
        rehash(data)

    path = edited(tmp_path, exported[0], forge)
    err = sk.fails("--home", tmp_path / "other", "import", path)
    assert err == (
        f"refused: {path}: its entries do not make a valid game (tricks total 9 but hand 1 has 6 "
        "tricks (3 too many); check the count); nothing was imported"
    )
    assert no_games_in(tmp_path)


def test_a_rehashed_entry_of_an_unknown_kind_is_refused(sk, tmp_path, exported):
    def forge(data):
        data["entries"][2]["body"]["type"] = "cheat"
        rehash(data)

    path = edited(tmp_path, exported[0], forge)
    err = sk.fails("--home", tmp_path / "other", "import", path)
    assert err == f"refused: {path}: entry 2 is not an entry this scorekeeper knows; nothing was imported"


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_change_to_an_entry_is_refused(sk, tmp_path, exported, data):
    """Whatever one field of one entry is changed to, the sheet is refused and nothing lands."""
    sheet = json.loads(exported[0].read_text())
    forged = copy.deepcopy(sheet)
    entry = data.draw(st.sampled_from(forged["entries"]))
    key = data.draw(st.sampled_from(["n", "at", "prev", "hash", "body"]))
    value = data.draw(
        st.one_of(
            st.integers(-3, 40),
            st.text(max_size=8),
            st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        )
    )
    if entry[key] == value:
        return
    entry[key] = value
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    result = sk.run("--home", tmp_path / "forged-home", "import", path)
    assert result.exit_code in (1, 3), result.stdout
    assert "nothing was imported" in result.stderr and "Traceback" not in result.stderr
    with store.Store(tmp_path / "forged-home") as db:
        assert db.games() == []


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_forged_chain_is_refused_in_one_line_or_imported_whole(sk, tmp_path, exported, data):
    """A forger who rehashes the chain after changing any value in any entry's body gets a
    one-line refusal (or, if the change still makes the same game, an import): never a traceback."""
    forged = json.loads(exported[0].read_text())
    entry = data.draw(st.sampled_from(forged["entries"][1:]))
    body = entry["body"]
    key = data.draw(st.sampled_from(sorted(body)))
    value = data.draw(
        st.one_of(
            st.integers(-2, 20),
            st.sampled_from(["Ann", "Zed", "", "QS", "hearts", None]),
            st.dictionaries(st.sampled_from(["Ann", "Bob", "Cat", "Zed"]), st.integers(-1, 9), max_size=4),
        )
    )
    body[key] = value
    rehash(forged)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    result = sk.run("--home", tmp_path / "forged-home", "import", path)
    assert "Traceback" not in result.stderr
    if result.exit_code == 0:
        assert json.loads(sk("--home", tmp_path / "forged-home", "standings", "--json")) == exported[1]
    else:
        assert result.exit_code in (1, 3) and len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert result.stderr.strip().endswith("nothing was imported")
