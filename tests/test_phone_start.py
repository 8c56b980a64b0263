"""`serve` on a store with no game yet, in headless Chromium at 390×844: the page says so, and
the scorer starts the first game on it (ruleset, players, dealer, the game's name, where, who
keeps score, a house option); the table's link shows the game as soon as it starts."""

from browser import needs_chromium, opened
from served import Served

from scorekeeper.storage.store import Store

pytestmark = needs_chromium


def test_the_first_game_is_started_on_the_scorers_page(sk, home, chromium):
    server = Served(home)
    assert server.lines[0].startswith("No game yet; the scorer's page starts the first one.")
    try:
        with opened(chromium) as page, opened(chromium) as table:
            table.goto(server.url)
            table.locator("#title", has_text="No game yet").wait_for()
            assert table.locator("#entry").count() == 0
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Start the first game").wait_for()
            form = page.locator("#tool form")
            form.locator("select[name=ruleset]").select_option("oh-hell-mrpikes")
            form.get_by_text("House options (").click()
            form.locator("select[name='set:bidding']").select_option("in-turn")
            form.locator("select[name='set:hook']").select_option(label="yes")
            form.get_by_role("button", name="Start the game").click()
            form.locator(".missing", has_text="Fill this in first: Players, clockwise, comma-separated").wait_for()
            form.locator("input[name=players]").fill("Ann, Bob, Cat, Dan")
            form.locator("input[name=dealer]").fill("Bob")
            form.locator("input[name=name]").fill("Friday at Cat's")
            form.locator("input[name=location]").fill("the den")
            form.locator("input[name=scorer]").fill("Ann")
            form.get_by_role("button", name="Start the game").click()
            page.locator("#entry h2", has_text="Hand 1: the trump").wait_for()
            assert "Bob deals" in page.locator("#entry h2").inner_text()
            table.locator("#meta", has_text="Friday at Cat's · the den · scorer Ann").wait_for()
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err
    with Store(home) as db:
        (game,) = db.games()
        started = db.events(game.id)[0].body
    assert (started["players"], started["dealer"]) == (["Ann", "Bob", "Cat", "Dan"], "Bob")
    assert (started["options"]["bidding"], started["options"]["hook"]) == ("in-turn", True)
    assert (started["name"], started["location"], started["scorer"]) == ("Friday at Cat's", "the den", "Ann")
