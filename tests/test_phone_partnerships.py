"""Spades and Euchre from the scorer's page, in headless Chromium at 390×844, tapped as a person
would: the bid pads offer nil (and blind nil only to a side the rules allow it now), Euchre's
hand is one screen (who made trump, the suit, ordered up, alone, the makers' tricks), and what
is sent is what the command line takes, checked against `standings --json`.

Players are given as Ann, Bob, Cat, Dan: Ann & Cat play Bob & Dan; Ann deals the first hand,
so Bob bids (and leads) first."""

import os

from browser import needs_chromium, opened, tap
from helpers import new_game
from served import Served

pytestmark = needs_chromium

NAMES = ["Ann", "Bob", "Cat", "Dan"]
# Where the screenshots go, to be looked at (SCOREKEEPER_SHOTS=folder); none are kept otherwise.
SHOTS = os.environ.get("SCOREKEEPER_SHOTS")


def pad(page, player):
    return page.locator(f'#entry .player[data-player="{player}"]')


def sides(sk):
    """{side name: score} from `standings --json`."""
    return {s["name"]: s["score"] for s in sk.json("standings")["sides"]}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"))


def fits(page, name):
    """The send button is within the phone's screen, with nothing scrolled."""
    box = page.locator("#entry button.primary").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, (name, box)


def test_a_spades_hand_with_a_nil_bid_by_tapping(sk, home, chromium):
    new_game(sk, "spades", NAMES)
    server = Served(home)
    try:
        for dark in (False, True):
            with opened(chromium, dark=dark) as page:
                page.goto(server.scorer_url)
                page.locator("#entry h2", has_text="Hand 1").wait_for()
                # nobody is 100 behind before the first hand: nil for all, blind nil for none
                for p in NAMES:
                    assert pad(page, p).get_by_role("button", name="Nil", exact=True).count() == 1
                assert page.locator("#entry").get_by_role("button", name="Blind nil", exact=True).count() == 0
                shot(page, "spades-bids-" + ("dark" if dark else "light"))
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Hand 1").wait_for()
            for player, bid in [("Bob", "4"), ("Cat", "Nil"), ("Dan", "3"), ("Ann", "4")]:
                pad(page, player).get_by_role("button", name=bid, exact=True).click()
            assert pad(page, "Cat").locator(".picked").inner_text() == "Nil"
            page.locator("#entry .check", has_text="Bids total 11").wait_for()
            fits(page, "bids")
            tap(page, "Send bids")
            page.locator("#reply.ok", has_text="Hand 1: bids Ann 4, Bob 4, Cat nil, Dan 3").wait_for()
            page.locator("#entry h2", has_text="the tricks taken").wait_for()
            for player, took in [("Bob", "5"), ("Cat", "1"), ("Dan", "3"), ("Ann", "4")]:
                pad(page, player).get_by_role("button", name=took, exact=True).click()
            tap(page, "Send tricks")
            page.locator("#entry h2", has_text="Hand 2").wait_for()
            # RULES.md §7: Bob & Dan bid 4 + 3 = 7 and take 5 + 3 = 8: 10 × 7 + 1 bag = 71.
            # Cat's nil takes a trick: -100, and the trick is a bag for her side (+1); Ann bid 4
            # and took 4: 40. Ann & Cat: 40 - 100 + 1 = -59
            assert sides(sk) == {"Bob & Dan": 71, "Ann & Cat": -59}
            # hand 2: Ann & Cat are 130 behind, so a blind nil is theirs to bid, and only theirs
            for p, offered in [("Ann", 1), ("Cat", 1), ("Bob", 0), ("Dan", 0)]:
                assert pad(page, p).get_by_role("button", name="Blind nil", exact=True).count() == offered, p
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_play_takes_nil_and_blind_nil_as_bare_bids(sk):
    new_game(sk, "spades", NAMES)
    # the prompt names Bob, Cat, Dan, Ann: Cat bids nil
    out = sk.run("play", input="4 n 3 4\n").stdout
    assert "Hand 1: bids Ann 4, Bob 4, Cat nil, Dan 3" in out
    sk("tricks", "Bob=5", "Cat=1", "Dan=3", "Ann=4")  # RULES.md §7: Bob & Dan 71, Ann & Cat -59
    # hand 2 (Bob deals: Cat, Dan, Ann, Bob): Ann & Cat are 130 behind (-59 to 71), so Ann's
    # bare `bn` is a blind nil
    out = sk.run("play", input="4 3 bn 4\n").stdout
    assert "Hand 2: bids Ann blind nil, Bob 4, Cat 4, Dan 3" in out


def test_tab_offers_nil_and_blind_nil_where_the_rules_allow_them_now(sk, home):
    from test_session import completed, session_on

    new_game(sk, "spades", NAMES)
    one, _ = session_on(home)
    one.sync()
    assert completed(one, "n")[:1] == ["nil"] and "blind-nil" not in completed(one, "")  # Bob's bid: nobody is behind yet, so no blind nil
    one.handle("4 n 3 4")
    one.handle("Bob=5 Cat=1 Dan=3 Ann=4")  # Bob & Dan 71, Ann & Cat -59 (RULES.md §7)
    one.sync()
    assert completed(one, "4 3 b") == ["blind-nil"]  # Ann's, 130 behind
    assert completed(one, "4 3 4 b") == []  # Bob's side leads
    one.close()


def test_a_euchre_hand_on_one_screen_by_tapping(sk, home, chromium):
    new_game(sk, "euchre", NAMES)
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="who made trump").wait_for()
            # hand 1 (Ann deals): Cat names spades and goes alone; she takes all 5
            tap(page, "Cat")
            tap(page, "♠ spades")
            tap(page, "alone")
            tap(page, "5")
            page.locator("#entry .check", has_text="Cat makes spades; the makers take 5").wait_for()
            fits(page, "make")
            tap(page, "Send hand")
            page.locator("#entry h2", has_text="Hand 2").wait_for()
            # RULES.md §7: a loner who takes all 5 (a march alone) scores 4 for the side
            assert sides(sk) == {"Ann & Cat": 4, "Bob & Dan": 0}
            # hand 2 (Bob deals): Dan orders up hearts; his side takes 2, euchred: 2 to Ann & Cat
            tap(page, "Dan")
            tap(page, "♥ hearts")
            tap(page, "ordered up")
            tap(page, "2")
            tap(page, "Send hand")
            page.locator("#entry h2", has_text="Hand 3").wait_for()
            log = sk("log")
            assert "Cat names S, alone" in log and "Dan orders up H" in log
            assert sides(sk) == {"Ann & Cat": 6, "Bob & Dan": 0}
        for dark in (False, True):
            with opened(chromium, dark=dark) as page:
                page.goto(server.scorer_url)
                page.locator("#entry h2", has_text="Hand 3").wait_for()
                tap(page, "Ann")
                tap(page, "♦ diamonds")
                tap(page, "3")
                fits(page, "make")
                shot(page, "euchre-make-" + ("dark" if dark else "light"))
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_the_table_page_and_its_state_show_the_sides(sk, home, chromium):
    new_game(sk, "spades", NAMES)
    sk("bid", "Bob=4", "Cat=nil", "Dan=3", "Ann=4")
    sk("tricks", "Bob=5", "Cat=1", "Dan=3", "Ann=4")  # RULES.md §7: Bob & Dan 71 (1 bag), Ann & Cat -59 (1 bag)
    server = Served(home)
    try:
        state = server.state()
        assert state["standings"]["sides"] == sk.json("standings", "--json")["sides"]
        for dark in (False, True):
            with opened(chromium, dark=dark) as page:
                page.goto(server.url)
                page.locator("#standings tbody tr").first.wait_for()
                rows = [r.split("\t") for r in page.locator("#standings tbody tr").all_inner_texts()]
                assert rows == [["1", "Bob & Dan", "71", "1 bag"], ["2", "Ann & Cat", "\u221259", "1 bag"]], rows
                assert page.locator("#th-player").inner_text() == "side"
                shot(page, "spades-table-" + ("dark" if dark else "light"))
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err


def test_euchre_tricks_alone_after_a_make_at_the_terminal_and_everyone_passing(sk, home, chromium):
    new_game(sk, "euchre", NAMES)
    sk("make", "Bob", "clubs")  # at the laptop; the phone gives the makers' tricks
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="the tricks taken").wait_for()
            assert page.locator("#entry .player").count() == 0  # one number, not each player's
            tap(page, "3")
            tap(page, "Send tricks")
            page.locator("#entry h2", has_text="Hand 2").wait_for()
            # RULES.md §7: the makers take 3 of 5: 1 point to Bob & Dan
            assert sides(sk) == {"Bob & Dan": 1, "Ann & Cat": 0}
            tap(page, "Everyone passed")  # thrown in: nobody scores, the next dealer deals
            page.locator("#entry h2", has_text="Hand 3").wait_for()
            assert sides(sk) == {"Bob & Dan": 1, "Ann & Cat": 0}
            assert "every player passed: the hand is thrown in" in sk("log")
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err
