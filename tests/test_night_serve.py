"""`serve --night NAME` on a real port: the night's JSON is what the command line prints; each
table's page at /table/ID/ is the game's own page (the table's page, and the scorer's page with
that table's secret) whose scorer's link writes to that table only; and in headless Chromium
two tables' scorers tap their entries on two phones while the director's board and the lobby
show both tables live, a correction as a correction."""

from __future__ import annotations

import json
import re
import time

import pseudo
import pytest
import typer
from browser import TV, needs_chromium, opened
from served import Served, sk_process

SHORT = ["--set", "sizes=fixed", "--set", "start=1", "--set", "hands=2", "--set", "trump=none"]


@pytest.fixture
def night(home):
    sk_process(home, "seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", 2,
               "--ruleset", "oh-hell-mrpikes", "--seed", 3, "--night", "Fri")  # fmt: skip
    sk_process(home, "night", "start", "Fri", "--round", 1, *SHORT)
    server = Served(home, "--night", "Fri")
    yield server
    _, _, err = server.stop()
    assert "Traceback" not in err


def tables(server):
    """(game id, its scorer's secret) for each table, in the order printed."""
    found = re.findall(r"/table/([0-9a-f]+)/#scorer=(\S+)", server.text)
    assert len(found) == 2
    return found


def post(server, game, line, secret, also=None):
    body = json.dumps({"line": line, **(also or {})})
    return server.request("POST", f"/table/{game}/api/entry", body,
                          {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"})  # fmt: skip


def test_the_night_answers_what_the_command_line_prints_and_each_link_writes_to_its_table(home, night):
    (one, one_secret), (two, two_secret) = tables(night)
    said = post(night, one, "bid 1 0 0 0", one_secret)
    assert said.status == 200 and "Hand 1: bids" in said.json()["reply"]
    assert set(said.json()) == {"ok", "reply", "warnings", "head", "hand"}  # the state: by the event stream
    deadline = time.monotonic() + 5  # the table's page state is published once the look after the entry ends
    while (state := json.loads(night.get(f"/table/{one}/api/state")))["head"] != said.json()["head"]:
        assert time.monotonic() < deadline, state["head"]
        time.sleep(0.02)
    assert state["game"]["id"] == one
    assert state["entries"][-1]["via"] == "phone"
    assert post(night, two, "bid 1 0 0 0", one_secret).status == 401  # table 1's link at table 2
    refused = post(night, one, f"bid 0 0 0 0 --game {two}", one_secret)
    assert refused.status == 403 and refused.json()["error"].startswith("refused: a table's scorer writes to its own table")
    assert post(night, one, "bid 0 0 0 0", one_secret, {"game": two}).status == 403
    refused = post(night, one, "new snakebit --players A,B,C", one_secret)
    assert refused.status == 403
    assert refused.json() == {"error": "refused: `new` is not taken from a table's phone; run it in the terminal"}
    assert post(night, one, "bid 'unclosed", one_secret).status == 400  # (a comment's apostrophe opens no quote)
    assert post(night, two, "bid 0 1 0 0", two_secret).status == 200
    for _ in range(50):  # the watcher looks again at once after an entry; give it a moment
        if all(t["latest"][-1]["text"].startswith("Hand 1: bids") for t in json.loads(night.get("/api/board"))["tables"]):
            break
        time.sleep(0.1)
    assert json.loads(night.get("/api/night")) == json.loads(sk_process(home, "night", "standings", "Fri", "--json"))
    assert json.loads(night.get("/api/tables")) == [
        json.loads(sk_process(home, "standings", "--game", game, "--json")) for game, _ in tables(night)
    ]
    # each table's own answers are the single game's, for that game
    assert json.loads(night.get(f"/table/{two}/api/standings")) == json.loads(
        sk_process(home, "standings", "--game", two, "--json"))  # fmt: skip
    assert json.loads(night.get(f"/table/{one}/api/state"))["choices"]["rulesets"] == []  # no new game from a table
    assert night.request("GET", f"/table/{one}").headers["Location"] == f"/table/{one}/"
    assert night.request("GET", "/table/0123abcd/").status == 404
    assert night.request("GET", f"/table/{one}/api/nothing").status == 404
    assert night.request("POST", "/api/night", "{}").status == 405
    assert night.request("POST", "/api/night/entry", "{}").status in (404, 405)  # one way to write: the table's


def test_a_tables_phone_may_say_only_what_its_own_game_needs(home, night):
    """Every command of the command line, asked for its help from a table's phone: one a table
    needs answers; one about the store's other games is refused as not for a table; anything
    else as on any phone (a backup, a restore, a command added later)."""
    from test_serve_scorer import refused_from_the_phone

    from scorekeeper import cli, interpreter

    (one, secret), _two = tables(night)
    before = sk_process(home, "log", "--game", one)
    for name in typer.main.get_command(cli.app).commands:
        answer = post(night, one, f"{name} --help", secret)
        where = interpreter.FROM_THE_PHONE.get(name)
        if where == interpreter.TABLE:
            assert answer.status == 200, (name, answer)
        elif where == interpreter.GAME:
            refused = f"refused: `{name}` is not taken from a table's phone; run it in the terminal"
            assert (answer.status, answer.json()) == (403, {"error": refused}), name
        else:
            assert (answer.status, answer.json()) == (403, {"error": refused_from_the_phone(name)}), name
    assert sk_process(home, "log", "--game", one) == before
    assert not (home / "x.sqlite3").exists()
    refused = post(night, one, f"backup {home / 'x.sqlite3'}", secret)
    assert refused.status == 403 and not (home / "x.sqlite3").exists()


def test_each_tables_scorer_link_gets_its_own_qr_code_where_a_phone_can_reach_it(home):
    """Each table's scorer scans their own link: one QR code per table, besides the lobby's."""
    sk_process(home, "seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", 1,
               "--ruleset", "oh-hell-mrpikes", "--seed", 3, "--night", "Sun")  # fmt: skip
    sk_process(home, "night", "start", "Sun", "--round", 1, *SHORT)
    server = Served(home, "--night", "Sun", "--host", "0.0.0.0")
    try:
        tables(server)  # both tables' links printed
        shown = re.match(r"http://([^/]+):\d+/", server.url).group(1)
        codes = re.findall(r"(?:^[▀▄█ ]{20,}\n)+", server.text, flags=re.M)
        assert len(codes) == (3 if not shown.startswith("127.") else 0)  # the lobby and each table
    finally:
        _, _, err = server.stop()
    assert "Traceback" not in err


def test_a_read_only_night_serves_no_table_a_write(home):
    sk_process(home, "seat", "--players", "Ann,Bob,Cat,Dan", "--rounds", 1, "--ruleset", "oh-hell-mrpikes",
               "--night", "Sat")  # fmt: skip
    sk_process(home, "night", "start", "Sat", "--round", 1, *SHORT)
    server = Served(home, "--night", "Sat", "--read-only")
    try:
        assert "#scorer=" not in server.text
        game = re.search(r"/table/([0-9a-f]+)/", server.text).group(1)
        assert post(server, game, "bid 1 0 0 0", "x" * 22).status == 403
        assert json.loads(server.get(f"/table/{game}/api/state"))["read_only"] is True
    finally:
        server.stop()


@needs_chromium
def test_two_tables_scorers_tap_on_two_phones_and_the_board_and_lobby_show_both(night, chromium, tmp_path):
    """MrPikes' Oh Hell, 1 card a hand, no trump: each table's scorer taps the bids on the
    scorer's page (the same page as a single game's); the board shows each entry, and table
    1's correction of its first hand as a correction."""
    base = f"http://127.0.0.1:{night.port}"
    (one, one_secret), (two, two_secret) = tables(night)
    with opened(chromium) as phone1, opened(chromium) as phone2, opened(chromium, TV) as tv, \
            opened(chromium) as lobby, opened(chromium) as watcher:  # fmt: skip
        tv.goto(f"{base}/board")
        tv.locator("section.card[data-game]").nth(1).wait_for()
        lobby.goto(f"{base}/night")
        watcher.goto(f"{base}/table/{two}/")  # a player's phone at table 2: the table's link
        for phone, game, secret in ((phone1, one, one_secret), (phone2, two, two_secret)):
            phone.goto(f"{base}/table/{game}/#scorer={secret}")
            phone.locator("#entry h2", has_text="Hand 1: the bids").wait_for()
        assert watcher.locator("#entry").count() == 0 and watcher.locator("#role").is_hidden()
        for phone, bids in ((phone1, (1, 0, 0, 0)), (phone2, (0, 0, 0, 1))):
            players = phone.eval_on_selector_all("#entry .player", "ps => ps.map(p => p.dataset.player)")
            for player, bid in zip(players, bids, strict=True):
                phone.locator(f'#entry .player[data-player="{player}"]').get_by_role("button", name=str(bid), exact=True).click()
            assert phone.locator("#tools").get_by_role("button", name="New game").count() == 0
            phone.locator("#entry").get_by_role("button", name="Send bids").click()
        for phone in (phone1, phone2):
            phone.locator("#reply").filter(has_text="Hand 1: bids").wait_for()
            phone.locator("#entry h2", has_text="Hand 1: the tricks taken").wait_for()
        watcher.locator("#s-hand", has_text="Bids").wait_for()  # the table's phone sees its own table's bids
        for game in (one, two):
            tv.locator(f'section[data-game="{game}"] .latest', has_text="bids").wait_for()
            lobby.locator(f'section[data-game="{game}"] .latest', has_text="bids").wait_for()
        # table 1: tricks (the first player took the one trick), then hand 1 corrected by tapping it
        first = phone1.eval_on_selector_all("#entry .player", "ps => ps.map(p => p.dataset.player)")
        for player, took in zip(first, (1, 0, 0, 0), strict=True):
            phone1.locator(f'#entry .player[data-player="{player}"]').get_by_role("button", name=str(took), exact=True).click()
        phone1.locator("#entry").get_by_role("button", name="Send tricks").click()
        phone1.locator("#reply").filter(has_text="Hand 1 scored").wait_for()
        tv.locator(f'section[data-game="{one}"] .latest', has_text="tricks").wait_for()
        # No game has finished, so the board counts table 1 as if it ended now (RULES §1: the
        # first player made 1 bid of 1 (11), the others made 0 (10): placement points 1, then
        # (2/3 + 1/3 + 0)/3 = 1/3 each), apart from the counted board, still empty.
        tv.locator("h3.provisional", has_text="If the games in play ended now").wait_for()
        board = tv.locator("section.board")
        assert board.locator("p", has_text="No game has finished yet.").count() == 1
        rows = board.locator("table.provisional tr").all_inner_texts()
        assert [row.split("\t") for row in rows[1:]] == [["1", first[0], "1", "1"]] + [
            ["2", player, "0.333", "1"] for player in sorted(first[1:])
        ]
        phone1.locator("#sheet tr.closed").first.click()
        phone1.locator("#entry h3", has_text="Correct hand 1").wait_for()
        phone1.locator("#tool").get_by_role("button", name="bids", exact=True).click()
        pad = phone1.locator(f'#tool .player[data-player="{first[0]}"]')
        pad.get_by_role("button", name="0", exact=True).click()
        phone1.locator("#tool").get_by_role("button", name="Send bids").click()
        phone1.locator("#reply").filter(has_text="corrected").wait_for()
        tv.locator(f'section[data-game="{one}"] .latest .correction', has_text="hand 1 corrected: ").wait_for()
        assert tv.locator(f'section[data-game="{two}"] .latest .correction').count() == 0
        tv.screenshot(path=tmp_path / "board.png")
        shown = lobby.locator("#main").inner_text()
        assert "Round 1 · Table 1" in shown and "Round 1 · Table 2" in shown
        lobby.locator(f'section[data-game="{two}"] a').click()  # the lobby leads to the table's page
        lobby.locator("#s-standings").wait_for()
        assert lobby.url == f"{base}/table/{two}/" and lobby.locator("#entry").count() == 0


def play_round(sk, night, round_):
    """Every table of the round, MrPikes' Oh Hell at 1 card a hand over 2 hands (SHORT, RULES
    §1: made exactly 10 + tricks, missed -(10 + the miss)): the first seat bids 1 and takes the
    trick (11), the others make 0 (10); then the second seat bids 0 and takes it (-11), the
    others make 0: 21, -1, 20, 20, a game with one leader, so over."""
    for game in [g["game"] for g in sk.json("night", "standings", night)["games"] if g["round"] == round_]:
        sk("bid", "1", "0", "0", "0", "--game", game)
        sk("tricks", "1", "0", "0", "0", "--game", game)
        sk("bid", "0", "0", "0", "0", "--game", game)
        sk("tricks", "0", "1", "0", "0", "--game", game)


@needs_chromium
def test_the_board_on_a_tv_in_round_3_folds_the_rounds_that_are_over_and_fits_the_screen(home, sk, chromium, tmp_path):
    """The director's board at 1920×1080 in round 3 of a night of two tables: rounds 1 and 2,
    every game over, fold to a line each (the page was 1,819 px tall, every round listed open,
    oldest first); the round in play and the leaderboard fill the screen; each table's latest
    entries read in the order entered, as the replies said them ("Hand 1: bids …", not the
    log's "bids Ann=1 …")."""
    sk("seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", 3, "--ruleset", "oh-hell-mrpikes",
       "--seed", 3, "--night", "Fri")  # fmt: skip
    for round_ in (1, 2):
        sk("night", "start", "Fri", "--round", round_, *SHORT)
        play_round(sk, "Fri", round_)
    sk("night", "start", "Fri", "--round", 3, *SHORT)
    live = [g["game"] for g in sk.json("night", "standings", "Fri")["games"] if g["round"] == 3]
    sk("bid", "1", "0", "0", "0", "--game", live[0])
    sk("tricks", "1", "0", "0", "0", "--game", live[0])
    sk("bid", "0", "1", "0", "0", "--game", live[0])
    server = Served(home, "--night", "Fri")
    try:
        with opened(chromium, TV) as tv:
            tv.goto(f"http://127.0.0.1:{server.port}/board")
            tv.locator("details.round").nth(1).wait_for(state="attached")
            folded = tv.locator("details.round")
            assert folded.evaluate_all("ds => ds.map(d => [d.dataset.round, d.open])") == [["2", False], ["1", False]]
            assert folded.first.locator("summary").inner_text() == "Round 2 — 2 games over"
            cards = tv.locator(".live > .tables > section.card")
            assert cards.count() == 2 and all("Round 3" in text for text in cards.all_inner_texts())
            latest = tv.locator(f'section[data-game="{live[0]}"] .latest li').all_inner_texts()
            assert latest[-1].startswith("Hand 2: bids") and latest[-2].startswith("Hand 1: tricks")
            assert not any("=" in line for line in latest)
            height = tv.evaluate("document.documentElement.scrollHeight")
            assert height <= TV["height"], height
            board = tv.locator("section.board").bounding_box()
            assert board["x"] > TV["width"] / 2 and board["y"] < 200  # beside the round in play, at the top
            tv.screenshot(path=tmp_path / "board-round-3.png")
            folded.first.locator("summary").click()  # the director opens round 2
            assert folded.first.locator("section.card").count() == 2
        if not pseudo.ON:  # a board in German: the ruleset's title and the entries in German too
            german = json.loads(server.get("/api/board?lang=de"))["tables"]
            assert {row["title"] for row in german} == {"Oh Hell! (MrPikes' Hausregeln)"}
            said = next(row for row in german if row["game"] == live[0])["latest"]
            assert said[-1]["text"].startswith("Spiel 2: ") and "Dan" in said[-1]["text"], said
    finally:
        _, _, err = server.stop()
        assert "Traceback" not in err


def test_a_tables_outbox_is_kept_per_table(home, night):
    """The outbox at a night's table: an entry sent again is recorded once; one made before
    another phone's entry to the same table is stale; another table's head is not this one's."""
    (one, one_secret), (two, two_secret) = tables(night)
    seen_one = json.loads(night.get(f"/table/{one}/api/state"))["head"]
    seen_two = json.loads(night.get(f"/table/{two}/api/state"))["head"]
    first = post(night, one, "bid 1 0 0 0", one_secret, {"id": "n-1", "after": seen_one})
    assert first.status == 200 and first.json()["hand"] == 1, first
    again = post(night, one, "bid 1 0 0 0", one_secret, {"id": "n-1", "after": seen_one})
    assert again.status == 200 and again.json()["again"] is True and again.json()["head"] == first.json()["head"]
    assert sk_process(home, "log", "--game", one).count("bids ") == 1
    late = post(night, one, "comment late", one_secret, {"id": "n-2", "after": seen_one})
    assert late.status == 409 and late.json()["stale"] is True
    assert late.json()["error"].startswith("refused: the scorer's phone recorded bids ")
    assert post(night, two, "bid 0 1 0 0", two_secret, {"id": "n-1", "after": seen_two}).status == 200  # its own chain
    refused = post(night, two, "comment wrong table", two_secret, {"id": "n-3", "after": seen_one})
    assert refused.status == 409 and refused.json()["error"] == (
        "refused: the game has changed since this phone last saw it; redo or drop this entry"
    )
