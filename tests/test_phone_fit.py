"""A plain hand for five players fits a 390×844 phone without scrolling, in headless Chromium:
the largest hand five can be dealt (10 cards: a pad of 0-10 for each), every player's pad and
the send button in view, for the bids and for the tricks."""

from browser import PHONE, needs_chromium, opened, tap, tap_for
from served import Served

pytestmark = needs_chromium


def fits(page, send):
    """The pads and the send button are in view, the page not scrolled."""
    assert page.evaluate("window.scrollY") == 0
    button = page.locator("#entry").get_by_role("button", name=send, exact=True).bounding_box()
    assert button["y"] + button["height"] <= PHONE["height"], button
    for pad in page.locator("#entry .player").all():
        box = pad.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box


def test_a_five_player_hand_of_ten_cards_fits_without_scrolling(sk, home, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan,Eve", "--name", "Friday", "--location", "the den",
       "--scorer", "Ann")  # the header's second line too  # fmt: skip
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Hand 1: the trump").wait_for()
            tap(page, "♥ hearts")
            page.locator("#entry h2", has_text="the bids").wait_for()
            assert page.locator("#entry .player").count() == 5
            fits(page, "Send bids")
            for player, bid in zip(["Bob", "Cat", "Dan", "Eve", "Ann"], [2, 1, 3, 0, 2], strict=True):
                tap_for(page, player, bid)
            fits(page, "Send bids")
            tap(page, "Send bids")
            page.locator("#entry h2", has_text="the tricks taken").wait_for()
            fits(page, "Send tricks")
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_a_replys_table_keeps_its_rows_whole_and_fits_a_390_px_phone_in_german(sk, home, serving, chromium):
    """A hand's points in the reply are a table: each row stays one line (wrapped, its columns
    came apart), and five players' German table fits the phone's width; the sentences around
    it wrap. RULES §1: exact bid 10 + tricks, a miss loses 10 + the difference."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan,Eve", "--dealer", "Ann")
    sk("trump", "h")
    sk("bid", "0", "3", "1", "2", "4")
    server = serving()
    link, secret = server.scorer_url.split("#", 1)
    with opened(chromium) as page:
        page.goto(f"{link}?lang=de#{secret}")
        page.locator("#entry h2", has_text="Stiche").wait_for()
        for player, took in zip(["Bob", "Cat", "Dan", "Eve", "Ann"], [3, 1, 2, 3, 1], strict=True):
            tap_for(page, player, took)
        page.locator("#entry button.primary").click()
        table = page.locator("#reply.ok .columns")
        table.wait_for()
        assert [line.split() for line in table.inner_text().splitlines()] == [
            ["Spieler", "Spiel", "Gesamt"],
            ["---------", "-----------------", "-------", "--------"],
            ["Ann", "Ansage", "0", "Stiche", "1", "-11", "-11"],
            ["Bob", "Ansage", "3", "Stiche", "3", "+13", "13"],
            ["Cat", "Ansage", "1", "Stiche", "1", "+11", "11"],
            ["Dan", "Ansage", "2", "Stiche", "2", "+12", "12"],
            ["Eve", "Ansage", "4", "Stiche", "3", "-11", "-11"],
        ]
        assert table.evaluate("t => t.scrollWidth <= t.clientWidth")  # no sideways scroll needed
        height = table.evaluate("t => t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).lineHeight)")
        assert round(height) == 7  # seven lines: none wrapped
        reply = page.locator("#reply.ok").inner_text()
        assert reply.startswith("Spiel 1: Stiche Ann 1, Bob 3, Cat 1, Dan 2, Eve 3.\nSpiel 1 gewertet:\nSpieler")
