"""The lead of a trick tapped on the scorer's phone, in headless Chromium at 390×844: a Decktet
card of two suits asks which one was led, offering only those the rules let it declare; a
suit not yet broken is led only by a leader who held nothing else, which the scorer taps to
say. Without them a trick could be recorded card by card only at the laptop (`--led`,
`--forced`)."""

from browser import needs_chromium, opened, tap

pytestmark = needs_chromium


def snakebit_after_one_trick(sk):
    """Snakebit (RULES §4), Ann deals, Bob leads; moons cursed, suns trump, neither to be
    declared led until broken. Trick 1, typed at the laptop: Bob leads the Author declared as
    knots and takes it (the only knots); Cat's Origin and Ann's Savage break waves, leaves and
    wyrms. Moons and suns are still unbroken, and Bob leads trick 2."""
    sk("new", "snakebit", "--players", "Ann,Bob,Cat")
    for line in [("cursed", "moons"), ("trump", "suns"), ("trick", "Author", "Origin", "Savage", "--led", "knots")]:
        sk(*line)


def test_a_two_suited_lead_of_unbroken_suits_asks_the_suit_and_whether_the_leader_held_nothing_else(
    sk, home, serving, chromium
):
    """Bob leads the Mountain (Moons/Suns): both unbroken, so either may be declared, and
    either needs Bob to have held nothing else. Sent without saying so, the trick is refused
    in the page's words; said, it is recorded as `trick … --led suns --forced` records it."""
    snakebit_after_one_trick(sk)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        assert page.locator("#entry", has_text="Which suit was led?").count() == 0  # no card yet
        for card in ("Mountain (4 Moons/Suns)", "Journey (3 Moons/Waves)", "Lunatic (6 Moons/Waves)"):
            tap(page, card)
        page.locator("#entry", has_text="Which suit was led?").wait_for()
        send = page.locator("#entry").get_by_role("button", name="Send trick", exact=True)
        assert send.is_disabled()  # the led suit is not said yet
        held = page.locator("#entry").get_by_role("button", name="Bob held nothing else", exact=True)
        assert held.count() == 0
        tap(page, "Suns")
        assert send.is_enabled() and held.count() == 1
        send.click()
        refusal = page.locator("#reply.refused", has_text="not broken")
        refusal.wait_for()
        assert refusal.inner_text() == (
            "refused: trump (suns) and the cursed suit (moons) are not broken yet, so Bob may not lead Mountain "
            "(4 Moons/Suns), unless every card Bob held bears only those suits: then tap “Bob held nothing else”"
        )
        assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "Author", "Origin", "Savage", "(led", "knots)"]
        tap(page, "Bob held nothing else")
        send.click()
        reply = page.locator("#reply.ok", has_text="trick 2 of 8")
        reply.wait_for()
        assert reply.inner_text().splitlines()[:2] == [
            "Hand 1, trick 2 of 8: Bob Mountain (4 Moons/Suns) Cat Journey (3 Moons/Waves) Ann Lunatic (6 Moons/Waves)",
            "Bob takes it — Mountain (4 Moons/Suns) wins: the only trump (suns).",
        ]
    last = sk("log").splitlines()[-1].split()  # the entry the command line makes, from the phone
    assert last[4:-1] == ["trick", "Mountain", "Journey", "Lunatic", "(led", "suns)", "(forced", "lead)", "from", "the", "phone"]


def test_a_two_suited_lead_with_one_suit_open_declares_that_one_without_asking(sk, home, serving, chromium):
    """Bob leads the Forest (Moons/Leaves): moons is unbroken, leaves open, so the Forest may be
    declared only as leaves: nothing is asked, and the trick goes as `--led leaves`."""
    snakebit_after_one_trick(sk)
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        greyed = page.locator("#entry .cards button:disabled").all_inner_texts()
        assert greyed == ["Author (2 Moons/Knots)", "Origin (2 Waves/Leaves)", "Savage (3 Leaves/Wyrms)"]  # trick 1's
        for card in ("Forest (5 Moons/Leaves)", "Sailor (4 Waves/Leaves)", "Mill (8 Waves/Leaves)"):
            tap(page, card)
        assert page.locator("#entry", has_text="Which suit was led?").count() == 0
        assert page.locator("#entry").get_by_role("button", name="Bob held nothing else", exact=True).count() == 0
        tap(page, "Send trick")
        reply = page.locator("#reply.ok", has_text="trick 2 of 8")
        reply.wait_for()
        assert reply.inner_text().splitlines()[1] == "Ann takes it — Mill (8 Waves/Leaves) wins: highest card bearing leaves; no trump played."
    assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "Forest", "Sailor", "Mill", "(led", "leaves)", "from", "the", "phone"]


def test_the_led_suit_is_asked_in_the_phones_language_by_the_suits_names(sk, home, serving, chromium):
    """On a German phone the question is German and a Decktet suit's button shows its German
    name alone ("Monde", not "Monde moons" as the suit buttons showed it)."""
    snakebit_after_one_trick(sk)
    server = serving()
    link, secret = server.scorer_url.split("#", 1)
    with opened(chromium) as page:
        page.goto(f"{link}?lang=de#{secret}")
        page.locator("#entry h2", has_text="Spiel 1: der nächste Stich").wait_for()
        page.locator('#entry button[title="Mountain"]').click()
        question = page.locator("#entry p", has_text="Welche Farbe wurde ausgespielt?")
        question.wait_for()
        offered = question.locator("xpath=following-sibling::div[1]").get_by_role("button")
        assert offered.all_inner_texts() == ["Monde", "Sonnen"]


def test_a_hand_with_nothing_of_its_play_in_is_begun_card_by_card_from_the_phone(sk, home, serving, chromium):
    """MrPikes' Oh Hell, three cards each, Ann deals and leads (RULES §1); trump and bids in.
    The tricks may go by totals or card by card: the phone offers both, and its first trick
    begins the hand card by card, as `trick QS 2S 3S` does; back to totals is one tap while
    no card is in. The cards played are greyed for the tricks after."""
    sk("new", "oh-hell-mrpikes", "--players", "Ann,Bob,Cat", "--dealer", "Ann",
       "--set", "sizes=fixed", "--set", "start=3", "--set", "hands=2")  # fmt: skip
    sk("trump", "hearts")
    sk("bid", "1", "1", "1")
    server = serving()
    with opened(chromium) as page:
        page.goto(server.scorer_url)
        page.locator("#entry h2", has_text="Hand 1: the tricks taken").wait_for()
        tap(page, "Card by card instead")
        page.locator("#entry", has_text="Ann leads. Tap the cards in the order played.").wait_for()
        assert page.locator("#entry h2").inner_text().startswith("Hand 1: the next trick")
        assert page.locator("#entry .player").count() == 0  # the tricks' pads are gone
        tap(page, "By totals instead")
        assert page.locator("#entry .player").count() == 3
        assert page.locator("#entry h2").inner_text().startswith("Hand 1: the tricks taken")
        tap(page, "Card by card instead")
        for card in ("Q♠", "2♠", "3♠"):
            tap(page, card)
        tap(page, "Send trick")
        reply = page.locator("#reply.ok", has_text="trick 1 of 3")
        reply.wait_for()
        assert reply.inner_text().splitlines()[:3] == [
            "Hand 1, trick 1 of 3: Ann Q♠ Bob 2♠ Cat 3♠",
            "Ann takes it — Q♠ wins: highest spade; no trump played.",
            "Ann leads trick 2.",
        ]
        page.locator("#entry h2", has_text="Hand 1: the next trick").wait_for()
        assert page.locator("#entry").get_by_role("button", name="By totals instead", exact=True).count() == 0
        greyed = page.locator("#entry .cards button:disabled").all_inner_texts()
        assert greyed == ["2♠", "3♠", "Q♠"]  # played in trick 1: each card is played once a hand
    assert sk("log").splitlines()[-1].split()[4:-1] == ["trick", "QS", "2S", "3S", "from", "the", "phone"]
