"""The renege button, in headless Chromium at 390×844: it records what `renege NAME --kind KIND`
records, a revoke by anyone, and in Pick Your Poison a peek only by a player forced to bid
blind (offered only while someone is)."""

from browser import needs_chromium, opened, tap
from served import Served

pytestmark = needs_chromium


def scores(sk):
    return {p["name"]: p["score"] for p in sk.json("standings", "--json")["players"]}


def test_a_revoke_and_a_forced_blind_peek_by_tapping(sk, home, chromium):
    # Pick Your Poison, rounds of 4 then 3, as test_pick_your_poison plays it up to hand 4,
    # where Ann is forced to bid blind
    sk("new", "pick-your-poison", "--players", "Ann,Bob,Cat", "--dealer", "Cat", "--set", "rounds=4,3")
    for line in [("trump", "hearts"), ("poison", "Ann=bid:5", "Bob=blind:4", "Cat=bid:6"), ("tricks", "5", "4", "8"),
                 ("trump", "clubs"), ("poison", "Bob=blind:2", "Cat=blind:4", "Ann=bid:3"), ("tricks", "3", "2", "12")]:  # fmt: skip
        sk(*line)
    server = Served(home)
    try:
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#live:not(.down)").wait_for()
            tap(page, "Renege")
            assert page.locator("#tool").get_by_role("button", name="peek", exact=True).count() == 0  # nobody is forced blind
            page.locator("#tool", has_text="failed to follow suit when able: -4 points").wait_for()  # the one kind: chosen
            tap(page, "Bob", within="#tool")
            page.locator("#tool input[name=note]").fill("played a club on a heart lead")
            tap(page, "Record the renege", within="#tool")
            page.locator("#reply.ok", has_text="renege").wait_for()
            assert "renege (revoke) by Bob: played a club on a heart lead" in sk("log")
            assert scores(sk)["Bob"] == 52 - 4
        for line in [("trump", "d"), ("poison", "Ann=take", "Bob=take", "Cat=blind:1"), ("tricks", "10", "6", "1")]:
            sk(*line)  # hand 4: Ann must bid blind
        with opened(chromium) as page:
            page.goto(server.scorer_url)
            page.locator("#entry h2", has_text="Hand 4").wait_for()
            tap(page, "Renege")
            tap(page, "peek", within="#tool")
            players = page.locator("#tool .pad").nth(1).get_by_role("button").all_inner_texts()
            assert players == ["Ann"]  # only the player forced to bid blind can peek
            tap(page, "Ann", within="#tool")
            tap(page, "Record the renege", within="#tool")
            page.locator("#reply.ok", has_text="peek").wait_for()
        assert "renege (peek) by Ann" in sk("log")
    finally:
        code, _, err = server.stop()
        assert code == 0 and "Traceback" not in err, err
