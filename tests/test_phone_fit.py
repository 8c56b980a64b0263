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
