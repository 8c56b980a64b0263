"""The phone pages in headless Chromium at 390 px, against `sk serve` in a process of its own,
as the table runs it. The scorer's page (the link with #scorer=SECRET) plays a whole Oh Hell
hand and a Pick Your Poison hand by tapping, shows a refusal in the command line's words, undoes,
corrects a past hand, seats a newcomer; a second phone sees each entry live. The table's link
has no write control and can't write; a wrong or replaced secret, a cross-site POST and a Host
naming another site are refused. A phone alarms when the game it followed is swapped for a
copy, and reads the whole sheet at 390 px. One Chromium serves the whole run (see browser.py)."""

import json
import re
import sqlite3

import pytest
from browser import PHONE, needs_chromium, opened, tap, tap_for
from conftest import copied_into, played_once
from helpers import store_game
from served import HOSTILE, SCRIPT_NAME, enter_game

from scorekeeper.storage import chain, store

pytestmark = needs_chromium

def replied(page, pattern):
    """The reply box once it matches `pattern` (regex, searched); its text."""
    box = page.locator("#reply")
    box.filter(has_text=re.compile(pattern)).wait_for()
    return box.inner_text()


def standings_shown(page):
    return page.eval_on_selector_all(
        "#standings tbody tr", "rows => rows.map(r => r.cells[1].textContent + ' ' + r.cells[2].textContent).join('; ')"
    )


def scores(sk):
    return {p["name"]: p["score"] for p in sk.json("standings", "--json")["players"]}


# --- the scorer's page plays whole hands -----------------------------------------------------------


def test_a_whole_oh_hell_hand_by_tapping_with_the_hook_and_the_sum_checked(sk, serving, chromium):
    """MrPikes' Oh Hell, bidding in turn with the hook; Ann deals 10 cards, so Bob, Cat, Dan and
    Ann (the dealer, last) bid. Bids 2 3 1: Ann may not bid 4 (2+3+1+4 = 10, the hook)."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--set", "bidding=in-turn", "--set", "hook=true")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the trump").wait_for()
        tap(page, "♥ hearts")
        assert "Hand 1: trump ♥" in replied(page, "trump")
        page.locator("#entry h2", has_text="the bids").wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sticks out
        # the pads come in the prompt's order, the dealer last
        assert page.eval_on_selector_all("#entry .player", "ps => ps.map(p => p.dataset.player)") == ["Bob", "Cat", "Dan", "Ann"]
        for player, bid in (("Bob", 2), ("Cat", 3), ("Dan", 1)):
            tap_for(page, player, bid)
        ann = page.locator('#entry .player[data-player="Ann"] button')
        assert ann.all_inner_texts() == [str(n) for n in range(11)]
        assert [b.is_disabled() for b in ann.all()] == [n == 4 for n in range(11)]  # 4 greyed: the hook
        tap_for(page, "Ann", 3)
        tap(page, "Send bids")
        assert "bids" in replied(page, "Hand 1: bids")
        page.locator("#entry h2", has_text="the tricks taken").wait_for()
        # tricks must total the 10 cards before the line can go
        for player, took in (("Bob", 2), ("Cat", 3), ("Dan", 1), ("Ann", 3)):
            tap_for(page, player, took)
        send = page.locator("#entry").get_by_role("button", name="Send tricks")
        assert send.is_disabled()
        assert page.locator("#entry .check").inner_text() == "The tricks total 9; this hand has 10 cards."
        tap_for(page, "Ann", 3)  # a second tap takes the value back
        tap_for(page, "Ann", 4)
        assert send.is_enabled()
        send.click()
        reply = replied(page, "Hand 1 scored")
        assert "Chain digest after hand 1" in reply
        page.locator("#entry h2", has_text="Hand 2").wait_for()
    # Exact bids score 10 + tricks (Bob 12, Cat 13, Dan 11); Ann bid 3 took 4: -(10 + 1) = -11.
    assert scores(sk) == {"Cat": 13, "Bob": 12, "Dan": 11, "Ann": -11}


def test_a_pick_your_poison_hand_by_tapping(sk, serving, chromium):
    """Pick Your Poison, 4 players, 12 cards; Ann deals so Bob, Cat, Dan, Ann pick."""
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat,Dan")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="the trump").wait_for()
        # every hand has a trump here: no "no trump" button
        assert page.locator("#entry").get_by_role("button", name="no trump").count() == 0
        tap(page, "♠ spades")
        page.locator("#entry h2", has_text="the poisons").wait_for()
        for player, kind, value in (("Bob", "bid", 3), ("Cat", "blind", 2), ("Dan", "take", None), ("Ann", "bid", 5)):
            tap_for(page, player, kind)
            if value is not None:
                tap_for(page, player, value)
        tap(page, "Send poisons")
        assert "poisons Bob bid 3, Cat blind 2, Dan take, Ann bid 5" in replied(page, "poisons")
        page.locator("#entry h2", has_text="the tricks taken").wait_for()
        for player, took in (("Bob", 2), ("Cat", 4), ("Dan", 3), ("Ann", 3)):
            tap_for(page, player, took)
        tap(page, "Send tricks")
        replied(page, "Hand 1 scored")
    # the pick-your-poison rules' scores for bid 3 took 2, blind 2 took 4, take took 3, bid 5 took 3
    assert scores(sk) == {"Dan": 3, "Bob": -1, "Ann": -2, "Cat": -4}


# --- refusals, undo, corrections, table changes -------------------------------------------------


def play_one_hand(sk):
    """MrPikes' Oh Hell, hand 1 closed: Ann 2/2 +12, Bob 0/1 -11, Cat 3/3 +13, Dan 1/4 -13."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--name", "Tuesday")
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")


@pytest.fixture(scope="module")
def one_hand_once(tmp_path_factory):
    return played_once(tmp_path_factory, play_one_hand)


@pytest.fixture
def one_hand(home, one_hand_once):
    """play_one_hand, in the test's own store (a copy of the one played once)."""
    copied_into(home, one_hand_once)


def test_a_refusal_shows_the_command_lines_sentence_and_records_nothing(sk, one_hand, serving, chromium):
    server = serving()
    before = sk("log")
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 2").wait_for()
        tap(page, "Join")
        page.fill("#tool input[name=name]", "Ann")
        tap(page, "Join", within="#tool")
        shown = replied(page, "refused")
    assert page is not None and sk("log") == before
    assert shown == sk.fails("join", "Ann").strip()


def test_undo_takes_back_the_last_entry(sk, one_hand, serving, chromium):
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 2: the trump").wait_for()
        tap(page, "Undo")  # a first tap only asks for a second
        tap(page, "Tap again to undo")
        # the page names the entry taken back by what it said and its hand, not its number in the log
        assert replied(page, "Undone").startswith("Undone: tricks Ann 2, Bob 1, Cat 3, Dan 4 (hand 1).\n")
        page.locator("#entry h2", has_text="Hand 1: the tricks taken").wait_for()
        # an undo is its own entry: the correction history lists it, by what it took back
        assert page.locator("#corrections li").inner_text().endswith(
            "the tricks in hand 1 taken back (Ann 2, Bob 1, Cat 3, Dan 4)"
        )


def test_a_past_hand_corrected_by_tapping_its_row(sk, one_hand, serving, chromium):
    sk("trump", "s")  # hand 2 under way
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 2: the bids").wait_for()
        page.locator("#sheet tr.closed").first.click()
        page.locator("#tool h3", has_text="Correct hand 1").wait_for()
        tap(page, "tricks", within="#tool")
        # the pads start from what was recorded; Bob took 0 and Dan 5, not 1 and 4
        assert page.locator('#tool .player[data-player="Bob"] button.chosen').inner_text() == "1"
        tap_for(page, "Bob", 0, within="#tool")
        tap_for(page, "Dan", 5, within="#tool")
        tap(page, "Send tricks", within="#tool")
        reply = replied(page, "Hand 1 now scores")
        assert "Bob +10 (was -11)" in reply, reply  # Bob bid 0 and took 1 (-11), now 0
        page.locator("#corrections", has_text="hand 1 corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4").wait_for(
            state="attached"
        )
        assert page.locator("#corrected.on").count() == 0  # its own correction is no news to this phone
        sk("comment", "Bob checked his tricks", "--hand", "1")  # the terminal's entry for hand 1 is
        page.locator("#corrected.on").wait_for()
    # Bob bid 0 took 0: 10; Dan bid 1 took 5: -(10 + 4) = -14
    assert scores(sk) == {"Cat": 13, "Ann": 12, "Bob": 10, "Dan": -14}


def test_a_newcomer_joins_from_the_phone(sk, one_hand, serving, chromium):
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 2").wait_for()
        tap(page, "Join")
        page.fill("#tool input[name=name]", "Eve O'Neil")
        page.select_option("#tool select[name=after]", "Bob")
        tap(page, "Join", within="#tool")
        assert "Eve O'Neil" in replied(page, "joins")
    assert sk.json("status", "--json")["players"] == ["Ann", "Bob", "Eve O'Neil", "Cat", "Dan"]


def test_a_second_phone_sees_each_entry_live(sk, serving, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = serving()
    with opened(chromium) as scorer, opened(chromium) as table:
        table.goto(server.url)
        scorer.goto(server.scorer_url)
        scorer.locator("#entry h2", has_text="the trump").wait_for()
        table.evaluate("window.sameLoad = true")
        steps = [("♣ clubs", None)]
        for label, _ in steps:
            tap(scorer, label)
        replied(scorer, "trump")
        table.locator("#s-hand dd", has_text="♣").wait_for(timeout=2000)
        for player, bid in (("Bob", 1), ("Cat", 0), ("Dan", 2), ("Ann", 3)):
            tap_for(scorer, player, bid)
        tap(scorer, "Send bids")
        replied(scorer, "bids")
        table.locator("#s-hand dd", has_text="Bob 1").wait_for(timeout=2000)
        for player, took in (("Bob", 1), ("Cat", 1), ("Dan", 5), ("Ann", 3)):
            tap_for(scorer, player, took)
        tap(scorer, "Send tricks")
        replied(scorer, "Hand 1 scored")
        table.locator("#result", has_text="1 hand played").wait_for(timeout=2000)
        assert table.evaluate("window.sameLoad") is True
        assert table.inner_text("#head") == scorer.inner_text("#head")


# --- who may write ---------------------------------------------------------------------------------


def test_the_tables_link_has_no_write_control_and_cannot_write(sk, one_hand, serving, chromium):
    server = serving()
    before = sk("log")
    with opened(chromium) as page:
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(server.url)
        page.locator("#standings tbody tr").first.wait_for()
        assert not [url for url in asked if url.endswith("scorer.js")]  # the controls' code is not even loaded
        assert page.locator("#entry").count() == 0
        assert page.locator("button, input, select, textarea, form").count() == 0
        assert page.locator("#sheet.tappable").count() == 0
        # the page's own origin, with no secret to send: refused
        status = page.evaluate(
            """async () => (await fetch("api/entry", {method: "POST", headers: {"Content-Type": "application/json"},
                                                      body: JSON.stringify({line: "undo"})})).status"""
        )
    assert status == 401
    assert sk("log") == before


def test_a_wrong_or_replaced_secret_is_refused(sk, home, one_hand, serving, chromium):
    server = serving()
    before = sk("log")
    wrong = re.sub(r"scorer=.*", "scorer=" + "A" * 22, server.scorer_url)
    with opened(chromium) as page:
        page.goto(wrong)
        page.locator("#entry h2", has_text="Hand 2").wait_for()
        tap(page, "Undo")
        tap(page, "Tap again to undo")
        page.locator("#entry .check.bad", has_text="not the current one").wait_for()
        assert page.locator("#entry").get_by_role("button", name="Undo").count() == 0
    # a new scorer's link: the phone holding the old one loses write access at once
    old = server.scorer_url
    server.stop()
    server = serving("--new-scorer-link")
    assert server.scorer_url != old
    with opened(chromium) as page:
        page.goto(old.replace(re.search(r":\d+/", old).group(0), f":{server.port}/"))
        page.locator("#entry h2", has_text="Hand 2").wait_for()
        tap(page, "Undo")
        tap(page, "Tap again to undo")
        page.locator("#entry .check.bad", has_text="not the current one").wait_for()
    assert sk("log") == before


def test_a_cross_site_post_is_refused(sk, one_hand, serving, chromium):
    """Another site's page (http://evil.example, served by the test) posts to the server: a simple
    form-like POST carries no secret, and one with an Authorization header needs a preflight the
    server does not grant. Nothing is recorded; and the simple POST, sent straight to the server
    with that site's Origin, is refused."""
    server = serving()
    before = sk("log")
    with opened(chromium) as page:
        page.route("http://evil.example/**", lambda route: route.fulfill(body="<!DOCTYPE html><title>elsewhere</title>",
                                                                         content_type="text/html"))  # fmt: skip
        page.goto("http://evil.example/")
        outcome = page.evaluate(
            """async (url) => {
                 const outcome = async (options) => {
                   try { const r = await fetch(url, {method: "POST", body: '{"line": "undo"}', ...options}); return r.type; }
                   catch (e) { return "blocked"; }
                 };
                 return [await outcome({mode: "no-cors", headers: {"Content-Type": "text/plain"}}),
                         await outcome({headers: {"Content-Type": "application/json", "Authorization": "Bearer guess"}})];
               }""",
            server.url + "api/entry",
        )
    # the simple one is sent blind (opaque) or stopped by the browser itself (a public site asking a
    # loopback address); the one with a header is stopped at its preflight
    assert outcome[0] in ("opaque", "blocked") and outcome[1] == "blocked"
    assert sk("log") == before
    # and the plain request a browser's form would send, seen at the server: 401 without the secret
    answer = server.request("POST", "/api/entry", body=b'{"line": "undo"}',
                            headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})  # fmt: skip
    assert answer.status in (401, 403)


def test_a_host_naming_another_site_is_refused(sk, one_hand, serving):
    server = serving()
    assert server.request("GET", "/api/state", headers={"Host": f"rebind.evil.example:{server.port}"}).status == 403
    assert server.enter("undo", headers={"Host": "rebind.evil.example"}).status == 403
    assert "undo" not in sk("log")


# --- what the table reads ------------------------------------------------------------------------


def copy_as_new_game(home, gid, change):
    """Issue 26's rewrite: every entry of the game copied under a new id with one changed, the
    chain computed afresh by the public recipe, the copy made the current game."""
    with store.Store(home) as db:
        bodies = [dict(e.body) for e in db.events(gid)]
    new = "f" * 32
    bodies[0]["game_id"] = new
    for body in bodies:
        change(body)
    store_game(home, bodies)
    return new


def test_a_phone_alarms_when_its_game_is_swapped_for_a_copy(sk, home, one_hand, serving, chromium):
    gid = sk.json("standings", "--json")["game"]
    server = serving()
    with opened(chromium) as page:
        page.goto(server.url)
        page.locator("#result", has_text="1 hand played").wait_for()
        assert page.locator("#swap.on").count() == 0

        def bob_made_it(body):  # hand 1's tricks: Bob 0 and Dan 5 instead of 1 and 4
            if body.get("type") == "tricks" and body.get("hand") == 1:
                body["tricks"] = {**body["tricks"], "Bob": 0, "Dan": 5}

        copy_as_new_game(home, gid, bob_made_it)
        alarm = page.locator("#swap.on")
        alarm.wait_for(timeout=3000)
        text = alarm.inner_text()
        assert text.startswith("This is no longer the game this phone followed.")
        assert "has hand 1 that this phone never saw recorded" in text
        # a reload does not make it forget the game it followed
        page.reload()
        page.locator("#swap.on").wait_for()


def test_a_new_game_started_at_the_table_raises_no_alarm(sk, one_hand, serving, chromium):
    server = serving()
    with opened(chromium) as page:
        page.goto(server.url)
        page.locator("#result", has_text="1 hand played").wait_for()
        sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat")
        page.locator("#result", has_text="0 hands played").wait_for()
        sk("trump", "s")
        sk("bid", "1", "2", "3")
        sk("tricks", "3", "3", "4")
        page.locator("#result", has_text="1 hand played").wait_for()
        assert page.locator("#swap.on").count() == 0


def test_an_undo_in_the_open_hand_is_no_correction_and_a_correction_notice_folds_away(sk, one_hand, serving, chromium):
    sk("trump", "s")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.url)
        page.locator("#result", has_text="1 hand played").wait_for()
        sk("undo")  # hand 2's trump, in the hand still being recorded
        page.locator("#s-hand dd", has_text="not recorded yet").wait_for()
        assert page.locator("#corrected.on").count() == 0
        assert page.locator("#s-corrections.on").count() == 0
        sk("tricks", "2", "0", "3", "5", "--hand", "1")  # hand 1 corrected: a closed hand
        notice = page.locator("#corrected.on")
        notice.wait_for()
        assert notice.inner_text().startswith("Hand 1 was corrected after this phone saw it at")
        notice.get_by_role("button", name="Dismiss").click()
        assert page.locator("#corrected.on").count() == 0
        # the history stays, each player's value and what it was
        assert "hand 1 corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4" in page.locator("#corrections").inner_text()
        page.reload()
        page.locator("#result").wait_for()
        page.wait_for_timeout(300)
        assert page.locator("#corrected.on").count() == 0  # dismissed stays dismissed


def test_the_sheet_reads_at_390_px(sk, serving, chromium):
    """Five players and a long name: nothing sticks out of the page; the sheet fits the screen
    (no sideways scroll: every player's total in view beside the hand column), and a note
    wraps inside the screen."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan,Evangeline Longname-Smith")
    for bids, tricks in (("2 1 0 3 2", "3 1 0 3 3"), ("1 2 0 1 3", "2 2 1 1 3")):
        sk("trump", "h")
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())
        sk("comment", "A long comment that a phone must wrap inside the screen rather than cut off at the edge")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.url)
        page.locator("#sheet tr.closed").nth(1).wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = page.locator("#s-sheet .scroll")
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # the players fit beside the hands
        last = page.locator("#sheet tbody tr.closed").first.locator("td.cell .total").last
        shown = last.bounding_box()
        assert shown["x"] + shown["width"] <= PHONE["width"]  # the last player's total is in view
        note = page.locator("#sheet tr.note div").first.bounding_box()
        assert note["x"] >= 0 and note["x"] + note["width"] <= PHONE["width"]


def test_a_departed_player_is_marked_and_the_result_said_once(sk, serving, chromium):
    """Two hands (2 cards, then 1); Dan leaves after hand 1. Ann makes both bids: 11 + 11."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--set", "sizes=down", "--set", "start=2")
    sk("trump", "h")
    sk("bid", "1", "0", "1", "0")
    sk("tricks", "1", "0", "1", "0")
    sk("leave", "Dan")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.url)
        page.locator("#standings tr.gone").wait_for()
        assert page.locator("#standings tr.gone td.name").inner_text() == "Dan(left)"
        legend = page.locator("#chart svg text", has_text="Dan")
        assert legend.text_content() == "Dan (10, left)"
        assert page.locator("#chart svg polyline").count() == 4  # Dan's line is kept
        sk("trump", "s")
        sk("bid", "1", "0", "0")
        sk("tricks", "1", "0", "0")
        page.locator("#result", has_text="wins").wait_for()
        assert page.locator("body").inner_text().count("wins") == 1
        assert page.locator("#s-hand").is_hidden()
        assert page.locator("#standings tr.gone td.name").inner_text() == "Dan(left)"


# --- the table's page: live, escaped, a witness of the record -------------------------------------



def play_hostile(sk):
    enter_game(sk)
    return sk.json("standings", "--json")["game"]


@pytest.fixture(scope="module")
def hostile_once(tmp_path_factory):
    return played_once(tmp_path_factory, play_hostile)


@pytest.fixture
def hostile(home, hostile_once):
    """Hand 1 closed and hand 2 bid; a hostile game name, player name and comment (see
    enter_game), in the test's own store (a copy of the one played once): the game's id."""
    return copied_into(home, hostile_once)


def test_the_page_shows_a_hand_recorded_elsewhere_without_a_reload(sk, hostile, serving, phone):
    server = serving()
    phone.goto(server.url)
    phone.locator("#standings tbody tr").nth(3).wait_for()
    assert standings_shown(phone) == f"{SCRIPT_NAME} 13; Ann 12; Bob \u221211; Dan \u221213"  # a real minus sign, as the sheet has
    phone.evaluate("window.sameLoad = true")  # gone if the page were loaded again
    sk("tricks", "1", "2", "4", "2")
    phone.locator("#hand-title", has_text="Hand 3 of 19").wait_for(timeout=2000)
    assert standings_shown(phone) == f"Ann 23; {SCRIPT_NAME} 2; Bob 1; Dan \u221224"
    assert phone.evaluate("window.sameLoad") is True


def test_hostile_names_and_comments_are_shown_as_text(hostile, serving, phone):
    server = serving()
    phone.goto(server.url)
    phone.locator("#comments li").first.wait_for()
    text = phone.inner_text("body")
    assert HOSTILE in text and SCRIPT_NAME in text
    # nothing of theirs became an element: no image, and the page's own scripts are the only ones
    assert phone.locator("img").count() == 0
    assert phone.evaluate("[...document.scripts].every(s => !s.textContent.includes('alert(1)'))")
    assert phone.inner_text("#meta") == f"{HOSTILE} · Kitchen & co"


def rewrite(home, game_id, n, change):
    """What an attacker with the store file does: change entry n's body, then recompute every
    hash from there on and the games table's head, with the append-only triggers out of the way."""
    conn = sqlite3.connect(home / store.Store.FILENAME, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        prev = chain.ZERO_HASH
        rows = conn.execute("SELECT n, at, body FROM events WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
        for k, at, body in rows:
            data = json.loads(body)
            if k == n:
                change(data)
            digest = chain.chain_hash(prev, game_id, k, at, data)
            conn.execute("UPDATE events SET body = ?, prev = ?, hash = ? WHERE game_id = ? AND n = ?",
                         (chain.canonical_json(data), prev, digest, game_id, k))  # fmt: skip
            prev = digest
        conn.execute("UPDATE games SET head = ? WHERE id = ?", (prev, game_id))
        for _, sql in triggers:
            conn.execute(sql)
        conn.execute("COMMIT")
    finally:
        conn.close()


def test_a_past_hand_rewritten_in_the_store_is_called_out_on_the_phone(sk, home, hostile, serving, phone):
    sk("tricks", "1", "2", "4", "2")  # hand 2 closes
    server = serving()
    phone.goto(server.url)
    phone.locator("#hand-title", has_text="Hand 3 of 19").wait_for()
    phone.wait_for_function(f"localStorage.getItem('scorekeeper-witness:{hostile}')")
    saw = json.loads(phone.evaluate(f"localStorage.getItem('scorekeeper-witness:{hostile}')"))
    assert set(saw["hands"]) == {"1", "2"}
    # entry 3 is hand 1's tricks: Dan's 4 and Bob's 1 swapped, so Dan makes his bid (+11, not -13)
    rewrite(home, hostile, 3, lambda body: body["tricks"].update(Bob=4, Dan=1))
    assert sk("verify").startswith("The 1 game verifies: no entry has been altered.\n")  # the chain alone can't tell
    alarm = phone.locator("#alarm.on")
    alarm.wait_for(timeout=3000)
    first = alarm.inner_text().splitlines()[0]
    assert re.fullmatch(r"hand 1 differs from what this phone saw at \d\d:\d\d", first), first
    assert "and so do later hands: 2" in alarm.inner_text()
    phone.reload()  # a reload does not make the phone forget what it saw
    phone.locator("#alarm.on").wait_for()
    assert phone.locator("#alarm").inner_text().splitlines()[0] == first


def test_an_undone_and_re_recorded_hand_is_shown_as_a_correction(sk, hostile, serving, phone):
    sk("tricks", "1", "2", "4", "2")  # hand 2 closes: Ann 23
    server = serving()
    phone.goto(server.url)
    phone.locator("#hand-title", has_text="Hand 3 of 19").wait_for()
    sk("undo")  # takes back hand 2's tricks: hand 2 is open again
    sk("tricks", "1", "1", "4", "3")  # and re-recorded
    note = phone.locator("#corrected.on .text", has_text="tricks Ann 1, Bob 1")
    note.wait_for(timeout=3000)
    # each entry by what it did, in the players' words: no entry number
    assert re.fullmatch(r"Hand 2 was corrected after this phone saw it at \d\d:\d\d:\n"
                        rf"\d\d:\d\d the tricks in hand 2 taken back \(Ann 1, Bob 2, {re.escape(SCRIPT_NAME)} 4, Dan 2\)\n"
                        rf"\d\d:\d\d tricks Ann 1, Bob 1, {re.escape(SCRIPT_NAME)} 4, Dan 3", note.inner_text()), note.inner_text()  # fmt: skip
    assert phone.locator("#alarm.on").count() == 0
    assert f"the tricks in hand 2 taken back (Ann 1, Bob 2, {SCRIPT_NAME} 4, Dan 2)" in phone.inner_text("#corrections")


def test_a_correction_of_a_past_hand_is_shown_as_a_correction(sk, hostile, serving, phone):
    sk("tricks", "1", "2", "4", "2")  # hand 2 closes (entry 7)
    sk("trump", "c")  # hand 3 begins (entry 8)
    server = serving()
    phone.goto(server.url)
    phone.locator("#hand-title", has_text="Hand 3 of 19").wait_for()
    sk("tricks", "Ann=1", "Bob=1", f"{SCRIPT_NAME}=4", "Dan=3", "--hand", "2")
    note = phone.locator("#corrected.on .text", has_text="hand 2 corrected")
    note.wait_for(timeout=3000)
    # what was put right, player by player, with what it was (Ann's and the scripted name's did not change)
    assert re.fullmatch(r"Hand 2 was corrected after this phone saw it at \d\d:\d\d:\n"
                        r"\d\d:\d\d hand 2 corrected: Bob's tricks 1, was 2; Dan's tricks 3, was 2", note.inner_text()), note.inner_text()  # fmt: skip
    assert phone.locator("#alarm.on").count() == 0
    assert "hand 2 corrected: Bob's tricks 1, was 2; Dan's tricks 3, was 2" in phone.inner_text("#corrections")
    # hand 2 as corrected: Bob bid 2 and took 1, a miss: -(10 + 1) instead of 10 + 2; with hand 1's -11
    assert scores(sk)["Bob"] == -11 - 11


def test_the_scorers_tools_build_the_command_lines(sk, one_hand, serving, chromium):
    """Comment, why, adjust (with its reason), rename, leave and a new game, each from its form."""
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 2").wait_for()
        tap(page, "Comment")
        page.fill("#tool textarea[name=text]", "Bob: 'never again' & <b>more</b>")
        tap(page, "Add comment", within="#tool")
        replied(page, "omment")
        page.locator("#comments li", has_text="Bob: 'never again' & <b>more</b>").wait_for()
        tap(page, "Why?")
        tap(page, "Cat", within="#tool")
        # laid out for the page from the points as data: the terminal's first line, then each hand
        why = page.locator("#reply.why")
        why.wait_for()
        assert why.locator(".why-head").inner_text() == sk("why", "Cat").splitlines()[0]
        assert why.locator(".why-hand").inner_text() == (
            "Hand 1\n+13\nAnn deals, 10 cards, trump ♥\nbid 3, took 3 tricks\nbid 3, took 3: made → 13\n+13\n"
            "by scoring rule 1, exact bid, made: 10 + tricks"
        )
        tap(page, "Adjust")
        page.select_option("#tool select[name=who]", "Dan")
        page.fill("#tool input[name=points]", "-5")
        page.fill("#tool input[name=reason]", "slow play")
        tap(page, "Adjust", within="#tool")
        replied(page, "slow play")
        tap(page, "Rename")
        page.select_option("#tool select[name=old]", "Bob")
        page.fill("#tool input[name=new]", "Robert")
        tap(page, "Rename", within="#tool")
        replied(page, "Robert")
        tap(page, "Leave")
        page.select_option("#tool select[name=who]", "Ann")
        tap(page, "Leave", within="#tool")
        replied(page, "Ann")
        assert scores(sk)["Dan"] == -13 - 5  # hand 1's -13 and the ruling
        tap(page, "New game")
        page.select_option("#tool select[name=ruleset]", "pick-your-poison")
        page.fill("#tool input[name=players]", "Ann, Bob, Cat")
        tap(page, "Start the new game", within="#tool")
        replied(page, "Pick Your Poison")
        page.locator("#title", has_text="Pick Your Poison").wait_for()
    status = sk.json("status", "--json")
    assert (status["ruleset"], status["players"]) == ("pick-your-poison", ["Ann", "Bob", "Cat"])


def test_the_page_loads_nothing_from_elsewhere_keeps_the_screen_awake_and_goes_dark(sk, one_hand, serving, chromium):
    server = serving()
    with opened(chromium, dark=True) as page:
        # the browser's Wake Lock, watched: requested while the game is open
        page.add_init_script(
            """window.wakeRequests = [];
               Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
                 window.wakeRequests.push(kind);
                 return {release: async () => { window.wakeRequests.push("released"); }, addEventListener: () => {}};
               }}});"""
        )
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(server.url)
        page.locator("#standings tbody tr").first.wait_for()
        page.wait_for_function("window.wakeRequests.length > 0")
        assert page.evaluate("window.wakeRequests") == ["screen"]
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert sum(map(int, re.findall(r"\d+", background)[:3])) < 3 * 64, background  # dark
    assert asked and all(url.startswith(server.url) for url in asked), asked


def _brightness(colour: str) -> int:
    """The sum of a computed colour's red, green and blue (0-765)."""
    return sum(map(int, re.findall(r"\d+", colour)[:3]))


def test_the_chart_goes_dark_with_the_page_and_keeps_every_line_visible(sk, serving, chromium):
    """Seven players: the seventh's line is black on paper. In the dark theme the chart's paper,
    its words and that line change with the page; in the light theme they stay as printed."""
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    sk("new", "oh-hell-mrpikes", "--players", ",".join(players))
    sk("trump", "h")
    sk("bid", "1", "1", "1", "1", "1", "1", "1")
    sk("tricks", "1", "1", "1", "1", "1", "1", "1")
    server = serving()
    seen = {}
    for dark in (True, False):
        with opened(chromium, dark=dark) as page:
            page.goto(server.url)
            page.locator("#chart svg polyline").nth(6).wait_for()
            seen[dark] = page.evaluate(
                """() => {
                  const svg = document.querySelector("#chart svg"), style = (e) => getComputedStyle(e);
                  return {paper: style(svg).backgroundColor, legend: style(svg.querySelector("text.legend")).fill,
                          axis: style(svg.querySelector("text.axis")).fill,
                          seventh: style(svg.querySelectorAll("polyline")[6]).stroke};
                }"""
            )
    dark, light = seen[True], seen[False]
    assert _brightness(dark["paper"]) < 3 * 64 and _brightness(light["paper"]) == 765, seen
    assert _brightness(dark["legend"]) > 3 * 180 and _brightness(light["legend"]) < 3 * 32, seen
    assert _brightness(dark["axis"]) > 3 * 128 and _brightness(light["axis"]) < 3 * 80, seen
    assert _brightness(dark["seventh"]) > 3 * 180 and _brightness(light["seventh"]) == 0, seen


def test_a_read_only_server_shows_no_controls_whatever_the_link_says(sk, one_hand, serving, phone):
    server = serving("--read-only")
    assert server.scorer_url is None
    phone.goto(server.url + "#scorer=" + "A" * 22)
    phone.locator("#standings tbody tr").first.wait_for()
    phone.wait_for_timeout(300)  # time for the controls' script, were it to draw anything
    assert phone.locator("#entry").count() == 0


def test_snakebits_cursed_cards_counted_by_tapping(sk, serving, chromium):
    """Snakebit (RULES §5), 3 players, 8 tricks: +1 a trick, -1 a cursed card. The cursed cards
    may be counted rather than named; the counts must add up to the 8 cards bearing the suit."""
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    sk("cursed", "moons")
    sk("trump", "waves")
    sk("tricks", "3", "3", "2")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="who took the scoring cards").wait_for()
        tap(page, "Count them")
        for player, count in (("Ann", 0), ("Bob", 5), ("Cat", 2)):
            tap_for(page, player, count)
        assert page.locator("#entry .check").inner_text() == "The counts total 7; the pack has 8 cursed cards."
        assert page.locator("#entry").get_by_role("button", name="Send counts").is_disabled()
        tap_for(page, "Cat", 3)
        assert page.locator("#entry .check").inner_text() == "Counts total 8"
        tap(page, "Send counts")
        assert "Hand 1: cursed cards Ann 0, Bob 5, Cat 3" in replied(page, "Hand 1 scored")
    # Ann 3 tricks, no cursed card: +3; Bob 3 - 5 = -2; Cat 2 - 3 = -1 (the hand sums to 8 - 8 = 0)
    assert scores(sk) == {"Ann": 3, "Bob": -2, "Cat": -1}
