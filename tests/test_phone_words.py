"""The scorer's phone speaks as a page, never as a command line, in headless Chromium at 390×844
against `sk serve` in a process of its own: Why? lays out a player's points hand by hand from
the data `why` gives (the terminal's `why` keeps its table); an undo and a correction made
elsewhere are told by what they took back or put right, not by entry numbers (the terminal's
log keeps them); a refusal that names an option or a command on the command line is said in
the page's words there."""

import re

import pytest
from browser import PHONE, needs_chromium, opened, tap

pytestmark = needs_chromium

CLOCK = r"\d\d:\d\d"


def two_hands_with_a_ruling_and_a_correction(sk):
    """MrPikes' Oh Hell, Ann deals 10 cards first (rule 1: a made bid scores 10 + tricks, a miss
    -(10 + the miss)). Hand 1: Bob bids 0 and takes 1: -11. Hand 2 (Bob deals 9): Bob is ruled
    -5 for slow play; he bids 1 and takes 1: +11; Ann's and Dan's tricks are corrected
    afterwards (2 and 5, were 1 and 6). Bob: -11 + 6 = -5."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    sk("trump", "h")
    sk("bid", "2", "0", "3", "1")
    sk("tricks", "2", "1", "3", "4")
    sk("adjust", "Bob", "-5", "--reason", "slow play")
    sk("trump", "s")
    sk("bid", "1", "1", "1", "1")
    sk("tricks", "1", "1", "1", "6")
    sk("tricks", "Ann=2", "Dan=5", "--hand", "2")  # entry 8


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_why_lays_out_a_players_hands_and_total_for_the_phone(sk, home, serving, chromium, dark):
    two_hands_with_a_ruling_and_a_correction(sk)
    server = serving()
    with opened(chromium, dark=dark) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 3: the trump").wait_for()
        tap(page, "Why?")
        tap(page, "Bob", within="#tool")
        why = page.locator("#reply.why")
        why.wait_for()
        assert why.locator(".why-head").inner_text() == "Bob: −5 points in Oh Hell! (MrPikes' house rules) (2 hands scored)"
        assert why.locator(".why-hand").all_inner_texts() == [
            "Hand 1\n−11\n"
            "Ann deals, 10 cards, trump ♥\n"
            "bid 0, took 1 trick\n"
            "bid 0, took 1: missed by 1 → −11\n−11\n"
            "by scoring rule 1, exact bid, missed: −10 - the miss",
            "Hand 2\n+11, ruling −5 → 6\n"
            "Bob deals, 9 cards, trump ♠\n"
            "bid 1, took 1 trick\n"
            "bid 1, took 1: made → 11\n+11\n"
            "by scoring rule 1, exact bid, made: 10 + tricks\n"
            "house ruling: slow play → −5\n−5\n"
            "by the table's ruling\n"
            "corrected: Ann's tricks 2, was 1; Dan's tricks 5, was 6",
        ]
        assert why.locator(".why-total").inner_text() == "Total: −11 + 6 = −5"
        # the page's own type and layout: no monospace table, no line wider than the phone
        assert "monospace" not in why.evaluate("box => getComputedStyle(box).fontFamily")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        points = why.locator(".why-hand").first.locator(".why-title .pts").bounding_box()
        assert points["x"] + points["width"] <= PHONE["width"]
    # the terminal's `why` is its table, as ever
    assert sk("why", "Bob") == (
        "Bob: -5 points in Oh Hell! (MrPikes' house rules) (2 hands scored)\n"
        "Hand 1 (Ann deals, 10 cards, trump ♥): -11 — bid 0, took 1 trick\n"
        "    -11  bid 0, took 1: missed by 1 → -11\n"
        "         by scoring rule 1, exact bid, missed: -10 - the miss\n"
        "Hand 2 (Bob deals, 9 cards, trump ♠): +11, ruling -5 → 6 — bid 1, took 1 trick\n"
        "    +11  bid 1, took 1: made → 11\n"
        "         by scoring rule 1, exact bid, made: 10 + tricks\n"
        "     -5  house ruling: slow play → -5\n"
        "         by the table's ruling\n"
        "         corrected by entry 8: tricks Ann=2 Dan=5 (was tricks Ann=1 Dan=6)\n"
        "Total: -11 + 6 = -5\n"
    )


def test_a_correction_and_its_undo_made_elsewhere_are_told_in_words_without_entry_numbers(sk, home, serving, chromium):
    """Hand 1 (bids 2 0 3 1, tricks 2 1 3 4) closed and hand 2 under way; the terminal corrects
    hand 1's tricks (Bob 0, Dan 5), the scorer's phone takes that back: the table's phone is
    told each in words."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan")
    for line in [("trump", "h"), ("bid", "2", "0", "3", "1"), ("tricks", "2", "1", "3", "4"), ("trump", "s")]:
        sk(*line)
    server = serving()
    with opened(chromium) as table, opened(chromium) as scorer:
        table.goto(server.url)
        table.locator("#result", has_text="1 hand played").wait_for()
        sk("tricks", "Bob=0", "Dan=5", "--hand", "1")  # entry 5, at the terminal
        notice = table.locator("#corrected.on .text")
        notice.wait_for()
        assert re.fullmatch(
            rf"Hand 1 was corrected after this phone saw it at {CLOCK}:\n"
            rf"{CLOCK} hand 1 corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4",
            notice.inner_text(),
        ), notice.inner_text()
        scorer.goto(server.scorer_url)
        scorer.locator("#entry h2", has_text="Hand 2: the bids").wait_for()
        tap(scorer, "Undo")
        tap(scorer, "Tap again to undo")
        reply = scorer.locator("#reply.ok", has_text="Undone")
        reply.wait_for()
        assert reply.inner_text().startswith("Undone: the correction of hand 1 (tricks Bob 0, Dan 5).\n")
        table.locator("#corrected.on .text li", has_text="taken back").wait_for()
        assert re.fullmatch(
            rf"Hand 1 was corrected after this phone saw it at {CLOCK}:\n"
            rf"{CLOCK} hand 1 corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4\n"
            rf"{CLOCK} the correction of hand 1 taken back \(tricks Bob 0, Dan 5\)",
            notice.inner_text(),
        ), notice.inner_text()
        history = table.eval_on_selector_all("#corrections li", "items => items.map(li => [li.firstChild.textContent, li.lastChild.textContent])")
        assert [said for _when, said in history] == [
            "the correction of hand 1 taken back (tricks Bob 0, Dan 5)",
            "hand 1 corrected: Bob's tricks 0, was 1; Dan's tricks 5, was 4",
        ]
        assert all(re.fullmatch(rf"{CLOCK} · hand 1", when) for when, _said in history), history
        with opened(chromium) as newcomer:  # a phone first opening the page now: the corrections are no news to it
            newcomer.goto(server.url)
            newcomer.locator("#corrections li").nth(1).wait_for()
            assert newcomer.eval_on_selector_all("#corrections li", "items => items.length") == 2
            assert newcomer.locator("#corrected").get_attribute("class").split() == ["banner"]  # not "on"
            assert newcomer.locator("#corrected").is_hidden()
        for page in (table, scorer):
            assert not re.search(r"\bentry \d", page.inner_text("body")), page.inner_text("body")
    # the terminal's log keeps the entries' numbers
    assert "undo entry 5" in sk("log")


def refused_on(page, shown):
    """The refusal the page shows, once it is `shown` (the text asserted whole below)."""
    box = page.locator("#reply.refused", has_text=shown)
    box.wait_for()
    return box.inner_text()


def test_a_new_games_refusals_name_no_option_on_the_phone(sk, home, serving, chromium):
    """The players and a house option, refused from the form that starts the first game: said
    without `--players` or `--set`; the command line names them, as ever."""
    server = serving()  # an empty store: the scorer's page starts the first game
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Start the first game").wait_for()
        page.select_option("#tool select[name=ruleset]", "oh-hell-mrpikes")
        page.fill("#tool input[name=players]", "Ann, Bob")
        tap(page, "Start the game", within="#tool")
        assert refused_on(page, "players") == "refused: oh-hell-mrpikes is for 3-7 players, not 2; name 3 to 7 players"
        assert page.locator("#tool input[name=players]").input_value() == "Ann, Bob"  # kept, to be put right
        page.fill("#tool input[name=players]", "Ann, Bob, Cat, Dan")
        page.locator("#tool details.options summary").click()
        page.fill('#tool input[name="set:hands"]', "abc")
        tap(page, "Start the game", within="#tool")
        assert refused_on(page, "abc") == "error: house option hands: 'abc' is not a whole number"
    assert sk.fails("new", "oh-hell-mrpikes", "--players", "Ann,Bob").strip() == (
        "refused: oh-hell-mrpikes is for 3-7 players, not 2; name 3 to 7 players with --players"
    )
    assert sk.fails("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat,Dan", "--set", "hands=abc", code=2).strip() == (
        "error: --set hands: 'abc' is not a whole number"
    )
    assert sk("games").startswith("No games yet")  # neither was started


def test_an_entry_after_the_game_is_over_is_refused_in_the_pages_words(sk, home, serving, chromium):
    """Three hands of three cards, all bids made: the game is over. A newcomer tapped in is
    refused without naming `new` or `undo` as commands; the command line names them."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--set", "sizes=fixed", "--set", "start=3",
       "--set", "hands=3", "--set", "tie_break=false")  # fmt: skip
    for _hand in range(3):
        for line in [("trump", "h"), ("bid", "1", "1", "1"), ("tricks", "1", "1", "1")]:
            sk(*line)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Game over").wait_for()
        tap(page, "Join")
        page.fill("#tool input[name=name]", "Eve")
        tap(page, "Join", within="#tool")
        assert refused_on(page, "over") == "refused: the game is over; start a new game, or undo the last entry to correct it"
    assert sk.fails("join", "Eve").strip() == (
        "refused: the game is over; start another with `new`, or `undo` the last entry to correct it"
    )


def test_a_revoke_flagged_on_the_phone_says_how_to_confirm_it_without_a_command(sk, home, serving, chromium):
    """Three cards each, recorded trick by trick: Bob shows void in spades in trick 2 (2♣ on a
    spades lead) and plays 5♠ in trick 3, tapped on the phone: the flag's hint names no command."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
       "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=2")  # fmt: skip
    for line in [("trump", "hearts"), ("bid", "1", "1", "1"), ("trick", "QS", "2S", "3S"), ("trick", "AS", "2C", "4S")]:
        sk(*line)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        for card in ("K♠", "5♠", "6♠"):
            tap(page, card)
        tap(page, "Send trick")
        reply = page.locator("#reply.ok", has_text="REVOKE?")
        reply.wait_for()
        assert (
            "REVOKE? Bob showed void in spades in trick 2 (2♣ on a spades lead) but plays 5♠ in trick 3: "
            "a revoke. Record a renege by Bob to confirm it."
        ) in reply.inner_text().splitlines()
    # the terminal says the command to type, as ever
    assert (
        "Revoke flag (hand 1): Bob showed void in spades in trick 2 (2♣ on a spades lead) but plays 5♠ in "
        "trick 3: a revoke; confirm with `renege Bob`"
    ) in sk("status").splitlines()
