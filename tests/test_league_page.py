"""The league on every phone (`serve`): `/api/league` gives the ratings and the records as
`ratings --json` and `stats --json` print them, read-only, on a real port; `/league` is the
page, drawn in headless Chromium (the run's, see browser.py)."""

import json

import pytest
from browser import needs_chromium, opened
from served import Served

ONE_HAND = ("--set", "sizes=fixed", "--set", "start=3", "--set", "hands=1")


@pytest.fixture
def league_home(home, sk):
    """Two finished games, entered in-process (the server is the separate process here)."""
    for players, bids, tricks in (
        ("Ann,Bob,Cat", "1 1 2", "1 0 2"),  # Ann 11, Bob -11, Cat 12
        ("Ann,Bob,Cat", "2 0 0", "2 1 0"),  # Ann 12, Bob -11, Cat 10
    ):
        sk("new", "oh-hell-mrpikes", "--players", players, *ONE_HAND)
        sk("trump", "h")
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())
    return home


@pytest.fixture
def served(league_home):
    server = Served(league_home, "--read-only")
    yield server
    server.stop()


def test_the_league_answers_what_ratings_and_stats_print(served, sk):
    league = json.loads(served.get("/api/league"))
    assert league["ratings"] == sk.json("ratings")
    assert league["records"] == sk.json("stats")
    # Cat won the first game, Ann the second (beating Cat, rated higher by then); Bob was last twice
    assert [p["name"] for p in league["ratings"]["players"]] == ["Ann", "Cat", "Bob"]
    answer = served.request("GET", "/api/league")
    again = served.request("GET", "/api/league", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status == 304
    for method in ("POST", "PUT", "DELETE"):
        refused = served.request(method, "/api/league", body="{}")
        assert refused.status == 405 and refused.json() == {"error": f"{method} is not taken here (GET, HEAD is)"}
    page = served.request("GET", "/league")
    assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]


def test_the_league_of_a_store_moved_away_says_it_is_gone_and_makes_none(served, league_home, tmp_path):
    """Before, GET /api/league after the store was moved away made a new empty store in its
    place: the phones said "no game yet" and a `new` would have gone into the empty file."""
    moved = tmp_path / "moved.sqlite3"
    store_file = league_home / "scorekeeper.sqlite3"
    store_file.rename(moved)
    for wal in ("-wal", "-shm"):
        if store_file.with_name(store_file.name + wal).exists():
            store_file.with_name(store_file.name + wal).rename(moved.with_name(moved.name + wal))
    for _ in range(2):
        answer = served.request("GET", "/api/league")
        assert answer.status == 503
        assert answer.json() == {"error": f"the store {store_file} is gone (deleted or moved while serving); put it "
                                          "back, or stop this and start `serve` again"}  # fmt: skip
    assert not store_file.exists()


@needs_chromium
def test_the_league_page_in_a_browser(served, chromium):
    with opened(chromium) as page:
        page.goto(served.url + "league")
        page.get_by_text("2 games in the store, 2 finished; 2 rated").wait_for()
        dom = page.content()
    assert "2 games in the store, 2 finished; 2 rated" in dom
    rows = dom.split('<table id="ratings">', 1)[1].split("</table>", 1)[0]
    assert rows.index(">Ann<") < rows.index(">Cat<") < rows.index(">Bob<")
