"""The scorer's phone in a real room, in headless Chromium at 390×844: entries tapped while
the laptop can't be reached wait on the phone (IndexedDB), the page says how many, and they
are sent in order once it can be, each recorded once even when an answer is lost; the page
reconnects by itself after `serve` restarts, and says "live" only when it is."""

import re

from browser import needs_chromium, opened, tap
from served import Served, sk_process

pytestmark = needs_chromium


def waiting(page, count):
    page.locator("#outbox", has_text=re.compile(rf"^{count} entr(y waits|ies wait) to be sent")).wait_for()


def comment(page, text):
    tap(page, "Comment")
    page.locator("#tool textarea").fill(text)
    tap(page, "Add comment")


def stopped(server):
    code, _, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def test_entries_tapped_while_cut_off_are_sent_once_in_order_when_the_laptop_is_back(sk, home, chromium):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Hand 1: the trump").wait_for()
            page.locator("#live:not(.down)").wait_for()
            waiting(page, 0)
            # mid-hand the room's Wi-Fi drops, and the laptop's `serve` is restarted meanwhile
            page.route("**/api/**", lambda route: route.abort())
            stopped(server)
            page.locator("#live.down").wait_for()
            tap(page, "♥ hearts")
            waiting(page, 1)
            comment(page, "first, while cut off")
            comment(page, "second, while cut off")
            waiting(page, 3)
            assert "trump" not in sk("log")
            server = Served(home, "--port", server.port)
            page.wait_for_timeout(1600)  # a retry meets the cut: still waiting, still not live
            waiting(page, 3)
            assert page.locator("#live").get_attribute("class") == "down"
            # back, but the first answer is lost on its way to the phone: it is sent again
            lost = []

            def lose_first(route):
                if not lost:
                    lost.append(route.fetch())
                    route.abort()
                else:
                    route.continue_()

            page.unroute("**/api/**")
            page.route("**/api/entry*", lose_first)
            waiting(page, 0)
            page.locator("#live:not(.down)").wait_for()
            page.locator("#entry h2", has_text="Hand 1: the bids").wait_for()
            assert lost and lost[0].status == 200
        log = sk("log")
        lines = [line for line in log.splitlines() if "from the phone" in line]
        assert len(lines) == 3, log
        assert "trump H" in lines[0] and "first, while cut off" in lines[1] and "second, while cut off" in lines[2], log
    finally:
        stopped(server)


def test_an_entry_overtaken_by_the_terminal_stays_for_the_scorer_to_redo_or_drop(sk, home, chromium, tmp_path):
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    server = Served(home)
    try:
        for dark in (False, True):
            with opened(chromium, dark=dark) as page:
                page.goto(server.scorer_url)
                page.locator("#live:not(.down)").wait_for()
                page.route("**/api/**", lambda route: route.abort())
                stopped(server)  # the phone sees nothing of what the terminal records meanwhile
                sk_process(home, "comment", f"from the terminal {dark}")
                comment(page, f"tapped on the phone {dark}")
                waiting(page, 1)
                server = Served(home, "--port", server.port)
                page.unroute("**/api/**")
                stale = page.locator("#outbox", has_text="redo or drop this entry")
                stale.wait_for()
                said = stale.inner_text()
                assert f"the terminal recorded comment: from the terminal {dark} for hand 1 since" in said
                assert f"Your entry: comment tapped on the phone {dark}\n" in said
                page.screenshot(path=str(tmp_path / f"stale-{'dark' if dark else 'light'}.png"))
                if dark:
                    tap(page, "Drop")
                else:
                    tap(page, "Redo")
                waiting(page, 0)
        log = sk("log")
        assert "tapped on the phone False" in log and "tapped on the phone True" not in log, log
    finally:
        stopped(server)
