"""The score sheet and the chart as a phone shows them (issue 38): at 390×844 every player's
total for the last hand is on screen, labelled, with its sign; a note wraps rather than
widening a column; the sheet has a key for its marks; the chart draws a newcomer from the hand
they joined and a leaver up to the hand they left."""

import os
import re

from browser import PHONE, needs_chromium, opened
from served import Served

pytestmark = needs_chromium

# Where to leave screenshots of the sheet, to look at by eye (never in the repository).
SHOTS = os.environ.get("SHEET_SHOTS")


def five_players_in_the_red(sk):
    """Oh Hell (MrPikes), five players, two hands: Bob misses both (-11, -12: -23); Cat reneges
    in hand 2 with a long note; Dan misses by three (-13)."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan,Evangeline Longname-Smith")
    sk("trump", "h")
    sk("bid", "2", "0", "1", "1", "3")
    sk("tricks", "2", "1", "1", "4", "2")
    sk("trump", "s")
    sk("bid", "1", "0", "0", "2", "3")
    sk("renege", "Cat", "--note", "played a club on a spade lead while holding the nine of spades, seen by all")
    sk("tricks", "2", "2", "0", "2", "3")


def test_every_total_of_the_last_hand_is_on_a_390_px_screen(sk, home, chromium):
    five_players_in_the_red(sk)
    server = Served(home)
    try:
        for dark in (False, True):
            with opened(chromium, dark=dark) as page:
                page.goto(server.url)
                last = page.locator("#sheet tbody tr.closed").nth(1)
                last.wait_for()
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
                box = page.locator("#s-sheet .scroll")
                assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing to scroll sideways to
                totals = last.locator("td.cell .total")
                assert totals.count() == 5
                for i in range(5):
                    shown = totals.nth(i).bounding_box()
                    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"], (i, shown)
                    assert totals.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth"), i  # not cut off
                texts = [totals.nth(i).inner_text() for i in range(5)]
                assert all(re.match(r"total\s", text) for text in texts), texts  # labelled
                assert re.search(r"[−-]23$", texts[1]), texts  # Bob: the sign is there
                assert re.search(r"[−-]1$", texts[3]), texts  # Dan: -13 + 12
                first = page.locator("#sheet tbody tr.closed").first.locator("td.cell").nth(1)
                assert re.search(r"^[−-]11$", first.locator(".pts").inner_text())  # the hand's points, signed
                # the hand column never covers a player's column
                hand = last.locator("td.hand").bounding_box()
                bob = last.locator("td.cell").first.bounding_box()
                assert hand["x"] + hand["width"] <= bob["x"] + 0.5
                note = page.locator("#sheet tr.note div", has_text="renege by Cat").bounding_box()
                assert note["x"] >= 0 and note["x"] + note["width"] <= PHONE["width"]
                if SHOTS:
                    page.locator("#s-sheet").screenshot(path=os.path.join(SHOTS, f"sheet-{'dark' if dark else 'light'}.png"))
                    page.screenshot(path=os.path.join(SHOTS, f"page-{'dark' if dark else 'light'}.png"), full_page=True)
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_the_chart_starts_a_newcomer_where_they_joined_and_ends_a_leaver_where_they_left(sk, home):
    """Dan leaves after hand 1 (-13); Eve joins for hand 2 with the last place's score (Bob's -11)
    and scores -12, then -11: her line starts at -11 after hand 1, Dan's stops there, crossed."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    for trump, bids, tricks in (("h", "2 0 3 1", "2 1 3 4"), ("s", "1 1 1 1", "2 2 2 3"), ("c", "1 1 1 1", "2 2 2 2")):
        if trump == "s":
            sk("leave", "Dan")
            sk("join", "Eve")
        sk("trump", trump)
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())
    server = Served(home)
    try:
        state = server.state()
    finally:
        server.stop()
    for chart in (state["chart"], state["chart_small"]):
        # the plot's x of hand i and y of a total, read back from the axis labels (set 3 below their line)
        xs = {int(m[2]): float(m[1]) for m in re.finditer(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle"[^>]*>(\d+)<', chart)}
        ys = {float(m[2]): float(m[1]) - 3 for m in re.finditer(r'<text x="[\d.]+" y="([\d.]+)" text-anchor="end"[^>]*>(-?\d+)<', chart)}

        def lines(kind, chart=chart):
            return [[tuple(map(float, p.split(","))) for p in m[1].split()]
                    for m in re.finditer(rf'<polyline points="([^"]+)"[^>]*class="{kind}"', chart)]

        dan, eve = lines("c3"), lines("c4")
        assert len(dan) == 1 and len(dan[0]) == 2, dan  # before hand 1 and after it: no further
        assert len(eve) == 1 and len(eve[0]) == 3, eve  # after hand 1 (sat down), 2 and 3
        assert abs(dan[0][-1][0] - xs[1]) < 0.1 and abs(eve[0][0][0] - xs[1]) < 0.1
        assert max(len(line[0]) for line in (lines("c0"), lines("c1"), lines("c2"))) == 4
        # Eve sat down at -11: her first point is where -11 is (between the ticks around it)
        below, above = max(v for v in ys if v <= -11), min(v for v in ys if v >= -11)
        at = ys[below] + (ys[above] - ys[below]) * (-11 - below) / ((above - below) or 1)
        assert abs(eve[0][0][1] - at) < 0.2, (eve, ys)
        assert re.search(r'<circle [^>]*class="c4 joined"', chart)  # where she joined: a ring
        assert re.search(r'<path [^>]*class="c3 left"', chart)  # where Dan left: a cross
        assert "Dan (-13, left)" in chart


def served_state(home, *lines):
    """The state `sk serve` gives, after the scorer's page has sent `lines` (each must be taken)."""
    server = Served(home)
    try:
        for line in lines:
            answer = server.enter(line)
            assert answer.status == 200, answer
        return server.state()
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_a_hand_undone_after_it_closed_is_marked_corrected_on_the_sheet(sk, home):
    """Hand 1's tricks undone after it closed, then given again: a correction (†, with the
    undo noted under the hand, and the key). An undo in the hand still being recorded is not."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")  # entry 3 closes hand 1
    sk("undo")  # entry 4
    sk("tricks", "2", "1", "4", "3")
    sk("trump", "s")
    sk("bid", "1", "1", "1", "1")
    sk("undo")  # the bids of hand 2, still being recorded
    sk("bid", "1", "1", "1", "2")
    sheet = served_state(home)["sheet"]
    first, second = sheet["rows"]
    assert first["info"][0] == "1†"
    assert first["notes"] == ["the tricks in hand 1 taken back (Ann 2, Bob 1, Cat 3, Dan 4)"]  # no entry number on a page
    assert "corrected by entry 4: undo entry 3 (was tricks Ann=2 Bob=1 Cat=3 Dan=4)" in sk("sheet")  # the terminal's has it
    assert second["info"][0] == "2*" and not second["notes"]
    assert sheet["legend"] == ["† corrected (the correction is noted under the hand)"]


def test_a_past_hands_correction_pads_name_its_players_as_they_were_then(sk, home):
    """Eve became Gus after hand 1: hand 1's pads say Eve, and the line they make (Eve=…) is
    taken for hand 1, correcting Gus's seat."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Eve,Dan")
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")
    sk("rename", "Eve", "Gus")
    state = served_state(home, "tricks Ann=2 Bob=0 Eve=4 Dan=4 --hand 1")
    hand = state["choices"]["closed_hands"][0]
    assert hand["players"] == ["Ann", "Bob", "Eve", "Dan"]
    assert hand["recorded"]["tricks"] == {"Ann": "2", "Bob": "0", "Eve": "4", "Dan": "4"}
    assert hand["recorded"]["bids"] == {"Ann": "2", "Bob": "0", "Eve": "3", "Dan": "1"}
    scores = {p["name"]: p["score"] for p in state["standings"]["players"]}
    assert scores["Gus"] == -11 and scores["Bob"] == 10  # Eve's seat missed by one; Bob made his nil


def test_a_tie_break_hand_is_named_as_the_sheet_names_it_and_the_sheet_has_a_key(sk, home, chromium):
    """Two hands (2 cards, then 1); Ann and Bob tie on 21: hand 3 is tie-break 1."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--set", "sizes=down", "--set", "start=2")
    for trump, bids, tricks in (("h", "1 1 0 0", "1 1 0 0"), ("s", "0 0 0 0", "0 0 1 0")):
        sk("trump", trump)
        sk("bid", *bids.split())
        sk("tricks", *tricks.split())
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Hand 3 (tie-break 1): the trump").wait_for()
            assert page.locator("#sheet tfoot").count() == 0  # no mark to explain yet
            sk("trump", "c")
            sk("bid", "1", "0", "0", "0")
            page.locator("#entry h2", has_text="Hand 3 (tie-break 1): the tricks taken").wait_for()
            assert page.locator("#sheet tbody td.hand b").last.inner_text() == "3‡*"
            key = page.locator("#sheet tfoot").inner_text()
            assert "‡ tie-break hand: the lead was tied after the planned hands" in key
            sk("trump", "d", "--hand", "2")  # a correction (the scores stay): † joins the key
            page.locator("#sheet tfoot", has_text="† corrected").wait_for()
            assert page.locator("#sheet tbody td.hand b").nth(1).inner_text() == "2†"
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_a_correction_is_noted_under_its_hand_in_the_pages_words(sk, home):
    """Hand 1's tricks corrected after it closed (Bob 0 and Dan 5, were 1 and 4): the page's
    sheet notes what was put right, player by player; the terminal's sheet keeps the entry."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    for line in [("trump", "h"), ("bid", "2", "0", "3", "1"), ("tricks", "2", "1", "3", "4")]:
        sk(*line)
    sk("tricks", "Bob=0", "Dan=5", "--hand", "1")  # entry 4
    first = served_state(home)["sheet"]["rows"][0]
    assert (first["info"][0], first["notes"]) == ("1†", ["corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4"])
    assert "corrected by entry 4: tricks Bob=0 Dan=5 (was tricks Bob=1 Dan=4)" in sk("sheet")
