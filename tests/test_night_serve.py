"""`serve --night NAME` on a real port: the night's JSON is what the command line prints, each
table's scorer's link writes to that table only, and in headless Chromium two tables' scorers
enter from two phones while the director's board and the lobby show both tables live."""

from __future__ import annotations

import json
import re
import time

import pytest
from browser import CHROMIUM, NO_CHROMIUM, Browser
from served import Served, sk_process

SHORT = ["--set", "sizes=fixed", "--set", "start=1", "--set", "hands=2", "--set", "trump=none"]


@pytest.fixture
def night(home):
    sk_process(home, "seat", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", 2,
               "--ruleset", "oh-hell-mrpikes", "--seed", 3, "--night", "Fri")  # fmt: skip
    sk_process(home, "night", "start", "Fri", "--round", 1, *SHORT)
    server = Served(home, "--night", "Fri")
    tables = re.findall(r"table\?game=([0-9a-f]+)#scorer=(\S+)", server.text)
    assert len(tables) == 2
    server.tables = tables  # (game id, its secret) for tables 1 and 2
    yield server
    _, _, err = server.stop()
    assert "Traceback" not in err


def post(server, game, line, secret):
    body = json.dumps({"game": game, "line": line})
    return server.request("POST", "/api/night/entry", body,
                          {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"})  # fmt: skip


def test_the_night_answers_what_the_command_line_prints_and_each_link_writes_to_its_table(home, night):
    (one, one_secret), (two, two_secret) = night.tables
    said = post(night, one, "bid 1 0 0 0", one_secret)
    assert said.status == 200 and "Hand 1: bids" in said.json()["reply"]
    assert post(night, two, "bid 1 0 0 0", one_secret).status == 401  # table 1's link, table 2's game
    assert post(night, one, f"bid 0 0 0 0 --game {two}", one_secret).status == 403
    assert post(night, one, "new snakebit --players A,B,C", one_secret).status == 403
    assert post(night, two, "bid 0 1 0 0", two_secret).status == 200
    for _ in range(50):  # the watcher looks again at once after an entry; give it a moment
        if all(t["latest"][-1]["text"].startswith("bids") for t in json.loads(night.get("/api/board"))["tables"]):
            break
        time.sleep(0.1)
    assert json.loads(night.get("/api/night")) == json.loads(sk_process(home, "night", "standings", "Fri", "--json"))
    assert json.loads(night.get("/api/tables")) == [
        json.loads(sk_process(home, "standings", "--game", game, "--json")) for game, _ in night.tables
    ]
    assert night.request("POST", "/api/night", "{}").status == 405


@pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
def test_two_tables_scorers_enter_from_two_phones_and_the_board_and_lobby_show_both(night, tmp_path):
    base = f"http://127.0.0.1:{night.port}"
    (one, one_secret), (two, two_secret) = night.tables
    with Browser(tmp_path / "phone1", 390, 844) as phone1, Browser(tmp_path / "phone2", 390, 844) as phone2, \
            Browser(tmp_path / "tv", 1600, 900) as tv:  # fmt: skip
        tv.open(f"{base}/board")
        tv.wait_for("document.querySelectorAll('section.card[data-game]').length === 2")
        for phone, game, secret in ((phone1, one, one_secret), (phone2, two, two_secret)):
            phone.open(f"{base}/table?game={game}#scorer={secret}")
            phone.wait_for("document.getElementById('line') !== null")
        for phone, line in ((phone1, "bid 1 0 0 0"), (phone2, "bid 0 0 0 1")):
            phone.evaluate(f"document.getElementById('line').value = {json.dumps(line)}; "
                           "document.querySelector('form').requestSubmit(); true")  # fmt: skip
        for phone in (phone1, phone2):
            phone.wait_for("document.getElementById('reply').textContent.includes('Hand 1: bids')")
        for game in (one, two):
            tv.wait_for(f"document.querySelector('section[data-game=\"{game}\"] .latest').textContent.includes('bids')", 5)
        phone1.evaluate("document.getElementById('line').value = 'tricks 1 0 0 0'; document.querySelector('form').requestSubmit(); true")
        tv.wait_for(f"document.querySelector('section[data-game=\"{one}\"] .latest').textContent.includes('tricks')", 5)
        tv.screenshot(tmp_path / "board.png")
        lobby = tv
        lobby.open(f"{base}/night")
        lobby.wait_for("document.querySelectorAll('section.card a').length === 2")
        shown = lobby.evaluate("document.getElementById('main').textContent")
        assert "Round 1 · Table 1" in shown and "Round 1 · Table 2" in shown
