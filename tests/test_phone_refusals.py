"""Refusals where the scorer's eye is, in headless Chromium at 390×844: a refusal shows beside
what was tapped and within the screen, the taps kept to be put right; a form never sends an
empty field it needs, and says so beside the field."""

from browser import PHONE, needs_chromium, opened, tap
from served import Served

pytestmark = needs_chromium


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (selector, box)
    return box


def test_a_refusal_is_shown_beside_the_tap_and_an_empty_field_is_never_sent(sk, home, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    entries = sk("log").count("\n")
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#live:not(.down)").wait_for()
            tap(page, "Join")
            tap(page, "Join", within="#tool")  # no name given
            page.locator("#tool .missing", has_text="Fill this in first: Name").wait_for()
            in_view(page, "#tool .missing")
            page.wait_for_timeout(300)
            assert sk("log").count("\n") == entries  # nothing was sent
            page.locator("#tool input[name=name]").fill("Ann")
            tap(page, "Join", within="#tool")
            refused = page.locator("#reply.refused")
            refused.wait_for()
            assert "refused:" in refused.inner_text()
            shown = in_view(page, "#reply")
            button = page.locator("#tool").get_by_role("button", name="Join", exact=True).bounding_box()
            assert 0 <= shown["y"] - (button["y"] + button["height"]) < 40  # just under what was tapped
            assert page.locator("#tool input[name=name]").input_value() == "Ann"  # kept, to be put right
            assert sk("log").count("\n") == entries
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err
